"""Text analysis shared by the stores and the use cases (Korean morphemes, stopwords, query
terms). Not a store's job: the write path and the stores both use it."""
