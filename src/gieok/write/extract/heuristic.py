"""The default extractor (W3): Korean and English rules, no LLM, deterministic.

Precision first. Only ``user`` turns are read; each is split into sentences, and questions,
greetings, small talk, hypotheticals and reported speech are dropped before any rule runs.
The rules (``patterns_en``, ``patterns_ko``) each need the user as the subject. "Remember
that …" / "…기억해줘" marks the rest of the sentence as an explicit request: the rules run
on it, and if none fits, the statement itself is kept in the user's voice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime

from gieok.domain.records import PREVIEW_CHARS, MemoryRecord, MemoryType, Source
from gieok.domain.safety import CRITICAL_TAGS
from gieok.domain.turns import Turn
from gieok.text.hangul import HANGUL as _HANGUL
from gieok.write.extract import business, categorical, categories, diets, discourse, discourse_others
from gieok.write.extract import disclosure, english, followup, forms, forwarded, fragments, generic
from gieok.write.extract import answer_apart, health, housing_cost, korean, turn_readers, undertaking
from gieok.write.extract import asked_change, beside_secret, introductions, kin_news, ko_cause, ko_titles
from gieok.write.extract import memorable, moment, own_clauses, patterns_en, patterns_ko
from gieok.write.extract import covered, definite_pet, drafted, named_reply, slots, turn_memo
from gieok.write.extract import workspace as workspaces
from gieok.write.extract import standing as standing_rules
from gieok.write.extract.base import Candidate, Extraction, Hit, Rule, RuleContext
from gieok.write.extract.coref import Entities, about_kin, pronoun_clauses
from gieok.write.extract.names import speaker_named
from gieok.write.extract.discourse import is_noise, split_sentences
from gieok.write.extract.lasting import answer_kind, lapsed, lasting, names
from gieok.write.extract.passing import passing
from gieok.write.extract.framing import clarified, confirmed, ko_complete, quoted_removed, unframed
from gieok.write.extract.premise import premise
from gieok.write.extract.correction import corrected, corrected_earlier, joined
from gieok.write.extract.fillers import without_fillers
from gieok.write.extract.unresolved import unresolved
from gieok.write.extract.retired import died, mentions, renamed, retired, who_is_gone, without
from gieok.write.extract.said_alone import changed_alone
from gieok.write.cpu_lane import run_beside_loop
from gieok.write.ending import called_off
from gieok.write.extract.shift import said_over
from gieok.write.extract.timeexpr import resolve_time
from gieok.write.extract.withdrawal import withdrawal
from gieok.write.normalize import clip_en, first_person_to_user_en, first_person_to_user_ko
from gieok.write.normalize import score_importance
from gieok.write.pii import has_mask, is_mask_only

MAX_SENTENCE = 300
_HEDGE = re.compile(
    r"\b(?:i\s+think|i\s+guess|maybe|probably|perhaps|might|not\s+sure|i\s+suppose|kinda|"
    r"sort\s+of)\b|아마|것\s?같아|것\s?같은데|듯해|듯|같기도|긴\s?가", re.IGNORECASE
)
_EXPLICIT_EN = re.compile(
    r"^(?:(?:hey|oh|and|also|ok|okay|btw|by\s+the\s+way|so)[,\s]+)*(?:please\s+|can\s+you\s+|"
    r"could\s+you\s+)?(?:remember|note|keep\s+in\s+mind|don['’]?t\s+forget|do\s+not\s+forget|"
    r"make\s+a\s+note|save|store)\b(?:\s+(?:that|this|for\s+me|for\s+later))*\s*[:,-]?\s*(?P<x>.+)$",
    re.IGNORECASE,
)
_EXPLICIT_KO = re.compile(
    r"^(?P<x>.+?)\s*(?:(?P<noun>이라는|라는)\s?(?:거|것|사실)(?:을|를)?|(?P<verb>[는은한])\s?(?:거|것|사실)"
    r"(?:을|를)?|(?:을|를))?\s*(?:꼭\s?|좀\s?)?(?:기억해\s?줘|기억해\s?주세요|기억해\s?둬|기억해\s?놔|"
    r"기억해\s?줄래|기억해|기억하고\s?있어|잊지\s?마|잊지\s?말아\s?줘|메모해\s?줘|메모해\s?둬|"
    r"적어\s?둬|저장해\s?줘)[\s.!~]*$"
)


_BARE_REQUEST = re.compile(
    r"^(?:(?:ok|okay|and|so|please)[,\s]+)*(?:please\s+|(?:can|could|would|will)\s+you\s+"
    r"(?:please\s+)?)?(?:remember|note|save|store|keep\s+in\s+mind|"
    r"don['’]?t\s+forget|do\s+not\s+forget)(?:\s+(?:this|that|it|these|those))?(?:\s+(?:for\s+me|"
    r"please|for\s+(?:later|next\s+time|the\s+(?:project|future))|going\s+forward))*[\s.!~?]*$|^(?:(?:ㅇㅋ|오키|오케이|그럼|그러면|네|응|아|그리고|참)[\s,.!~]+)*"
    r"(?:이거\s?|이건\s?|이것\s?|그거\s?|이것도\s?|이거도\s?)?(?:꼭\s?|좀\s?)?(?:기억해\s?줘|기억해\s?주세요|"
    r"기억해\s?둬|기억해|잊지\s?마|잊지\s?말아\s?줘|메모해\s?줘|저장해\s?줘)[\s.!~]*$",
    re.IGNORECASE,
)


_WE = re.compile(r"^(?:(?:and|also|so|plus)\s+)?we\b(?!['’]d)|^(?:그리고\s)?우리(?:는|도)?\s",
                 re.IGNORECASE)
_SECRET_MASK = re.compile(r"\[(?:CARD|RRN|PASSWORD|SECRET|ID_NUMBER|ACCOUNT)\]")
_FIRST_PERSON = re.compile(r"(?:^|\s)(?:나|저|난|전|내가|제가|나는|저는|나도|저도)(?=\s|$)|"
                           r"(?<![\w'’])(?:I|I['’]m|im|my|me|we|our)\b", re.IGNORECASE)
_PET = re.compile(r"\b(?:cat|dog|puppy|kitten|rabbit|parrot|bird|hamster|pet|retriever|beagle)\b|"
                  r"고양이|강아지|냥이|댕댕이|토끼|햄스터|앵무새|반려", re.IGNORECASE)


_AUX = frozenset("is was has had will would can could should must may might does did am are "
                 "were".split())


class HeuristicExtractor:
    """``HeuristicExtractor()``: rule-based, offline, Korean and English."""

    def __init__(self, rules_en: Sequence[Rule] | None = None,
                 rules_ko: Sequence[Rule] | None = None) -> None:
        # (who holds a role in the user's life is read by ``slots``: one person at a time)
        self._en = list(rules_en if rules_en is not None
                        else [*patterns_en.RULES, *slots.RULES_EN, *forms.RULES_EN])
        self._ko = list(rules_ko if rules_ko is not None
                        else [*patterns_ko.RULES, *slots.RULES_KO, *categorical.RULES_KO,
                              *business.RULES_KO, *undertaking.RULES_KO, *forms.RULES_KO])
        # the episode reads the session's turns again (custom rule tables: never memoised)
        self.memo = turn_memo.TurnMemo() if rules_en is None and rules_ko is None else None
        if self.memo is not None:  # a sentence is asked again: whole, then by its rules
            self.hits = self.memo.hits_of(self.hits)  # type: ignore[method-assign]

    @property
    def name(self) -> str:
        return "heuristic"

    async def extract(
        self, turns: Sequence[Turn], /, *, existing: Sequence[MemoryRecord] = (),
        context: Sequence[Turn] = (),
    ) -> Extraction:
        known = [m.content for m in existing]
        # plain Python, tens of ms a turn: beside the event loop, not on it (``cpu_lane``)
        return Extraction(candidates=await run_beside_loop(lambda: self.extract_sync(
            turns, context=context, known=known)), extractor=self.name)

    def extract_sync(self, turns: Sequence[Turn], *, context: Sequence[Turn] = (),
                     known: Sequence[str] = ()) -> list[Candidate]:
        """``known``: stored memories that name the user's pets and relatives (read by the
        pipeline), so a name said in an earlier session still resolves."""
        out: list[Candidate] = []
        seen: set[tuple[str | None, str]] = set()
        entities = Entities()
        for memory in known:
            entities.learn(memory)
        previous: Turn | None = None
        prior: str | None = None
        for turn in context:
            if turn.role == "assistant":
                entities.assistant_said(turn.content)
            if turn.role == "user":
                question = followup.last_question(previous.content) \
                    if previous is not None and previous.role == "assistant" else None
                if question:
                    entities.kind_asked(question, turn.content)
                named_reply.in_context(turn, previous, prior, entities)  # "이름은 서윤이"
                for sentence in definite_pet.as_mine(clarified(split_sentences(turn.content))):
                    prior = sentence  # what a correction in the next turn may fix
                    entities.notice_pet(sentence)
                    given = followup.name_given(sentence, question) if question else None
                    if given is not None:  # "What's his name?" → "Max": the puppy is Max
                        entities.name_asked_about(given, question or "")
                    else:
                        entities.observe(entities.resolve(sentence))
                    question = None
            previous = turn
        previous = context[-1] if context else None
        said_before = next((t for t in reversed(context) if t.role == "user"), None)
        playing = discourse.still_playing(t.content for t in context if t.role == "user")
        for turn in turns:
            shown = previous.content if previous and previous.role == "assistant" else ""
            asked = followup.last_question(shown) if shown else None
            previous = turn
            if turn.role != "user":
                continue
            playing = discourse.still_playing([turn.content], playing)
            if playing:
                continue  # a part played in a game the user set up: fiction, not them
            took_back, said_before = said_before, turn
            if took_back is not None and discourse.takes_back(turn.content, shown):
                # "I'm getting a dog next month" → "lol jk": the turn before is no statement
                kept = [c for c in out if took_back.id not in c.turn_ids
                        or CRITICAL_TAGS & set(c.tags)]  # never an allergy on a joke's word
                if len(kept) < len(out):
                    out = kept  # said in this add: dropped here
                else:  # said in an earlier add: the reconciler archives its memories
                    out.append(withdrawal(turn, took_back))
                continue
            if asked and entities.kind_asked(asked, turn.content) \
                    and len(split_sentences(turn.content)) == 1 \
                    and len(turn.content.split()) <= 4:
                continue  # "Is Oreo a cat?" → "yep, a tabby": the pet's kind, nothing else
            made, prior, entities = (*self._read_turn(turn, entities, asked, prior, shown),
                                     entities) if self.memo is None else self.memo.read(
                self._read_turn, turn, entities, asked, prior, shown)
            for candidate in made:
                if candidate.retires:  # a correction in a later turn: the slip goes
                    out = [c for c in out if c.pinned
                           or not any(mentions(c.content, n) for n in candidate.retires)]
                if turn.name:
                    candidate = candidate.with_(content=speaker_named(candidate.content,
                                                                      turn.name))
                candidate = candidate.with_(content=without_fillers(candidate.content))
                if unresolved(candidate.content):
                    continue  # "사용자는 걔 치킨을 싫어함": someone else, never resolved
                key = (candidate.slot, candidate.content.casefold())
                if key in seen:
                    continue
                seen.add(key)
                out.append(candidate)
        return out

    def _read_turn(self, turn: Turn, entities: Entities, asked: str | None,
                   prior: str | None, shown: str) -> tuple[list[Candidate], str | None]:
        """What one user turn makes and the sentence it leaves as said before; ``entities``
        is changed in place. Everything the reading depends on is an argument: the
        session's episode reads the same turns again (``turn_memo``)."""
        entities.assistant_said(shown)  # "How old is your cat?": the user has a cat
        pets = introductions.named_pets(entities)
        entities.name_chosen(turn.content, shown)
        named = named_reply.stated(turn.content, shown, prior, entities)  # "이름은 서윤이"
        made = list(self._from_turn(turn, entities, asked, prior, shown))
        said = [c.content for c in made] + [h.content for h, _ in named]  # (+ a quoted title)
        made = introductions.named_over(made, [self._candidate(
            hit, lang, turn, turn.content[:PREVIEW_CHARS], explicit=False, hedged=False)
            for hit, lang in [*introductions.introduced_pets(pets, entities, turn.content, said),
                              *ko_titles.titled(turn.content, said),
                              *housing_cost.stated(turn.content,
                                                   [c.content for c in made if not c.lapse]),
                              *turn_readers.read(turn.content, said, shown, prior), *named]])
        return made, next(iter(reversed(split_sentences(turn.content))), prior)

    def _from_turn(self, turn: Turn, entities: Entities,
                   asked: str | None = None, prior: str | None = None,
                   shown: str = "") -> Iterable[Candidate]:
        preview = turn.content[:PREVIEW_CHARS]
        if discourse.retracted(turn.content):
            return []  # "… 는 거짓말이고", "just kidding": the turn takes back what it says
        # Quoted text and a requested toast's subject are not the user; "…, he's in Aberdeen"
        own = definite_pet.as_mine(clarified(drafted.without_subjects_lines(split_sentences(
            quoted_removed(forwarded.own_lines(turn.content))))))  # is a clause; "the cat" is theirs
        sentences = [c for s in english.as_one(joined(own)) for c in pronoun_clauses(s)]
        sentences = [c for s in sentences for c in entities.listed_apart(s)]  # names and ages
        sentences = answer_apart.apart(sentences[0], asked) + sentences[1:] if sentences else []
        # a statement said inside a question or request ("…, i hate cilantro so nothing
        # mexican pls"), or as a Korean background clause: a sentence of its own
        sentences = standing_rules.kept_whole(sentences, lambda run: disclosure.expand(
            run, lambda s: bool(generic.worth_keeping(s) or self.hits(s, turn.at))))
        sentences = fragments.opening(sentences, prior, shown, lambda s: self.hits(s, turn.at))
        sentences = [c for s in sentences for m in moment.apart(s) for c in ko_cause.apart(m)]
        sentences = [c for s in sentences for c in beside_secret.apart(s)]
        # "I'm allergic to peanuts. Remember that!": a bare request covers the whole turn.
        whole = any(_BARE_REQUEST.match(s) for s in sentences)
        out: list[Candidate] = []
        last: int | None = None  # the turn's last whole-sentence memory, which may go on
        answered: tuple[int, str] | None = None  # the answer just stored, and its question
        said: list[str] = []  # the turn's statements so far
        judge = memorable.model()
        question = asked  # what the turn answers: a feature of each of its sentences
        workspace = False  # the turn's last sentence was about the workspace
        kind = "answer"  # how the judge's veto reads an answer to the assistant's question
        secret_here = False  # this sentence / the one before handed over a secret
        before_sentence: list[Candidate] = []  # ``out`` as the previous sentence found it
        own: set[str] = set()  # what the path of the user's own clauses made (``own_clauses``)
        for at, sentence in enumerate(sentences):  # (touched: what that sentence made)
            touched, before_sentence = fragments.touched(before_sentence, out), list(out)
            after_secret, secret_here = secret_here, _SECRET_MASK.search(sentence) is not None
            if (has_mask(sentence) and is_mask_only(sentence)) or _BARE_REQUEST.match(sentence):
                entities.observe(sentence)
                continue
            if generic.holds_credential(sentence):
                continue  # never remember a credential, even when asked to (W3/W4)
            before_it = said[-1] if said else prior  # the sentence said before this one
            fix = corrected(before_it, sentence) if said or prior else None
            if fix is not None:
                # "actually it's Tuesday the 9th": the sentence it corrects, with the new value
                if said:
                    out = [c for c in out if c.turn_ids != (turn.id,) or c.pinned
                           or not mentions(c.content, fix.old)]
                    last = touched = None  # (the turn's memories moved: no index holds)
                sentence = fix.sentence
            sentence = confirmed(unframed(sentence))
            standing = standing_rules.instruction(sentence, before_it)
            cut = premise(sentence) if standing is None else None  # "since I'm vegan, what
            if cut:  # …?": "I'm vegan" (a standing request after its reason is kept whole)
                sentence, standing = cut, standing_rules.instruction(cut, before_it)
            explicit, body = self._explicit(sentence)
            explicit = explicit or whole
            body = english.with_subject(body)
            before = entities.topic  # who the user was talking about before this sentence
            entities.notice_pet(body)
            resolved = entities.resolve(body)
            entities.observe(resolved)
            topic = entities.subject(resolved)
            if not explicit and is_noise(sentence) and standing is None \
                    and not health.medical_report(sentence) and corrected_earlier(sentence) is None \
                    and not kin_news.heard(sentence):  # (a relative's news passed on is kept)
                out.extend(self._candidate(h, lang, turn, preview, explicit=False, hedged=False)
                           for h, lang in own_clauses.judged(resolved, question, own, whole=False))
                continue  # (a correction of an earlier value is no apology: retired.renamed)
            if not explicit and discourse_others.not_the_users(sentence, [None, *sentences][at], shown):
                continue  # someone else's news, what is handed over for a task, a daydream
            worth = judge.score(sentence, question) if judge is not None and not explicit \
                and not health.medical_report(sentence) and not generic.life_event(sentence) \
                else None
            if worth is not None and judge is not None and english.shorthand_of(sentence):
                worth = max(worth, judge.score(body, question))  # ("married to X": "I'm married …")
            if worth is not None and judge is not None and resolved != body:  # "she's about 10
                # weeks old" after the kitten was named: judged as what it says of the kitten
                worth = max(worth, judge.score(memorable.in_first_person(resolved), question))
            said.append(sentence)
            hits = self.hits(resolved, turn.at)
            if passing(sentence):  # "working from home today": a state of this period only
                hits = [(h, lang) for h, lang in hits if h.family == "health"]
            if generic.called_off(sentence):
                hits = [(h, lang) for h, lang in hits if h.family != "plan"]
            if before is not None and not _FIRST_PERSON.search(sentence):
                # "이름은 Rocky고 시바견이에요. 3살": an age said while talking about a pet or
                # relative is theirs, not the user's
                hits = [(h, lang) for h, lang in hits if h.slot != "age"]
            # a fragment answering the assistant's question: the question says who it is about
            reply = followup.answer(body, asked, turn.content, entities, before, prior) \
                if asked else None
            if reply is None and followup.mood_reply(body, asked):
                continue
            if reply is None and standing is None and followup.steers(body, asked, turn.content):
                asked = question = None  # how the task goes ("for like 4 servings"), or a yes
                continue
            more = followup.more_of(body, answered[1], turn.content, entities, before) \
                if answered and reply is None and not any(h.slot for h, _ in hits) else None
            if answered and more:  # "화학공학이요. 배터리 전해질 쪽": the answer goes on
                out[answered[0]] = out[answered[0]].with_(content=followup.goes_on(
                    out[answered[0]].content, more))
                continue
            answered = (len(out), asked) if reply is not None and asked else None
            # "알레르기 있으세요?" → "복숭아요": the fragment said whole fills the allergy slot
            again = followup.restated(asked, body) if asked else None
            filled = [h for h in self.hits(again, turn.at) if h[0].slot] if again else []
            if filled and reply is None:
                reply = again
            if reply is not None:
                given = followup.name_given(body, asked or "")
                if given is not None:  # "강아지 이름이 뭐예요?" → "콩이!": the pet is 콩이
                    entities.name_asked_about(given, asked or "")
                # an answer about the user's life ("Biscuit") is judged as a precise fact, one
                # sizing the task ("4인분") as an answer, one narrowing a complaint as a sentence
                kind = answer_kind(asked or "")
                asked = question = None  # one answer per question; what follows is a statement
                hits = filled or [(_answer_hit(reply), "ko" if _HANGUL.search(reply) else "en")]
                standing = None
            elif standing is not None and not any(h.family == "rule" and h.slot for h, _ in hits):
                # the whole instruction, its condition included ("when you give me code, …")
                if len(said) > 1 and standing_rules.anaphoric(sentence):
                    standing = standing_rules.with_reason(standing, said[-2])
                hits = [(standing, "ko" if _HANGUL.search(sentence) else "en")]
            ruled = standing is not None and bool(hits) and hits[0][0] is standing
            if last is not None and resolved == body and not any(h.slot for h, _ in hits) \
                    and generic.continues(body):
                # a fragment going on about the previous memory is judged with it, not alone
                out[last] = _continued(out[last], body, turn.at)
                continue
            if touched is not None and not out[touched].pinned and reply is None \
                    and resolved == body and not has_mask(sentence) \
                    and fragments.is_fragment(body):
                # "drone 샀어. DJI Mini 4 Pro": a noun phrase names what the memory before is
                # about (a core fact stays as its rules wrote it: reconciliation reads it)
                out[touched] = fragments.onto(out[touched], body, turn.at)
                continue
            # "This repo targets Python 3.11 and we format with ruff": "we" goes on about the
            # workspace named before (not a verdict: "our service at the restaurant was terrible")
            workspace = (workspaces.project_said(sentence)
                         and not generic.past_evaluation(sentence)
                         and not workspaces.momentary(sentence)) \
                or workspaces.is_workspace(sentence) or (
                    workspace and _WE.match(sentence) is not None)
            # a life event or lasting state by its structure, or a name given: no learned veto
            durable = reply is None and not ruled and (lasting(resolved) or names(resolved))
            if reply is None and not ruled:
                # a medical report or a life event is never vetoed; when the judge is sure of
                # it too, it is kept whole ("우리 dog 해피 got diagnosed with diabetes, 이제
                # insulin 하루 두 번 맞아야 돼": no rule reads the mixed sentence)
                trusted = worth if worth is not None or judge is None or explicit \
                    else judge.score(sentence, question)
                sure = _sure(judge, trusted) or durable
                hits = self._with_generic(resolved, hits, explicit, topic is not None, sure,
                                          project=workspace)
            if not ruled:
                # the learned judge vetoes chatter, passing states and small-talk answers;
                # precise slot rules need a lower score to be overruled than whole sentences
                hits = [(h, lang) for h, lang in hits if not _vetoed(
                    judge, worth, kind if reply is not None
                    else "slot" if h.slot or h.family == "project" or durable else "generic")]
            if not hits and reply is None and not ruled and not explicit:
                # a statement of the user's own no rule read: the judge decides alone
                hits = own_clauses.judged(resolved, question, own, before=[None, *sentences][at],
                                          shown=shown)
            if secret_here or after_secret and not about_kin(sentence):
                # said with a secret or right after it (unless a relative is its subject: "어머니는
                # 당진 사세요"), it is about the secret unless it says who the user is
                hits = beside_secret.kept(hits, sentence, own=secret_here, worth=worth,
                                          explicit=explicit)
            hedged = _HEDGE.search(sentence) is not None
            new_name = renamed(body) if not hedged else None
            if new_name is not None and not hits:  # the rename is carried by the sentence
                content, lang = generic.normalise(resolved)
                hits = [(Hit(content=content, family="note"), lang)] if content else []
            whole = asked_change.carried(body, question)  # "4월 6일로 밀림": of what was asked
            over = not hits and not hedged and reply is None and changed_alone(whole or body)
            if over:  # "Skye got adopted by a couple in Kent": kept only if it ends a memory
                content, lang = generic.normalise(entities.resolve(whole) if whole else resolved)
                hits = [(Hit(content=content, family="note"), lang)] if content else []
            if not hits:  # an answer the judge vetoed: nothing stored for what follows to go on
                answered = None
            when = resolve_time(body, turn.at)
            gone = retired(whole or body) if hits and not hedged else ()
            # "Mango passed away last week", "Jun and I broke up": what is stored about Mango
            # (about Jun as the partner) is no longer current
            ended = () if not hits or hedged else (topic.name,) if topic is not None \
                and topic.name and died(resolved) else who_is_gone(body)
            if fix is not None and hits:
                gone = (*gone, fix.old)
            for hit, lang in hits:
                candidate = self._candidate(hit, lang, turn, preview, explicit=explicit,
                                            hedged=hedged)
                if when is not None:
                    candidate = candidate.with_(data=when.as_data())
                if gone:  # the memory states what holds now; what it replaced, in data
                    # (a plan still holds the old value: "다음 달에 퇴사하고 창업 준비하려고")
                    now_only = candidate.content if hit.family == "plan" \
                        else without(candidate.content, gone)
                    candidate = candidate.with_(retires=gone) if now_only == candidate.content \
                        else candidate.with_(retires=gone, content=now_only, data={
                            **(candidate.data or {}), "previous": list(gone)})
                if ended:
                    candidate = candidate.with_(ended=ended)
                if off := (called_off(body) if not hedged else ()):
                    candidate = candidate.with_(calls_off=off)
                if new_name is not None:
                    candidate = candidate.with_(renames=new_name)
                if over or not explicit and lapsed(body):  # only retires what is stored
                    candidate = candidate.with_(lapse=True)
                out.append(candidate)
            # A sentence without a subject may go on the turn's last whole-sentence memory —
            # never on an answer to the assistant's question: the answer is the fragment,
            # and what the user adds after it ("SF 영화야. 다음주에 또 갈 거야.") is a
            # statement of its own.
            last = next((i for i in range(len(out) - 1, -1, -1)
                         if out[i].slot is None and out[i].lang == "ko"), None) \
                if hits and reply is None and (not over or said_over(body)) else None
            # (a new value said alone stays one: what follows it is judged by itself)
        return own_clauses.unrepeated(out, own)

    def _with_generic(self, sentence: str, hits: list[tuple[Hit, str]], explicit: bool,
                      about_entity: bool, sure: bool = False, *,
                      project: bool | None = None) -> list[tuple[Hit, str]]:
        """Slot hits, plus the whole sentence when no slot rule captured it: unslotted
        hits are replaced by the full normalised sentence (no first-clause truncation)."""
        if about_entity and not explicit:
            # "사용자의 딸 유나가 우유 알레르기가…": rules that assume the user is the subject
            # would misattribute the fact; the whole sentence keeps who it is about.
            hits = [h for h in hits if not re.match(r"(?:사용자는|User\s)", h[0].content)]
        # "I think pineapple on pizza is fine, my brother hates it": "User's brother hates
        # it" names nothing
        hits = [h for h in hits if h[0].slot or not generic.says_nothing(h[0].content)]
        slotted = [h for h in hits if h[0].slot]
        if project is None:
            project = workspaces.project_said(sentence)
        keep = explicit or project or generic.worth_keeping(sentence) or (
            sure and not hits and generic.keepable(sentence))
        reason = None if keep or hits else generic.reason_clause(sentence)
        if reason is not None and generic.worth_keeping(reason):
            sentence, keep = reason, True  # the request's reason: "저 keto diet 하는 중이라"
        if not keep or (slotted and (not (covered.CLAUSES.search(sentence) or diets.exception(sentence))
                                     or covered.clauses_covered(sentence, slotted))
                        and not generic.loses_names(sentence, [h.content for h, _ in slotted])):
            return hits if hits or not explicit else [self._generic(sentence)]
        if project:
            content, lang = workspaces.project_content(sentence)
        else:
            content, lang = generic.normalise(sentence)
        if not content:
            return hits if hits or not explicit else [self._generic(sentence)]
        base = next((h for h, _ in hits if not h.slot), None)
        family, mtype, tags = generic.kind_of(
            content, about_pet=about_entity and _PET.search(content) is not None,
            about_family=about_entity)
        if base is not None and family not in ("health",):
            family, mtype, tags = base.family, base.type, base.tags
        if project:
            family, mtype, tags = "project", MemoryType.FACT, ("project",)
        # one value at a time: a pet's food, the user's phone, the school a child attends
        one = slots.slot_for(sentence, content)
        if one and family == "health" and one[0].startswith("age:"):  # a later age must not
            one = None  # end the medicine said with it ("… 15살인데 … 약 먹어요")
        # one sentence, one memory of a value that changes: the whole sentence carries the
        # slot it states, so a later value supersedes all of it ("저 토스에서 일해요,
        # designer로요" and the employer slot would be two memories, one left current)
        single = slots.carried(content, slotted) if one is None else None
        if single is not None:
            one = (single.slot or "", single.value or "")
            tags = tuple(dict.fromkeys((*tags, *single.tags)))
            slotted = [h for h in slotted if h[0] is not single]
        hit = Hit(content=content, family=family, type=mtype,
                  category="preference" if mtype is MemoryType.PREFERENCE else "context",
                  tags=tags, confidence=0.75, slot=one[0] if one else None,
                  value=one[1] if one else None)
        return [*slotted, (hit, lang)]

    def _explicit(self, sentence: str) -> tuple[bool, str]:
        m = _EXPLICIT_EN.match(sentence)
        if m and not sentence.rstrip().endswith("?"):
            body = m.group("x").strip()
            body = re.sub(r"^(?:that|this)\s*[:,-]?\s*", "", body, flags=re.I)
            return True, body
        m = _EXPLICIT_KO.match(sentence)
        if m:
            inner = m.group("x")
            if m.group("noun") or m.group("verb"):
                inner = ko_complete(inner, noun=bool(m.group("noun")))
            return True, inner
        return False, sentence

    def hits(self, sentence: str, at: datetime | None = None) -> list[tuple[Hit, str]]:
        """Every rule hit in one sentence, as ``(hit, language)``. Statements worth
        remembering are short: only the first ``MAX_SENTENCE`` characters are read, which
        also keeps the rules linear on pasted walls of text."""
        sentence = sentence[:MAX_SENTENCE]
        ctx = RuleContext(sentence=sentence, at=at)
        found: list[tuple[Hit, str]] = []
        tables: list[tuple[str, Sequence[Rule], tuple]] = []  # type: ignore[type-arg]
        if _HANGUL.search(sentence):
            tables.append(("ko", self._ko, patterns_ko.POSTPROCESS))
        if re.search(r"[A-Za-z]", sentence):
            tables.append(("en", self._en, patterns_en.POSTPROCESS))
        slots: set[str] = set()
        # "저 이제 회사 안 다녀요": a negated Korean predicate states no job, home or thing
        # (the health, diet and dislike rules read their own negations)
        negated = bool(_HANGUL.search(sentence)) and korean.negated(korean.tokens(sentence))
        for lang, rules, post in tables:
            for rule in rules:
                for hit in rule.matches(sentence, ctx):
                    for fix in post:
                        hit = fix(hit)
                    if negated and lang == "ko" and hit.family not in _NEGATION_READERS:
                        continue
                    if hit.slot and hit.slot in slots:
                        continue  # two rules read the same statement: keep the first
                    if hit.slot:
                        slots.add(hit.slot)
                    found.append((hit, lang))
        return found

    def _generic(self, body: str) -> tuple[Hit, str]:
        if _HANGUL.search(body):
            text = first_person_to_user_ko(patterns_ko.ko_end(body))
            if "사용자" not in text:
                text = "사용자: " + text
            return Hit(content=text, family="explicit", type=MemoryType.NOTE,
                       category="feedback", confidence=0.9), "ko"
        text = first_person_to_user_en(clip_en(body) or body)
        text = re.sub(r"^User ([a-z]+)\b", lambda m: "User " + (
            m.group(1) if m.group(1) in _AUX else patterns_en.third_person(m.group(1))), text)
        if "User" not in text:
            text = "User noted: " + text
        return Hit(content=text, family="explicit", type=MemoryType.NOTE, category="feedback",
                   confidence=0.9), "en"

    def _candidate(self, hit: Hit, lang: str, turn: Turn, preview: str, *, explicit: bool,
                   hedged: bool) -> Candidate:
        confidence = hit.confidence
        if hedged:
            confidence = min(confidence, 0.6)
        if explicit:
            confidence = max(confidence, 0.97)
        candidate = Candidate(
            content=hit.content, type=hit.type, confidence=confidence,
            category=categories.category_of(hit.content, hit.family, hit.category),
            slot=hit.slot, value=hit.value,
            source=Source.EXPLICIT if explicit else Source.INFERRED,
            tags=hit.tags, lang=lang, rule=hit.family, turn_ids=(turn.id,), preview=preview,
            at=turn.at, tier=workspaces.tier_of(hit.family, hit.content),
        )
        importance = score_importance(candidate, hit.family)
        return candidate.with_(importance=importance, pinned=health.is_core(candidate))


