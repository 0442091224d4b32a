"""W4 / X2: the PII guard. Pure functions; runs before anything is embedded, stored, indexed
or audited.

Two classes of personal data:

* **secrets** — card numbers (Luhn-valid, any spacing or dashes), Korean resident
  registration numbers (주민등록번호), passwords, API keys and tokens (also unlabelled ones:
  a long token mixing cases and digits is a credential whatever is written around it), bank
  account numbers, and identity document numbers (passport, driving licence, social
  security number).
  They are never kept in clear: masked, or the write is refused (``pii_policy="refuse"``).
* **contact details** — phone numbers and e-mail addresses: masked, kept or refused by the
  scope's ``pii_contact_policy``.

Detection is deliberately greedy for secrets (a false positive costs a few masked digits; a
false negative leaks a card number into the FTS index for good) and conservative for contact
details, where context decides.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from gieok.domain.policy import PiiPolicy
from gieok.write.pii_answers import answer_spans
from gieok.write.pii_passwords import password_spans
from gieok.write.pii_text import normalise


class PiiKind(StrEnum):
    CARD = "card"
    RRN = "rrn"
    PASSWORD = "password"
    SECRET = "secret"
    ACCOUNT = "account"
    ID_NUMBER = "id_number"
    PHONE = "phone"
    EMAIL = "email"


SECRET_KINDS = frozenset({PiiKind.CARD, PiiKind.RRN, PiiKind.PASSWORD, PiiKind.SECRET,
                          PiiKind.ACCOUNT, PiiKind.ID_NUMBER})
CONTACT_KINDS = frozenset({PiiKind.PHONE, PiiKind.EMAIL})
# Higher wins when two detections overlap.
_PRIORITY = {PiiKind.SECRET: 7, PiiKind.PASSWORD: 6, PiiKind.RRN: 5, PiiKind.ID_NUMBER: 5,
             PiiKind.CARD: 4, PiiKind.ACCOUNT: 3, PiiKind.EMAIL: 2, PiiKind.PHONE: 1}
MASKS = {kind: f"[{kind.value.upper()}]" for kind in PiiKind}


@dataclass(frozen=True)
class PiiHit:
    kind: PiiKind
    start: int
    end: int


@dataclass(frozen=True)
class GuardResult:
    """``text`` is safe to store (masked as the policy says); ``refused`` lists the kinds
    whose policy is "refuse" and that were found."""

    text: str
    kinds: tuple[PiiKind, ...] = ()
    refused: tuple[PiiKind, ...] = ()
    masked: int = 0

    @property
    def flags(self) -> list[str]:
        return sorted({k.value for k in self.kinds})

    @property
    def changed(self) -> bool:
        return self.masked > 0


@dataclass(frozen=True)
class PiiPolicies:
    secrets: PiiPolicy = PiiPolicy.MASK
    contact: PiiPolicy = PiiPolicy.MASK
    extra_kinds: frozenset[PiiKind] = field(default_factory=frozenset)

    def for_kind(self, kind: PiiKind) -> PiiPolicy:
        if kind in SECRET_KINDS:
            # A secret is never kept in clear, whatever the setting says (X2).
            return PiiPolicy.REFUSE if self.secrets is PiiPolicy.REFUSE else PiiPolicy.MASK
        return self.contact


# -- detectors ----------------------------------------------------------------------------
_SEP = r"[ \-\u2010-\u2015\u2212.·_/]{0,3}"  # on normalised text, where whitespace is one space
_RRN = re.compile(
    r"(?<![\d])(\d{2})(\d{2})(\d{2})\s*[-\u2010-\u2015\u2212–]?\s*([1-8])(\d{6})(?![\d])")
# Six digits, a dash, seven digits: an RRN or a corporate registration number, date or not.
_RRN_DASHED = re.compile(r"(?<![\d])\d{6}\s*[-\u2010-\u2015\u2212–]\s*\d{7}(?![\d])")
# "주민번호 뒷자리 1234567": the second half of an RRN named by its label, said alone.
_RRN_BACK = re.compile(
    r"주민\s?(?:등록\s?)?번호\s?(?:의\s?)?(?:뒷\s?자리|뒷\s?번호|뒤\s?(?:7|일곱)\s?자리|뒷부분)"
    r"(?:\s?(?:는|은|가|이|도|:))?\s*(?P<value>[1-8]\d{6})(?!\d)")
_DIGIT_RUN = re.compile(rf"(?<![\d])\d(?:{_SEP}\d)+(?![\d])")
_EMAIL = re.compile(r"(?<![\w.+%\-])[\w.+%\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
_PHONE = re.compile(
    r"(?<![\d\w])(?:"
    r"(?:\+|00)\d{1,3}[ \-.]?(?:\(0?\d{1,4}\)|0?\d{1,4})(?:[ \-.]?\d{2,4}){2,3}"  # international
    r"|0\d{1,2}[ \-.)]\s?\d{3,4}[ \-.]\d{4}"  # Korean with separators (010-1234-5678)
    r"|01[016789]\d{7,8}"  # Korean mobile without separators
    r"|\(\d{3}\)\s?\d{3}[ \-.]\d{4}"  # (555) 123-4567
    r"|\d{3}[\-.]\d{3}[\-.]\d{4}"  # 555-123-4567
    r")(?![\d])"
)
_KEYS = re.compile(
    r"(?<![\w-])(?:"
    r"sk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_\-]{16,}"
    r"|(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"
    r"|gh[pousr]_[A-Za-z0-9]{30,}"
    r"|github_pat_[A-Za-z0-9_]{30,}"
    r"|xox[abposr]-[A-Za-z0-9\-]{10,}"
    r"|AKIA[0-9A-Z]{16}"
    # an AWS secret access key: 40 base64 characters, both cases, a digit, "/" or "+"
    r"|(?=[A-Za-z0-9/+]{40}(?![\w/+=]))(?=[A-Za-z0-9/+]*[A-Z])(?=[A-Za-z0-9/+]*[a-z])"
    r"(?=[A-Za-z0-9/+]*[0-9/+])[A-Za-z0-9/+]{40}"
    r"|AIza[0-9A-Za-z_\-]{30,}"
    r"|glpat-[A-Za-z0-9_\-]{20,}"
    r"|hf_[A-Za-z0-9]{30,}"
    r"|eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"
    r"|-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)"
    # a disk-encryption recovery key (BitLocker): eight groups of six digits
    r"|\d{6}(?:-\d{6}){7}"
    # a software licence or product key: four to eight dashed groups of 4–6 capitals and
    # digits, both present ("VK7JG-NPHTM-C97JM-9MPGT-3V66T")
    r"|(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){3,7}(?![A-Za-z0-9\-])"
    r")"
)
# Machine-made credentials without a known prefix (an AWS secret access key, a session token,
# a random API key): one long token mixing upper case, lower case and at least two digits.
# People do not write words like that; a false positive masks one opaque string.
_RANDOM_TOKEN = re.compile(
    r"(?<![\w/+=\-])(?=[\w/+=\-]*[A-Z])(?=[\w/+=\-]*[a-z])(?=(?:[A-Za-z/+=_\-]*\d){2})"
    r"[A-Za-z0-9/+=_\-]{20,}(?![\w/+=\-])")
# Identity documents: a number right after its label (passport, driving licence, social
# security, 여권번호, 운전면허번호, 외국인등록번호), and the US social security number's own
# 3-2-4 shape, which no phone, date or amount takes.
_ID_LABEL_DOC = re.compile(
    r"(?i)(?:\b(?:ssn|social(?:\s+security)?(?:\s+(?:number|no\.?|#))?|passport(?:\s+(?:number|no\.?|#))?"
    r"|driver'?s?\s+licen[cs]e(?:\s+(?:number|no\.?|#))?|driving\s+licen[cs]e(?:\s+(?:number|no\.?))?"
    r"|national\s+id(?:\s+(?:number|no\.?))?|tax\s+id(?:\s+(?:number|no\.?))?)"
    r"|여권\s?번호|여권|운전\s?면허(?:증)?\s?번호|면허\s?번호|외국인\s?등록\s?번호"
    r"|개인\s?통관\s?고유\s?부호|통관\s?고유\s?부호|통관\s?부호)"
    r"(?:\s*(?:is|was|:|=|->)\s*|\s*(?:는|은|가|이|도)?\s+)"
    r"(?P<value>[A-Z]{0,2}\d(?:[\dA-Z]|[\- ](?=[\dA-Z])){4,18}[\dA-Z])")
_SSN = re.compile(r"(?<![\d\-])\d{3}-\d{2}-\d{4}(?![\d\-])")
# A health or social insurance number a few words after its label ("my Medicare number for
# me: 2953 41870 1", "NHS number is 485 777 3456", "건강보험증 번호 1-2345678901"): eight or more
# digits in groups, whatever the country's grouping — no phone, date or amount follows such
# a label.
_INSURANCE_ID = re.compile(
    r"(?i:\b(?:medicare|medicaid|nhs|national\s+insurance|social\s+insurance|health\s+(?:insurance|card)"
    r"|insurance\s+(?:member|policy|card)|member\s+id)|건강\s?보험(?:증)?|의료\s?보험(?:증)?|보험증"
    r"|보험\s?(?:증권\s?)?번호|국민연금\s?번호)(?i:\s+(?:number|no\.?|#|id))?(?:은|는|이|가|도)?"
    r"(?:[^\S\n]+[^\s\d.!?。]{1,12}){0,3}?[^\S\n]*[:=]?[^\S\n]*"
    r"(?P<value>(?<![A-Za-z0-9])[A-Z]{0,2}\d(?:[\d]|[\- ](?=\d)){7,22}(?![A-Za-z0-9]))")
# A document number a few words after its label ("여권번호 칸에 M72904183 넣으면 돼?", "passport
# field says 123456789"): only the shapes documents take — one or two capitals and 7–8 digits,
# or 9 digits — so a date or an amount a few words on is never read as one.
_ID_LABEL_NEAR = re.compile(
    r"(?i:\b(?:passport|ssn|social\s+security)|여권\s?번호|여권|외국인\s?등록\s?번호)"
    r"(?:[^\S\n]+[^\s.!?。]{1,12}){0,3}?[^\S\n]*[:=]?[^\S\n]*"
    r"(?P<value>(?<![A-Za-z0-9])(?:[A-Z]{1,2}\d{7,8}|\d{9})(?![A-Za-z0-9]))")
# A value assigned to a name that says it is a credential (config, env files, code):
# AWS_SECRET_ACCESS_KEY=…, client_secret: …, OPENAI_API_KEY="…" — whatever its shape.
_ASSIGNED = re.compile(
    r"(?i)(?<![\w-])[\w.-]*(?:secret|token|api[_-]?key|access[_-]?key|private[_-]?key|"
    r"auth[_-]?key|credentials?|passw(?:or)?d|pwd|passphrase|passcode)[\w.-]*[\"']?\s*[:=]\s*[\"']?(?P<value>[^\s\"',;]{6,})")
_BEARER = re.compile(r"(?i)\bbearer\s+([A-Za-z0-9_\-.=+/]{16,})")
# An order, ticket or case number is an id, not a phone or bank account number, when its label
# comes just before it ("주문번호 2024-0315-7788", "support ticket 555-123-4567").
_ID_LABEL = re.compile(
    r"(?i)(?:\b(?:order|tracking|invoice|ticket|reservation|booking|confirmation|case|receipt"
    r"|ref(?:erence)?|serial|member(?:ship)?|customer|patient|chart|parcel|package|shipment)"
    r"|주문|운송장|송장|예약|접수|영수증|회원|수험|학번|사번|문서|티켓|대기|사건|고객|차량|택배)"
    r"(?:\s*(?:no\.?|number|num|id|#|code|nr|번호|번호는|번호가|번호를|번호로)?)?\s*(?:is\s*|:\s*|#\s*)?$")
_ACCOUNT_CONTEXT = re.compile(
    r"(?i)계좌|통장|은행|입금|송금|이체|account\s*(?:no|number|#)|acct|bank|routing|iban|sort\s*code"
)


def _digits(text: str) -> str:
    return "".join(str(unicodedata.digit(ch)) for ch in text if ch.isdigit())


def luhn_valid(number: str) -> bool:
    digits = [int(d) for d in _digits(number)]
    if not 13 <= len(digits) <= 19:
        return False
    total = 0
    for i, digit in enumerate(reversed(digits)):
        if i % 2 == 1:
            digit *= 2
            if digit > 9:
                digit -= 9
        total += digit
    return total % 10 == 0


def _valid_rrn_date(yy: str, mm: str, dd: str) -> bool:
    return 1 <= int(mm) <= 12 and 1 <= int(dd) <= 31


def _has_luhn_window(digits: str) -> bool:
    for size in range(13, 20):
        for i in range(0, len(digits) - size + 1):
            if luhn_valid(digits[i : i + size]):
                return True
    return False


_DATE = re.compile(r"(?<!\d)(?:19|20)\d{2}([-./])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])(?!\d)")


def _card_in(groups: list[str]) -> bool:
    """A card number is a whole number of consecutive digit groups (however they are spaced)
    with 13-19 digits in all and a valid Luhn check; a single long group may also hide one
    glued to other digits."""
    for group in groups:
        if len(group) >= 13 and _has_luhn_window(group):
            return True
    for start in range(len(groups)):
        total = ""
        for group in groups[start:]:
            total += group
            if len(total) > 19:
                break
            if len(total) >= 13 and luhn_valid(total):
                return True
    return False


def _cards(text: str) -> Iterable[PiiHit]:
    """Digit runs (separators allowed) holding a Luhn-valid card are masked whole, so a card
    glued to other digits does not leak either. Dates ("2021-05-03") split runs: a list of
    dates is not a card number. A number shaped like a card (four groups of four, or
    4-6-5) with a card word just before it is masked even when its check digit is off: a
    mistyped card number is still the user's card."""
    undated = _DATE.sub(lambda m: "#" * len(m.group(0)), text)
    for match in _DIGIT_RUN.finditer(undated):
        groups = re.findall(r"\d+", match.group(0))
        if sum(len(g) for g in groups) >= 13 and (_card_in(groups) or (
                _CARD_SHAPE.fullmatch(match.group(0))
                and _CARD_CONTEXT.search(text, max(0, match.start() - 40), match.start()))):
            yield PiiHit(PiiKind.CARD, match.start(), match.end())


