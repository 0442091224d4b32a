"""W4 / X2: secrets phrased the way people actually write them — codes after soft labels
(wifi, keypad, combination, OTP, 출입번호), codes typed in digit groups, credentials with no
known prefix, identity document numbers — are masked, and the ordinary sentences that share
those words are not.

Written fresh in round 3 (not drawn from the evasion corpus), then used to improve the guard.
"""

from __future__ import annotations

import pytest

from gieok.write.pii import PiiKind, guard, scan


@pytest.mark.parametrize(("text", "secret"), [
    ("our home wifi is 'blue-otter-42' if you need it", "blue-otter-42"),
    ("우리집 와이파이 비밀번호는 kimfamily2023", "kimfamily2023"),
    ("현관 비번 바뀌었어 5821*", "5821"),
    ("공동현관 출입번호 #3390 이에요", "3390"),
    ("front door keypad: 864209", "864209"),
    ("remember my locker combo 12-34-08", "12-34-08"),
    ("the safe combination is 36 24 36", "36 24 36"),
    ("OTP 코드 482913 왔어", "482913"),
    ("my gmail password — it's yellowSubmarine9", "yellowSubmarine9"),
    ("my recovery phrase is: apple river stone candle mirror orbit", "candle mirror"),
    ("AWS secret access key: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
     "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    ("aws_secret_access_key = h3k9Lq2Zx8Vb7Nm1Qw4Er6Ty5Ui0Op3As2Df9Gh",
     "h3k9Lq2Zx8Vb7Nm1Qw4Er6Ty5Ui0Op3As2Df9Gh"),
    ("the deploy uses 7fGh2KpQ9zXw4LmN8rTy3VbC, keep it safe", "7fGh2KpQ9zXw4LmN8rTy3VbC"),
    ("my SSN is 078-05-1120", "078-05-1120"),
    ("My passport number is M12345678", "M12345678"),
    ("여권번호 M98765432 도 메모해줘", "M98765432"),
    # shapes a probe of 35 chat secrets found in clear (session 9)
    ("password for my work laptop: Kestrel#2029 please remember", "Kestrel#2029"),
    ("my sign-in for the clinic booking site is mlee82 / Cobalt!Ridge7", "Cobalt!Ridge7"),
    ("put my social 219 09 9999 on the form", "219 09 9999"),
    ("현관 비밀번호 뒤 네자리는 7314야", "7314"),
    ("the last four digits of my PIN are 0412", "0412"),
    ("보안 질문 (첫 차) → 아반떼", "아반떼"),
    ("security question: favourite teacher -> Okafor", "Okafor"),
    ("the recovery codes for my mail are 4410-2291, 8803-1175 and 0062-5539 ok", "0062-5539"),
    ("백업 코드들 적어둘게 k2m9-x7q1 그리고 p4v8-z3n6", "p4v8-z3n6"),
])
def test_secret_is_masked(text: str, secret: str) -> None:
    masked = guard(text).text
    assert secret not in masked and "".join(secret.split()) not in "".join(masked.split())


def test_kinds_of_the_new_readings() -> None:
    assert {h.kind for h in scan("SSN 078-05-1120")} == {PiiKind.ID_NUMBER}
    assert {h.kind for h in scan("token 7fGh2KpQ9zXw4LmN8rTy3VbC")} == {PiiKind.SECRET}
    assert {h.kind for h in scan("gate combo 12-34-08")} == {PiiKind.PASSWORD}


@pytest.mark.parametrize("text", [
    "my wifi is slow today", "the wifi password is on the fridge",
    "I ordered the combo meal, it was great", "the combination of pasta and kimchi works",
    "my passport expires in March", "여권 만료가 다음 달이야", "와이파이가 자꾸 끊겨",
    "the meeting moved to 12-04-08", "I reset my password 3 times this week",
    "OTP 앱 바꿨어", "it's getting late", "I live at 36 Baker Street", "room 12-34 on floor 5",
    "my grandson Leo is 4 years old", "Chapter 3 4 5 was boring",
    "I'm reading SuperCalifragilisticExpialidocious", "https://example.com/docs/getting-started",
    "my social life is 100% better since the move", "the last two digits of the year were 26?",
    "보안 질문 뭐로 할지 고민 중", "login for the county portal is broken again / ugh",
    "I printed my backup codes and put them in the safe. The flight is KE-081 tomorrow",
])
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert guard(text).text == text, scan(text)
