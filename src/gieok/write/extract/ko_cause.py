"""A cause the user guesses at is said as true (W3): "매일 새벽 5시에 경매장 나가서 그런가
오후만 되면 졸려", "주말마다 등산 다녀서 그런지 무릎이 아파".

"X해서 그런지 Y" / "X라서 그런가 (봐) Y" wonders whether X is why Y happens; the wondering is
about the link, while X is what the user does or is. Such a sentence is a remark on the moment
as a whole ("…그런지" marks one), so the habit or state inside it was lost with it. Here X is
cut out as a sentence of its own when it says something lasting by its structure (a habit, a
condition, a life event: ``lasting.lasting``); the rest (Y) stays a sentence of its own, read
as before. A cause of the moment ("어제 술 마셔서 그런지 머리 아파", "날씨가 추워서 그런가")
or of these days ("요즘 야근해서 그런지 피곤해") leaves the sentence as it was. Pure.
"""

from __future__ import annotations

import re

from gieok.write.extract import korean
from gieok.write.extract.lasting import lasting

# "X(아/어/해)서 그런지 …", "X라서 그런가 봐", "X니까 그런 건지 …": the cause, then the rest
_CAUSE = re.compile(
    r"^(?P<x>[^?？]+?(?:서|라|니까))\s?(?:그런지|그런가(?:\s?봐요?|\s?보다|\s?싶어)?|"
    r"그런\s?건지|그런\s?듯)(?=$|[\s,.!~?…ㅋㅎㅠㅜ])[\s,.!~?…ㅋㅎㅠㅜ]*(?P<y>.*)$")
_WH = re.compile(r"(?<![가-힣])(?:뭐|뭘|왜|어디|언제|누가|누구|어떻게|얼마나|몇)(?![가-힣])")
# a cause of these days or of today ("요즘 야근해서 그런지 피곤해"): a period, not a habit
_LATELY = re.compile(r"(?<![가-힣])(?:요즘|요새|최근|최근에|이번|오늘|어제|아까|지금|방금|며칠)")


def apart(sentence: str) -> list[str]:
    """``sentence`` as [the lasting cause, what follows it] when it guesses at a cause that
    lasts, else ``[sentence]``."""
    m = _CAUSE.match(sentence.strip())
    if m is None or _WH.search(m.group("x")) or _LATELY.search(m.group("x")):
        return [sentence]
    cause = korean.to_memory(m.group("x"), speaker=False)
    if not cause or not lasting(cause):
        return [sentence]
    rest = m.group("y").strip()
    return [cause, rest] if rest else [cause]
