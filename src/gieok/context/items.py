"""How a record becomes a line of the ``[MEMORY CONTEXT]`` block, and lines a section.

One job, apart from the assembler's choice of WHAT to show: the date, the content, what a change
replaced ("(previously …)"), what has ended ("(until …)"), a mood, the relevance score the
budget fitter orders by, and seed 004's per-source weights (procedural 0.95, project 0.85,
episodic 0.7, organisation 0.8). A pinned or selected memory has no relevance parts: it is
shown whatever the query."""

from __future__ import annotations

from collections.abc import Sequence

from gieok.context.past import ended_mark
from gieok.context.project_files import ProjectMemory
from gieok.context.skills import matching_skills
from gieok.domain.context import SECTION_TITLES, ContextItem, ContextSection, SectionKind, Trace
from gieok.domain.query import ScoredMemory, ScoreParts
from gieok.domain.records import Layer, MemoryRecord

# Seed 004's per-source weights: procedural 0.95, project 0.85, episodic 0.7.
SKILL_WEIGHT, PROJECT_WEIGHT, EPISODE_WEIGHT, ORG_WEIGHT = 0.95, 0.85, 0.7, 0.8


def clamp(x: float) -> float:
    return max(0.0, min(1.0, x))


def previously(r: MemoryRecord) -> str:
    """The old value a memory of a change replaced (``metadata.previously``, written by
    ``write.outdated``), said as past in the memory's language: the block then states the
    new value as current and the old one as what it was before (issue 16)."""
    previous = r.metadata.get("previously")
    if not previous:
        return ""
    if any("\uac00" <= ch <= "\ud7a3" for ch in r.content):
        return f" (이전에는 {previous})"
    return f" (previously {previous})"


def memory_item(hit: ScoredMemory, weight: float = 1.0) -> ContextItem:
    r = hit.record
    text = f"- [{r.event_time.date().isoformat()}] {r.content}{previously(r)}{ended_mark(r)}"
    if r.layer is Layer.EPISODIC and r.emotion:
        text += f" (mood: {r.emotion})"
    return ContextItem(id=r.id, record_id=r.id, text=text, body=r.content, at=r.event_time,
                       score=round(clamp(hit.score * weight), 4), parts=hit.parts)


def section(kind: SectionKind, items: list[ContextItem], relevance: float | None = None
             ) -> ContextSection | None:
    if not items:
        return None
    rel = relevance if relevance is not None else max(i.score for i in items)
    return ContextSection(kind=kind, title=SECTION_TITLES[kind], relevance=round(clamp(rel), 4),
                          items=items)


def project_items(project: ProjectMemory, entity: str | None, path: str | None,
                   max_lines: int, trace: Trace) -> list[ContextItem]:
    items = []
    text = project.read_memory(max_lines=max_lines).strip()
    if text:
        items.append(ContextItem(id="project:MEMORY.md", text=f"[MEMORY.md]\n{text}",
                                 score=PROJECT_WEIGHT))
    problems: list[str] = []
    for rule in project.matching_rules(entity=entity, path=path, problems=problems):
        where = "always" if rule.unconditional else "paths: " + ", ".join(rule.paths)
        score = PROJECT_WEIGHT if rule.unconditional else 0.9
        items.append(ContextItem(id=f"project:rules/{rule.name}",
                                 text=f"[rule {rule.name} — {where}]\n{rule.body}", score=score))
    trace.warnings.extend(problems)
    return items


def turn_item(hit: ScoredMemory) -> ContextItem:
    r = hit.record
    who = r.metadata.get("speaker") or r.metadata.get("role") or "someone"
    # a turn whose fact was superseded since (write path, issue 16) is quoted as past
    until = f" (until {r.metadata['until']})" if r.metadata.get("until") else ""
    return ContextItem(id=r.id, record_id=r.id, body=r.content, at=r.event_time,
                       text=f"- [{r.event_time.date().isoformat()}] {who}: {r.content}{until}",
                       score=round(clamp(hit.score), 4), parts=hit.parts)


def standing_item(r: MemoryRecord, score: float) -> ContextItem:
    """A pinned or selected memory: shown whatever the query, so no relevance parts."""
    text = f"- [{r.event_time.date().isoformat()}] {r.content}{previously(r)}{ended_mark(r)}"
    return ContextItem(id=r.id, record_id=r.id, body=r.content, at=r.event_time, text=text,
                       score=score, parts=ScoreParts(importance=r.importance))


def search_sections(hits: Sequence[ScoredMemory], episodes: Sequence[ScoredMemory],
                     tier_hits: Sequence[ScoredMemory]) -> list[ContextSection | None]:
    """Relevant memories, recent conversations, project and organisation knowledge."""
    memory_items = [memory_item(h) for h in hits]
    episode_items = [memory_item(e, EPISODE_WEIGHT) for e in episodes]
    org_items = [memory_item(h, ORG_WEIGHT) for h in tier_hits
                 if h.record.scope.project is None]
    project_items = [memory_item(h, PROJECT_WEIGHT) for h in tier_hits
                     if h.record.scope.project is not None]
    return [section(SectionKind.MEMORIES, memory_items),
            section(SectionKind.EPISODES, episode_items),
            section(SectionKind.PROJECT, project_items),
            section(SectionKind.ORGANISATION, org_items)]


def skill_items(records: Sequence[MemoryRecord], query: str, limit: int) -> list[ContextItem]:
    if not query:
        return []
    return [ContextItem(id=f"skill:{skill.name}", record_id=ids[0], text=skill.render(),
                        score=SKILL_WEIGHT)
            for skill, _, ids in matching_skills(records, query)][:limit]
