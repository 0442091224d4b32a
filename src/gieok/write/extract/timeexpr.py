"""W13: relative time expressions resolved against the turn's time ("last month", "지난달",
"다음 주 화요일", "in March", "작년 겨울").

``resolve_time(sentence, at, past=...)`` finds the first time expression in a sentence and
returns a ``When``: the resolved date at the precision the phrase has (``2026-05-19``,
``2026-03``, ``2025``) and the phrase itself, which the memory keeps. Month names and
weekdays without "next"/"last" are read by tense: "had surgery in February" (past) is the
last February, "starts school in March" (otherwise) the next March. Pure and deterministic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

_MONTHS_EN = ["january", "february", "march", "april", "may", "june", "july", "august",
              "september", "october", "november", "december"]
# an English month's name or its abbreviation, alternatives only (callers group it); the
# other readers of dates (trip_reply, trip_dates, correction) use this one
MONTH_NAMES = (r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
               r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?")
_DAYS_EN = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_DAYS_KO = "월화수목금토일"
# weekday names as chat writes them: "next Fri", "this thurs", "on sat" (the index is read
# from the first three letters)
_DAY_ALT = (r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|"
            r"thu(?:rs?)?|fri|sat|sun")
_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
             "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth"]
_ORDINALS += [f"twenty-{o}" for o in _ORDINALS[:9]] + ["thirtieth", "thirty-first"]
_ORD_ALT = "|".join(sorted((o.replace("-", r"[\s-]") for o in _ORDINALS), key=len, reverse=True))
# Korean native day counts: a closed class ("이틀 뒤", "열흘 뒤", "보름 뒤")
_NATIVE_DAYS = {"하루": 1, "이틀": 2, "사흘": 3, "나흘": 4, "닷새": 5, "엿새": 6, "이레": 7,
                "여드레": 8, "아흐레": 9, "열흘": 10, "보름": 15}
_SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12,
            "봄": 3, "여름": 6, "가을": 9, "겨울": 12}
_UNITS = {"day": "d", "days": "d", "week": "w", "weeks": "w", "month": "m", "months": "m",
          "year": "y", "years": "y", "wk": "w", "wks": "w", "mo": "m", "mos": "m", "yr": "y",
          "yrs": "y", "일": "d", "주": "w", "주일": "w", "달": "m", "개월": "m",
          "년": "y"}
_NUM_EN = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "ten": 10, "a few": 3, "few": 3, "a couple of": 2, "couple of": 2}
_NUM_KO = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8,
           "아홉": 9, "열": 10, "몇": 3}


@dataclass(frozen=True)
class When:
    """A resolved time: ``value`` is ``YYYY-MM-DD``, ``YYYY-MM`` or ``YYYY``."""

    value: str
    phrase: str
    past: bool

    def as_data(self) -> dict[str, str]:
        return {"when": self.value, "when_phrase": self.phrase}

    def start(self) -> datetime:
        parts = [int(p) for p in self.value.split("-")] + [1, 1]
        return datetime(parts[0], parts[1], parts[2])


def _ym(year: int, month: int) -> str:
    while month > 12:
        year, month = year + 1, month - 12
    while month < 1:
        year, month = year - 1, month + 12
    return f"{year:04d}-{month:02d}"


def _shift(at: date, unit: str, n: int) -> tuple[str, str]:
    """(value, precision) ``n`` units from ``at`` (negative: back)."""
    if unit == "d":
        return (at + timedelta(days=n)).isoformat(), "d"
    if unit == "w":
        monday = at - timedelta(days=at.weekday()) + timedelta(weeks=n)
        return monday.isoformat(), "d"
    if unit == "m":
        return _ym(at.year, at.month + n), "m"
    return f"{at.year + n:04d}", "y"


def _span(at: date, unit: str, n: int) -> str:
    """``n`` units from ``at`` as a span ("in two weeks", "3 weeks ago", "2주 뒤"): weeks
    count days, not calendar weeks."""
    if unit == "w":
        return (at + timedelta(days=7 * n)).isoformat()
    return _shift(at, unit, n)[0]


def _month_year(at: date, month: int, past: bool) -> int:
    if past:
        return at.year if month <= at.month else at.year - 1
    return at.year if month >= at.month else at.year + 1


def _weekday(at: date, index: int, which: str, past: bool) -> str:
    if which in ("next", "다음"):
        monday = at - timedelta(days=at.weekday()) + timedelta(weeks=1)
        return (monday + timedelta(days=index)).isoformat()
    if which in ("last", "지난"):
        monday = at - timedelta(days=at.weekday()) - timedelta(weeks=1)
        return (monday + timedelta(days=index)).isoformat()
    if which in ("this", "이번"):
        monday = at - timedelta(days=at.weekday())
        # "his birthday is this Friday" said on a Saturday: the Friday ahead, not the one gone
        ahead = not past and index < at.weekday()
        return (monday + timedelta(days=index, weeks=int(ahead))).isoformat()
    delta = (index - at.weekday()) % 7
    if past:
        return (at - timedelta(days=(at.weekday() - index) % 7 or 7)).isoformat()
    return (at + timedelta(days=delta or 7)).isoformat()


# what may follow a bare day of the month ("on the 14th, then…", "the 28th at 9am"): a word
# other than these makes it an ordinal of something ("on the 3rd floor", "for the 2nd time")
_AFTER_DAY = (r"(?!\s+(?!(?:at|and|or|so|but|then|because|cause|for|with|if|when|in|till|"
              r"until|to|from|lol|haha|btw|too|also|again|morning|afternoon|evening|night|"
              r"tonight|or\s+so)\b)[a-z])")
_EN = re.compile(
    r"\b(?P<rel>day\s+after\s+tomorrow|tomorrow|tmrw?|tmw|yesterday|today|tonight)\b|"
    r"\b(?:the\s+)?(?P<after>week(?:end)?|(?:" + _DAY_ALT + r"))\s+after\s+next\b|"
    r"\b(?P<part>early|mid|late|later)[\s-]+(?P<pwhich>this|next|last)\s+(?P<pwhat>week|month|"
    r"year)\b|"
    r"\b(?P<which>next|last|this(?:\s+coming)?|coming)\s+(?P<what>week(?:end)?|month|year|spring|"
    r"summer|fall|autumn|winter|" + _DAY_ALT + r")\b|"
    r"\b(?P<n>\d+|an?|one|two|three|four|five|six|ten|a\s+few|a\s+couple\s+of)\s+"
    r"(?P<unit>days?|weeks?|wks?|months?|mos?|years?|yrs?)\s+(?P<dir>ago|from\s+now|later)\b|"
    r"\b(?P<n3>an?|one|two|three|\d+)\s+(?P<unit3>days?|weeks?)\s+from\s+(?P<base>today|"
    r"tomorrow|" + _DAY_ALT + r")\b|"
    r"\bin\s+(?:(?P<n2>\d+|an?|one|two|three|four|five|six|ten|a\s+few|a\s+couple\s+of)\s+"
    r"(?P<unit2>days?|weeks?|wks?|months?|mos?|years?|yrs?)|(?P<fort>a\s+fortnight))\b|"
    rf"\b(?P<mon>{MONTH_NAMES})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\b|"
    rf"\b(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon2>{MONTH_NAMES})\b|"
    rf"\b(?:(?P<mwhich>this|next|last)|in|since|by|until|early|mid|late|end\s+of|the\s+end\s+of)"
    rf"[\s-]+(?:(?:early|mid|late)[\s-]+)?(?P<mon3>{MONTH_NAMES})\b|"
    r"\b(?:on\s+)?(?P<dayname>" + _DAY_ALT + r"),?\s+the\s+(?P<ddom>\d{1,2})(?:st|nd|rd|th)\b|"
    r"\b(?:on\s+)?(?P<day>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|"
    r"\bon\s+(?P<dayab>mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\b|"
    r"\b(?:in|since)\s+(?P<year>(?:19|20)\d{2})\b|"
    r"\b(?:(?P<xwhich>this|next|last)\s+|over\s+|on\s+|at\s+|for\s+)(?P<xmas>christmas)\b|"
    r"\b(?:(?:by|at|before|until|till|from)\s+)?(?:the\s+)?(?P<edge>end|beginning|start|middle)\s+"
    r"of\s+(?:the\s+|this\s+|(?P<ewhich>next|last)\s+)?(?P<endof>month|year)\b|"
    r"\b(?:on|is|was|until|till|til|by|before|after|from|through|thru|starting|since|due)\s+"
    r"the\s+(?P<dom>\d{1,2}(?:st|nd|rd|th)|" + _ORD_ALT + r")(?:\s+of\s+(?P<domwhich>this|next|"
    r"the)\s+month)?\b" + _AFTER_DAY,
    re.IGNORECASE,
)
# "다다음 주", "담주" (chat for 다음 주), "이달" (이번 달), "지지난주": how far from this one
_WHICH_KO = {"다다음": 2, "다음": 1, "담": 1, "이번": 0, "이": 0, "지난": -1, "저번": -1,
             "지지난": -2}
_DIR_KO = r"(?P<{}>전|후|뒤|있다가|있으면|지나서|지나면)"
# the days of the calendar that fall on one date every year ("어버이날에 담양 가려고": May 8)
_FIXED_DAYS_KO = {"어버이날": (5, 8), "어린이날": (5, 5), "스승의\\s?날": (5, 15),
                  "크리스마스\\s?이브": (12, 24), "크리스마스": (12, 25), "성탄절": (12, 25),
                  "한글날": (10, 9), "광복절": (8, 15), "현충일": (6, 6), "개천절": (10, 3),
                  "삼일절": (3, 1), "제헌절": (7, 17), "밸런타인\\s?데이": (2, 14),
                  "발렌타인\\s?데이": (2, 14), "화이트\\s?데이": (3, 14), "빼빼로\\s?데이": (11, 11)}
_KO = re.compile(
    r"(?P<rel>내일\s?모레|모레|글피|내일|오늘|어제|그제|그저께|엊그제)|"
    r"(?<![가-힣])(?P<which>다다음|다음|담|이번|지지난|지난|저번|이(?=\s?달))\s?"
    r"(?P<what>주말|주|달|해)(?![라란래랬려])(?:\s?(?P<wd>[월화수목금토일])(?:요일|욜)|\s?(?P<dd>\d{1,2})일|"
    r"\s?(?P<mp>초|중순|말))?|"
    r"(?P<mend>월말|월초)|"
    r"(?P<year>재작년|작년|올해|내년|내후년|올(?=\s?(?:봄|여름|가을|겨울)))\s?(?:(?P<season>봄|여름|가을|겨울)|"
    r"(?P<ym>\d{1,2})월(?:\s?(?P<yd>\d{1,2})일)?|(?P<yp>초|말))?|"
    r"(?P<sw>지난|이번|다음)\s?(?P<season2>봄|여름|가을|겨울)|"
    r"(?P<yearend>연말|연초)|"
    r"(?<![\d월])(?P<dom>\d{1,2})일(?:에|날|까지|부터)|"
    r"(?P<m>\d{1,2})월(?:\s?(?P<d>\d{1,2})일|\s?(?P<part>초|중순|말|첫째\s?주|둘째\s?주|셋째\s?주))?"
    r"(?:부터)?|"
    r"(?<![가-힣])(?P<wkend>주말)(?=에(?!는)|\s?(?:동안|내내))|"
    r"(?P<nat>" + "|".join(_NATIVE_DAYS) + r")\s?" + _DIR_KO.format("ndir") + "|"
    r"(?P<n>\d+|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|몇|일(?=\s?(?:주일|년)))\s?"
    r"(?P<unit>일|주일|주|달|개월|년)\s?" + _DIR_KO.format("dir") + "|"
    r"(?:(?<![가-힣])(?P<this>이번|다음|담|지난|저번)\s?(?:주\s?)?)?(?P<wd2>[월화수목금토일])(?:요일|욜)|"
    r"(?P<yr>(?:19|20)\d{2})년|"
    r"(?P<holiday>" + "|".join(_FIXED_DAYS_KO) + r")(?=$|[\s,.!~]|에|엔|때|까지|부터|쯤|은|는|도|이|을|를|전|후|당일|날)",
)


def _num(text: str) -> int:
    t = " ".join(text.lower().split())
    return int(t) if t.isdigit() else _NUM_EN.get(t, _NUM_KO.get(t, 1))


def _day_index(name: str) -> int:
    return next(i for i, day in enumerate(_DAYS_EN) if day.startswith(name.lower()[:3]))


def _ordinal(text: str) -> int:
    """"14th" → 14, "fifteenth" → 15, "twenty-first" → 21."""
    digits = re.match(r"\d+", text)
    if digits:
        return int(digits.group(0))
    return _ORDINALS.index(re.sub(r"\s+", "-", text.lower())) + 1


# the day of the month said right after "next month" ("next month on the 3rd", ", the 3rd")
_ON_DAY = re.compile(r",?\s+(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b", re.IGNORECASE)


def _en(m: re.Match[str], at: date, past: bool) -> str | None:
    g = m.groupdict()
    if g["rel"]:
        rel = g["rel"].lower()
        off = {"tomorrow": 1, "tmr": 1, "tmrw": 1, "tmw": 1, "yesterday": -1, "today": 0,
               "tonight": 0}.get(rel, 2)
        return (at + timedelta(days=off)).isoformat()
    if g["after"]:  # "the weekend after next", "the Friday after next"
        what = g["after"].lower()
        index = 5 if what.startswith("weekend") else 0 if what == "week" else _day_index(what)
        monday = at - timedelta(days=at.weekday()) + timedelta(weeks=2)
        return (monday + timedelta(days=index)).isoformat()
    if g["part"]:  # "later this month", "early next year", "mid-next week"
        step = {"next": 1, "last": -1, "this": 0}[g["pwhich"].lower()]
        return _shift(at, {"week": "w", "month": "m", "year": "y"}[g["pwhat"].lower()], step)[0]
    if g["which"]:
        which = g["which"].lower().split()[0].replace("coming", "this")
        what = g["what"].lower()
        step = {"next": 1, "last": -1, "this": 0}[which]
        if what in _SEASONS:
            if which == "last":  # the last one begun: "last spring" said in October
                month = _SEASONS[what]
                return _ym(at.year if month < at.month else at.year - 1, month)
            return _ym(at.year + step, _SEASONS[what])
        if what == "weekend":
            return _weekday(at, 5, which, past)
        on = _ON_DAY.match(m.string, m.end()) if what == "month" else None
        if on is not None and 1 <= int(on.group(1)) <= 31:  # "next month on the 3rd"
            return f"{_ym(at.year, at.month + step)}-{int(on.group(1)):02d}"
        if what in ("week", "month", "year"):
            return _shift(at, {"week": "w", "month": "m", "year": "y"}[what], step)[0]
        return _weekday(at, _day_index(what), which, past)
    if g["unit"]:
        n = _num(g["n"]) * (-1 if g["dir"].lower() == "ago" else 1)
        return _span(at, _UNITS[g["unit"].lower()], n)
    if g["unit3"]:  # "a week from Saturday", "two days from tomorrow"
        base = g["base"].lower()
        start = at + timedelta(days=1) if base.startswith("tom") else at if base == "today" \
            else date.fromisoformat(_weekday(at, _day_index(base), "", False))
        days = _num(g["n3"]) * (7 if g["unit3"].lower().startswith("week") else 1)
        return (start + timedelta(days=days)).isoformat()
    if g["unit2"]:
        return _span(at, _UNITS[g["unit2"].lower()], _num(g["n2"]))
    if g["fort"]:
        return _span(at, "w", 2)
    mon = g["mon"] or g["mon2"] or g["mon3"]
    if mon:
        month = next(i for i, name in enumerate(_MONTHS_EN, 1) if name.startswith(mon.lower()[:3]))
        which = (g["mwhich"] or "").lower()
        if which and mon == "may":
            return None  # "this may be it": the verb, not the month
        if which == "this":  # "this October": the current year's
            year = at.year
        elif which == "next":  # "next March": the first one after this month
            year = at.year if month > at.month else at.year + 1
        elif which == "last":
            year = at.year if month < at.month else at.year - 1
        else:
            year = _month_year(at, month, past)
        day = g["d"] or g["d2"]
        return f"{_ym(year, month)}-{int(day):02d}" if day else _ym(year, month)
    if g["ddom"]:  # "Saturday the 18th": the day of the month decides
        return _day_of_month(at, int(g["ddom"]), past)
    day = g["day"] or g["dayab"]
    if day:
        if re.search(r"\b(?:every|each)\s+$", m.string[: m.start()], re.IGNORECASE):
            return None  # "we deploy every Thursday": a routine, not a date
        return _weekday(at, _day_index(day), "", past)
    if g["year"]:
        return g["year"]
    if g["xmas"]:
        step = {"next": 1, "last": -1}.get((g["xwhich"] or "").lower(), 0)
        if not step and past and not g["xwhich"]:
            step = -1 if at.month < 12 or at.day < 25 else 0
        return f"{at.year + step}-12-25"
    if g["endof"]:
        step = {"next": 1, "last": -1}.get((g["ewhich"] or "").lower(), 0)
        if g["endof"].lower() == "month":
            return _ym(at.year, at.month + step)
        return f"{at.year + step}-{'01' if g['edge'].lower() in ('beginning', 'start') else '12'}"
    if g["dom"]:
        day_of = _ordinal(g["dom"])
        which = (g["domwhich"] or "").lower()
        if which in ("this", "next"):  # "the 2nd of next month"
            return f"{_ym(at.year, at.month + (which == 'next'))}-{day_of:02d}" \
                if 1 <= day_of <= 31 else None
        return _day_of_month(at, day_of, past)
    return None


def _day_of_month(at: date, day: int, past: bool) -> str | None:
    """"on the 15th", "15일에": this month's if it is still ahead (or behind, for the past),
    else the next (or previous) month's."""
    if not 1 <= day <= 31:
        return None
    if past:
        month = at.month if day <= at.day else at.month - 1
    else:
        month = at.month if day >= at.day else at.month + 1
    return f"{_ym(at.year, month)}-{day:02d}"


