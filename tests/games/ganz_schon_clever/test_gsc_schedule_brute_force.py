"""The bonus-order search against a brute force that knows nothing of it.

The reference below is written from the published sheet alone (the layout is typed in here, not read
from printkit's data or tables) and tries *every* order of single events: a die mark on any mark the
final sheet shows, the round-4 bonus, and each pending bonus resolved in any order, on any target it may
take, or lost where the rules let it be lost.  It keeps the fewest lost bonuses over all orders (memoised
on the full state).  It is exponential, so the sheets are small -- a few grid groups and one long track --
but they are drawn to complete bonus-giving rows, columns and boxes, to fill a track (so bonuses may be
lost), and to write bonus numbers where bonuses can land, so that orders matter and many sheets have no
possible order at all.
"""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import Sheet
from printkit.games.ganz_schon_clever.rules.schedule import Scheduler
from printkit.games.ganz_schon_clever.rules.tables import tables

# ---------------------------------------------------------------- the published sheet, typed in
# Yellow: printed numbers by (row, column); the anti-diagonal is pre-printed X (no box).
YELLOW = {(0, 0): 3, (0, 1): 6, (0, 2): 5, (1, 0): 2, (1, 1): 1, (1, 3): 5,
          (2, 0): 1, (2, 2): 2, (2, 3): 4, (3, 1): 3, (3, 2): 4, (3, 3): 6}
Y_ROWS = {0: ("X", "blue"), 1: ("N", "orange", 4), 2: ("X", "green")}  # row 4 gives a fox
# Blue: boxes by their sum; rows and columns of sums; the corner has no box.
BLUE = tuple(range(2, 13))
B_GROUPS = {(2, 3, 4): ("N", "orange", 5), (5, 6, 7, 8): ("X", "yellow"),          # row 3: a fox
            (2, 6, 10): ("X", "green"), (3, 7, 11): ("N", "purple", 6)}           # {5,9} reroll, {4,8,12} +1
# Tracks: 11 boxes each; the mark bonuses on boxes (0-based index).
TRACK = 11
GREEN_BONUS = {5: ("X", "blue"), 8: ("N", "purple", 6)}
ORANGE_MULT = (1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3)
ORANGE_BONUS = {4: ("X", "yellow"), 9: ("N", "purple", 6)}
PURPLE_BONUS = {3: ("X", "blue"), 5: ("X", "yellow"), 8: ("X", "green"), 9: ("N", "orange", 6)}
ROUND_4 = (("X", "yellow"), ("X", "blue"), ("X", "green"), ("N", "orange", 6), ("N", "purple", 6))
NEVER = 99


def brute_force(yellow: frozenset, blue: frozenset, green: int, orange: tuple, purple: tuple) -> int | None:
    """The fewest bonuses lost over every order of the marks of this final sheet; None: no order works."""
    y_groups = [(frozenset(c for c in YELLOW if c[0] == r), b) for r, b in Y_ROWS.items()]
    b_groups = [(frozenset(cells), b) for cells, b in B_GROUPS.items()]

    def completed(before: frozenset, after: frozenset, groups: list) -> tuple:
        return tuple(b for cells, b in groups if cells <= after and not cells <= before)

    def mark(state: tuple, area: str, cell: object = None) -> tuple[tuple, tuple]:
        """Mark ``cell`` (a grid) or the next box (a track): the new state and the bonuses it gives."""
        ys, bs, g, o, p, rnd = state
        if area == "yellow":
            return (ys | {cell}, bs, g, o, p, rnd), completed(ys, ys | {cell}, y_groups)
        if area == "blue":
            return (ys, bs | {cell}, g, o, p, rnd), completed(bs, bs | {cell}, b_groups)
        if area == "green":
            return (ys, bs, g + 1, o, p, rnd), tuple(b for b in [GREEN_BONUS.get(g)] if b)
        if area == "orange":
            return (ys, bs, g, o + 1, p, rnd), tuple(b for b in [ORANGE_BONUS.get(o)] if b)
        return (ys, bs, g, o, p + 1, rnd), tuple(b for b in [PURPLE_BONUS.get(p)] if b)

    def outcomes(state: tuple, bonus: tuple) -> tuple[bool, list]:
        """(lost: the rules throw the bonus away, landings: (state, bonuses given) for each target)."""
        ys, bs, g, o, p, _ = state
        area = bonus[1]
        if area == "yellow":
            return len(ys) == len(YELLOW), [mark(state, "yellow", c) for c in yellow - ys]
        if area == "blue":
            return len(bs) == len(BLUE), [mark(state, "blue", c) for c in blue - bs]
        if area == "green":
            return g == TRACK, [mark(state, "green")] if g < green else []
        value = bonus[2]
        if area == "orange":
            fits = o < len(orange) and orange[o] == value * ORANGE_MULT[o]
            return o == TRACK, [mark(state, "orange")] if fits else []
        refused = p == TRACK or (p > 0 and not (purple[p - 1] < value or purple[p - 1] == 6))
        fits = not refused and p < len(purple) and purple[p] == value
        return refused, [mark(state, "purple")] if fits else []

    @cache
    def best(state: tuple, pending: tuple) -> int:
        ys, bs, g, o, p, rnd = state
        if pending:
            result = NEVER
            for i, bonus in enumerate(pending):
                rest = pending[:i] + pending[i + 1:]
                lost, landings = outcomes(state, bonus)
                if lost:
                    result = min(result, 1 + best(state, rest))
                for nxt, given_ in landings:
                    result = min(result, best(nxt, tuple(sorted(rest + given_))))
            return result
        if ys == yellow and bs == blue and g == green and o == len(orange) and p == len(purple) and rnd:
            return 0
        result = NEVER
        moves = [mark(state, "yellow", c) for c in yellow - ys] + [mark(state, "blue", c) for c in blue - bs]
        moves += [mark(state, a) for a, at, end in (("green", g, green), ("orange", o, len(orange)),
                                                       ("purple", p, len(purple))) if at < end]
        for nxt, given_ in moves:
            result = min(result, best(nxt, tuple(sorted(given_))))
        if not rnd:  # the round-4 bonus: one option lands, or it is lost if every option is thrown away
            taken = (ys, bs, g, o, p, True)
            each = [outcomes(taken, option) for option in ROUND_4]
            if all(lost for lost, _ in each):
                result = min(result, 1 + best(taken, ()))
            for _, landings in each:
                for nxt, given_ in landings:
                    result = min(result, best(nxt, tuple(sorted(given_))))
        return result

    found = best((frozenset(), frozenset(), 0, 0, 0, False), ())
    return None if found >= NEVER else found


