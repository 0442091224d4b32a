"""Which gate stops the clause of a missed fact (issue 16): for each never-a-candidate or
worded miss of ``miss_causes.py --json``, the smallest piece of its user turn that holds all
its keywords (a clause, a sentence, the turn, or not even the turn), and the first guard of the
own-clause path (``own_clauses``) that piece fails.

    PYTHONPATH=src python scripts/clause_gates.py out.json [more.json …] [--rows]

Only for READ files (it prints the turns with ``--rows``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from gieok.evaluation.chat_set import keyword_match, load_chat_set
from gieok.text.hangul import HANGUL
from gieok.write.extract import discourse, discourse_others, generic, korean, memorable
from gieok.write.extract import own_clauses as oc
from gieok.write.extract.discourse import split_sentences
from gieok.write.extract.passing import passing

DATA = Path(__file__).resolve().parents[1] / "src" / "gieok" / "evaluation" / "data"


def context(case: dict[str, Any], said: str) -> tuple[str, str]:
    """The assistant's turn before ``said`` and the user's turns before it."""
    shown, users = "", []
    for t in case.get("turns", []):
        if "u" in t:
            if str(t["u"]) == said:
                return shown, " ".join(users)
            users.append(str(t["u"]))
        else:
            shown = str(t.get("a", ""))
    return shown, " ".join(users)


def gate(piece: str, sentence: str, before: str | None, shown: str, question: str) -> str:
    """The first guard of the own-clause path ``piece`` fails ("passes" when none)."""
    text = piece.strip()
    if oc._ROLE.search(sentence) or discourse.denial(sentence) or discourse.disowned(sentence) \
            or discourse.idle(sentence):
        return "sentence: role/denial/disowned/idle"
    if not oc.anchored(text):
        return "no anchor"
    if len(text) < 6:
        return "too short"
    if discourse.is_noise(text):
        return "is_noise"
    if discourse.denial(text):
        return "denial"
    if discourse_others.not_the_users(text, before, shown):
        return "not_the_users"
    if passing(text):
        return "passing"
    if generic.called_off(text):
        return "called_off"
    if not HANGUL.search(text) and oc._EN_NOT_STATED.search(text):
        return "EN not stated: " + oc._EN_NOT_STATED.search(text).group(0)
    if HANGUL.search(text):
        if oc._KO_NOT_STATED.search(text):
            return "KO not stated"
        toks = korean.tokens(text)
        if korean.is_question(toks) or any(t.form in oc._KO_ASKING and t.tag in ("NP", "MAG", "MM")
                                            for t in toks):
            return "KO question"
    if not generic.keepable(text):
        return "keepable"
    judge = memorable.model()
    s = judge.score(memorable.in_first_person(text), question or None)
    if s <= judge.own:
        return f"judge<{judge.own}"
    return "passes"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--rows", action="store_true")
    args = ap.parse_args(argv)
    cases: dict[str, dict[str, Any]] = {}
    counts: Counter[str] = Counter()
    for path in args.files:
        rows = json.loads(path.read_text(encoding="utf-8"))
        for r in rows:
            if r["cause"] not in ("a", "a2", "c"):
                continue
            if r["file"] not in cases:
                for c in load_chat_set(DATA / r["file"], split="all"):
                    cases[c["id"]] = c
                cases[r["file"]] = {}
            case = cases[r["id"]]
            said, k = r["said"], r["k"]
            shown, earlier = context(case, said)
            sentences = split_sentences(said)
            where, piece, sentence, before = "", "", "", None
            for i, s in enumerate(sentences):
                parts = [h for p in oc.clauses(s) for h in [p, *oc._ko_and(p)]]
                hit = next((p for p in parts if keyword_match(k, p)), None)
                if hit is not None:
                    where, piece, sentence, before = "clause", hit, s, (sentences[i - 1] if i else None)
                    break
                if keyword_match(k, s) and not where:
                    where, piece, sentence, before = "sentence", s, s, (sentences[i - 1] if i else None)
            if not where:
                where = "turn" if keyword_match(k, said) else \
                    "turn+asked" if keyword_match(k, said + " " + shown) else \
                    "turn+earlier" if keyword_match(k, said + " " + shown + " " + earlier) else "none"
            g = gate(piece, sentence, before, shown, shown) if piece else "-"
            key = f"{where}: {g}"
            counts[key] += 1
            counts[f"ALL {where}"] += 1
            if args.rows:
                print(f"[{r['cause']}] {r['id']} {k}\n   {where}: {g}\n   piece={piece!r}\n"
                      f"   said={said[:200]!r}\n   made={r['made'][:3]}")
    for key, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f"{n:4d}  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
