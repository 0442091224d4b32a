"""W11: one episodic record per finished session — summary, topics, emotion, importance.

With an LLM: seed 003's summary prompt (JSON: summary, topics, emotion, importance 1-10).
If the LLM fails after its retries and failover, seed 003's fallback: the raw conversation
cut to 500 characters at importance 0.5, and the failure is reported (``LLM_SUMMARY_FAILED``)
— except for an automatic session-end episode of a session that holds nothing worth
remembering (the heuristic extractor finds no fact in it): then the failure is reported and
nothing is stored, because a raw transcript of "ok thanks, that helps" is exactly the junk
issue 16 measured.
Without an LLM: an extractive summary built from what the heuristic extractor found, plus
keyword topics and a lexicon emotion. Greetings-only sessions produce no episode at all.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gieok.domain.turns import Turn
from gieok.errors import LLMError
from gieok.llm.base import ChatMessage, ChatModel
from gieok.llm.structured import complete_structured
from gieok.text.analysis import STOPWORDS, has_hangul, korean_morphs
from gieok.write.pii import has_mask
from gieok.write.extract.heuristic import HeuristicExtractor, is_noise, split_sentences
from gieok.write.extract.passing import passing
from gieok.write.extract.discourse_subject import ko_subject

EMOTIONS = ("joy", "sadness", "stress", "calm", "excitement")
FALLBACK_CHARS = 500
_EMOTION_WORDS = {
    # (whole words where a longer word holds them: "retired racer" is no tiredness, "unhappy"
    # no joy, "crystal" no crying)
    "joy": r"\bhappy|\bglad\b|great news|delighted|so good|love it|기뻐|기쁘|행복|좋았|다행|뿌듯|신났",
    "sadness": r"\bsad\b|depress|\bcry\b|\bcrying\b|lonely|miss (?:him|her|them)|heartbroken|슬퍼|슬프|"
               r"우울|외로|눈물|속상|서운",
    "stress": r"stress|\btired|exhausted|worried|anxious|overwhelm|burn(?:ed|t)? out|"
              r"(?<!blood )(?<!eye )(?<!tire )pressure|"
              r"스트레스|힘들|지쳐|지친|피곤|걱정|불안|짜증|야근|바빠",
    "excitement": r"excited|can't wait|cannot wait|thrilled|pumped|looking forward|설레|신나|"
                  r"기대돼|기대된|두근",
}
_EMOTION_ALIASES = {"기쁨": "joy", "슬픔": "sadness", "스트레스": "stress", "평온": "calm",
                    "흥분": "excitement", "happy": "joy", "sad": "sadness", "stressed": "stress",
                    "excited": "excitement", "neutral": "calm", "happiness": "joy"}

SUMMARY_PROMPT = """\
Summarise this conversation for the assistant's long-term memory in one or two sentences,
in the user's language. Keep what the user shared (events, plans, preferences, facts), how
they felt, and what will help in later conversations. Leave out greetings, thanks and small
talk. Never copy masked values such as [CARD] or [PASSWORD].
Answer with one JSON object only:
{"summary": "...", "topics": ["...", "..."],
 "emotion": "joy|sadness|stress|calm|excitement", "importance": 1-10}"""


class EpisodeReply(BaseModel):
    model_config = ConfigDict(extra="ignore")

    summary: str = Field(min_length=2, max_length=2000)
    topics: list[str] = Field(default_factory=list)
    emotion: str = "calm"
    importance: float = 5.0

    @field_validator("emotion", mode="before")
    @classmethod
    def _emotion(cls, value: Any) -> str:
        text = str(value or "calm").strip().lower()
        text = _EMOTION_ALIASES.get(text, text)
        return text if text in EMOTIONS else "calm"

    @field_validator("topics", mode="before")
    @classmethod
    def _topics(cls, value: Any) -> list[str]:
        if isinstance(value, str):
            value = [v for v in re.split(r"[,;/]", value)]
        return [str(v).strip() for v in value or [] if str(v).strip()][:8]

    @field_validator("importance", mode="before")
    @classmethod
    def _importance(cls, value: Any) -> float:
        try:
            return min(10.0, max(1.0, float(value)))
        except (TypeError, ValueError):
            return 5.0


@dataclass
class EpisodeDraft:
    summary: str
    topics: list[str]
    emotion: str | None  # None when nothing says how the user felt (extractive episodes)
    importance: float  # 0-1
    method: str  # "llm:<model>" | "extractive" | "fallback"
    failures: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)  # the facts an extractive summary states
    # the turns each fact was read from (same order as ``facts``)
    fact_turns: list[tuple[str, ...]] = field(default_factory=list)
    # a feeling the user names outside a passing state ("so excited about it!"): what the
    # episode adds to facts it restates — not the mood of a moment ("on call this week so
    # I'm exhausted")
    feeling_with_facts: bool = False


def transcript(turns: Sequence[Turn]) -> str:
    return "\n".join(f"{t.role}: {t.content}" for t in turns if t.role in ("user", "assistant"))


def fallback_episode(turns: Sequence[Turn], failures: Sequence[str] = ()) -> EpisodeDraft:
    """Seed 003 §4.1: the raw conversation, cut to 500 characters, at importance 5/10."""
    text = transcript(turns)[:FALLBACK_CHARS]
    return EpisodeDraft(summary=text, topics=keywords(turns), emotion=detect_emotion(turns),
                        importance=0.5, method="fallback", failures=list(failures))


def detect_emotion(turns: Sequence[Turn]) -> str | None:
    """The feeling the user's own words name, or None: an extractive episode never makes up
    a mood ("calm") that nothing in the session says."""
    text = " ".join(t.content for t in turns if t.role == "user")
    scores = {e: len(re.findall(p, text, re.IGNORECASE)) for e, p in _EMOTION_WORDS.items()}
    best = max(scores, key=lambda e: scores[e])
    return best if scores[best] > 0 else None


def keywords(turns: Sequence[Turn], k: int = 4) -> list[str]:
    counts: Counter[str] = Counter()
    for turn in turns:
        if turn.role != "user":
            continue
        if has_hangul(turn.content):
            # Hangul morphemes only: the Latin words are counted by the pattern below
            counts.update(m for m in korean_morphs(turn.content) if len(m) > 1 and has_hangul(m))
        words = re.findall(r"[A-Za-z][A-Za-z'-]{3,}", turn.content)
        counts.update(w.lower() for w in words if w.lower() not in STOPWORDS)
    for noise in ("하다", "있다", "되다", "같다", "좋다", "않다", "없다", "this", "that", "what",
                  "just", "like", "really", "have", "with", "from", "about", "there"):
        counts.pop(noise, None)
    return [w for w, _ in counts.most_common(k)]


def _words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"\w+", text.casefold()))


def extractive_episode(turns: Sequence[Turn], known: Sequence[str] = (), *,
                       extractor: HeuristicExtractor | None = None,
                       allowed: Collection[str] | None = None) -> EpisodeDraft | None:
    """An episode without an LLM: what the user said that is worth remembering, or ``None``
    when the session held nothing of the kind ("ok thanks, that helps" leaves no episode;
    the user's raw words are never stored in its place). ``known``: stored memories naming
    the user's pets and relatives, as extraction had them — so the episode states a fact in
    the same words as the stored memory ("사용자의 딸 지유 …", not "사용자는 지유 …" when 지유
    was named in an earlier session) and is recognised as restating it. ``extractor``: the
    one that read the session's turns as they came (its ``memo`` hands back each turn read
    in the same state), else a fresh one. ``allowed``: the scope's allowed categories — a
    fact the user's settings keep out of memory ("don't remember family") is kept out of
    the summary too, or the summary would store it anyway."""
    found = [c for c in (extractor or HeuristicExtractor()).extract_sync(turns, known=known)
             if not has_mask(c.content) and not c.withdraws and not c.lapse
             and (not allowed or c.category in allowed)]
    # "User is allergic to shellfish" (a slot) inside "User is allergic to shellfish, so no
    # shrimp recipes please" (the whole sentence): the episode says it once
    words = [_words(c.content) for c in found]
    facts = [c for i, c in enumerate(found) if not any(
        j != i and len(words[j]) > len(words[i]) and words[i] <= words[j]
        for j in range(len(found)))]
    if not facts:
        return None
    summary = ". ".join(c.content for c in facts[:3])
    emotion = detect_emotion(turns)
    # a feeling said in a passing state ("on call this week so I'm exhausted") is that
    # moment's, not the session's news: it does not make restated facts new
    lasting_feelings = detect_emotion([
        Turn(role=t.role, content=" ".join(c for p in split_sentences(t.content)
                                            if not passing(p) for c in _own_clauses(p)))
        for t in turns])
    importance = 0.3 + 0.1 * min(len(facts), 4) + (0.1 if emotion else 0.0)
    if any(c.importance >= 0.9 for c in facts):
        importance += 0.1
    topics = list(dict.fromkeys([t for c in facts for t in c.tags] + keywords(turns)))[:6]
    return EpisodeDraft(summary=summary[:300], topics=topics, emotion=emotion,
                        importance=round(min(0.9, importance), 3), method="extractive",
                        facts=[c.content for c in facts],
                        fact_turns=[tuple(c.turn_ids) for c in facts],
                        feeling_with_facts=lasting_feelings is not None)


# a clause's subject that is someone else: "he's super anxious" (the dog), "my mom is so
# stressed", "걔가 너무 불안해해" — a pronoun or "my <someone>", never a capitalised word ("Work
# has been so stressful" is the user's feeling) nor "it" ("it's been so stressful")
_CLAUSE_SPLIT = re.compile(r"[,;]\s*|\s+but\s+", re.IGNORECASE)
_EN_OTHER_SUBJECT = re.compile(
    r"^\W*(?:(?:good|ok|okay|yeah|well|also|btw|oh)\W+)*(?:he|she|they|his|her|their|"
    r"(?:my|our)\s+(?!own\b)[a-z]+)(?:['’](?:s|re)|\s+(?:is|was|are|were|seems|gets|got|"
    r"looks|feels|has\s+been|'s))\b")


def _own_clauses(sentence: str) -> list[str]:
    """The clauses of ``sentence`` whose feeling is the user's: not one whose subject is a
    pet or another person ("good but he's super anxious, vet put him on fluoxetine" is the
    greyhound's anxiety: an episode kept for it repeated the session's facts — the lead's
    trial, session 21). Korean by its subject (``ko_subject``)."""
    if has_hangul(sentence):
        return [] if ko_subject(sentence) in ("entity", "foreign") else [sentence]
    return [c for c in _CLAUSE_SPLIT.split(sentence) if c and not _EN_OTHER_SUBJECT.match(c)]


# the subject, and "pet" for a pet whose kind the re-reading no longer knows (the memory
# that said "cat" was superseded in this session)
_SUBJECT_WORDS = frozenset({"user", "s", "users", "사용자는", "사용자의", "사용자가", "사용자도",
                            "the", "their", "pet", "반려동물", "반려동물은", "반려동물이"})


def restates(fact: str, memory: str) -> bool:
    """``memory`` states ``fact``: every word of the fact but its subject is in the memory."""
    said = _words(fact) - _SUBJECT_WORDS
    return bool(said) and said <= _words(memory)


def mark_past(content: str, old: str, until: str, *, value: str | None = None) -> str | None:
    """An episode that states a superseded fact, re-worded with the date it stopped being
    true ("User lives in Gangnam-gu (until 2026-03-02)"); None when it does not state it."""
    korean = has_hangul(old)
    tag = f" ({until}까지)" if korean else f" (until {until})"
    if old and old in content and old + tag not in content:
        return content.replace(old, old + tag, 1)
    if value and value.casefold() in content.casefold() and tag.strip() not in content:
        return f"({until}까지) {content}" if korean else f"(until {until}) {content}"
    return None


async def summarize(
    turns: Sequence[Turn], chat: ChatModel | None, *, timeout: float | None = None,
    raw_for_noise: bool = True, known: Sequence[str] = (),
    extractor: HeuristicExtractor | None = None,
) -> EpisodeDraft | None:
    """The episode for ``turns``: LLM when configured (with the seed-003 fallback), else
    extractive; ``None`` when there is nothing to summarise. ``raw_for_noise=False`` (the
    automatic session-end episode): when the model fails on a session with nothing worth
    remembering, the draft has an empty ``summary`` (only ``failures``) instead of the raw
    conversation; an explicit request to store a summary keeps seed 003's fallback. Never
    raises for model failures."""
    if chat is None:
        return extractive_episode(turns, known, extractor=extractor)
    if not any(t.role == "user" and not all(is_noise(s) for s in split_sentences(t.content))
               for t in turns):
        return None
    messages = [ChatMessage("system", SUMMARY_PROMPT), ChatMessage("user", transcript(turns))]
    try:
        reply = await complete_structured(chat, messages, EpisodeReply, timeout=timeout)
    except LLMError as exc:
        failures = [str(f) for f in exc.details.get("failures", [])]
        if not raw_for_noise and extractive_episode(turns) is None:
            failures.append(f"LLM_SUMMARY_FAILED: {exc.message}; nothing in the session worth "
                            "remembering, no episode stored")
            return EpisodeDraft(summary="", topics=[], emotion=None, importance=0.0,
                                method="none", failures=failures)
        failures.append(f"LLM_SUMMARY_FAILED: {exc.message}; stored the raw conversation")
        return fallback_episode(turns, failures)
    value = reply.value
    return EpisodeDraft(summary=value.summary.strip(), topics=value.topics, emotion=value.emotion,
                        importance=round(value.importance / 10.0, 3), method=f"llm:{reply.model}",
                        failures=list(reply.failures))
