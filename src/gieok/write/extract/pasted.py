"""Machine text pasted into a turn (W3): log records and stack traces are material, not the user.

"what does this log mean\\n2026-02-13 14:38:02 ERROR [worker-3] Connection refused: redis://…"
hands over a program's output to be read; nothing in it is said by the user about themselves,
yet a log line reads like a statement ("Connection refused", "retrying in 5s") and was stored
whole. A line is machine text by its shape, not by its words:

- a log record: it opens on a timestamp (``2026-02-13 14:38:02``, ``[14:38:02]``,
  ``2026-02-13T14:38:02Z``) followed by a level or a bracketed source, or on a level tag
  (``ERROR:``, ``[WARN]``, ``E0213 14:38:02``);
- a stack trace: its header ("Traceback (most recent call last):"), a frame (``File "x.py",
  line 12, in f``, ``at com.foo.Bar.baz(Bar.java:41)``), an indented source line inside a
  trace, and the exception line that ends it (``KeyError: 'user_id'``).

Only lines are dropped, never a sentence inside a line, so "I got an ERROR when I run it, I'm
on Python 3.12" (no timestamp, no tag at its start) stays the user's. Pure.
"""

from __future__ import annotations

import re

_LEVEL = r"(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|ERR|SEVERE|FATAL|CRITICAL|CRIT|PANIC)"
_DATE = r"\[?\d{4}[-/.]\d{2}[-/.]\d{2}\]?"
_TIME = (r"\[?(?:\d{4}[-/.]\d{2}[-/.]\d{2}[ T])?\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?"
         r"(?:Z|[+-]\d{2}:?\d{2})?\]?")
# a record: a timestamp, then a level, a bracketed source or a process ("sshd[812]:"); a date
# alone, then a level; or a level tag opening the line ("ERROR:", "[WARN]", "E0213 14:38:02")
_RECORD = re.compile(
    rf"^\s*(?:{_TIME}\s+(?:\[?{_LEVEL}\]?\b|\[[^\]\n]{{1,40}}\]|[\w.-]+\[\d+\]:)|"
    rf"{_DATE}\s+\[?{_LEVEL}\]?\b|"
    rf"\[{_LEVEL}\]|{_LEVEL}:\s|{_LEVEL}\s+\[|[EWIF]\d{{4}}\s+\d{{1,2}}:\d{{2}})")
_TRACE_HEAD = re.compile(r"^\s*(?:Traceback \(most recent call last\):\s*$|Exception in thread \S+ [\w.$]+"
                         r"(?:Exception|Error)\b|Caused by: [\w.$]+(?:Exception|Error)\b)")
_FRAME = re.compile(r"^\s*(?:File \"[^\"\n]+\", line \d+(?:, in \S+)?|at [\w$.<>]+\([^()\n]*\)|"
                    r"\.\.\. \d+ more)\s*$")
_EXCEPTION = re.compile(r"^\s*(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Warning|Interrupt|Exit)"
                        r"(?::\s.*)?\s*$")


def machine_line(line: str, in_trace: bool = False) -> bool:
    """Whether ``line`` is a log record or part of a stack trace (``in_trace``: a trace's
    header or a frame came before it, so an indented source line is the trace's too)."""
    if _RECORD.match(line) or _TRACE_HEAD.match(line) or _FRAME.match(line):
        return True
    return in_trace and (_EXCEPTION.match(line) is not None or line[:1] in (" ", "\t"))


def without_machine_lines(text: str) -> str:
    """``text`` without its pasted log records and stack traces (``text`` itself when it has
    none): what is left is what the user wrote around them."""
    if "\n" not in text and not _RECORD.match(text) and not _TRACE_HEAD.match(text):
        return text
    kept: list[str] = []
    in_trace = False
    dropped = False
    for line in text.split("\n"):
        if machine_line(line, in_trace):
            in_trace = in_trace or bool(_TRACE_HEAD.match(line) or _FRAME.match(line))
            if in_trace and _EXCEPTION.match(line) and not _FRAME.match(line):
                in_trace = False  # the exception line ends the trace
            dropped = True
            continue
        in_trace = False
        kept.append(line)
    return "\n".join(kept).strip() if dropped else text
