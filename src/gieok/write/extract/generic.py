"""Self-disclosures no slot rule fits (W3): is this sentence worth remembering, and as what?

Slot rules (``patterns_en``/``patterns_ko``) are precise but cover only the phrasings they
were written for. This module keeps the rest of what users say about themselves, their
relatives and pets — "My daughter Jiwoo starts elementary school in March", "Ruby has
epilepsy", "저 방송대 다니면서 사회복지 공부해요" — as the user's own sentence in the third
person (``english``/``korean``), and rejects what is not a durable statement about them:
requests to the assistant, questions, hypotheticals and wishes, other people's words, quoted
text, and passing states ("so tired today"). ``kind`` says what the memory is about, so
health, medication, allergy and diet facts rank as core facts (seed 001).
"""

from __future__ import annotations

import re
from functools import lru_cache

from gieok.domain.records import MemoryType
from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.health import (EN_FINDING, HEALTH, MEAL_SKIPPED, MEDICINE, animal_part,
                                        kin_patient, medical_report)
from gieok.write.extract.patterns_en_base import PETS
# life_event, one_off, past_evaluation, reason_clause and without_request are read as
# generic.<name> by the extractor: they live in moment and request_reason, and are re-exported
from gieok.write.extract.moment import (KO_LAUGH, KO_MOOD, PLAN, VENT, momentary, one_off,
                                        past_evaluation, searching)
from gieok.write.extract.moment import life_event as life_event
from gieok.write.extract.passing import passing
from gieok.write.extract.request_reason import reason_clause as reason_clause
from gieok.write.extract.request_reason import ko_asks, without_marker, without_request
from gieok.write.extract.script import is_korean
from gieok.write.extract import discourse, english, kin_holder, korean


# -- what is not a durable self-disclosure ----------------------------------------------------
# A plan called off in the same breath: "I was going to go hiking but nvm", "가려고 했는데 …"
_EN_CALLED_OFF = (r"\b(?:was|were)\s+(?:going\s+to|gonna|planning\s+to|about\s+to)\b.*"
                  r"\b(?:but|nvm|never\s+mind)\b")
# ("…가려고 했는데 cancel 했어": the clause kept alone after a split, "가려고 했어", still says it
# did not happen)
_KO_CALLED_OFF = r"(?:려고|을까\s?하고|ㄹ까\s?하고)\s?했(?:는데|지만|었어요?|었다|어요?|다)(?=[\s.!~ㅋㅎㅠ]|$)"
_OUTSIDER_CHAIN = (r"^(?:(?:so|and|ok|okay|well|oh)[,\s]+)*(?:my|our)\s+(?:[\w-]+['’]s\s+)*(?:friend|neighbou?r|boss|coworker|co-worker|"
                   r"colleague|manager|teacher|roommate|classmate|mate|pal|client|landlord)['’]s\b")
