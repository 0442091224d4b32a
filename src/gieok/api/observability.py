"""Metrics in Prometheus text format and one-line JSON logs (X5, issue 6 observability).

A tiny, dependency-free registry is enough for the handful of series the service exports;
each app owns its own ``Metrics`` (no process-global registry), so two apps in one test
process never share counters.
"""

from __future__ import annotations

import json
import logging
import math
from bisect import bisect_left
from collections.abc import Sequence
from datetime import UTC, datetime

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
LabelKey = tuple[str, ...]


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _labels(names: Sequence[str], values: Sequence[str], extra: str = "") -> str:
    parts = [f'{n}="{_escape(v)}"' for n, v in zip(names, values, strict=True)]
    if extra:
        parts.append(extra)
    return "{" + ",".join(parts) + "}" if parts else ""


def _num(value: float) -> str:
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return repr(float(value)) if not float(value).is_integer() else str(int(value))


class Counter:
    def __init__(self, name: str, help_text: str, labels: Sequence[str] = ()) -> None:
        self.name, self.help, self.labels = name, help_text, tuple(labels)
        self._values: dict[LabelKey, float] = {}

    def inc(self, *values: str, amount: float = 1.0) -> None:
        self._values[values] = self._values.get(values, 0.0) + amount

    def value(self, *values: str) -> float:
        return self._values.get(values, 0.0)

    def render(self) -> list[str]:
        lines = [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} counter"]
        lines += [f"{self.name}{_labels(self.labels, key)} {_num(v)}"
                  for key, v in sorted(self._values.items())]
        return lines


class Histogram:
    def __init__(
        self, name: str, help_text: str, labels: Sequence[str] = (),
        buckets: Sequence[float] = LATENCY_BUCKETS,
    ) -> None:
        self.name, self.help, self.labels = name, help_text, tuple(labels)
        self.buckets = tuple(sorted(buckets))
        self._counts: dict[LabelKey, list[int]] = {}
        self._sums: dict[LabelKey, float] = {}

    def observe(self, seconds: float, *values: str) -> None:
        counts = self._counts.setdefault(values, [0] * (len(self.buckets) + 1))
        counts[bisect_left(self.buckets, seconds)] += 1
        self._sums[values] = self._sums.get(values, 0.0) + seconds

    def count(self, *values: str) -> int:
        return sum(self._counts.get(values, ()))

    def render(self) -> list[str]:
        lines = [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} histogram"]
        for key, counts in sorted(self._counts.items()):
            running = 0
            for bound, n in zip((*self.buckets, math.inf), counts, strict=True):
                running += n
                le = 'le="' + _num(bound) + '"'
                lines.append(f"{self.name}_bucket{_labels(self.labels, key, le)} {running}")
            lines.append(f"{self.name}_sum{_labels(self.labels, key)} {_num(self._sums[key])}")
            lines.append(f"{self.name}_count{_labels(self.labels, key)} {running}")
        return lines


class Gauge:
    """A value that goes up and down (queue depth); set when it is measured."""

    def __init__(self, name: str, help_text: str, labels: Sequence[str] = ()) -> None:
        self.name, self.help, self.labels = name, help_text, tuple(labels)
        self._values: dict[LabelKey, float] = {}

    def set(self, value: float, *values: str) -> None:
        self._values[values] = float(value)

    def value(self, *values: str) -> float:
        return self._values.get(values, 0.0)

    def render(self) -> list[str]:
        lines = [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} gauge"]
        lines += [f"{self.name}{_labels(self.labels, key)} {_num(v)}"
                  for key, v in sorted(self._values.items())]
        return lines


TOKEN_BUCKETS = (0, 100, 250, 500, 1000, 2000, 4000, 8000, 16000)


class Metrics:
    """The service's series. Route labels are path templates, so cardinality stays bounded."""

    def __init__(self) -> None:
        self.requests = Counter("gieok_http_requests_total", "HTTP requests by route and status.",
                                ("method", "route", "status"))
        self.latency = Histogram("gieok_http_request_duration_seconds",
                                 "HTTP request latency in seconds.", ("method", "route"))
        self.search = Histogram("gieok_search_duration_seconds",
                                "Search latency inside the engine, in seconds.")
        self.failures = Counter("gieok_http_failures_total",
                                "Error responses by stable error code.", ("code",))
        self.server_errors = Counter("gieok_http_server_errors_total",
                                     "Responses with a 5xx status (should stay at zero).")
        # background work (api/jobs.py) and context assembly
        self.queue_depth = Gauge("gieok_extraction_queue_depth",
                                 "Extraction jobs pending or running (the bounded queue).")
        self.jobs_failed = Gauge("gieok_jobs_failed",
                                 "Jobs that gave up after their attempts (kept in the store).")
        self.jobs = Counter("gieok_jobs_total", "Background jobs by kind and outcome "
                            "(enqueued, done, retry, gave_up, rejected).", ("kind", "outcome"))
        self.job_failures = Counter("gieok_job_failures_total",
                                    "Failed job attempts (retried or given up), by kind.",
                                    ("kind",))
        self.write_failures = Gauge("gieok_write_failures",
                                    "Write-path failures absorbed and reported (W10) since start.")
        # the working log's Redis copy (present when GIEOK_REDIS_URL is set)
        self.redis_up = Gauge("gieok_redis_up",
                              "1 while the working log's Redis answers, 0 while the store "
                              "serves it alone.")
        self.redis_errors = Gauge("gieok_redis_errors",
                                  "Redis calls that failed and were served by the store, "
                                  "since start.")
        self.redis_reads = Gauge("gieok_redis_reads", "Working-log reads answered by Redis "
                                 "(hit) or filled from the store (miss), since start.",
                                 ("result",))
        self.scheduled = Counter("gieok_scheduled_runs_total",
                                 "Periodic lifecycle task runs by task and outcome.",
                                 ("task", "outcome"))
        self.tokens_injected = Counter("gieok_context_tokens_injected_total",
                                       "Tokens handed to models by /v1/context (block + turns).")
        self.context_tokens = Histogram("gieok_context_tokens", "Tokens per /v1/context answer.",
                                        buckets=TOKEN_BUCKETS)

    def render(self) -> str:
        lines: list[str] = []
        for series in (self.requests, self.latency, self.search, self.failures,
                       self.server_errors, self.queue_depth, self.jobs_failed, self.jobs,
                       self.job_failures, self.write_failures, self.redis_up,
                       self.redis_errors, self.redis_reads, self.scheduled,
                       self.tokens_injected, self.context_tokens):
            lines += series.render()
        return "\n".join(lines) + "\n"


_STANDARD_ATTRS = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message", "asctime", "taskName", "color_message",  # uvicorn's ANSI copy of msg
}


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, and any ``extra=`` fields."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD_ATTRS and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def configure_json_logging(level: str = "info") -> None:
    """Route every logger (uvicorn's included) through one JSON handler on stderr. Called by
    ``gieok serve`` at start-up, never at import."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
