"""What the user says about the person a requested text is for (issue 16).

A user who asks for a toast, a speech or a caption for someone else goes on to describe that
person so the assistant can write it: "친구 결혼식 축사 써줘. 신랑은 민혁이고 대학 동기야.
등산 좋아하고 요리 잘해", "my cousin's the best man and begged me to help with his toast.
groom is Dan, they met in the navy, he's marrying Claire who's a vet". Korean drops the
subject, so "등산 좋아하고 요리 잘해" reads like the user's own hobby, and "groom is Dan"
was even read as a pet's name. The sentences are material for the text, about its subject.

The frame is read from the turn's shape, not from its topic:

- a sentence asks for a text written for an occasion or a person (a toast, a speech, a card,
  a caption, a eulogy, 축사, 건배사, 인사말, 롤링페이퍼 …) — written for the assistant to
  draft, or said as asked of the user ("축사 부탁받았어", "begged me to help with his toast");
- the text is not for one of the user's own people: a toast for "my sister's wedding", "아빠
  환갑 축사" or "시누이 wedding 축사" describes a relative, and what follows is a family fact;
- a later sentence of the same turn has no word of the user's (나, 내, 저, 우리 …; I, my, me,
  we …) and names no relative or pet of theirs: it describes the text's subject.

A request for a story's characters or plot with the writing as its background ("소설 쓰는 중인데
주인공 설정 좀 같이 짜줘") is the same frame: it goes whole, unless the work is named by its
title. Otherwise only those later sentences are left out; the request itself and everything
said before it are read as usual, and a sentence in which the user speaks of themselves ("나 그 친구랑 10년
지기야", "I'm the best man") stays. Pure.
"""

from __future__ import annotations

import re

from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.korean import FAMILY_KO, PETS_KO

# texts written once for an occasion or for a person
_TEXT_KO = (r"(?:축사|건배사|축하\s?(?:글|말|메시지|메세지|편지|카드|영상)|연설문|연설|스피치|추도사|조사|"
            r"송별사|퇴임사|환송사|환영사|인사말|덕담|롤링\s?페이퍼|헌사|소개글|캡션|편지|카드|"
            r"생일\s?(?:글|메시지|메세지))")
# … asked of the assistant ("써줘", "같이 써볼래?") or of the user ("부탁받았어", "맡았어")
_ASK_KO = re.compile(
    rf"{_TEXT_KO}\s?(?:을|를|도|좀|하나|\s)*(?:좀\s?)?(?:같이\s?)?(?:써|작성해|만들어|짜|다듬어|봐)\s?"
    rf"(?:줘|주세요|줄래|줄래요|주실래요|줘요|주라|볼래|보자)|"
    rf"{_TEXT_KO}\s?(?:을|를|도|좀)?\s?(?:부탁\s?받|맡았|맡게|(?:해|써|작성해|준비해)야\s?(?:돼|되|함|해|하))")
_TEXT_EN = (r"(?:toast|speech|eulogy|tribute|vows|roast|card|caption|bio|obituary|obit|"
            r"(?:farewell|goodbye|birthday|retirement|wedding|congratulations?)\s+(?:message|note|post))")
_ASK_EN = re.compile(
    rf"\b(?:write|writing|draft|drafting|help(?:\s+me)?(?:\s+out)?\s+with|helping\s+with|"
    rf"work\s+on|working\s+on|come\s+up\s+with|need|give|giving)\s+(?:me\s+)?"
    rf"(?:(?:a|an|the|his|her|their|my|our|some|this)\s+)?(?:[\w'’-]+\s+){{0,3}}?{_TEXT_EN}s?\b|"
    # the text named first, then what is asked for it ("best man speech help pls", "toast ideas?")
    rf"^(?:[\w'’-]+\s+){{0,3}}?{_TEXT_EN}s?\s+(?:help|ideas?|tips|draft)\b",
    re.IGNORECASE)
