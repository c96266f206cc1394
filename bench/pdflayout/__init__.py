"""pdflayout against its peers (RESULTS.md, READER.md)."""