_CARD_SHAPE = re.compile(r"\d{4}([ \-])\d{4}\1\d{4}\1\d{4}|\d{4}([ \-])\d{6}\2\d{5}")
_CARD_CONTEXT = re.compile(r"(?i)\b(?:card|visa|master\s?card|amex|discover|credit|debit|"
                           r"full\s+number|cc)\b|카드")


def _id_numbers(text: str) -> Iterable[PiiHit]:
    for match in _ID_LABEL_DOC.finditer(text):
        if any(ch.isdigit() for ch in match.group("value")):
            yield PiiHit(PiiKind.ID_NUMBER, match.start("value"), match.end("value"))
    for match in _ID_LABEL_NEAR.finditer(text):
        yield PiiHit(PiiKind.ID_NUMBER, match.start("value"), match.end("value"))
    for match in _SSN.finditer(text):
        yield PiiHit(PiiKind.ID_NUMBER, match.start(), match.end())
    for match in _INSURANCE_ID.finditer(text):
        if sum(ch.isdigit() for ch in match.group("value")) >= 8:
            yield PiiHit(PiiKind.ID_NUMBER, match.start("value"), match.end("value"))


def _rrns(text: str) -> Iterable[PiiHit]:
    for match in _RRN.finditer(text):
        if _valid_rrn_date(match.group(1), match.group(2), match.group(3)):
            yield PiiHit(PiiKind.RRN, match.start(), match.end())
    for match in _RRN_DASHED.finditer(text):
        yield PiiHit(PiiKind.RRN, match.start(), match.end())
    for match in _RRN_BACK.finditer(text):
        yield PiiHit(PiiKind.RRN, match.start("value"), match.end("value"))


