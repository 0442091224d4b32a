"""Rolling-summary cost vs the turns it replaces, on LoCoMo sessions (seed 001: the summary
must be shorter than what it replaces). Usage: .venv/bin/python scripts/summary_ratio.py
[path/to/locomo10.json]. Measured only; nothing was tuned on it."""
import json, statistics, anyio, functools
from gieok.context.tokens import get_counter
from gieok.context.working import extractive_summary, summarize, split_window
from gieok.domain.turns import Turn

import sys
data = json.load(open(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/locomo10.json"))
counter = get_counter("cl100k_base")
old, new = [], []
for conv in data:
    c = conv["conversation"]
    a = c["speaker_a"]
    for key in sorted(k for k in c if k.startswith("session_") and not k.endswith("date_time")):
        turns = [Turn(role="user" if t["speaker"] == a else "assistant", content=t["text"]) for t in c[key]]
        if len(turns) <= 8:
            continue
        w = split_window(turns, keep=8, max_turns=12, max_tokens=6000, counter=counter)
        if not w.older:
            continue
        replaced = sum(counter.count(t.content) for t in w.older)
        before = extractive_summary(w.older, max_tokens=400, counter=counter)
        after, _ = anyio.run(functools.partial(summarize, w.older, max_tokens=400, counter=counter))
        old.append(counter.count(before) / replaced)
        new.append(counter.count(after) / replaced)
print(f"sessions={len(old)} before: mean {statistics.mean(old):.2f}x max {max(old):.2f}x; "
      f"after: mean {statistics.mean(new):.2f}x max {max(new):.2f}x")
