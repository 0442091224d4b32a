"""mem0's open-source ``Memory`` API on gieok: change the import line and keep your code.

``from gieok.compat.mem0 import Memory`` then ``m.add(messages, user_id=…)``,
``m.search(query, user_id=…, limit=5)`` (or ``filters={"user_id": …}``, ``top_k=``),
``m.get``, ``m.get_all``, ``m.update``, ``m.delete``, ``m.delete_all``, ``m.history``,
``m.reset`` — with mem0's return shapes (``{"results": [{"id", "memory", "event"}…]}``).

mem0's ids map onto gieok scopes: ``user_id`` → user, ``agent_id`` → persona, ``run_id`` →
session. Like mem0, every call needs at least one of them. Differences worth knowing: facts
extracted from a run belong to its user/agent (a run keeps its turns), so read them without
``run_id``; ``threshold`` applies to gieok's mixed score (relevance, recency, importance, all
0–1); metadata filters match ``metadata`` keys with ``eq ne gt gte lt lte in nin``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gieok._sync import SyncFacade, forward
from gieok.domain.audit import AuditAction, AuditEvent
from gieok.domain.query import View
from gieok.domain.records import MemoryRecord, Status
from gieok.domain.results import DecisionKind
from gieok.domain.scope import Scope
from gieok.errors import ConfigurationError, InvalidInputError, NotFoundError
from gieok.memory import AsyncMemory as Engine
from gieok.settings import GieokSettings

ENTITY = ("user_id", "agent_id", "run_id")
EVENTS = {AuditAction.CREATE: "ADD", AuditAction.DELETE: "DELETE"}
MEM0_CONFIG_KEYS = {"vector_store", "llm", "embedder", "graph_store", "history_db_path",
                    "version", "custom_fact_extraction_prompt", "reranker"}
__all__ = ["AsyncMemory", "Memory"]


def _scope(user_id: Any, agent_id: Any, run_id: Any, filters: Mapping[str, Any] | None
           ) -> tuple[Scope, dict[str, Any] | None]:
    """The scope named by mem0's ids (top level or inside ``filters``), and the rest of the
    filters as gieok metadata filters."""
    rest = dict(filters or {})
    ids = {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}
    for key in ENTITY:
        if key in rest:
            ids[key] = ids[key] or rest.pop(key)
    if not any(ids.values()):
        raise InvalidInputError("at least one of user_id, agent_id, run_id is required "
                                "(e.g. user_id='alice' or filters={'user_id': 'alice'})",
                                code="INVALID_SCOPE")
    scope = Scope.of(user_id=ids["user_id"], persona_id=ids["agent_id"],
                     session_id=ids["run_id"])
    return scope, _metadata_filters(rest)


def _metadata_filters(rest: Mapping[str, Any]) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    for key, value in rest.items():
        if key in {"AND", "OR", "NOT"}:
            if not isinstance(value, list):
                raise InvalidInputError(f"{key} needs a list of conditions", code="INVALID_FILTER")
            out[key] = [_metadata_filters(v) for v in value]
        elif value != "*":
            out[f"metadata.{key}"] = value
    return out or None


def _item(record: MemoryRecord, score: float | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {
        "id": record.id, "memory": record.content, "hash": record.content_hash,
        "metadata": dict(record.metadata) or None,
        "created_at": record.created_at.isoformat(), "updated_at": record.updated_at.isoformat(),
    }
    if score is not None:
        item["score"] = score
    for key, level in (("user_id", "user"), ("agent_id", "persona"), ("run_id", "session")):
        if value := getattr(record.scope, level):
            item[key] = value
    return item


def _history_item(event: AuditEvent) -> dict[str, Any]:
    return {"id": event.id, "memory_id": event.memory_id, "old_memory": event.before_content,
            "new_memory": event.after_content,
            "event": EVENTS.get(event.action, "UPDATE"), "created_at": event.at.isoformat(),
            "updated_at": None, "is_deleted": event.action is AuditAction.DELETE,
            "actor_id": None, "role": None}


class AsyncMemory:
    """mem0's ``AsyncMemory`` over gieok's (``await m.add(…)``, ``await m.search(…)``…)."""

    def __init__(self, store: str | None = None, *, settings: GieokSettings | None = None,
                 engine: Engine | None = None) -> None:
        self.engine = engine or Engine(store, settings=settings)

    @classmethod
    def from_config(cls, config_dict: Mapping[str, Any]) -> AsyncMemory:
        return cls(settings=_settings(config_dict))

    async def add(
        self, messages: str | Mapping[str, Any] | Sequence[Mapping[str, Any]], *,
        user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
        metadata: Mapping[str, Any] | None = None, infer: bool = True,
        memory_type: str | None = None, prompt: str | None = None,
    ) -> dict[str, Any]:
        if memory_type is not None or prompt is not None:
            raise InvalidInputError("memory_type and prompt are mem0 options gieok does not "
                                    "have: drop them (gieok extracts without a prompt)")
        scope, _ = _scope(user_id, agent_id, run_id, None)
        turns = ([{"role": "user", "content": messages}] if isinstance(messages, str)
                 else [dict(messages)] if isinstance(messages, Mapping)
                 else [dict(m) for m in messages])
        if not infer:  # mem0 stores the messages themselves as memories
            results = []
            for turn in turns:
                if turn.get("role") == "system" or not str(turn.get("content", "")).strip():
                    continue
                meta = {**(metadata or {}), "role": turn.get("role", "user")}
                record = await self.engine.remember(str(turn["content"]), scope=scope,
                                                    metadata=meta)
                results.append({"id": record.id, "memory": record.content, "event": "ADD"})
            return {"results": results}
        result = await self.engine.add(turns, scope=scope)
        return {"results": await self._events(result.decisions, metadata)}

    async def _events(self, decisions: Sequence[Any], metadata: Mapping[str, Any] | None
                      ) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        for d in decisions:
            if d.kind is DecisionKind.NOOP:
                continue
            memory = d.memory
            if metadata and d.kind in {DecisionKind.ADD, DecisionKind.SUPERSEDE}:
                memory = await self.engine.update(memory.id, metadata={**memory.metadata,
                                                                       **metadata})
            kind = "ADD" if d.kind in {DecisionKind.ADD, DecisionKind.SUPERSEDE} else "UPDATE"
            events.append({"id": memory.id, "memory": memory.content, "event": kind})
            if d.kind is DecisionKind.SUPERSEDE and d.replaced:
                old = await self.engine.get(d.replaced)
                events.append({"id": old.id, "memory": old.content, "event": "DELETE"})
        return events

    async def get(self, memory_id: str) -> dict[str, Any] | None:
        try:
            record = await self.engine.get(memory_id)
        except NotFoundError:
            return None
        return _item(record) if record.status is Status.ACTIVE else None

    async def get_all(
        self, *, user_id: str | None = None, agent_id: str | None = None,
        run_id: str | None = None, filters: Mapping[str, Any] | None = None,
        limit: int = 100, top_k: int | None = None,
    ) -> dict[str, Any]:
        scope, flt = _scope(user_id, agent_id, run_id, filters)
        page = await self.engine.list(scope=scope, filters=flt, limit=top_k or limit)
        return {"results": [_item(r) for r in page.items]}

    async def search(
        self, query: str, *, user_id: str | None = None, agent_id: str | None = None,
        run_id: str | None = None, limit: int = 100, top_k: int | None = None,
        filters: Mapping[str, Any] | None = None, threshold: float | None = None,
        rerank: bool = True,
    ) -> dict[str, Any]:
        scope, flt = _scope(user_id, agent_id, run_id, filters)
        k = top_k or limit
        if threshold is not None and not 0.0 <= threshold <= 1.0:
            raise InvalidInputError("threshold must be between 0 and 1")
        # mem0 searches memories; gieok's conversation archive (turns) stays out of this face
        hits = await self.engine.search(query, scope=scope, k=k,
                                        filters={**(flt or {}), "kind": "memory"})
        return {"results": [_item(h.record, round(h.score, 4)) for h in hits
                            if threshold is None or h.score >= threshold]}

    async def update(self, memory_id: str, data: str) -> dict[str, Any]:
        await self.engine.update(memory_id, content=data)
        return {"message": "Memory updated successfully!"}

    async def delete(self, memory_id: str) -> dict[str, Any]:
        await self.engine.delete(memory_id)
        return {"message": "Memory deleted successfully!"}

    async def delete_all(self, *, user_id: str | None = None, agent_id: str | None = None,
                         run_id: str | None = None) -> dict[str, Any]:
        scope, _ = _scope(user_id, agent_id, run_id, None)
        await self.engine.forget(scope=scope)
        return {"message": "Memories deleted successfully!"}

    async def history(self, memory_id: str) -> list[dict[str, Any]]:
        return [_history_item(e) for e in await self.engine.history(memory_id)]

    async def reset(self) -> None:
        """Forget every scope of the default tenant that holds memories, history included."""
        store, _ = await self.engine.backends()
        scopes: dict[str, Scope] = {}
        view = View(statuses=("active", "archived", "deleted"), include_superseded=True)
        offset = 0
        while True:
            page = await store.list(Scope.model_construct(), filters=None, view=view,
                                    limit=500, offset=offset)
            scopes.update({r.scope.key(): r.scope for r in page.items})
            offset += len(page.items)
            if not page.items or offset >= page.total:
                break
        for scope in scopes.values():
            await self.engine.forget(scope=scope)

    async def aclose(self) -> None:
        await self.engine.aclose()


def _settings(config: Mapping[str, Any]) -> GieokSettings:
    foreign = sorted(k for k in set(config) & MEM0_CONFIG_KEYS
                     if k != "embedder" or isinstance(config[k], Mapping))
    if foreign:
        raise ConfigurationError(
            f"mem0 config sections {foreign} have gieok equivalents instead: store_url "
            "(sqlite:///…, postgresql://…), embedder ('local:multilingual-e5-small', "
            "'openai:<model>'), llm_base_url and llm_models (any OpenAI-compatible endpoint)")
    try:
        return GieokSettings(**dict(config))
    except Exception as exc:  # pydantic's ValidationError: name the bad key
        raise ConfigurationError(f"invalid config: {exc}") from None


class Memory(SyncFacade):
    """mem0's ``Memory`` over gieok: ``Memory()`` opens the embedded default store,
    ``Memory("sqlite:///app.db")`` a file, ``Memory.from_config({...gieok settings})``."""

    _async: AsyncMemory

    def __init__(self, store: str | None = None, *, settings: GieokSettings | None = None
                 ) -> None:
        async def make() -> AsyncMemory:
            return AsyncMemory(store, settings=settings)

        self._start(make)

    @classmethod
    def from_config(cls, config_dict: Mapping[str, Any]) -> Memory:
        return cls(settings=_settings(config_dict))

    add = forward(AsyncMemory.add)
    get = forward(AsyncMemory.get)
    get_all = forward(AsyncMemory.get_all)
    search = forward(AsyncMemory.search)
    update = forward(AsyncMemory.update)
    delete = forward(AsyncMemory.delete)
    delete_all = forward(AsyncMemory.delete_all)
    history = forward(AsyncMemory.history)
    reset = forward(AsyncMemory.reset)
