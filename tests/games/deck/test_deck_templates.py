"""A deck declares its own template and icon folders (templates:), so no --templates flag is repeated."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from devkit.readback import all_text, render_page
from printkit.cli import app

SUN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" '
       'fill="currentColor"/></svg>')


def _deck(tmp: Path, folder: str = "look") -> Path:
    (tmp / "look" / "cards").mkdir(parents=True)
    (tmp / "look" / "icons").mkdir()
    (tmp / "look" / "icons" / "sun.svg").write_text(SUN, encoding="utf-8")
    (tmp / "look" / "cards" / "sunny.yaml").write_text(
        "elements:\n"
        "  - text: {x: 5, y: 5, w: 50, h: 10, text: 'Gain :sun: {{ card.name }}'}\n"
        "  - icon: {name: sun, x: 20, y: 40, w: 20, h: 20, color: '#c08000'}\n", encoding="utf-8")
    p = tmp / "deck.yaml"
    p.write_text(f"title: Own look\ntemplates: {folder}\nfront: sunny\nback: null\ncards:\n  - {{name: Dawn}}\n",
                 encoding="utf-8")
    return p


def test_deck_templates_folder_gives_templates_and_icons(tmp_path: Path) -> None:
    p = _deck(tmp_path)
    result = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / "out"), "-q"])
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()
    assert "Gain" in "".join(all_text(pdf)) and "Dawn" in "".join(all_text(pdf))
    # the deck's own icon is drawn: a disc of radius 8 mm in its colour, about 3,100 pixels at 100 dpi
    px = np.asarray(render_page(pdf, 0, dpi=100), dtype=int)
    amber = int(((abs(px[..., 0] - 192) < 8) & (abs(px[..., 1] - 128) < 8) & (px[..., 2] < 10)).sum())
    assert 2500 < amber < 3700, amber
    shown = CliRunner().invoke(app, ["showcase", str(p), "-o", str(tmp_path / "out")])
    assert shown.exit_code == 0, shown.output


def test_deck_templates_folder_must_lie_inside_the_decks_folder(tmp_path: Path) -> None:
    deck_dir = tmp_path / "deck"
    deck_dir.mkdir()
    _deck(tmp_path)
    p = deck_dir / "deck.yaml"
    p.write_text("title: Own look\ntemplates: ../look\nfront: sunny\ncards:\n  - {name: Dawn}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / "out"), "-q"])
    assert result.exit_code == 2
    assert "templates:" in result.output and "outside the folders" in " ".join(result.output.split())
    assert "deck.yaml:2" in result.output


def test_placeholders_draw_missing_art_and_warn_once_per_file(tmp_path: Path) -> None:
    (tmp_path / "front.yaml").write_text(
        "elements:\n  - id: art\n    image: {path: '{{ card.art }}', x: 5, y: 5, w: 53, h: 36, fit: cover, "
        "radius: 2}\n", encoding="utf-8")
    p = tmp_path / "deck.yaml"
    p.write_text("title: Unfinished\nfront: front.yaml\nback: null\ncards:\n"
                 "  - {name: A, art: art/dragon.png, qty: 3}\n  - {name: B, art: art/gate.png}\n", encoding="utf-8")
    stopped = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / "out"), "-q"])
    assert stopped.exit_code == 2 and "image file not found" in stopped.output
    result = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / "out"), "--placeholders"])
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "art/dragon.png does not exist: drew a placeholder on 3 cards (card 1, card 2, card 3)" in flat
    assert "art/gate.png does not exist: drew a placeholder on 1 card (card 4)" in flat
    text = "".join(all_text((tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()))
    assert text.count("missing art") == 4 and text.count("dragon.png") == 3 and "gate.png" in text


def test_warnings_are_grouped_by_element_id_with_the_cards_counted(tmp_path: Path) -> None:
    (tmp_path / "front.yaml").write_text(
        "elements:\n"
        "  - when: '{{ card.cost }}'\n    text: {x: 3, y: 20, w: 10, h: 5, text: '{{ card.cost }}'}\n"
        "  - id: rules\n    text: {x: 5, y: 30, w: 20, h: 5, text: '{{ card.text }}', size: 9, min_size: 4}\n"
        "  - text: {x: 5, y: 50, w: 12, h: 4, text: 'A long footer line', size: 8, min_size: 8, wrap: false}\n",
        encoding="utf-8")
    p = tmp_path / "deck.yaml"
    p.write_text("title: Noisy\nfront: front.yaml\nback: null\ncards:\n"
                 "  - {name: Fire, qty: 5, cost: 2, text: 'Deal three damage to any target, then discard two.'}\n"
                 "  - {name: Ice, qty: 4, cost: '', text: 'Freeze a creature; it cannot attack next turn.'}\n",
                 encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("warning:") and "[fit]" in line]
    # one line per element, not one per copy; the element by its id, or by its line (not by "text #3",
    # a number that shifts when `when:` leaves the cost out on the Ice cards)
    assert len(lines) == 2, lines
    rules = next(line for line in lines if "front.yaml: rules:" in line)
    assert "on 9 cards: card 1 (Fire), card 2 (Fire), card 3 (Fire), …" in rules
    assert any("front.yaml:6 text:" in line and "on 9 cards" in line for line in lines), lines
    assert "#" not in "".join(lines)


def test_a_fit_warning_is_kept_when_when_skips_an_element_on_some_cards(tmp_path: Path) -> None:
    # Two boxes set the same text; `when:` leaves a rect out on the Beta cards, so there the unnamed box sits
    # where the named one sits on Alpha: neither element's warning may swallow the other's cards.
    (tmp_path / "tiny.yaml").write_text(
        "elements:\n"
        "  - when: '{{ card.extra }}'\n    rect: {x: 5, y: 40, w: 10, h: 10, fill: '#ff0000'}\n"
        "  - id: body\n    text: {x: 5, y: 20, w: 50, h: 6, text: '{{ card.text }}', size: 10, min_size: 8}\n"
        "  - text: {x: 5, y: 60, w: 50, h: 6, text: '{{ card.text }}', size: 10, min_size: 8}\n",
        encoding="utf-8")
    long = "This is far too long a text to fit in such a small box at any size at all, really it is very long."
    p = tmp_path / "deck.yaml"
    p.write_text(f"title: Mixed\nfront: tiny.yaml\nback: null\ncards:\n  - {{name: Alpha, extra: 1, text: '{long}'}}\n"
                 f"  - {{name: Beta, qty: 4, extra: '', text: '{long}'}}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "[fit]" in line]
    assert len(lines) == 2, lines
    assert any("tiny.yaml: body:" in line and "on 5 cards: card 1 (Alpha), card 2 (Beta)" in line for line in lines)
    assert any("tiny.yaml:6 text:" in line and "on 5 cards: card 1 (Alpha), card 2 (Beta)" in line for line in lines)


BOLT = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M13 2 L4 14 H11 L10 22 L20 9 H13 Z" '
        'fill="currentColor"/></svg>')


def test_strict_and_read_back_name_the_element_and_count_the_cards(tmp_path: Path) -> None:
    # the bolt's tip ends exactly on the right cut (58 + 20/24 * 6 = 63 mm): the read-back of the written file
    # finds a fill stopping at the cut, and the build names the card and the icon there
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "bolt.svg").write_text(BOLT, encoding="utf-8")
    (tmp_path / "f.yaml").write_text(
        "elements:\n  - id: rules\n"
        "    text: {x: 5, y: 20, w: 20, h: 5, text: '{{ card.text }}', size: 9, min_size: 9}\n"
        "  - icon: {name: bolt, x: 58, y: 80, w: 6, h: 6}\n", encoding="utf-8")
    p = tmp_path / "deck.yaml"
    p.write_text("title: Edge\ntemplates: .\nfront: f.yaml\nback: null\ncards:\n"
                 "  - {name: Fire, qty: 4, text: 'Deal three damage to any target, then discard two.'}\n",
                 encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / "out"), "--strict"])
    assert result.exit_code == 2
    flat = " ".join(result.output.split())
    errors = [line for line in result.output.splitlines() if line.startswith("error: preflight")]
    assert len(errors) == 2, errors  # one per element, not one per card
    assert "f.yaml: rules: does not fit its 20.0 x 5.0 mm box even at 9 pt [fit] (on 4 cards: card 1 (Fire)" in flat
    assert ("f.yaml:4 icon: a filled shape stops at the right cut: no bleed, a miscut shows white [bleed] "
            "(on 4 cards: card 1 (Fire)") in flat
    assert "0.0 mm past" not in flat and "#" not in flat

