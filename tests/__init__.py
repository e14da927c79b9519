"""printkit's test suite (a package, so `python -m tests.…` finds these tests before any other installed `tests`)."""
