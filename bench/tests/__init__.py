"""Tests of the bench's own logic: python3 -m unittest discover -s bench/tests -t . (from the repository's root;
the Swift suite ExternalCheckTests.BenchTests runs them in the external tier)."""