_HABIT_KO = re.compile(r"보통|주로|항상|(?<!오)늘|매주|마다|맨날")


def _week_of(at: date, step: int, index: int) -> str:
    """Day ``index`` (0 = Monday) of the week ``step`` weeks from this one."""
    monday = at - timedelta(days=at.weekday()) + timedelta(weeks=step)
    return (monday + timedelta(days=index)).isoformat()


def _ko(m: re.Match[str], at: date, past: bool) -> str | None:
    g = m.groupdict()
    if g["holiday"]:  # the next one ahead, or the last one gone when said in the past
        month, day = next(v for k, v in _FIXED_DAYS_KO.items() if re.fullmatch(k, g["holiday"]))
        past = past and not re.match(r"\s?(?:이\s?)?(?:전|前)", m.string[m.end():])  # "… 전에": before
        year = at.year + (0 if (month, day) >= (at.month, at.day) else 1) if not past \
            else at.year - (0 if (month, day) <= (at.month, at.day) else 1)
        return f"{year}-{month:02d}-{day:02d}"
    if g["rel"]:
        off = {"모레": 2, "글피": 3, "내일": 1, "오늘": 0, "어제": -1, "그제": -2, "그저께": -2,
               "엊그제": -2}.get(g["rel"], 2)  # "내일모레" (also "내일 모레"): the day after tomorrow
        return (at + timedelta(days=off)).isoformat()
    if g["which"]:
        step = _WHICH_KO[g["which"]]
        what = g["what"]
        if g["wd"]:
            return _week_of(at, step, _DAYS_KO.index(g["wd"]))
        if what == "주말":
            return _week_of(at, step, 5)
        if what == "달" and g["dd"]:
            return f"{_ym(at.year, at.month + step)}-{int(g['dd']):02d}"
        if what == "해" and g["mp"]:  # "다음 해 초"
            return f"{at.year + step:04d}-{'01' if g['mp'] == '초' else '12'}"
        return _shift(at, {"주": "w", "달": "m", "해": "y"}[what], step)[0]
    if g["mend"]:  # "월말에", "월초에": this month's
        return _ym(at.year, at.month)
    if g["year"]:
        step = {"작년": -1, "올해": 0, "올": 0, "내년": 1, "재작년": -2, "내후년": 2}[g["year"]]
        if g["season"]:
            return _ym(at.year + step, _SEASONS[g["season"]])
        if g["ym"] and 1 <= int(g["ym"]) <= 12:  # "내년 3월", "작년 10월 3일"
            month = _ym(at.year + step, int(g["ym"]))
            return f"{month}-{int(g['yd']):02d}" if g["yd"] else month
        if g["yp"]:  # "올해 말", "내년 초"
            return f"{at.year + step:04d}-{'01' if g['yp'] == '초' else '12'}"
        return f"{at.year + step:04d}"
    if g["m"]:
        month = int(g["m"])
        if not 1 <= month <= 12:
            return None
        year = _month_year(at, month, past)
        return f"{_ym(year, month)}-{int(g['d']):02d}" if g["d"] else _ym(year, month)
    if g["wkend"]:  # "주말에 시댁 가요": the coming one — not a habit ("보통 주말에")
        if _HABIT_KO.search(m.string):
            return None
        return _weekday(at, 5, "", past)
    if g["nat"]:  # "열흘 뒤", "보름 있다가", "이틀 전"
        sign = -1 if g["ndir"] == "전" else 1
        return (at + timedelta(days=sign * _NATIVE_DAYS[g["nat"]])).isoformat()
    if g["unit"]:
        sign = -1 if g["dir"] == "전" else 1
        return _span(at, _UNITS[g["unit"]], sign * (1 if g["n"] == "일" else _num(g["n"])))
    if g["season2"]:
        month = _SEASONS[g["season2"]]
        if g["sw"] == "지난":
            year = at.year if month < at.month else at.year - 1
        elif g["sw"] == "다음":
            year = at.year if month > at.month else at.year + 1
        else:
            year = at.year
        return _ym(year, month)
    if g["yearend"]:
        return f"{at.year}-12" if g["yearend"] == "연말" else f"{at.year}-01"
    if g["dom"]:
        return _day_of_month(at, int(g["dom"]), past)
    if g["wd2"]:
        if g["this"]:  # "다음 토요일", "이번 금욜": the week said decides
            return _week_of(at, _WHICH_KO[g["this"]], _DAYS_KO.index(g["wd2"]))
        return _weekday(at, _DAYS_KO.index(g["wd2"]), "", past)
    if g["yr"]:
        return g["yr"]
    return None


