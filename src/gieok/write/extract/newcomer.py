"""Someone new in the user's life, said as news, and what the next clause says of them (issue 16,
a new-user trial): "룸메이트 생겼어. 이름은 민지고 간호사야", "동료가 새로 왔어. 걔 이름은 준호고
디자이너래", "새 팀장님 오셨는데 그분 이름은 박서연이야".

Why: a housemate, a colleague or a friend is no relative, so ``named_reply`` did not look for one,
and the sentence rules read "이름은 민지고 간호사야" as the user's own name and job ("사용자의 이름은
민지고 간호사다"). News that someone came along ("X 생겼어", "X가 새로 왔어/들어왔어/이사 왔어",
"새 X") puts that person in view, so a name said right after is theirs — and so is the noun said
after the name with "-고" ("민지고 간호사야": what the roommate is). Only the news shape is read:
"동료 딸 이름은 …" (a colleague owning the one named), "친구가 그러는데 …" (a friend as a source),
a question, or a person said without news names no newcomer.
"""

from __future__ import annotations

import re

# people outside the family the user lives or works beside (their relatives are ``FAMILY_KO``)
_PERSON = (r"룸메이트|룸메|하우스메이트|하우스\s?메이트|동거인|하숙생|직장\s?동료|회사\s?동료|동료|동기|"
           r"입사\s?동기|팀원|사수|부사수|선배|후배|팀장님|팀장|부장님|과장님|상사|사장님|신입|인턴|"
           r"친구|이웃|옆집\s?사람|짝꿍|짝|반\s?친구|과외\s?선생님|선생님|담임\s?선생님|담임")
# the news that the person came along: "생겼어", "(새로) 왔어", "들어왔어", "이사 왔어", "입사했어"
_NEWS = re.compile(
    rf"(?<![가-힣])(?P<new>새\s?|새로\s?온\s?|새로운\s?)?(?P<noun>{_PERSON})(?:이|가|님이)?\s?"
    r"(?:(?:새로|한\s?명|하나|또)\s?)?"
    r"(?:생겼|들어왔|들어옴|왔|오셨|옴|이사\s?왔|이사\s?오|입사했|입사함|전학\s?왔|배정됐|배정받|구했|들어온대|온대)")
# a new one said as the subject of anything ("새 룸메이트는 …", "새로 온 동료가 …")
_NEW_SUBJECT = re.compile(rf"(?<![가-힣])(?:새\s?|새로\s?온\s?|새로운\s?)(?P<noun>{_PERSON})(?=[은는이가]|\s|$)")
# someone else's relative or pet is named ("동료 딸 이름은"), or the person is only a source
_OWNER = re.compile(rf"(?:{_PERSON})\s?(?:네\s?)?(?:집\s?)?(?:딸|아들|애|아이|강아지|고양이|남편|아내|"
                    rf"남친|여친|남자\s?친구|여자\s?친구)")
# what the person is, said after the name with "-고": one noun with a copula or a hearsay ending
_IS = re.compile(r"^(?:이)?고\s(?P<what>[가-힣]{2,8}?)(?:이래요|래요|이래|래|이야|야|이에요|예요|에요|임|"
                 r"이고|이다|다|입니다|이세요|세요)[\s.!~ㅋㅎ]*$")
_NOT_WHAT = re.compile(r"^(?:뭐|누구|어디|착한|좋은|나랑|저랑|동갑인|같은)")


def introduced(text: str) -> str | None:
    """The noun of the newcomer ``text`` gives news of ("룸메이트"), or None."""
    if "?" in text:
        return None
    for pattern in (_NEWS, _NEW_SUBJECT):
        m = pattern.search(text)
        if m is not None and _OWNER.match(text, m.start("noun")) is None:
            return re.sub(r"\s+", "", m.group("noun"))
    return None


def what_they_are(after_name: str) -> str | None:
    """What the newcomer is, from the text right after the name: "고 간호사야" → "간호사"."""
    m = _IS.match(after_name)
    if m is None or _NOT_WHAT.match(m.group("what")):
        return None
    return m.group("what")
