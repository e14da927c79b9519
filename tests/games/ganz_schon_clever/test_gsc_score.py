"""Hand-worked scoring examples."""

from __future__ import annotations

from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.rules.legality import check
from printkit.games.ganz_schon_clever.rules.score import highest_score, score

from .conftest import sheet


def test_full_example_total(game: GscGame) -> None:
    s = sheet(
        yellow=((3, 6), (2, 1, 5), (), (3, 4, 6)),  # column 2 (6, 1, printed X, 3) complete: 14
        blue=(2, 3, 7, 12),  # 4 crosses: 7
        green=5,  # 15
        orange=(3, 8, 5, 12),  # 28
        purple=(2, 4, 6, 1),  # 13
    )
    sc = score(s, game)
    # yellow row 4 complete: 1 fox, worth the lowest area (blue, 7)
    assert (sc.yellow, sc.blue, sc.green, sc.orange, sc.purple) == (14, 7, 15, 28, 13)
    assert (sc.foxes, sc.fox_value) == (1, 7)
    assert sc.total == 14 + 7 + 15 + 28 + 13 + 7 == 84


def test_the_most_each_area_can_score(game: GscGame) -> None:
    # published maxima: yellow's four columns 10 + 14 + 16 + 20, blue's 11 crosses 56, green's 11 boxes 66,
    # orange 7 x 6 + 3 doubled x 12 + 1 tripled x 18, purple 11 x 6, one fox per area worth the lowest area
    top = highest_score(game)
    assert (top.yellow, top.blue, top.green, top.orange, top.purple) == (60, 56, 66, 96, 66)
    assert (top.foxes, top.lowest, top.total) == (5, 56, 624)


def test_zero_area_makes_foxes_worthless(game: GscGame) -> None:
    s = sheet(
        yellow=((), (), (), (3, 4, 6)),  # fox, but no complete column: yellow scores 0
        blue=(9, 10, 11, 12),  # fox
        green=7,  # fox
        orange=(1, 1, 1, 2, 1, 1, 2, 1),  # fox at box 8
        purple=(1, 2, 3, 4, 5, 6, 1),  # fox at box 7
    )
    sc = score(s, game)
    assert sc.foxes == 5 and sc.yellow == 0 and sc.fox_value == 0
    assert sc.total == 0 + 7 + 28 + 10 + 22


def test_every_area_scores_foxes_use_the_lowest(game: GscGame) -> None:
    s = sheet(yellow=((3,), (2,), (1,), (3, 4, 6)), blue=(2,), green=1, orange=(1,), purple=(6,))
    sc = score(s, game)
    assert sc.yellow == 10 and sc.blue == 1 and sc.foxes == 1 and sc.fox_value == 1
    assert sc.total == 10 + 1 + 1 + 1 + 6 + 1


def test_two_cell_blue_column_completes_and_earns_a_reroll(game: GscGame) -> None:
    from printkit.games.ganz_schon_clever.model.sheet import ActionCount

    s = sheet(blue=(5, 9), rerolls=ActionCount(earned=3, used=0))  # rounds 1 and 3 + column {5, 9}
    r = check(s, game)
    assert r.score.blue == 2
    assert r.legal, r.violations
    wrong = check(sheet(blue=(5, 9), rerolls=ActionCount(earned=2, used=0)), game)
    assert [v.rule for v in wrong.violations] == ["track-earned"]


def test_purple_after_six_and_purple_rule(game: GscGame) -> None:
    assert check(sheet(purple=(2, 5, 6, 3), blue=(7,)), game).legal  # rulebook example; box 4: blue X
    assert check(sheet(purple=(6, 6, 1, 2), blue=(7,)), game).legal
    bad = check(sheet(purple=(2, 5, 5), blue=(7,)), game)
    assert [(v.area, v.box, v.rule) for v in bad.violations] == [("purple", "3", "purple-order")]
    assert score(sheet(purple=(2, 5, 6, 3)), game).purple == 16


def test_x3_box(game: GscGame) -> None:
    base = (1, 1, 1, 2, 1, 1, 2, 1, 2, 1)
    for last, ok in ((18, True), (3, True), (12, True), (16, False), (6, True), (7, False)):
        s = sheet(orange=(*base, last), purple=(6,))  # purple 6: orange box 10 gave a purple 6
        r = check(s, game)
        assert any(v.rule == "orange-value" and v.box == "11" for v in r.violations) is not ok
    assert score(sheet(orange=(*base, 18)), game).orange == 13 + 18