_PAST_EN = re.compile(r"\b(?:was|were|had|did|got|went|ago|last|yesterday|moved|started|"
                      r"adopted|passed|diagnosed|removed|tore|bought|married|promoted|\w+ed|"
                      # irregular past forms, a closed class ("we split up in June")
                      r"split|broke|quit|met|lost|found|began|became|came|sold|ran|won|"
                      r"fell|felt|kept|paid|said|told|thought|brought|caught|wrote|drove|ate|"
                      r"gave|saw|flew|grew|knew|spent|sent|built|slept|woke|swam|took|made)\b",
                      re.IGNORECASE)
# "will", "going to", and the present progressive of an arrangement ("I'm getting married on
# October 17", "we're flying out in May"): a date after it is ahead
_FUTURE_EN = re.compile(r"\b(?:will|going\s+to|next|tomorrow|plan|planning|due|starts?|"
                        r"upcoming|soon|'ll|(?:am|is|are|['’]m|['’]re|['’]s)\s+(?:\w+ly\s+)?"
                        r"(?:getting|having|flying|leaving|moving|starting|visiting|going|"
                        r"coming|taking|doing|running|traveling|travelling|heading|meeting|"
                        r"seeing|throwing|hosting))\b|"
                        # a date an arrangement was set to ("booked it for March 12", "moved
                        # to the 9th"): the arrangement is past, the date it names is ahead
                        r"\b(?:booked|scheduled|set|moved|pushed|postponed|rescheduled|bumped|"
                        r"changed|fixed)\s+(?:\w+\s+){0,3}?(?:for|to|till|until)\s+"
                        r"(?:the\s+)?(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|"
                        r"tue|wed|thu|fri|sat|sun)", re.IGNORECASE)