_EN_REJECT = re.compile(
    r"\b(?:you|your|yours|u|ur)\b|^(?:please|pls|can|could|would|will|help|write|tell|give|"
    r"show|make|let['’]?s|translate|summari[sz]e|reply|draft|remind|explain|suggest|recommend|"
    r"any|ok(?:ay)?(?![,\s]+(?:so\s+)?(?:big\s+|quick\s+|small\s+)?(?:update|news|fyi)\b)|"
    r"never\s+mind|nvm|thanks?|thx|ty)\b|\b(?:if|suppose|imagine|pretend|wish|"
    r"would|hypothetically|say[s]?|said|told|thinks?|heard)\b|"
    # a lead-in to what is pasted after it ("my form for the clinic asks: Blood type? …")
    r"\b(?:asks|reads|goes\s+like|looks\s+like\s+this|is\s+as\s+follows)\s*[:.]?\s*$|"
    # an answer to a what-if ("if you could be any animal…" → "I'd be a cat, sleep all day")
    r"\bi['’]d\s+(?:probably\s+|definitely\s+|totally\s+)?(?:be\s+(?:a|an|the)|pick|choose|go\s+(?:for|with)|take)\b|"
    r"\b(?:i\s+(?:think|guess|suppose|"
    r"see|know|agree|hope|bet|wonder)|idk|dunno)\b|\b(?:today|tonight|right\s+now|just\s+now|"
    r"this\s+morning)\b.*\b(?:tired|bored|hungry|sleepy|stressed|sad|happy|excited|nervous)\b|"
    r"^(?:i['’]?m|i\s+am)\s+(?:so\s+|really\s+|very\s+|kinda\s+|super\s+|just\s+|mostly\s+|"
    r"emotionally\s+|a\s+bit\s+|a\s+little\s+)?(?:tired|bored|hungry|grumpy|annoyed|cranky|upset|"
    r"destroyed|wrecked|devastated|gutted|bummed|"
    r"sleepy|nervous|excited|confused|sorry|glad|back|here|ready|fine|good|ok|starving|exhausted|"
    r"freezing|stuffed|craving|dying|stuck|lost|curious|wondering|thinking|trying|debating)\b|\bi['’]?ll\s+(?:tell|ask|check|"
    r"try|think|let)\b|^(?:ugh|lol|haha|wow|omg|huh)\b|[\"“”]|\bthought\b|"
    r"^(?:my|our)\s+(?:friend|neighbou?r|boss|coworker|co-worker|colleague|manager|teacher|"
    r"roommate|landlord|landlady|classmate|teammate|ex|professor|supervisor)s?\b(?!\s+"
    r"(?-i:[A-Z])[\w-]+\s+(?:(?:is|was)\s+(?:moving|getting|having|leaving|starting|joining|retiring|going|a|an|the|from|in|on|my|our)|has|will|wants|needs|asked|expects|runs|leads|manages|"
    r"works|lives|moved|joined|left|started|teaches|owns|prefers|hates|likes|loves)\b)|"
    r"^(?:people|someone|everyone|they|he|she)\s|\b(?:it|that|this|them|him|her)(?:\s+(?:here|there|"
    r"so\s+much|a\s+lot|too|lol|haha|now))*\s*[.!]*$|\bthat\s+idea\b|"
    r"\b(?:to\s+bed|go(?:ing)?\s+to\s+sleep|heading\s+out|brb)\b|\banymore\b|\bno\s+longer\b|"
    r"\b(?:tired|bored|hungry|sleepy|stressed)\b.*\b(?:today|tonight|now)\b|"
    # what the user read or heard, and what might happen some day: not facts about them
    r"\bi\s+(?:read|heard|saw|learned)\s+(?:somewhere|online|on\s+\w+|that|about)\b|"
    r"^(?:like|as\s+if|as\s+though)\s+(?:i['’]?m|i\s+am|im)\b|"  # "(explain it) like I'm 10"
    rf"{_EN_CALLED_OFF}|"
    # undecided ("kids want another one but I'm not sure")
    r"\b(?:not\s+sure|unsure|undecided|on\s+the\s+fence|can['’]?t\s+decide)\b|"
    # an intention that did not happen, and a bare "we cancelled"
    r"\b(?:was|were)\s+(?:going\s+to|gonna|planning\s+to|supposed\s+to)\b|"
    r"^(?:i|we)\s+(?:just\s+|had\s+to\s+)?(?:cancel+ed|called\s+it\s+off)\b|"
    # someone else's someone as the subject ("my sister-in-law's friend's dog Rolo had …"; not
    # "every tuesday I pick up my neighbour's kid"): past the user's circle; a question passed on or asked for someone ("she's also asking whether …",
    # "asking for her")
    rf"{_OUTSIDER_CHAIN}|\basking\s+(?:whether|if|about)\b|\basking\s+for\s+(?:a\s+friend|her|him|"
    r"them|(?:my|User['’]s)\s+[\w-]+)\s*[.!]*$|"
    r"\b(?:had\s+(?:an?|the|this|that)\s+(?:\w+\s+)?dream|"
    r"dreamt|dreamed|in\s+my\s+dream|nightmare)\b|"
    r"\bwho\s+knows\b|\bsomeday\b|\bone\s+day\b|\bmight\s+(?:\w+\s+)?(?:move|go|get|buy|try|"
    r"start|quit|switch|change|do|visit|learn|become)\b",
    re.IGNORECASE)

def says_nothing(content: str) -> bool:
    """A memory whose object is a bare pronoun ("User's brother hates it"): what it is about
    was said elsewhere, so alone it says nothing."""
    return _PRONOUN_END.search(content) is not None


# Credentials are never remembered, whatever the PII detectors make of them (W3/W4).
_CREDENTIAL = re.compile(
    r"\b(?:password|passcode|passwd|pin|door\s+code|access\s+code|api\s+key|secret|token|"
    r"card\s+number|account\s+number|ssn|(?:api|secret|access|private|license|licence|product|"
    r"recovery|ssh|aws|gpg|pgp|encryption|auth|my)\s+key|passport\s+(?:number|no\.?|#)|licen[cs]e\s+number|"
    r"social\s+security)\b|여권\s?번호|면허\s?번호|비밀번호|비번|암호|계좌|카드\s?번호|주민\s?번호|"
    r"시크릿|secret|토큰|인증\s?번호|(?<![가-힣])키(?:가|는|값)", re.IGNORECASE)
_EN_SELF = re.compile(r"(?<![\w'’])(?:I|I['’]m|im|I['’]ve|I['’]d|my|we|we['’]re|we['’]ve|our|"
                      r"User['’]s|User)\b", re.IGNORECASE)
_KO_REJECT = re.compile(
    r"(?:줘|줘요|주세요|주셔요|주십시오|줄래|줄래요|주실래요|주시겠|주라|해\s?줘|알려\s?줘|해요\?|할까|을까|ㄹ까|니\?|"
    r"부탁(?:해|해요|합니다|드려요|드립니다|드릴게요)|"
    r"냐|어때|뭐|어떻게|어디|언제|왜|몇)[\s.?!~:]*$|\?|"
    r"만약|만일|혹시|로또|싶다|싶어|싶네|면\s?좋겠|았으면|었으면|였으면|텐데|"
    # a dream, and what happened just now: not facts about the user
    r"꿈에서|꿈을\s?꿨|꿈\s?꿨|꿈속|"
    r"(?:한|했|된|간|온|는|있|었|았|였|겠|없)대(?![가-힣])|래요?$|대요?$|그러는데|그러더라|라던데|"
    r"라고\s?(?:했|하더|해)|하더라|"
    r"(?:친구|동료|회사\s?동료|팀장님?|사장님?|선배|후배|사람들|남들|다들)(?:가|이|는|은|도)\s|"
    r"[\"“”']|그냥\s?해본\s?말|거짓말|궁금|^(?:안녕|좋아|응|네|그래|오케이|알겠|ㅇㅋ)(?![서도])|"
    r"뭐\s|답변|대답|해준|해\s?주신|알려준|(?:지만|는데|은데|고)[\s.!~]*$|"
    # (someone's title: not a relative honoured by their own word, "아버님은", "시어머님이")
    rf"(?<![가-힣])(?!(?:{korean.KIN_NIM})(?:는|은|이|가|도)\s)[가-힣]+(?:씨|님|쌤)(?:는|은|이|가|도)\s|"
    r"해결했|고마워|감사|반대인데|언젠가|지도\s?몰라|지\s?모르겠|수도\s?있|"
    # why the user came to the chat ("오늘은 그냥 인사하러 왔어요", "물어볼 게 있어서 들렀어")
    r"(?:인사|얘기|이야기|수다|물어보|여쭤보|여쭈|구경)\s?(?:하|떨)?러\s?(?:왔|들렀|들른|온)|"
    rf"{_KO_CALLED_OFF}|"
    # hedged ("망한 것 같아", "시켜 먹는 듯") and someone's belief ("내가 애인 줄 알아")
    r"(?:것|거)\s?같(?:아|아요|다|은데|네|더라)|듯(?:해|하다|해요|요)?[\s.!~]*$|같기도|"
    r"(?:인|는|은|던)\s줄\s?(?:알|몰)")
