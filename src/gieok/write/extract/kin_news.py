"""A relative's news passed on by the user (W3): "동생 민재는 이번에 세종시로 발령 났대",
"my brother says he's moving to Leeds".

Why this module exists: hearsay is a hard gate of the generic path (someone else's words are
not the user's statement), so a relative's new job, move, wedding or operation told as
reported speech was dropped whole, while the same news said plainly ("형이 이번에 삼성전자에
입사했어") was kept. Who is told about matters: a relative's job, home and life events are the
user's family facts; a friend's or a colleague's are not (``discourse_others`` drops those).
The rule needs three things by structure — a relative as the subject (a closed class of kin
words, no friend or roommate), the hearsay form (Kiwi's -대/-ㄴ대(요) ending; "says/told me
(that) he/she …" in English, the pronoun going back to the relative) and a change of state
(a job, a move, a life event or a hospital stay) — and stores what was reported, in the plain
form, as the relative's fact. A job and a home take a slot per relative, so later news of the
same kind replaces the earlier.
"""

from __future__ import annotations

import re

from gieok.write.extract.base import Hit, Rule, RuleContext
from gieok.write.extract.korean import Token, tokens, unreported
from gieok.write.extract.patterns_en_base import FAMILY as FAMILY_EN
from gieok.write.extract.patterns_ko_base import FAMILY as FAMILY_KO

# -- what changed: a job, a home, a life event --------------------------------------------
_JOB_KO = r"입사|취직|취업|이직|퇴사|발령|전근|승진|퇴직|은퇴|복직|휴직|창업|개업|가게\s?(?:차|열|냈)"
_HOME_KO = r"이사|이민|유학|내려가|내려간|내려갔|올라오|올라온|올라왔|귀촌|귀농|옮기|옮긴|옮겼"
_LIFE_KO = (r"결혼|약혼|이혼|파혼|임신|출산|낳|졸업|입학|전역|입대|수술|입원|퇴원|진단|돌아가셨|"
            r"태어났|상견례|합격|붙었")
_LIFE_KO_RE = re.compile(_LIFE_KO)
_JOB_EN = (r"job|hired|promot\w*|retir\w*|quit(?:ting)?|laid\s+off|redundan\w*|start(?:s|ing|ed)\s+"
           r"(?:at|a\s+new|work|uni|university|college)|join(?:s|ing|ed)\b|got\s+into|accepted|"
           r"transferr\w*|posted\s+to|set(?:ting)?\s+up\s+(?:a|her|his|their)\s+own")
_HOME_EN = r"mov(?:e|es|ing|ed)\s+(?:to|back|out|abroad|in\s+with|house)|emigrat\w*|relocat\w*"
_LIFE_EN = (r"engaged|married|divorc\w*|pregnant|expecting|having\s+a\s+baby|due\s+in|graduat\w*|"
            r"surgery|operation|hospital|diagnos\w*")

_KIN_KO = re.compile(
    rf"^(?:(?:우리|저희|울|내|제)\s?)?(?:(?:큰|작은|둘째|셋째|막내)\s?)?(?P<k>{FAMILY_KO})"
    r"(?:\s(?P<name>[가-힣]{2,3}?)(?=(?:이|가|는|은|도)\s))?(?:이|가|는|은|도|께서)?\s+(?P<rest>.+)$")
_SAID = frozenset("대 대요 ᆫ대 ᆫ대요 는대 는대요".split())


def _said_end(toks: list[Token]) -> int | None:
    """Where the first sentence ending is, when it is reported speech: -대(요)/-ㄴ대(요), or
    the same read by Kiwi as -다고 하- + an ending ("입사했대요 ㅎㅎ" → 다고/EC 하/VV 어요/EF)."""
    at = next((i for i, t in enumerate(toks) if t.tag == "EF"), None)
    if at is None:
        return None
    if toks[at].form in _SAID:
        return toks[at].end
    if at >= 2 and toks[at - 1].form == "하" and toks[at - 2].tag == "EC" \
            and toks[at - 2].form.endswith(("다고", "ᆫ다고", "는다고")):
        return toks[at].end
    return None


