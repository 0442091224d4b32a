"""Turns with no content of their own: greetings, thanks, "How can I help?".

A chat archive (R8) keeps every turn, and the small model scores short pleasantries as
mildly related to almost any request: "Nice to meet you, Mina! How can I help?" reached
relevance 0.45 for "suggest a dinner recipe", as high as real but weak evidence, so no
relevance floor keeps it out without cutting real turns (docs/benchmarks.md "Through add(),
session 5": a floor at 0.45 would cut 16 % of LoCoMo's evidence turns). What tells them
apart is what they say: remove the words a pleasantry is made of (``PHATIC``), function
words, and the turn has nothing left. An assistant's short turn may keep one word — a name
it greets, the one thing it asks about ("Aww, congratulations! How old is she?") — and
still say nothing the conversation did not; a user's turn needs none ("I'm vegetarian"
states a fact in one word).

Such turns stay searchable, but ``search()`` ranks one with no word of its own at a share of
its relevance (``ScoringSettings.pleasantry_relevance``; a search knows no roles), and
``context()`` leaves every such turn out of "From past conversations", where it would only
spend the model's budget.
"""

from __future__ import annotations

from functools import lru_cache

from gieok.text.analysis import query_terms

# Words (English, lowercased) and Korean morphemes that pleasantries, greetings, thanks and
# offers of help are made of; with function words and question words (text/analysis).
PHATIC = frozenset(
    """hi hello hey heya yo hiya greetings welcome bye goodbye cya thanks thank thx ty tysm
    cheers nice meet meeting glad pleased great cool awesome wonderful lovely amazing
    fantastic perfect sweet ok okay k kk sure yes yeah yep yup no nope nah alright right
    fine congrats congratulations sorry hear heard happy help helping assist anything
    something else today luck good bad wow oh ah aww awww hmm hm haha hahaha lol lmao omg
    please course absolutely definitely totally indeed exactly true well sounds hope day
    morning evening night afternoon care take let any more up there here holding doing
    going feel feeling hang sounds fun much really too again soon later see talk chat
    question questions need needs want like can could would may might shall will""".split()
    + """안녕 안녕하 반갑 반가 감사 고맙 고마 네 넵 응 어 예 좋 좋아 축하 미안 죄송 도움 도와주
    도와드리 필요 궁금 물론 그래 그렇 괜찮 화이팅 파이팅 응원 말씀 드리 주 알 알겠 오 와
    아 헐 대박 최고 수고 잘 되 하 있 없 이 그 저 것 거 뭐 무엇 어떤 어떻 오늘 다음 또
    편하 언제 든지 ㅎㅎ ㅋㅋ ㅠㅠ""".split())
# An assistant turn of at most this many words may keep one word of its own.
SHORT_REPLY_WORDS = 12
# Longer texts always say something: not analysed (a search checks every candidate).
LONGEST_PLEASANTRY = 160


@lru_cache(maxsize=8192)
def own_words(text: str) -> tuple[str, ...]:
    """The turn's words that are neither function words nor pleasantry words."""
    _, terms = query_terms(text)
    return tuple(t for t in terms if t.lower() not in PHATIC and not t.isdigit())


def says_nothing(text: str, role: str | None) -> bool:
    """Whether a turn has no content of its own (module docstring); ``role`` None: the
    speaker's role is not known (only a turn with no word of its own says nothing)."""
    if len(text) > LONGEST_PLEASANTRY:
        return False
    words = own_words(text)
    if not words:
        return True
    return role == "assistant" and len(words) <= 1 and len(text.split()) <= SHORT_REPLY_WORDS
