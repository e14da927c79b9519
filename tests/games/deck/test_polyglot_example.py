"""The example deck in six languages (examples/polyglot-deck): each language's cards read back from its own PDF
(Arabic and Hebrew right to left), its banners drawn as paths and its translucent shadow and emblems written as PDF
opacities."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf

from devkit.readback import all_text, opacities
from tests.engine.deck_files import build
from tests.engine.render.test_typeset import _origins

DECK = Path(__file__).resolve().parents[3] / "examples" / "polyglot-deck" / "deck.yaml"


def test_the_polyglot_example_prints_each_language_from_its_column_or_file(tmp_path: Path) -> None:
    texts = {}
    for lang in ("en", "de", "ja", "zh-TW"):
        result = build(DECK, "--lang", lang, "-o", tmp_path)
        assert result.exit_code == 0, result.output
        lines = all_text((tmp_path / "deck" / f"cards-{lang}-a4.pdf").read_bytes())
        texts[lang] = " ".join(" ".join(lines).split())  # a wrapped rule reads as one line
    assert texts["en"].count("Fire") == 2 and "Look at the top 3 cards; keep one." in texts["en"]
    assert texts["de"].count("Feuer") == 2 and "Verhindere die nächsten 4 Schaden." in texts["de"]
    assert "山札の上から3枚を見て、1枚を手" in texts["ja"] and "元素" in texts["ja"]  # wrapped after 手
    assert "對一名敵人造成 3 點傷害。" in texts["zh-TW"] and "Fire" not in texts["zh-TW"]
    found = opacities((tmp_path / "deck" / "cards-de-a4.pdf").read_bytes())
    assert (0.2, 1.0) in found  # the banner's shadow, #2b211833: 0x33/0xff
    assert (0.251, 1.0) in found  # the emblem, the card's colour at 0x40


def _base_fonts(data: bytes) -> set[str]:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return {str(f.BaseFont) for page in pdf.pages for f in page.Resources.Font.values()}


def _row(data: bytes, needle: str) -> list[str]:
    """The printed characters on the baseline of ``needle``'s first character, left to right."""
    chars = [c for c in _origins(data) if c[0].strip()]
    at = next(c for c in chars if c[0] == needle[0])
    return [ch for ch, _, _ in sorted((c for c in chars if abs(c[2] - at[2]) < 0.1), key=lambda c: c[1])]


def test_arabic_and_hebrew_cards_print_right_to_left_in_the_decks_rtl_family(tmp_path: Path) -> None:
    for lang, name, rule in (("he", "אש", "גרום 3 נזק לאויב אחד."), ("ar", "نار", "ألحق 3 نقاط ضرر بخصم واحد.")):
        result = build(DECK, "--lang", lang, "--only", "1", "-o", tmp_path)
        assert result.exit_code == 0, result.output
        data = (tmp_path / "deck" / f"cards-only-1-{lang}-a4.pdf").read_bytes()
        text = " ".join(all_text(data)[0].split())
        assert name in text and rule in text  # read back in logical order
        row = _row(data, rule)
        assert row[-1] == rule[0] and row[0] == "."  # the first letter at the right, the stop at the left
        digit = row.index("3")
        # the number follows the first word, so it stands just left of it, and only that word is right of it
        assert "".join(reversed(row[digit + 1:])) == rule.split()[0]
        assert any("DejaVuSans" in f for f in _base_fonts(data))  # the letters the bundled family lacks
