"""The horizon bench: imgtool horizon against its peers on a labelled corpus (RESULTS.md, LABELLING.md)."""
