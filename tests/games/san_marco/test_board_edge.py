"""The San Marco board's score-track cells run on past the cut: along the cut, and a little either side of it, the
paper shows the cell's own colour (an outline on the cut printed a frame-coloured hairline along the edge)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from devkit.readback import boxes_mm, render_page
from printkit.cli import app

DPI = 600


def test_score_track_cells_meet_the_cut_in_their_own_colour(tmp_path: Path):
    result = CliRunner().invoke(app, ["build", "san-marco", "--out", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    (pdf,) = sorted(tmp_path.rglob("board-*.pdf"))
    data = pdf.read_bytes()
    left, top, _, _ = boxes_mm(data, 0)["trim"]
    img = render_page(data, 0, DPI)

    def px(x: float, y: float) -> tuple[int, int, int]:
        return img.getpixel((round(x / 25.4 * DPI), round(y / 25.4 * DPI)))

    # points along the top cut clear of the cells' numbers and outlines
    for x in (left + 1.5, left + 40.5, left + 80.5):
        inside = px(x, top + 3.0)  # the cell, well inside the cut
        assert px(x, top + 0.1) == inside, x  # at the cut: the cell, no outline
        assert px(x, top - 1.5) == inside, x  # in the bleed: still the cell
    for y in (top + 60.5, top + 100.5):  # the left column's cells, at the left cut
        inside = px(left + 3.0, y)
        assert px(left + 0.1, y) == inside and px(left - 1.5, y) == inside, y
