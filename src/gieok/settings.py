"""Process configuration: ``GieokSettings`` (pydantic-settings, ``GIEOK_`` prefix).

Precedence: init kwargs > environment (``GIEOK_<FIELD>``, ``GIEOK_<GROUP>__<FIELD>``) >
``gieok.toml`` in the working directory > defaults. Nothing is read at import time: build a
``GieokSettings()`` where you start the program and pass it explicitly. Per-scope settings
(W9) are data in the store, see ``gieok.domain.policy``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import platformdirs
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    SecretStr,
    field_validator,
    model_validator,
)
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from gieok.domain.context import ContextSettings
from gieok.profiles import DEFAULT_PROFILE, deep_merge, get_profile

DEFAULT_EMBEDDER = "local:multilingual-e5-small"


def default_data_dir() -> Path:
    return Path(platformdirs.user_data_dir("gieok", appauthor=False))


class ScoringSettings(BaseModel):
    """R1/R2 weights. ``score = w_sim·relevance + w_time·exp(−λ·age_days) + w_imp·importance
    + w_use·exp(−age_of_last_use/use_half_life)``; relevance is the fused dense + full-text
    rank score in [0, 1]."""

    model_config = ConfigDict(extra="forbid")

    w_sim: float = Field(0.7, ge=0.0)
    w_time: float = Field(0.2, ge=0.0)
    w_imp: float = Field(0.1, ge=0.0)
    w_use: float = Field(0.05, ge=0.0)
    decay_lambda: float = Field(0.002, ge=0.0)
    use_half_life_days: float = Field(7.0, gt=0.0)
    rrf_k: float = Field(60.0, gt=0.0)
    # How dense and full-text candidates combine (read/fusion.py): "calibrated" (weighted
    # mean of scores on fixed scales), "score" (min–max rescaled within the candidates) or
    # "rrf" (reciprocal rank, k = rrf_k).
    fusion: Literal["calibrated", "score", "rrf"] = "calibrated"
    # Calibrated fusion (read/fusion.py): the cosines that mean "unrelated" and "the same
    # thing" (None: the embedder's own ``similarity_range``, else 0 and 1), and the BM25
    # score from which the best full-text match counts as full evidence.
    dense_floor: float | None = Field(None, ge=-1.0, lt=1.0)
    dense_ceiling: float | None = Field(None, gt=-1.0, le=1.0)
    fulltext_scale: float = Field(0.5, ge=0.0)
    # The embedder's per-language-pair shift of that range (read/calibration.py: a Korean
    # query against Korean texts, …); off, or with an explicit ``dense_floor``, one range.
    language_calibration: bool = True
    # Full text leads: measured on LoCoMo, BM25 over content + index_text beat the small
    # local embedder, and 0.3/0.7 beat 0.5/0.5 (docs/benchmarks.md).
    dense_weight: float = Field(0.3, ge=0.0)
    fulltext_weight: float = Field(0.7, ge=0.0)
    # How deep each candidate list (dense, full text) is read. A candidate one list ranks
    # 60th and the other 3rd was fused with nothing from the first (a cut-off, not a low
    # score): LoCoMo dev through add(), strict recall@10 0.809 → 0.8175 at 75 (0.8176 at
    # 100), every category up; ~1.5x the per-search ranking work (docs/benchmarks.md
    # "Through add(), session 18").
    candidates: int = Field(75, ge=1, le=1000)
    # What the full-text list, read ``candidates`` deep and full, gives a candidate it does
    # not hold: this share of its last candidate's value (read/fusion.beyond_the_list), not
    # 0 — the dense list's first turn, ranked 130th by full text, lost full text's whole
    # weight to a cut-off. 0 turns it off. LoCoMo dev through add(): strict recall@10
    # 0.8197 → 0.8279 (docs/benchmarks.md "Through add(), session 21").
    unlisted_share: float = Field(1.0, ge=0.0, le=1.0)
    # Query analysis (read/temporal.py): dates named in a query boost memories whose event
    # time falls in (or within ``query_time_after_days`` after) the named period.
    w_query_time: float = Field(0.2, ge=0.0)
    query_time_after_days: float = Field(14.0, ge=0.0)
    query_time_before_days: float = Field(2.0, ge=0.0)
    # Query analysis, "who" (read/speakers.py): a query naming a speaker of the conversation
    # lifts that speaker's archived turns (measured on LoCoMo dev, docs/benchmarks.md).
    # 0.10 since the name left the dense query (0.15 before; docs/benchmarks.md).
    w_query_speaker: float = Field(0.10, ge=0.0)
    # ... and the speakers a query names leave its dense query ("What did Caroline
    # research?" → "What did research?"): the name pulls the model towards turns that
    # address or mention the person, not what they said (read/speakers.without_names).
    dense_without_names: bool = True
    # R4 (read/diversity.py): drop candidates whose word overlap with a better one reaches
    # ``near_duplicate`` (1.0 = identical wording only); MMR with ``mmr_lambda`` (1.0 = off).
    near_duplicate: float = Field(1.0, gt=0.0, le=1.0)
    mmr_lambda: float = Field(1.0, ge=0.0, le=1.0)
    # search(): one hit per conversation turn — a fact and the archived turn it came from
    # (or a long turn's passages) take one place, the better of them (read/search.py).
    fold_sources: bool = True
    # Conversation structure (read/replies.py): the turn that replies to a question turn on
    # the first page is ranked right after it (measured on LoCoMo dev, docs/benchmarks.md).
    lift_replies: bool = True
    # Query analysis, "also called" (read/expansion.py): full text also searches the other
    # language's words and the narrower kinds of what the query names ("dog" → 강아지,
    # jindo), from a small built-in lexicon (read/lexicon.py); an added word counts this
    # much of one of the query's own words (0 = off).
    expansion_weight: float = Field(0.3, ge=0.0, le=1.0)
    # ... and it only reorders what the model relates about equally: a candidate found through
    # added words alone never ranks above one whose calibrated dense score is this much higher
    # (read/fusion.py cap_expansion; None: no cap; only with a calibrated embedder, whose
    # scale the margin is on). ``expansion_scaled``: the full-text list
    # is scaled by the expansion's best match at full weight, so added words count
    # ``expansion_weight`` also when nothing else matched.
    expansion_margin: float | None = Field(0.15, ge=0.0)
    expansion_scaled: bool = False
    # A candidate in the other language than the query's shares no word with it but the
    # lexicon's: there full text counts at least this share of its calibrated dense score
    # (times how far its language is from the query's; read/fusion.py read_across; 0 = off).
    across_languages: float = Field(0.7, ge=0.0, le=1.0)
    # An archived turn with no word of its own ("thanks!", "How can I help?"; read/phatic.py)
    # keeps this share of its relevance (1 = ranked like any turn).
    pleasantry_relevance: float = Field(0.5, ge=0.0, le=1.0)
    # An archived turn that asks — a question, a request to the assistant (read/speech.py) —
    # keeps this share of its relevance, a turn that partly asks a share in proportion
    # (1 = ranked like any turn): it says little about the speaker, yet its form matches a
    # question-shaped search (measured in docs/benchmarks.md "Through add(), session 9").
    asking_relevance: float = Field(0.6, ge=0.0, le=1.0)
    # A query that asks when ("when is my dental appointment?", "언제") lets a candidate that
    # names no time keep this share of its relevance (read/answer.py; 1 = ranked as any;
    # measured in docs/benchmarks.md "Through add(), session 11").
    timeless_relevance: float = Field(0.8, ge=0.0, le=1.0)
    # A standing instruction for the assistant ("from now on answer me in Korean") keeps this
    # share of its relevance, in proportion to how much of it instructs, unless the query asks
    # about instructions; a query naming a family (medication, work, appointment, diet) lets the
    # candidates that show none of it keep ``family_relevance`` when some candidate shows it
    # (read/kinds.py; 1 = ranked as any; docs/benchmarks.md "Through add(), session 12").
    instruction_relevance: float = Field(0.6, ge=0.0, le=1.0)
    family_relevance: float = Field(0.5, ge=0.0, le=1.0)
    # A fact ranks at least where the turn it was extracted from ranks, just above it, so
    # folding keeps the fact (read/provenance.py; docs/benchmarks.md "Through add(),
    # session 13") — only a fact that holds nearly all of its turn's content words, or whose
    # own relevance is at least ``lend_share`` of its turn's (0: every fact is lent; an
    # episode never is; docs/benchmarks.md "Through add(), session 14").
    lend_turn_relevance: bool = True
    lend_share: float = Field(0.8, ge=0.0, le=1.0)
    # ... and a fact of the family a query names (work, medication, appointment, diet) is lent
    # whatever of its turn it covers, also in context(), which lends nothing else: "What's
    # my job?" showed the turn "I'm a chemistry teacher, and please keep answers short", not
    # "User is a high school chemistry teacher" cut from it (read/provenance.py).
    lend_family: bool = True
    # A question about the user lets a candidate about another person of theirs ("my husband
    # thinks …", "사용자의 아빠가 …") keep this share of its relevance, in proportion; a
    # question about a person ("my husband", "오빠") lets the candidates that name none of
    # them keep it (read/persons.py; 1 = ranked as any).
    person_relevance: float = Field(0.5, ge=0.0, le=1.0)
    # search(): the first 50 candidates re-ordered by a small model trained on the engine's
    # own signals (read/learned.py; weights in read/learned_order.json, measured in
    # docs/benchmarks.md): a bounded correction to the mixed score, on by default since
    # session 17.
    learned_order: bool = True
    # Speed, not ranking: search works out the per-text features ranking reads (Hangul
    # share, families, persons, word sets, …) of every text of a scope on a thread once it
    # has read the scope's rows, for scopes up to 50,000 texts. On: up to 131,072 too. The
    # cost, paid once per process and scope, grows with the scope: at 100,000 texts tens of
    # seconds of CPU on a background thread (24 s measured in session 17) and ~440 MB more
    # peak memory (1.1 → 1.5 GB; off, a big scope's caches fill as searches meet its texts,
    # cold). What it buys at 100k is in docs/benchmarks.md ("Search latency, session 18").
    # Rankings are the same either way.
    warm_large_scopes: bool = False

    @field_validator("*")
    @classmethod
    def _finite(cls, value: float) -> float:
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError("must be a finite number (no NaN or infinity)")
        return value


class LlmSettings(BaseModel):
    """M2/W10: how chat-model calls behave. ``attempts`` tries per model with exponential
    backoff (``backoff_base_s``·2^i, capped), then the next model in ``llm_models``, then the
    no-LLM fallback."""

    model_config = ConfigDict(extra="forbid")

    timeout_s: float = Field(30.0, gt=0.0)
    connect_timeout_s: float = Field(5.0, gt=0.0)
    attempts: int = Field(3, ge=1, le=10)
    backoff_base_s: float = Field(1.0, ge=0.0)
    backoff_max_s: float = Field(8.0, ge=0.0)
    max_tokens: int = Field(1024, ge=16)
    temperature: float = Field(0.0, ge=0.0, le=2.0)
    response_format: Literal["json_object", "json_schema", "none"] = "json_object"


class WriteSettings(BaseModel):
    """W3/W6/W7 process defaults; per-scope overrides live in ``ScopeSettings`` (W9).

    ``max_long_term`` / ``max_episodic`` cap every scope on every write path (extraction,
    ``remember``, imports, session episodes) unless the scope or its profile sets its own
    limit; None means no limit (benchmarks that load 100k memories into one scope)."""

    model_config = ConfigDict(extra="forbid")

    extractor: Literal["auto", "heuristic", "llm"] = "auto"
    max_long_term: int | None = Field(10_000, ge=1)
    max_episodic: int | None = Field(1_000, ge=1)
    near_duplicate: float = Field(0.85, gt=0.0, le=1.0)
    neighbours: int = Field(8, ge=1, le=100)
    context_turns: int = Field(10, ge=1, le=100)
    # R8, the conversation archive: a passage holds at most ``passage_tokens`` tokens of one
    # turn (longer turns are split, consecutive passages sharing ``passage_overlap``); each
    # is embedded alone (with its speaker), and ``archive_window`` turns on each side plus
    # the session date are full-text context, which costs no embedding.
    passage_tokens: int = Field(256, ge=16, le=8192)
    passage_overlap: int = Field(32, ge=0, le=1024)
    archive_window: int = Field(2, ge=0, le=10)
    archive_neighbour_chars: int = Field(300, ge=0, le=10_000)
    # How ``remember()`` (and the service's seed-003 saves) store a memory's vector.
    # "sync": embedded before the save returns. "background": the record (content, full
    # text, metadata) is committed and the save returns; its vector is owed and written by a
    # low-priority task (write/backlog.py). A search, context assembly or extraction that
    # reads the scope first embeds that scope's owed vectors (at most 64), so the caller who
    # saved finds the memory exactly as after a synchronous save; another process on the same
    # file sees it by full text until its vector lands (normally within a second). Shutdown
    # writes every owed vector; after a crash the next start does. SQLite (unencrypted)
    # only: other stores always embed synchronously. "auto": "background" in ``gieok serve``,
    # "sync" in the library (which RYW across processes would change).
    save_vectors: Literal["auto", "sync", "background"] = "auto"
    # "background": the most owed vectors one process queues; beyond it a save embeds its
    # own vector before returning.
    save_vectors_queue: int = Field(1000, ge=1, le=1_000_000)


class LifecycleSettings(BaseModel):
    """L2–L4 defaults: per-type TTLs for ``gieok expire`` and the consolidation knobs."""

    model_config = ConfigDict(extra="forbid")

    type_ttl_days: dict[str, float] = Field(default_factory=dict)  # e.g. {"todo": 90}
    consolidate_after_days: float = Field(30.0, ge=0.0)
    consolidate_window_days: float = Field(30.0, gt=0.0)
    consolidate_min_cluster: int = Field(3, ge=2)
    consolidate_importance_factor: float = Field(0.5, ge=0.0, le=1.0)
    stale_episode_days: float = Field(14.0, ge=0.0)


class ApiSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    host: str = "127.0.0.1"
    port: int = Field(8420, ge=1, le=65535)
    max_body_bytes: int = Field(1_000_000, ge=1024)
    max_page_size: int = Field(200, ge=1)
    # The service's garbage collector (``api/collector.py``; docs/benchmarks.md, "Context
    # assembly, session 9"): what is alive once the engine is open — modules, the model,
    # the tokenizer — is left out of full collections (``gc.freeze``), and young
    # collections wait for this many new objects instead of Python's 700 (0: Python's).
    gc_freeze: bool = True
    gc_young_threshold: int = Field(7000, ge=0, le=10_000_000)
    # Searches and context assemblies working at once (``api/gate.py``); the rest wait
    # before they take any CPU, so saves and loads pass them. 0: no limit, the default —
    # 4 cut a save's p95 in the server in 4 of 5 measured pairs but search paid and
    # throughput fell in 3 of 5 (docs/benchmarks.md, save at 50 clients, session 22).
    max_ranking_in_flight: int = Field(0, ge=0, le=10_000)


class JobSettings(BaseModel):
    """The service's background work (``gieok.api.jobs``): the extraction queue and the
    periodic lifecycle tasks. An interval of 0 switches that task off; ``workers=0``
    only enqueues (another process, or a later start, runs the queue)."""

    model_config = ConfigDict(extra="forbid")

    workers: int = Field(1, ge=0, le=32)
    queue_max: int = Field(1000, ge=1, le=1_000_000)
    poll_interval_s: float = Field(1.0, gt=0.0, le=3600.0)
    lease_s: float = Field(300.0, gt=0.0)
    max_attempts: int = Field(3, ge=1, le=100)
    retry_backoff_s: float = Field(5.0, ge=0.0)
    retry_after_s: int = Field(5, ge=1, le=3600)
    drain_timeout_s: float = Field(10.0, ge=0.0, le=3600.0)
    sweep_interval_s: float = Field(60.0, ge=0.0)  # W2 idle-session sweeper
    decay_interval_s: float = Field(86_400.0, ge=0.0)  # L1
    expire_interval_s: float = Field(3_600.0, ge=0.0)  # L2
    retention_interval_s: float = Field(3_600.0, ge=0.0)  # L3
    consolidate_interval_s: float = Field(86_400.0, ge=0.0)  # L4


class GieokSettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="GIEOK_",
        env_nested_delimiter="__",
        extra="forbid",
        toml_file="gieok.toml",
    )

    # A named profile (``gieok.profiles``): defaults for the settings below and for every
    # scope's settings; anything set explicitly here, in the environment or gieok.toml wins.
    profile: str = DEFAULT_PROFILE
    data_dir: Path = Field(default_factory=default_data_dir)
    store_url: str | None = None
    embedder: str = DEFAULT_EMBEDDER
    embedder_base_url: str | None = None
    embedder_api_key: SecretStr | None = None
    # The local model's CPU threads. One by default: with two, its OpenMP threads spin-wait
    # whenever another process holds a core, and query p95 went from ~30 ms to ~1.7 s on a
    # busy 2-core machine (docs/benchmarks.md). None leaves the runtime's default.
    embedder_threads: int | None = Field(1, ge=1, le=256)
    # How many one-thread parts a large batch of passages (an add()'s turns, an import) is
    # cut into, run at once: the model costs the same per token in any batch, so this is how
    # one batch uses several cores. None: one per core (at most 4) when embedder_threads is 1.
    embedder_workers: int | None = Field(None, ge=1, le=64)
    llm_base_url: str | None = None
    llm_models: list[str] = Field(default_factory=list)
    llm_api_key: SecretStr | None = None
    max_content_chars: int = Field(8000, ge=1, le=100_000)
    # A separate bearer secret for a metrics scraper (GIEOK_METRICS_TOKEN): /metrics accepts it
    # as well as any API token, so Prometheus needs no tenant's token.
    metrics_token: SecretStr | None = None
    # A conversation turn given to add() may be far longer than a memory: it is archived as
    # passages (R8) and never refused for length below this.
    max_turn_chars: int = Field(500_000, ge=1, le=10_000_000)
    # The working log's hot copy (GIEOK_REDIS_URL, e.g. redis://localhost:6379/0 or
    # unix:///run/redis.sock): recent turns, summaries and session state are read from Redis
    # and written through to the store, which keeps serving them while Redis is down.
    redis_url: str | None = None
    # Encryption at rest: a 32-byte master key in base64 (GIEOK_ENCRYPTION_KEY), or a file
    # holding it (GIEOK_ENCRYPTION_KEY_FILE). Unset: the store is written in clear.
    encryption_key: SecretStr | None = None
    encryption_key_file: Path | None = None
    scoring: ScoringSettings = Field(default_factory=ScoringSettings)
    api: ApiSettings = Field(default_factory=ApiSettings)
    llm: LlmSettings = Field(default_factory=LlmSettings)
    write: WriteSettings = Field(default_factory=WriteSettings)
    context: ContextSettings = Field(default_factory=ContextSettings)
    lifecycle: LifecycleSettings = Field(default_factory=LifecycleSettings)
    jobs: JobSettings = Field(default_factory=JobSettings)
    _explicit: dict[str, Any] = PrivateAttr(default_factory=dict)
    _by_profile: dict[str, GieokSettings] = PrivateAttr(default_factory=dict)

    def master_key(self) -> bytes | None:
        """The encryption master key, or None when encryption is off."""
        from gieok.security.crypto import load_master_key

        value = self.encryption_key.get_secret_value() if self.encryption_key else None
        return load_master_key(value, self.encryption_key_file)

    @model_validator(mode="wrap")
    @classmethod
    def _apply_profile(cls, data: Any, handler: Callable[[Any], GieokSettings]
                       ) -> GieokSettings:
        """Lay the profile's values under the explicit ones (kwargs, environment, file)."""
        if not isinstance(data, dict):
            return handler(data)
        given = dict(data)
        profile = get_profile(given.get("profile") or DEFAULT_PROFILE)
        merged = dict(given)
        for key, value in profile.settings.items():
            current = merged.get(key)
            if isinstance(current, BaseModel):
                current = current.model_dump(exclude_unset=True)
            merged[key] = deep_merge(value, current) if isinstance(current, dict) else \
                (value if current is None else current)
        settings = handler(merged)
        settings._explicit = given
        return settings

    def for_profile(self, name: str | None) -> GieokSettings:
        """These settings under another profile (explicit values kept); memoised."""
        if not name or name == self.profile:
            return self
        found = self._by_profile.get(name)
        if found is None:
            found = type(self).model_validate({**self._explicit, "profile": name})
            self._by_profile[name] = found
        return found

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, env_settings, TomlConfigSettingsSource(settings_cls))

    def resolved_store_url(self) -> str:
        """The configured store URL, or the embedded default under ``data_dir``."""
        return self.store_url or f"sqlite:///{self.data_dir / 'gieok.db'}"
