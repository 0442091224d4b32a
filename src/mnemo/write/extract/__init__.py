"""Extractors (W3): the heuristic one (default, offline) and the LLM one (when configured).

``get_extractor`` picks by ``MnemoSettings.write.extractor``: ``auto`` uses the LLM when a chat
model is configured and the heuristic extractor otherwise.
"""

from __future__ import annotations

from mnemo.errors import ConfigurationError
from mnemo.llm.base import ChatModel
from mnemo.settings import MnemoSettings
from mnemo.write.extract.base import Candidate, Extraction, Extractor
from mnemo.write.extract.heuristic import HeuristicExtractor

__all__ = ["Candidate", "Extraction", "Extractor", "HeuristicExtractor", "get_extractor"]


def get_extractor(settings: MnemoSettings, chat: ChatModel | None) -> Extractor:
    choice = settings.write.extractor
    if choice == "heuristic" or (choice == "auto" and chat is None):
        return HeuristicExtractor()
    if chat is None:
        raise ConfigurationError(
            "write.extractor is 'llm' but no LLM is configured; set llm_base_url and "
            "llm_models, or use extractor='auto'",
        )
    from mnemo.write.extract.llm import LLMExtractor

    return LLMExtractor(chat, timeout=settings.llm.timeout_s)
