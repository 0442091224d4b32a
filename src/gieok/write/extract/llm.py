"""The LLM extractor (W3): a JSON prompt and its response model, side by side.

The model sees the recent turns (only those after ``--- new ---`` are to be extracted) and the
related memories already stored, numbered, so it can skip what is known and say which memory
a new fact replaces. Local models are handled defensively: the JSON is repaired and validated,
asked for once more with the error shown (``llm.structured``), and on any failure — timeout,
dead endpoint, unusable JSON — the heuristic extractor runs instead and the failure is
reported, never raised (W10). Candidates that share no words with what the user said are
dropped as ungrounded.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gieok.domain.records import PREVIEW_CHARS, MemoryRecord, MemoryType, Source
from gieok.domain.turns import Turn
from gieok.errors import LLMError
from gieok.llm.base import ChatMessage, ChatModel
from gieok.llm.structured import complete_structured
from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract.base import Candidate, Extraction
from gieok.write.extract.heuristic import HeuristicExtractor
from gieok.write.normalize import score_importance
from gieok.write.triggers import is_explicit_request

log = logging.getLogger("gieok.write")

SYSTEM_PROMPT = """\
You extract long-term memories about the user from a chat, for a memory system.

Extract only what the USER explicitly stated about themselves, their family, pets, work,
health, places, plans, dates, decisions, preferences, or standing instructions for the
assistant ("always answer in Korean"). Also extract anything the user asks you to remember.
Never extract:
- anything only the assistant said, questions, greetings, thanks or small talk;
- guesses or things the user did not state;
- secrets: card numbers, resident registration numbers, passwords, API keys, tokens,
  account numbers. Masked values such as [CARD] or [PASSWORD] must never be copied;
- facts that are already in the "Known memories" list, unless they changed.

Write each memory as one short, self-contained sentence in the user's language, in the third
person: "User lives in Gangnam-gu, Seoul" / "사용자는 강남구에 거주". If a new fact updates or
contradicts a known memory (the user moved, changed jobs, now dislikes something), set
"replaces" to that memory's number. For facts that can only have one value at a time, set
"slot" to a short key (residence, occupation, employer, name, age, marital, diet,
rule:language) and "value" to the value.

