"""The designer example (examples/designer-deck) builds to a PDF, TTS sheets and a showcase."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from devkit.readback import all_text, char_styles
from printkit.cli import app

DECK = Path(__file__).resolve().parents[3] / "examples" / "designer-deck" / "deck.yaml"


def test_designer_deck_builds_everywhere(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", str(DECK), "-o", str(tmp_path), "--tts"])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output  # art is at least 300 dpi, every glyph is there
    pdf = (tmp_path / "deck" / "cards-en-a4.pdf").read_bytes()
    text = "".join(all_text(pdf))
    # 3 + 2 + 2 + 2 + 4 cards from the spreadsheet's qty column
    assert text.count("/13") == 13 and "心靈之泉" in text and "Deal 3 damage to any target." in text
    fonts = {c.font for c in char_styles(pdf, 0)}
    # rules and flavour text in the deck's own serif family: **bold** and *italic* in its own faces
    assert {"AmaticSC-Bold", "DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic", "NotoSansTC-Bold"} <= fonts
    assert "NotoSans-Italic" not in fonts
    grid = json.loads((tmp_path / "manifest.json").read_text())["files"]
    sheet = next(e for e in grid if e["file"] == "deck/cards-en-tts/sheet-01.png")["tts"]
    assert (sheet["columns"], sheet["rows"], sheet["cards"]) == (10, 2, 13)
    assert Image.open(tmp_path / "deck" / "cards-en-tts" / "sheet-01.png").size == tuple(sheet["sheet_px"])
    result = CliRunner().invoke(app, ["showcase", str(DECK), "-o", str(tmp_path), "--only", "1,4,6,8,10"])
    assert result.exit_code == 0, result.output
    shown = next(e for e in json.loads((tmp_path / "manifest.json").read_text())["files"]
                 if e["file"] == "deck/showcase-only-1_4_6_8_10-en.png")
    assert shown["cards"] == [1, 4, 6, 8, 10]
    fan = Image.open(tmp_path / "deck" / "showcase-only-1_4_6_8_10-en.png")
    # the cards fanned on a transparent ground: clear corners, real artwork in between
    assert fan.mode == "RGBA" and fan.getpixel((0, 0))[3] == 0
    assert len(fan.convert("RGB").getcolors(1 << 20) or []) > 100
