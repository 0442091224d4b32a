"""Named search presets: tested bundles of ``ScoringSettings`` (Graphiti's "recipes" idea).

``default`` is what ``GieokSettings()`` gives. The others exist for explanation and ablation
(docs/benchmarks.md): each changes one thing, so its effect can be measured by name.
"""

from __future__ import annotations

from typing import Any

from gieok.errors import InvalidInputError
from gieok.settings import ScoringSettings

PRESETS: dict[str, dict[str, Any]] = {
    "default": {},
    # the search gieok shipped before it was tuned: equal-weight RRF, no query analysis,
    # every hit in its own place
    "foundation": {"fusion": "rrf", "dense_weight": 1.0, "fulltext_weight": 1.0,
                   "w_query_time": 0.0, "w_query_speaker": 0.0, "fold_sources": False,
                   "lift_replies": False, "expansion_weight": 0.0,
                   "language_calibration": False, "pleasantry_relevance": 1.0,
                   "asking_relevance": 1.0, "timeless_relevance": 1.0,
                   "instruction_relevance": 1.0, "family_relevance": 1.0,
                   "lend_turn_relevance": False, "lend_family": False,
                   "person_relevance": 1.0,
                   "expansion_margin": None, "learned_order": False,
                   "dense_without_names": False, "across_languages": 0.0},
    "rrf": {"fusion": "rrf"},
    # the fusion before calibration: min-max within the candidates (read/fusion.py)
    "minmax": {"fusion": "score"},
    "equal-weights": {"dense_weight": 0.5, "fulltext_weight": 0.5},
    "dense": {"fulltext_weight": 0.0},
    "fulltext": {"dense_weight": 0.0},
    "no-recency": {"w_time": 0.0},
    "no-query-time": {"w_query_time": 0.0},
    "no-speaker": {"w_query_speaker": 0.0},
    # the speakers a query names stay in its dense query (read/speakers.without_names)
    "names-in-dense": {"dense_without_names": False},
    # R4 on: drop near-duplicates (80 % word overlap) and diversify with MMR
    "diverse": {"near_duplicate": 0.8, "mmr_lambda": 0.7},
    # a fact and the turn it came from each take a place (read/search.py: fold)
    "no-fold": {"fold_sources": False},
    # a question turn's reply keeps its own score (read/replies.py)
    "no-replies": {"lift_replies": False},
    # full text searches the query's own words only (read/expansion.py)
    "no-expansion": {"expansion_weight": 0.0},
    # one dense scale for every language pair (read/calibration.py)
    "no-language": {"language_calibration": False},
    # full text's silence on a candidate in the other language counts (read/fusion.py)
    "no-across": {"across_languages": 0.0},
    # a turn with no word of its own ranks like any turn (read/phatic.py)
    "no-pleasantries": {"pleasantry_relevance": 1.0},
    # a question or a request to the assistant ranks like any turn (read/speech.py)
    "no-asking": {"asking_relevance": 1.0},
    # a query that asks when ranks a candidate naming no time like any (read/answer.py)
    "no-answer-type": {"timeless_relevance": 1.0},
    # a standing instruction ranks like any candidate (read/kinds.py)
    "no-instructions": {"instruction_relevance": 1.0},
    # a query naming a family ranks every candidate alike (read/kinds.py)
    "no-family": {"family_relevance": 1.0},
    # a fact ranks by its own text only, not at least where its source turn ranks
    # (read/provenance.py)
    "no-provenance": {"lend_turn_relevance": False, "lend_family": False},
    # whose fact a question asks for is not read (read/persons.py)
    "no-persons": {"person_relevance": 1.0},
    # a candidate the full full-text list did not hold scores 0 there, not its share of the
    # list's last (read/fusion.beyond_the_list)
    "no-unlisted": {"unlisted_share": 0.0},
    # a candidate found through added words alone is not capped (read/fusion.py)
    "no-expansion-cap": {"expansion_margin": None},
    # the first candidates re-ordered by the shipped learned order (read/learned.py; the
    # default since it became a bounded correction), and the engine's own order without it
    "learned": {"learned_order": True},
    "no-learned": {"learned_order": False},
}


def get_preset(name: str, base: ScoringSettings | None = None) -> ScoringSettings:
    """``base`` (or the defaults) with the preset's changes applied."""
    if name not in PRESETS:
        raise InvalidInputError(
            f"unknown search preset {name!r}; known: {sorted(PRESETS)}", code="INVALID_INPUT"
        )
    start = base or ScoringSettings()
    return start.model_copy(update=PRESETS[name])
