"""The example deck in four languages (examples/polyglot-deck): each language's cards read back from its own PDF,
its banners drawn as paths and its translucent shadow and emblems written as PDF opacities."""

from __future__ import annotations

from pathlib import Path

from devkit.readback import all_text, opacities
from tests.engine.deck_files import build

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
