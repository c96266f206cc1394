"""The blur bench: what imgtool blur hides and how fast (the Markdown files beside this one)."""