_PAST_KO = re.compile(r"[었았였했갔왔됐났봤샀줬랐렀웠켰셨쳤]|지난|작년|어제|전에|예전")
# "-기로 했다" (decided to) and "-ㄹ 거" are plans however they are conjugated
_FUTURE_KO = re.compile(r"다음|내일|모레|내년|예정|계획|거야|거예요|려고|할게|갈게|건데|기로\s?(?:했|함|해)|"
                        r"[을할갈볼올]\s?거(?:야|예요|에요|다|고|라)|"
                        # the date an arrangement was set or moved to ("3월 12일로 잡았어",
                        # "26일로 밀림"): ahead, however the arrangement is conjugated
                        r"일\s?(?:으로|로)\s?(?:\S+\s)?(?:잡|예약|미뤄|미뤘|미룸|밀렸|밀림|밀려|옮|바꿨|바뀌|"
                        r"변경|정했|정함|당겨|당겼|연기)|"
                        # the date said first, then what was set for it ("4월 18일에 결혼식
                        # 잡았어", said in January): the event's date, ahead
                        r"\d{1,2}\s?일\s?(?:에|로|으로)?\s(?:[가-힣A-Za-z]+\s){0,2}?(?:날짜\s?)?(?:잡았|잡음|잡혔|예약했|예약함)")


