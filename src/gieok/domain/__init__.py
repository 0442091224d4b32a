"""Pure domain types: no I/O, no third-party imports beyond pydantic."""
