"""A synthetic, LongMemEval-format haystack generator (a held-out check, not a benchmark).

The real LongMemEval data cannot ship here, and retrieval was tuned on LoCoMo; this makes a
different set in LongMemEval's exact format to check that nothing was tuned to LoCoMo's
quirks. Each entry hides one or two "needle" user turns, stated in other words than the
question asks them, among filler chat sessions that reuse the needles' vocabulary as
distractors. Deterministic for a seed::

    python -m gieok.evaluation.synthetic OUT.json [--n 60] [--seed 7] [--long-turns]

``--long-turns``: LongMemEval-S has user turns of 10,000–76,000 characters (pasted
documents, logs). With it, every entry gets one such filler turn, and every second entry
buries its needle in the middle of one — so a run checks that long turns go through
``add()`` whole (split into passages, nothing refused) and that a fact deep inside one is
still found.
"""

from __future__ import annotations

import argparse
import json
import random
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

_V = {
    "pet": ["puppy", "kitten", "rabbit", "parrot"],
    "name": ["Biscuit", "Miso", "Pepper", "Juniper", "Olive", "Tofu"],
    "city": ["Lisbon", "Osaka", "Valencia", "Montreal", "Tallinn", "Porto", "Busan"],
    "job": ["data analyst", "pastry chef", "nurse", "landscape architect", "tax advisor"],
    "allergen": ["peanuts", "shellfish", "penicillin", "cat dander", "sesame"],
    "room": ["bedroom", "kitchen", "study", "hallway"],
    "color": ["sage green", "terracotta", "navy blue", "mustard yellow"],
    "hobby": ["pottery", "bouldering", "salsa dancing", "watercolor painting", "chess"],
    "band": ["The Lumineers", "Arctic Monkeys", "Radiohead", "Florence and the Machine"],
    "car": ["a used Honda Civic", "an electric Kia", "a Subaru Outback", "a Mini Cooper"],
    "n": ["three", "four", "five"],
    "sport": ["tennis", "badminton", "volleyball", "squash"],
    "book": ["Project Hail Mary", "The Overstory", "Pachinko", "Circe"],
}

# (type, needle statement, question, answer); the statement avoids the question's wording.
_NEEDLES: list[tuple[str, str, str, str]] = [
    ("single-session-user",
     "We finally brought home a {pet} from the shelter and called her {name}.",
     "What did I name the animal I adopted?", "{name}"),
    ("single-session-user", "My sister packed up everything and relocated to {city} last month.",
     "Where does my sister live now?", "{city}"),
    ("single-session-user",
     "I started a new position as a {job} on Monday, still getting used to it.",
     "What is my current job?", "{job}"),
    ("single-session-user",
     "The clinic ran some tests and it turns out I react badly to {allergen}.",
     "What am I allergic to?", "{allergen}"),
    ("single-session-user", "We decided the {room} walls are going to be {color} after all.",
     "Which paint color did we choose for the {room}?", "{color}"),
    ("single-session-user", "Lately I've been spending my Thursday evenings doing {hobby}.",
     "What hobby did I take up recently?", "{hobby}"),
    ("single-session-user", "I finally got to watch {band} perform live, it was unforgettable.",
     "Which band did I see in concert?", "{band}"),
    ("single-session-user", "I traded in my old car and drove home in {car} yesterday.",
     "What car did I buy?", "{car}"),
    ("single-session-user", "My book club just picked {book} as our next read.",
     "What is my book club reading next?", "{book}"),
    ("single-session-user", "I joined a {sport} league at the community center.",
     "Which sport do I play in a league?", "{sport}"),
]
# knowledge updates: two needles in two sessions; the question asks for the current state
_UPDATES: list[tuple[str, str, str, str]] = [
    ("I go jogging twice a week before work.", "I've increased my runs to {n} mornings a week now.",
     "How many days a week do I run at the moment?", "{n}"),
    ("I'm renting a small flat downtown.", "We just signed the papers on a house in {city}!",
     "Where is my home now?", "{city}"),
    ("I'm learning {hobby} from online videos.", "I signed up for in-person {hobby} classes too.",
     "How am I learning {hobby} these days?", "in-person classes"),
]
_FILLER = [
    ("Can you suggest a quick dinner recipe with {x}?", "Try a stir-fry with {x}, garlic and soy."),
    ("How do I fix a squeaky {x}?", "A little lubricant on the moving parts usually helps."),
    ("Explain how {x} works in simple terms.", "Here is a short overview of {x}."),
    ("What's a good gift for a friend who likes {x}?", "A book or a workshop about {x} is nice."),
    ("Can you help me plan a weekend trip to {x}?", "Sure: day one, explore the old town."),
    ("Any tips to stay focused while studying {x}?", "Short sessions with breaks work well."),
    ("My neighbour mentioned {x}; what does it mean?", "It usually refers to a common idea."),
    ("Write a short poem about {x}.", "Here is a four-line poem about {x}."),
    ("How long should I boil {x}?", "About eight to ten minutes, depending on size."),
    ("Recommend a podcast about {x}.", "There are several popular shows on {x}."),
]
_TOPICS = [
    "tofu", "door hinge", "compound interest", "gardening", "Kyoto", "linear algebra", "jazz",
    "eggs", "bicycles", "photography", "my sister's birthday", "running shoes",
    "the kitchen sink", "car insurance", "a job interview", "allergies in spring",
    "paint brushes", "concert tickets", "book clubs", "tennis rackets", "house plants",
    "the city marathon", "pet food", "chess openings",
]