def is_past(sentence: str) -> bool:
    """Rough tense: the sentence talks about the past (and not about a future plan)."""
    if _FUTURE_EN.search(sentence) or _FUTURE_KO.search(sentence):
        return bool(re.search(r"\bago\b|지난|작년|어제", sentence))
    return bool(_PAST_EN.search(sentence) or _PAST_KO.search(sentence))


def _tense(text: str) -> bool | None:
    """True (past), False (ahead) or None (the text says neither)."""
    if _FUTURE_EN.search(text) or _FUTURE_KO.search(text):
        return bool(re.search(r"\bago\b|지난|작년|어제", text))
    return True if _PAST_EN.search(text) or _PAST_KO.search(text) else None


# where one clause ends and the next begins: "tore my ACL in july, surgery is on the 9th of
# next month" — each date is read in the tense of its own clause
_CLAUSE_END = re.compile(r"[,;.!?]|\s(?:and|but|so|then)\s|는데|지만|(?<=[었았였했])고\s")
_HANGUL_CHAR = re.compile(r"[가-힣ㄱ-ㅎㅏ-ㅣ]")


def _clause_past(sentence: str, start: int, end: int) -> bool:
    cuts = [m for m in _CLAUSE_END.finditer(sentence)]
    left = max((m.end() for m in cuts if m.end() <= start), default=0)
    right = min((m.start() for m in cuts if m.start() >= end), default=len(sentence))
    tense = _tense(sentence[left:right])
    return is_past(sentence) if tense is None else tense


