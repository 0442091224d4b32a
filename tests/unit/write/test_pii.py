"""W4: the PII guard's detectors and policies (pure)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gieok.domain.policy import PiiPolicy
from gieok.write.pii import (
    PiiKind,
    PiiPolicies,
    guard,
    guard_value,
    has_mask,
    is_mask_only,
    luhn_valid,
    scan,
)


@pytest.mark.parametrize(("text", "masked"), [
    ("my card is 4111 1111 1111 1111 thanks", "my card is [CARD] thanks"),
    ("카드번호 4111-1111-1111-1111 이야", "카드번호 [CARD] 이야"),
    ("amex 3782 822463 10005", "amex [CARD]"),
    ("digits 4111111111111111", "digits [CARD]"),
    ("주민번호는 900101-1234567", "주민번호는 [RRN]"),
    ("9001011234567 is mine", "[RRN] is mine"),
    ("my password is hunter2!", "my password is [PASSWORD]!"),
    ("비밀번호는 abc123이야", "비밀번호는 [PASSWORD]이야"),
    ("비번 qwer1234", "비번 [PASSWORD]"),
    ("pin: 4821", "pin: [PASSWORD]"),
    ("key sk-proj-abcdefghijklmnopqrstuvwx ok", "key [SECRET] ok"),
    ("token ghp_abcdefghijklmnopqrstuvwxyz0123456789", "token [SECRET]"),
    ("Authorization: Bearer abcdefghijklmnopqrstuvwxyz123", "Authorization: Bearer [SECRET]"),
    ("AKIAABCDEFGHIJKLMNOP is the aws key", "[SECRET] is the aws key"),
    ("계좌번호 110-123-456789 로 보내줘", "계좌번호 [ACCOUNT] 로 보내줘"),
    ("send it to 1002-123-456789", "send it to [ACCOUNT]"),
    ("call me at 010-1234-5678", "call me at [PHONE]"),
    ("my number is +82 10 1234 5678", "my number is [PHONE]"),
    ("mail a.b+c@example.co.kr now", "mail [EMAIL] now"),
    # a value assigned to a credential's name, whatever its shape
    ("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
     "AWS_SECRET_ACCESS_KEY=[SECRET]"),
    ('export OPENAI_API_KEY="sk-live-abcdef"', 'export OPENAI_API_KEY="[SECRET]"'),
    ("client_secret: 9f8e7d6c5b4a39281706f5e4d3c2b1a0", "client_secret: [SECRET]"),
    ('{"api_key": "abc123xyz789"}', '{"api_key": "[SECRET]"}'),
    # a login's name / password pair, a lockbox's code
    ("online banking login is jlee_84 / Marigold#5530", "online banking login is jlee_84 / [PASSWORD]"),
    ("lockbox code is 602817", "lockbox code is [PASSWORD]"),
])
def test_detects_and_masks(text: str, masked: str) -> None:
    assert guard(text).text == masked


@pytest.mark.parametrize("text", [
    "I was born 1990-01-01 and live in Seoul", "I forgot my password again",
    "I have 3 cats and 2 dogs", "the meeting is at 10:30 on 2024-03-15",
    "my phone died", "비밀번호를 까먹었어", "version 1.2.3", "it costs 15,000 won",
    "The secret: I love him", "my token count is 500", "I did 3/4 of the login flow",
])
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert guard(text).text == text and scan(text) == []


def test_contact_policy_keep_mask_refuse() -> None:
    text = "call 010-1234-5678 or mail jo@example.com"
    keep = guard(text, PiiPolicies(contact=PiiPolicy.KEEP))
    assert keep.text == text and set(keep.flags) == {"phone", "email"} and not keep.refused
    refuse = guard(text, PiiPolicies(contact=PiiPolicy.REFUSE))
    assert set(refuse.refused) == {PiiKind.PHONE, PiiKind.EMAIL}
    assert "[PHONE]" in refuse.text  # the masked text is always computed


def test_secrets_are_never_kept() -> None:
    result = guard("card 4111 1111 1111 1111", PiiPolicies(secrets=PiiPolicy.KEEP))
    assert result.text == "card [CARD]"
    refused = guard("card 4111 1111 1111 1111", PiiPolicies(secrets=PiiPolicy.REFUSE))
    assert refused.refused == (PiiKind.CARD,)


def test_guard_value_walks_json() -> None:
    value, found, refused = guard_value(
        {"note": "pw: s3cret!", "list": ["4111 1111 1111 1111", 3]}, PiiPolicies())
    assert value == {"note": "pw: [PASSWORD]!", "list": ["[CARD]", 3]}
    assert found == {PiiKind.PASSWORD, PiiKind.CARD} and not refused


def test_mask_helpers() -> None:
    assert is_mask_only("[CARD] [RRN].") and not is_mask_only("User's card is [CARD]")
    assert has_mask("User's card is [CARD]") and not has_mask("User lives in Seoul")


def test_luhn() -> None:
    assert luhn_valid("4111 1111 1111 1111") and not luhn_valid("4111 1111 1111 1112")
    assert not luhn_valid("1234")


def _luhn_complete(prefix: list[int]) -> str:
    digits = prefix + [0]
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2 == 1:
            d = d * 2 - 9 if d * 2 > 9 else d * 2
        total += d
    digits[-1] = (10 - total % 10) % 10
    return "".join(map(str, digits))


cards = st.integers(min_value=12, max_value=18).flatmap(
    lambda n: st.lists(st.integers(0, 9), min_size=n, max_size=n)).map(_luhn_complete)
separators = st.sampled_from(["", " ", "-", "  ", " - ", "."])


@settings(max_examples=200, deadline=None)
@given(card=cards, sep=separators, group=st.integers(2, 5),
       before=st.sampled_from(["my card ", "카드 ", "", "x"]),
       after=st.sampled_from([" thanks", "이야", "", "."]))
def test_any_luhn_valid_card_with_any_separators_is_masked(card: str, sep: str, group: int,
                                                           before: str, after: str) -> None:
    written = sep.join(card[i:i + group] for i in range(0, len(card), group))
    masked = guard(before + written + after).text
    assert card not in masked.replace(sep, "") if sep else card not in masked
    assert written not in masked
    assert "[CARD]" in masked or "[RRN]" in masked or "[ACCOUNT]" in masked or \
        "[PHONE]" in masked


def test_dates_are_not_card_numbers() -> None:
    dates = "2021-05-03 2021-05-03 2021-05-03 2021-05-03"
    assert guard(dates).text == dates
    assert guard("4111-1111-1111-1111 2021-05-03").text == "[CARD] 2021-05-03"
    assert guard("124111111111111111").text == "[CARD]"  # a card glued to other digits


@pytest.mark.parametrize(("text", "secret"), [
    ("The door code for my building is Tiger#2291, save it please.", "Tiger#2291"),
    ("the password for my bank login would be Xk9#mq2!", "Xk9#mq2"),
    ("비번 qwer1234!", "qwer1234"),
    ("Zq8$kLm1 이게 내 비번이야", "Zq8$kLm1"),
    ("my card is 4308 0230\n0253 1575", "0253"),
    ("card 4308\u200b0230\u200b0253\u200b1575", "0253"),
    ("card   4308     0230    0253    1575", "0253"),
    ("내 AWS secret은 wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY 야", "wJalrXUtnFEMI"),
    ("password는 hunter2!x", "hunter2"), ("token이 abcd1234efgh", "abcd1234efgh"),
])
def test_evasions_reported_by_other_teams_are_masked(text: str, secret: str) -> None:
    assert secret not in guard(text).text


@pytest.mark.parametrize("text", [
    "I need to fix the code for the door sensor", "our building code requires two exits",
    "주문번호 2024-0315-7788 배송 완료", "support ticket 555-123-4567 was closed",
    "the password manager is 1Password now", "메모리 데이터 암호화 저장 (AES-256)",
    "Is Spider-Man your favorite? I noticed a spiderman pin on your purse.",
])
def test_ordinary_text_near_labels_survives(text: str) -> None:
    assert guard(text).text == text


@pytest.mark.parametrize(("text", "secret"), [
    ("와이파이 비번 봄날은간다2024 야", "봄날은간다2024"),
    ("my visa ends in 4417, full number 4539 1488 0343 4417 exp 09/28", "0343 4417"),
    ("DB_PASSWORD=Qw3rty!Pg_prod_77 in the .env, is that safe?", "Qw3rty"),
    ("my seed phrase is ribbon tiger velvet orbit candle mango frost lumber pixel quartz "
     "sudden wagon", "candle mango"),
    # A two-factor recovery (backup) code, in either language.
    ("recovery code 적어둠: 4F7K-92QX-LM3P-8ZRT, 2FA 날아가면 써야 돼", "92QX-LM3P"),
    ("my github backup codes: a81f2-77d3c and 0c9e1-b44a2", "a81f2-77d3c"),
    ("복구 코드는 QX7P-22LM 야 잃어버리면 안 돼", "QX7P-22LM"),
    # The password in a connection URL's user part, whatever it looks like ("@" included).
    ("DATABASE_URL=postgresql://admin:Qw3rty!Blue2026@10.0.3.21:5432/shopdb 이거 맞지?",
     "Blue2026"),
    ("mysql://root:p@ss!word@db:3306/app", "ss!word"),
    ("redis://:s3cr3t@cache:6379/0 is what the worker uses", "s3cr3t"),
    ("amqp://guest:rabbitpass@rabbit:5672//", "rabbitpass"),
    # An AWS secret access key beside its key id (no label, no known prefix).
    ("aws AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "bPxRfiCY"),
    # A password on a command line.
    ("mysql -u root -pTopSecret99 prod", "TopSecret99"),
    ("sshpass -p 'Hunter22' ssh deploy@10.0.0.5", "Hunter22"),
    ("run it with --password s3cr3tPass", "s3cr3tPass"),
    # One-time codes, a card's security code, a security question's answer, a storage code.
    ("my verification code is 482913", "482913"),
    ("login code 551203", "551203"),
    ("CVC 번호 382", "382"),
    ("security answer: Fluffy", "Fluffy"),
    ("my mother's maiden name is Kowalski", "Kowalski"),
    ("storage unit code 2580 btw", "2580"),
    # A document number a few words after its label.
    ("항공권 예약하는데 여권번호 칸에 M72904183 이렇게 넣으면 돼?", "M72904183"),
    ("passport field says 123456789 right?", "123456789"),
])
def test_shapes_from_a_fresh_secret_trial_are_masked(text: str, secret: str) -> None:
    assert secret not in guard(text).text


@pytest.mark.parametrize("text", [
    "2024년에 이사했고 3월에 입사했어", "order 1234 5678 9012 3456 shipped",
    "the recovery phrase is stored offline", "the bypass switch is off",
    "I lost my recovery codes, what do I do?", "the recovery code email arrived at 10:30",
    "백업 코드 어디에 저장해?",
    "see https://example.com:8080/docs?q=a:b for the docs", "ssh into db:5432 from the bastion",
    "the API is at http://localhost:3000/v1/users",
    "AbstractSingletonProxyFactoryBeanManager is a real class name",
    "the verification code never arrived", "mysql -u root -p prod asks for it",
    "my storage unit is in Mapo", "what's a security answer people never guess?",
    "my passport expires 2027-03-15, renew?", "여권 만료일은 20270315 이야",
    "passport photo costs 15000 won",
])
def test_near_misses_of_those_shapes_survive(text: str) -> None:
    assert guard(text).text == text


@pytest.mark.parametrize(("text", "secret"), [
    # A passphrase is ordinary words: the whole clause after its label goes.
    ("my bitcoin wallet passphrase is correct horse battery staple", "horse battery staple"),
    ("the passphrase for the backup drive: lemon tree under snow, don't forget", "under snow"),
    # The second half of a resident registration number, named by its label.
    ("주민번호 뒷자리 1234567 맞는지 확인해줘", "1234567"),
    ("주민등록번호 뒷자리는 2345678 이야", "2345678"),
    # A card's security code a few words after its label.
    ("the CVV on the back is 482 if you need it for the form", "482"),
    # A label with a parenthesis before its connector.
    ("my mother's maiden name (security question) is Castellano", "Castellano"),
    # A security question's answer in quotes a few words on.
    ("보안 질문 답은 첫 학교 이름인데 '한빛초' 라고 해놨어", "한빛초"),
    # A software licence key.
    ("Office license key VK7JG-NPHTM-C97JM-9MPGT-3V66T", "C97JM"),
    # The number a bank's app asks for beside the password.
    ("bank security number 6-2-9-1, the app keeps asking", "6-2-9-1"),
    # A combination right after its label, even when it could be a date.
    ("the locker is 214 and its combo is 31-07-19, near the pool", "31-07-19"),
    # The code named the other way round.
    ("the code for the gate is 7793, tell the dog walker", "7793"),
    # 핀 alone with its digits.
    ("오피스 출입 카드 핀 2580 인데 자꾸 틀려서 잠겼어", "2580"),
])
def test_shapes_from_a_second_secret_trial_are_masked(text: str, secret: str) -> None:
    assert secret not in guard(text).text


@pytest.mark.parametrize("text", [
    "I need a passphrase generator, any tips?", "what makes a good passphrase?",
    "my locker combo changed last week", "the CVV field is greyed out on the form",
    "CVV가 뭐예요?", "주민번호 뒷자리는 왜 물어봐?", "bank security is a big topic at work",
    "the combo meal is 8900 won", "핀 꽂아둔 곳이 어디였지", "the code for the gate changed today",
    "order ABCD-1234 shipped", "serial SN-2024-0315 is on the box",
    "my birthday is 31-07-19 lol", "the security number of people is growing",
])
def test_near_misses_of_the_second_trial_survive(text: str) -> None:
    assert guard(text).text == text


# Keypad codes: a door lock or a building entry takes digits with the keypad's star and hash,
# and the symbols belong to the code (a "*" read as markdown emphasis left "*3091*#" in clear).
@pytest.mark.parametrize(("text", "secret"), [
    ("현관 비밀번호 바꿨어 *3091*# 까먹으면 큰일남", "3091"),
    ("the gate code changed to #4471 btw", "4471"),
    ("공동현관 번호 바뀜 0812* 이야", "0812"),
    ("현관 비번 새로 *2580#이야 적어둬야지", "2580"),
    ("door code is now 77*19#, the old one stopped working", "77*19"),
])
def test_keypad_codes_after_a_label_are_masked_whole(text: str, secret: str) -> None:
    masked = guard(text).text
    assert secret not in masked
    assert "*#" not in masked.replace("[PASSWORD]", "")


@pytest.mark.parametrize("text", [
    "my password changed, call me at #3 tomorrow", "비밀번호 바꿨어 ㅋㅋ 별표 누르고 시작해",
    "the door code changed, ask the concierge", "press *67 before dialling, no password needed",
])
def test_keypad_shapes_without_a_code_survive(text: str) -> None:
    assert guard(text).text == text
