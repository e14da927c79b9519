"""The exact bonus-order search: regression sheets, and the new search against the old one.

The old search (tests/games/ganz_schon_clever/legacy_schedule.py) explored every interleaving of plain die marks and
took 10-100 ms on a few tangled sheets; the sheets below are the slowest found in 100,000
simulated sheets.  Verdicts are asserted, not times (timing is bench/bench_check.py's job).
"""

from __future__ import annotations

import random

import pytest

from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.rules.legality import check
from printkit.games.ganz_schon_clever.rules.play import simulated_sheets
from printkit.games.ganz_schon_clever.rules.schedule import Scheduler
from printkit.games.ganz_schon_clever.rules.tables import tables

from . import legacy_schedule
from .conftest import sheet

# (players, yellow, blue, green, orange, purple, rerolls, extra dice) of simulated final sheets.
SLOW = [
    (
        4,
        ((3, 6, 5), (2, 1, 5), (1,), ()),
        (2, 3, 4, 5, 6, 7, 8, 9, 10),
        6,
        (2, 5, 5, 8, 3),
        (6, 2, 4, 5, 6, 5),
        (5, 1),
        (3, 3),
    ),
    (
        4,
        ((), (2, 1, 5), (1,), ()),
        (5, 6, 7, 8),
        5,
        (2, 5, 1, 10, 4, 3, 10, 1, 8, 4, 3),
        (1, 2, 3, 6, 6, 1),
        (4, 2),
        (4, 4),
    ),
    (
        4,
        ((5,), (2, 1, 5), (), (4,)),
        (2, 3, 4, 5, 7, 11, 12),
        6,
        (5, 3, 1, 2, 1, 3, 2, 5, 2, 2, 6),
        (1, 5, 6, 3, 6, 2, 6),
        (4, 3),
        (4, 4),
    ),
    (2, ((6, 5), (2, 1), (1, 2, 4), (3, 4)), (3, 7, 11, 12), 7, (3, 6, 3, 12, 1), (2, 4, 6, 1, 4), (4, 4), (3, 2)),
    (
        3,
        ((3, 6, 5), (2, 1, 5), (1, 2, 4), (3,)),
        (2, 3, 4, 12),
        4,
        (4, 2, 4, 2, 4, 6, 10, 5, 8, 2),
        (2, 3, 6, 3),
        (4, 3),
        (3, 3),
    ),
]


def _sheet(row: tuple) -> Sheet:  # type: ignore[type-arg]
    players, yellow, blue, green, orange, purple, rr, xd = row
    return Sheet(
        players=players,
        yellow=yellow,
        blue=blue,
        green=green,
        orange=orange,
        purple=purple,
        rerolls=ActionCount(earned=rr[0], used=rr[1]),
        extra_dice=ActionCount(earned=xd[0], used=xd[1]),
    )


def _both(s: Sheet, game: GscGame) -> tuple[tuple[bool | None, int], tuple[bool | None, int], int]:
    t = tables(game)
    m = t.marks(s)
    limit = sum(1 for f in t.fired(m) if f.bonus is not None and f.bonus.is_mark) + 1
    rounds = game.rounds_for(s.players)
    new = Scheduler(m, t, rounds).solve(limit)
    old = legacy_schedule.Scheduler(m, t, rounds).solve(limit)
    return (new.feasible, new.losses), (old.feasible, old.losses), new.nodes


@pytest.mark.parametrize("row", SLOW)
def test_slowest_simulated_sheets_are_legal(game: GscGame, row: tuple) -> None:  # type: ignore[type-arg]
    s = _sheet(row)
    r = check(s, game)
    assert r.legal, r.violations
    assert not r.notes  # decided, not "undecided"
    new, old, nodes = _both(s, game)
    assert new == old and new[0] is True
    assert nodes < 2_000  # the old search needed up to 12,449 states on these


def test_two_bonuses_waiting_for_each_other_are_refuted(game: GscGame) -> None:
    """Verdicts pinned by hand, not by the old search (both searches read the same tables).  Yellow row 1
    (3, 6, 5) gives a blue X (R-EN; reference row_bonus), blue row 5-8 a yellow X.  When those are the only
    yellow and blue marks, each bonus must land on a cell of the other group while that group is still open,
    so each group completes before the other: impossible (neither area is full, so no bonus may be lost).
    One more yellow mark (row 2's 1) gives the yellow X somewhere to land: legal, nothing lost."""
    cycle = sheet(yellow=((3, 6, 5), (), (), ()), blue=(5, 6, 7, 8))
    assert [v.rule for v in check(cycle, game).violations] == ["bonus-order"]
    new, old, _ = _both(cycle, game)
    assert new == old == (False, 0)
    broken = sheet(yellow=((3, 6, 5), (1,), (), ()), blue=(5, 6, 7, 8))
    assert check(broken, game).legal
    new, old, _ = _both(broken, game)
    assert new == old == (True, 0)


