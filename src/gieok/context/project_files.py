"""Project memory files (C3, seed 002): ``MEMORY.md`` plus ``rules/*.md`` with ``paths:`` globs.

A project (workspace) keeps its knowledge as plain Markdown a person can edit by hand::

    <root>/MEMORY.md          # the first 200 lines go into the context
    <root>/rules/billing.md   # ---\\npaths: ["**/billing*"]\\n---\\n# Billing rules ...

Where a project's files live without a configured root: ``<base>/<project>`` for the default
tenant and ``<base>/org=<org>/<project>`` for an organisation's project (``=`` cannot occur in
an id, so no project of one tenant can name another tenant's directory); ``project_dir``
builds that path and is the only place that does.

A rule loads only when the current entity or path matches one of its ``paths`` globs; a rule
without ``paths`` (or with ``"*"``) always loads. Globs follow gitignore habits: ``*`` stays
within one path segment, ``**/`` spans any number of directories (zero included), and a
path matches when it or any of its parent directories does. Matching ignores case.
"""

from __future__ import annotations

import functools
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import yaml

from gieok.domain.scope import validate_scope_id
from gieok.errors import InvalidInputError

MEMORY_FILE = "MEMORY.md"
RULES_DIR = "rules"
MAX_MEMORY_LINES = 200
INSIGHTS_HEADING = "## Recent insights"
MAX_INSIGHTS = 50
_FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.DOTALL)
_RULE_NAME = re.compile(r"^[\w.\-]{1,100}$", re.UNICODE)


def project_dir(base: str | os.PathLike[str], project: str, tenant: str = "") -> Path:
    """The directory of ``tenant``'s ``project`` under ``base`` (X1: one tree per tenant).
    Ids are checked again here, since they become path segments: ``..``, separators and
    empty ids raise INVALID_SCOPE, and the result never leaves ``base``."""
    root = Path(base)
    parts = [f"org={validate_scope_id('org', tenant)}"] if tenant else []
    parts.append(validate_scope_id("project", project))
    path = root.joinpath(*parts)
    if not path.resolve().is_relative_to(root.resolve()):  # defence in depth
        raise InvalidInputError(f"project id {project!r} is not a plain name",
                                code="INVALID_SCOPE")
    return path


@dataclass(frozen=True)
class Rule:
    name: str
    body: str
    paths: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def unconditional(self) -> bool:
        return not self.paths or any(p.strip() in {"*", "**"} for p in self.paths)

    def applies_to(self, targets: Sequence[str]) -> bool:
        """True when the rule has no paths, or any target (entity or path) matches a glob.
        A target of ``"*"`` loads every rule."""
        if self.unconditional or "*" in targets:
            return True
        return any(glob_match(pattern, target) for target in targets for pattern in self.paths)


@functools.lru_cache(maxsize=512)
def _glob_regex(pattern: str) -> re.Pattern[str]:
    out = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out), re.IGNORECASE)


def glob_match(pattern: str, target: str) -> bool:
    """Gitignore-style glob match of ``target`` (an entity name or a path)."""
    target = target.replace("\\", "/").strip().strip("/")
    pattern = pattern.strip()
    if pattern.startswith("./"):
        pattern = pattern[2:]
    if not target or not pattern:
        return False
    regex = _glob_regex(pattern.strip("/"))
    parts = target.split("/")
    return any(regex.fullmatch("/".join(parts[:n])) for n in range(len(parts), 0, -1))


def parse_rule(name: str, raw: str) -> Rule:
    """Split YAML front matter from the body; ``paths`` may be a string or a list."""
    match = _FRONT_MATTER.match(raw)
    if not match:
        return Rule(name=name, body=raw.strip())
    try:
        meta = yaml.safe_load(match.group(1)) or {}
    except yaml.YAMLError as exc:
        raise InvalidInputError(f"rule {name!r}: front matter is not valid YAML: {exc}") from None
    if not isinstance(meta, dict):
        raise InvalidInputError(f"rule {name!r}: front matter must be a mapping")
    paths = meta.get("paths") or []
    if isinstance(paths, str):
        paths = [paths]
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        raise InvalidInputError(f"rule {name!r}: paths must be a list of glob strings")
    return Rule(name=str(meta.get("name") or name), body=raw[match.end():].strip(),
                paths=tuple(paths), meta=meta)


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _with_insights(lines: list[str], insights: list[str]) -> list[str]:
    """MEMORY.md with the insights section near the top — right after a leading ``# Title``
    line and its blank line — so the newest insight is always inside the read window, however
    long the rest of the file grows (seed 002: newest first, first 200 lines read)."""
    at = 0
    if lines and lines[0].startswith("# "):
        at = 1
        while at < len(lines) and not lines[at].strip():
            at += 1
    head = [*lines[:at], *([""] if at and lines[at - 1].strip() else [])]
    rest = lines[at:]
    while rest and not rest[-1].strip():
        rest.pop()
    return [*head, INSIGHTS_HEADING, *insights, *([""] if rest else []), *rest]


