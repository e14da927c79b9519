"""The ``printkit`` command: parse flags, call the library, print results. No game logic here."""

from __future__ import annotations

import typer

from printkit.cli.build import build, calibrate, showcase
from printkit.cli.check import check
from printkit.cli.info import games, schema, sizes
from printkit.cli.preflight import preflight
from printkit.cli.scan import scan
from printkit.cli.serve import serve

app = typer.Typer(
    name="printkit",
    help="Board-game definitions in, print-ready PDFs out; and a checker for filled-in score sheets.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    add_completion=False,
)
app.command("build")(build)
app.command("games")(games)
app.command("check")(check)
app.command("scan")(scan)
app.command("serve")(serve)
app.command("schema")(schema)
app.command("sizes")(sizes)
app.command("calibrate")(calibrate)
app.command("preflight")(preflight)
app.command("showcase")(showcase)


def main() -> None:
    """The console script: a bug still ends in one line and exit 3, not a traceback
    (``PRINTKIT_DEBUG=1`` shows the traceback, for reporting it).  ``kill`` and a closed terminal stop it
    as Ctrl-C does (:mod:`printkit.engine.signals`): exit 130, no file left half written."""
    import os
    import sys

    from printkit.engine.signals import stop_on_signals

    stop_on_signals()
    try:
        app()
    except SystemExit as exc:
        _leaving()
        if exc.code == 130:  # Typer's answer to KeyboardInterrupt
            _say_interrupted()
        raise
    except KeyboardInterrupt:
        _say_interrupted()
        sys.exit(130)
    except Exception as exc:
        if os.environ.get("PRINTKIT_DEBUG"):
            raise
        print(f"printkit: internal error ({type(exc).__name__}: {exc}); this is a bug, please report it "
              "(PRINTKIT_DEBUG=1 shows the details)", file=sys.stderr)
        sys.exit(3)


def _leaving() -> None:
    """The command is done and the process ends: every object it made is handed to the collector's permanent
    generation, which the two full collections Python runs at exit skip.  They would walk them all only for the
    operating system to take the memory back (after a 500-card deck some 100,000 objects, ~0.1 s of CPU: figures
    in bench/RESULTS.md).  Files are closed by their ``with`` blocks and exit handlers still run."""
    import gc

    gc.freeze()


def _say_interrupted() -> None:
    import contextlib
    import sys

    with contextlib.suppress(OSError):  # a closed terminal has no one to tell
        print("printkit: interrupted; files already in place are unchanged", file=sys.stderr)