# ---------------------------------------------------------------- small sheets that make orders matter
Y_GROUPS = [frozenset(c for c in YELLOW if c[0] == r) for r in range(4)] + [
    frozenset(c for c in YELLOW if c[1] == col) for col in range(4)]


@st.composite
def small_sheets(draw: st.DrawFn) -> tuple[frozenset, frozenset, int, tuple, tuple]:
    yellow = set().union(*draw(st.lists(st.sampled_from(Y_GROUPS), max_size=1)))
    yellow |= set(draw(st.lists(st.sampled_from(sorted(YELLOW)), max_size=2)))
    blue = set().union(*draw(st.lists(st.sampled_from([*sorted(B_GROUPS), (5, 9), (4, 8, 12)]), max_size=1)))
    blue |= set(draw(st.lists(st.sampled_from(BLUE), max_size=2)))
    # One track long (often full: bonuses may be lost there), the other two short.
    long_track = draw(st.sampled_from(("green", "orange", "purple")))
    lengths = {t: draw(st.integers(0, 3)) for t in ("green", "orange", "purple")}
    lengths[long_track] = draw(st.sampled_from((6, 9, 10, 11, 11, 11, 11)))
    # Bonus numbers (4, 5, 6) where bonuses can land, other numbers where they cannot; often one bonus
    # number is nowhere, so a bonus for it can only be lost (on a full track) or the sheet is impossible.
    missing = draw(st.sampled_from((4, 5, 6, None)))
    dice = st.sampled_from([d for d in (4, 5, 6, 6, 1, 3, 2) if d != missing])
    orange = tuple(draw(dice) * ORANGE_MULT[i] for i in range(lengths["orange"]))
    purple = tuple(draw(dice) for _ in range(lengths["purple"]))
    return frozenset(yellow), frozenset(blue), lengths["green"], orange, purple


def as_sheet(yellow: frozenset, blue: frozenset, green: int, orange: tuple, purple: tuple) -> Sheet:
    rows = tuple(tuple(YELLOW[c] for c in sorted(yellow) if c[0] == r) for r in range(4))
    return Sheet(players=4, yellow=rows, blue=tuple(sorted(blue)), green=green, orange=orange, purple=purple)


ROW_2 = frozenset({(1, 0), (1, 1), (1, 3)})  # yellow 2, 1, 5: gives orange 4
NO_FOURS = (3, 3, 3, 6, 3, 3, 6, 3, 6, 3, 9)  # a full orange row with no 4 (x multiplier) and no 5 in it


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_sheets())
@example((ROW_2, frozenset(), 1, NO_FOURS, (6,)))  # the orange 4 is lost: 1
@example((ROW_2, frozenset({2, 3, 4}), 1, NO_FOURS, (6,)))  # the orange 4 and the orange 5 are lost: 2
@example((ROW_2, frozenset(), 1, (4, 1, 1, 2, 1), ()))  # no order (see test_gsc_schedule)
@example((ROW_2 | {(0, 0)}, frozenset(), 1, (4, 1, 1, 2, 1), ()))  # a spare yellow cell: possible
def test_the_search_finds_what_trying_every_order_finds(game: GscGame, drawn: tuple) -> None:
    expected = brute_force(*drawn)
    event("no order" if expected is None else f"{expected} lost")
    t = tables(game)
    result = Scheduler(t.marks(as_sheet(*drawn)), t, rounds=4).solve(20)
    assert result.feasible is not None  # decided
    assert (result.feasible, result.losses if result.feasible else None) == (expected is not None, expected)
