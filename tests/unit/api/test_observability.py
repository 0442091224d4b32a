"""Prometheus text rendering and the JSON log formatter."""

from __future__ import annotations

import json
import logging

from gieok.api.observability import Counter, Histogram, JsonFormatter, Metrics


def test_counter_renders_labels_escaped() -> None:
    counter = Counter("c_total", "help text", ("route",))
    counter.inc('/a"b')
    counter.inc('/a"b', amount=2)
    lines = counter.render()
    assert lines[:2] == ["# HELP c_total help text", "# TYPE c_total counter"]
    assert lines[2] == 'c_total{route="/a\\"b"} 3'


def test_histogram_buckets_are_cumulative_with_le_semantics() -> None:
    hist = Histogram("h_seconds", "latency", buckets=(0.1, 1.0))
    for value in (0.05, 0.1, 0.5, 2.0):
        hist.observe(value)
    lines = hist.render()
    assert 'h_seconds_bucket{le="0.1"} 2' in lines  # 0.1 counts as <= 0.1
    assert 'h_seconds_bucket{le="1"} 3' in lines
    assert 'h_seconds_bucket{le="+Inf"} 4' in lines
    assert "h_seconds_count 4" in lines
    assert "h_seconds_sum 2.65" in lines
    assert hist.count() == 4


def test_metrics_render_is_text_format() -> None:
    metrics = Metrics()
    metrics.requests.inc("GET", "/v1/memories", "200")
    metrics.latency.observe(0.003, "GET", "/v1/memories")
    text = metrics.render()
    assert text.endswith("\n")
    assert "# TYPE gieok_http_request_duration_seconds histogram" in text
    assert 'gieok_http_requests_total{method="GET",route="/v1/memories",status="200"} 1' in text


def test_json_formatter_includes_extras() -> None:
    record = logging.LogRecord("gieok.api", logging.INFO, __file__, 1, "request %s", ("x",),
                               None)
    record.request_id = "abc"
    record.color_message = "\x1b[36mnoise\x1b[0m"
    entry = json.loads(JsonFormatter().format(record))
    assert entry["msg"] == "request x" and entry["level"] == "info"
    assert entry["request_id"] == "abc" and "color_message" not in entry
