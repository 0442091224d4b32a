"""What English chat leaves out, said whole before the rules read it (W3).

Chat drops what the listener can fill in, and a sentence read alone then loses its fact:
- a verbless clause beside another ("We moved to Seattle last week, new job at a community
  college!"): the move's residence slot covered the sentence and the job was never read — the
  clause is cut off and ``english.with_subject`` says it is the user's ("I have a new job at
  …");
- the topic said only as a bare question before the fact ("dentist? it's Dr. Okafor on Elm
  St"): "it's" is the dentist, for the people and places that serve the user;
- the verb carried over from a negated clause ("I don't work at the bank anymore, I'm at a
  credit union now"): the new clause alone ("I'm at a credit union now") may be a trip; with
  the verb it stands ("I work at a credit union now"). The negated clause stays as it was;
- the doctor's finding passed on inside the user's sentence ("…, doc says it's patellar
  tendinitis, …"): said as the diagnosis it is, when it names a health condition.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL


# the same said after a comma, beside another clause: "We moved to Seattle last week, new job
# at a community college!" — a clause of its own, or the move's slot hides it
_HAVE_AFTER = re.compile(r"(?<=\w)[,;]\s+(?:and\s+|plus\s+|also\s+)?(?=(?:a\s+)?new\s+"
                         r"(?:job|role|position|post|gig)\s+(?:at|with|as|in|for)\s+\S)", re.IGNORECASE)


def verbless_apart(sentences: list[str]) -> list[str]:
    """The sentences, each "…, new job at X" cut into the clause before and "new job at X"
    (``english.with_subject`` then says it is the user's)."""
    out: list[str] = []
    for sentence in sentences:
        cut = _HAVE_AFTER.search(sentence) if not _HANGUL.search(sentence) else None
        if cut is None or len(sentence[:cut.start()].split()) < 3:
            out.append(sentence)
            continue
        out.extend([sentence[:cut.start()], sentence[cut.end():]])
    return out


# Someone who serves the user, asked as a bare word ("dentist?"), then said with "it's …":
# the topic is only in the question ("dentist? it's Dr. Okafor on Elm St")
_WHO_ASKED = re.compile(
    r"^(?:(?:oh|and|also|my|your|re|as\s+for)[,:\s]+)*(?P<r>dentist|doctor|gp|vet|physio|"
    r"physiotherapist|therapist|counsell?or|psychiatrist|dermatologist|optician|optometrist|"
    r"paediatrician|pediatrician|ob-?gyn|midwife|hairdresser|hair\s+stylist|barber|mechanic|"
    r"landlord|landlady|accountant|lawyer|solicitor|pharmacy|pharmacist|gym|school|nursery|"
    r"daycare|employer|dog\s+walker|childminder|nanny|babysitter|cleaner|tutor)\s*\?+\s*$",
    re.IGNORECASE)
_IT_IS = re.compile(r"^(?:(?:oh|so|well|yeah)[,\s]+)*(?:it['’]s|it\s+is|that['’]s|that\s+would\s+be|"
                    r"mine['’]s|mine\s+is)\s+(?=\S)", re.IGNORECASE)


def asked_topic(sentences: list[str]) -> list[str]:
    """The sentences, "it's X" right after a bare "dentist?" said as "my dentist is X"."""
    out: list[str] = []
    for i, sentence in enumerate(sentences):
        asked = _WHO_ASKED.match(sentences[i - 1].strip()) if i else None
        said = _IT_IS.match(sentence.strip()) if asked is not None else None
        if asked is not None and said is not None:
            sentence = f"my {asked.group('r').lower()} is {sentence.strip()[said.end():]}"
        out.append(sentence)
    return out


# "I don't work at the bank anymore, I'm at a credit union now", "we don't live in Leeds any
# more - we're in Bath now": the second clause says where with the first clause's verb
_CARRIED = re.compile(
    r"^(?P<old>(?:[^,;]*?\s)?(?:I|we)\s+(?:don['’]?t|do\s+not|no\s+longer)\s+(?P<v>work|live|study|"
    r"teach|train|volunteer|bank|shop)\s+(?:at|in|for|with)\s+[^,;]{2,60}?)\s*(?:[,;]|\s[-–—])\s*"
    r"(?:(?:but|now|and)\s+)*(?P<who>I['’]m|I\s+am|im|we['’]re|we\s+are)\s+(?:now\s+)?"
    # (a change, not a time: "I don't work at the weekend, I'm at my mum's"; not at home)
    r"(?P<p>at|in|with|for)\s+(?!home\b|my\s|our\s|the\s+(?:moment|weekend)\b)(?P<new>[^,;?]{2,60}?)"
    r"\s*[.!]*$", re.IGNORECASE)
_CHANGED = re.compile(r"\b(?:anymore|any\s+more|no\s+longer)\b", re.IGNORECASE)


def carried(sentence: str) -> list[str]:
    """``sentence`` as its negated clause and its new clause with the verb carried over (see
    ``_CARRIED``), or as it was."""
    m = _CARRIED.match(sentence.strip()) if not _HANGUL.search(sentence) else None
    if m is None or _CHANGED.search(m.group("old")) is None:
        return [sentence]
    who = "we" if m.group("who").lower().startswith("we") else "I"
    return [m.group("old"), f"{who} {m.group('v').lower()} {m.group('p').lower()} {m.group('new')}"]


# what the doctor found, said inside the user's sentence: "my knee's been weird since the half
# marathon, doc says it's patellar tendinitis, no running for 6 weeks" — passed on as hearsay
# ("says") the clause read as someone else's words; it is the user's diagnosis
_FOUND_INSIDE = re.compile(
    r"(?<=[,;])\s*(?:(?:and|but|so)\s+)?(?:the\s+|my\s+)?(?:doc|doctor|gp|physio|physiotherapist|"
    r"specialist|consultant|surgeon|dermatologist|rheumatologist|orthopaedist|orthopedist|dentist)\s+"
    r"(?:says|said|thinks|reckons|confirmed)\s+(?:that\s+)?(?P<how>it['’]s|it\s+is|i\s+have|"
    r"i['’]ve\s+got)\s+(?P<x>[^,;.!?]{3,60})", re.IGNORECASE)


def found_inside(sentence: str) -> str:
    """``sentence`` with the doctor's finding inside it said as a diagnosis (see above),
    when the finding is a health word ("… diagnosed as patellar tendinitis"); else as it
    was ("…, doc says it's nothing")."""
    from gieok.write.extract.health import HEALTH

    m = _FOUND_INSIDE.search(sentence)
    if m is None or HEALTH.search(m.group("x")) is None \
            or re.match(r"(?:nothing|not|fine|ok|okay|normal)\b", m.group("x"), re.IGNORECASE):
        return sentence
    how = "as" if m.group("how").lower().startswith("it") else "with"
    return f"{sentence[:m.start()]} diagnosed {how} {m.group('x')}{sentence[m.end():]}"


# what the doctor told the user to take, said as their words: "doc said take ferrous sulfate 325
# every other day", "my GP told me to start vitamin D 1000 IU daily" — "said" made it hearsay,
# but the prescriber is the one who says it; it is the user's medication. A dose (a number) or
# a frequency must follow the thing, so "doc said take it easy" and "doc said take a week off"
# stay what they were.
_PRESCRIBED = re.compile(
    r"^(?P<lead>(?:(?:so|and|but|also|oh)[,\s]+)*)(?:the\s+|my\s+)?(?:doc|doctor|gp|physician|"
    r"dr\.?(?:\s+(?-i:[A-Z])\w+)?|specialist|consultant|endo|endocrinologist|psychiatrist|"
    r"cardiologist|dermatologist|rheumatologist)\s+(?:said|says|told\s+me|wants\s+me|"
    r"recommended|prescribed)\s+(?:(?:that\s+)?i\s+(?:should|need\s+to|have\s+to|must)\s+|to\s+)?"
    r"(?:take|start(?:\s+taking)?|go\s+on|be\s+on|stay\s+on)\s+"
    r"(?P<x>(?!(?:it|a|an|the|some|time|things|care|a\s+break)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    r"\s+(?P<dose>\d+(?:\.\d+)?(?:\s?(?:mg|mcg|µg|iu|ml|units?|g)\b)?(?:\s+(?:every\s+other\s+day|every\s+day|"
    r"daily|once\s+a\s+day|twice\s+a\s+day|a\s+day|at\s+night|in\s+the\s+morning|"
    r"with\s+(?:food|meals|breakfast|dinner)|(?:once|twice|three\s+times)\s+a\s+(?:day|week)))*)"
    r"(?P<rest>.*)$", re.IGNORECASE)


def prescribed(sentence: str) -> str:
    """``sentence`` with the doctor's instruction said as what the user takes (see above)."""
    m = _PRESCRIBED.match(sentence.strip())
    if m is None or m.group("rest").strip().startswith("?") or "?" in m.group("rest"):
        return sentence
    return (f"{m.group('lead')}I take {m.group('x')} {m.group('dose').strip()}, prescribed by the "
            f"doctor{m.group('rest')}")


def elided(sentences: list[str]) -> list[str]:
    """The turn's sentences with what chat left out said whole (see the module's notes)."""
    return asked_topic([prescribed(found_inside(c)) for s in verbless_apart(sentences)
                        for c in carried(s)])
