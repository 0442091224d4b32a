"""gieok over the Model Context Protocol (I5): ``gieok mcp`` (stdio) and the service's
``/mcp`` endpoint (streamable HTTP, behind the service's bearer tokens).

Needs ``pip install 'gieok[mcp]'``.
"""

from gieok.integrations.mcp.server import build_server, fixed_scope

__all__ = ["build_server", "fixed_scope"]
