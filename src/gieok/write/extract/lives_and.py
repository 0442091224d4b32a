"""Where the user lives, said as the first clause of a longer sentence (issue 16, place).

"지금 분당에 살고 판교 넥슨에서 게임 기획자로 일해", "저 일산 살면서 강남으로 출퇴근해요", "수원에 사는데
회사가 너무 멀어": the residence rule reads "X에 살아" at a sentence's end; joined by -고, -면서 or
-는데 to what follows, the sentence is kept whole ("사용자는 지금 분당에 살고 …") with no residence
slot, so a later move never supersedes it, and the one-job dedupe may keep only the job said
with it (a new user's trial lost 분당). The clause is read here as the residence, with its slot.

Only the user's own ("나/저" or no subject; never "동생은 분당에 살고"), in a statement (no
question, no condition "살면"), never a past home ("살았고", "살던") or a wish ("살고 싶어").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.discourse import split_sentences

_LIVES = re.compile(r"(?:^|(?<=[\s,.!~]))(?:(?:나|저|난|전|나는|저는)\s)?(?:(?:지금|현재|요즘|이제)(?:은|는)?\s)?"
                    r"(?P<place>[가-힣]{2,8}?(?:\s[가-힣]{2,6}?(?:동|구|시|읍|면))?)(?:에|에서)?\s"
                    r"(?:살고|살면서|사는데|살아서|살아가지고)(?!\s?싶)(?=\s)")
_NOT_PLACE = re.compile(r"^(?:혼자|같이|따로|함께|근처|여기|거기|저기|이\s?동네|그\s?동네|집|본가|자취|월세|전세|"
                        r"잘|열심히|행복하게|조용히|오래|평생)$")


def stated(turn_text: str, said: Sequence[str]) -> list[tuple[Hit, str]]:
    """The user's residence said before -고/-면서/-는데, unless ``said`` has it with its slot."""
    if not HANGUL.search(turn_text):
        return []
    for sentence in split_sentences(turn_text):
        m = _LIVES.search(sentence)
        if m is None or "?" in sentence or _NOT_PLACE.match(m.group("place")):
            continue
        before = sentence[:m.start()].strip()
        if before and not re.fullmatch(r"(?:안녕\S*|아|음|그리고|근데|참)[\s,.!~]*", before):
            continue  # someone else is the subject ("동생은 …"), or another clause comes first
        place = m.group("place")
        if any(s.endswith(f"{place}에 거주") for s in said):
            return []
        return [(Hit(content=f"사용자는 {place}에 거주", family="residence", type=MemoryType.FACT,
                     category="location", slot="residence", value=place, tags=("residence",),
                     confidence=0.8), "ko")]
    return []
