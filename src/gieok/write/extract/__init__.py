"""Extractors (W3): the heuristic one (default, offline) and the LLM one (when configured).

``get_extractor`` picks by ``GieokSettings.write.extractor``: ``auto`` uses the LLM when a chat
model is configured and the heuristic extractor otherwise.
"""

from __future__ import annotations

from gieok.errors import ConfigurationError
from gieok.llm.base import ChatModel
from gieok.settings import GieokSettings
from gieok.write.extract.base import Candidate, Extraction, Extractor
from gieok.write.extract.heuristic import HeuristicExtractor

__all__ = ["Candidate", "Extraction", "Extractor", "HeuristicExtractor", "get_extractor"]


def get_extractor(settings: GieokSettings, chat: ChatModel | None) -> Extractor:
    choice = settings.write.extractor
    if choice == "heuristic" or (choice == "auto" and chat is None):
        return HeuristicExtractor()
    if chat is None:
        raise ConfigurationError(
            "write.extractor is 'llm' but no LLM is configured; set llm_base_url and "
            "llm_models, or use extractor='auto'",
        )
    from gieok.write.extract.llm import LLMExtractor

    return LLMExtractor(chat, timeout=settings.llm.timeout_s)
