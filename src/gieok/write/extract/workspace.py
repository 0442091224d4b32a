"""Workspace knowledge (seed 004, SPEC layers: project): what a team or codebase does.

"we deploy on Tuesdays only", "main branch is protected, need 2 approvals", "배포는 항상
GitHub Actions로 해", "코드 리뷰는 24시간 안에 해주는 게 우리 팀 룰이야" are not facts about
the user: they hold for everyone working in the project, so the extractor marks them
``tier="project"`` and the write path stores them in the project's scope when the call names
a project (``route_by_tier``); without one they stay the user's, marked as project knowledge.

A sentence is workspace knowledge when it says something about the work itself — a tool,
a process or a part of the codebase (``_WORK``) — and is said for a group ("we", "our",
"우리 팀", "팀") or with the work as its subject ("the frontend is Next.js", "배포는 …").
The user's own habits and tastes ("I like using pnpm", "나 요즘 파이썬 공부해") are the
user's; a group with nothing about the work ("we went to Jeju", "우리 가족은 …") is not a
workspace. Pure.
"""

from __future__ import annotations

import re
from functools import lru_cache

from gieok.text.hangul import HANGUL

# tools, processes and parts of a codebase, in words a team uses of its own work
_WORK = re.compile(
    r"\b(?:deploy\w*|releases?|merg\w*|pull\s+requests?|PRs?|code\s+reviews?|reviewers?|"
    r"approvals?|stand-?ups?|retros?|retrospectives?|sprints?|branch(?:es)?|main\s+branch|"
    r"trunk|CI|CI/CD|pipelines?|staging|prod(?:uction)?|hotfix\w*|on-?call|repo(?:sitory)?|"
    r"monorepo|codebase|micro-?services?|API|endpoints?|frontend|front-end|backend|"
    r"back-end|database|DB|schema|migrations?|tests?|test\s+suite|lint\w*|formatter|"
    r"Postgres(?:QL)?|MySQL|Redis|Kafka|Kubernetes|k8s|Docker|Terraform|AWS|GCP|Azure|"
    r"GitHub\s+Actions|GitLab|Jenkins|Jira|Linear|Confluence|Datadog|Sentry|Grafana|Slack|Notion|"
    r"pnpm|npm|yarn|Bun|Node(?:\.js)?|TypeScript|Python\s+\d|Go\s+\d|Java\s+\d+|Rust|"
    r"React|Next\.js|Vue|Django|FastAPI|Spring|Rails|ruff|black|eslint|prettier|"
    r"feature\s+flags?|tickets?|story\s+points|commits?|semver|changelog|docs|"
    # how a codebase holds its dependencies ("we pin deps with uv", "lockfile is committed")
    r"deps|dependenc(?:y|ies)|lock\s?files?|poetry|pipenv|conda|pytest|mypy|pyright|pre-commit)\b|"
    # tools typed in lower case in chat ("slack 알림은 #growth-alerts로"); a channel by its #name
    r"\b(?i:slack|jira|notion|confluence|sentry|datadog|grafana|github|gitlab)\b|"
    r"(?<![\w#])#[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b|"
    r"배포|릴리스|릴리즈|머지|병합|PR|풀\s?리퀘|코드\s?리뷰|리뷰어|승인|스탠드업|데일리\s?스크럼|"
    r"회고|스프린트|브랜치|메인\s?브랜치|파이프라인|스테이징|운영\s?(?:서버|환경|DB|디비)|핫픽스|"
    r"온콜|레포|저장소|모노레포|코드베이스|마이크로서비스|서비스|API|엔드포인트|프론트엔드|프론트|"
    r"백엔드|데이터베이스|디비|스키마|마이그레이션|테스트|린트|포매터|쿠버네티스|도커|"
    r"깃허브\s?액션|지라|컨플루언스|슬랙|팀즈|노션|커밋|티켓|스토리\s?포인트|코딩\s?컨벤션|컨벤션")
# said for a group: the team, the company, "we"/"our" (the user alone is "I"/"my")
_GROUP = re.compile(
    r"(?<![\w'’])(?:we|we['’](?:re|ve|ll|d)|our|ours|us|the\s+team|my\s+team|our\s+team|"
    r"the\s+company|everyone\s+here|here)(?![\w'’])|"
    r"우리\s?(?:팀|회사|쪽|부서|조직)?|저희\s?(?:팀|회사|쪽|부서)?|(?<![가-힣])팀(?:은|에서는|에서|의|\s?규칙|\s?룰)|"
    r"회사(?:에서는|에선|는)", re.IGNORECASE)