_KO_SELF = re.compile(r"(?<![가-힣])(?:나|저|난|전|내|제|우리|저희|울)(?:는|가|도|의|랑)?(?=\s)|"
                      rf"(?:{korean.FAMILY_KO}|{korean.PETS_KO})|사용자")

# -- what a kept sentence is about ------------------------------------------------------------
_PET_FOOD = re.compile(r"\b(?:eats?|eating|fed|feeds?|food|treats?|kibble|wet\s+food|raw)\b|"
                       r"사료|간식|먹어|먹는|먹고|먹여|먹이", re.IGNORECASE)
# a refusal of the moment, not a diet: "그것도 안 먹어요" (not even that), "요즘 잘 안 먹어"
# (not eating well), "won't even eat his treats" — a diet says what the pet eats or must not
# ("닭고기는 안 먹여요", "유제품도 안 먹어요" stay)
_PET_REFUSES = re.compile(r"(?:(?<![가-힣])(?:그것|그거|이것|이거|저것|아무것|그마저)도|잘)\s?(?:안|못)\s?"
                          r"먹(?!여|이)|"
                          r"\b(?:won['’]?t|wouldn['’]?t|refuses?\s+to|stopped)\s+(?:even\s+)?eat(?:ing)?\b",
                          re.IGNORECASE)


def holds_credential(sentence: str) -> bool:
    """A sentence that names a credential and carries a code-like value ("my AWS secret is
    wJalr…", "the door code is Tiger#2291")."""
    return _CREDENTIAL.search(sentence) is not None and re.search(
        r"(?=\S*\d)(?=\S*[A-Za-z#!@$%^&*/_-])\S{5,}|\S{16,}", sentence) is not None


# what the question is for, said after it ("asking for my American cousin", "pure
# hypothetical, I live nowhere near"), and a lead-in whose pasted text was cut out ("calendar line
# I need to reformat for the club newsletter: …", "paste from our team calendar: …")
_FRAMING = re.compile(r"^(?:(?:lol|haha|ok(?:ay)?|just|so)[,\s]+)*asking\s+for\s+|\bhypothetical\b|"
                      r":\s*[.!]*\s*$", re.IGNORECASE)


# Pure; asked of one sentence several times a turn, and again when the session's episode
# re-reads it: cached per text.
@lru_cache(maxsize=16384)


def worth_keeping(sentence: str) -> bool:
    """A durable statement about the user, their relatives or pets (not chatter)."""
    text = sentence.strip()
    if len(text) < 6 or _FRAMING.search(text):
        return False
    if _CREDENTIAL.search(text):
        return False
    if is_korean(text):
        return _ko_worth_keeping(KO_LAUGH.sub("", text).strip())
    # "I teach yoga three days a week, any tips for sore wrists": the statement is judged, not
    # the request said after it (normalise cuts the request from the memory)
    text = without_marker(without_request(text))
    plain = english.strip_fillers(text)  # "So my landlord is …": the subject after a filler
    if medical_report(text):  # "Doctor said my blood pressure is high": the finding is theirs
        text = plain = EN_FINDING.sub("", plain)
    if (VENT.search(text) or _NEED.search(plain)) and not HEALTH.search(text):
        return False  # "our deploy failed again today ugh", "… just now"
    if text.endswith("?") or _EN_REJECT.search(text) or _EN_REJECT.search(plain) \
            or _REMARK.search(text.rstrip(" .!~")) \
            or momentary(text) or past_evaluation(text) or one_off(plain) or called_off(text):
        return False
    return _EN_SELF.search(text) is not None


# what the user needs for the task at hand ("we also need a sofa that fits up the stairs", "I
# need like a stretching routine for my shoulders", "I need the 14th instead of the 21st"): an
# ask, not a fact that lasts — unless it is about health ("I need insulin before meals")
_NEED = re.compile(r"^(?:i|we)\s+(?:also\s+|just\s+|really\s+|kinda\s+|still\s+)*need\s+"
                   r"(?!to\s+(?:be|stay|keep|live|work)\b)", re.IGNORECASE)


