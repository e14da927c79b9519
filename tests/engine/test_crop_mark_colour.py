"""Crop marks print in registration colour (all four inks) in a --cmyk build, so every plate carries them; black in
RGB.  Read from the page's content stream: the stroke colour in force where each mark's line is drawn."""

from __future__ import annotations

from pathlib import Path

import pikepdf
from typer.testing import CliRunner

from printkit.cli import app

ROOT = Path(__file__).resolve().parents[2]


def _stroked_lines(pdf_path: Path) -> list[tuple[str, tuple[float, ...]]]:
    """(stroke operator, its operands) in force for every straight two-point line stroked on page 1."""
    out = []
    with pikepdf.open(pdf_path) as pdf:
        stroke: tuple[str, tuple[float, ...]] = ("G", (0.0,))
        saved = []
        path: list[str] = []
        for operands, op in pikepdf.parse_content_stream(pdf.pages[0]):
            name = str(op)
            if name == "q":
                saved.append(stroke)
            elif name == "Q":
                stroke = saved.pop()
            elif name in ("RG", "K", "G"):
                stroke = (name, tuple(round(float(x), 4) for x in operands))
            elif name in ("m", "l"):
                path.append(name)
            elif name in ("S", "s", "B", "b", "f", "F", "n", "re", "h", "c"):
                if name == "S" and path == ["m", "l"]:
                    out.append(stroke)
                path = [] if name != "re" else ["re"]
    return out


def _build(tmp: Path, *flags: str) -> Path:
    result = CliRunner().invoke(app, ["build", str(ROOT / "examples" / "my-deck.yaml"), "-o", str(tmp), "-q", *flags])
    assert result.exit_code == 0, result.output
    return next(p for p in sorted(tmp.rglob("*.pdf")))


def test_crop_marks_are_in_all_four_inks_in_cmyk_and_black_in_rgb(tmp_path: Path):
    cmyk = _stroked_lines(_build(tmp_path / "cmyk", "--cmyk"))
    registration = [s for s in cmyk if s == ("K", (1.0, 1.0, 1.0, 1.0))]
    assert len(registration) >= 8  # at least two marks at each corner of the card block
    assert ("K", (0.0, 0.0, 0.0, 1.0)) not in cmyk  # no mark in black ink only
    rgb = _stroked_lines(_build(tmp_path / "rgb"))
    assert len([s for s in rgb if s == ("RG", (0.0, 0.0, 0.0))]) >= 8
    assert not any(op == "K" for op, _ in rgb)
