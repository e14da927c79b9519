"""Can the marks of a final sheet be put in an order the rules allow?  (The bonus search.)

A final sheet shows *what* was marked, not *when* or *why*.  Every completed row, column or bonus
box gave its bonus the moment it was completed, and a bonus that puts a mark (an X or a number)
is mandatory: it is lost only if its area is full at that moment.  So the sheet is possible only
if its marks can be ordered so that

* each bonus lands, immediately, on a mark the sheet shows (an open yellow/blue cell of the
  player's choice; the next green box; the next orange/purple box, which must then show exactly
  the bonus number, times the multiplier in orange);
* each bonus mark is caused by an earlier mark (no circular justification);
* the round-4 bonus (black X or black 6) lands somewhere, unless all its target areas are full.

Every other mark came from a die.  Because every bonus that fired either lands or is lost, the
number of die marks is ``marks - bonuses fired + bonuses lost``; the search therefore looks for
an order with the fewest lost bonuses.

The search is exact over a compressed state: only rows/columns/boxes whose bonus puts a mark and
which the final sheet completes can matter, so grid cells outside such groups ("free" cells) are
kept as a count.  Leaving free cells open for as long as possible never hurts, except in an area
the sheet fills completely (filling it early lets a later bonus be lost), so only there may dice
mark them early.  Cells that belong to the same relevant groups are interchangeable, so only the
lowest open one of each class is tried.  Failed states are memoised.

The time of the round-4 bonus relative to the dice (it comes after three rounds of turns) is not
modelled: the search may take it at any point.  That only ever makes the search more permissive.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.model.gsc import Bonus
from printkit.rules.gsc_tables import Marks, Tables

NODE_LIMIT = 200_000  # beyond this the search gives up and reports "undecided" (never "illegal")

# Bonus encoding inside the search: (area index, value); value 0 = an X.
_AREA_INDEX = {"yellow": 0, "blue": 1, "green": 2, "orange": 3, "purple": 4}
_Code = tuple[int, int]


@dataclass(frozen=True, slots=True)
class ScheduleResult:
    """``feasible`` is None when the search gave up (too many states); ``losses`` is the minimum."""

    feasible: bool | None
    losses: int = 0
    nodes: int = 0


def _code(b: Bonus) -> _Code:
    assert b.area is not None
    return (_AREA_INDEX[b.area], 0 if b.kind == "X" else int(b.value or 0))


class _GridArea:
    """One grid area (yellow or blue) of the sheet under test, compressed as described above."""

    __slots__ = ("cell_groups", "classes", "free_total", "full", "relevant")

    def __init__(self, fmask: int, full_mask: int, groups: list[tuple[int, _Code]]) -> None:
        rel = [(m, c) for m, c in groups if fmask & m == m]
        self.relevant = 0
        for m, _ in rel:
            self.relevant |= m
        self.full = fmask == full_mask
        self.free_total = (fmask & ~self.relevant).bit_count()
        sig: dict[tuple[int, ...], list[int]] = {}
        self.cell_groups: dict[int, tuple[tuple[int, _Code], ...]] = {}
        c, rest = 0, self.relevant
        while rest:
            if rest & 1:
                key = tuple(i for i, (m, _) in enumerate(rel) if m >> c & 1)
                sig.setdefault(key, []).append(c)
                self.cell_groups[c] = tuple(rel[i] for i in key)
            rest >>= 1
            c += 1
        self.classes = tuple(tuple(cells) for cells in sig.values())


class Scheduler:
    """Search for an order of the marks of ``marks`` (see the module docstring)."""

    def __init__(self, marks: Marks, t: Tables, rounds: int) -> None:
        groups: dict[str, list[tuple[int, _Code]]] = {"yellow": [], "blue": []}
        for trig in t.group_triggers:
            if trig.bonus is not None and trig.bonus.is_mark:
                groups[trig.area].append((trig.mask, _code(trig.bonus)))
        self.grid = (
            _GridArea(marks.yellow, t.full_mask["yellow"], groups["yellow"]),
            _GridArea(marks.blue, t.full_mask["blue"], groups["blue"]),
        )
        self.track_len = (marks.green, len(marks.orange), len(marks.purple))
        self.track_size = (t.size["green"], t.size["orange"], t.size["purple"])
        self.track_bonus: tuple[tuple[_Code | None, ...], ...] = tuple(
            tuple(_code(b.bonus) if b and b.bonus and b.bonus.is_mark else None for b in t.box_triggers[a])
            for a in ("green", "orange", "purple")
        )
        self.orange = marks.orange
        self.purple = marks.purple
        self.multipliers = t.multipliers
        self.reset = t.game.purple.reset_after
        mark_rounds = [opts for r, opts in t.game.rounds.start_bonus.items()
                       if r <= rounds and any(o.is_mark for o in opts)]
        # A round bonus with several options (round 4) is a choice; each option is one code.
        self.round_choices: tuple[tuple[_Code, ...], ...] = tuple(
            tuple(_code(o) for o in opts if o.is_mark) for opts in mark_rounds
        )
        purple_codes = [c for grp in groups.values() for _, c in grp if c[0] == 4]
        purple_codes += [c for row in self.track_bonus for c in row if c and c[0] == 4]
        purple_codes += [c for opts in self.round_choices for c in opts if c[0] == 4]
        # A loss needs a full area, or a purple number the purple rule may refuse (a 6 never is).
        self.loss_possible = (
            self.grid[0].full or self.grid[1].full
            or any(n == s for n, s in zip(self.track_len, self.track_size, strict=True))
            or any(c[1] != self.reset for c in purple_codes)
        )
        self.nodes = 0
        self.max_losses = 0
        self.failed: set[tuple[object, ...]] = set()

    # ---------------------------------------------------------------- public
    def solve(self, loss_limit: int) -> ScheduleResult:
        """Find the fewest losses (at most ``loss_limit``) with which the sheet can be produced."""
        total = 0
        for limit in range(loss_limit + 1):
            self.max_losses = limit
            self.failed = set()
            self.nodes = 0
            try:
                ok = self._stable(0, 0, 0, 0, 0, 0, 0, 0, 0)
            except _GiveUp:
                return ScheduleResult(None, 0, total + self.nodes)
            total += self.nodes
            if ok:
                return ScheduleResult(True, limit, total)
            if not self.loss_possible:
                break
        return ScheduleResult(False, 0, total)

    # ---------------------------------------------------------------- search
    # State: ym, yf (free yellow cells marked), bm, bf, g, o, p, rounds done (count), losses.
    def _stable(self, ym: int, yf: int, bm: int, bf: int, g: int, o: int, p: int, rd: int, loss: int) -> bool:
        key = (ym, yf, bm, bf, g, o, p, rd, loss)
        if key in self.failed:
            return False
        self.nodes += 1
        if self.nodes > NODE_LIMIT:
            raise _GiveUp
        yellow, blue = self.grid
        gl, ol, pl = self.track_len
        remaining = (
            ym & yellow.relevant != yellow.relevant
            or bm & blue.relevant != blue.relevant
            or any(c is not None for c in self.track_bonus[0][g:gl])
            or any(c is not None for c in self.track_bonus[1][o:ol])
            or any(c is not None for c in self.track_bonus[2][p:pl])
        )
        state = (ym, yf, bm, bf, g, o, p, rd, loss)
        if not remaining and rd == len(self.round_choices):
            return True
        # Dice moves: the lowest open cell of each class, free cells (full areas only), tracks.
        if remaining:
            for ai, area in enumerate(self.grid):
                mask = ym if ai == 0 else bm
                for cells in area.classes:
                    for c in cells:
                        if not mask >> c & 1:
                            if self._resolve(*self._mark_cell(state, ai, c)):
                                return True
                            break
                free_marked = yf if ai == 0 else bf
                if area.full and free_marked < area.free_total:
                    s = list(state)
                    s[1 + 2 * ai] += 1
                    if self._stable(*s):
                        return True
            for ti in range(3):
                pos = state[4 + ti]
                if pos < self.track_len[ti]:
                    s = list(state)
                    s[4 + ti] = pos + 1
                    fired = self.track_bonus[ti][pos]
                    if self._resolve(tuple(s), (fired,) if fired else ()):
                        return True
        if rd < len(self.round_choices):
            choices = self.round_choices[rd]
            s = list(state)
            s[7] = rd + 1
            base = tuple(s)
            placed = False
            for code in choices:
                if self._lost(base, code):
                    continue
                placed = True
                for nxt, fired in self._place(base, code):
                    if self._resolve(nxt, fired):
                        return True
            if not placed and loss < self.max_losses:
                s[8] = loss + 1
                if self._stable(*s):
                    return True
        self.failed.add(key)
        return False

    def _resolve(self, state: tuple[int, ...], pending: tuple[_Code, ...]) -> bool:
        if not pending:
            return self._stable(*state)
        key = (state, tuple(sorted(pending)))
        if key in self.failed:
            return False
        self.nodes += 1
        tried: set[_Code] = set()
        for i, code in enumerate(pending):
            if code in tried:
                continue
            tried.add(code)
            rest = pending[:i] + pending[i + 1:]
            if self._lost(state, code):
                if state[8] < self.max_losses:
                    s = list(state)
                    s[8] += 1
                    if self._resolve(tuple(s), rest):
                        return True
                continue
            for nxt, fired in self._place(state, code):
                if self._resolve(nxt, rest + fired):
                    return True
        self.failed.add(key)
        return False

    # ---------------------------------------------------------------- moves
    def _mark_cell(self, state: tuple[int, ...], ai: int, c: int) -> tuple[tuple[int, ...], tuple[_Code, ...]]:
        s = list(state)
        mask = s[2 * ai] | 1 << c
        s[2 * ai] = mask
        fired = tuple(code for m, code in self.grid[ai].cell_groups[c] if mask & m == m)
        return tuple(s), fired

    def _lost(self, state: tuple[int, ...], code: _Code) -> bool:
        """True when the rules drop bonus ``code`` now: its area is full, or purple refuses it."""
        ai, value = code
        if self._area_full(state, ai):
            return True
        if ai == 4 and value:
            pos = state[6]
            if pos > 0 and not (self.purple[pos - 1] < value or self.purple[pos - 1] == self.reset):
                return True
        return False

    def _area_full(self, state: tuple[int, ...], ai: int) -> bool:
        if ai < 2:
            area = self.grid[ai]
            return (area.full and state[2 * ai] & area.relevant == area.relevant
                    and state[2 * ai + 1] == area.free_total)
        return state[2 + ai] == self.track_size[ai - 2]

    def _place(self, state: tuple[int, ...], code: _Code) -> list[tuple[tuple[int, ...], tuple[_Code, ...]]]:
        """Every way to apply bonus ``code`` on a not-full area, consistent with the final sheet."""
        ai, value = code
        if ai < 2:
            area = self.grid[ai]
            mask = state[2 * ai]
            out = []
            if state[2 * ai + 1] < area.free_total:
                s = list(state)
                s[2 * ai + 1] += 1
                out.append((tuple(s), ()))
            for cells in area.classes:
                for c in cells:
                    if not mask >> c & 1:
                        out.append(self._mark_cell(state, ai, c))
                        break
            return out
        ti = ai - 2
        pos = state[4 + ti]
        if pos >= self.track_len[ti]:
            return []  # the bonus had to go into a box the sheet leaves empty
        if ti == 1 and self.orange[pos] != value * self.multipliers[pos]:
            return []
        if ti == 2 and self.purple[pos] != value:
            return []
        s = list(state)
        s[4 + ti] = pos + 1
        fired = self.track_bonus[ti][pos]
        return [(tuple(s), (fired,) if fired else ())]


class _GiveUp(Exception):
    pass