def keepable(sentence: str, *, negation: bool = False) -> bool:
    """The hard limits no learned score overrides: long enough to say something, no
    credential, not a question, not a hypothetical, a wish or someone else's words, and no
    negation unless it is about health or diet ("I don't live in Busan anymore" corrects
    something; "술 안 마셔요" is a fact) or the caller has read it as a standing one
    (``negation``: "I can't stand jazz", "공포는 절대 안 봐" — ``own_clauses.standing_no``)."""
    text = sentence.strip()
    if medical_report(text) and not is_korean(text):
        text = EN_FINDING.sub("", english.strip_fillers(text))
    said = KO_LAUGH.sub("", text).rstrip(" .!~")  # "이사 간대요.", "붙었대 ㅋㅋ": how it ends
    if len(text) < 6 or _CREDENTIAL.search(text) or text.endswith(("?", "？")) or _FRAMING.search(text) \
            or _NEVER.search(text) or _NEVER.search(said) or _REMARK.search(said) \
            or _PRONOUN_END.search(text) or past_evaluation(text) or _MOOD_ONLY.match(text) \
            or _ASKED_OF_YOU.search(said) or (is_korean(text) and (ko_asks(text) or searching(text))) \
            or momentary(text) or one_off(text) or called_off(text):
        return False
    if is_korean(text):
        toks = korean.tokens(text)
        if ((exclaimed(toks) or supposed(toks)) and not HEALTH.search(text)) \
                or not names_something(toks) or what_for(toks):
            return False
        negative = korean.negated(toks)
    else:
        negative = re.search(r"\b(?:not|never|no\s+longer|anymore)\b|n['’]t\b", text,
                             re.IGNORECASE) is not None
    # "not a morning person": a trait said with a negation is still a trait
    return not negative or negation or HEALTH.search(text) is not None \
        or _TRAIT.search(text) is not None \
        or MEAL_SKIPPED.search(text) is not None  # "목요일엔 저녁 안 먹어요": a routine


# a mood and nothing else ("I'm just grumpy", "i'm emotionally destroyed"): how the moment is
_MOOD_ONLY = re.compile(
    r"^(?:(?:ugh|lol|yeah|honestly|and|but|so)[,\s]+)*(?:i['’]?m|i\s+am)\s+(?:(?:so|really|very|"
    r"kinda|super|just|mostly|emotionally|a\s+bit|a\s+little|totally)\s+)*(?:tired|bored|hungry|"
    r"grumpy|annoyed|cranky|upset|destroyed|wrecked|devastated|gutted|bummed|sleepy|exhausted|"
    r"stressed|sad|happy|excited|nervous|"
    # how the body feels this minute ("ugh I'm freezing", "I'm so stuffed"): never a trait
    r"freezing|cold|boiling|roasting|sweating|soaked|drenched|starving|stuffed|full)"
    r"[\s.!~]*(?:lol|haha|lmao)?[\s.!~]*$", re.IGNORECASE)
# a Korean request said with 부탁 ("D키로 부탁합니다", "요약 부탁드려요"): asked of the assistant
_ASKED_OF_YOU = re.compile(r"부탁(?:해|해요|합니다|드려요|드립니다|드릴게요)$")
_TRAIT = re.compile(r"\bnot\s+(?:really\s+|much\s+of\s+)?an?\s+[\w-]+\s+(?:person|fan)\b",
                    re.IGNORECASE)


# "I love him", "we did it": what the sentence is about was said before; alone it says nothing
_PRONOUN_END = re.compile(r"\b(?:it|that|this|them|him|her)(?:\s+(?:here|there|so\s+much|a\s+lot|"
                          r"too|lol|haha|now))*\s*[.!~]*$", re.IGNORECASE)
_NEVER = re.compile(
    r"\b(?:if|suppose|imagine|pretend|wish|hypothetically|says?|said|told|tell(?:s|ing)?|"
    r"thinks?|heard)\b|^(?:my|our)\s+(?:friend|neighbou?r|boss|coworker|colleague|manager|"
    r"teacher|roommate)s?\b(?!\s+(?-i:[A-Z])[\w-]+\s)|만약|만일|라면\s|다면\s|싶다|싶어|면\s?좋겠|라고|(?:한|했|된|는)대|"
    r"래요?$|대요?$|더라|던데|"
    r"\bwho\s+knows\b|\bsomeday\b|\bmight\b|\bmaybe\b|\bperhaps\b|언젠가|지도\s?몰라|수도\s?있|"
    # an intention that did not happen, a bare "we cancelled"
    r"\b(?:was|were)\s+(?:going\s+to|gonna|planning\s+to|supposed\s+to)\b|"
    r"^(?:i|we)\s+(?:just\s+|had\s+to\s+)?(?:cancel+ed|called\s+it\s+off)\b|"
    # a dream is not something that happened
    r"\b(?:had\s+(?:an?|the|this|that)\s+(?:\w+\s+)?dream|dreamt|dreamed|in\s+my\s+dream|"
    r"nightmare)\b|꿈에서|꿈을\s?꿨|꿈\s?꿨|꿈속|"
    r"\bi\s+(?:read|heard|saw|learned)\s+(?:somewhere|online|that|about)\b", re.IGNORECASE)