def _fill(template: str, slots: dict[str, str]) -> str:
    return template.format(**slots)


def _filler_session(rng: random.Random) -> list[dict[str, Any]]:
    turns: list[dict[str, Any]] = []
    for _ in range(rng.randint(2, 4)):
        ask, reply = rng.choice(_FILLER)
        topic = rng.choice(_TOPICS)
        turns.append({"role": "user", "content": ask.format(x=topic)})
        turns.append({"role": "assistant", "content": reply.format(x=topic)})
    return turns


LONG_MIN, LONG_MAX = 10_000, 76_000  # characters: LongMemEval-S's longest user turns


def long_text(rng: random.Random, chars: int) -> str:
    """A pasted document of about ``chars`` characters: numbered notes on the filler topics
    (their vocabulary, so it competes with the needles as a distractor)."""
    lines: list[str] = []
    size = 0
    while size < chars:
        ask, reply = rng.choice(_FILLER)
        topic = rng.choice(_TOPICS)
        line = f"{len(lines) + 1}. {ask.format(x=topic)} {reply.format(x=topic)}"
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines)


def _long_turn(rng: random.Random, statement: str | None = None) -> str:
    chars = rng.randint(LONG_MIN, LONG_MAX)
    head = "Here are my notes from the last few weeks, can you tidy them up?\n"
    if statement is None:
        return head + long_text(rng, chars)
    half = long_text(rng, chars // 2)
    return f"{head}{half}\n{statement}\n{long_text(rng, chars - len(half))}"


def _needle_session(rng: random.Random, statement: str,
                    long: bool = False) -> list[dict[str, Any]]:
    turns = _filler_session(rng)[: 2 * rng.randint(0, 2)]
    content = _long_turn(rng, statement) if long else statement
    turns.append({"role": "user", "content": content, "has_answer": True})
    turns.append({"role": "assistant", "content": "Thanks for sharing that!",
                  "has_answer": False})
    return turns + _filler_session(rng)[:2]


def make_entry(index: int, rng: random.Random, sessions: int = 30,
               long_turns: bool = False) -> dict[str, Any]:
    slots = {key: rng.choice(values) for key, values in _V.items()}
    update = index % 4 == 3
    if update:
        first, second, question, answer = rng.choice(_UPDATES)
        needles = [_fill(first, slots), _fill(second, slots)]
        qtype = "knowledge-update"
    else:
        qtype, statement, question, answer = rng.choice(_NEEDLES)
        needles = [_fill(statement, slots)]
    haystack = [_filler_session(rng) for _ in range(sessions)]
    ids = [f"sess_{index}_{i}" for i in range(sessions)]
    places = sorted(rng.sample(range(sessions), len(needles)))
    for number, (place, statement) in enumerate(zip(places, needles, strict=True)):
        buried = long_turns and index % 2 == 0 and number == 0
        haystack[place] = _needle_session(rng, statement, long=buried)
        ids[place] = f"answer_{index}_{place}"
    if long_turns:
        spare = [i for i in range(sessions) if i not in places]
        haystack[rng.choice(spare)].insert(0, {"role": "user", "content": _long_turn(rng)})
    start = datetime(2023, 1, 1) + timedelta(days=rng.randint(0, 300))
    dates = [start + timedelta(days=3 * i, hours=rng.randint(8, 20)) for i in range(sessions)]
    return {
        "question_id": f"syn_{index}",
        "question_type": qtype,
        "question": _fill(question, slots),
        "answer": _fill(answer, slots),
        "question_date": (dates[-1] + timedelta(days=2)).strftime("%Y/%m/%d (%a) %H:%M"),
        "haystack_session_ids": ids,
        "haystack_dates": [d.strftime("%Y/%m/%d (%a) %H:%M") for d in dates],
        "haystack_sessions": haystack,
        "answer_session_ids": [ids[p] for p in places],
    }


def make_dataset(n: int = 60, seed: int = 7, long_turns: bool = False) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [make_entry(i, rng, long_turns=long_turns) for i in range(n)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--long-turns", action="store_true",
                        help="add user turns of 10,000-76,000 characters, some hiding a needle")
    args = parser.parse_args(argv)
    data = make_dataset(args.n, args.seed, long_turns=args.long_turns)
    args.out.write_text(json.dumps(data, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
