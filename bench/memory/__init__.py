"""Peak memory of the tools (peak.py; RESULTS.md)."""
