"""A business the user runs, said the Korean way (W3, work family): "작은 국밥집 해요",
"망원동에서 칼국수집 한다", "동네에서 꽃집 하고 있어요".

Korean says "runs a shop" with the light verb 하다 after the kind of shop. The kinds are an
open class, but their head nouns are few and closed: a shop word on its own (가게, 식당, 카페,
학원, 매장, 공방, 미용실 …) or a compound ending in 집 (국밥집, 칼국수집, 치킨집, 꽃집 — never
"집" alone or someone's home: "우리 집", "친구 집"). The memory says what it is in words a
later question finds: "사용자는 작은 국밥집을 운영한다".
"""

from __future__ import annotations

import re

from gieok.write.extract.patterns_ko import Groups, rule
from gieok.write.normalize import josa

_SHOP = (r"(?:[가-힣A-Za-z]{1,8}(?<!우리)(?<!저희)(?<!친구)(?<!이모)(?<!고모)(?<!삼촌)(?<!할머니)"
         r"(?<!엄마)(?<!아빠)(?<!언니)(?<!누나)(?<!형)(?<!오빠)집|가게|식당|카페|학원|매장|공방|"
         r"미용실|헤어샵|네일샵|편의점|빵집|꽃집|술집|주점|약국|서점|세탁소|부동산|사무실|"
         r"[가-힣A-Za-z]{1,8}(?:샵|가게|식당|카페|학원|매장|공방))")


def _shop(g: Groups, _: object) -> bool:
    return not re.search(r"(?:우리|저희|친구|이모|고모|삼촌|엄마|아빠|시댁|처가)\s*집$", g["x"])


RULES_KO = [
    rule("ko.job.runs",
         rf"(?P<x>(?:[가-힣A-Za-z0-9]+\s){{0,2}}?{_SHOP})(?:을|를)?\s*"
         r"(?:(?:해요|해|합니다|한다)(?=$|[\s.!~,ㅋㅎ])|하고\s?있|하는\s?중|운영|차렸|열었)",
         lambda g, _: f"사용자는 {josa(g['x'], '을/를')} 운영한다", "job", slot="employer",
         tags=("job",), check=_shop),  # type: ignore[arg-type]
]