class ProjectMemory:
    """The file-based memory of one project, rooted at a directory (created on first write)."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root)

    def __repr__(self) -> str:
        return f"ProjectMemory({str(self.root)!r})"

    @property
    def memory_file(self) -> Path:
        return self.root / MEMORY_FILE

    @property
    def rules_dir(self) -> Path:
        return self.root / RULES_DIR

    # -- MEMORY.md --------------------------------------------------------------------------
    def read_memory(self, max_lines: int | None = MAX_MEMORY_LINES) -> str:
        """The first ``max_lines`` lines of MEMORY.md (all with ``None``); "" if absent."""
        try:
            text = self.memory_file.read_text(encoding="utf-8")
        except FileNotFoundError:
            return ""
        if max_lines is None:
            return text
        return "\n".join(text.splitlines()[:max_lines])

    def write_memory(self, text: str) -> None:
        if not isinstance(text, str):
            raise InvalidInputError("MEMORY.md content must be a string")
        _atomic_write(self.memory_file, text if text.endswith("\n") or not text else text + "\n")

    def add_insight(self, insight: str, *, entity: str | None = None, today: date | None = None,
                    dry_run: bool = False) -> bool:
        """Seed 002's write-back: a dated line at the top of "Recent insights", skipped when
        the same entity already has one today, rotated at 50. Returns whether it was added."""
        insight = " ".join(str(insight).split())
        if not insight:
            raise InvalidInputError("insight is empty")
        day = (today or date.today()).isoformat()
        label = f"[{entity}] " if entity and not insight.startswith("[") else ""
        entry = f"- {day}: {label}{insight}"
        token = entity or (insight[1:insight.index("]")] if insight.startswith("[")
                           and "]" in insight else None)
        lines = self.read_memory(max_lines=None).splitlines()
        start = next((i for i, ln in enumerate(lines) if ln.strip() == INSIGHTS_HEADING), None)
        existing: list[str] = []
        if start is not None:
            end = next((i for i in range(start + 1, len(lines))
                        if not lines[i].startswith("- ")), len(lines))
            existing = [ln for ln in lines[start + 1:end] if ln.startswith("- ")]
            lines = [*lines[:start], *lines[end:]]
            if 0 < start and not lines[start - 1].strip() and \
                    (start == len(lines) or not lines[start].strip()):
                del lines[start - 1]  # the blank line that set the section apart
        if any(ln == entry or (token and day in ln and f"[{token}]" in ln) for ln in existing):
            return False
        if dry_run:
            return True
        kept = [entry, *existing][:MAX_INSIGHTS]
        self.write_memory("\n".join(_with_insights(lines, kept)))
        return True

    # -- rules/*.md -------------------------------------------------------------------------
    def rules(self, *, problems: list[str] | None = None) -> list[Rule]:
        """Every rule, sorted by file name. A file that cannot be read or parsed raises
        ``InvalidInputError`` — or, with a ``problems`` list, is skipped and described there
        (the context skips one bad hand-edited file instead of failing)."""
        if not self.rules_dir.is_dir():
            return []
        out = []
        for file in sorted(self.rules_dir.glob("*.md")):
            try:
                out.append(parse_rule(file.stem, file.read_text(encoding="utf-8")))
            except (InvalidInputError, UnicodeDecodeError, OSError) as exc:
                if problems is None:
                    if isinstance(exc, InvalidInputError):
                        raise
                    raise InvalidInputError(f"rule {file.stem!r} cannot be read: {exc}") \
                        from None
                why = exc.message if isinstance(exc, InvalidInputError) else str(exc)
                problems.append(f"skipped rules/{file.name}: {why}; fix the file to load it")
        return out

    def matching_rules(self, *, entity: str | None = None, path: str | None = None,
                       problems: list[str] | None = None) -> list[Rule]:
        """Rules for the current entity or path (only unconditional ones when neither is
        given; every rule for ``entity="*"``); ``problems`` as in ``rules``."""
        targets = [t for t in (entity, path) if t]
        return [r for r in self.rules(problems=problems) if r.applies_to(targets)]

    def write_rule(self, name: str, body: str, *, paths: Sequence[str] | None = None,
                   **meta: Any) -> Path:
        if not isinstance(name, str) or not _RULE_NAME.fullmatch(name):
            raise InvalidInputError("rule name must be 1-100 letters, digits, '.', '_' or '-'")
        front: dict[str, Any] = {"name": name, **meta}
        if paths:
            front["paths"] = [str(p) for p in paths]
        head = yaml.safe_dump(front, allow_unicode=True, sort_keys=False).strip()
        target = self.rules_dir / f"{name}.md"
        _atomic_write(target, f"---\n{head}\n---\n\n{body.strip()}\n")
        return target

    def delete_rule(self, name: str) -> bool:
        target = self.rules_dir / f"{name}.md"
        if not _RULE_NAME.fullmatch(name) or not target.exists():
            return False
        target.unlink()
        return True

    def fingerprint(self) -> tuple[tuple[str, int, int], ...]:
        """(file, mtime, size) of every file the context reads — a cache key part (C5)."""
        files = [self.memory_file, *sorted(self.rules_dir.glob("*.md"))] \
            if self.rules_dir.is_dir() else [self.memory_file]
        out = []
        for f in files:
            try:
                st = f.stat()
            except FileNotFoundError:
                continue
            out.append((f.name, st.st_mtime_ns, st.st_size))
        return tuple(out)
