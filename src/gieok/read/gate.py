"""A read that may close a search: the scope's memory switch, checked in the search's round trip.

With memory turned off in a scope (``ScopePolicy.settings.enabled``), ``search()`` answers
``[]`` as ``context()`` answers an empty block. Reading the settings before the search would
add a store round trip to every search (the 10k budget is a few milliseconds), so the settings
read travels in the same batch as the ranking (``hybrid_search(gate=…)``) and its answer is
looked at afterwards: the ranking work is wasted only in a scope whose memory is off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from gieok.stores.ops import ReadOp


class Gate(NamedTuple):
    """``op`` is read beside the search's ranking; ``allows`` gets its result, and ``False``
    makes the search answer ``[]``."""

    op: ReadOp
    allows: Callable[[object], bool]
