"""PNG per card, Tabletop Simulator sheets and the showcase, read back as pixels and manifest entries."""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from printkit.cli import app


def _deck(tmp: Path, count: int, back: str = "standard-back") -> Path:
    rows = "\n".join(f"  - {{name: Card {i}, text: 'Card number {i}', color: '#{i % 200 + 40:02x}{80:02x}{60:02x}'}}"
                     for i in range(1, count + 1))
    p = tmp / "deck.yaml"
    p.write_text(f"title: Export\nback: {back}\nstyle: {{back: '#203050'}}\ncards:\n{rows}\n", encoding="utf-8")
    return p


def _manifest(out: Path) -> dict[str, dict]:
    return {e["file"]: e for e in json.loads((out / "manifest.json").read_text())["files"]}


def test_png_cards_at_the_asked_dpi(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(_deck(tmp_path, 3)), "-o", str(out), "-q", "--png-cards", "300"])
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in (out / "deck" / "cards-en-png").iterdir())
    assert files == ["back.png", "card-001.png", "card-002.png", "card-003.png"]
    img = Image.open(out / "deck" / "cards-en-png" / "card-002.png")
    # poker card 63 x 88 mm at 300 dpi: 744 x 1039 px (63 / 25.4 * 300 = 744.1)
    assert abs(img.width - 744) <= 1 and abs(img.height - 1039) <= 1
    assert round(img.info["dpi"][0]) == 300


def test_tts_sheets_grid_sizes_and_hidden_card(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(_deck(tmp_path, 75)), "-o", str(out), "-q", "--tts"])
    assert result.exit_code == 0, result.output
    m = _manifest(out)
    first, second = m["deck/cards-en-tts/sheet-01.png"], m["deck/cards-en-tts/sheet-02.png"]
    # 75 cards: a full 10 x 7 sheet holds 69 (slot 70 is the hidden card), the rest go on a 7 x 1 sheet
    assert (first["tts"]["columns"], first["tts"]["rows"], first["tts"]["cards"]) == (10, 7, 69)
    assert (second["tts"]["columns"], second["tts"]["rows"], second["tts"]["cards"]) == (7, 1, 6)
    assert first["tts"]["hidden_slot"] == 70 and second["tts"]["first_card"] == 70
    sheet = Image.open(out / "deck" / "cards-en-tts" / "sheet-01.png")
    assert sheet.width <= 4096 and sheet.height <= 4096
    cw, ch = first["tts"]["card_px"]
    assert sheet.size == (10 * cw, 7 * ch)
    assert abs(cw / ch - 63 / 88) < 0.01  # cards keep their shape
    back = Image.open(out / "deck" / "cards-en-tts" / "back.png").convert("RGB")
    assert back.size == (cw, ch)
    # the hidden slot (bottom right) shows the back: its centre has the back colour #203050
    centre = sheet.convert("RGB").getpixel((9 * cw + cw // 2, 6 * ch + ch // 2 + ch // 4))
    assert max(abs(a - b) for a, b in zip(centre, (0x20, 0x30, 0x50), strict=True)) < 12
    assert first["tts"]["back"] == "deck/cards-en-tts/back.png"


def test_tts_without_backs_warns(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", str(_deck(tmp_path, 2, "null")), "-o", str(tmp_path / "o"), "--tts"])
    assert result.exit_code == 0
    assert "TTS needs a back image" in result.output


def test_showcase_fans_the_first_cards(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["showcase", str(_deck(tmp_path, 8)), "-o", str(out), "--dpi", "60"])
    assert result.exit_code == 0, result.output
    img = Image.open(out / "deck" / "showcase-en.png")
    assert img.mode == "RGBA"
    # five 63 mm cards at 60 dpi (149 px) fanned: wider than two cards side by side, corners transparent
    assert img.width > 2 * 149 and img.getpixel((0, 0))[3] == 0
    assert _manifest(out)["deck/showcase-en.png"]["cards"] == [1, 2, 3, 4, 5]
    result = CliRunner().invoke(app, ["showcase", str(_deck(tmp_path, 14)), "-o", str(out), "--only", "1-13"])
    assert result.exit_code == 2 and "at most 12 cards" in result.output


def test_corner_radius_outline_on_previews_only(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text("title: Round\ncorner_radius: 4\nback: null\ncards:\n  - {name: A}\n", encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(deck), "-o", str(out), "-q", "--png", "--png-cards", "254"])
    assert result.exit_code == 0, result.output
    from devkit.readback import render_page, shapes

    pdf = (out / "deck" / "cards-en-a4.pdf").read_bytes()
    magenta = (0xE6, 0x00, 0x7E)
    # the print PDF has no cut outline; the preview shows it on the 4 mm arc at the card's corner
    assert all(s.fill != magenta for s in shapes(pdf))
    x0, y0 = (210 - 63) / 2, (297 - 88) / 2  # a one-card deck: the card alone, centred on A4
    arc = 4 * (1 - 2 ** -0.5)  # where the 45° point of the arc sits inside the corner
    preview = Image.open(out / "deck" / "png" / "cards-en-a4-p01.png").convert("RGB")
    px = preview.getpixel((round((x0 + arc) / 25.4 * 150), round((y0 + arc) / 25.4 * 150)))
    assert px[0] > 180 and px[1] < 90 and px[2] > 80  # magenta-ish at 150 dpi
    assert render_page(pdf, 0, 150).getpixel((round((x0 + arc) / 25.4 * 150), round((y0 + arc) / 25.4 * 150))) \
        != px
    card = Image.open(out / "deck" / "cards-en-png" / "card-001.png")
    assert card.mode == "RGBA" and card.getpixel((0, 0))[3] == 0 and card.getpixel((200, 200))[3] == 255


def test_tts_gives_pieces_of_each_size_a_deck_of_their_own() -> None:
    from printkit.engine.components import BuildOptions
    from printkit.engine.exports import tts_sheets
    from printkit.engine.registry import find_game

    game = find_game("sanssouci")
    assert game is not None
    tokens = next(c for c in game.build(BuildOptions(players=2)) if c.name == "tokens")  # 18 nobles, 2 markers
    files = tts_sheets(tokens, "s/tokens-en", (), [], lambda path, kind, count, data, extra=None: {
        "file": path, "kind": kind, "count": count, **(extra or {})})
    sheets = {f.path: f.entry for f in files if f.entry["kind"] == "tts sheet"}
    assert sorted(sheets) == ["s/tokens-en-14x14mm-tts/sheet-01.png", "s/tokens-en-22x11mm-tts/sheet-01.png"]
    assert sheets["s/tokens-en-22x11mm-tts/sheet-01.png"]["count"] == 18
    assert sheets["s/tokens-en-14x14mm-tts/sheet-01.png"]["count"] == 2
    for path in sheets:
        w, h = Image.open(io.BytesIO(next(f.data for f in files if f.path == path))).size
        cols, rows = sheets[path]["tts"]["columns"], sheets[path]["tts"]["rows"]
        cw, ch = w / cols, h / rows
        assert abs(cw / ch - (2.0 if "22x11" in path else 1.0)) < 0.02  # each deck keeps its pieces' shape
