"""The service tunes the garbage collector while it runs (``api/collector.py``): what is alive
once the engine is open is frozen out of full collections and young collections wait for
more objects; on shutdown the process gets its collector back as it was."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Iterator

import pytest

from gieok.api.collector import tuned_collector
from gieok.settings import ApiSettings


@pytest.fixture
def python_default_collector() -> Iterator[None]:
    before = gc.get_threshold()
    gc.unfreeze()
    gc.set_threshold(700, *before[1:])
    yield
    gc.set_threshold(*before)


def test_the_running_service_freezes_and_waits_longer_then_gives_it_back(
        python_default_collector: None, start_api_server: Callable[..., object]) -> None:
    before = gc.get_threshold()
    api = start_api_server()
    assert gc.get_freeze_count() > 10_000  # modules, the engine, the tokenizer
    assert gc.get_threshold() == (7000, *before[1:])
    assert api.client().get("/healthz").status_code == 200  # type: ignore[attr-defined]
    api.stop()  # type: ignore[attr-defined]
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before


def test_settings_can_leave_the_collector_alone(python_default_collector: None) -> None:
    before = gc.get_threshold()
    with tuned_collector(ApiSettings(gc_freeze=False, gc_young_threshold=0)):
        assert gc.get_freeze_count() == 0 and gc.get_threshold() == before
    with tuned_collector(ApiSettings(gc_young_threshold=20_000)):
        assert gc.get_threshold()[0] == 20_000 and gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before


def test_garbage_made_before_the_freeze_is_collected_not_frozen(
        python_default_collector: None) -> None:
    class Node:
        def __init__(self) -> None:
            self.me = self

    gc.disable()  # no automatic collection may free it first
    try:
        gone = weakref.ref(Node())  # a cycle, unreachable: only the collector can free it
        assert gone() is not None
        with tuned_collector(ApiSettings()):
            assert gone() is None  # frozen, it would have lived as long as the process
    finally:
        gc.enable()


def test_services_that_overlap_give_the_collector_back_when_the_last_stops(
        python_default_collector: None) -> None:
    before = gc.get_threshold()
    first, second = tuned_collector(ApiSettings()), tuned_collector(ApiSettings())
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)  # stopped in the order they started
    assert gc.get_threshold()[0] == 7000 and gc.get_freeze_count() > 0  # one still runs
    second.__exit__(None, None, None)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