def _secrets(text: str) -> Iterable[PiiHit]:
    for match in _KEYS.finditer(text):
        yield PiiHit(PiiKind.SECRET, match.start(), match.end())
    for match in _BEARER.finditer(text):
        yield PiiHit(PiiKind.SECRET, match.start(1), match.end(1))
    for match in _ASSIGNED.finditer(text):
        yield PiiHit(PiiKind.SECRET, match.start("value"), match.end("value"))
    for match in _RANDOM_TOKEN.finditer(text):
        yield PiiHit(PiiKind.SECRET, match.start(), match.end())
    for start, end in password_spans(text):
        yield PiiHit(PiiKind.PASSWORD, start, end)


def _accounts(text: str) -> Iterable[PiiHit]:
    has_context = _ACCOUNT_CONTEXT.search(text) is not None
    for match in _DIGIT_RUN.finditer(text):
        run = match.group(0)
        digits = _digits(run)
        groups = [g for g in re.split(r"\D+", run) if g]
        dashed = len(groups) >= 3 and all(ch.isdigit() or ch == "-" for ch in run)
        after_plus = match.start() > 0 and text[match.start() - 1] == "+"
        if _labelled_id(text, match.start()):
            continue
        if has_context and 8 <= len(digits) <= 20:
            yield PiiHit(PiiKind.ACCOUNT, match.start(), match.end())
        elif dashed and not after_plus and 10 <= len(digits) <= 16 \
                and not _looks_like_phone(run) and not _looks_like_date(groups):
            yield PiiHit(PiiKind.ACCOUNT, match.start(), match.end())