# the work as the subject: "the frontend is …", "main branch is protected", "배포는 …"
_WORK_SUBJECT_EN = re.compile(
    r"^(?:the\s+|all\s+|every\s+)?(?:[\w.-]+\s+){0,2}?(?P<w>[\w./-]+)\s+(?:is|are|runs?|uses?|"
    r"gets?|must|should|needs?|requires?|goes|go|lives?|logs?|deploys?|builds?|targets?)\b",
    re.IGNORECASE)
_WORK_SUBJECT_KO = re.compile(r"^(?P<w>[가-힣A-Za-z0-9 ./-]{1,20}?)(?:은|는)\s")
_PERSONAL = re.compile(r"(?<![\w'’])(?:I|I['’]m|I['’]ve|I['’]d|me|my|mine)(?![\w'’])|"
                       r"(?:^|\s)(?:나|저|난|전|내가|제가|나는|저는|내|제)(?=\s|$)", re.IGNORECASE)
# a group that is not a workplace ("우리 가족", "we went to Jeju")
_NOT_WORK_GROUP = re.compile(r"우리\s?(?:가족|집|엄마|아빠|애|아이|부부|커플)|\b(?:family|kids|wife|"
                             r"husband|parents|friends|vacation|trip|holiday)\b", re.IGNORECASE)


# a project, a codebase or a team named in the sentence
_PROJECT = re.compile(
    r"\b(?:this|our|the)\s+(?:workspace|repo(?:sitory)?|project|codebase|monorepo|team)\b|"
    r"\bmy\s+team\b|"
    r"\bour\s+(?:api|frontend|backend|ci|ci/cd|stack|services?|app|database|db|cluster|pipeline|"
    r"staging|prod|production|infra(?:structure)?|build|deploys?|deployments?|releases?|sprints?|"
    r"stand-?ups?|code\s+reviews?|branch(?:es)?|tests?|test\s+suite|docs|schema)\b|"
    r"이\s?(?:워크스페이스|프로젝트|레포|저장소|코드베이스)|"
    r"우리\s?팀(?:은|에서는|은\s|에서|도|이)|"
    r"우리\s?(?:서비스|앱|레포|코드베이스|서버|백엔드|프론트엔드|프론트|API|DB|디비|스테이징|배포)",
    re.IGNORECASE)
# "no cat cafe suggestions for the team outing", "lunch with my team": the group is named in a
# prepositional phrase, not as the one the sentence is about
_ONLY_BESIDE = re.compile(r"\b(?:for|with|to|at|from|on|about|during|after|before)\s+$",
                          re.IGNORECASE)


def project_said(sentence: str) -> bool:
    """A project, codebase or team is what the sentence is about (not only named beside a
    first-person statement: "I'm allergic to cats, so no cat cafe for the team outing"), or a
    piece of work the user makes, named or told by its stack (``own_work``). Not a lead-in
    whose pasted text was cut out ("paste from our team calendar: …")."""
    if re.search(r":\s*[.!]*\s*$", sentence):
        return False
    if own_work(sentence):
        return True
    found = list(_PROJECT.finditer(sentence))
    if not found:
        return False
    if _PERSONAL.search(sentence) is None:
        return True
    return any(not _ONLY_BESIDE.search(sentence[max(0, m.start() - 12):m.start()])
               for m in found)


# a suggestion, a guess or a verdict on a moment: not how the team works
_NOT_A_RULE = re.compile(r"\b(?:should|probably|maybe|might|could|would|wish|hope|if)\b|"
                         r"(?:것\s?같|듯|면\s?좋겠|할까|해야\s?하나)", re.IGNORECASE)
# what happened today is an event of the day, not how the team works ("our deploy failed
# again today ugh", "오늘 배포하다가 장애 났어")
_TODAY = re.compile(r"\b(?:today|tonight|yesterday|this\s+(?:morning|afternoon|evening)|just\s+now|"
                    r"again)\b|오늘|어제|방금|아까|또\s", re.IGNORECASE)


