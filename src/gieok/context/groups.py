"""A request about a group of people reaches the memories of its members (issue 14 §2).

"plan a weekend for my family", "이번 주말에 가족이랑 뭐 하지?", "draft the sprint plan for my
team": the request is about the people, but their memories ("User's husband Dev is a nurse",
"User has a 4 yo named Kabir", "사용자의 딸 서연이는 7살") share no word with it, and their
relevance stays under the memories' floor (a new-user trial: 0.237 under 0.25). A group is
read from the request only where it is the user's own — "my/our family", "the kids",
"가족이랑", "우리 팀" — never "a family of ducks", "font family" or "team building tips"; a
member is read from a memory by the word that names the relation ("husband", "아들",
"teammate", "후배") or, for children, an age ("4 yo", "7살").

Members come from the request's own search and from one full-text search for the group's
relation words (``member_query``: no embedding), so a user with hundreds of memories still has
them found; a person named only by name ("Raj does backend") is not found this way.
"""

from __future__ import annotations

import re

# group -> the request's words that name it as the user's own
_EN_OWN = r"(?:my|our|the)\s+(?:whole\s+|little\s+|two\s+|three\s+)?"
_QUERY: dict[str, re.Pattern[str]] = {
    "family": re.compile(
        rf"\b{_EN_OWN}(?:family|families|folks|household|relatives|in-laws)\b"
        r"(?!\s+(?:of|name|tree|law|doctor|style))"
        r"|\bfamily\s+(?:trip|vacation|holiday|weekend|outing|dinner|day|time|gathering)\b"
        r"|\bwith\s+(?:my|the)\s+family\b"
        r"|가족(?!\s*(?:영화|드라마|관계|사진관|법))|식구|온\s*가족", re.IGNORECASE),
    "kids": re.compile(
        rf"\b{_EN_OWN}(?:kids?|children|child|boys|girls|little\s+ones|toddlers?|babies)\b"
        r"|(?:우리\s*)?(?:아이들|애들|아이랑|아이와|아이한테|아이가|아이에게|자녀|우리\s*애)", re.IGNORECASE),
    "parents": re.compile(
        rf"\b{_EN_OWN}(?:parents|mom\s+and\s+dad|folks)\b|부모님|엄마\s*아빠|양가", re.IGNORECASE),
    "team": re.compile(
        rf"\b{_EN_OWN}(?:team|squad|teammates|coworkers|colleagues|reports|staff|crew)\b"
        r"|(?:우리|저희)\s*팀|팀원|팀\s*(?:회식|사람|동료|점심|저녁|모임|회의)"
        r"|팀(?:이랑|하고|한테|에게|원들)|동료들", re.IGNORECASE),
}
# group -> the words a member's memory names the relation by
_KIN_EN = (r"husband|wife|spouse|partner|fianc[eé]e?|son|sons|daughters?|kids?|children|child"
           r"|baby|toddler|mom|mum|mother|dad|father|parents|sisters?|brothers?|siblings?"
           r"|grand(?:ma|pa|mother|father|parents)|aunt|uncle|cousins?|nieces?|nephews?"
           r"|in-laws?|twins")
_KIN_KO = (r"남편|아내|와이프|신랑|딸(?!기)|아들|아이(?=[들가는를랑와한에의도이]|\s|$)|애기|아기|자녀|엄마|아빠|어머니|아버지|부모님"
           r"|동생|오빠|언니|누나|형(?![태식성])|할머니|할아버지|시어머니|시아버지|장모|장인|사촌"
           r"|조카|쌍둥이|시댁|처가")
_AGE = r"\b\d{1,2}\s*(?:yo|y/o|year[- ]olds?|years?\s+old|months?\s+old)\b|\d{1,2}\s*살|\d{1,2}\s*개월"
_CHILD_EN = r"son|sons|daughters?|kids?|children|child|baby|toddler|twins"
_CHILD_KO = r"딸(?!기)|아들|아이(?=[들가는를랑와한에의도이]|\s|$)|애기|아기|자녀|쌍둥이|어린이집|유치원"
_PARENT_EN = r"mom|mum|mother|dad|father|parents"
_PARENT_KO = r"엄마|아빠|어머니|아버지|부모님"
_TEAM_EN = (r"team|teammates?|coworkers?|colleagues?|manager|boss|tech\s+lead|lead|junior|senior"
            r"|new\s+hire|intern|reports?|QA|engineers?|developers?|designers?|PM")
_TEAM_KO = r"팀장|팀원|부장|과장|대리|차장|사수|후배|선배|동료|신입|상사|인턴|팀"


def _words(en: str, ko: str, extra: str = "") -> re.Pattern[str]:
    pattern = rf"\b(?:{en})\b|(?:{ko})" + (f"|{extra}" if extra else "")
    return re.compile(pattern, re.IGNORECASE)


_MEMBER: dict[str, re.Pattern[str]] = {
    "family": _words(_KIN_EN, _KIN_KO, _AGE),
    "kids": _words(_CHILD_EN, _CHILD_KO, _AGE),
    "parents": _words(_PARENT_EN, _PARENT_KO),
    "team": _words(_TEAM_EN, _TEAM_KO),
}


def named_groups(query: str) -> frozenset[str]:
    """The groups of the user's own people that ``query`` is about."""
    return frozenset(name for name, cue in _QUERY.items() if cue.search(query))


def names_member(text: str, groups: frozenset[str]) -> bool:
    """Whether ``text`` (a memory) is about a member of one of ``groups``."""
    return any(_MEMBER[g].search(text) for g in groups)


_MEMBER_WORDS: dict[str, str] = {
    "family": "husband wife partner son daughter kids children baby mom mother dad father "
              "parents sister brother grandma grandpa twins yo year-old 남편 아내 와이프 딸 "
              "아들 아이 아기 엄마 아빠 어머니 아버지 부모님 동생 오빠 언니 누나 형 할머니 "
              "할아버지 살",
    "kids": "son daughter kids children child baby toddler twins yo year-old 딸 아들 아이 아기 자녀 "
            "어린이집 유치원 살",
    "parents": "mom mother dad father parents 엄마 아빠 어머니 아버지 부모님",
    "team": "team teammate coworker colleague manager boss lead junior senior hire intern "
            "팀장 팀원 부장 과장 대리 사수 후배 선배 동료 신입 상사",
}


def member_query(groups: frozenset[str]) -> str:
    """The relation words of ``groups``, as one full-text query."""
    return " ".join(_MEMBER_WORDS[g] for g in sorted(groups))
