"""Write path (W1–W14): validation, direct writes, extraction, reconciliation, audit."""
