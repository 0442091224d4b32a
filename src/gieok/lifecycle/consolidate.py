"""Consolidation (L4, seeds 001 and 004): old memories become digests; stale episodes too.

``plan_consolidation`` is pure: it takes records and returns digests to write and the
changes to what they cover. ``consolidate`` reads the store, plans, and writes each cluster
in one transaction.

* Long-term memories older than ``after_days`` are grouped by exact scope, time window
  (runs of at most ``window_days`` of event time) and topic — the first tag, else the category, else
  a lexical cluster of similar wording. A group of at least ``min_cluster`` memories becomes
  one ``type=digest`` memory; the covered memories keep existing with their importance
  multiplied by ``importance_factor`` and ``metadata.digest_id`` pointing at the digest, so
  they are never digested twice. Pinned and health/safety facts are never demoted.
* Episodes older than ``stale_episode_days`` and not yet promoted are distilled per scope
  and window into a long-term digest; each episode is marked ``promoted=True`` so context
  assembly does not retrieve it next to its digest (seed 004's distillation loop).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from gieok.domain.audit import AuditAction, Trigger, audit_for
from gieok.domain.query import View, parse_filter
from gieok.domain.records import Layer, MemoryRecord, MemoryType, Source, utcnow
from gieok.domain.safety import is_safety_fact
from gieok.domain.scope import Scope
from gieok.embedders.base import Embedder
from gieok.stores.base import Store, WriteBatch

MAX_DIGEST_CHARS = 1200
LEXICAL_JACCARD = 0.25
PAGE = 500
_WORD = re.compile(r"\w{2,}", re.UNICODE)
_STOP = frozenset({
    "the", "and", "for", "with", "that", "this", "user", "users", "has", "have", "was", "are",
    "사용자는", "사용자가", "사용자", "있음", "있다", "했다", "한다",
})


@dataclass
class Digest:
    record: MemoryRecord
    covered: list[MemoryRecord]  # their updated versions
    before: list[MemoryRecord]
    kind: str  # "memories" or "episodes"


@dataclass
class ConsolidationReport:
    digests: list[dict[str, object]] = field(default_factory=list)
    covered: int = 0
    episodes_promoted: int = 0
    dry_run: bool = False

    def as_dict(self) -> dict[str, object]:
        return {"digests": self.digests, "covered": self.covered,
                "episodes_promoted": self.episodes_promoted, "dry_run": self.dry_run}


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)} - _STOP


def _lexical_clusters(records: Sequence[MemoryRecord]) -> list[tuple[str, list[MemoryRecord]]]:
    """Greedy single-pass clustering by word overlap with each cluster's vocabulary."""
    clusters: list[tuple[set[str], list[MemoryRecord]]] = []
    for record in records:
        words = _words(record.content)
        best, best_sim = None, 0.0
        for vocab, members in clusters:
            sim = len(words & vocab) / len(words | vocab) if words and vocab else 0.0
            if sim > best_sim:
                best, best_sim = (vocab, members), sim
        if best is not None and best_sim >= LEXICAL_JACCARD:
            best[0].update(words)
            best[1].append(record)
        else:
            clusters.append((set(words), [record]))
    out = []
    for _, members in clusters:
        counts = Counter(w for m in members for w in _words(m.content))
        label = counts.most_common(1)[0][0] if counts else "misc"
        out.append((label, members))
    return out


def _windows(records: Sequence[MemoryRecord], window_days: float
             ) -> list[list[MemoryRecord]]:
    """Split ``records`` into runs of at most ``window_days`` of event time, oldest first.

    Windows start at the first memory of each run rather than at fixed calendar boundaries,
    so memories a few days apart are never split just because a boundary fell between them."""
    span = timedelta(days=window_days)
    runs: list[list[MemoryRecord]] = []
    for record in sorted(records, key=lambda r: r.event_time):
        if runs and record.event_time - runs[-1][0].event_time <= span:
            runs[-1].append(record)
        else:
            runs.append([record])
    return runs


def _digest_record(scope: Scope, members: Sequence[MemoryRecord], topic: str, kind: str,
                   now: datetime) -> MemoryRecord:
    members = sorted(members, key=lambda r: r.event_time)
    start, end = members[0].event_time, members[-1].event_time
    span = f"{start.date().isoformat()} – {end.date().isoformat()}"
    head = f"Conversations {span}" if kind == "episodes" else f"Digest {span} ({topic})"
    body = "; ".join(m.content.strip().rstrip(".") for m in members)
    text = f"{head}: {body}"
    if len(text) > MAX_DIGEST_CHARS:
        text = text[: MAX_DIGEST_CHARS - 1].rstrip() + "…"
    tags = sorted({t for m in members for t in m.tags})[:10]
    return MemoryRecord(
        scope=scope, layer=Layer.LONG_TERM, type=MemoryType.DIGEST, content=text,
        category=members[0].category if len({m.category for m in members}) == 1 else None,
        data={"covers": [m.id for m in members], "span": [start.isoformat(), end.isoformat()],
              "topic": topic, "kind": kind},
        metadata={"consolidated_at": now.isoformat()}, tags=tags, source=Source.SYSTEM,
        importance=max(m.importance for m in members),
        confidence=min(m.confidence for m in members),
        event_time=end, valid_from=start, source_preview=text[:100],
    )