# Remarks that are no statement about the user, read from how they are said (the sentence's
# end, laughter and stops removed): a "why" (a complaint or a wonder: "왜 나한테 세 번이나
# 말하시지"), cheering and good wishes ("2027 화이팅", "수고했어"), a belief cut short ("우리 집만
# 그런 줄"), what is enough to do for a task ("다음 주까지 내면 돼"), what has gone on since
# this morning or a moment ago ("아침부터 bus 놓쳐서 지각"), and something done once ("my son
# set up something on my phone once").
_REMARK = re.compile(
    r"(?<![가-힣])왜(?![가-힣])|수고했|수고하셨|고생했|고생하셨|고생\s?많았|화이팅|파이팅|힘내|축하해|"
    # a belief cut short, or one just found wrong ("속삭이는 게 나쁜 줄 몰랐어요")
    r"[는은던런인운된한]\s?줄$|줄\s?(?:몰랐|알았)|면\s?(?:돼|돼요|된다|됨|되죠)$|"
    r"(?<![가-힣])(?:아침|아까|새벽|점심|방금)\s?부터|\b(?:once|one\s+time)$|"
    # a guess at the cause ("수능 날이라 그런지 …")
    r"(?:라|서)\s?그런지|"
    # relief at how the moment turned out ("키위 좋아해서 다행이다", "체중은 늘고 있어 다행히")
    r"(?<![가-힣])다행(?:이다|이야|이에요|이네요?|입니다|히|임|이고)?$", re.IGNORECASE)


_EXCLAIM = frozenset("네 네요 구나 구나요 군 군요 구먼 더라 더라고 더라구".split())


def exclaimed(toks: list[korean.Token]) -> bool:
    """The sentence ends in an exclamation of what the speaker just noticed (-네, -구나, -군,
    -더라: "생각보다 길네", "아 그렇게 하는 거구나"): a reaction, not a statement to keep."""
    words = [t for t in toks if not t.tag.startswith("S")]
    # a clause before it ("…시작인데, 요즘 허리가 뻐근하네", "제가 장남이라 … 챙겨야 하네요",
    # "택시 하다 보니 …") or a habit ("맨날", "매일") states something lasting: the sentence is
    # left to the other rules
    return bool(words) and words[-1].tag == "EF" and words[-1].form in _EXCLAIM and not any(
        (t.tag == "EC" and t.form.endswith(_CLAUSE_ENDS)) or t.form in _HABIT for t in words)


_GUESSING = frozenset("나 ᆫ가 은가 는가 가".split())


def supposed(toks: list[korean.Token]) -> bool:
    """The sentence ends in a guess at what is going on (-나 보다, -ㄴ가 보다: "날씨 탓인가
    봐요", "root 막혀 있나 봐요"): the speaker does not know it, so it is no fact to keep."""
    words = [t for t in toks if not t.tag.startswith("S")]
    at = next((i for i in range(len(words) - 1, -1, -1)
               if words[i].tag.startswith(("V", "XS"))), None)
    return at is not None and at > 0 and words[at].tag == "VX" and words[at].form == "보" \
        and words[at - 1].tag == "EC" and words[at - 1].form in _GUESSING


_CLAUSE_ENDS = ("데", "라", "서", "니", "니까", "고", "지만", "면서", "며")
_HABIT = frozenset("매일 맨날 항상 늘 매주 매달 주말마다 요즘 요새".split())


def _ko_worth_keeping(text: str) -> bool:
    """No request, question, wish or hearsay; something to be about (a content noun); not a
    negation unless it is about health or diet ("나 부산 안 살아" is a correction, "술 안
    마셔요" a fact); and not a remark whose subject is something else ("바다가 가까워서
    좋아요")."""
    if medical_report(text):
        text = re.sub(r"(?:래요?|대요?|라고\s?(?:했어요?|하더라|하네요?|해요?))[\s.!~]*$", "", text)
    if _KO_REJECT.search(text) or _REMARK.search(KO_LAUGH.sub("", text).rstrip(" .!~")) \
            or ko_asks(text) or passing(text) or searching(text) or (
            (KO_MOOD.search(text) or VENT.search(text)) and not HEALTH.search(text)):
        return False
    toks = korean.tokens(text)
    if (exclaimed(toks) or supposed(toks)) and not HEALTH.search(text):
        return False  # "오 볶는 게 포인트구나", "생각보다 길네": a reaction to the moment
    if any(t.tag == "EF" and t.form in _KO_ASKING for t in toks[-2:]) or _ko_wh_asked(text):
        return False  # "병원 가야 하나요" (but "6시에 일어나요" is a statement)
    if not names_something(toks):
        return False  # "한 3일 됐어", "끊은 지 1년 됐어요": a fragment of something said before
    if what_for(toks):
        return False  # "regex로 한국 휴대폰 번호 matching 하는 거": the task, named as a thing
    if korean.negated(toks) and not HEALTH.search(text) and not MEAL_SKIPPED.search(text):
        return False
    if past_evaluation(text) or one_off(text) or called_off(text):
        return False
    return discourse.ko_subject(text) != "foreign"


def of_the_moment(text: str) -> bool:
    """How the moment is (a mood, a passing state, a remark, a reaction, an incident of the
    day), not a statement that lasts: "너무 피곤해", "오늘 비 와서 못 감", "생각보다 길네"."""
    bare = KO_LAUGH.sub("", text).strip().rstrip(" .!~")
    if passing(text) or one_off(text) or _REMARK.search(bare) or KO_MOOD.search(text) \
            or VENT.search(text):
        return True
    toks = korean.tokens(bare)
    return bool(toks) and (exclaimed(toks) or supposed(toks))


