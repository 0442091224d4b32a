"""A piece of the user's own work named by its title in quotes (W3): "우리 웹소설 '정선 아리랑
살인사건' 3부 플롯 좀 같이 짜줘", "내 블로그 '오늘의 빵' 소개글 써줘".

"우리/내/제 <kind of work> '<title>'" says the user makes the work and what it is called —
what every later request about it ("3부", "다음 화") needs. The sentence itself is a request
for the task at hand, which is no memory, and the quoted title is lost with it (the turn's
quotes are read as someone else's words before the rules run). So the title is read from the
turn as said, and stored alone when nothing the turn stored names it. Never for a work said
as wished for or imagined ("나중에 내 앱 'X' 만들면 …"). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gieok.domain.records import MemoryType
from gieok.write.extract.base import Hit
from gieok.write.normalize import has_batchim

# the kinds of work a person makes and names (not one they only read or play)
_KINDS = (r"웹소설|웹툰|소설|동화|시나리오|대본|앨범|팟캐스트|블로그|유튜브\s?채널|채널|앱|어플|"
          r"서비스|프로젝트|게임|브랜드|가게|밴드|논문|쇼핑몰|사이트|봇|뉴스레터")
_TITLED = re.compile(
    rf"(?:^|(?<=[\s,.!?]))(?:우리|내|제|저희)\s?(?:팀\s?|회사\s?)?(?P<kind>{_KINDS})\s?"
    r"['\"‘“](?P<title>[^'\"’”\n]{1,40})['\"’”]")
_NOT_NOW = re.compile(r"만약|나중에|언젠가|라면|다면|(?:으|하|만들|쓰|열|차리)면\s|싶")


def titled(turn_text: str, stored: Sequence[str]) -> list[tuple[Hit, str]]:
    """A project memory for each work of the user's the turn names by its title in quotes,
    unless a memory in ``stored`` (what the turn's sentences made) already names it."""
    out: list[tuple[Hit, str]] = []
    for m in _TITLED.finditer(turn_text):
        title = m.group("title").strip()
        said = turn_text[m.start():].split("\n")[0]
        if not title or any(title in text for text in stored) or _NOT_NOW.search(said[:80]):
            continue
        kind = re.sub(r"\s", " ", m.group("kind"))
        end = "이다" if has_batchim(title[-1]) and re.match(r"[가-힣]", title[-1]) else "다"
        out.append((Hit(content=f"사용자의 {kind} 제목은 '{title}'{end}", family="project",
                        type=MemoryType.FACT, category="context", tags=("project",),
                        confidence=0.75), "ko"))
    return out
