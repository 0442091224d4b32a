"""A small bilingual (English/Korean) lexicon of the things people tell a memory about
themselves: pets, family, health, food, work, school, hobbies, travel, belongings, places.

Why: full text only finds a memory that shares a word with the query, and the local
embedder barely bridges languages or kinds (e5-small scores "what's my dog's name?" against
"User's jindo Toto is 3" no higher than against unrelated turns). A user asks in the
other language ("what am I allergic to?" of "사용자는 갑각류 알레르기가 있음") or by the
kind of a thing ("my dog" of a jindo, "my car" of an Ioniq 5). ``read/expansion.py`` adds
a query's equivalents and narrower kinds from here to its full-text terms.

Format (``lexicon.txt``, next to this module; ``#`` starts a comment), one group per
line: ``equivalents : narrower kinds``. Equivalents mean the same
thing (translations, spellings, inflections people search with); narrower kinds are words
a memory uses for one of them (a breed for "dog", a drug for "medicine"). A narrower word
that is itself the head of a line brings that line along (its translations, its own kinds).
Words are matched whole: English lower-cased (plural "s" tolerated), Korean by morpheme,
or — two syllables and longer — inside the query's words (Korean attaches particles).

Kept to general vocabulary on purpose: no names from any data set, nothing that decides
for one benchmark. Ambiguous words ("기타" guitar/etc., "차" car/tea) stay: a query with
them gets both senses' words, and the dense side still ranks by meaning.
"""

from __future__ import annotations

from importlib.resources import files

LEXICON = files("gieok.read").joinpath("lexicon.txt").read_text(encoding="utf-8")
