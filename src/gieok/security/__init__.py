"""Security helpers: API tokens (X1) and, later, content encryption (S4)."""
