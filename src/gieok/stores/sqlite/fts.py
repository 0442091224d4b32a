"""FTS5 query syntax for the SQLite store: every term quoted and routed to its columns."""

from __future__ import annotations

from gieok.text.analysis import query_terms


def fts5_query(
    text: str, *, word_columns: str = "content", morph_columns: str = "morphs"
) -> str | None:
    """A safe FTS5 MATCH expression: every term quoted, OR-ed, each routed to its column(s)
    (``"{content context}"`` searches two)."""
    words, morphs = query_terms(text)
    return fts5_match(words, morphs, word_columns=word_columns, morph_columns=morph_columns)


def fts5_match(words: list[str], morphs: list[str], *, word_columns: str = "content",
               morph_columns: str = "morphs") -> str | None:
    """The MATCH expression for terms already analysed (or blind terms)."""
    parts = []
    if words:
        parts.append(f"{word_columns} : (" + " OR ".join(_quote(w) for w in words) + ")")
    if morphs:
        parts.append(f"{morph_columns} : (" + " OR ".join(_quote(m) for m in morphs) + ")")
    return " OR ".join(parts) if parts else None


def _quote(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'
