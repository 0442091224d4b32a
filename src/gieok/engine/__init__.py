"""The layers ``AsyncMemory`` is built from (``gieok.memory``); see ``engine.core``."""
