"""Load the Ganz schön clever score-sheet layout (``sheet.yaml``) and a user's restyle of it.

A user's ``style.yaml`` (``--templates DIR`` → ``DIR/ganz-schon-clever/style.yaml``) may change the
sheet's colours and fonts, never where a box is: a scanner reads boxes by the layout version printed
in the QR code, so a change that moves a box is a new ``layout_version`` in ``sheet.yaml``, and the box
tables of every printed version stay frozen in ``data/box-tables/``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from printkit.engine.errors import InputError
from printkit.engine.source import Document, load_document
from printkit.engine.template.files import SearchPath, merge_values
from printkit.games.ganz_schon_clever.model.sheet_layout import SheetLayout

BUNDLED = Path(__file__).resolve().parents[1] / "data" / "sheet.yaml"
BOX_TABLES = Path(__file__).resolve().parents[1] / "data" / "box-tables"
RESTYLABLE = ("colors", "fonts")  # what a style may change: nothing here moves a box


def load_sheet_layout(path: str | Path | None = None, search: SearchPath | None = None) -> SheetLayout:
    """Read and validate a sheet layout (the bundled one by default), with the user's style merged
    over it when ``search`` finds one; errors are InputError."""
    if path is not None:
        return load_document(path).validate(SheetLayout)
    styles = [p for p in (search.candidates("style.yaml", generic=False) if search else []) if p.is_file()]
    if not styles:
        return _bundled()
    base = load_document(BUNDLED)
    data = base.data
    for style_path in reversed(styles):
        style = load_document(style_path)
        if not isinstance(style.data, dict):
            raise style.error((), f"a score-sheet style is a mapping with {' and/or '.join(RESTYLABLE)}")
        for key in style.data:
            if key not in RESTYLABLE:
                raise style.error((key,), f"a style may change {' and '.join(RESTYLABLE)} only; {key!r} could "
                                          "move a box, which needs a new layout_version in sheet.yaml")
        data = merge_values(data, style.data)
    try:
        return Document(data, None, str(styles[0])).validate(SheetLayout)
    except InputError as exc:
        raise InputError([p for p in exc.problems]) from None


@lru_cache(maxsize=1)
def _bundled() -> SheetLayout:
    # Building a pad of many sheets asks for the layout once per sheet; read the file once.
    return load_document(BUNDLED).validate(SheetLayout)


def frozen_box_table(layout_version: int, format_name: str) -> str | None:
    """The box table printkit printed for ``layout_version`` on ``format_name`` sheets, if any."""
    path = BOX_TABLES / f"layout-{layout_version}-{format_name}.json"
    return path.read_text(encoding="utf-8") if path.is_file() else None
