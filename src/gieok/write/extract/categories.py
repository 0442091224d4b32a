"""The category an extracted memory is filed under: location · preference · behavior ·
context · feedback (the record's ``category``).

Why it matters: a scope can allow only some categories (the ``eco2`` profile keeps
``location`` and ``preference``, as the chat assistant it comes from did), and a memory
outside them is neither stored nor injected. Most rules name their category, but a memory
the generic path builds from the user's own sentence ("User moved to Bristol in 2023",
"User is not a fan of horror movies", "사용자는 매일 아침 6시에 러닝한다") came out as the
catch-all ``context`` and was silently dropped there. This module reads what such a memory
says about the user and files it where that assistant would look for it:

- ``location``: where the user lives, moved, is based or comes from (not where a relative
  lives: that is about the relative);
- ``preference``: likes, dislikes, favourites, a diet the user keeps;
- ``behavior``: what the user does regularly (every morning, on Mondays, 주말마다).

A memory about someone else, a health fact, a plan or a rule keeps the category its rule gave.
"""

from __future__ import annotations

import re

# Families whose facts are about the user's habits, tastes or places by construction.
_BY_FAMILY = {"residence": "location", "preference": "preference", "habit": "behavior",
              "routine": "behavior"}
# Families that keep their own category: these facts are not about where the user is, what
# they like or what they do regularly, even when the words look alike ("takes it every day").
_KEEP = frozenset({"plan", "rule", "explicit", "project", "pet", "family"})
# A diet the user keeps by choice is a taste (seed 000 files it under preference); an allergy
# or a condition stays a health fact.
_CHOSEN_DIET = re.compile(r"\b(?:vegetarian|vegan|pescatarian)\b|채식|비건|페스코", re.I)

# The memory is about the user themself: "User …" / "사용자는 …", not "User's sister …".
_ABOUT_USER = re.compile(r"^(?:User\b(?!['’]s)|사용자(?:는|가|도)\s)")

_PREFERENCE = re.compile(
    r"\b(?:likes|(?:really|also|still|do|does|don['’]t|doesn['’]t|didn['’]t)\s+like|loves?|"
    r"enjoys?|prefers?|hates?|dislikes?|adores?|detests?|favou?rites?|"
    r"(?:is|are)\s+(?:not\s+)?(?:a\s+)?(?:big\s+|huge\s+)?fans?\s+of|can['’]?t\s+stand)\b"
    r"|좋아|싫어|선호|즐겨|취향|" + _CHOSEN_DIET.pattern,
    re.I)

_LOCATION = re.compile(
    r"\b(?:lives?|lived|living|moved|moving|relocat\w*|based|grew\s+up|comes?\s+from|is\s+from|"
    r"resides?|settled)\b(?:\s+\w+){0,2}?\s+(?:in|to|from|near|at|out\s+of)\b"
    r"|이사|거주|살고\s?있|산다|살아|자취|출신|고향|이주"
    # "분당에 살고 남편이랑 …", "서울에 살면서": lives in a place, then goes on
    r"|에\s?살(?:고|며|면서|았고|았는데)(?![가-힣])",
    re.I)

_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_BEHAVIOR = re.compile(
    rf"\b(?:every|each)\s+(?:day|morning|evening|night|week|weekend|month|{_WEEKDAY})\b"
    rf"|\b(?:daily|weekly|usually|normally|nightly)\b|\bon\s+(?:weekdays|weekends|{_WEEKDAY}s)\b"
    r"|\b(?:once|twice|three\s+times)\s+a\s+(?:day|week|month)\b"
    r"|매일|매주|매달|매년|마다|평소에?|보통|주\s?\d+\s?(?:회|번)|하루\s?\d+\s?(?:번|회)",
    re.I)


def category_of(content: str, family: str, category: str) -> str:
    """The category to file ``content`` under; ``category`` is the one its rule gave.

    Only the catch-all ``context`` is reconsidered, and only for memories about the user."""
    if category != "context" or family in _KEEP:
        return category
    if family in _BY_FAMILY:
        return _BY_FAMILY[family]
    if not _ABOUT_USER.match(content):
        return category
    if family == "diet":  # a diet the user keeps ("User is vegetarian", "사용자는 돼지고기 안 먹음")
        return "preference"
    if family == "health":
        return "preference" if _CHOSEN_DIET.search(content) else category
    if _PREFERENCE.search(content):
        return "preference"
    if _LOCATION.search(content):
        return "location"
    if _BEHAVIOR.search(content):
        return "behavior"
    return category
