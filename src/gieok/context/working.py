"""The working layer (R7): recent raw turns and a rolling summary of what scrolled out.

A session keeps its raw turns while the window is small. When it overflows (more than
``max_turns`` turns or more than ``max_tokens`` tokens — seed 001: 12 turns or 6k tokens),
the newest ``keep`` turns stay raw and everything older is summarised. The default summary
is extractive (no LLM): the most informative sentences, user statements first, in their
original order. An LLM summariser can be plugged in; if it fails, the extractive one is used.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gieok.context.tokens import TokenCounter
from gieok.domain.scope import Scope
from gieok.domain.turns import Turn
from gieok.errors import InvalidInputError
from gieok.stores.working import SummaryState, WorkingLog

# (turns, max_tokens) -> summary text; an LLM summariser may take a third argument, the
# previous summary, to extend it (see ``RollingSummaries``).
Summarizer = Callable[..., Awaitable[str]]

_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+|\n+")
_WORD = re.compile(r"\w+", re.UNICODE)
_DIGIT = re.compile(r"\d")
_SMALL_TALK = frozenset({
    "hi", "hello", "hey", "thanks", "thank you", "ok", "okay", "bye", "good morning",
    "안녕", "안녕하세요", "고마워", "감사합니다", "응", "네", "ㅋㅋ", "ㅎㅎ", "좋아",
})
MAX_SENTENCE_CHARS = 240
# A rolling summary is at most this share of the turns it replaces (seed 001's point: it
# must cost fewer tokens than the turns themselves; all of them plus labels cost more).
SUMMARY_RATIO = 0.5


@dataclass(frozen=True)
class Window:
    """A session's turns split into the raw tail and the older part to summarise."""

    recent: list[Turn]
    older: list[Turn]

    @property
    def overflowed(self) -> bool:
        return bool(self.older)


_ROLES = {"user": "user", "human": "user", "assistant": "assistant", "ai": "assistant",
          "bot": "assistant", "model": "assistant", "system": "system", "tool": "tool"}


def as_turns(history: Sequence[Turn | Mapping[str, Any]]) -> list[Turn]:
    """Accept ``Turn`` objects or OpenAI/mem0-style ``{"role", "content"}`` dicts (LangChain's
    ``human``/``ai`` roles too)."""
    if isinstance(history, str | bytes) or not isinstance(history, Sequence):
        raise InvalidInputError("history must be a list of turns or {'role', 'content'} dicts")
    out = []
    for i, item in enumerate(history):
        if isinstance(item, Turn):
            out.append(item)
            continue
        role = _ROLES.get(str(item.get("role", "")).lower()) if isinstance(item, Mapping) else None
        content = item.get("content") if isinstance(item, Mapping) else None
        if role is None or not isinstance(content, str):
            raise InvalidInputError(f"history item {i} needs a role (user, assistant, system, "
                                    "tool) and a string content")
        out.append(Turn(role=role, content=content))  # type: ignore[arg-type]
    return out


def split_window(
    turns: Sequence[Turn], *, keep: int, max_turns: int, max_tokens: int, counter: TokenCounter
) -> Window:
    """Keep everything while the window fits; once it overflows keep only the newest
    ``keep`` turns (fewer if they alone pass ``max_tokens``) and hand back the rest."""
    turns = list(turns)
    total = sum(counter.count(t.content) for t in turns)
    if len(turns) <= max_turns and total <= max_tokens:
        return Window(recent=turns, older=[])
    recent: list[Turn] = []
    used = 0
    for turn in reversed(turns[-keep:] if keep > 0 else []):
        n = counter.count(turn.content)
        if recent and used + n > max_tokens:
            break
        recent.append(turn)
        used += n
    recent.reverse()
    return Window(recent=recent, older=turns[: len(turns) - len(recent)])


def _sentences(turn: Turn) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(turn.content) if s and s.strip()]


def extractive_summary(
    turns: Sequence[Turn], *, max_tokens: int, counter: TokenCounter, query: str = ""
) -> str:
    """The most informative sentences of ``turns`` within ``max_tokens``, in order.

    A sentence scores for words that recur in the conversation (topic centrality), for
    numbers and dates, for overlap with the current query, and for being the user's own
    statement; greetings and one-word replies score nothing.
    """
    candidates: list[tuple[int, Turn, str]] = []
    for index, turn in enumerate(turns):
        if turn.role not in {"user", "assistant"}:
            continue
        for sentence in _sentences(turn):
            if sentence.casefold().strip(" .!?~") in _SMALL_TALK or len(sentence) < 4:
                continue
            candidates.append((index, turn, sentence[:MAX_SENTENCE_CHARS]))
    if not candidates or max_tokens <= 0:
        return ""
    freq = Counter(w.casefold() for _, _, s in candidates for w in set(_WORD.findall(s)))
    query_words = {w.casefold() for w in _WORD.findall(query)}

    def score(item: tuple[int, Turn, str]) -> float:
        _, turn, sentence = item
        words = {w.casefold() for w in _WORD.findall(sentence)}
        if not words:
            return 0.0
        central = sum(freq[w] - 1 for w in words) / len(words)
        value = central + 0.5 * len(words & query_words) + (0.5 if _DIGIT.search(sentence) else 0)
        value += 1.0 if turn.role == "user" else 0.0
        return value + min(len(words), 20) / 20

    ranked = sorted(range(len(candidates)), key=lambda i: (-score(candidates[i]), i))
    chosen: list[int] = []
    used = 0
    for i in ranked:
        line = _line(candidates[i])
        n = counter.count(line) + 1
        if used + n > max_tokens:
            continue
        chosen.append(i)
        used += n
    if not chosen:  # not even one sentence fits: the best one, cut to the budget
        return counter.truncate(_line(candidates[ranked[0]]), max_tokens)
    return "\n".join(_line(candidates[i]) for i in sorted(chosen))