def momentary(sentence: str) -> bool:
    """The sentence tells of a day's event, not a standing practice."""
    return _TODAY.search(sentence) is not None


# Pure; asked of one sentence several times a turn, and again when the session's episode
# re-reads it: cached per text.
@lru_cache(maxsize=16384)
def is_workspace(sentence: str) -> bool:
    """``sentence`` states how the user's team or codebase works (see the module doc)."""
    from gieok.write.extract.generic import past_evaluation
    from gieok.write.extract.korean import unfilled

    text = sentence.strip()
    if HANGUL.search(text):  # "ㅇㅇ 그리고 slack 알림은 …": the topic after the fillers
        text = unfilled(text)
    if not text or text.endswith(("?", "？")) or _NOT_A_RULE.search(text) \
            or past_evaluation(text) or momentary(text):
        return False
    if _ARTEFACT_SAYS.match(text) or _LABELLED_WORK.match(text):
        return True
    if _WORK.search(text) is None:
        return False
    if _NOT_WORK_GROUP.search(text):
        return False
    group = _GROUP.search(text) is not None
    if _PERSONAL.search(text) and not re.search(r"\b(?:my|our)\s+team\b|우리\s?팀|저희\s?팀", text,
                                                 re.IGNORECASE):
        return False  # the user's own: "I like using pnpm", "my PR got merged"
    if group:
        return True
    subject = _WORK_SUBJECT_KO.match(text) if re.search(r"[가-힣]", text) \
        else _WORK_SUBJECT_EN.match(text)
    return subject is not None and _WORK.search(subject.group(0)) is not None


_TEAM_AUX = {"are": "is", "were": "was", "have": "has", "do": "does", "don't": "doesn't",
             "can": "can", "will": "will", "should": "should", "must": "must", "never": "never",
             "always": "always", "usually": "usually", "also": "also", "only": "only",
             "still": "still", "just": "just"}


# what the user wants done for the work, after what the work is: the ask, not its knowledge
_WISH_AFTER_KO = re.compile(r"^(?P<x>.+?(?:는데|은데|인데))\s*,?\s+\S.*(?:싶어|싶어요|싶습니다|싶은데|"
                            r"해\s?줘|해\s?주세요|줄래|할까|될까)[\s.!~?]*$")


# a topic, then how it is done, and no verb: "배포는 release/* 브랜치 태그로", "커밋 메시지는
# 영어로만" (Korean leaves out 해/한다 after the -로 of the means)
_SETTING_KO = re.compile(r"^(?P<x>[^\s]+(?:\s[^\s]+)?(?:은|는)\s.{1,60}?(?:으로|로)(?:만)?)[\s.!~]*$")


def project_content(sentence: str) -> tuple[str | None, str]:
    """Workspace knowledge in a neutral voice ("this project uses pnpm")."""
    from gieok.write.extract import english, korean, patterns_en
    from gieok.write.normalize import first_person_to_user_en

    if HANGUL.search(sentence):
        wish = _WISH_AFTER_KO.match(sentence.strip())  # "…로 만들었는데, 자동화 하고 싶어요"
        setting = _SETTING_KO.match(sentence.strip())
        if setting is not None:  # "배포는 release/* 브랜치 태그로": its verb left out
            return f"{setting.group('x')} 한다", "ko"
        return korean.to_memory(wish.group("x") if wish else sentence, speaker=False), "ko"
    text = english.strip_fillers(sentence)
    text = re.sub(r"\bwe['’](re|ve|ll|d)\b", lambda m: "the team " + {
        "re": "is", "ve": "has", "ll": "will", "d": "would"}[m.group(1).lower()], text, flags=re.I)
    text = re.sub(r"\bwe\s+((?:never|always|usually|also|only|still|just|often|rarely|mostly)\s+)"
                  r"(?=[a-z])(\w+)", lambda m: "the team " + m.group(1) + (
        patterns_en.third_person(m.group(2)) if m.group(2).lower() not in _TEAM_AUX
        else _TEAM_AUX[m.group(2).lower()]), text, flags=re.I)  # "we never merge on Fridays"
    text = re.sub(r"\bwe\s+(?=[a-z])(\w+)", lambda m: "the team " + (
        patterns_en.third_person(m.group(1)) if m.group(1).lower() not in _TEAM_AUX
        else _TEAM_AUX[m.group(1).lower()]),
        text, flags=re.I)  # "we format with ruff" → "the team formats with ruff"
    text = re.sub(r"\bour\s+team\b", "the team", text, flags=re.I)
    text = re.sub(r"\bwe\b", "the team", text, flags=re.I)
    text = re.sub(r"\bour\s+((?:[\w-]+\s+){0,2}?)(project|repo|app|service|product|codebase|"
                  r"store|shop|site|website|newsletter|podcast|channel|brand)\b",
                  r"the \1\2", text, flags=re.I)  # "our internal project is called X"
    text = re.sub(r"\bour\b", "the project's", text, flags=re.I)
    text = re.sub(r"\bmy\s+team\b", "the team", text, flags=re.I)
    if _PERSONAL.search(text):  # "I'm making a habit tracker in Swift": the user as its maker
        text = first_person_to_user_en(text)
    return (text[:1].upper() + text[1:]) if text else None, "en"


