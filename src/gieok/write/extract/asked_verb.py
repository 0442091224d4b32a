"""An answer to "What will you teach?" said with the question's verb (W3, English).

The assistant asks what the user does with a verb and no object ("What will you teach?",
"What do you drive?", "What are you studying?"); the user answers with the object alone
("yes, intro chem for first-years", "an old Volvo estate"). Kept as the question and its
answer (``User's answer to "What will you teach?": …``) the memory reads like a transcript
and names no activity; with the question's verb it is a statement of its own: "User will teach
intro chem for first-years", "User drives an old Volvo estate", "User is studying nursing".
Only verbs of what a person does for a living or a pastime are read — never a verb that steers
the task ("What do you want/need/think/mean?").
"""

from __future__ import annotations

import re

from gieok.write.extract.patterns_en import third_person

_DOING = (r"teach|study|studying|drive|play|playing|coach|train|training|breed|grow|growing|"
          r"collect|brew|knit|knitting|write|writing|build|building|sell|make|cook|bake|"
          r"research|researching|major\s+in|specialise\s+in|specialize\s+in|work\s+on|working\s+on")
_ASKED = re.compile(
    r"^(?:(?:so|and|oh|great|nice|cool|wow|congratulations|congrats)[,!.\s]+)*what\s+(?:subjects?\s+|"
    r"instruments?\s+|car\s+|kind\s+of\s+\w+\s+)?(?P<aux>will|do|are)\s+you\s+(?:be\s+)?"
    rf"(?P<v>{_DOING})\s*\?\s*$", re.IGNORECASE)


def with_verb(question: str, answer: str) -> str | None:
    """The answer as "User <verb> <answer>" when ``question`` asks what the user does with a
    verb alone (see above), else None."""
    m = _ASKED.match(question.strip())
    if m is None or not answer or re.match(r"(?:not|no|nothing|idk|dunno)\b", answer, re.I):
        return None
    aux, verb = m.group("aux").lower(), m.group("v").lower()
    if aux == "will":
        said = f"will {verb}"
    elif aux == "are" or m.group("v").lower().endswith("ing"):
        said = "is " + (verb if verb.endswith("ing") or " " in verb else verb + "ing")
    else:
        head, _, rest = verb.partition(" ")
        said = third_person(head) + (f" {rest}" if rest else "")
    return f"User {said} {answer}"