def _ko(match: re.Match[str], _: RuleContext) -> Hit | None:
    """"동생 민재는 이번에 세종시로 발령 났대" → "사용자의 동생 민재는 이번에 세종시로 발령 났다".
    The news is the clause that ends in the hearsay form; what follows it ("ㅎㅎ 창원으로
    내려간다고. 선물 뭐가 좋을까") is left to the rest of the extractor."""
    sentence = match.string
    end = _said_end(tokens(sentence))
    if end is None or end <= match.start("rest"):
        return None  # the first clause that ends is not reported speech
    rest = sentence[match.start("rest"):end].strip()
    if any(t.form in ("나", "저", "내", "제") and t.tag == "NP" for t in tokens(rest)):
        return None  # "엄마가 나 이사 가래": about the user, not the relative's news
    kind = "job" if re.search(_JOB_KO, rest) else "home" if re.search(_HOME_KO, rest) \
        else _LIFE_KO_RE.search(rest)
    if kind is None:
        return None
    head = re.sub(r"^(?:우리|저희|울|내|제)\s?", "", sentence[:match.start("rest")].strip())
    event = kind if isinstance(kind, str) else kind.group(0)
    return _hit(f"사용자의 {head} {unreported(rest)}", event, match.group("k"), rest)


_KIN_EN = re.compile(
    r"^(?:(?:so|and|oh|also|btw|well|ok|okay|update|news)[,:\s]+)*(?:apparently\s+)?(?:my|our)\s+"
    rf"(?P<k>(?:(?:older|younger|little|big|baby|eldest|oldest|youngest|twin|step)\s+)?(?:{FAMILY_EN}))"
    r"(?:\s+(?P<name>(?-i:[A-Z])[\w-]+))?\s+(?:just\s+)?(?:says|said|told\s+(?:me|us)|mentioned|"
    r"reckons|texted(?:\s+(?:me|us))?(?:\s+to\s+say)?|called\s+to\s+say|let\s+(?:me|us)\s+know)"
    r"(?:\s+that)?\s+(?P<p>he|she|they)(?P<rest>(?:['’]s|['’]ll|\s+(?:is|are|was|were|will|has|have|"
    r"got|just|finally|officially|\w+ed|\w+s))\b[^.!?]*)", re.IGNORECASE)


def _en(match: re.Match[str], _: RuleContext) -> Hit | None:
    """"my brother says he's moving to Leeds" → "User's brother is moving to Leeds"."""
    kin, rest = match.group("k"), match.group("rest").rstrip(" ,")
    if re.match(r"roommates?$", kin, re.IGNORECASE):
        return None  # someone the user lives with, not a relative
    if re.search(r"\b(?:I|me|my|I['’]m|I['’]ll|we|us|our)\b", rest) \
            or re.search(r"\b(?:might|maybe|could|thinking\s+(?:of|about)|wants?\s+to|if)\b",
                         rest, re.IGNORECASE):
        return None  # about the user, or only a thought: no news of the relative's
    life = re.search(_LIFE_EN, rest, re.IGNORECASE)
    kind = "job" if re.search(_JOB_EN, rest, re.IGNORECASE) else "home" \
        if re.search(_HOME_EN, rest, re.IGNORECASE) else life.group(0).lower() if life else None
    if kind is None:
        return None
    plural = match.group("p").lower() == "they"
    rest = re.sub(r"^['’]s\b", " is", rest)
    rest = re.sub(r"^['’]ll\b", " will", rest)
    if plural:
        rest = re.sub(r"^\s+are\b", " are", rest)
    name = f" {match.group('name')}" if match.group("name") else ""
    content = f"User's {kin.lower()}{name}{rest}".rstrip(" ,;")
    return _hit(content, kind, kin.lower(), rest)


def _hit(content: str, kind: str, kin: str, value: str) -> Hit:
    """The relative's fact. A job and a home have one value at a time (the later news
    replaces the earlier); a life event has a slot of its own (a wedding does not end an
    operation), which also carries it past the judge's veto of chatter."""
    slot = {"job": f"kin_job:{kin}", "home": f"kin_home:{kin}"}.get(kind, f"kin_event:{kin}:{kind}")
    return Hit(content=content, family="family", category="context", slot=slot,
               value=value.strip(), tags=("family", "news"), confidence=0.8)


RULES_KO: list[Rule] = [Rule("ko.family.news_heard", _KIN_KO, _ko)]
RULES_EN: list[Rule] = [Rule("en.family.news_heard", _KIN_EN, _en)]


def heard(sentence: str) -> bool:
    """Whether the sentence passes on a relative's news (the rules above match it): the
    noise gate, which drops reported speech as someone else's words, lets it through."""
    s = sentence.strip()
    for rules in (RULES_KO, RULES_EN):
        for rule in rules:
            match = rule.pattern.search(s)
            if match is not None and rule.build(match, RuleContext(sentence=s)) is not None:
                return True
    return False
