"""Exact top m of a scope matrix without scoring every row in float32.

The exact scan (``einsum`` over n×384 float32) is memory-bound: at 10k rows it reads 15 MB
and cost ~1.6 ms of a ~9 ms search at load ~9 (docs/benchmarks.md). An int8 copy of the
rows (a quarter of the bytes, scored by numkong's integer kernels: ~0.35 ms at 10k) gives
each row's cosine up to a known error, so only the rows whose upper bound reaches the m-th
best lower bound can be in the top m; those few are scored exactly from the float32 rows.
The answer — rows, order and every score — is the exact scan's, not an approximation:

- row ``x`` is kept as ``codes · step`` (one step per row: its largest component / 127),
  the query ``q`` the same way; then ``q·x − q̂·x̂ = q·(x − x̂) + (q − q̂)·x̂``, bounded by
  ``‖q‖·‖x − x̂‖ + ‖q − q̂‖·‖x̂‖`` (Cauchy–Schwarz), both norms known exactly;
- ``q̂·x̂`` is an integer dot product (exact in int32: |codes| ≤ 127, 384 dims) times the
  two steps, in float64;
- the float32 scan's own rounding (≤ n·2⁻²⁴·‖q‖·‖x‖ for n terms in any order) is covered
  by ``ROUNDING`` · dims per unit of ‖q‖·‖x‖, four times that bound.

If the m-th best lower bound is τ, a row whose upper bound is below τ has at least m rows
strictly better than it, so it is not in the top m. Ties keep the earlier row, as the scan's
order does. Rows that are not finite get an infinite error (always scored exactly).

Without numkong (it comes with the ``ann`` extra), outside ``MIN_ROWS``–``MAX_ROWS``, or
when too many rows survive the bound (``MAX_SHARE``: rescoring them would cost about what the
scan does), the scan runs as before. The copy is made by the first search that wants it
(~70 ms of CPU for 10k rows at load ~12; reading the matrix from SQLite costs more) and
follows every later write row by row.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

try:  # the ``ann`` extra's SIMD kernels (usearch depends on numkong)
    from numkong import cdist as _cdist
except ImportError:  # pragma: no cover - depends on the installed extras
    _cdist = None

# Below this many rows the float32 scan is cheap and the bounds' fixed costs eat the gain
# (break-even ~2,000 rows of the bench's vectors: 0.60 vs 0.62 ms; 4,000: 0.96 vs 1.19).
MIN_ROWS = 4096
# Above this many the first search would wait too long for the copy (quantising costs ~7 ms
# of CPU per 1,000 rows at load ~12, once per scope and after each compaction: ~0.7 s at
# 100k), and the vector graph (``ann.py``, from 50,000 rows by default) proposes instead.
MAX_ROWS = 50_000
# Bounded search gives up (the caller scans) when more than this share of rows survives.
MAX_SHARE = 0.3
# Rows quantised per step when a whole matrix is (temporary float64 copies stay small).
CHUNK = 8192
ROUNDING = 4 * 2.0 ** -24  # per dimension
_LEVELS = 127.0


def available() -> bool:
    return _cdist is not None


class Codes:
    """The int8 copy of a scope matrix's rows and what bounds each row's error."""

    def __init__(self, dim: int, capacity: int) -> None:
        self.dim = dim
        self.codes = np.zeros((capacity, dim), dtype=np.int8)
        self.step = np.ones(capacity)  # a code's value: codes · step ≈ the row
        # ‖x − x̂‖ plus the float32 scan's rounding per unit of ‖q‖ (inf: not quantised
        # yet, or not finite: such a row is always scored exactly)
        self.slack = np.full(capacity, np.inf)
        self.coded_norm = np.zeros(capacity)  # ‖x̂‖

    @property
    def capacity(self) -> int:
        return self.codes.shape[0]

    @classmethod
    def of(cls, matrix: np.ndarray, size: int) -> Codes:
        codes = cls(matrix.shape[1], matrix.shape[0])
        for start in range(0, size, CHUNK):
            codes.set(matrix, np.arange(start, min(size, start + CHUNK)))
        return codes

    def grow(self, capacity: int) -> None:
        """Room for ``capacity`` rows; the rows already quantised keep their codes."""
        extra = capacity - self.capacity
        if extra <= 0:
            return
        self.codes = np.concatenate([self.codes, np.zeros((extra, self.dim), np.int8)])
        self.step = np.concatenate([self.step, np.ones(extra)])
        self.slack = np.concatenate([self.slack, np.full(extra, np.inf)])
        self.coded_norm = np.concatenate([self.coded_norm, np.zeros(extra)])

    def set(self, matrix: np.ndarray, positions: np.ndarray | Sequence[int]) -> None:
        """Quantise ``matrix``'s rows at ``positions`` (after they were written)."""
        positions = np.asarray(positions, dtype=np.int64)
        if not len(positions):
            return
        x = np.asarray(matrix[positions], dtype=np.float32)
        peak = np.abs(x).max(axis=1).astype(np.float64)  # NaN or inf: not finite
        finite = np.isfinite(peak)
        step = np.where(finite & (peak > 0), peak / _LEVELS, 1.0)
        codes = np.rint(x * (1.0 / step).astype(np.float32)[:, None])
        codes[~finite] = 0.0
        np.clip(codes, -_LEVELS, _LEVELS, out=codes)
        wide = x.astype(np.float64)
        coded = codes.astype(np.float64)
        coded *= step[:, None]
        norm = np.sqrt(np.einsum("ij,ij->i", wide, wide))
        wide -= coded  # the residual x − x̂, in float64
        error = np.sqrt(np.einsum("ij,ij->i", wide, wide))
        self.codes[positions] = codes.astype(np.int8)
        self.step[positions] = step
        self.slack[positions] = np.where(finite, error + ROUNDING * self.dim * norm, np.inf)
        self.coded_norm[positions] = np.sqrt(np.einsum("ij,ij->i", coded, coded))

    def bounds(self, query: np.ndarray, size: int, alive: np.ndarray, dead: int
               ) -> tuple[np.ndarray, np.ndarray] | None:
        """Lower and upper bounds of every row's float32 cosine with ``query`` (dead rows
        ``-inf``; ``dead``: how many there are), or ``None`` without the kernels or for a
        query that is not finite or is zero."""
        if _cdist is None:
            return None
        q = query.astype(np.float64).reshape(-1)
        q_norm = math.sqrt(float(np.dot(q, q)))
        if not (math.isfinite(q_norm) and q_norm > 0):
            return None
        q_step = float(np.max(np.abs(q))) / _LEVELS  # |q / q_step| ≤ 127: no clipping
        q_coded = np.rint(q / q_step)
        rest = q - q_coded * q_step
        q_error = math.sqrt(float(np.dot(rest, rest)))
        q_codes = q_coded.astype(np.int8).reshape(1, -1)
        approx = np.asarray(_cdist(q_codes, self.codes[:size], metric="dot", threads=1),
                            dtype=np.float64).reshape(-1)
        approx *= self.step[:size]
        approx *= q_step
        error = self.slack[:size] * q_norm  # an infinite slack gives (-inf, inf)
        error += q_error * self.coded_norm[:size]
        lower, upper = approx - error, approx
        upper += error
        if dead:
            gone = ~alive[:size]
            lower[gone] = -np.inf
            upper[gone] = -np.inf
        return lower, upper


def bounded_first(matrix: np.ndarray, lower: np.ndarray, upper: np.ndarray,
                  query: np.ndarray, m: int) -> tuple[np.ndarray, np.ndarray] | None:
    """Positions and float32 scores of the ``m`` best rows, best first (ties: earlier row),
    from the rows whose bounds let them be among the ``m`` best; ``None`` when too many
    survive (the caller scans). ``m`` must be below the number of live rows."""
    n = len(lower)
    tau = np.partition(lower, n - m)[n - m]
    rows = np.flatnonzero(upper >= tau)
    if len(rows) > MAX_SHARE * n:
        return None
    scores = np.einsum("ij,j->i", matrix[rows], query)
    order = np.lexsort((rows, -scores))[:m]
    return rows[order], scores[order]
