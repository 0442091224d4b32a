""""The cat" in the user's own news is the user's cat (English).

People who live with an animal call it by its kind with "the": "the cat's kidney numbers came
back worse so the vet switched him to renal diet", "the dog threw up twice last night, we're at
the vet". Every rule that reads a pet's fact wants an owner ("my cat", "our dog") or a name, so
such a sentence stored nothing, and an answer a turn later ("How old is he?" → "14. his name
is Oscar") went to whichever pet the user had named before. ``as_mine`` turns the opening
"the <kind>" into "my <kind>"; every gate after it (noise, the judge, the rules) still decides.

Only when the sentence reads as news of the user's household:

- it OPENS with "the <kind>" (after an interjection at most): the animal is its subject or
  its possessor ("the cat's …"), not an object somewhere in a story;
- a first person is in it (I, we, our, us, me, my) or the animal's care is (a vet, a
  diagnosis, medication, its food): not a claim about the kind ("the cat is a solitary
  animal", "the dog is man's best friend");
- it is no question, and no film, book, game, video or neighbour's animal is in sight;
- the turn named no one else's animal of that kind before it ("my neighbour's cat keeps
  visiting. the cat sleeps on our porch"): then "the cat" is that one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gieok.write.extract.patterns_en import PETS

_LEAD = (r"^(?P<lead>(?:(?:so|ugh|well|update|also|and|but|ok(?:ay)?|oh|welp|sigh|lol|omg)"
         r"[,:!.]?\s+)*)")
# the animal is the subject: its verb follows ("the cat knocked …", "the dogs need …") or it
# owns what follows ("the cat's kidney numbers"); not a compound or an idiom ("the rat race",
# "the dog days", "the cat food", "the cat's out of the bag")
_VERB = (r"(?:is|isn['’]t|was|wasn['’]t|are|aren['’]t|were|has|hasn['’]t|had|have|keeps|kept|got|"
         r"gets|just|still|finally|always|never|again|also|threw|throws|won['’]t|wouldn['’]t|"
         r"doesn['’]t|didn['’]t|can['’]t|cannot|will|needs|need|started|stopped|loves|hates|likes|"
         r"ate|eats|sleeps|slept|seems|looks|went|goes|came|ran|runs|bit|bites|refuses|weighs|"
         r"turns|turned|woke|wakes|hid|hides|[a-z]+ed)\b")
_OPENING = re.compile(_LEAD + rf"(?P<the>[Tt]he)\s+(?P<kind>(?i:{PETS}))"
                      rf"(?P<rest>['’]s\s+(?!out\s+of\b|pajamas|pyjamas|meow|whiskers)|"
                      rf"\s+(?i:{_VERB})|\s*[,.!]|$)")
_FIRST_PERSON = re.compile(r"\b(?:i|i['’](?:m|ve|d|ll)|we|we['’](?:re|ve|d|ll)|our|us|me|my)\b",
                           re.IGNORECASE)
_CARE = re.compile(
    r"\b(?:vet|vets|diagnos\w*|meds?|medication|pills?|prescri\w*|insulin|surgery|spay\w*|"
    r"neuter\w*|vaccin\w*|shots?|kidney|renal|thyroid|diabet\w*|arthritis|allerg\w*|seizures?|"
    r"tumou?r|cancer|limp\w*|threw\s+up|vomit\w*|diet|kibble|food|dose|antibiotics?)\b",
    re.IGNORECASE)
# the animal is a character or a stranger's: a film, a book, a game, a video, the neighbours
_ELSEWHERE = re.compile(
    r"\b(?:movie|film|show|series|episode|book|novel|story|poem|game|video|meme|cartoon|"
    r"neighbou?rs?|stray|someone|somebody|a\s+friend|my\s+friend)\b", re.IGNORECASE)
# "the cat is a …", "the dog was the first …": a claim about the kind
_KIND_CLAIM = re.compile(r"^\s*(?:is|are|was|were)\s+(?:a|an|the|one\s+of)\b", re.IGNORECASE)


_NOT_AN_OWNER = frozenset({"it's", "that's", "there's", "what's", "he's", "she's", "who's",
                           "here's", "let's", "one's"})


def _others(sentence: str, kind: str) -> bool:
    """Whether ``sentence`` names someone else's animal of ``kind`` ("my sister's cat", "her
    dog", "a friend's puppy")."""
    for found in re.finditer(rf"\b(?P<owner>[\w]+['’]s|his|her|their|your)\s+(?:\w+\s+)?"
                             rf"{re.escape(kind)}(?:e?s)?\b", sentence, re.IGNORECASE):
        if found.group("owner").lower().replace("’", "'") not in _NOT_AN_OWNER:
            return True
    return False


def as_mine(sentences: Iterable[str]) -> list[str]:
    """The sentences, each opening "the <kind>" of the user's own news read as "my <kind>"."""
    out: list[str] = []
    for sentence in sentences:
        out.append(_owned(sentence, out))
    return out


# "picked up the new kitten today", "we brought the new puppy home": "the new <kind>" fetched
# by the user (the verb opens the sentence or follows I/we) is the user's new animal
_FETCHED = re.compile(_LEAD + r"(?:(?:i|we)\s+)?(?:(?:just|finally|also)\s+)*(?:got|picked\s+up|"
                      r"brought|adopted|collected|took\s+home)\s+(?P<the>the)\s+new\s+"
                      rf"(?P<kind>(?i:{PETS}))\b", re.IGNORECASE)


def _owned(sentence: str, before: list[str]) -> str:
    fetched = _FETCHED.match(sentence.strip())
    if fetched is not None and not sentence.rstrip().endswith("?") \
            and not _ELSEWHERE.search(sentence) \
            and not any(_others(s, fetched.group("kind").lower()) for s in before):
        start = len(sentence) - len(sentence.lstrip()) + fetched.start("the")
        return sentence[:start] + "my" + sentence[start + 3:]
    found = _OPENING.match(sentence.strip())
    if found is None or sentence.rstrip().endswith("?"):
        return sentence
    rest = sentence.strip()[found.end("kind"):]
    kind = found.group("kind").lower()
    if _KIND_CLAIM.match(rest) or _ELSEWHERE.search(sentence):
        return sentence
    if not (_FIRST_PERSON.search(rest) or _CARE.search(rest)):
        return sentence
    if any(_others(s, kind) for s in before):
        return sentence
    start = len(sentence) - len(sentence.lstrip()) + found.start("the")
    mine = "My" if found.group("the") == "The" else "my"
    return sentence[:start] + mine + sentence[start + 3:]
