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
_MON_ALT = (r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
            r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?")
_DAYS_EN = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_DAYS_KO = "월화수목금토일"
_SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12,
            "봄": 3, "여름": 6, "가을": 9, "겨울": 12}
_UNITS = {"day": "d", "days": "d", "week": "w", "weeks": "w", "month": "m", "months": "m",
          "year": "y", "years": "y", "일": "d", "주": "w", "주일": "w", "달": "m", "개월": "m",
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
        return (monday + timedelta(days=index)).isoformat()
    delta = (index - at.weekday()) % 7
    if past:
        return (at - timedelta(days=(at.weekday() - index) % 7 or 7)).isoformat()
    return (at + timedelta(days=delta or 7)).isoformat()


_EN = re.compile(
    r"\b(?P<rel>day\s+after\s+tomorrow|tomorrow|yesterday|today|tonight)\b|"
    r"\b(?P<which>next|last|this)\s+(?P<what>week(?:end)?|month|year|spring|summer|fall|autumn|"
    r"winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|"
    r"\b(?P<n>\d+|an?|one|two|three|four|five|six|ten|a\s+few|a\s+couple\s+of)\s+"
    r"(?P<unit>days?|weeks?|months?|years?)\s+(?P<dir>ago|from\s+now|later)\b|"
    r"\bin\s+(?P<n2>\d+|an?|one|two|three|four|five|six|ten|a\s+few)\s+(?P<unit2>days?|weeks?|"
    r"months?|years?)\b|"
    rf"\b(?P<mon>{_MON_ALT})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\b|"
    rf"\b(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon2>{_MON_ALT})\b|"
    rf"\b(?:(?P<mwhich>this|next|last)|in|since|by|until|early|mid|late|end\s+of|the\s+end\s+of)"
    rf"\s+(?:(?:early|mid|late)\s+)?(?P<mon3>{_MON_ALT})\b|"
    r"\b(?:on\s+)?(?P<day>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|"
    r"\b(?:in|since)\s+(?P<year>(?:19|20)\d{2})\b|"
    r"\b(?:(?P<xwhich>this|next|last)\s+|over\s+|on\s+|at\s+|for\s+)(?P<xmas>christmas)\b|"
    r"\b(?:by\s+|at\s+|before\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(?P<endof>month|year)\b|"
    r"(?:\bon\s+|(?<=day)\s+|(?<=day,)\s+)the\s+(?P<dom>\d{1,2})(?:st|nd|rd|th)\b",
    re.IGNORECASE,
)
_KO = re.compile(
    r"(?P<rel>내일\s?모레|모레|내일|오늘|어제|그제|그저께|엊그제)|"
    r"(?P<which>다음|이번|지난|저번)\s?(?P<what>주말|주|달|해)(?:\s?(?P<wd>[월화수목금토일])요일|"
    r"\s?(?P<dd>\d{1,2})일)?|"
    r"(?P<year>재작년|작년|올해|내년|내후년|올(?=\s?(?:봄|여름|가을|겨울)))\s?(?:(?P<season>봄|여름|가을|겨울)|"
    r"(?P<ym>\d{1,2})월(?:\s?(?P<yd>\d{1,2})일)?)?|"
    r"(?P<sw>지난|이번|다음)\s?(?P<season2>봄|여름|가을|겨울)|"
    r"(?P<yearend>연말|연초)|"
    r"(?<![\d월])(?P<dom>\d{1,2})일(?:에|날|까지|부터)|"
    r"(?P<m>\d{1,2})월(?:\s?(?P<d>\d{1,2})일|\s?(?P<part>초|중순|말|첫째\s?주|둘째\s?주|셋째\s?주))?|"
    r"(?P<n>\d+|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|몇)\s?(?P<unit>일|주일|주|달|개월|년)\s?"
    r"(?P<dir>전|후|뒤)|"
    r"(?:(?P<this>이번|다음)\s?주\s?)?(?P<wd2>[월화수목금토일])요일|"
    r"(?P<yr>(?:19|20)\d{2})년",
)


def _num(text: str) -> int:
    t = " ".join(text.lower().split())
    return int(t) if t.isdigit() else _NUM_EN.get(t, _NUM_KO.get(t, 1))


def _en(m: re.Match[str], at: date, past: bool) -> str | None:
    g = m.groupdict()
    if g["rel"]:
        rel = g["rel"].lower()
        off = {"tomorrow": 1, "yesterday": -1, "today": 0, "tonight": 0}.get(rel, 2)
        return (at + timedelta(days=off)).isoformat()
    if g["which"]:
        which, what = g["which"].lower(), g["what"].lower()
        step = {"next": 1, "last": -1, "this": 0}[which]
        if what in _DAYS_EN:
            return _weekday(at, _DAYS_EN.index(what), which, past)
        if what in _SEASONS:
            year = at.year + step if step else at.year
            return _ym(year, _SEASONS[what])
        if what == "weekend":
            return _weekday(at, 5, which if which != "this" else "this", past)
        return _shift(at, {"week": "w", "month": "m", "year": "y"}[what], step)[0]
    if g["unit"]:
        n = _num(g["n"]) * (-1 if g["dir"].lower() == "ago" else 1)
        return _span(at, _UNITS[g["unit"].lower()], n)
    if g["unit2"]:
        return _span(at, _UNITS[g["unit2"].lower()], _num(g["n2"]))
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
    if g["day"]:
        if re.search(r"\b(?:every|each)\s+$", m.string[: m.start()], re.IGNORECASE):
            return None  # "we deploy every Thursday": a routine, not a date
        return _weekday(at, _DAYS_EN.index(g["day"].lower()), "", past)
    if g["year"]:
        return g["year"]
    if g["xmas"]:
        step = {"next": 1, "last": -1}.get((g["xwhich"] or "").lower(), 0)
        if not step and past and not g["xwhich"]:
            step = -1 if at.month < 12 or at.day < 25 else 0
        return f"{at.year + step}-12-25"
    if g["endof"]:
        return _ym(at.year, at.month) if g["endof"].lower() == "month" else f"{at.year}-12"
    if g["dom"]:
        return _day_of_month(at, int(g["dom"]), past)
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


def _ko(m: re.Match[str], at: date, past: bool) -> str | None:
    g = m.groupdict()
    if g["rel"]:
        off = {"모레": 2, "내일": 1, "오늘": 0, "어제": -1, "그제": -2, "그저께": -2,
               "엊그제": -2}.get(g["rel"], 2)  # "내일모레" (also "내일 모레"): the day after tomorrow
        return (at + timedelta(days=off)).isoformat()
    if g["which"]:
        step = {"다음": 1, "이번": 0, "지난": -1, "저번": -1}[g["which"]]
        what = g["what"]
        if g["wd"]:
            return _weekday(at, _DAYS_KO.index(g["wd"]), g["which"].replace("저번", "지난"), past)
        if what == "주말":
            return _weekday(at, 5, g["which"].replace("저번", "지난"), past)
        if what == "달" and g["dd"]:
            return f"{_ym(at.year, at.month + step)}-{int(g['dd']):02d}"
        return _shift(at, {"주": "w", "달": "m", "해": "y"}[what], step)[0]
    if g["year"]:
        step = {"작년": -1, "올해": 0, "올": 0, "내년": 1, "재작년": -2, "내후년": 2}[g["year"]]
        if g["season"]:
            return _ym(at.year + step, _SEASONS[g["season"]])
        if g["ym"] and 1 <= int(g["ym"]) <= 12:  # "내년 3월", "작년 10월 3일"
            month = _ym(at.year + step, int(g["ym"]))
            return f"{month}-{int(g['yd']):02d}" if g["yd"] else month
        return f"{at.year + step:04d}"
    if g["m"]:
        month = int(g["m"])
        if not 1 <= month <= 12:
            return None
        year = _month_year(at, month, past)
        return f"{_ym(year, month)}-{int(g['d']):02d}" if g["d"] else _ym(year, month)
    if g["unit"]:
        sign = -1 if g["dir"] == "전" else 1
        return _span(at, _UNITS[g["unit"]], sign * _num(g["n"]))
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
        return _weekday(at, _DAYS_KO.index(g["wd2"]), g["this"] or "", past)
    if g["yr"]:
        return g["yr"]
    return None


_PAST_EN = re.compile(r"\b(?:was|were|had|did|got|went|ago|last|yesterday|moved|started|"
                      r"adopted|passed|diagnosed|removed|tore|bought|married|promoted|\w+ed)\b",
                      re.IGNORECASE)
# "will", "going to", and the present progressive of an arrangement ("I'm getting married on
# October 17", "we're flying out in May"): a date after it is ahead
_FUTURE_EN = re.compile(r"\b(?:will|going\s+to|next|tomorrow|plan|planning|due|starts?|"
                        r"upcoming|soon|'ll|(?:am|is|are|['’]m|['’]re|['’]s)\s+(?:\w+ly\s+)?"
                        r"(?:getting|having|flying|leaving|moving|starting|visiting|going|"
                        r"coming|taking|doing|running|traveling|travelling|heading|meeting|"
                        r"seeing|throwing|hosting))\b", re.IGNORECASE)
_PAST_KO = re.compile(r"[었았였했갔왔됐났봤샀줬랐렀웠켰셨쳤]|지난|작년|어제|전에|예전")
# "-기로 했다" (decided to) and "-ㄹ 거" are plans however they are conjugated
_FUTURE_KO = re.compile(r"다음|내일|모레|내년|예정|계획|거야|거예요|려고|할게|갈게|건데|기로\s?(?:했|함|해)|"
                        r"[을할갈볼올]\s?거(?:야|예요|에요|다|고|라)")


def is_past(sentence: str) -> bool:
    """Rough tense: the sentence talks about the past (and not about a future plan)."""
    if _FUTURE_EN.search(sentence) or _FUTURE_KO.search(sentence):
        return bool(re.search(r"\bago\b|지난|작년|어제", sentence))
    return bool(_PAST_EN.search(sentence) or _PAST_KO.search(sentence))


def resolve_time(sentence: str, at: datetime | None) -> When | None:
    """The first time expression in ``sentence`` resolved against ``at`` (None if none)."""
    if at is None:
        return None
    past = is_past(sentence)
    day = at.date()
    weekday: When | None = None
    for pattern, read in ((_KO, _ko), (_EN, _en)):
        for match in pattern.finditer(sentence):
            value = read(match, day, past)
            if value:
                found = When(value=value, phrase=match.group(0).strip(),
                             past=value < day.isoformat()[: len(value)])
                if not _bare_weekday(match):
                    return found
                # "Tuesday, Dec 8" / "Monday the 8th": the date said with it decides
                weekday = weekday or found
    return weekday


def _bare_weekday(match: re.Match[str]) -> bool:
    groups = match.groupdict()
    return bool(groups.get("day") or (groups.get("wd2") and not groups.get("this")))
