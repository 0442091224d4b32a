"""Glue for the frameworks agent developers already use (I4, I5).

Each subpackage imports its framework, so it needs its extra: ``gieok[langgraph]`` for
``gieok.integrations.langgraph``, ``gieok[mcp]`` for ``gieok.integrations.mcp``. Importing
``gieok`` itself imports neither.
"""
