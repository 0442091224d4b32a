"""A thing moved off one place onto another (W6, issue 16): "we migrated billing-core off gke,
it runs on ecs fargate now", "moved the blog off wordpress, it's on ghost now".

Why: ``new_value`` reads a move by its destination ("moved ledgerly to fly.io"). Said with
"off", the old place comes first and the new one is said as where the thing runs (is, lives,
is hosted) now, in the next clause — no "to". Nothing read it: the sentence was not kept, and
"the team deploys to k8s on gke" stayed current.

``moved_off(sentence)`` gives (the old place, the new place). Reconciliation renews the stored
memories naming the old place (the old place is the thing changed, as with "instead of"), and
``relocate`` writes the stored memory at the new place: "… deploys to k8s on gke" → "… deploys
to k8s on ecs fargate" (the stack still holds; the host changed; the old host is kept as
``previously``). Only a move verb with "off", and a new place said with a word of now or as
where the thing runs. Never "took the day off", "moved off campus" (no new place said), "signed
off on it". Pure.
"""

from __future__ import annotations

import re

_OFF = re.compile(
    r"\b(?:migrat(?:ed|ing)|mov(?:ed|ing)|switch(?:ed|ing)|port(?:ed|ing)|took|taken|pull(?:ed|ing)|"
    r"shift(?:ed|ing)|transferr(?:ed|ing))\s+(?:(?:the|our|my|it|them|everything|[\w.-]+)\s+)?"
    r"(?:(?!off\b)[\w.-]+\s+)?off\s+(?:of\s+)?(?P<old>(?!(?:the\s+)?(?:day|week|work|campus|"
    r"meds|it|them)\b)[\w.-]+(?:\s+(?!(?:and|to|onto|so|now|it)\b)[\w.-]+)?)\s*"
    r"(?:[,;]\s*(?:and\s+)?|\s+and\s+|\s*-\s*|\.\s+)?"
    r"(?:now\s+)?(?:(?:it|they|everything|the\s+[\w.-]+|[\w.-]+)(?:\s+|(?=['’])))?"
    r"(?:(?:now\s+)?(?:runs?|is|are|lives?|sits?)|['’]s|['’]re|(?:is|are)\s+(?:now\s+)?(?:hosted|deployed|running))\s+(?:now\s+)?(?:on|at|in)\s+"
    r"(?P<new>[\w.-]+(?:\s+(?!(?:now|instead|too|and|so|since)\b)[\w.-]+){0,2}?)"
    r"(?=\s+(?:now|instead)\b|\s*[,.;!]|\s*$)", re.IGNORECASE)
_NOT_PLACE = frozenset("the a an it them this that there here".split())


def moved_off(sentence: str) -> tuple[str, str] | None:
    """(the old place, the new place) when ``sentence`` says a thing moved off one onto
    another ("migrated billing-core off gke, it runs on ecs fargate now" → ("gke", "ecs
    fargate")), else None."""
    m = _OFF.search(sentence)
    if m is None:
        return None
    old, new = m.group("old").strip(" .,"), m.group("new").strip(" .,")
    if old.casefold() in _NOT_PLACE or new.casefold() in _NOT_PLACE or old.casefold() == new.casefold() \
            or re.match(r"(?:the|a|an|my|our)\s", old + " ", re.IGNORECASE) \
            or re.match(r"(?:the|a|an|my|our)\s", new + " ", re.IGNORECASE):  # "off the couch"
        return None
    return old, new


def relocate(old: str, place: str, value: str) -> str | None:
    """``old`` (a stored memory) with the place ``place`` it names after on/to/at replaced by
    ``value``; None when it does not name it so (once)."""
    found = list(re.finditer(rf"\b(?:on|to|at|in|onto)\s+{re.escape(place)}\b", old, re.IGNORECASE))
    if len(found) != 1:
        return None
    m = found[0]
    start = m.end() - len(place)
    return f"{old[:start]}{value}{old[m.end():]}"
