"""``python -m printkit`` is the ``printkit`` command."""

from printkit.cli import main

main()
