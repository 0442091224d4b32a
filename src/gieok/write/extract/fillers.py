"""Chat's fillers left inside a memory, and a compliment tacked on after a fact (issue 16).

The rules and the third-person rewriting keep a user's sentence whole, so what chat puts
between its words stays in the memory: laughter and crying ("이름은 해탈이 ㅋㅋ. 3살 추정"),
discourse words ("User's dad is 79 btw and stubborn as anything", "hand luggage only ugh",
"(the australian one lol)"), and a compliment on the person just named ("User's physio is
Dr. Alvarez btw, she's great"). None of them is part of the fact, and each reads oddly when
the memory is shown back. ``without_fillers`` takes them out of a finished memory and leaves
everything else as it was; words that only look alike are untouched ("Bltw", "haha" inside a
name, "ㅋ" inside a quoted title is still laughter and goes). Pure.
"""

from __future__ import annotations

import re

# Korean chat's laughter, crying and sighs: runs of the bare consonant or vowel jamo
_JAMO_RUN = re.compile(r"\s*(?:[ㅋㅎ]{2,}|[ㅠㅜ]{1,}|ㅋ(?=\s|$)|ㅎ(?=\s|$))\s*")
# a Korean reply word, intensifier or outburst left before the user as subject ("아뇨 사용자는 우유
# 안 먹는다", "진짜 사용자의 시어머니 또 오신대", "열받아 사용자의 초코 …")
_KO_LEAD = re.compile(r"^(?:(?:진짜|정말|참|아|아오|헐|와|대박|아뇨|아니요|아니|네|응|그니까|그러니까|근데|"
                      r"암튼|아무튼|그리고|열받아|짜증나|미치겠다|ㄹㅇ|그거랑\s별개로|그건\s그렇고)[,\s]+)+"
                      r"(?=사용자)")
# the last syllable of a Korean predicate ("개발해", "좋다", "있어요")
_CLAUSE_END = frozenset("다요어아해야지네죠음함됨임")
# English chat's discourse words, each a word of its own (not "lollipop", "ugh" in "though")
_EN_FILLER = re.compile(
    r"\s*(?<![\w'’-])(?:lol|lmao|lmfao|rofl|haha+|hehe+|ugh+|btw|fyi|tbh|ngl|smh|omg)(?![\w'’-])",
    re.IGNORECASE)
# a compliment on the person just named, after the fact ("…, she's great", "… btw, he's the
# best"): how the user feels about them today, not what they are
_PRAISE_TAIL = re.compile(
    r"[,;]?\s*(?:and\s+)?(?:she|he|they)(?:['’]s|\s+is|['’]re|\s+are)\s+(?:so\s+|really\s+|"
    r"super\s+|very\s+|honestly\s+|just\s+|absolutely\s+)?(?:great|amazing|awesome|lovely|"
    r"wonderful|fantastic|brilliant|the\s+best|a\s+gem|a\s+star|a\s+legend|a\s+sweetheart|sweet|"
    r"nice|fab|fabulous|incredible|excellent)\s*[.!]*\s*$", re.IGNORECASE)


def without_fillers(content: str) -> str:
    """``content`` without chat's laughter, discourse words and a trailing compliment on
    the person just named (see above); unchanged when there is none, and never emptied."""
    text = _KO_LEAD.sub("", _PRAISE_TAIL.sub("", content))
    # (laughter between two clauses is where one ended: "토스에서 개발해 ㅎㅎ 첫 주인데 …")
    text = _JAMO_RUN.sub(lambda m: ", " if m.end() < len(text) and text[m.end()].isalnum()
                         and m.start() > 0 and text[m.start() - 1] in _CLAUSE_END else " ", text)
    text = _EN_FILLER.sub("", text)
    text = re.sub(r"^[,!]\s*|(?<=[,!])\s*[,!]", "", text)
    # tidy the seams: " ," → ",", "( " → "(", doubled spaces, a stop or comma left at the end
    text = re.sub(r"\s+([,.!?)])", r"\1", text)
    text = re.sub(r"\(\s+", "(", text)
    text = re.sub(r"\(\s*\)", "", text)
    text = re.sub(r",\s*([.,])", r"\1", text)
    text = re.sub(r"\s{2,}", " ", text).strip()
    text = re.sub(r"^[,.\s]+|[,\s]+$", "", text)
    # a dash left where pasted text was cut out ("— User misread the letter", "사용자는 — …")
    text = re.sub(r"^[—–-]+\s*|(?<=^사용자는)\s*[—–-]+(?=\s)", "", text)
    return text if len(text) >= 4 else content
