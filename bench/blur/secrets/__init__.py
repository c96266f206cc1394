"""The planted-secrets corpus (make_corpus.py) and its score (evaluate.py)."""
