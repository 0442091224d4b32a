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

Only those later sentences are left out; the request itself and everything said before it are
read as usual, and a sentence in which the user speaks of themselves ("나 그 친구랑 10년
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
    rf"(?:(?:a|an|the|his|her|their|my|our|some|this)\s+)?(?:[\w'’-]+\s+){{0,3}}?{_TEXT_EN}s?\b",
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


def asks_for_text(sentence: str) -> bool:
    """The sentence asks for a text for an occasion or a person that is not one of the user's
    own people ("친구 결혼식 축사 써줘", "help with his toast"; not "아빠 환갑 축사 써줘")."""
    if _HANGUL.search(sentence):
        return _ASK_KO.search(sentence) is not None and _KIN_KO.search(sentence) is None
    return _ASK_EN.search(sentence) is not None and _KIN_FOR_EN.search(sentence) is None


def _users(sentence: str) -> bool:
    """The sentence speaks of the user or of one of their own people."""
    if _SELF_EN.search(sentence) or _KIN_MINE_EN.search(sentence):
        return True
    return _HANGUL.search(sentence) is not None and (
        _SELF_KO.search(sentence) is not None or _KIN_KO.search(sentence) is not None)


def without_subjects_lines(sentences: list[str]) -> list[str]:
    """The turn's sentences without those that describe the subject of a text the turn asks
    for (see above); ``sentences`` itself when the turn asks for none."""
    at = next((i for i, s in enumerate(sentences) if asks_for_text(s)), None)
    if at is None:
        return sentences
    kept = [s for s in sentences[at + 1:] if _users(s)]
    return sentences[:at + 1] + kept if len(kept) < len(sentences) - at - 1 else sentences