# A piece of work the user is doing for a client, a class, a team or themselves, named as
# the work or its artefact: its conventions, deadlines and tools hold for that work, not for
# the user's life ("For the Halvorsen account: …", "the client wants all SFX in caps",
# "column D is always the callout fee", "마감은 이번 달 말", "이 project에서 날짜 format은 …").
_WORK_ITEM = re.compile(
    r"\b(?:(?:the|our|my|a|this)\s+client(?:['’]s)?|client\s+(?:wants|asked|needs|said)|"
    r"(?:for|on)\s+the\s+[\w-]+\s+(?:account|project)|projects?|deliverables?|deadlines?|"
    r"due\s+(?:to|by|on|next|this)|launch\w*|thes[ie]s|dissertations?|spreadsheets?|sheets?|columns?\s+[A-Z]\b|"
    r"manuscripts?|proposals?|grants?|websites?|site|apps?|repo|deploys?|invoic\w+|grading|"
    r"syllabus|unit\s+on|series|chapters?|renovat\w+|remodel\w*|translating)\b|"
    r"(?<![가-힣])(?:클라이언트(?:가|는|측|\s?요청)|논문|고객\s?관리|프로젝트|마감|시안|작업\s?중|"
    r"시트|앱|어플|사이트|홈페이지|발표(?:는|일|\s?날|\s?자료)|과제|리브랜딩|매뉴얼|장부|출시|런칭|"
    r"스탠드업|팀\s?규칙|커밋|번역\s?(?:작업|중|하는)|통일하기로|통일해)|project|[A-Z]열|launch|"
    r"standup|team\s?규칙|commit|(?<![A-Za-z])(?:DB|client(?=\s?(?:건|쪽|측|요청)))(?![A-Za-z])|서버|"
    r"Netlify|Hugo",
    re.IGNORECASE)
# kinds of memory a work item may sit in (never a relative, a pet, health, a liking)
_WORK_KINDS = frozenset({"note", "decision", "plan", "date", "explicit", "rule", "project"})
# A work that is not software, told as the user's own by how it is said: being made
# ("writing a board game called …", "restoring a 1967 Vespa", "집 리모델링 중인데"), a working
# title, a topic or a commission ("졸업논문 주제 …", "포스터 외주 받았는데요"). The noun alone is
# no work item: "reading a novel", "a book called Dune" are the user's life, not a project.
_MADE_WORK = re.compile(
    r"\b(?:writing|drafting|building|making|developing|designing|coding|illustrating|drawing|"
    r"editing|revising|recording|producing|finishing)\s+(?:a|an|the|my|our|their|this)\s+"
    r"(?:[\w'’.-]+\s+){0,3}?(?:novel(?:la)?|screenplay|script|(?:board|card|video)\s+game|game|"
    r"album|EP|comic|webtoon|zine|film|documentary|(?:chat)?bot|thesis|dissertation|memoir|"
    r"cookbook|course|curriculum|mural|podcast|app|website|site|tool|plugin|extension|dashboard|"
    r"scraper|script|bot|library|package|platform)s?\b|"
    r"\b(?:restoring|renovating|remodel+ing|rebuilding|refurbishing)\s+(?:a|an|the|my|our|their)\s|"
    r"\bworking\s+title\b|(?-i:(?<![A-Za-z])CI(?:/CD)?(?![A-Za-z]))|\bGitHub\s+Actions\b|"
    r"(?:논문|소설|웹툰|만화|보드\s?게임|앨범|포스터|시안|다큐)\s?(?:주제|제목|가제|작업|마감|초고|"
    r"원고|쓰는|쓰고|그리는|그리고|만드는|만들고)|리모델링|리노베이션|인테리어\s?공사|외주|"
    r"의뢰\s?(?:받|들어)|커미션|복원\s?(?:중|하고|작업)|클라이언트\s|"
    # the work with the tool it is made or run with: "팟캐스트는 Zoom으로 녹음하고", "쇼핑몰은 카페24로
    # 돌리고 있어요"
    r"(?:앱|어플|사이트|홈페이지|쇼핑몰|스토어|팟캐스트|채널|뉴스레터|블로그|서버|백엔드|프론트(?:엔드)?)"
    r"(?:은|는|이|가)\s(?:[^\s,]+\s){0,3}?[^\s,]+?(?:으로|로)\s?(?:만들|녹음|편집|돌리|돌려|운영|배포|"
    r"호스팅|관리|개발|짜)",
    re.IGNORECASE)


