"""How a memory reads once a thing it names was renamed or corrected ("Phoenix got renamed
to Atlas", "하남 아니고 남양주 다산"): which words of the old memory the new name replaces,
and the Korean copula the new name takes. Used by reconciliation's rename; pure text.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL



def with_copula(content: str, name: str) -> str:
    """"매일 9시다" renamed to "7시 반" reads "7시 반이다": after a syllable with a final
    consonant the Korean copula is 이다 (이에요, 이야), not the bare ending the old value took."""
    last = name[-1:] if name else ""
    if not _HANGUL.fullmatch(last) or (ord(last) - 0xAC00) % 28 == 0:
        return content
    return re.sub(rf"(?<={re.escape(name)})(?=(?:다|예요|야)(?:[\s.,!?]|$))", "이", content)


def old_phrase(content: str, old_name: str, new_name: str) -> re.Pattern[str]:
    """What the new name replaces in ``content``: the old name — and, for a Korean place
    said in more words than the old one ("하남" corrected to "남양주 다산" in "하남 미사 쪽
    전세"), as many bare words after it as the new name has (the old address phrase)."""
    extra = len(new_name.split()) - len(old_name.split())
    if extra > 0 and _HANGUL.search(old_name):
        m = re.search(rf"{re.escape(old_name)}((?:\s[가-힣A-Za-z0-9]{{1,8}}(?<![은는이가을를에의도로와과])"
                      rf"(?=\s[가-힣]{{1,2}}(?:\s|$)|\s|$)){{1,{extra}}})", content)
        if m is not None and len(m.group(1).split()) == extra:
            return re.compile(re.escape(m.group(0)), re.IGNORECASE)
    return re.compile(re.escape(old_name), re.IGNORECASE)
