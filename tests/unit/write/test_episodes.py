"""W11 without an LLM: extractive episodes, emotion, topics, and seed 003's fallback."""

from __future__ import annotations

from gieok.domain.turns import Turn
from gieok.write.episodes import detect_emotion, extractive_episode, fallback_episode, keywords


def turns(*pairs: tuple[str, str]) -> list[Turn]:
    return [Turn(role=role, content=text) for role, text in pairs]  # type: ignore[arg-type]


def test_extractive_episode_summarises_what_the_user_shared() -> None:
    draft = extractive_episode(turns(
        ("user", "내일 중요한 면접이 있어"), ("assistant", "와, 떨리겠다! 어떤 회사야?"),
        ("user", "IT 스타트업인데 정말 가고 싶어. 너무 걱정돼")))
    assert draft is not None and draft.method == "extractive"
    assert "면접" in draft.summary and draft.emotion == "stress"
    assert 0.3 <= draft.importance <= 0.9 and draft.topics


def test_small_talk_has_no_episode() -> None:
    assert extractive_episode(turns(("user", "hi"), ("assistant", "Hello!"),
                                    ("user", "thanks, bye"))) is None


def test_emotions() -> None:
    assert detect_emotion(turns(("user", "I'm so excited, I can't wait!"))) == "excitement"
    assert detect_emotion(turns(("user", "요즘 너무 우울하고 슬퍼"))) == "sadness"
    assert detect_emotion(turns(("user", "I'm so happy today"))) == "joy"
    assert detect_emotion(turns(("user", "I went to the store."))) is None  # no made-up mood
    assert detect_emotion(turns(("assistant", "I'm so stressed"))) is None  # user only


def test_fallback_is_the_raw_conversation_cut_to_500_chars() -> None:
    draft = fallback_episode(turns(*[("user", "I live in Busan. " * 10)] * 10), ["boom"])
    assert draft.method == "fallback" and draft.importance == 0.5
    assert len(draft.summary) == 500 and draft.summary.startswith("user: I live in Busan")
    assert draft.failures == ["boom"]


def test_keywords_skip_the_assistant_and_stopwords() -> None:
    words = keywords(turns(("user", "hiking hiking mountains"), ("assistant", "weather")))
    assert words[0] == "hiking" and "weather" not in words


def test_a_pets_or_relatives_feeling_is_not_the_users() -> None:
    """"he's super anxious" is the greyhound's: an episode kept for it repeated every fact of
    the session beside the facts themselves (the lead's trial, session 21). The user's own
    feeling still counts."""
    draft = extractive_episode(turns(
        ("user", "we just adopted a rescue greyhound, his name is Pip"),
        ("assistant", "Congrats! How's he settling in?"),
        ("user", "good but he's super anxious, vet put him on fluoxetine")))
    assert draft is not None and not draft.feeling_with_facts
    draft = extractive_episode(turns(("user", "my mom is so stressed lately, she moved to Busan")))
    assert draft is None or not draft.feeling_with_facts
    draft = extractive_episode(turns(
        ("user", "we just adopted a rescue greyhound, his name is Pip. I'm so excited!")))
    assert draft is not None and draft.feeling_with_facts
