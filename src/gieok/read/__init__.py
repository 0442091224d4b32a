"""Read path (R1–R7): candidates from the store, fusion, scoring, diversity."""