_NEGATION_READERS = frozenset({"health", "diet", "preference", "rule", "explicit"})


def _vetoed(judge: memorable.Model | None, worth: float | None, kind: str) -> bool:
    return judge is not None and worth is not None and worth < judge.veto(kind)


def _sure(judge: memorable.Model | None, worth: float | None) -> bool:
    return judge is not None and worth is not None and worth > judge.keep


def _answer_hit(content: str) -> Hit:
    family, mtype, tags = generic.kind_of(content, about_pet=False, about_family=False)
    return Hit(content=content, family=family, type=mtype, category="context", tags=tags,
               confidence=0.7)


def _continued(candidate: Candidate, sentence: str, at: datetime | None) -> Candidate:
    past = re.search(r"[\uac00-\ud7a3]다\.?$", candidate.content) is not None and \
        (ord(candidate.content.rstrip(".")[-2]) - 0xAC00) % 28 == 20  # "옮겼다": ㅆ before 다
    more = generic.said_on(sentence, past)
    # (a lapse said with how long ago is an event: "술 안 마셔요. 끊은 지 1년 됐어요")
    merged = candidate.with_(content=f"{candidate.content.rstrip('.')}. {more}", lapse=False)
    when = None if (candidate.data or {}).get("when") else resolve_time(sentence, at)
    if when is not None:  # "제주도 한달살기 하려고요. 7월 25일부터": the date said after it
        merged = merged.with_(data={**(merged.data or {}), **when.as_data()})
    return merged.with_(pinned=merged.pinned or health.is_core(merged))

