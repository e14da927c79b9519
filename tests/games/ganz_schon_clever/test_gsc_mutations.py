"""Completeness: each class of impossibility is caught, in the right area."""

from __future__ import annotations

import random

import pytest

from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.rules.legality import check
from printkit.games.ganz_schon_clever.rules.play import random_sheets

from .conftest import sheet


def _legal_sheets(game: GscGame, n: int = 120) -> list[Sheet]:
    rng = random.Random(5)
    out: list[Sheet] = []
    while len(out) < n:
        out.extend(random_sheets(game, rng.randint(1, 4), rng))
    return out


def _areas(s: Sheet, game: GscGame) -> set[str]:
    r = check(s, game)
    assert not r.legal
    return {v.area for v in r.violations}


def test_orange_value_not_die_times_multiplier(game: GscGame) -> None:
    for s in _legal_sheets(game):
        if s.orange:
            i = len(s.orange) - 1
            bad = s.model_copy(update={"orange": (*s.orange[:i], 7 * game.orange.multipliers[i])})
            assert "orange" in _areas(bad, game)


def test_purple_not_rising(game: GscGame) -> None:
    for s in _legal_sheets(game):
        if len(s.purple) >= 2 and s.purple[-2] != 6 and s.purple[-2] > 1:
            bad = s.model_copy(update={"purple": (*s.purple[:-1], s.purple[-2])})
            assert "purple" in _areas(bad, game)
        elif 1 <= len(s.purple) < 11 and s.purple[-1] not in (1, 6):
            bad = s.model_copy(update={"purple": (*s.purple, 1)})
            assert "purple" in _areas(bad, game)


@pytest.mark.parametrize("track", ["rerolls", "extra_dice"])
def test_action_tracks(game: GscGame, track: str) -> None:
    for s in _legal_sheets(game, 40):
        rec: ActionCount = getattr(s, track)
        more = s.model_copy(update={track: ActionCount(earned=rec.earned + 1, used=rec.used)})
        assert track in _areas(more, game)
        over = s.model_copy(update={track: ActionCount(earned=rec.earned, used=rec.earned + 1)})
        assert track in _areas(over, game)


def test_number_bonus_missing(game: GscGame) -> None:
    # Yellow row 2 complete: an orange 4 (x multiplier) had to be written; orange still has room.
    s = sheet(yellow=((), (2, 1, 5), (), ()), orange=(3, 3, 3, 6))
    assert _areas(s, game) == {"orange"}
    # Blue column {3, 7, 11} complete: a purple 6 had to follow.
    s = sheet(blue=(3, 7, 11), purple=(1, 2, 3))
    assert _areas(s, game) == {"purple"}


def test_x_bonus_missing(game: GscGame) -> None:
    s = sheet(yellow=((3, 6, 5), (), (), ()))  # row 1 gives a blue X; blue is empty
    assert _areas(s, game) == {"blue"}
    s = sheet(yellow=((), (), (1, 2, 4), ()), blue=(7,))  # row 3 gives a green X; green is empty
    assert _areas(s, game) == {"green"}


def test_x_bonus_landing_can_chain(game: GscGame) -> None:
    # Blue row 2 gives a yellow X, which may complete yellow row 1, whose blue X completes blue row 2.
    s = sheet(yellow=((3, 6, 5), (2,), (), ()), blue=(5, 6, 7, 8, 9))
    assert check(s, game).legal


def test_circular_bonuses(game: GscGame) -> None:
    # Yellow row 1 needs an open blue cell when it completes and blue row 2 an open yellow cell.
    s = sheet(yellow=((3, 6, 5), (), (), ()), blue=(5, 6, 7, 8))
    r = check(s, game)
    assert [v.area for v in r.violations] == ["bonuses"]


def test_round_four_bonus_needs_a_mark(game: GscGame) -> None:
    assert _areas(sheet(), game) == {"bonuses"}
    assert check(sheet(blue=(12,)), game).legal


def test_dice_budget(game: GscGame) -> None:
    # 4 players: 4 active turns x 3 + 12 passive x 1 = 24 dice, + extra dice used.
    full_orange = (6, 6, 6, 12, 6, 6, 12, 6, 12, 6, 18)  # box 5: yellow X, box 10: purple 6
    s = Sheet(
        players=4,
        yellow=((3,), (2,), (1,), (3, 4, 6)),
        blue=(5, 9, 10, 12),
        green=6,
        orange=full_orange,
        purple=(6, 6, 6),
        extra_dice=ActionCount(earned=3, used=0),
    )
    r = check(s, game)
    assert [v.area for v in r.violations] == ["dice"], r.violations
    assert r.dice.available == 24
    # The same sheet with 1 player has 6 x 3 + 6 = 24 too; 3 extra dice used make it fit.
    ok = s.model_copy(update={"players": 1, "extra_dice": ActionCount(earned=3, used=3)})
    assert check(ok, game).dice.available == 27
