"""--cmyk: colour operators read back from the content streams, images read back as DeviceCMYK."""

from __future__ import annotations

from pathlib import Path

import pikepdf
from PIL import Image
from typer.testing import CliRunner

from printkit.cli import app


def _ops(pdf_path: Path) -> tuple[list[tuple[str, list[float]]], list[str]]:
    with pikepdf.open(pdf_path) as pdf:
        page = pdf.pages[0]
        ops = [(str(op), [float(x) for x in operands])
               for operands, op in pikepdf.parse_content_stream(page)
               if str(op) in ("rg", "RG", "g", "G", "k", "K", "sc", "scn")]
        spaces = [str(x.get("/ColorSpace")) for _, x in page.Resources.get("/XObject", {}).items()
                  if x.get("/Subtype") == "/Image"]
    return ops, spaces


def _build(tmp: Path, *flags: str) -> Path:
    Image.new("RGB", (300, 300), "#ff0000").save(tmp / "art.png")
    (tmp / "front.yaml").write_text(
        "background: '#ffffff'\nelements:\n"
        "  - image: {path: art.png, x: 5, y: 5, w: 20, h: 20}\n"
        "  - text: {x: 5, y: 30, w: 50, h: 20, text: 'Black {color=#0a0|green}', size: 10}\n", encoding="utf-8")
    (tmp / "deck.yaml").write_text("title: C\nback: null\nfront: front.yaml\ncards:\n  - {name: A}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(tmp / "deck.yaml"), "-o", str(tmp / "out"), "-q", "--force",
                                      *flags])
    assert result.exit_code == 0, result.output
    return tmp / "out" / "deck" / "cards-en-a4.pdf"


def _close(a: list[float], b: tuple[float, ...]) -> bool:
    return len(a) == len(b) and all(abs(x - y) < 1e-3 for x, y in zip(a, b, strict=True))


def test_cmyk_operators_and_images(tmp_path: Path) -> None:
    ops, spaces = _ops(_build(tmp_path, "--cmyk"))
    assert ops and {op for op, _ in ops} <= {"k", "K"}  # no RGB or grey operator anywhere on the page
    assert any(op == "k" and _close(v, (0, 0, 0, 1)) for op, v in ops)  # black text: black ink only
    # #00aa00 → K = 1 - 0.667 = 0.333, C = (1 - 0 - K) / (1 - K) = 1, M = 0, Y = 1
    assert any(op == "k" and _close(v, (1, 0, 1, 1 / 3)) for op, v in ops)
    assert spaces == ["/DeviceCMYK"]


def test_rgb_without_the_flag(tmp_path: Path) -> None:
    ops, spaces = _ops(_build(tmp_path))
    assert "rg" in {op for op, _ in ops} and spaces == ["/DeviceRGB"]
