"""Drop-in faces of other memory libraries' APIs over gieok (``gieok.compat.mem0``)."""
