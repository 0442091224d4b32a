"""Korean ways of taking a standing request back that the permission form misses (issue 16):
"짧게 하라는 거 취소할게", "영어 요약 붙이라고 한 거 없던 걸로 해줘", "존댓말 규칙 그만" after the
request; "이제 답변 길게 해도 돼" after "앞으로 답변은 짧게 해줘".

Why: ``revoked`` reads a request taken back as a permission ("…안 붙여도 돼") or as a need
denied ("…필요 없어"). Korean speakers also cancel the request by name — the request quoted
back as reported speech ("짧게 하라는 거", "보내 달라고 한 거") or called a rule or request
("…규칙", "…요청") — followed by a word of cancelling (취소, 그만, 없던 걸로, 무시해, 잊어). And a
permission of the other pole ("길게 해도 돼") is a standing change when said from now on ("이제",
"앞으로", "지금부터"), as "again" marks it in English; said for this once ("이번엔 길게 써도 돼")
it is not. Both left the request current: context() kept telling the assistant to be short.

``cancelled(sentence)`` gives the content words of the request cancelled (matched against the
stored requests by ``revoked.revoked_rules``, which ends only a request naming every word);
``from_now(sentence)`` says a permission holds from now on. Pure.
"""

from __future__ import annotations

import re

# "<phrase> <verb>라는/라고 한/달라는/달라고 한 (거|것|말|요청|부탁)" or "<phrase> (규칙|요청|부탁|룰)",
# then a word of cancelling
_CANCEL = re.compile(
    r"(?P<x>[가-힣A-Za-z0-9]+(?:\s[가-힣A-Za-z0-9]+){0,3}?)\s?"
    r"(?:[가-힣]{0,3}(?:라는|라고\s?한|달라는|달라고\s?한|주라는|주라고\s?한)\s?(?:거|것|말|요청|부탁)?|"
    r"(?<=[가-힣A-Za-z0-9])\s?(?:규칙|요청|부탁|룰))"
    r"(?:은|는|도|이|가|을|를)?\s?(?:이제\s?|그냥\s?)?"
    r"(?:취소|그만|없던\s?(?:걸로|것으로|일로)|무시해|무시하|잊어)")
_LEAD = re.compile(r"^(?:(?:아|그리고|근데|그냥|음|참|저번에|전에|예전에|내가|제가|나|저)\s)+")
_STOP = frozenset("답변 대답 항상 매번 계속 그거 이거 그 이 저 좀 다 꼭 앞으로".split())
# from now on (not this once: "이번엔", "오늘은", "여기선")
_FROM_NOW = re.compile(r"(?<![가-힣])(?:이제|이젠|이제부터|앞으로는?|지금부터|다시)(?![가-힣])")
_THIS_ONCE = re.compile(r"(?<![가-힣])(?:이번엔|이번에는|이번만|오늘은|오늘만|여기선|여기서는)(?![가-힣])")


def cancelled(sentence: str) -> tuple[str, ...]:
    """The content words of the request ``sentence`` cancels by name ("짧게 하라는 거
    취소할게" → 짧게); empty when it cancels none."""
    m = _CANCEL.search(sentence)
    if m is None:
        return ()
    words = _LEAD.sub("", m.group("x")).split()
    words = [re.sub(r"(?:은|는|을|를|도)$", "", w) if len(w) > 2 else w for w in words]
    return tuple(w for w in words if w not in _STOP and len(w) > 1)


def from_now(sentence: str) -> bool:
    """A Korean permission in ``sentence`` holds from now on, not for this once."""
    return _FROM_NOW.search(sentence) is not None and _THIS_ONCE.search(sentence) is None