# the text is for one of the user's own people: "아빠 환갑 축사", "동생 결혼식", "for my dad",
# "my sister's wedding"
_KIN_KO = re.compile(rf"(?<![가-힣])(?:{FAMILY_KO}|{PETS_KO})(?=[\s,.]|의|네|한테|에게|께|$|"
                     r"(?:이|가|은|는|을|를)(?![가-힣]))")
_KIN_WORDS_EN = (r"(?:wife|husband|partner|fianc[ée]e?|boyfriend|girlfriend|mom|mum|mother|dad|"
                 r"father|parents?|sister|brother|sis|bro|son|daughter|kids?|grandma|grandpa|"
                 r"grandmother|grandfather|granny|nana|aunt|uncle|niece|nephew|in-laws?|"
                 r"(?:mother|father|sister|brother)-in-law|stepmom|stepdad|dog|cat|puppy|kitten)")
_KIN_FOR_EN = re.compile(
    rf"\b(?:for|to|about)\s+(?:my|our)\s+(?:[\w-]+\s+)?{_KIN_WORDS_EN}\b|"
    rf"\b(?:my|our)\s+(?:[\w-]+\s+)?{_KIN_WORDS_EN}['’]s\s+(?:[\w-]+\s+)?(?:wedding|birthday|"
    rf"retirement|funeral|memorial|graduation|party|anniversary|shower|send-?off)\b",
    re.IGNORECASE)
# a word of the user's: the user speaks of themselves, or of their own people
_SELF_KO = re.compile(r"(?<![가-힣])(?:나|저|난|전|내|제|내가|제가|나는|저는|나도|저도|나를|저를|나랑|"
                      r"저랑|나한테|저한테|우리|저희)(?![가-힣])")
_SELF_EN = re.compile(r"(?<![\w'’])(?:i|i['’]m|i['’]ve|i['’]d|i['’]ll|im|me|my|mine|myself|we|"
                      r"we['’]re|our|us)(?![\w'’])", re.IGNORECASE)
_KIN_MINE_EN = re.compile(rf"\b(?:my|our)\s+(?:[\w-]+\s+)?{_KIN_WORDS_EN}\b", re.IGNORECASE)
# (in Korean a bare kin word is whoever the sentence is about — "손주가 둘이야" after a boss's
# retirement speech is the boss's; the user's own are said with 우리/내/제)
_KIN_MINE_KO = re.compile(rf"(?<![가-힣])(?:우리|저희|울|내|제)\s?(?:집\s?)?(?:{FAMILY_KO}|{PETS_KO})")
# the request said as the background of its description, in one sentence ("친구 결혼식 축사
# 부탁받았는데 신부가 초등학교 선생님이고 …"): what follows the clause joint describes the subject
_JOINT_KO = re.compile(r"^\S*?(?:는데|은데|ㄴ데|데|니까)\s+")


def asks_for_text(sentence: str) -> bool:
    """The sentence asks for a text for an occasion or a person that is not one of the user's
    own people ("친구 결혼식 축사 써줘", "help with his toast"; not "아빠 환갑 축사 써줘")."""
    if _HANGUL.search(sentence):  # (whose occasion is said before the ask: "동생 결혼식 축사")
        asked = _ASK_KO.search(sentence)
        return asked is not None and _KIN_KO.search(sentence[:asked.end()]) is None
    return _ASK_EN.search(sentence) is not None and _KIN_FOR_EN.search(sentence) is None


def _users(sentence: str) -> bool:
    """The sentence speaks of the user or of one of their own people."""
    if _SELF_EN.search(sentence) or _KIN_MINE_EN.search(sentence):
        return True
    return _HANGUL.search(sentence) is not None and (
        _SELF_KO.search(sentence) is not None or _KIN_MINE_KO.search(sentence) is not None)