def names_something(toks: list[korean.Token]) -> bool:
    """A content noun to be about ("매운 건" counts; a count so far does not: "벌써 세 잔째",
    "3일째"). Without one, a Korean sentence is a fragment of what was said before ("맨날 대충
    넣었는데": what was put in is elsewhere)."""
    return any((t.tag in ("NNG", "NNP", "SL", "SH") and t.form not in _KO_EMPTY
                and not (i + 1 < len(toks) and toks[i + 1].form == "째" and i
                         and toks[i - 1].tag in ("MM", "SN", "NR")))
               or (t.form in ("것", "거") and i and toks[i - 1].tag == "ETM")
               for i, t in enumerate(toks))


def what_for(toks: list[korean.Token]) -> bool:
    """A Korean sentence that is only a thing named by what is done ("어머니가 … 받으셔서
    청구하는 거", "regex로 번호 matching 하는 거"): it ends in a modifier and 거/것 with no
    subject or topic of its own but the user — the task or the purpose the user is talking
    about, not a statement ("내 취미는 사진 찍는 거" has its topic and stays)."""
    words = [t for t in toks if not t.tag.startswith("S") or t.tag in ("SL", "SN", "SH")]
    # one clause only: after another ("요양원 가서 봉사해 노래 같이 부르는 거") the nominal end
    # says what the first clause's activity is
    if any(t.tag == "EC" for t in words) or any(t.form in _HABIT or t.form == "마다" for t in words):
        return False
    return len(words) >= 2 and words[-1].form in ("거", "것") and words[-2].tag == "ETM" \
        and not any((t.tag in ("JKS", "JKC") or (t.tag == "JX" and t.form in ("은", "는", "ᆫ", "도")))
                    # (the user as its topic, put there when a clause was split off, is none)
                    and not (i and words[i - 1].tag == "NP" and words[i - 1].form in ("나", "저"))
                    for i, t in enumerate(words))


_KO_ASKING = frozenset({"나요", "나", "니", "냐", "까", "까요", "ᆯ까", "을까", "ᆯ까요", "을까요", "ᆫ가요",
                        "은가요", "는지"})
_KO_EMPTY = frozenset("요즘 지금 이제 오늘 어제 내일 이번 다음 지난 예전 원래 진짜 정말 그냥 때문 정도 "
                      "거 것 수 때 쪽 번 개 명 살 년 월 일 주 달 시간 분 하루 이틀 사흘 나흘 며칠 "
                      "일주일 동안 전 후 쯤".split())


# an English time said alone after a fact, with no subject or object ("starting december!",
# "from next week", "effective march 1"; the subject the reader gives it, "I'm", may lead):
# when the fact before it begins
_WHEN_ALONE_EN = re.compile(
    r"^(?:(?:i['’]?m|i\s+am)\s+)?(?:starting|beginning|from|effective|as\s+of)\s+(?:in\s+|on\s+|next\s+|this\s+)?"
    r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?)?|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|week|month|year|tomorrow|today|monday|"
    r"\d{1,2}(?:st|nd|rd|th)?(?:\s+of\s+\w+)?)(?:\s+\d{4})?[\s!.~]*$", re.IGNORECASE)


def said_on(sentence: str, after_past: bool) -> str:
    """What a sentence that ``continues`` adds to the memory before it: the Korean sentence
    as a memory's words, an English time as said ("starting december", without the "I'm"
    the reader gave it)."""
    when = _WHEN_ALONE_EN.match(sentence.strip())
    if when is not None:
        return re.sub(r"^(?:i['’]?m|i\s+am)\s+", "", sentence.strip(), flags=re.IGNORECASE).rstrip(" !.~")
    return korean.to_memory(sentence, speaker=False, after_past=after_past) or sentence.strip()


def continues(sentence: str) -> bool:
    """A Korean sentence with no subject of its own that is not a request or a mood: it
    goes on about what the previous sentence of the same turn said ("저 이제 술 안 마셔요.
    끊은 지 1년 됐어요.", "모레 건강검진 받으러 가요. 전날 저녁부터 금식해야 해요.")."""
    text = KO_LAUGH.sub("", sentence).strip()
    if _WHEN_ALONE_EN.match(text):
        return True  # "…승진했어 starting december!": when the fact before it begins
    if not _HANGUL.search(text) or _KO_REJECT.search(text) or KO_MOOD.search(text) \
            or _ko_wh_asked(text) or ko_asks(text):
        return False  # ("… 약 드세요. 아침상 어떻게 차려야 돼": a question, no more of the fact)
    # an adverb or interjection left over after a split ("체중은 늘고 있어 다행히" → "다행히"):
    # it says nothing to go on with
    if all(t.tag in ("MAG", "MAJ", "IC")
           or (t.tag.startswith("S") and t.tag not in ("SL", "SN", "SH"))
           for t in korean.tokens(text)):
        return False
    return discourse.ko_subject(text) == "none"


_CALLED_OFF = re.compile(
    rf"{_EN_CALLED_OFF}|{_KO_CALLED_OFF}|취소했|취소됐|못\s?가게\s?됐|안\s?가기로", re.IGNORECASE)


def called_off(sentence: str) -> bool:
    """A plan the same sentence calls off ("주말에 캠핑 가려고 했는데 비 와서 취소했어")."""
    return _CALLED_OFF.search(sentence) is not None