def _labelled_id(text: str, start: int) -> bool:
    """True when an id label (order, ticket, 주문번호, …) ends right before ``start``."""
    return _ID_LABEL.search(text[max(0, start - 24) : start]) is not None


def _looks_like_phone(run: str) -> bool:
    return _PHONE.fullmatch(run.strip()) is not None


def _looks_like_date(groups: list[str]) -> bool:
    return len(groups) == 3 and len(groups[0]) == 4 and len(groups[1]) <= 2 and len(groups[2]) <= 2


def _contacts(text: str) -> Iterable[PiiHit]:
    for match in _EMAIL.finditer(text):
        yield PiiHit(PiiKind.EMAIL, match.start(), match.end())
    for match in _PHONE.finditer(text):
        if not _labelled_id(text, match.start()):
            yield PiiHit(PiiKind.PHONE, match.start(), match.end())


def scan(text: str, *, asked: str | None = None) -> list[PiiHit]:
    """Every PII span in ``text``, overlaps resolved by priority (secrets first), in order.
    The detectors read the normalised view (``pii_text``); spans are in ``text``. ``asked``:
    the text replies to a question that asked for a secret (``pii_answers``)."""
    view = normalise(text)
    flat = view.text.replace("\n", " ")  # numbers read across lines; same indices
    found = [*_secrets(view.text), *_rrns(flat), *_id_numbers(flat), *_cards(flat),
             *_accounts(flat), *_contacts(flat)]
    if asked:
        found += [PiiHit(PiiKind.PASSWORD, start, end)
                  for start, end in answer_spans(view.text, asked)]
    hits = [PiiHit(h.kind, *view.span(h.start, h.end)) for h in found if h.end > h.start]
    hits.sort(key=lambda h: (-_PRIORITY[h.kind], -(h.end - h.start), h.start))
    chosen: list[PiiHit] = []
    for hit in hits:
        if all(hit.end <= c.start or hit.start >= c.end for c in chosen):
            chosen.append(hit)
            continue
        # Overlap with a stronger hit: widen that hit so no digit of either leaks.
        for i, c in enumerate(chosen):
            if not (hit.end <= c.start or hit.start >= c.end):
                chosen[i] = PiiHit(c.kind, min(c.start, hit.start), max(c.end, hit.end))
                break
    return _merge_overlaps(sorted(chosen, key=lambda h: h.start))


