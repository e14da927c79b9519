"""--rotate auto: landscape cards turned on the sheet when more fit; backs turned to stay behind their fronts."""

from __future__ import annotations

import itertools
from pathlib import Path

from typer.testing import CliRunner

from devkit.readback import char_boxes, page_count
from printkit.cli import app

DECK = ("title: Wide\nsize: {width: 100, height: 65}\nback_fields: {back_title: Reverse}\n"
        "cards:\n  - {name: Tower, qty: 6}\n")


def _build(tmp: Path, *flags: str) -> bytes:
    (tmp / "deck.yaml").write_text(DECK, encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(tmp / "deck.yaml"), "-o", str(tmp / "out"), "-q", "--force",
                                      *flags])
    assert result.exit_code == 0, result.output
    return (tmp / "out" / "deck" / "cards-en-a4.pdf").read_bytes()


def _run(pdf: bytes, page: int, word: str) -> list:
    chars = char_boxes(pdf, page)
    text = "".join(c.char for c in chars)
    start = text.index(word)
    return chars[start:start + len(word)]


def test_turned_only_when_asked_and_when_more_fit(tmp_path: Path) -> None:
    # 100 x 65 mm on A4 inside 6 mm margins: 1 x 4 upright, 3 x 2 turned
    assert page_count(_build(tmp_path)) == 4  # default: unchanged, 4 a page, 2 sheets
    pdf = _build(tmp_path, "--rotate", "auto")
    assert page_count(pdf) == 2  # 6 a page: 1 sheet
    title = _run(pdf, 0, "Tower")
    # the front is turned a quarter counter-clockwise: its title reads bottom to top
    assert all(b.top < a.top for a, b in itertools.pairwise(title))
    back = _run(pdf, 1, "Reverse")
    # on a long-edge flip the back turns the other way, so it reads top to bottom
    assert all(b.top > a.top for a, b in itertools.pairwise(back))


def test_short_edge_back_turns_with_the_front(tmp_path: Path) -> None:
    pdf = _build(tmp_path, "--rotate", "auto", "--duplex", "short")
    back = _run(pdf, 1, "Reverse")
    assert all(b.top < a.top for a, b in itertools.pairwise(back))