def _line(item: tuple[int, Turn, str]) -> str:
    _, turn, sentence = item
    who = "User" if turn.role == "user" else "Assistant"
    return f"- {who}: {sentence}"


async def summarize(
    turns: Sequence[Turn],
    *,
    max_tokens: int,
    counter: TokenCounter,
    query: str = "",
    summarizer: Summarizer | None = None,
) -> tuple[str, str]:
    """Summary text and how it was made (``"llm"``, ``"extractive"`` or
    ``"extractive_fallback"`` after an LLM failure — a summary never breaks the caller).
    The summary costs at most ``SUMMARY_RATIO`` of the turns' own tokens."""
    replaced = sum(counter.count(t.content) for t in turns if t.role in {"user", "assistant"})
    max_tokens = min(max_tokens, int(replaced * SUMMARY_RATIO))
    if summarizer is not None:
        try:
            text = (await summarizer(turns, max_tokens)).strip()
        except Exception:  # noqa: BLE001 - W10: fall back, never raise into the chat flow
            text = ""
        else:
            if text:
                return counter.truncate(text, max_tokens), "llm"
        return (extractive_summary(turns, max_tokens=max_tokens, counter=counter, query=query),
                "extractive_fallback")
    return extractive_summary(turns, max_tokens=max_tokens, counter=counter, query=query), \
        "extractive"


ROLLING_PROMPT = (
    "You maintain a running summary of a conversation for a memory system. Update the "
    "summary with the new turns. Keep facts the user stated (names, places, dates, plans, "
    "preferences, health and safety details) and decisions; drop greetings and small talk. "
    "Answer with the updated summary only, as short bullet lines, in the conversation's "
    "language, at most {max_tokens} tokens."
)


def llm_summarizer(chat: Any, *, timeout: float | None = None) -> Summarizer:
    """A ``Summarizer`` over a ``ChatModel`` (M2). Errors propagate to ``summarize``, which
    falls back to the extractive summary (W10)."""
    from gieok.llm.base import ChatMessage

    async def run(turns: Sequence[Turn], max_tokens: int, previous: str = "") -> str:
        lines = "\n".join(f"{t.role}: {t.content}" for t in turns)
        body = (f"Current summary:\n{previous or '(none)'}\n\nNew turns:\n{lines}")
        reply = await chat.complete(
            [ChatMessage("system", ROLLING_PROMPT.format(max_tokens=max_tokens)),
             ChatMessage("user", body)], timeout=timeout)
        return str(reply.text)

    return run  # type: ignore[return-value]


class RollingSummaries:
    """Rolling LLM summaries per session: when more turns scroll out of the window, only the
    new ones are sent, with the previous summary (seed 001's summary buffer). The summary is
    kept in the working log (so every process serving the session extends the same one) and
    memoised in process; the extractive summary needs neither (cheap and deterministic)."""

    def __init__(self, summarizer: Summarizer, max_entries: int = 1024) -> None:
        self._summarizer = summarizer
        self._memo: dict[str, SummaryState] = {}
        self._max = max_entries

    async def __call__(self, log: WorkingLog | None, scope: Scope, turns: Sequence[Turn],
                       max_tokens: int) -> str:
        done = self._memo.get(scope.key())
        if done is None and log is not None:
            done = await log.summary(scope)
        previous, new = "", list(turns)
        if done is not None:
            count, last = done.covered, done.last_turn
            if count == len(turns) and turns and turns[-1].content == last:
                return done.text
            if 0 < count < len(turns) and turns[count - 1].content == last:
                previous, new = done.text, list(turns[count:])
        text = await self._summarizer(new, max_tokens, previous)  # type: ignore[call-arg]
        state = SummaryState(len(turns), turns[-1].content if turns else "", text)
        if len(self._memo) >= self._max:
            self._memo.pop(next(iter(self._memo)))
        self._memo[scope.key()] = state
        if log is not None:
            await log.put_summary(scope, state)
        return text