def resolve_time(sentence: str, at: datetime | None) -> When | None:
    """The time expression ``sentence`` dates its fact by, resolved against ``at`` (None if
    none): the first one in the sentence — unless it is behind the turn and a later one is
    ahead ("tore my ACL in july, surgery is on the 9th of next month": the memory is dated
    by what is coming) — and a bare weekday only when no other date is said with it."""
    if at is None:
        return None
    day = at.date()
    # English words glued to Korean particles ("next Saturday라서"): Hangul reads as a space
    masked = _HANGUL_CHAR.sub(" ", sentence)
    found: list[tuple[int, When, bool]] = []
    for pattern, read, text in ((_KO, _ko, sentence), (_EN, _en, masked)):
        for match in pattern.finditer(text):
            past = _clause_past(sentence, match.start(), match.end()) \
                or _since(sentence, match)
            value = read(match, day, past)
            if value:
                when = When(value=value, phrase=sentence[match.start():match.end()].strip(),
                            past=value < day.isoformat()[: len(value)])
                found.append((match.start(), when, _bare_weekday(match)))
    found.sort(key=lambda f: f[0])
    dated = [w for _, w, bare in found if not bare]
    if not dated:
        return found[0][1] if found else None
    ahead = next((w for w in dated[1:] if not w.past and w.value > day.isoformat()), None)
    return ahead if dated[0].past and ahead is not None else dated[0]


# "since September", "9월부터 배우고 있어": a start that is already behind (the aspect is
# ongoing), so the month is the last one, not the next
_ONGOING = re.compile(r"고\s?있|는\s?중|\b(?:have|has|['’]ve|['’]s)\s+been\b", re.IGNORECASE)


def _since(sentence: str, match: re.Match[str]) -> bool:
    if re.match(r"since\b", match.group(0), re.IGNORECASE) \
            or re.search(r"\bsince\s+$", sentence[: match.start()], re.IGNORECASE):
        return True
    return match.group(0).endswith("부터") and _ONGOING.search(sentence) is not None \
        and not _FUTURE_KO.search(sentence)


def _bare_weekday(match: re.Match[str]) -> bool:
    groups = match.groupdict()
    return bool(groups.get("day") or (groups.get("wd2") and not groups.get("this")))