def tier_of(rule: str | None, content: str) -> str | None:
    """``"project"`` when the memory is workspace knowledge or about a piece of work the user
    is doing (``_WORK_ITEM``, ``_MADE_WORK``) though no workspace rule read it; otherwise
    ``None``."""
    if rule == "project" or rule in _WORK_KINDS and (
            _WORK_ITEM.search(content) is not None or _MADE_WORK.search(content) is not None):
        return "project"
    return None


# -- a piece of work the user makes ------------------------------------------------------------
# People name their own work in passing, in the sentence before or after its facts: "we're
# building a scheduling app, Flutter front end. the repo's called \"shiftshare\"", "프로젝트
# 이름이 \"떡보\"예요. 아임웹으로 만들고 있어요", "우리 점자 교정 툴 \"점돌이\" 말이에요, 파이썬으로
# 짜고 있고 …". The work is what those sentences are about — the user's as its maker, not as
# a person — so they are project knowledge, and the name goes with the facts in one memory.
_ARTEFACT_EN = (r"(?:repo(?:sitory)?|project|app|site|website|game|tool|library|package|bot|"
                r"plugin|extension|platform|startup|brand|shop|store|series|book|thesis|"
                r"dissertation|podcast|channel|newsletter|product|pipeline|codebase|code|"
                r"proposal|manuscript|paper|deck|spreadsheet|rebrand|campaign)")
_ARTEFACT_KO = (r"(?:프로젝트|앱|어플|사이트|홈페이지|게임|툴|도구|서비스|플랫폼|쇼핑몰|스토어|"
                r"브랜드|채널|레포|봇|플러그인|프로그램|논문|졸업작품|시리즈|모델|시트|시스템|"
                # a written or recorded work by its kind: "우리 웹소설 '정선 아리랑 살인사건'"
                r"웹소설|웹툰|소설|동화|시나리오|각본|대본|연재작|앨범|팟캐스트|블로그)")
_NAMES_WORK = re.compile(
    # "the repo's called shiftshare", "our game is named Moss & Marrow", "we named it Oddhour"
    rf"\b(?:the|our|my|this)\s+(?:[\w-]+\s+){{0,2}}?{_ARTEFACT_EN}(?:['’]s|\s+is|\s+was|"
    rf"\s+will\s+be)\s+(?:called|named|titled)\s+\S|"
    rf"\b(?:the|our|my|this)\s+(?:[\w-]+\s+){{0,2}}?{_ARTEFACT_EN}['’]s\s+(?:name|title)\s+is\s+\S|"
    rf"\b(?:we|I)\s+(?:called|named|titled)\s+(?:it|the\s+{_ARTEFACT_EN})\s+\S|"
    # "In the Harbor Watch repo …", "For the Larkspur Bakery rebrand: …": a named work as the frame
    rf"(?:^|\b(?:in|for|on)\s+)(?:the|our|my)\s+(?:(?-i:[A-Z0-9][\w&.-]*)\s+){{1,3}}"
    rf"{_ARTEFACT_EN}\b|"
    rf"^(?:in|for|on)\s+(?:the|our|my)\s+(?:[\w-]+\s+){{0,2}}?{_ARTEFACT_EN}\s*[,:]|"
    # "프로젝트 이름이 떡보예요", "논문 title 바뀜: …", "툴 점돌이 말이에요", "앱 있잖아요,"
    rf"{_ARTEFACT_KO}\s?(?:이름|명|제목|타이틀|title|name)\s?(?:이|은|는|가)?\s?"
    rf"(?:바뀜|바뀌었어요?|바꿨어요?|정했어요?)?\s*[:：]?\s*\S|"
    rf"{_ARTEFACT_KO}\s?(?:[^\s,]+\s)?(?:말인데|말이에요|말이야|말이죠|말입니다|있잖아)",
    re.IGNORECASE)
