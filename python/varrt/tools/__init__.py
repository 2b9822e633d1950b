"""Command-line tools (python -m varrt inspect ...)."""
