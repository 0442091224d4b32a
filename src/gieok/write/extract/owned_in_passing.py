"""A thing the user owns, said as the setting of a question or request (issue 16, possession).

"작년에 산 캐스퍼 차 첫 정기점검 언제 받아야 돼?", "재작년에 뽑은 아반떼 엔진오일 언제 갈아?",
"얼마 전에 장만한 LG 건조기 필터 청소법 알려줘": the question is about today's task, but the
clause before the thing ("작년에 산 …") says the user bought it and has it — a fact every later
question about the car or the dryer needs. The sentence rules drop questions and requests whole.

Read only as a relative clause of buying with its time ("작년에 산", "얼마 전에 장만한"), and only
for a durable good named by its kind ("차", "노트북", "건조기", with a brand or model word before
it, or a brand or model said in Latin letters): never a thing bought to use up ("어제 산 우유"),
someone else's purchase ("친구가 작년에 산 차"), a gift ("엄마한테 사준"), or a wish ("사고 싶은").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL
from gieok.write.extract.base import Hit
from gieok.write.extract.framing import quoted_removed
from gieok.write.extract.korean import FAMILY_KO
from gieok.write.normalize import has_batchim

_WHEN = (r"(?:재작년에|작년에|올해|지난\s?(?:달|해|봄|여름|가을|겨울)에|얼마\s?전에|최근에|요전에|"
         r"\d{1,2}\s?(?:년|달|개월)\s?전에|[한두세]\s?달\s?전에)")
_BOUGHT = r"(?:산|샀던|구매한|구입한|뽑은|장만한|들인|마련한|중고로\s산)"
# a durable good by its kind (not food, clothes, a ticket: used up or worn out in a season)
_GOODS = (r"차|자동차|전기차|중고차|오토바이|스쿠터|자전거|전기자전거|노트북|맥북|아이패드|태블릿|폰|핸드폰|휴대폰|"
          r"스마트폰|아이폰|갤럭시|카메라|미러리스|렌즈|모니터|컴퓨터|데스크탑|본체|TV|티비|냉장고|세탁기|"
          r"건조기|식세기|식기세척기|에어컨|청소기|로봇청소기|공기청정기|제습기|가습기|오븐|에어프라이어|"
          r"밥솥|정수기|소파|침대|매트리스|안마의자|피아노|기타|전자피아노|시계|워치|애플워치|러닝머신|"
          r"안마기|유모차|카시트|집|아파트|오피스텔|빌라|캠핑카|텐트")
_OWNED = re.compile(
    rf"(?:^|(?<=[\s,.!?]))(?P<when>{_WHEN})\s(?:새로\s)?{_BOUGHT}\s"
    rf"(?P<thing>(?:[가-힣A-Za-z0-9]+\s)?(?:{_GOODS})|[A-Za-z][A-Za-z0-9-]*(?:\s[A-Za-z0-9-]+)?)"
    r"(?=[\s,.!?]|이|가|은|는|을|를|도|의|$)")
# whose purchase: someone named before the clause ("친구가 작년에 산 …", "남편이 …")
_SOMEONE = re.compile(rf"(?:{FAMILY_KO}|친구|동료|지인|선배|후배|이웃|[가-힣]{{1,4}}(?:씨|님))(?:이|가|는|은|도|께서)\s"
                      r"(?:\S+\s){0,2}$")
_NOT_MINE = re.compile(r"사준|사\s?준|선물|사고\s?싶|살까|살\s?거|사려고|팔았|팔려고|중고로\s?팔")


def stated(turn_text: str, said: Sequence[str]) -> list[tuple[Hit, str]]:
    """The thing the turn's buying clause says the user owns, unless ``said`` has it."""
    if not HANGUL.search(turn_text):
        return []
    turn_text = quoted_removed(turn_text)  # (a quoted review or message is someone else's)
    out: list[tuple[Hit, str]] = []
    for m in _OWNED.finditer(turn_text):
        before = turn_text[:m.start()].split(".")[-1].split("?")[-1]
        if _SOMEONE.search(before) or _NOT_MINE.search(turn_text[m.start():m.end() + 12]):
            continue
        thing = m.group("thing").strip()
        if any(thing in s for s in said):
            continue
        when = re.sub(r"\s+", " ", m.group("when"))
        particle = "을" if has_batchim(thing) or not HANGUL.search(thing[-1]) else "를"
        out.append((Hit(content=f"사용자는 {when} {thing}{particle} 샀다", family="possession",
                        type=MemoryType.FACT, category="context", tags=("possession",),
                        confidence=0.75), "ko"))
    return out
