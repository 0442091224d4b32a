"""Lines of a forwarded chat (W3): only the user's own lines are theirs.

Users paste a group chat or a thread and ask about it: "[Aunt Dee]: I'll do the pies, my
oven's fixed finally. [Me]: we'll bring the turkey, Raj can't eat gluten …". Each line is
tagged with its speaker in brackets. What the aunt says is the aunt's ("I'll do the pies" is
not the user's plan), so her lines are dropped before any rule reads the turn; the user's own
lines ("[Me]", "[나]") are kept without their tag. A turn with no bracketed speaker tag is
left as it is.
"""

from __future__ import annotations

import re

# "[Aunt Dee]:", "[Me]", "[민지]:": a speaker tag at the start of the turn or of a line or
# sentence (not "[link]" inside a sentence)
_TAG = re.compile(r"(?:^|(?<=[.!?。\n])\s*|(?<=\n))\[(?P<who>[^\[\]\n]{1,30})\]\s*:?\s*")
_OWN = re.compile(r"^(?:me|i|myself|you|나|저|본인|내|나\s?\(me\)|me\s?\(.*\))$|\(me\)|\(나\)",
                  re.IGNORECASE)


def own_lines(text: str) -> str:
    """``text`` with the lines other speakers said in a forwarded chat left out and the
    user's own lines kept without their tag; ``text`` itself when it holds no speaker tag
    at its start."""
    tags = list(_TAG.finditer(text))
    if not tags or text[:tags[0].start()].strip():
        return text  # no transcript: a bracket later in a sentence is no speaker
    kept = [text[m.end():(tags[i + 1].start() if i + 1 < len(tags) else len(text))].strip()
            for i, m in enumerate(tags) if _OWN.search(m.group("who").strip())]
    return " ".join(k for k in kept if k)