_FOOD_KO = r"(?:사료|밥|처방식|습식|건식|(?:wet\s|dry\s)?food|kibble)"
_PET_DIET_KO = [
    # "나비 사료를 힐스 처방식으로 바꿨어", "나비 밥은 로얄캐닌으로 바꿨어요"
    re.compile(rf"(?:사용자의\s(?:\S+\s)?)?(?P<who>[가-힣A-Za-z]{{1,8}}?)(?:이)?(?:의)?\s?{_FOOD_KO}"
               r"(?:를|을|는|은|도)?\s+(?P<x>[가-힣A-Za-z0-9' ]{2,24}?)\s?(?:으로|로)\s?"
               r"(?:바꿨|바꿔|바꾸|바꾼|변경|교체)"),
    # "코코 food 바꿨어, 이제 Orijen dry food", "콩이 사료 바꿨어. 이제 오리젠 먹어"
    re.compile(rf"(?:사용자의\s(?:\S+\s)?)?(?P<who>[가-힣A-Za-z]{{1,8}}?)(?:이)?(?:의)?\s?{_FOOD_KO}"
               r"(?:를|을|도)?\s?(?:바꿨|바꿈|바꿔|변경했|교체했)\S*[,.]?\s+(?:이제는?\s|now\s)?"
               r"(?P<x>[가-힣A-Za-z0-9' ]{2,24}?)(?=\s?(?:먹|으로|로|$|[,.!~]))"),
    # "(사용자의 고양이) 나비는 사료를 로얄캐닌으로 먹어", "나비는 힐스 사료만 먹어"
    re.compile(rf"(?:사용자의\s(?:\S+\s)?)?(?P<who>[가-힣A-Za-z]{{1,8}}?)(?:이)?(?:는|은)\s+"
               rf"(?:{_FOOD_KO}(?:를|을|는|은|로)?\s+)?(?P<x>[가-힣A-Za-z0-9' ]{{2,24}}?)\s?"
               rf"(?:{_FOOD_KO}\s?)?(?:으로|로|만|을|를)?\s?(?:먹어|먹는|먹고|먹여|먹인|먹음)"),
]
_PET_DIET_EN = [
    re.compile(r"\b(?:switched|changed|moved|put)\s+(?:(?:User['’]s|their|my|our)\s+(?:[\w-]+\s+){0,2}?)?"
               r"(?P<who>[A-Z][a-z]+|him|her)(?:['’]s\s+food)?\s+"
               r"(?:to|onto|on)\s+(?P<x>[\w'’ /-]{2,30}?)(?=\s*(?:[.,;!]|$|\s+(?:food|kibble|"
               r"diet|last|this|because|since|and)\b))"),
    re.compile(r"\b(?!User\b)(?P<who>[A-Z][a-z]+)(?:['’]s\s+(?:food|diet)\s+is|\s+(?:only\s+)?(?:eats|"
               r"is\s+eating)|\s+is\s+on(?=\s+(?:a\s+|an\s+)?[\w'’ /-]{0,30}?\b(?:food|kibble|diet|"
               r"feed|raw)\b))\s+(?P<x>[\w'’ /-]{2,30}?)(?=\s*(?:[.,;!]|$|\s+(?:food|kibble|diet|"
               r"now|because|since|and)\b))"),
]
_NOT_PET = frozenset("사용자 사용자는 우리 저희 제 내 나 저 고양이 강아지 I User My Our".split())


def pet_diet(sentence: str) -> tuple[str, str] | None:
    """(pet's name, food) when a sentence says what a named pet eats or was switched to — one
    food at a time, so the newer supersedes the older. Korean needs a food word (사료, 밥,
    처방식), English a capitalised name and a food phrase."""
    korean_text = is_korean(sentence)
    if korean_text and not re.search(_FOOD_KO, sentence):
        return None
    for pattern in _PET_DIET_KO if korean_text else _PET_DIET_EN:
        m = pattern.search(sentence)
        if m is None:
            continue
        who = m.group("who")
        if who in ("him", "her"):
            # "User's cat Pumpkin … so the vet switched her to Hill's c/d": the pet named before
            named = re.search(r"(?:User['’]s|[Mm]y|[Oo]ur)\s+(?:[\w-]+\s+){0,2}?(?P<n>[A-Z][a-z]+)",
                              sentence[:m.start()])
            if named is None:
                continue
            who = named.group("n")
        if who not in _NOT_PET:
            food = m.group("x").strip(" '")
            food = re.sub(rf"\s?{_FOOD_KO}$|\s+(?:food|kibble)$", "", food).strip()
            if MEDICINE.search(food):
                return None  # "The vet put her on gabapentin": a medicine, not what she eats
            if food and not re.fullmatch(rf"{_FOOD_KO}|(?:를|을)", food):
                return who.casefold(), food.casefold()
    return None


_KIN_EN = re.compile(r"\b(?:boyfriend|girlfriend|husband|wife|fianc[ée]e?|partner|kids?|children|"
                     r"sons?|daughters?|twins|mom|dad|mother|father|parents|grandparents|"
                     r"roommates?|cats?|dogs?|puppy|kitten|rabbit|hamster|parrot)\b")


