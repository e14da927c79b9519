"""What every command shares: printing to stdout/stderr and turning InputError into exit 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console

from printkit.errors import InputError

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


@contextmanager
def user_errors() -> Iterator[None]:
    """Print an InputError as the user's problem (file:line:col: message) and exit 2."""
    try:
        yield
    except InputError as exc:
        for problem in exc.problems or []:
            err.print(f"[bold red]error:[/] {problem}", markup=True)
        if not exc.problems:
            err.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(2) from None

