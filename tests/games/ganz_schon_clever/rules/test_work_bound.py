"""The legality check's searches stop at a bound on their work (search nodes), and an answer they could not
finish is "undecided", never "impossible" (issue 38: one photo spent 30-54 s in 259 bonus-order searches).

The sheets are the hardest of the 23,966 of bench/check_dump.py (strong and random play, their mutants,
random sheets): the bonus-order search needs tens of thousands of nodes on them.  Counts are asserted,
never seconds.
"""

from __future__ import annotations

import pytest

from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.rules.legality import check
from printkit.games.ganz_schon_clever.rules.schedule import Scheduler
from printkit.games.ganz_schon_clever.rules.tables import tables
from printkit.games.ganz_schon_clever.rules.work import CHECK_WORK, Work

GAME = load_gsc_game()
# A random sheet (check_dump's random #21069): purple out of order three times, blue full, yellow with
# three columns' worth of bonuses; proving its bonuses cannot be ordered takes the search 54,748 nodes.
TANGLED = Sheet(players=2, yellow=((3, 6, 5), (), (1, 2, 4), (3, 4, 6)), blue=(3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
                green=9, orange=(4, 6, 5, 4, 6, 6, 10, 5), purple=(1, 1, 1, 4, 6, 1, 1, 6, 1),
                rerolls=ActionCount(earned=6, used=1), extra_dice=ActionCount(earned=0, used=0))
# A solo sheet of strong play with no die to spare (its +1 track shows just enough used): the solo passive
# search tries final cascades, each with a bonus-order search of the rest, 11,383 nodes in all.
TIGHT_SOLO = Sheet(players=1, yellow=((3, 6, 5), (2, 5), (1, 2, 4), (3,)), blue=(2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
                   green=7, orange=(3, 6, 3, 12, 5, 1), purple=(2, 4, 6, 4),
                   rerolls=ActionCount(earned=5, used=2), extra_dice=ActionCount(earned=4, used=3))


def _rules(r: object) -> list[str]:
    return [v.rule for v in r.violations]  # type: ignore[attr-defined]


def _notes(r: object) -> list[str]:
    return [n.rule for n in r.notes]  # type: ignore[attr-defined]


@pytest.mark.parametrize("bound", [1, 100, 5_000, 50_000])
def test_the_bonus_order_search_stops_at_its_bound_and_is_undecided(bound: int) -> None:
    t = tables(GAME)
    work = Work(bound)
    result = Scheduler(t.marks(TANGLED), t, GAME.rounds_for(2)).solve(12, work)
    assert result.feasible is None and work.spent <= bound


def test_within_the_bound_the_search_decides() -> None:
    t = tables(GAME)
    work = Work(CHECK_WORK)
    result = Scheduler(t.marks(TANGLED), t, GAME.rounds_for(2)).solve(12, work)
    assert result.feasible is False and 50_000 < work.spent <= CHECK_WORK


@pytest.mark.parametrize("bound", [10, 5_000])
def test_a_check_out_of_work_calls_nothing_impossible_it_did_not_prove(bound: int) -> None:
    work = Work(bound)
    r = check(TANGLED, GAME, work=work)
    assert work.spent <= bound
    assert "bonus-order" not in _rules(r) and "undecided" in _notes(r)
    # what needs no search is still found: purple 1, 1, 1, 4, 6, 1, 1, 6, 1 is out of order at boxes 2, 3
    # and 7 (box 6 and box 9 follow a 6, after which any number may come)
    assert [v.box for v in r.violations if v.rule == "purple-order"] == ["2", "3", "7"]


def test_the_default_bound_decides_the_hardest_sheet() -> None:
    r = check(TANGLED, GAME)
    assert "bonus-order" in _rules(r) and not _notes(r)


@pytest.mark.parametrize("bound", [1, 500, 5_000])
def test_the_solo_passive_search_stops_at_its_bound(bound: int) -> None:
    work = Work(bound)
    r = check(TIGHT_SOLO, GAME, work=work)
    assert work.spent <= bound
    # legal whatever the ruling turns out; with the least work the bonus-order search is undecided too
    assert r.legal and "solo-passive-undecided" in _notes(r)
    assert set(_notes(r)) <= {"undecided", "solo-passive-undecided"}


def test_a_bound_shared_by_many_checks_is_never_passed() -> None:
    # as the reader shares one bound among the readings it tries: each check takes what is left
    work = Work(30_000)
    verdicts = [check(s, GAME, work=work) for s in (TIGHT_SOLO, TANGLED, TIGHT_SOLO, TANGLED)]
    assert work.spent == 30_000
    assert _notes(verdicts[0]) == [] and _notes(verdicts[1]) == ["undecided"]  # 11,383 spent, then out
    assert all(_notes(v) for v in verdicts[1:])