# what the user makes or runs (not what one reads or plays: a book, a series, a game)
_RUN_WORK = (r"(?:repo(?:sitory)?|project|app|site|website|tool|bot|plugin|extension|platform|"
             r"startup|brand|shop|store|product|pipeline|codebase|newsletter|podcast|campaign|"
             r"spreadsheet|database|server|backend|frontend)")
# A piece of work said as "the …" with how it is made, run or kept: "the app is built with
# Flutter", "the podcast is recorded on Zoom and edited in Descript", "the shop's POS is Square",
# "the client's brand colours are navy and coral". Said of "the" work with no one else in the
# sentence, it is the user's work (a thing only read or watched is not made, run or kept).
_ARTEFACT_SAYS = re.compile(
    rf"^(?:(?:fyi|btw|so|also|and|oh|ok|context)[,:\s]+)*the\s+(?:[\w-]+\s+){{0,2}}?"
    rf"(?:{_RUN_WORK}(?:['’]s\s+(?:[\w-]+\s+){{0,2}}?[\w-]+)?\s+(?:(?:is|are|gets?)\s+"
    rf"(?:(?:all|always|usually|mostly|now|currently|still)\s+)?(?:built|written|made|coded|"
    rf"recorded|edited|hosted|deployed|stored|designed|shot|mixed|mastered|run|managed|tracked|"
    rf"kept|sold|shipped|published|released|sent|scheduled|backed\s+up|printed)\s+(?:with|in|on|"
    rf"via|through|using|to|from|by|at)\s+\S|(?:uses|runs\s+on|lives\s+in|goes\s+out|ships\s+"
    rf"(?:via|with|on|every)|is\s+hosted|sits\s+on)\b)|"
    rf"{_RUN_WORK}['’]s\s+(?:[\w-]+\s+){{0,2}}?[\w-]+\s+"
    rf"(?:is|are)\s+(?-i:[A-Z0-9])|client['’]s\s+(?:[\w-]+\s+){{0,2}}?[\w-]+\s+(?:is|are)\s+\S)",
    re.IGNORECASE)
# A part of the work, a label and its value, as a context dump lists them: "stack: Rails 7,
# Postgres", "deploy: Heroku", "DB: MySQL", "배포: 금요일 오후", "클라이언트: 괴산군청"
_LABELLED_WORK = re.compile(
    r"^(?:(?:quick\s+|some\s+)?context[:\s,—-]+)?(?:the\s+|our\s+)?(?:tech\s+)?(?:stack|deploy(?:ment)?s?|"
    r"db|database|backend|back-end|frontend|front-end|hosting|host|infra(?:structure)?|ci|ci/cd|"
    r"repo|framework|cms|orm|auth|payments?|storage|queue|cache|monitoring|logging|analytics|"
    r"deadline|launch|release|client|budget|staging|prod(?:uction)?)\s*[:=]\s*\S|"
    r"^(?:스택|기술\s?스택|배포|DB|디비|데이터베이스|백엔드|프론트(?:엔드)?|호스팅|서버|인프라|"
    r"마감|런칭|출시|클라이언트|예산|스테이징)\s*[:：]\s*\S", re.IGNORECASE)
