"""Store contract (S5): every backend in ``store_url`` must behave identically here."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from gieok.domain.audit import AuditAction, AuditEvent
from gieok.domain.policy import ScopeSettings
from gieok.domain.query import Candidate, RankRow, View, parse_filter
from gieok.domain.records import Layer, MemoryRecord, MemoryType, Source, Status
from gieok.domain.scope import Scope
from gieok.embedders.hashing import HashEmbedder
from gieok.security.tokens import ApiToken, hash_token
from gieok.priority import in_background
from gieok.stores import Capability, IndexInfo, Store, WriteBatch, open_store
from gieok.stores.ops import ChangedOp, DenseOp, FulltextOp, HashOp, RankedOp

pytestmark = pytest.mark.anyio

U1 = Scope(user="u1")
U1_S1 = Scope(user="u1", session="s1")
U2 = Scope(user="u2")
ACME_U1 = Scope(org="acme", user="u1")
EMB = HashEmbedder(64)


async def put(store: Store, scope: Scope, content: str, **fields: object) -> MemoryRecord:
    record = MemoryRecord(scope=scope, content=content, **fields)  # type: ignore[arg-type]
    vec = (await EMB.embed_documents([content]))[0]
    await store.write(WriteBatch(upserts=[(record, vec)],
                                 audit=[AuditEvent(memory_id=record.id, scope=scope,
                                                   action=AuditAction.CREATE,
                                                   after_content=content)]))
    return record


async def test_setup_is_idempotent(store: Store) -> None:
    await store.setup()
    await store.setup()
    assert (await store.list(U1, filters=None, view=View(), limit=10, offset=0)).total == 0


async def test_roundtrip_keeps_every_field(store: Store) -> None:
    when = datetime(2021, 5, 4, 3, 2, 1, tzinfo=UTC)
    rec = await put(
        store, U1_S1, "User's cat is allergic to chicken", type=MemoryType.CONSTRAINT,
        category="health", data={"pet": "cat"}, metadata={"topic": "pet", "n": 3},
        confidence=0.8, importance=0.9, tags=["cat", "allergy"], pinned=True,
        event_time=when, expires_at=when + timedelta(days=36500), emotion="calm",
        source_turn_ids=["t1"], pii_flags=["none"],
    )
    [got] = await store.get("", [rec.id])
    assert got == rec


async def test_records_read_back_have_the_types_they_were_written_with(store: Store) -> None:
    """``==`` cannot tell a vocabulary's ``str`` from its enum (``Layer.EPISODIC ==
    "episodic"``), nor ``1`` from ``1.0``: every field's type is compared too, for records
    read by id, by page and by content hash."""
    when = datetime(2022, 1, 2, 3, 4, 5, tzinfo=UTC)
    written = [
        await put(store, U1_S1, "User decided to move to Busan", layer=Layer.EPISODIC,
                  type=MemoryType.DECISION, source=Source.INFERRED, category="move",
                  data={"city": "Busan"}, metadata={"turn": 3}, confidence=0.5,
                  importance=1.0, tags=["move"], pinned=True, promoted=True, version=2,
                  usage_count=4, last_used_at=when, event_time=when, valid_to=when,
                  index_text="Busan move", source_session="s1", source_preview="we move",
                  emotion="glad", pii_flags=["location"], source_turn_ids=["t1", "t2"]),
        await put(store, U1, "User likes tea"),
    ]
    by_id = await store.get("", [r.id for r in written])
    page = await store.list(U1, filters=None, view=View(), limit=10, offset=0)
    [by_hash] = await store.read([HashOp(U1, written[1].content_hash)])
    listed = {r.id: r for r in page.items}
    for got in [*by_id, *[listed[r.id] for r in written], *by_hash]:
        want = next(r for r in written if r.id == got.id)
        assert got == want
        for name in MemoryRecord.model_fields:
            assert type(getattr(got, name)) is type(getattr(want, name)), name
        assert list(got.__dict__) == list(MemoryRecord.model_fields)


async def test_read_scope_sees_narrower_scopes_but_not_other_users(store: Store) -> None:
    a = await put(store, U1, "u1 level")
    b = await put(store, U1_S1, "u1 session level")
    await put(store, U2, "u2 level")
    await put(store, ACME_U1, "acme u1")
    ids = {r.id for r in (await store.list(U1, filters=None, view=View(), limit=10,
                                           offset=0)).items}
    assert ids == {a.id, b.id}
    session_only = await store.list(U1_S1, filters=None, view=View(), limit=10, offset=0)
    assert [r.id for r in session_only.items] == [b.id]


async def test_tenant_boundary_on_get(store: Store) -> None:
    rec = await put(store, ACME_U1, "acme secret")
    assert await store.get("", [rec.id]) == []
    assert [r.id for r in await store.get("acme", [rec.id])] == [rec.id]


async def test_rank_rows_are_the_records_scoring_columns(store: Store) -> None:
    when = datetime(2022, 3, 1, tzinfo=UTC)
    turn = await put(store, ACME_U1, "I moved to Busan", layer="episodic", type="episode",
                     importance=0.3, event_time=when,
                     metadata={"turn": "t-7", "role": "user", "speaker": "Mina",
                               "follows": "t-6"})
    fact = await put(store, ACME_U1, "User lives in Busan", importance=0.8)
    await store.touch("acme", [fact.id], when)
    [fact] = await store.get("acme", [fact.id])
    rows = await store.rank_rows("acme", [fact.id, "missing", turn.id])
    by_id = {r.id: r for r in rows}
    assert set(by_id) == {fact.id, turn.id}  # ids not found are left out
    assert by_id[turn.id] == RankRow.of(turn)
    assert by_id[turn.id].turn == "t-7" and by_id[turn.id].layer == "episodic"
    assert by_id[turn.id].speaker == "Mina" and by_id[fact.id].speaker is None
    assert by_id[turn.id].follows == "t-6" and by_id[fact.id].follows is None
    assert by_id[fact.id] == RankRow.of(fact)
    assert by_id[fact.id].last_used_at == when and by_id[fact.id].turn is None
    assert await store.rank_rows("", [fact.id]) == []  # the tenant boundary holds here too


class _Picker:
    """A ``RankedOp`` ranker that records what the store handed it: reads the rows of every
    candidate but ``skip``, then picks the best-scoring half (by RankRow importance), plus
    an id that does not exist."""

    def __init__(self, skip: str) -> None:
        self.skip = skip
        self.lists: list[list[Candidate]] = []
        self.rows: list[RankRow] = []
        self.picked: list[str] = []

    def candidates(self, lists: Sequence[list[Candidate]], /) -> list[str]:
        self.lists = [list(part) for part in lists]
        ids = {c.id for part in lists for c in part} - {self.skip}
        return [*sorted(ids), "missing"]

    def pick(self, rows: Sequence[RankRow], /) -> list[str]:
        self.rows = list(rows)
        best = sorted(rows, key=lambda r: (-r.importance, r.id))[:len(rows) // 2]
        self.picked = [r.id for r in best]
        return ["missing", *self.picked]


async def test_a_ranked_read_is_its_three_reads_in_one(store: Store) -> None:
    """``RankedOp``: the candidate lists as their own ops answer them, the scoring columns
    of the ids the ranker names (opened, with encryption), the records of the ids it picks
    in its order — one round trip, the tenant boundary kept."""
    for i, city in enumerate(["Busan", "Seoul", "Busan", "Jeju", "Busan", "Daegu"]):
        await put(store, ACME_U1, f"User's friend {i} lives in {city}",
                  importance=(i + 1) / 10, metadata={"speaker": f"p{i}"})
    await put(store, U1, "User's friend 9 lives in Busan")  # another tenant
    vector = (await EMB.embed_documents(["friend lives in Busan"]))[0]
    lists = (DenseOp(ACME_U1, vector, 4), FulltextOp(ACME_U1, "Busan", 4))
    alone = await store.read(list(lists))
    first = alone[0][0].id
    picker = _Picker(skip=first)
    [records] = await store.read([RankedOp("acme", lists, picker)])
    assert [[c.id for c in part] for part in picker.lists] == \
        [[c.id for c in part] for part in alone]
    want = {c.id for part in alone for c in part} - {first}
    assert {r.id for r in picker.rows} == want  # "missing" left out, the skipped not read
    assert sorted(picker.rows, key=lambda r: r.id) == \
        sorted(await store.rank_rows("acme", sorted(want)), key=lambda r: r.id)
    assert all(r.content.startswith("User's friend") for r in picker.rows)  # opened
    assert [r.id for r in records] == picker.picked and picker.picked
    assert records == await store.get("acme", picker.picked)
    [nothing] = await store.read([RankedOp("", lists, _Picker(skip=""))])
    assert nothing == []  # another tenant's ids read nothing


async def test_list_pagination_and_order(store: Store) -> None:
    base = datetime(2020, 1, 1, tzinfo=UTC)
    recs = [await put(store, U1, f"memory number {i}", event_time=base + timedelta(days=i))
            for i in range(7)]
    page = await store.list(U1, filters=None, view=View(), limit=3, offset=2)
    assert page.total == 7 and page.has_more
    assert [r.id for r in page.items] == [r.id for r in reversed(recs)][2:5]


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ({"type": "preference"}, {"likes tea"}),
        ({"category": {"in": ["food", "place"]}}, {"likes tea", "lives in Seoul"}),
        ({"tags": "x"}, {"likes tea", "old memory"}),
        ({"importance": {"gte": 0.7}}, {"lives in Seoul"}),
        ({"event_time": {"lt": "2015"}}, {"old memory"}),
        ({"metadata.topic": "home"}, {"lives in Seoul"}),
        ({"metadata.n": {"gt": 1}}, {"lives in Seoul"}),
        ({"OR": [{"pinned": True}, {"type": "preference"}]}, {"likes tea", "old memory"}),
        ({"NOT": {"category": "food"}}, {"lives in Seoul", "old memory"}),
        ({"category": {"ne": "food"}}, {"lives in Seoul", "old memory"}),
    ],
)
async def test_filters_mean_the_same_everywhere(
    store: Store, spec: dict[str, object], expected: set[str]
) -> None:
    await put(store, U1, "likes tea", type=MemoryType.PREFERENCE, category="food",
              tags=["x"], importance=0.5)
    await put(store, U1, "lives in Seoul", category="place", importance=0.9,
              metadata={"topic": "home", "n": 2})
    await put(store, U1, "old memory", tags=["x", "y"], pinned=True,
              event_time=datetime(2010, 1, 1, tzinfo=UTC))
    page = await store.list(U1, filters=parse_filter(spec), view=View(), limit=10, offset=0)
    assert {r.content for r in page.items} == expected


async def test_views_hide_archived_superseded_and_expired(store: Store) -> None:
    now = datetime.now(UTC)
    live = await put(store, U1, "live one")
    archived = await put(store, U1, "archived one", status=Status.ARCHIVED)
    await put(store, U1, "expired one", expires_at=now - timedelta(seconds=1))
    old = await put(store, U1, "superseded one", superseded_at=now, valid_to=now,
                    event_time=now - timedelta(days=1))
    default = await store.list(U1, filters=None, view=View(), limit=10, offset=0)
    assert [r.id for r in default.items] == [live.id]
    with_archived = await store.list(U1, filters=None, view=View(include_archived=True),
                                     limit=10, offset=0)
    assert {r.id for r in with_archived.items} == {live.id, archived.id}
    past = await store.list(U1, filters=None, view=View(as_of=now - timedelta(seconds=30)),
                            limit=10, offset=0)
    assert old.id in {r.id for r in past.items}


async def test_dense_ranks_by_similarity_and_respects_scope(store: Store) -> None:
    cat = await put(store, U1, "my cat is allergic to chicken")
    await put(store, U1, "I work as a dentist in Busan")
    await put(store, U2, "my cat is allergic to chicken")
    query = await EMB.embed_query("cat allergic chicken")
    hits = await store.dense(U1, query, k=5, filters=None, view=View())
    assert hits[0].id == cat.id
    assert len(hits) == 2
    assert hits[0].score >= hits[1].score


async def test_dense_sees_writes_updates_and_deletes(store: Store) -> None:
    query = await EMB.embed_query("green tea")
    assert await store.dense(U1, query, k=3, filters=None, view=View()) == []
    tea = await put(store, U1, "green tea every morning")
    assert [c.id for c in await store.dense(U1, query, k=3, filters=None, view=View())] == [tea.id]
    archived = tea.model_copy(update={"status": Status.ARCHIVED})
    await store.write(WriteBatch(upserts=[(archived, None)]))
    assert await store.dense(U1, query, k=3, filters=None, view=View()) == []
    await store.write(WriteBatch(upserts=[(tea, None)]))
    assert len(await store.dense(U1, query, k=3, filters=None, view=View())) == 1
    await store.write(WriteBatch(hard_deletes=[tea.id]))
    assert await store.dense(U1, query, k=3, filters=None, view=View()) == []


async def test_dense_applies_filters_after_ranking(store: Store) -> None:
    for i in range(30):
        await put(store, U1, f"tea note {i}", category="noise")
    wanted = await put(store, U1, "completely different words", category="keep")
    query = await EMB.embed_query("tea note")
    hits = await store.dense(U1, query, k=3, filters=parse_filter({"category": "keep"}),
                             view=View())
    assert [h.id for h in hits] == [wanted.id]


async def test_fulltext_matches_korean_stems_and_english(store: Store) -> None:
    gangnam = await put(store, U1, "저는 서울 강남구에 살아요")
    swim = await put(store, U1, "주말마다 수영을 해요")
    cat = await put(store, U1, "The cat sleeps all day")
    await put(store, U2, "강남구 다른 사용자")
    assert [c.id for c in await store.fulltext(U1, "강남구", k=5, filters=None,
                                               view=View())] == [gangnam.id]
    assert [c.id for c in await store.fulltext(U1, "수영", k=5, filters=None,
                                               view=View())] == [swim.id]
    assert [c.id for c in await store.fulltext(U1, "cat", k=5, filters=None,
                                               view=View())] == [cat.id]
    assert await store.fulltext(U1, "the of and", k=5, filters=None, view=View()) == []
    assert await store.fulltext(U1, '"); DROP TABLE records; --', k=5, filters=None,
                                view=View()) == []


async def test_find_by_hash_is_exact_scope(store: Store) -> None:
    rec = await put(store, U1, "Likes  Tea")
    assert [r.id for r in await store.find_by_hash(U1, rec.content_hash)] == [rec.id]
    assert await store.find_by_hash(U1_S1, rec.content_hash) == []


async def test_audit_history_and_purge(store: Store) -> None:
    rec = await put(store, U1, "first")
    events = await store.history("", rec.id)
    assert [e.action for e in events] == [AuditAction.CREATE]
    await store.write(WriteBatch(hard_deletes=[rec.id], purge_history=[rec.id]))
    assert await store.history("", rec.id) == []
    assert await store.get("", [rec.id]) == []


async def test_forget_removes_everything_inside_scope_only(store: Store) -> None:
    a = await put(store, U1_S1, "session memory")
    await put(store, U1, "user memory")
    keep = await put(store, U2, "someone else")
    await store.put_settings(U1, ScopeSettings(enabled=False))
    assert await store.forget(U1) == 2
    assert await store.get("", [a.id]) == []
    assert await store.history("", a.id) == []
    assert await store.get_settings(U1) is None
    assert [r.id for r in await store.get("", [keep.id])] == [keep.id]


async def test_touch_counts_use(store: Store) -> None:
    rec = await put(store, U1, "used memory")
    at = datetime(2024, 1, 1, tzinfo=UTC)
    await store.touch("", [rec.id], at)
    await store.touch("other-tenant", [rec.id], at)
    [got] = await store.get("", [rec.id])
    assert got.usage_count == 1 and got.last_used_at == at


async def test_a_use_counted_just_before_close_is_kept(store_url: str,
                                                        encryption_key: str | None) -> None:
    """A backend may count uses without waiting for the commit (SQLite does): closing the
    store right after must still keep them, background ones included."""
    first = await open_store(store_url, encryption_key=encryption_key)
    if Capability.PERSISTENT not in first.capabilities:
        await first.aclose()
        pytest.skip("the store keeps nothing across opens")
    rec = await put(first, U1, "used, then the process shut down")
    at = datetime(2024, 1, 1, tzinfo=UTC)
    await first.touch("", [rec.id], at)
    with in_background():
        await first.touch("", [rec.id], at + timedelta(days=1))
    await first.aclose()
    again = await open_store(store_url, encryption_key=encryption_key)
    try:
        [got] = await again.get("", [rec.id])
        assert got.usage_count == 2 and got.last_used_at == at + timedelta(days=1)
    finally:
        await again.aclose()


async def test_changed_since_sees_updates_in_the_scope_only(store: Store) -> None:
    before = datetime.now(UTC) - timedelta(seconds=1)
    assert not (await store.read([ChangedOp(U1, before)]))[0]
    rec = await put(store, U1_S1, "written in a session")  # narrower: counts for U1
    after = datetime.now(UTC) + timedelta(seconds=1)
    assert await store.read([ChangedOp(U1, before), ChangedOp(U1_S1, before),
                             ChangedOp(U1, after), ChangedOp(U2, before),
                             ChangedOp(ACME_U1, before)]) == [True, True, False, False, False]
    await store.touch("", [rec.id], datetime.now(UTC) + timedelta(days=1))  # a use: no change
    assert not (await store.read([ChangedOp(U1, after)]))[0]
    archived = rec.model_copy(update={"status": Status.ARCHIVED,
                                      "updated_at": after + timedelta(seconds=1)})
    await store.write(WriteBatch(upserts=[(archived, None)]))  # any status counts
    assert (await store.read([ChangedOp(U1, after)]))[0]


async def test_settings_tokens_index_info(store: Store) -> None:
    assert await store.get_settings(U1) is None
    await store.put_settings(U1, ScopeSettings(max_memories=5))
    assert (await store.get_settings(U1)) == ScopeSettings(max_memories=5)
    stored = await store.get_settings(U1)
    assert stored is not None and stored.model_fields_set == {"max_memories"}  # only what was set
    token = ApiToken(token_hash=hash_token("secret"), tenant="acme", user="u1")
    await store.tokens.put_token(token)
    assert (await store.tokens.find_token(hash_token("secret"))) == token
    assert [t.id for t in await store.tokens.list_tokens("acme")] == [token.id]
    assert await store.tokens.list_tokens("other") == []
    assert await store.tokens.revoke_token(token.id) is True
    assert (await store.tokens.find_token(hash_token("secret"))).revoked_at is not None  # type: ignore[union-attr]
    assert await store.tokens.revoke_token("nope") is False
    assert await store.index_info() is None
    await store.set_index_info(IndexInfo(model="hash:64", dim=64))
    assert await store.index_info() == IndexInfo(model="hash:64", dim=64)


async def test_write_batch_is_atomic(store: Store) -> None:
    good = MemoryRecord(scope=U1, content="should not survive")
    bad = MemoryRecord(scope=U1, content="x")
    bad_vec = np.zeros(64, dtype=np.float32)
    batch = WriteBatch(upserts=[(good, bad_vec), (bad, bad_vec)])
    batch.audit.append(AuditEvent.model_construct(memory_id=None, scope=U1,  # type: ignore[arg-type]
                                                  action=AuditAction.CREATE))
    with pytest.raises(Exception):
        await store.write(batch)
    assert await store.get("", [good.id]) == []


async def test_a_big_batch_round_trips_and_updates_in_place(store: Store) -> None:
    """A batch big enough for a store's bulk path (PostgreSQL stages it through COPY) keeps
    every field, Korean morphemes and vectors exactly as a small one does; upserting the
    same ids again without vectors updates the rows and keeps their vectors."""
    when = datetime(2020, 2, 3, 4, 5, 6, tzinfo=UTC)
    records = [MemoryRecord(scope=U1 if i % 2 else ACME_U1,
                            content=f"사용자는 강남구{i}에 산다" if i % 3 else f"note {i} about tea",
                            category="home", data={"i": i}, metadata={"n": i, "k": [1, "x"]},
                            tags=["a", f"t{i}"], pinned=i == 7, importance=0.25,
                            event_time=when + timedelta(hours=i), index_text=f"context {i}")
               for i in range(420)]
    vectors = await EMB.embed_documents([r.content for r in records])
    events = [AuditEvent(memory_id=r.id, scope=r.scope, action=AuditAction.CREATE,
                         after_content=r.content) for r in records]
    await store.write(WriteBatch(upserts=list(zip(records, vectors, strict=True)), audit=events))
    got = await store.get("", [r.id for r in records if r.scope == U1])
    assert got == [r for r in records if r.scope == U1]
    assert await store.get("acme", [records[0].id]) == [records[0]]
    assert [e.id for e in await store.history("acme", records[0].id)] == [events[0].id]
    found = await store.fulltext(U1, "강남구13", k=5, filters=None, view=View())
    assert records[13].id in [c.id for c in found]
    updated = [r.model_copy(update={"importance": 0.75, "version": 2}) for r in records]
    await store.write(WriteBatch(upserts=[(r, None) for r in updated]))
    assert await store.get("", [records[5].id]) == [updated[5]]
    query = await EMB.embed_query(records[5].content)
    hits = await store.dense(U1, query, k=1, filters=None, view=View())
    assert [h.id for h in hits] == [records[5].id] and hits[0].score > 0.99


async def test_scope_level_filters_and_hierarchical_session_prefix(store: Store) -> None:
    """Seed 002's ``entity:{name}:{phase}`` session keys: one prefix reads every phase of an
    entity (and nothing of ``entity_ab``); ``{"project": None}`` keeps user-wide memories."""
    geode = Scope(org="acme", project="geode")
    phases = {}
    for session in ("entity:entity_a:cortex", "entity:entity_a:evaluation:quality",
                    "entity:entity_ab:cortex", "ENTITY:entity_a:cortex"):
        phases[session] = await put(store, geode.with_(session=session), f"result of {session}")
    org_note = await put(store, Scope(org="acme"), "org-wide rubric")
    page = await store.list(Scope(org="acme"), view=View(), limit=50, offset=0,
                            filters=parse_filter({"session": {"prefix": "entity:entity_a:"}}))
    assert {r.id for r in page.items} == {phases["entity:entity_a:cortex"].id,
                                          phases["entity:entity_a:evaluation:quality"].id}
    bare = await store.list(Scope(org="acme"), view=View(), limit=50, offset=0,
                            filters=parse_filter({"project": None, "session": None}))
    assert [r.id for r in bare.items] == [org_note.id]
    some = await store.list(Scope(org="acme"), view=View(), limit=50, offset=0,
                            filters=parse_filter({"session": {"in": ["ENTITY:entity_a:cortex"]},
                                                  "project": {"ne": None}}))
    assert [r.id for r in some.items] == [phases["ENTITY:entity_a:cortex"].id]
    vec = (await EMB.embed_documents(["result of entity"]))[0]
    hits = await store.dense(Scope(org="acme"), vec, k=10, view=View(),
                             filters=parse_filter({"session": {"prefix": "entity:entity_ab"}}))
    assert [h.id for h in hits] == [phases["entity:entity_ab:cortex"].id]
