"""Each distinct picture is embedded once per PDF and placed on every card that uses it, clipped to its
rounded window; the cards that reuse it still show it."""

from __future__ import annotations

import base64
import re
import zlib
from pathlib import Path

import numpy as np
from PIL import Image
from typer.testing import CliRunner

from devkit.readback import render_page
from printkit.cli import app

COLOURS = {"red.png": (200, 30, 30), "blue.png": (30, 60, 200), "green.png": (30, 160, 60)}


def _deck(tmp: Path) -> Path:
    (tmp / "art").mkdir()
    for name, rgb in COLOURS.items():
        Image.new("RGB", (600, 400), rgb).save(tmp / "art" / name)
    (tmp / "front.yaml").write_text(
        "elements:\n  - image: {path: '{{ card.art }}', x: 3.5, y: 3.5, w: 56, h: 38, fit: cover, radius: 2.5}\n",
        encoding="utf-8")
    rows = "".join(f"  - {{name: C{i}, art: art/{list(COLOURS)[i % 3]}}}\n" for i in range(27))
    p = tmp / "deck.yaml"
    p.write_text(f"title: Art\nfront: front.yaml\nback: null\ncards:\n{rows}", encoding="utf-8")
    return p


def test_three_pictures_on_27_cards_are_three_image_objects_placed_27_times(tmp_path: Path) -> None:
    p = _deck(tmp_path)
    result = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / "out"), "-q"])
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()
    assert pdf.count(b"/Subtype /Image") == 3
    placed = 0
    for m in re.finditer(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        data = m.group(1).strip()
        try:
            content = zlib.decompress(base64.a85decode(data[:-2]) if data.endswith(b"~>") else data)
        except (zlib.error, ValueError):
            continue
        placed += len(re.findall(rb"/FormXob\.[0-9a-f]+ Do", content))
    assert placed == 27
    # every card shows its own colour: the ninth card of page 3 (card 27, index 26: green) as much as the first
    px = np.asarray(render_page(pdf, 2, dpi=50), dtype=int)
    greens = ((abs(px[..., 0] - 30) < 6) & (abs(px[..., 1] - 160) < 6) & (abs(px[..., 2] - 60) < 6)).sum()
    # three green windows on the page (cards 21, 24, 27), 56 x 38 mm each: 110.2 x 74.8 px at 50 dpi, 8,245 px
    # as a full rectangle; the clipped rounded corners (2.5 mm) and the anti-aliased edge take some off
    assert 3 * 7900 < greens < 3 * 8245, greens


def test_art_built_twice_is_byte_identical(tmp_path: Path) -> None:
    p = _deck(tmp_path)
    for out in ("a", "b"):
        result = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / out), "-q"])
        assert result.exit_code == 0, result.output
    assert (tmp_path / "a" / "deck" / "cards-en-a4.pdf").read_bytes() == \
        (tmp_path / "b" / "deck" / "cards-en-a4.pdf").read_bytes()