def _merge_overlaps(hits: list[PiiHit]) -> list[PiiHit]:
    out: list[PiiHit] = []
    for hit in hits:
        if out and hit.start < out[-1].end:
            prev = out[-1]
            kind = prev.kind if _PRIORITY[prev.kind] >= _PRIORITY[hit.kind] else hit.kind
            out[-1] = PiiHit(kind, prev.start, max(prev.end, hit.end))
        else:
            out.append(hit)
    return out


def guard(text: str, policies: PiiPolicies | None = None, *, asked: str | None = None
          ) -> GuardResult:
    """Mask what the policies say to mask; report what they say to refuse. ``asked``: the
    question, asking for a secret, that the text replies to (a chat turn; ``guard_turns``).

    The masked text is always computed, so even a refused write can be logged safely.
    """
    policies = policies or PiiPolicies()
    hits = scan(text, asked=asked)
    if not hits:
        return GuardResult(text)
    kinds: list[PiiKind] = []
    refused: list[PiiKind] = []
    pieces: list[str] = []
    cursor = 0
    masked = 0
    for hit in hits:
        kinds.append(hit.kind)
        policy = policies.for_kind(hit.kind)
        if policy is PiiPolicy.KEEP:
            continue
        if policy is PiiPolicy.REFUSE:
            refused.append(hit.kind)
        pieces.append(text[cursor : hit.start])
        pieces.append(MASKS[hit.kind])
        cursor = hit.end
        masked += 1
    pieces.append(text[cursor:])
    return GuardResult(
        "".join(pieces),
        kinds=tuple(dict.fromkeys(kinds)),
        refused=tuple(dict.fromkeys(refused)),
        masked=masked,
    )


