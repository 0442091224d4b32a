"""Korean preferences said categorically (W3, preference family): a topic and an absolute.

Chat rarely says "I dislike horror films"; it says "공포는 절대 안됨", "나 horror 영화는 진짜
못 봄 ㅋㅋ", "공포영화는 절대 안 봐", and for a standing choice "커피는 무조건 아아", "coffee는
무조건 iced americano". The structure is closed even though the words are not: a topic noun
marked with 은/는, an absolute adverb (절대, 도저히, 죽어도, 진짜, 무조건 …), then either a
negated ability or permission (못 + verb, 안 + verb, 안 돼/안 됨) — a dislike of the topic —
or, after 무조건, a bare noun phrase — the one thing chosen within the topic. Kiwi checks that
the chosen thing is a noun phrase ("이번 발표는 무조건 성공해야 돼" is a resolve, not a taste).
"""

from __future__ import annotations

import re

from gieok.domain.records import MemoryType
from gieok.write.extract import korean
from gieok.write.extract.patterns_ko import OBJ, Groups, _noun, rule
from gieok.write.normalize import josa

_ABSOLUTE = r"(?:진짜|정말|절대|절대로|도저히|죽어도|아예|전혀)"
# (not eating or drinking: "갑각류는 아예 안 먹어" may be an allergy — the health rules read it)
_NEGATED = (r"(?:못\s?(?:봐|봄|본다|봐요|들어|들음|해|함|타|탐)|"
            r"안\s?(?:돼|됨|된다|돼요|봐|봄|본다|봐요|들어|들음))"
            r"(?=$|[\s.!~,ㅋㅎㅠㅜ])")


def _chosen(g: Groups, _: object) -> bool:
    """The chosen thing is a noun phrase (the last word a noun, no predicate in it)."""
    toks = [t for t in korean.tokens(g["y"]) if t.tag not in ("SF", "SP", "SS", "SE", "SW")]
    return bool(toks) and toks[-1].tag in ("NNG", "NNP", "SL", "SN", "NR") and not any(
        t.tag.startswith(("V", "XSV", "XSA", "E")) for t in toks) and _noun(g, _)  # type: ignore[arg-type]


RULES_KO = [
    # "공포는 절대 안됨", "나 horror 영화는 진짜 못 봄": a dislike of the topic
    rule("ko.pref.never",
         rf"{OBJ}(?:은|는)\s+{_ABSOLUTE}\s*{_NEGATED}",
         lambda g, _: f"사용자는 {josa(g['x'], '을/를')} 싫어함", "preference",
         type=MemoryType.PREFERENCE, category="preference", slot="pref:{x}", value="dislike",
         tags=("preference",), check=_noun),  # type: ignore[arg-type]
    # "커피는 무조건 아아", "coffee는 무조건 iced americano": the one choice within the topic
    rule("ko.pref.always_this",
         rf"{OBJ}(?:은|는)\s+무조건\s+(?P<y>[가-힣A-Za-z0-9][가-힣A-Za-z0-9 ]{{0,30}}?)\s*"
         r"(?:이지|이야|야|이에요|예요|임|지|요)?[\s.!~ㅋㅎ]*$",
         lambda g, _: f"사용자는 {g['x']}{josa(g['x'], '은/는')[len(g['x']):]} 무조건 {g['y']}",
         "preference", type=MemoryType.PREFERENCE, category="preference", slot="favorite:{x}",
         value="{y}", tags=("preference",), check=_chosen),  # type: ignore[arg-type]
]
