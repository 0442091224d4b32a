"""SQL pieces shared by the SQLite and PostgreSQL stores (filter compilation, row mapping)."""