def mask_all(text: str) -> str:
    """Mask every kind of PII regardless of policy (logs, previews, error messages)."""
    return guard(text, PiiPolicies(contact=PiiPolicy.MASK)).text


def is_mask_only(text: str) -> bool:
    """True when nothing but masks and punctuation is left (nothing worth remembering)."""
    rest = text
    for mask in MASKS.values():
        rest = rest.replace(mask, " ")
    return not re.search(r"\w{2,}", rest)


def guard_value(value: object, policies: PiiPolicies) -> tuple[object, set[PiiKind], set[PiiKind]]:
    """Mask every string inside a JSON-like value (metadata, data, tags, index_text).

    Returns the masked value, the kinds found and the kinds refused."""
    found: set[PiiKind] = set()
    refused: set[PiiKind] = set()

    def walk(item: object) -> object:
        if isinstance(item, str):
            result = guard(item, policies)
            found.update(result.kinds)
            refused.update(result.refused)
            return result.text
        if isinstance(item, dict):
            return {walk(k) if isinstance(k, str) else k: walk(v) for k, v in item.items()}
        if isinstance(item, list | tuple):
            return [walk(v) for v in item]
        return item

    return walk(value), found, refused


# Fields of a memory that hold ids, enums, numbers or times: everything else is free text.
STRUCTURED_FIELDS = frozenset({
    "id", "scope", "layer", "type", "source", "status", "source_session", "source_turn_ids",
    "superseded_by", "content_hash", "pii_flags", "confidence", "importance", "pinned",
    "version", "usage_count", "last_used_at", "event_time", "valid_from", "valid_to",
    "expires_at", "created_at", "updated_at", "superseded_at", "promoted",
})


def guard_fields(fields: Mapping[str, object], policies: PiiPolicies
                 ) -> tuple[dict[str, object], set[PiiKind], set[PiiKind]]:
    """Guard every free-text field of a memory but ``content``: category, emotion, tags,
    metadata keys and values, data, index_text, the source preview — and any field added
    later, since only the structured fields above are skipped (X2: a secret may not live in
    a side field either). Returns the fields, the kinds found and the kinds refused."""
    out: dict[str, object] = dict(fields)
    found: set[PiiKind] = set()
    refused: set[PiiKind] = set()
    for key, value in fields.items():
        if key in STRUCTURED_FIELDS or value is None or key == "content":
            continue
        masked, kinds, bad = guard_value(value, policies)
        out[key] = tuple(masked) if isinstance(value, tuple) else masked  # type: ignore[arg-type]
        found |= kinds
        refused |= bad
    return out, found, refused


def mask_fields(fields: Mapping[str, object]) -> dict[str, object]:
    """``guard_fields`` with every kind masked (system-written text: summaries, topics)."""
    return guard_fields(fields, PiiPolicies(contact=PiiPolicy.MASK))[0]


def has_mask(text: str) -> bool:
    """True when ``text`` holds a mask: a fact whose value was a secret is not worth keeping."""
    return any(mask in text for mask in MASKS.values())
