"""What all the cards of one deck draw together is bounded beside the card cap: elements placed and characters of
text, counted across the deck, refused with exit 2 at the card that crosses a cap, naming the deck."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

import printkit.engine.template.sandbox as sandbox
from printkit.cli import app

runner = CliRunner()

# three shapes and one text naming the card: four elements a card, the text as long as the card's name
FRONT = """
elements:
  - rect: {x: 2, y: 2, w: 10, h: 10, fill: "#c00"}
  - circle: {cx: 25, cy: 7, r: 5, fill: "#0c0"}
  - rect: {x: 2, y: 40, w: 10, h: 10, fill: "#00c"}
  - text: {x: 5, y: 60, w: 50, h: 10, text: "{{ card.name }}"}
"""


def _deck(tmp_path: Path, cards: int) -> Path:
    (tmp_path / "front.yaml").write_text(textwrap.dedent(FRONT))
    rows = "".join(f"  - {{name: Card{i:02d}}}\n" for i in range(1, cards + 1))  # six characters each
    deck = tmp_path / "deck.yaml"
    deck.write_text("title: T\nback: null\nfront: front.yaml\ncards:\n" + rows)
    return deck


def _build(deck: Path, out: Path) -> tuple[int, str]:
    r = runner.invoke(app, ["build", "-q", str(deck), "--out", str(out)])
    return r.exit_code, " ".join(r.output.split())


def test_a_deck_placing_more_elements_than_its_cap_is_refused_at_the_card_crossing_it(tmp_path, monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_DECK_ELEMENTS", 100)
    code, out = _build(_deck(tmp_path, 30), tmp_path / "o")
    assert code == 2, out
    # 4 elements a card: 25 cards place 100, the 26th 104
    assert "card 26 (Card26" in out
    assert f"the cards of {tmp_path / 'deck.yaml'} up to this one place 104 elements and 156 characters" in out
    assert "one deck's cards place at most 100 elements" in out
    assert "Traceback" not in out and "internal error" not in out
    assert not (tmp_path / "o").exists()


def test_a_deck_laying_out_more_text_than_its_cap_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_DECK_TEXT_CHARS", 50)
    code, out = _build(_deck(tmp_path, 30), tmp_path / "o")
    assert code == 2, out
    # 6 characters a card: 8 cards lay out 48, the 9th 54
    assert "card 9 (Card09" in out and "place 36 elements and 54 characters of text" in out
    assert "at most 100,000 elements and 50 characters together" in out


def test_a_deck_at_its_caps_is_built(tmp_path, monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_DECK_ELEMENTS", 120)
    monkeypatch.setattr(sandbox, "MAX_DECK_TEXT_CHARS", 180)
    code, out = _build(_deck(tmp_path, 30), tmp_path / "o")  # exactly 120 elements and 180 characters
    assert code == 0, out
    assert (tmp_path / "o" / "deck" / "cards-en-a4.pdf").exists()


@pytest.mark.parametrize("cards", [1, 7])
def test_the_count_is_the_deck_s_own_not_carried_over(tmp_path, monkeypatch, cards):
    """Two builds in one process each start from zero: a cap passed only by the two decks added is not hit."""
    monkeypatch.setattr(sandbox, "MAX_DECK_ELEMENTS", 4 * cards)
    for out in ("o1", "o2"):
        code, text = _build(_deck(tmp_path, cards), tmp_path / out)
        assert code == 0, text


def test_max_cards_raises_the_deck_caps_with_the_card_cap(tmp_path, monkeypatch):
    """--max-cards 20000 (twice the default cap) allows twice the drawing: 104 elements pass a cap of 100 doubled."""
    monkeypatch.setattr(sandbox, "MAX_DECK_ELEMENTS", 100)
    deck = _deck(tmp_path, 30)  # 120 elements
    r = runner.invoke(app, ["build", "-q", str(deck), "--out", str(tmp_path / "o"), "--max-cards", "20000"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["build", "-q", str(deck), "--out", str(tmp_path / "p"), "--max-cards", "5000"])
    assert r.exit_code == 2 and "place 104 elements" in " ".join(r.output.split())  # never lowered below 100
