"""The catalog's summary of each game must agree with the game's own data files."""

from __future__ import annotations

from printkit.catalog import find_game
from printkit.definitions import san_marco as sm
from printkit.definitions.gsc import load_gsc_game


def test_ganz_schon_clever_entry_matches_its_data():
    entry = find_game("gsc")
    game = load_gsc_game()
    counts = sorted(game.rounds.by_player_count)
    assert entry is not None and entry.players == (counts[0], counts[-1])
    assert set(entry.languages) <= set(game.names)


def test_san_marco_entry_matches_its_data():
    entry = find_game("san-marco")
    assert entry is not None
    classic = sm.load()
    variant = sm.load_generator().variant
    tables = [pc.players for pc in classic.rules.player_counts]
    assert entry.players == (min(min(tables), variant.players[0]), max(max(tables), variant.players[1]))
    assert entry.languages == sm.load_texts().languages()