# "이름은 Moss & Marrow" after the work was named earlier in the sentence
_NAME_KO = re.compile(r"(?:이름|제목|타이틀)(?:은|는|이)\s?\S")
# the user (or the user's team) making or running the work …
_BUILDS = re.compile(
    r"\b(?:I['’]m|I\s+am|we['’]re|we\s+are|I['’]ve\s+been|we['’]ve\s+been)\s+(?:building|"
    r"making|developing|writing|coding|working\s+on|running|launching|designing)\b|"
    r"\b(?:I|we)\s+(?:built|made|maintain|develop)\b|"
    r"만들고\s?있|만드는|만들었|개발\s?(?:중|하고|했)|짜고\s?있|짜는|운영\s?(?:중|하고|해)|"
    r"구축\s?(?:중|하고)|작업\s?중", re.IGNORECASE)
# … told by what it is built with: a tool, a language, a host (a closed class of names)
_STACK = re.compile(
    r"(?<![A-Za-z])(?:Flutter|Supabase|Firebase|Next\.?js|React(?:\s?Native)?|Vue|Svelte|Django|"
    r"FastAPI|Flask|Spring(?:\s?Boot)?|Rails|Laravel|Node(?:\.js)?|Rust|Tokio|Python|TypeScript|"
    r"JavaScript|Kotlin|Swift|Godot|Unity|Unreal|GDScript|WordPress|Shopify|Wix|Webflow|S3|"
    r"AWS|GCP|Azure|Vercel|Netlify|Fly\.io|Heroku|Docker|Kubernetes|Postgres(?:QL)?|MySQL|"
    r"SQLite|MongoDB|Redis|DB|ECS|Lambda|Terraform|Tailwind|GraphQL|Figma)(?![A-Za-z])|"
    r"파이썬|자바스크립트|워드프레스|쇼피파이|아임웹|플러터|리액트|장고|스프링|파이어베이스|"
    r"플러그인|데이터베이스|디비|서버")


def own_work(sentence: str) -> bool:
    """The sentence names a piece of work the user makes (``_NAMES_WORK``), or tells of the
    user making it and what it is built with ("I'm building a Flutter app", "예약 앱 만들고
    있는데 DB는 MySQL이고"). A question is none (it asks, it does not state)."""
    text = sentence.strip()
    if not text or text.endswith(("?", "？")):
        return False
    return names_work(text) or (_BUILDS.search(text) is not None
                                and _STACK.search(text) is not None)


# a creative work the user is making, named by its title: "지금 쓰는 소설 제목이 '마지막 탄광'이에요",
# "웹툰 연재 중인데 제목은 '달빛 정류장'", "제 앨범 타이틀은 …" (a work only read, watched or heard
# — "어제 본 영화 제목이 …" — is no work of the user's: these need the making said)
_CREATIVE_KO = r"(?:소설|웹소설|웹툰|만화|시나리오|각본|희곡|에세이|앨범|단편|장편|작품|모드|mod|시집|동화)"
_MAKING_KO = (r"(?:쓰는|쓰고\s?있는|만드는|만들고\s?있는|작업\s?(?:중인|하는)|준비\s?(?:중인|하는)|"
              r"연재\s?(?:중인|하는)|그리는|내가\s?쓴|제가\s?쓴|(?<![가-힣])(?:내|제|우리|저희))")
_NAMES_CREATIVE_KO = re.compile(
    rf"{_MAKING_KO}\s?(?:[^\s.!?]+\s)?{_CREATIVE_KO}\s?(?:이름|제목|타이틀)\s?(?:이|은|는|가)\s?\S|"
    rf"{_CREATIVE_KO}(?:을|를)?\s?(?:쓰는|쓰고\s?있는|만드는|만들고\s?있는|작업(?:하는|\s?중)|"
    rf"준비(?:하는|\s?중)|연재(?:하는|\s?중)|그리는)\s?(?:중)?(?:인데|이고|이에요|이야|데)?,?\s?"
    rf"(?:[^\s.!?]+\s)?(?:이름|제목|타이틀)\s?"
    r"(?:이|은|는|가)\s?\S", re.IGNORECASE)
# "제목은 '반딧불 숲'": a title said alone, which goes with the work the sentence beside it makes
_BARE_TITLE = re.compile(r"(?:이름|제목|타이틀)\s?(?:은|는|이)\s?['\"‘“]")


def names_work(sentence: str) -> bool:
    """The sentence names a piece of the user's work (see ``_NAMES_WORK``)."""
    if _NAMES_WORK.search(sentence) or _NAMES_CREATIVE_KO.search(sentence):
        return True
    name = _NAME_KO.search(sentence)
    return name is not None and re.search(_ARTEFACT_KO, sentence[:name.start()]) is not None