def plan_consolidation(  # noqa: PLR0913 - each knob is a documented setting
    records: Sequence[MemoryRecord], *, now: datetime, after_days: float, window_days: float,
    min_cluster: int, importance_factor: float, stale_episode_days: float,
    keep: frozenset[str] = frozenset(),
) -> list[Digest]:
    """Digests for ``records`` (any mix of layers); ``keep`` ids are never demoted."""
    old = now - timedelta(days=after_days)
    stale = now - timedelta(days=stale_episode_days)
    topics: dict[tuple[str, str], list[MemoryRecord]] = {}
    untagged: dict[str, list[MemoryRecord]] = {}
    episodes: dict[str, list[MemoryRecord]] = {}
    scopes: dict[str, Scope] = {}
    for r in records:
        if not r.is_live(now) or r.metadata.get("digest_id") or r.type is MemoryType.DIGEST:
            continue
        scopes[r.scope.key()] = r.scope
        if r.layer is Layer.EPISODIC and not r.promoted and r.event_time < stale:
            episodes.setdefault(r.scope.key(), []).append(r)
        elif r.layer is Layer.LONG_TERM and r.event_time < old and not r.pinned \
                and r.id not in keep:
            topic = r.tags[0] if r.tags else r.category
            if topic:
                topics.setdefault((r.scope.key(), topic.casefold()), []).append(r)
            else:
                untagged.setdefault(r.scope.key(), []).append(r)
    groups: dict[tuple[str, int, str], list[MemoryRecord]] = {}
    for (scope_key, topic), members in topics.items():
        for n, window in enumerate(_windows(members, window_days)):
            groups[(scope_key, n, topic)] = window
    for scope_key, members in untagged.items():
        for n, window in enumerate(_windows(members, window_days)):
            for label, cluster in _lexical_clusters(window):
                groups.setdefault((scope_key, n, f"~{label}"), []).extend(cluster)
    digests = []
    for (scope_key, _, topic), members in sorted(groups.items()):
        if len(members) >= min_cluster:
            digest = _digest_record(scopes[scope_key], members, topic.lstrip("~"), "memories",
                                    now)
            covered = [_cover(m, digest, importance=m.importance * importance_factor, now=now)
                       for m in members]
            digests.append(Digest(digest, covered, list(members), "memories"))
    for scope_key, scope_episodes in sorted(episodes.items()):
        for members in _windows(scope_episodes, window_days):
            digest = _digest_record(scopes[scope_key], members, "episodes", "episodes", now)
            covered = [_cover(m, digest, importance=m.importance, now=now, promoted=True)
                       for m in members]
            digests.append(Digest(digest, covered, list(members), "episodes"))
    return digests


def _cover(record: MemoryRecord, digest: MemoryRecord, *, importance: float, now: datetime,
           promoted: bool = False) -> MemoryRecord:
    metadata = dict(record.metadata)
    metadata["digest_id"] = digest.id
    return record.model_copy(update={
        "importance": round(max(0.0, min(1.0, importance)), 6), "metadata": metadata,
        "promoted": record.promoted or promoted, "version": record.version + 1,
        "updated_at": now,
    })


async def _candidates(store: Store, scope: Scope) -> list[MemoryRecord]:
    flt = parse_filter({"layer": {"in": [Layer.LONG_TERM.value, Layer.EPISODIC.value]}})
    out: list[MemoryRecord] = []
    while True:
        page = await store.list(scope, filters=flt, view=View(), limit=PAGE, offset=len(out))
        out.extend(page.items)
        if not page.items or len(out) >= page.total:
            return out


async def run_consolidation(  # noqa: PLR0913
    store: Store, embedder: Embedder, scope: Scope, *, now: datetime | None = None,
    after_days: float = 30.0, window_days: float = 30.0, min_cluster: int = 3,
    importance_factor: float = 0.5, stale_episode_days: float = 14.0, dry_run: bool = False,
) -> ConsolidationReport:
    """Plan and write digests for ``scope``; each digest with its covered memories is one
    transaction. ``dry_run`` reports without writing."""
    now = now or utcnow()
    records = await _candidates(store, scope)
    keep = frozenset(r.id for r in records if is_safety_fact(r))
    plan = plan_consolidation(records, now=now, after_days=after_days, window_days=window_days,
                              min_cluster=min_cluster, importance_factor=importance_factor,
                              stale_episode_days=stale_episode_days, keep=keep)
    report = ConsolidationReport(dry_run=dry_run)
    for digest in plan:
        report.digests.append({"id": digest.record.id, "kind": digest.kind,
                               "topic": (digest.record.data or {}).get("topic"),
                               "covers": len(digest.covered), "scope": str(digest.record.scope)})
        report.covered += len(digest.covered)
        if digest.kind == "episodes":
            report.episodes_promoted += len(digest.covered)
    if dry_run or not plan:
        return report
    wall = utcnow()
    vectors = await embedder.embed_documents([d.record.embedding_text() for d in plan])
    for digest, vector in zip(plan, vectors, strict=True):
        record = digest.record.model_copy(update={"created_at": wall, "updated_at": wall})
        batch = WriteBatch(upserts=[(record, vector)])
        batch.audit.append(audit_for(AuditAction.CREATE, record, trigger=Trigger.CONSOLIDATION,
                                     details={"covers": len(digest.covered)}))
        for before, after in zip(digest.before, digest.covered, strict=True):
            after = after.model_copy(update={"updated_at": wall})
            batch.upserts.append((after, None))
            batch.audit.append(audit_for(AuditAction.UPDATE, after, before=before,
                                         trigger=Trigger.CONSOLIDATION,
                                         details={"digest_id": record.id}))
        await store.write(batch)
    return report



