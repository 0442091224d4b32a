"""What a food or drink does to the user's body, said as the reason for a request (issue 16,
health family): "우유 마시면 배아파서 라떼 말고 아메리카노로", "밀가루 먹으면 속이 안 좋아서 빵은 말고",
"dairy makes me bloated so no cheese please", "gluten gives me migraines, so skip the pasta".

Why: said alone ("우유 마시면 배가 아파요") the sentence rules keep it; said as the reason of a
request ("…배아파서 X는 빼줘") the sentence is a request and stores nothing — and the reason is
the one thing worth keeping: an intolerance is a diet fact every later meal suggestion needs
(pinned, like an allergy). Read only as a habit of the user's own body: a food, "먹으면/마시면"
(whenever it is eaten) and a bodily reaction from a closed list. Never how much or how it is
eaten ("많이/급하게 먹으면 배아파": not the food), someone else's ("남편은 우유 마시면 …", "my
son gets hives from …"), a question ("…먹으면 배아파?"), or once ("어제 회 먹고 배탈 났어").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.korean import FAMILY_KO, PETS_KO

_REACTION_KO = (r"배\s?(?:가\s?|이\s?)?아[프파픔]|배탈(?:이)?\s?나|설사|두드러기|속(?:이)?\s?(?:안\s?좋|뒤집|불편|"
                r"쓰리|쓰려|더부룩)|체[하해]|토[하해]|가려|가렵|간지러|간지럽|붓|부어|숨이\s?막[히혀]|"
                r"머리(?:가)?\s?아[프파]|편두통")
_KO = re.compile(
    rf"(?:^|(?<=[\s,.]))(?P<x>[가-힣A-Za-z]{{1,8}}?)(?:을|를|은|는|만|이|가)?\s?"
    rf"(?:먹으면|마시면|먹기만\s?하면|마시기만\s?하면|먹으면은)\s?(?:바로\s|꼭\s|항상\s|맨날\s)?"
    rf"(?P<r>{_REACTION_KO})")
# what is no food: how much, how or when it is eaten, or a pronoun
_NOT_FOOD_KO = frozenset("많이 너무 급하게 빨리 늦게 밤에 자기 아무거나 아무 뭐 뭘 이거 그거 저거 이걸 그걸 "
                         "좀 다 또 조금 과식 폭식 같이 같이하면 혼자 잘못 그냥 막".split())
_OTHERS_KO = re.compile(rf"(?:{FAMILY_KO}|{PETS_KO}|친구|동료|애들|아이|애가|애는)")
_REACTION_EN = (r"(?:sick|ill|bloated|gassy|nauseous|queasy|itchy|break\s+out|throw\s+up|puke|"
                r"(?:a\s+)?(?:stomach\s?ache|tummy\s?ache|migraines?|headaches?|hives|rash(?:es)?|"
                r"cramps|diarrh(?:o)?ea|heartburn|reflux))")
_EN = re.compile(
    rf"(?:^|(?<=[\s,.;]))(?P<x>[a-z]+(?:\s[a-z]+)?)\s+(?:always\s+|just\s+|really\s+)?"
    rf"(?:makes?|gives?)\s+me\s+(?:so\s+|really\s+|super\s+)?{_REACTION_EN}\b", re.IGNORECASE)
_NOT_FOOD_EN = frozenset("it this that which what something everything anything stress work he she "
                         "they it's thinking reading driving running flying".split())


def stated(turn_text: str, said: Sequence[str]) -> list[tuple[Hit, str]]:
    """The user's reaction to a food said in the turn, unless ``said`` has it (see the module
    docstring)."""
    korean = HANGUL.search(turn_text) is not None
    m = (_KO if korean else _EN).search(turn_text)
    if m is None:
        return []
    sentence_end = re.search(r"[.!?\n]", turn_text[m.end():])
    rest = turn_text[m.end():m.end() + sentence_end.start() + 1] if sentence_end else \
        turn_text[m.end():]
    food = m.group("x").strip()
    before = turn_text[:m.start()]
    word = m.group(0).split()[0].casefold()  # ("많이 먹으면": the word, not "많" + "이")
    if rest.strip().endswith("?") or {food.casefold(), word} & (_NOT_FOOD_KO if korean else _NOT_FOOD_EN):
        return []
    if korean:
        if _OTHERS_KO.search(before.split(".")[-1]) or _OTHERS_KO.fullmatch(food):
            return []
        reaction = re.sub(r"\s+", " ", m.group("r"))
        if any(food in s and re.search(r"먹으면|마시면", s) for s in said):
            return []
        verb = "마시면" if "마시" in m.group(0) else "먹으면"
        content = f"사용자는 {food}{_object(food)} {verb} {_said_ko(reaction)} (음식 반응)"
        lang = "ko"
    else:
        if re.search(r"\b(?:my|our|his|her|their)\s+\w+\s*$", before) or \
                re.search(r"\b(?:he|she|they|we)\b", before.split(".")[-1], re.IGNORECASE):
            return []
        if any(food.casefold() in s.casefold() for s in said):
            return []
        content = f"{food[:1].upper()}{food[1:]} {m.group(0)[m.start('x') - m.start() + len(food):].strip()}"
        content = re.sub(r"\bme\b", "User", content)
        lang = "en"
    return [(Hit(content=content, family="health", type=MemoryType.FACT, category="context",
                 tags=("health", "diet"), confidence=0.8), lang)]


def _object(noun: str) -> str:
    """The object particle the noun takes (을 after a final consonant)."""
    last = noun[-1]
    if not ("가" <= last <= "힣"):
        return "을"
    return "을" if (ord(last) - 0xAC00) % 28 else "를"


# the reaction as the end of a statement
_SAID_KO = ((r"^배\s?(?:가\s?|이\s?)?아", "배가 아프다"), (r"^배탈", "배탈이 난다"), (r"^설사", "설사를 한다"),
            (r"^두드러기", "두드러기가 난다"), (r"안\s?좋", "속이 안 좋다"), (r"뒤집", "속이 뒤집어진다"),
            (r"불편", "속이 불편하다"), (r"쓰리", "속이 쓰리다"), (r"더부룩", "속이 더부룩하다"),
            (r"^체", "체한다"), (r"^토", "토한다"), (r"가려|가렵|간지러|간지럽", "가렵다"), (r"^붓|^부어", "붓는다"),
            (r"숨", "숨이 막힌다"), (r"^머리", "머리가 아프다"), (r"편두통", "편두통이 온다"))


def _said_ko(reaction: str) -> str:
    """The reaction as the end of a statement ("배아프" → "배가 아프다")."""
    return next(said for pattern, said in _SAID_KO if re.search(pattern, reaction))