def test_orange_number_bonus_is_multiplied(game: GscGame) -> None:
    # Yellow row 2 complete -> orange 4 in the next orange box; on the x2 box 4 it reads 8.
    s = sheet(yellow=((), (2, 1, 5), (), ()), orange=(3, 3, 3, 8))
    assert check(s, game).legal
    s = sheet(yellow=((), (2, 1, 5), (), ()), orange=(3, 3, 3, 4))
    r = check(s, game)
    assert [v.area for v in r.violations] == ["orange"]


def test_a_sheet_using_exactly_every_die_it_had_is_legal(game: GscGame) -> None:
    """A simulated 3-player game (5 rounds) that used all 29 dice it could: 5 x 3 active picks, 5 x 2 x 1
    passive picks and 4 extra dice; 39 marks, 10 of them from bonuses.  One die more would be illegal."""
    from printkit.games.ganz_schon_clever.model.sheet import ActionCount

    kw = dict(players=3, yellow=((5,), (1,), (1, 2, 4), (6,)), blue=(2, 3, 4, 5, 6, 7, 11), green=6,
              orange=(2, 1, 6, 10, 4, 5, 2, 4, 6, 2, 15), purple=(6, 5, 6, 5, 6, 1, 5, 6, 6),
              rerolls=ActionCount(earned=5, used=4))
    r = check(sheet(**kw, extra_dice=ActionCount(earned=4, used=4)), game)
    assert (r.dice.marks, r.dice.bonus_marks, r.dice.dice, r.dice.available) == (39, 10, 29, 29)
    assert r.legal, r.violations
    fewer = check(sheet(**kw, extra_dice=ActionCount(earned=4, used=3)), game)
    assert fewer.dice.available == 28 and "dice-budget" in [v.rule for v in fewer.violations]


def test_an_impossible_sheet_still_counts_every_bonus_mark_it_owes(game: GscGame) -> None:
    """The dice arithmetic that `check --json` prints is the sheet's, even when a bonus is missing.  An empty
    sheet owes one mark: round 4's black X or 6 (R-EN p.3); so 0 marks, 1 bonus mark, 0 dice.  Yellow row 2
    complete (3 marks) fires "orange 4" and orange shows 3, 3, 3, 6 (4 marks, the 4th box doubles, so the 4
    should read 8): 7 marks, 2 owed bonus marks (orange 4 and round 4), so 5 came from dice."""
    empty = check(sheet(), game)
    assert [v.rule for v in empty.violations] == ["round-bonus"]
    assert (empty.dice.marks, empty.dice.bonus_marks, empty.dice.dice) == (0, 1, 0)
    short = check(sheet(yellow=((), (2, 1, 5), (), ()), orange=(3, 3, 3, 6)), game)
    assert [v.rule for v in short.violations] == ["bonus-number"]
    assert (short.dice.marks, short.dice.bonus_marks, short.dice.dice) == (7, 2, 5)


def test_an_impossible_number_is_named_by_its_box(game: GscGame) -> None:
    """Boxes are counted from 1 on the sheet: purple's second box holding a 9, orange's fourth (x2) a 7."""
    from printkit.gsc import describe

    (v,) = check(sheet(blue=(7,), purple=(2, 9)), game).violations
    assert (v.area, v.box, v.rule) == ("purple", "2", "purple-value")
    assert describe(v, "en", game) == "purple box 2 shows 9; a die shows 1 to 6"
    (v,) = [v for v in check(sheet(orange=(3, 3, 3, 7)), game).violations if v.rule == "orange-value"]
    assert v.box == "4"
    assert describe(v, "en", game) == "orange box 4 (x2) shows 7, which is not a die value (1-6) times 2"


def test_findings_name_the_boxes_and_sources_as_printed(game: GscGame) -> None:
    """Boxes, rows and rounds in messages count from 1, as printed on the sheet (never 0-based indexes)."""
    from printkit.gsc import describe

    (v,) = check(sheet(purple=(2, 5, 5), blue=(7,)), game).violations
    assert describe(v, "en", game) == ("purple box 3 shows 5 after 5: each number must be higher than the one "
                                       "before, unless that one is a 6")
    # Blue column 3-7-11 and green box 9 each give a purple 6 (reference: column_bonus, box_bonus); one shows.
    (v,) = check(sheet(blue=(3, 7, 11), green=9, purple=(6,)), game).violations
    assert (v.rule, v.params["need"], v.params["have"]) == ("bonus-number", 2, 1)
    assert describe(v, "en", game).startswith("blue column 3, green box 9 earned the bonus 'purple 6' 2 time(s)")
    (v,) = check(sheet(yellow=((3, 6, 5), (), (), ()), blue=(5, 6, 7, 8)), game).violations
    assert "every bonus from yellow row 1, blue row 2, round 4 land" in describe(v, "en", game)