_COPULA_END = re.compile(r"(?:이에요|예요|에요|이야|야|입니다|이다|임)[.!~\s]*$")


def named_with_facts(sentences: list[str]) -> list[str]:
    """A sentence naming the user's work read as one with the sentence beside it that tells
    of the work ("… Flutter front end and Supabase backend. the repo's called shiftshare"):
    one memory names the work and holds its facts. The sentence after the name is tried
    first, then the one before it."""
    out = list(sentences)
    i = 0
    while i < len(out):
        titled = _BARE_TITLE.search(out[i]) is not None and any(
            0 <= j < len(out) and _BUILDS.search(out[j]) is not None for j in (i - 1, i + 1))
        if not (names_work(out[i]) or titled) or out[i].rstrip().endswith(("?", "？")) \
                or _BUILDS.search(out[i]) or _STACK.search(out[i]):  # (its facts are in it)
            i += 1
            continue
        for j in (i + 1, i - 1):
            if 0 <= j < len(out) and _tells_of_work(out[j]) and not names_work(out[j]):
                first, second = (out[i], out[j]) if j > i else (out[j], out[i])
                out[min(i, j)] = _joined(first, second)
                del out[max(i, j)]
                break
        i += 1
    return out


def _tells_of_work(sentence: str) -> bool:
    text = sentence.strip()
    if not text or text.endswith(("?", "？")):
        return False
    return (_BUILDS.search(text) is not None or _STACK.search(text) is not None
            or _WORK.search(text) is not None or project_said(text))


def _joined(first: str, second: str) -> str:
    first = first.strip()
    if HANGUL.search(first):
        first = _COPULA_END.sub("이고", first) if _COPULA_END.search(first) \
            else first.rstrip(" .!~")
        return f"{first}, {second.strip()}"
    return f"{first.rstrip(' .!')}; {second.strip()}"


# (the noun may be the subject of the name: "우리 repo가 'tidepool'인데", "앱은 \"모아\"예요")
_BEFORE_NAME_KO = re.compile(rf"(?:{_ARTEFACT_KO}|(?i:{_ARTEFACT_EN}))(?:이|가|은|는)?\s?$")
# where a work lives or how it is labelled: a name said with these is an identifier
_HANDLE_EN = (r"(?:org|organi[sz]ation|label|tag|branch|server|workspace|account|handle|"
              r"username|domain|bucket|board|namespace|channel)")
# a work noun right before the name, in apposition or not ("our ferry bot, \"tidewatch\",
# deployed on Render", "the GitHub org 'harbor-lab'")
# (or said with "is": "our repo is \"harbor-ledger\"")
_BEFORE_NAME_EN = re.compile(rf"\b(?:{_ARTEFACT_EN}|{_HANDLE_EN})(?:\s+(?:is|was)|['’]s)?\s*,?\s*$",
                             re.IGNORECASE)
# (a Korean particle may follow the noun at once: "'ko-only' label은")
_AFTER_NAME_EN = re.compile(rf"^\s?(?:{_ARTEFACT_EN}|{_HANDLE_EN})(?![A-Za-z])", re.IGNORECASE)
_AFTER_NAME_KO = re.compile(r"^\s?(?:말(?:이에요|인데|이야|이죠|입니다)|있잖아)")


def quote_names_work(before: str, after: str) -> bool:
    """A quoted span is the name of a piece of work when a work noun is right before it
    ("툴 \"점돌이\"", "브랜드 \"Oddhour\"", "our bot, \"tidewatch\","), or a place it lives or a
    label it carries ("the GitHub org 'harbor-lab'"), right after it ("the \"Harbor Watch\"
    repo", "'ko-only' label") or it is what the sentence is about ("\"보이스풀\" 말인데")."""
    return bool(_BEFORE_NAME_KO.search(before) or _BEFORE_NAME_EN.search(before)
                or _AFTER_NAME_EN.match(after) or _AFTER_NAME_KO.match(after))


def work_tool(name: str) -> bool:
    """``name`` is a tool, language or service a piece of work is made with (``_STACK``,
    ``_WORK``): what the user "uses" of these is the work's, not a thing the user owns."""
    return _STACK.search(name) is not None or _WORK.search(name) is not None