def loses_names(sentence: str, contents: list[str]) -> bool:
    """A name or number of the sentence is in none of the slot memories made from it ("저
    수원에서 자취해요" → "사용자는 혼자 거주" loses 수원; "… moved to Korea in 2019" loses
    2019): the whole sentence is kept as well. A name the user says they left ("I left LG
    and joined Hyundai", "LG 그만두고") is not lost: the slot memory supersedes its memory."""
    said = " ".join(contents).casefold()
    if any(kin not in said for kin in _KIN_EN.findall(sentence.casefold())):
        return True  # "I live in 마포구 with my boyfriend and two cats": who they live with
    names = set(re.findall(r"\d+", sentence))
    if is_korean(sentence):
        names |= {t.form for t in korean.tokens(sentence) if t.tag in ("NNP", "SL")}
    else:
        names |= set(re.findall(r"(?<=\s)[A-Z][a-z]+", sentence)) - {"I"}
    left = set(re.findall(r"\b(?:left|quit|leaving|from)\s+(?:my\s+job\s+at\s+)?([A-Z][\w&-]*)",
                          sentence)) | set(re.findall(
        r"([가-힣A-Za-z]+?)(?:을|를|에서)?\s?(?:그만두|그만뒀|관두|관뒀|퇴사|떠나|나와서|나오고)", sentence))
    return any(n.casefold() not in said for n in names - left if len(n) > 1 or n.isdigit())


def normalise(sentence: str) -> tuple[str | None, str]:
    """(third-person memory, language) for a kept sentence; a request said with it ("…, so
    everything gluten free please") is cut, since only the statement it is made for lasts."""
    sentence = without_marker(without_request(sentence))
    lang = "ko" if is_korean(sentence) else "en"
    if lang == "en":  # "a timpanist with the um Royal Northern Sinfonia": dictation's fillers
        sentence = _FILLER_WORD.sub("", sentence)
    content = korean.to_memory(sentence) if lang == "ko" else english.to_memory(sentence)
    if content and lang == "ko":
        content = kin_patient(sentence, content)  # "아버지 수술 잘 끝났어": the father's surgery
        content = kin_holder.of(content)  # "남편이 갑각류 알레르기 있어서": the husband's
    if content and animal_part(content) and HEALTH.search(content) and _PERSON.match(content) \
            and not _names_animal(content):
        return None, lang  # "사용자의 남편은 날개를 다쳤다": the wing is the rescued bird's
    return content, lang


_FILLER_WORD = re.compile(r"(?<=\w)(?:,?\s+(?:um+|uh+|erm|er))+\b,?(?=\s)")
_ANIMAL_KO = re.compile(rf"(?:{korean.PETS_KO}|비둘기|참새|까치|오리|거위|닭|병아리|새끼)")
_ANIMAL_EN = re.compile(rf"\b(?i:{PETS}|birds?|pigeons?|sparrows?|ducks?|geese|goose|chickens?|hens?|"
                        r"horses?|ponies|pony)\b")


def _names_animal(content: str) -> bool:
    """An animal is named in the memory ("길고양이를 데려왔는데 꼬리를 다쳤다"): the noun itself,
    or a compound ending in a longer one — never "개" inside 날개 or 소개."""
    if _ANIMAL_EN.search(content):
        return True
    return any(t.tag in ("NNG", "NNP") and (_ANIMAL_KO.fullmatch(t.form) or any(
        len(m.group(0)) > 1 and m.end() == len(t.form) for m in _ANIMAL_KO.finditer(t.form)))
        and t.form not in ("날개", "소개") for t in korean.tokens(content))
# a memory whose subject is the user or a person of theirs, not a pet ("사용자의 남편은 …",
# "User's son …"; "사용자의 고양이는 …" is the cat's)
_PERSON = re.compile(
    rf"^(?:사용자(?:는|가|도|의\s+(?!(?:{korean.PETS_KO})(?:[은는이가도의]|\s))\S+?(?:은|는|이|가|도)\s)|"
    rf"User(?:\s|['’]s\s+(?!(?i:{PETS})\b)))")


def kind_of(content: str, *, about_pet: bool, about_family: bool
            ) -> tuple[str, MemoryType, tuple[str, ...]]:
    """(family, type, tags) for a generic memory; health-like facts are core facts."""
    subject = ("pet",) if about_pet else ("family",) if about_family else ()
    # (a refusal of the moment is neither: "밀웜 좋아하는데 그것도 안 먹어요" is no diet to pin)
    refused = _PET_REFUSES.search(content) is not None
    health = HEALTH.search(_PET_REFUSES.sub(" ", content) if refused else content)
    if about_pet and _PET_FOOD.search(content) and not health and not refused:
        return "health", MemoryType.CONSTRAINT, ("diet", *subject)  # what a pet eats (seed 001)
    if health:
        tags = ("health", "medication") if re.search(
            r"medic|\bmg\b|pill|insulin|inhaler|약|복용|인슐린|흡입기|\w+(?:pril|statin|olol|azole|"
            r"formin|barbital|profen|oline|린|졸|이드)\b", content, re.I) else ("health",)
        return "health", MemoryType.CONSTRAINT, (*tags, *subject)
    if PLAN.search(content):
        return "plan", MemoryType.GOAL, ("plan", *subject)
    return ("pet" if about_pet else "family" if about_family else "note"), MemoryType.FACT, subject


# A Korean question said without its question mark: a question word, and no written
# declarative end ("수모는 어디서 사요", "아침상 어떻게 차려야 돼"). Not the indefinite uses
# ("어디든", "언제나", "어느 날", "어느새", "누가 …": someone).
_KO_WH = re.compile(r"(?<![가-힣])(?:어디서|어디에서|어디로|어디에|언제|어떻게|무슨|어느|뭘|뭐가|뭐를|"
                    r"얼마나)(?!든|나|라도|\s?날|새|덧|정도|순간|때)")


def _ko_wh_asked(text: str) -> bool:
    bare = text.rstrip(" .!~")
    return _KO_WH.search(bare) is not None and not bare.endswith(("다", "음", "함", "됨"))
