"""The README, the Sanssouci page and a tiled board's own caption give the same overlap: neighbouring tiles both
print a 10 mm strip, and the caption says to lay one 5 mm over the other (after cutting at the dashed line)."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2

from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.registry import find_game
from printkit.engine.render.pdf import render

ROOT = Path(__file__).resolve().parents[2]
STRIP_MM = 10  # pinned: what both tiles print
LAY_OVER_MM = 5  # pinned: the dashed cut line is in the strip's middle


def _caption_lay_over(tmp_path: Path) -> set[int]:
    game = find_game("sanssouci")
    assert game is not None
    board = next(c for c in game.build(BuildOptions(paper="a4", lang="en")) if c.name == "central-board")
    out = tmp_path / "board.pdf"
    out.write_bytes(render(board, PrintSettings(paper="a4"), "en").pdf)
    doc = pypdfium2.PdfDocument(str(out))
    text = " ".join(page.get_textpage().get_text_range() for page in doc).replace("\r\n", " ").replace("\n", " ")
    return {int(m) for m in re.findall(r"lay this tile (\d+) mm over", text)}


def test_docs_and_caption_agree_on_the_overlap(tmp_path):
    assert PrintSettings().tile_overlap == STRIP_MM
    assert _caption_lay_over(tmp_path) == {LAY_OVER_MM}
    readme = (ROOT / "README.md").read_text(encoding="utf-8").replace("\n  ", " ")
    assert f"print a {STRIP_MM} mm strip" in readme and f"lay it {LAY_OVER_MM} mm over the other" in readme
    page = (ROOT / "docs" / "sanssouci.md").read_text(encoding="utf-8")
    assert f"{STRIP_MM} mm strip" in page and f"lay it {LAY_OVER_MM} mm over" in page
    assert "10 mm overlaps" not in readme
