"""Command-line interface (minimal; the lead owns the real app and reconciles on merge)."""

import typer

from printkit.cli.check import check

app = typer.Typer(help="printkit: board-game definitions in, print-ready PDFs out.", no_args_is_help=True)
app.command("check")(check)


@app.callback()
def _root() -> None:
    """Keep `check` a sub-command even while it is the only one."""


def main() -> None:
    app()