Answer with one JSON object only:
{"memories": [{"content": "...", "type": "fact|preference|constraint|decision|goal|rule|todo|
timeline|profile|note", "category": "location|preference|behavior|context|feedback",
"confidence": 0.0-1.0, "importance": 0.0-1.0, "slot": null, "value": null, "replaces": null,
"explicit": false}]}
Use {"memories": []} when there is nothing to remember."""

_TYPES = {t.value for t in MemoryType} - {"digest", "episode"}


class LLMMemory(BaseModel):
    """One memory as the model returns it; lenient, because local models drift."""

    model_config = ConfigDict(extra="ignore")

    content: str = Field(min_length=2, max_length=500)
    type: str = "fact"
    category: str = "context"
    confidence: float = 0.8
    importance: float = 0.5
    slot: str | None = None
    value: str | None = None
    replaces: int | None = None
    explicit: bool = False

    @field_validator("type", mode="before")
    @classmethod
    def _type(cls, value: Any) -> str:
        text = str(value or "fact").strip().lower()
        return text if text in _TYPES else "fact"

    @field_validator("confidence", "importance", mode="before")
    @classmethod
    def _unit(cls, value: Any) -> float:
        try:
            number = float(value)
        except (TypeError, ValueError):
            return 0.5
        if number > 1.0:  # a 1-10 scale (seed 003) or a percentage
            number = number / 10.0 if number <= 10.0 else number / 100.0
        return min(1.0, max(0.0, number))

    @field_validator("replaces", mode="before")
    @classmethod
    def _index(cls, value: Any) -> int | None:
        try:
            return int(value) if value not in (None, "", "null") else None
        except (TypeError, ValueError):
            return None


class LLMExtraction(BaseModel):
    model_config = ConfigDict(extra="ignore")

    memories: list[LLMMemory] = Field(default_factory=list)


def build_messages(
    turns: Sequence[Turn], context: Sequence[Turn], existing: Sequence[MemoryRecord]
) -> list[ChatMessage]:
    known = "\n".join(f"{i}. {m.content}" for i, m in enumerate(existing, start=1)) or "(none)"
    earlier = "\n".join(f"{t.role}: {t.content}" for t in context)
    new = "\n".join(f"{t.role}: {t.content}" for t in turns)
    body = (f"Known memories:\n{known}\n\nConversation:\n{earlier}\n--- new ---\n{new}\n\n"
            "Extract memories from the messages after '--- new ---' only.")
    return [ChatMessage("system", SYSTEM_PROMPT), ChatMessage("user", body)]


_GENERIC = frozenset({"user", "users", "the", "is", "has", "a", "an", "to", "of", "in", "and",
                      "사용자는", "사용자의", "사용자가", "사용자"})


def grounded(content: str, said: str) -> bool:
    """The memory shares at least one word (or a Korean 2-syllable run) with the user."""
    said_low = said.casefold()
    words = [w for w in re.findall(r"\w+", content.casefold()) if w not in _GENERIC]
    for word in words:
        if len(word) >= 3 and word in said_low:
            return True
        if _HANGUL.search(word):
            stems = {word[i : i + 2] for i in range(len(word) - 1)}
            if any(s in said_low for s in stems if _HANGUL.search(s)):
                return True
    return False


class LLMExtractor:
    def __init__(self, chat: ChatModel, *, timeout: float | None = None,
                 fallback: HeuristicExtractor | None = None) -> None:
        self._chat = chat
        self._timeout = timeout
        self._fallback = fallback or HeuristicExtractor()

    @property
    def name(self) -> str:
        return f"llm:{self._chat.name}"

    async def extract(
        self, turns: Sequence[Turn], /, *, existing: Sequence[MemoryRecord] = (),
        context: Sequence[Turn] = (),
    ) -> Extraction:
        user_turns = [t for t in turns if t.role == "user"]
        if not user_turns:
            return Extraction(extractor=self.name)
        messages = build_messages(turns, context, existing)
        try:
            reply = await complete_structured(self._chat, messages, LLMExtraction,
                                              timeout=self._timeout)
        except LLMError as exc:
            failures = [str(f) for f in exc.details.get("failures", [])] or [str(exc)]
            failures.append(f"LLM extraction failed ([{exc.code}]); used the heuristic extractor")
            log.warning("LLM extraction failed, falling back to heuristics: %s", exc)
            # the same session context as the heuristic path gets (coreference, follow-ups)
            result = await self._fallback.extract(turns, existing=existing, context=context)
            return Extraction(candidates=result.candidates, extractor="heuristic",
                              failures=failures, fallback=True)
        said = "\n".join(t.content for t in user_turns)
        candidates, dropped = [], 0
        for item in reply.value.memories:
            if not grounded(item.content, said):
                dropped += 1
                continue
            candidates.append(self._candidate(item, user_turns, existing))
        failures = list(reply.failures)
        if dropped:
            failures.append(f"dropped {dropped} ungrounded candidate(s) from the model")
        return Extraction(candidates=candidates, extractor=f"llm:{reply.model}",
                          failures=failures)

    def _candidate(self, item: LLMMemory, user_turns: Sequence[Turn],
                   existing: Sequence[MemoryRecord]) -> Candidate:
        replaces = None
        if item.replaces is not None and 1 <= item.replaces <= len(existing):
            replaces = existing[item.replaces - 1].id
        explicit = item.explicit or any(is_explicit_request(t.content) for t in user_turns)
        candidate = Candidate(
            content=item.content.strip(), type=MemoryType(item.type),
            category=item.category.strip().lower() or "context",
            confidence=item.confidence, importance=item.importance,
            slot=(item.slot or "").strip().lower() or None,
            value=(item.value or "").strip() or None,
            source=Source.EXPLICIT if explicit else Source.INFERRED,
            lang="ko" if _HANGUL.search(item.content) else "en", rule="llm",
            turn_ids=tuple(t.id for t in user_turns),
            preview=user_turns[-1].content[:PREVIEW_CHARS], replaces=replaces,
            at=user_turns[-1].at,
        )
        floor = score_importance(candidate, "note")
        return candidate.with_(importance=max(candidate.importance, floor if floor >= 0.9 else 0))
