"""gieok for LangGraph (I4, C7): a ``BaseStore``, memory nodes, state fields, fan-out.

>>> from gieok import Memory                                          # doctest: +SKIP
>>> from gieok.integrations.langgraph import GieokStore, MemoryNodes  # doctest: +SKIP
>>> mem = Memory("sqlite:///app.db")                                  # doctest: +SKIP
>>> nodes = MemoryNodes(mem)                                          # doctest: +SKIP
>>> graph.add_node("memory_retrieval", nodes.retrieve)                # doctest: +SKIP
>>> app = graph.compile(store=GieokStore(mem))                        # doctest: +SKIP

Needs ``pip install 'gieok[langgraph]'``.
"""

from gieok.integrations.langgraph.fanout import clean_context_sends
from gieok.integrations.langgraph.nodes import MemoryNodes, conversation
from gieok.integrations.langgraph.state import MemoryState, merge_memories, with_memory_context
from gieok.integrations.langgraph.store import GieokStore

__all__ = ["GieokStore", "MemoryNodes", "MemoryState", "clean_context_sends", "conversation",
           "merge_memories", "with_memory_context"]