def _simulated(n: int) -> list[Sheet]:
    return simulated_sheets(_GAME, n, rng_offset=10_000)


def _mutate(s: Sheet, rng: random.Random) -> Sheet:
    """A nearby sheet, often impossible: toggle a grid mark, move a track end, swap two numbers."""
    k = rng.randrange(5)
    if k == 0:
        r = rng.randrange(4)
        vals = [v for v in _GAME.yellow.grid[r] if v]
        row = set(s.yellow[r]) ^ {rng.choice(vals)}
        yellow = list(s.yellow)
        yellow[r] = tuple(sorted(row))
        return s.model_copy(update={"yellow": tuple(yellow)})
    if k == 1:
        return s.model_copy(update={"blue": tuple(sorted(set(s.blue) ^ {rng.randint(2, 12)}))})
    if k == 2:
        return s.model_copy(update={"green": max(0, min(11, s.green + rng.choice((-1, 1))))})
    if k == 3:
        purple = list(s.purple)
        if purple and rng.random() < 0.5:
            purple.pop()
        elif len(purple) < 11:
            purple.append(6)
        return s.model_copy(update={"purple": tuple(purple)})
    orange = list(s.orange)
    if len(orange) >= 2:
        i = rng.randrange(len(orange) - 1)
        orange[i], orange[i + 1] = orange[i + 1], orange[i]
    elif len(orange) < 11:
        orange.append(rng.randint(1, 6) * _GAME.orange.multipliers[len(orange)])
    return s.model_copy(update={"orange": tuple(orange)})


_GAME: GscGame


@pytest.fixture(autouse=True)
def _game(game: GscGame) -> None:
    global _GAME
    _GAME = game


def test_same_verdicts_as_the_old_search(game: GscGame) -> None:
    """Exactness: on simulated sheets (all possible) and mutated ones (many impossible), the new
    search finds exactly the old one's verdict and minimum number of lost bonuses."""
    rng = random.Random(7)
    sheets = _simulated(2_000)
    mutants = [_mutate(_mutate(rng.choice(sheets), rng), rng) for _ in range(2_000)]
    infeasible = 0
    for s in sheets + mutants:
        new, old, _ = _both(s, game)
        assert new == old, s
        infeasible += new[0] is False
    assert infeasible > 50  # the mutants exercise refutations, not only successes


def test_a_track_box_that_must_wait_for_a_bonus_can_make_a_sheet_impossible(game: GscGame) -> None:
    """Worked by hand from the published sheet (yellow row 2 = 2, 1, 5 gives an orange 4; orange box 5
    gives a yellow X; the round-4 bonus can land on green).  Orange shows 4 in box 1: the orange 4 must
    land there, so yellow row 2 completes before any orange box is marked; orange box 5 then gives a yellow
    X with every yellow box the sheet shows already crossed (and yellow not full): no order works, though
    every count fits.  One more yellow box (row 1's 3) gives that X a place: possible, nothing lost."""
    stuck = sheet(players=4, yellow=((), (2, 1, 5), (), ()), green=1, orange=(4, 1, 1, 2, 1))
    assert [v.rule for v in check(stuck, game).violations] == ["bonus-order"]
    spare = sheet(players=4, yellow=((3,), (2, 1, 5), (), ()), green=1, orange=(4, 1, 1, 2, 1))
    r = check(spare, game)
    assert r.legal and r.violations == ()
    # 3 bonuses (orange 4, yellow X, round 4) land, of 10 marks
    assert (r.dice.marks, r.dice.bonus_marks, r.dice.dice) == (10, 3, 7)


def test_bonus_numbers_nowhere_on_a_full_track_are_lost_and_counted_as_dice(game: GscGame) -> None:
    """A full orange row with no 4 (x multiplier) in it: the orange 4 of yellow row 2 can only be lost,
    after orange is full.  The other bonuses land (orange box 5: a yellow X on row 2; box 10: a purple 6 on
    purple's 6; round 4: green), so 3 of 4 bonuses make marks.  Blue row 2, 3, 4 adds an orange 5, lost as
    well (no 5 either): 3 of 5.  Without orange's last box nothing may be lost: impossible."""
    row_2 = ((), (2, 1, 5), (), ())
    full = (3, 3, 3, 6, 3, 3, 6, 3, 6, 3, 9)
    one = check(sheet(players=4, yellow=row_2, green=1, orange=full, purple=(6,)), game)
    assert one.legal and (one.dice.marks, one.dice.bonus_marks) == (16, 3)
    two = check(sheet(players=4, yellow=row_2, blue=(2, 3, 4), green=1, orange=full, purple=(6,)), game)
    assert two.legal and (two.dice.marks, two.dice.bonus_marks) == (19, 3)
    short = check(sheet(players=4, yellow=row_2, green=1, orange=full[:10], purple=(6,)), game)
    assert not short.legal
