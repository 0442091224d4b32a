"""Passwords, PINs and codes in free text (W4): the value near a label, however it is phrased.

People rarely write "password: X". They write "the password for my bank login would be X",
"X is my netflix password", "비번 qwer1234!", "비밀번호가 뭐였더라... 아 X 맞다". Four readings,
each anchored on a *label* (password, passcode, PIN, 비밀번호, 비번, 암호, 인증번호, …):

1. **direct** — label, a connector (is, =, :, 는, …) or a space, then the value; a bare value
   must look like a secret, not a plain word ("I forgot my password again"); also with
   what the secret is for between label and connector ("pw for gmail = X");
2. **nearby** — for the strong labels, the first token within the next few words that looks
   like a secret: letters mixed with digits or symbols, or a 4–8 digit PIN (digits spaced
   one by one are read together), never a date, time, price or version number; skipped when
   the label is a topic ("password manager", "비밀번호 정책");
3. **before** — "X is my password", "X as my password", "X가 내 비번이야": a secret-looking
   token a few words before a strong label with a linking word between;
4. **quoted or after a colon** — "'correct horse battery staple'" near a label, or the words
   after "password:" up to the end of the clause: passphrases are masked whole.

Greedy on purpose (a false positive masks a few words; a false negative keeps a password in
clear for good), yet dates, order numbers and ids near no label are never touched. Runs on
the normalised text of ``pii_text``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_A, _Z = r"(?<![A-Za-z0-9_])", r"(?![A-Za-z0-9_])"  # word edges that let 은/는/이 attach
# The code of a door, gate, alarm or safe is a PIN by another name.
_CODES = (r"(?:door|gate|building|alarm|lock|locker|lockbox|lock\s+box|key\s?box|padlock|safe|"
          r"access|entry|garage|entrance|storage(?:\s+unit)?|mailbox|vault|bike\s+lock)"
          r"(?:\s+(?:disarm|arming|entry|access|security))?"  # "the alarm disarm code"
          r"\s*(?:code|combination|combo|pin)")
# The same code named the other way round: "the code on the lockbox", "the combo for my bike lock".
_CODES_OF = (r"(?:code|combination|combo|pin)\s+(?:on|for|to|of)\s+(?:the\s+|my\s+|our\s+|your\s+)?"
             r"(?:front\s+|back\s+|side\s+|main\s+)?(?:door|gate|building|alarm|lock|locker|lockbox|"
             r"lock\s+box|key\s?box|padlock|safe|garage|entrance|storage(?:\s+unit)?|mailbox|vault|"
             r"bike\s+lock)")
# "online banking login is jlee_84 / Marigold#5530": a login's name and password, a slash
# between — the part after the slash is the password whatever it looks like.
_LOGIN_PAIR = re.compile(
    r"(?i)(?:\b(?:log\s?-?in|sign\s?-?in|credentials?|account)\b|계정|로그인|아이디)[^\n/]{0,40}?"
    r"(?<![\w/])(?P<user>[^\s/]{2,})\s*/\s*(?P<value>[^\s/]{4,})")
# Labels that introduce a secret only when a secret-looking value follows (the network's key
# after "wifi", a code after "keypad"/"combination", a one-time code after "OTP", the words
# of a wallet's recovery phrase, a two-factor recovery code): read "nearby", never by the
# bare "label is X" reading, so "my wifi is slow" stays as it is.
_SOFT = (r"wi-?fi(?:\s*(?:password|pw|key|code))?|keypad|combo|combination|otp(?:\s*code)?"
         r"|(?:recovery|seed|backup|secret)\s+(?:phrase|words)|mnemonic|(?:secret\s+)?access\s+key"
         r"|(?:(?:2fa|mfa|two[\s-]factor)\s+)?(?:recovery|backup)\s+codes?|(?:2fa|mfa)\s+codes?")
_SOFT_KO = (r"와이\s?파이|출입\s?번호|공동\s?현관|현관문?\s?번호|도어\s?락|OTP\s?(?:코드|번호)?"
            r"|일회용\s?(?:번호|코드)|(?:복구|백업|2FA|MFA)\s?(?:코드|키)"
            # the number that opens a lock, a safe or a screen: a PIN by another name
            r"|잠금\s?번호|금고\s?번호|자물쇠\s?번호|사물함\s?비번")
_LABEL_EN = (r"pass(?:word|code|phrase)?s?|passwd|pwd|pw|pin(?:\s*(?:code|number))?"
             r"|api[\s_\-]?key|secret(?:\s*key)?|access[\s_\-]?token|auth[\s_\-]?token"
             r"|token|private[\s_\-]?key|otp|(?:cvv|cvc|csc)(?:\s?(?:번호|코드|number|code))?"
             r"|(?:verification|security|one[\s-]?time|log\s?-?in|sign\s?-?in|2fa|mfa|auth)\s+code"
             r"|security\s+answer|secret\s+answer|mother'?s\s+maiden\s+name"
             # the number a bank's app asks for beside the password
             r"|(?:bank\s+|account\s+|app\s+)?security\s+(?:number|no\.?)|" + _CODES + "|" + _CODES_OF)
_LABEL_KO = (r"비밀\s?번호|비\s?번|패스워드|암호(?![화문학])|핀\s?번호|API\s?키|토큰|시크릿|인증\s?번호"
             r"|보안\s?코드|보안\s?질문\s?(?:의\s?)?(?:답|정답|답변)"
             # the card's CVC said the long way: "카드 뒤에 있는 세자리 번호", "뒷면 3자리"
             r"|(?:카드\s?)?뒤(?:\s?면|\s?쪽)?(?:에)?\s?(?:있는\s?)?(?:세|3)\s?자리(?:\s?(?:번호|숫자|코드))?")
_DIRECT = re.compile(
    rf"(?i)(?:{_A}(?:{_LABEL_EN}){_Z}|(?:{_LABEL_KO}))"
    r"(?:\s*\([^()\n]{1,30}\))?"  # "mother's maiden name (security question) is X"
    r"(?P<conn>\s*(?:is|was|are|=|:|：|->)\s*|(?:는|은|이|가|를|을|로|으로)\s*|\s+)"
    r"(?:(?:is|was|now|just|set\s+to|바뀐\s?게?|지금)\s*)?"
    r"[\"'“‘«]?(?P<value>[^\s\"'”’»,;]{3,})"
)
# "pw for gmail = X", "api key for the staging server is X": the label, what it is for, a
# connector, the value.
_FOR = re.compile(
    rf"(?i){_A}(?:{_LABEL_EN}){_Z}\s+for\s+(?:[^\s=:：.!?]+\s+){{0,3}}?"
    r"(?:[^\s=:：.!?]+(?=[=:：]))?"  # "pw for the shared drive: X": the colon on the last word
    r"(?:=|:|：|->|is|was|(?:would|will|should)\s+be)\s*"
    r"[\"'“‘«]?(?P<value>[^\s\"'”’»,;]{3,})"
)
# Labels strong enough to look around them: a PIN in capitals, never the verb "pin".
_STRONG = re.compile(
    rf"(?i:{_A}(?:pass(?:word|code|phrase)s?|passwd){_Z}|비밀\s?번호|비\s?번|패스워드"
    rf"|암호(?![화문학])|핀\s?번호|인증\s?번호|보안\s?코드|현관\s?번호|{_A}{_CODES}{_Z}|{_A}{_CODES_OF}{_Z}"
    # a security question's answer is a password: "보안 질문 답은 … '한빛초'"
    rf"|{_A}(?:security|secret)\s+answer{_Z}|보안\s?질문\s?(?:의\s?)?(?:답|정답|답변)"
    rf"|{_A}(?:bank\s+|account\s+|app\s+)?security\s+(?:number|no\.?)(?![A-Za-z0-9_])"
    # "출입 카드 핀 2580": 핀 alone is a PIN only with its digits right after it
    rf"|핀(?=\s?\d{{4,8}}(?!\d))"
    rf"|{_A}(?:{_SOFT}){_Z}|{_SOFT_KO})"
    rf"|{_A}PIN{_Z}|(?i:{_A}pin\s*(?:code|number){_Z})")
# Any label of a secret, strong or not: what a question asking for one names
# ("What's the verification code?", "비밀번호 뭐로 할까요?"); see ``pii_answers``.
SECRET_LABEL = re.compile(rf"(?i:{_A}(?:{_LABEL_EN}){_Z}|{_LABEL_KO})|{_STRONG.pattern}")
_COLON = re.compile(r"(?i)\s*(?:(?:is|was|are)\s*)?(?:[:=：]|->)\s*")
_QUOTED = re.compile(r"[\"'“‘«]([^\"'”’»\n]{3,80})[\"'”’»]")
_CLAUSE_END = re.compile(r"[.;,(\n]|$")
_TOKEN = re.compile(r"\S+")
_HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
_KO_TAIL = re.compile(r"[\uac00-\ud7a3]+$")
_KO_WORDS_AFTER_VALUE = re.compile(r"(?:이야|이에요|예요|입니다|이고|이며|야|요|임|이다|인데|이요)$")
_TRIM_LEAD = "\"'“‘«([<#"
_TRIM_TAIL = "\"'”’»)]>.,;:!?…*#"
# A code typed in short digit groups: "12-34-08", "1-9-8-4" (never a valid calendar date).
_GROUPED_CODE = re.compile(r"^\d{1,3}(?:[-.]\d{1,3}){1,5}$")
_NUMERIC = re.compile(r"^[\d.,:/\-~]+$")
# A keypad code: digits with the keypad's star or hash, as door locks and building entries take
# them ("*3091*#", "#4471", "0812*"). The symbols are part of the code, so the whole token is
# masked — trimmed as markdown emphasis, "*3091*#" would leave a "*3091" the label reading skips.
_KEYPAD = re.compile(r"[*#]*\d[\d*#]*")
_CONNECTORS = frozenset({"is", "was", "=", ":", "now", "->", "는", "은", "이", "가"})
_LINKS = frozenset({"is", "as", "was", "=", "becomes", "이게", "이건", "이거", "요게"})
_KO_LINK_TAILS = ("이게", "이건", "가", "이", "는", "은")
_UNITS = frozenset({"day", "days", "character", "characters", "chars", "times", "digits",
                    "letters", "minutes", "hours", "months", "years", "weeks", "tries",
                    # a price ("the combo meal is 8900 won")
                    "won", "원", "krw", "usd", "dollars", "bucks", "yen", "euros", "eur"})
WINDOW = 8
LOOK_BACK = 5
_NOT_A_SECRET = frozenset({
    "the", "that", "this", "not", "was", "has", "too", "for", "and", "very", "really",
    "changed", "reset", "expired", "wrong", "correct", "strong", "weak", "long", "short",
    "좀", "너무", "바꿨어", "바꿨다", "바꿔야", "까먹었어", "잊어버렸어", "틀렸어", "만료됐어",
    "manager", "managers", "reset.", "required", "needed", "protected", "field", "policy",
    "hint", "rules", "rule", "length", "change", "changes", "recovery", "generator",
})
# Korean question words: a label followed by one asks for the value ("비번이 뭐야?").
_ASKING = ("뭐", "뭔", "무엇", "어떻게", "어디", "몇")
# A label followed by one of these is a topic, not a value's introduction.
_TOPICS = frozenset({
    "manager", "managers", "policy", "policies", "hint", "hints", "reset", "recovery", "rules",
    "rule", "requirement", "requirements", "field", "length", "strength", "generator",
    "rotation", "history", "expiry", "codes", "정책은", "정책", "힌트", "찾기", "변경", "주기가",
    "초기화", "재설정", "규칙", "관리자", "바꾸라는", "관리", "힌트는",
})


# A wallet's recovery phrase: 12–24 plain words after its label, masked whole.
_PHRASE = re.compile(
    r"(?i)(?:\b(?:seed|recovery|backup|secret|wallet|mnemonic)\s+(?:phrase|words|sentence)"
    r"(?:\s+backup)?|"
    r"\bmnemonic|시드\s?(?:문구|구문|단어)|복구\s?(?:문구|구문|단어)|니모닉)"
    r"(?:\s*(?:is|was|are|=|:|：|는|은|이|가)\s*|\s+)[\"'“‘«]?"
    r"(?P<value>(?:[a-z]{3,8}[\s,]+){11,23}[a-z]{3,8})")
# "my wallet passphrase is correct horse battery staple": a passphrase is ordinary words, so the
# whole clause after its label and connector is the secret (up to eight words).
_PASSPHRASE = re.compile(
    r"(?i)\bpass\s?phrase(?:\s+for(?:\s+[^\s.,;:!?]+){1,4}?)?\s*(?:is|was|=|:|：|->)\s*[\"'“‘«]?"
    r"(?P<value>[^\s.,;!?\"'”’»](?:[^.,;!?\n\"'”’»]{0,80}?[^\s.,;!?\"'”’»])?)"
    r"(?=[\"'”’»]?\s*(?:[.,;!?\n]|$|\s(?:and|but|so|because|for|if|since|which|—|-)\s))")
# "the CVV on the back is 482": a card's security code a few words after its label.
_CARD_CODE = re.compile(
    r"(?i)(?<![A-Za-z0-9_])(?:cvv2?|cvc2?|csc|card\s+security\s+code)(?![A-Za-z0-9_])"
    r"(?:\s+[^\s\d]{1,12}){0,4}?\s*(?:is|was|:|=|->)?\s*(?P<value>\d{3,4})(?!\d)")
# "postgresql://admin:Qw3rty!Blue2026@10.0.3.21:5432/db", "redis://:s3cr3t@cache:6379": the
# password of a URL's user part (RFC 3986 userinfo), whatever it looks like. Pasted carelessly
# it may hold an unescaped "@", so the user part ends at the authority's last "@".
_URL_PASSWORD = re.compile(
    r"(?i)(?<![A-Za-z0-9+.\-])[a-z][a-z0-9+.\-]{1,20}://[^\s:/@]*:(?P<value>[^\s/]+)@[^\s@/]+")
# A password typed on a command line: "mysql -u root -pTopSecret99", "--password hunter2",
# "sshpass -p 'x' ssh …" — the flag's value, whatever it looks like.
_CLI_PASSWORD = re.compile(
    r"(?i)(?:\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]*?\s-p(?P<joined>[^\s-][^\s]{2,})"
    r"|\bsshpass\s+-p\s*[\"']?(?P<spaced>[^\s\"']{3,})"
    r"|(?<![\w-])--password[ =][\"']?(?P<long>[^\s\"']{3,}))")
# Part of a PIN or password said by position: "비밀번호 앞 두자리 38", "the last four digits of
# my PIN are 0412" — the digits are the secret's, however few.
_PARTIAL = re.compile(
    rf"(?i)(?:(?:{_LABEL_KO})\s*(?:의\s*)?(?:앞|뒤|뒷|첫|마지막)\s*(?:두|세|네|2|3|4)\s*자리"
    r"(?:\s*(?:는|은|가|이|:))?"
    r"|\b(?:first|last)\s+(?:two|three|four|2|3|4)\s+digits\s+of\s+(?:my|the|your|our)\s+"
    r"(?:pin|password|passcode|code)\b\s*(?:is|are|:|=)?)"
    r"\s*(?P<value>\d{1,4})(?!\d)")
# A secret question and its answer after an arrow: "보안 질문: 어릴 적 별명 → 똘이",
# "security question (first car) -> Corolla".
_QUESTION_ANSWER = re.compile(
    r"(?i)(?:(?:비밀|보안)\s?질문|\b(?:security|secret)\s+question)[^\n]{0,40}?"
    r"(?:→|->|=>|⇒)\s*[\"'“‘«]?(?P<value>[^\s\"'”’».,!?]{2,})")
# Several codes after one label: "my backup codes for 2fa are 7731-9042 and 5518-2267" —
# every code-shaped token up to the end of the sentence is one of them, not just the first.
_CODE_LIST = re.compile(
    r"(?i)(?:\b(?:(?:2fa|mfa|two[\s-]factor)\s+)?(?:backup|recovery|one[\s-]?time)\s+codes\b"
    r"|(?:백업|복구|일회용)\s?코드(?:들)?)")
_CODE_SHAPE = re.compile(
    r"(?<![\w-])(?=[0-9A-Za-z-]*\d)[0-9A-Za-z]{3,8}(?:-[0-9A-Za-z]{3,8}){1,4}(?![\w-])")
_SENTENCE_END = re.compile(r"[.!?。\n]\s|[.!?。\n]$|$")
# "사랑해1004", "봄날은간다2024!": a Korean password is Korean letters with digits after them.
_KO_PASSWORD = re.compile(r"[가-힣]{2,}\d{2,}[!@#$%^&*~.]*")


def password_spans(text: str) -> Iterator[tuple[int, int]]:
    """Spans of ``text`` (normalised) holding a password, PIN or passphrase value."""
    yield from _direct(text)
    for phrase in _PHRASE.finditer(text):
        yield phrase.start("value"), phrase.end("value")
    for reading in (_PASSPHRASE, _CARD_CODE, _PARTIAL, _QUESTION_ANSWER):
        for found in reading.finditer(text):
            yield found.start("value"), found.end("value")
    for label in _CODE_LIST.finditer(text):
        end = _SENTENCE_END.search(text, label.end()).start()  # type: ignore[union-attr]
        for code in _CODE_SHAPE.finditer(text, label.end(), min(end, label.end() + 200)):
            yield code.start(), code.end()
    for url in _URL_PASSWORD.finditer(text):
        yield url.start("value"), url.end("value")
    for flag in _CLI_PASSWORD.finditer(text):
        group = next(g for g in ("joined", "spaced", "long") if flag.group(g))
        yield flag.start(group), flag.end(group)
    for pair in _LOGIN_PAIR.finditer(text):
        value = pair.group("value").rstrip(".,!?)")
        if not _NUMERIC.match(value):  # "account 3/4 done" is no password
            yield pair.start("value"), pair.start("value") + len(value)
    for label in _STRONG.finditer(text):
        tokens = list(_TOKEN.finditer(text, label.end()))[:WINDOW]
        yield from _after_colon(text, label.end())
        yield from _quoted(text, label.end())
        if tokens and _strip(tokens[0].group(0)).casefold() not in _TOPICS:
            yield from _grouped_after_connector(tokens)
            yield from _nearby(tokens)
        yield from _before(text, label.start())


def _direct(text: str) -> Iterator[tuple[int, int]]:
    for match in [*_DIRECT.finditer(text), *_FOR.finditer(text)]:
        value = match.group("value")
        trimmed = value.rstrip(".!?)~")  # "CVV가 뭐예요?": the ending before the mark
        trimmed = _KO_WORDS_AFTER_VALUE.sub("", trimmed) if _HANGUL.search(trimmed) else trimmed
        trimmed = trimmed.rstrip(".!?)")
        if len(trimmed) < 3 or trimmed.lower() in _NOT_A_SECRET or trimmed.startswith(_ASKING):
            continue  # "보안 질문 답이 뭐였죠?" asks for the value; it holds none
        conn = match.groupdict().get("conn", "=")
        if not conn.strip() and (not _looks_secret(trimmed) or _HANGUL.search(trimmed)) \
                and not _KO_PASSWORD.fullmatch(trimmed):
            continue  # "I forgot my password again": no connector, an ordinary word
        start = match.start("value")
        yield start, start + len(trimmed)


def _looks_secret(value: str) -> bool:
    """A bare value after a label counts only if it is not a plain word ("again", "Budget")."""
    return any(ch.isdigit() for ch in value) or not value.isalpha() or (
        any(ch.isupper() for ch in value[1:]) and value.upper() != value)


def _strip(token: str) -> str:
    return token.lstrip(_TRIM_LEAD).rstrip(_TRIM_TAIL)


def _candidate(token: str) -> tuple[str, str]:
    """The token without quotes, trailing punctuation and a Korean particle tail (the value),
    and that tail."""
    core = _strip(token)
    tail = ""
    match = _KO_TAIL.search(core)
    if match and match.start() > 0:
        core, tail = core[: match.start()], match.group(0)
    return core.rstrip(_TRIM_TAIL), tail


def _strong_token(value: str, *, allow_pin: bool) -> bool:
    if _KO_PASSWORD.fullmatch(value):
        return True
    if len(value) < 4 or _HANGUL.search(value):
        return False
    if value.isdigit():
        return allow_pin and 4 <= len(value) <= 8
    if _GROUPED_CODE.match(value):
        return allow_pin and len(_digits_of(value)) >= 4 and not _calendar_date(value)
    if _NUMERIC.match(value):
        return False  # a date, time, price or version number
    letters = any(ch.isalpha() for ch in value)
    digits = any(ch.isdigit() for ch in value)
    # An apostrophe is a contraction ("it's"), not a symbol of a password.
    symbols = any(not ch.isalnum() and ch not in "-_.'’" for ch in value)
    return letters and (digits or symbols)


def _keypad_code(token: str) -> str | None:
    """The keypad code a token holds ("*3091*#", "#4471이야" → "#4471"), or None: 4 to 12
    digits with at least one star or hash, nothing else but quotes, punctuation and a Korean
    particle tail around it."""
    core = token.strip("\"'“”‘’«»()[]<>.,;:!?…")
    tail = _KO_TAIL.search(core)
    if tail and tail.start() > 0:
        core = core[: tail.start()]
    if not _KEYPAD.fullmatch(core) or ("*" not in core and "#" not in core):
        return None
    return core if 4 <= len(_digits_of(core)) <= 12 else None


def _short_digits(value: str) -> bool:
    return value.isdigit() and len(value) <= 3


def _digits_of(value: str) -> str:
    return "".join(ch for ch in value if ch.isdigit())


def _calendar_date(value: str) -> bool:
    """"12-04-08" may be a date (any order of day, month, two-digit year); "12-34-08" is not."""
    parts = [int(p) for p in re.split(r"[-.]", value)]
    if len(parts) != 3:
        return False
    return any(1 <= m <= 12 and 1 <= d <= 31 for m, d in
               ((parts[0], parts[1]), (parts[1], parts[0]), (parts[1], parts[2])))


def _span_of(token: re.Match[str], value: str) -> tuple[int, int]:
    start = token.start() + token.group(0).index(value)
    return start, start + len(value)


def nearby_spans(tokens: list[re.Match[str]]) -> Iterator[tuple[int, int]]:
    """The first secret-looking value among ``tokens`` (the "nearby" reading)."""
    return _nearby(tokens)


def _nearby(tokens: list[re.Match[str]]) -> Iterator[tuple[int, int]]:
    i = 0
    while i < len(tokens):
        value, _ = _candidate(tokens[i].group(0))
        if value.isdigit() and len(value) <= 3:
            # "0 4 1 9" (a PIN typed digit by digit) or "36 24 36" (a combination): short
            # digit groups in a row, at least 4 single digits or 3 groups.
            j = i
            while j + 1 < len(tokens) and _short_digits(_candidate(tokens[j + 1].group(0))[0]):
                j += 1
            count = j - i + 1
            digits = sum(len(_candidate(t.group(0))[0]) for t in tokens[i:j + 1])
            if (count >= 4 or (count >= 3 and digits >= 4)) and digits >= 4:
                yield tokens[i].start(), _span_of(tokens[j], _candidate(tokens[j].group(0))[0])[1]
                return
        following = _strip(tokens[i + 1].group(0)).casefold() if i + 1 < len(tokens) else ""
        keypad = _keypad_code(tokens[i].group(0))
        if keypad is not None and following not in _UNITS:
            yield _span_of(tokens[i], keypad)
            return
        if _strong_token(value, allow_pin=following not in _UNITS):
            yield _span_of(tokens[i], value)
            return
        i += 1


def _grouped_after_connector(tokens: list[re.Match[str]]) -> Iterator[tuple[int, int]]:
    """"its combo is 31-07-19": a code in digit groups said right after its label and a
    connector is the code, even when it could also be read as a date (the nearby reading
    skips date-like groups a few words on)."""
    rest = tokens
    while rest and _strip(rest[0].group(0)).casefold() in _CONNECTORS:
        rest = rest[1:]
    if rest and rest is not tokens:
        value, _ = _candidate(rest[0].group(0))
        if _GROUPED_CODE.match(value) and len(_digits_of(value)) >= 4:
            yield _span_of(rest[0], value)


def _before(text: str, label_start: int) -> Iterator[tuple[int, int]]:
    tokens = [t for t in _TOKEN.finditer(text[:label_start]) if t.end() <= label_start]
    tokens = tokens[-LOOK_BACK:]
    for k in range(len(tokens) - 1, -1, -1):
        value, tail = _candidate(tokens[k].group(0))
        if not _strong_token(value, allow_pin=False):
            continue
        between = {_strip(t.group(0)).casefold() for t in tokens[k + 1:]}
        if between & _LINKS or tail in _KO_LINK_TAILS:
            yield _span_of(tokens[k], value)
        return


def _after_colon(text: str, label_end: int) -> Iterator[tuple[int, int]]:
    colon = _COLON.match(text, label_end)
    if colon is None:
        return
    end = _CLAUSE_END.search(text, colon.end()).start()  # type: ignore[union-attr]
    words = list(_TOKEN.finditer(text, colon.end(), end))[:5]
    if not words or _strip(words[0].group(0)).casefold() in _TOPICS | _NOT_A_SECRET:
        return
    last = _candidate(words[-1].group(0))[0] or words[-1].group(0)
    yield words[0].start(), _span_of(words[-1], last)[1] if last in words[-1].group(0) \
        else words[-1].end()


def _quoted(text: str, label_end: int) -> Iterator[tuple[int, int]]:
    window_end = min(len(text), label_end + 40)
    quote = _QUOTED.search(text, label_end, window_end + 80)
    if quote is not None and quote.start() <= window_end:
        yield quote.start(1), quote.end(1)
