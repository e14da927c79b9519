"""In en+zh-TW the mosque tiles and the mosque place cards give each language its own lines: no text overflows,
and a Chinese ability starts a line instead of running on after " / " mid-phrase."""

from __future__ import annotations

import re

from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.registry import find_game
from printkit.engine.render.pdf import render

LANG = "en+zh-TW"


def _rendered(name: str):
    game = find_game("istanbul")
    assert game is not None
    comp = next(c for c in game.build(BuildOptions(paper="a4", lang=LANG)) if c.name == name)
    return render(comp, PrintSettings(paper="a4"), LANG).log


def _records(log):
    return [t for p in log.placements for t in p.texts]


def test_mosque_tiles_fit_with_both_languages():
    records = _records(_rendered("mosque-tiles"))
    assert records and all(t.fits for t in records), [t.lines for t in records if not t.fits]
    abilities = [t for t in records if any("黑市" in line for line in t.lines)]
    assert abilities  # the Black Market / Tea House ability, in both languages
    for t in abilities:
        assert any(line.startswith("黑市") for line in t.lines), t.lines  # Chinese on its own line


def test_mosque_place_cards_keep_each_language_on_its_own_lines():
    records = _records(_rendered("place-cards"))
    assert all(t.fits for t in records), [t.lines for t in records if not t.fits]
    details = [t for t in records if any("Black Market / Tea House: after rolling" in line for line in t.lines)]
    assert details
    for t in details:
        assert any(line.startswith("黑市") for line in t.lines), t.lines
        assert not any(line.rstrip().endswith("/") or line.startswith("/") for line in t.lines), t.lines
    # each table's note is its own line: no line holds two tables' player counts
    assert not any(line.count("players") > 1 for t in records for line in t.lines)


def test_a_count_of_rubies_stays_with_its_number_and_the_word_before_it():
    # the Great Mosque card's "· 4 ♦" started a line of its own (and the ruby one of its own before that)
    game = find_game("istanbul")
    assert game is not None
    comp = next(c for c in game.build(BuildOptions(paper="a4", lang=LANG)) if c.name == "place-cards")
    records = _records(render(comp, PrintSettings(paper="a4"), LANG, glossary=game.facts().glossary).log)
    lines = [line.replace("\xa0", " ") for t in records for line in t.lines]
    with_ruby = [line for line in lines if ":ist-ruby:" in line]
    assert len(with_ruby) >= 8  # mosques, Sultan's Palace, Gemstone Dealer, Wainwright: every table's line
    for line in with_ruby:
        assert not line.startswith((":ist-ruby:", "·", "· ")), line
        assert not re.match(r"^\S?\s*·?\s*\d+ :ist-ruby:$", line), line  # "物 · 4 ♦" or "· 4 ♦" alone
    assert any(re.search(r"貨物 · 4 :ist-ruby:", line) for line in lines)