# the same request for a story's people or plot, with the writing as its background ("소설 쓰는
# 중인데 주인공 설정 좀 같이 짜줘"): the frame of the task — English says it the same way and
# keeps nothing ("I'm writing a novel, can you help me name the villain?"). A title makes the
# work a project of the user's ("웹소설 쓰는데 제목이 '…'이야"), and so does a work said without a
# request ("요즘 소설 쓰고 있어. 벌써 3년째야").
_STORY_HELP_KO = re.compile(
    r"(?:소설|웹소설|시나리오|대본|각본|웹툰|동화|희곡)\s?(?:을|를)?\s?(?:쓰|연재하|작업하)(?:는\s?중|고\s?있)?"
    r"(?:인데|는데|이라|어서)\s.*(?:주인공|캐릭터|등장인물|악역|인물|설정|줄거리|플롯|전개|대사|이름)"
    r".*(?:짜|써|도와|봐|추천해|지어|만들어|정해)\s?(?:줘|주세요|줄래|줄래요|주실래요|줘요|주라|보자|볼래)")
_TITLE_KO = re.compile(r"제목|가제|타이틀|['\"“‘「]")


# practice in another language said as the frame ("영어 작문 연습 중이야. I have two cats and I
# live in Busan. 이거 맞아?"): the sentences in the other language are the exercise, written to
# be checked, whatever they say
_PRACTICE_KO = re.compile(r"(?:영어|일본어|중국어|스페인어|불어|프랑스어|독일어|영)\s?(?:작문|일기|글쓰기|쓰기|"
                          r"문법|회화|문장)?\s?(?:연습|숙제|과제)|영작")
_PRACTICE_EN = re.compile(r"\b(?:practi[cs]ing|practi[cs]e)\s+(?:my\s+)?(?:korean|japanese|chinese|spanish|"
                          r"french|german|writing|grammar)\b|\b(?:writing|grammar|translation)\s+"
                          r"(?:practice|exercise|drill)s?\b", re.IGNORECASE)


def _practice_out(sentences: list[str]) -> list[str]:
    """The sentences without those written in the other language after a practice frame."""
    at = next((i for i, s in enumerate(sentences)
               if _PRACTICE_KO.search(s.split(":")[0]) or _PRACTICE_EN.search(s.split(":")[0])), None)
    if at is None:
        return sentences
    frame, _, rest = sentences[at].partition(":")  # ("practicing my korean: 저는 서울에 살아요.")
    korean = bool(_HANGUL.search(frame))
    out = [frame] if rest.strip() and bool(_HANGUL.search(rest)) != korean else [sentences[at]]
    return sentences[:at] + out + [s for s in sentences[at + 1:] if bool(_HANGUL.search(s)) == korean]


def without_subjects_lines(sentences: list[str]) -> list[str]:
    """The turn's sentences without those that describe the subject of a text the turn asks
    for (see above); ``sentences`` itself when the turn asks for none."""
    sentences = _practice_out(sentences)
    story = not any(_TITLE_KO.search(s) for s in sentences)
    at = next((i for i, s in enumerate(sentences)
               if asks_for_text(s) or story and _STORY_HELP_KO.search(s)), None)
    if at is None:
        return sentences
    if asks_for_text(sentences[at]) and any(_KIN_KO.search(s) if _HANGUL.search(s) else (
            _KIN_MINE_EN.search(s) or _KIN_FOR_EN.search(s)) for s in sentences[:at]):
        return sentences  # whose occasion said first: "남동생이 다음주에 결혼하는데 …. 축사 좀 써줄래?"
    kept = [s for s in sentences[at + 1:] if _users(s)]
    if not asks_for_text(sentences[at]):  # the story's frame goes with its people
        return sentences[:at] + kept
    asked = _ASK_KO.search(sentences[at])
    joint = _JOINT_KO.match(sentences[at][asked.end():]) if asked is not None else None
    if joint is not None and not _users(sentences[at][asked.end() + joint.end():]):
        return sentences[:at] + kept  # the request and the subject in one sentence: neither stays
    return sentences[:at + 1] + kept if len(kept) < len(sentences) - at - 1 else sentences
