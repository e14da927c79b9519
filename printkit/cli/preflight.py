"""``printkit preflight FILE.pdf``: the checks that can be read back from any PDF."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from printkit.cli.common import err, out, user_errors


def preflight(
    files: Annotated[list[Path], typer.Argument(help="PDF files to check (made by printkit or anything else).",
                                                show_default=False)],
) -> None:
    """Check PDFs for print problems.

    Fonts not embedded, page and box sizes, ink inside the trim or marks outside the bleed within 5 mm of \
the paper edge, coloured fills that stop at the cut (no bleed), text below 6 pt (6.5 pt Chinese), each \
with its page and position in mm from the page's top-left corner. Exit 0: clean (notes are printed); \
1: problems found; 2: not a readable PDF."""
    from printkit.engine.preflight import read_back  # the renderer loads only when a PDF is checked

    found = 0
    with user_errors():
        for path in files:
            report = read_back(path)
            findings = report.findings
            for f in findings:
                err.print(f"[yellow]problem:[/] {f}")
            for note in report.notes:
                err.print(f"note: {path.name}, {note}")
            found += len(findings)
            if not findings:
                out.print(f"clean  {path}")
    if found:
        raise typer.Exit(1)
