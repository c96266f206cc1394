"""The bench: frostlevel's tools measured side by side with their peers (python3 -m bench.horizon.bench …).

Run the modules from the repository's root (`python3 -m bench.…`); bench/tests/ holds the tests of the bench's
own logic (`python3 -m unittest discover -s bench/tests -t .`), and bench/tables.py writes the results tables."""
