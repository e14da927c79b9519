"""``printkit serve``: a web page and JSON API reading photographed sheets (printkit.serve). Flags only."""

from __future__ import annotations

from typing import Annotated

import typer

from printkit.engine.registry import served
from printkit.serve.limits import DEFAULT_PORT
from printkit.serve.run import page_languages

INSTALL_HINT = "printkit serve needs the serve extra: pip install 'printkit[serve,scan]'"


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on; 0.0.0.0 serves phones on your network "
                                      "(and prints the address as a QR code).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = DEFAULT_PORT,
    lang: Annotated[str, typer.Option("--lang", help="The page's language until changed there; one the page "
                                      "has no words for "
                                      "is refused, with the list.")] = "en",
    workers: Annotated[int, typer.Option("--workers", min=0, max=64, help="Photos read at once; 0: one per core.")
                       ] = 0,
) -> None:
    """Read score sheets from phone photos in a browser: photograph, correct, get the checked score."""
    if lang not in page_languages():
        typer.echo(f"error: --lang must be one of: {', '.join(page_languages())}", err=True)
        raise typer.Exit(2)
    try:
        from printkit.serve.run import serve as run
    except ImportError as exc:
        typer.echo(f"error: {INSTALL_HINT} ({exc})", err=True)
        raise typer.Exit(2) from None
    try:
        run(host, port, lang, workers)
    except OSError as exc:  # the port taken, an address not this machine's
        typer.echo(f"error: cannot listen on {host}:{port}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from None


serve.__doc__ = (serve.__doc__ or "") + f"\n\nServes the games that read photos: {', '.join(g.id for g in served())}."
