"""Synthetic screenshots with exact word ink (make_screens.py) and what blur leaves of it (measure.py)."""
