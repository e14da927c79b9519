"""The bonus-order search as it was before the canonical-order rewrite (test oracle only).

Kept verbatim (apart from this header) so tests/games/ganz_schon_clever/test_gsc_schedule.py can show the new search
in printkit/rules/gsc_schedule.py gives the same verdicts and minimum losses.  Original docstring:

Can the marks of a final sheet be put in an order the rules allow?  (The bonus search.)

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

from printkit.games.ganz_schon_clever.model.game import Bonus
from printkit.games.ganz_schon_clever.rules.tables import Marks, Tables

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

    __slots__ = ("cell_groups", "classes", "free_total", "full", "rel", "relevant")

    def __init__(self, fmask: int, full_mask: int, groups: list[tuple[int, _Code]]) -> None:
        rel = [(m, c) for m, c in groups if fmask & m == m]
        self.rel = tuple(rel)
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
        codes = _game_codes(t)
        self.grid = (
            _GridArea(marks.yellow, t.full_mask["yellow"], codes.groups[0]),
            _GridArea(marks.blue, t.full_mask["blue"], codes.groups[1]),
        )
        self.track_len = (marks.green, len(marks.orange), len(marks.purple))
        self.track_size = (t.size["green"], t.size["orange"], t.size["purple"])
        self.track_bonus = codes.track
        self.orange = marks.orange
        self.purple = marks.purple
        self.multipliers = t.multipliers
        self.reset = t.game.purple.reset_after
        self.round_choices = codes.rounds_for(t, rounds)
        # Suffix tables: the mark bonuses still ahead on a track (per game, by length and
        # position), and, built on first use, the boxes ahead that show a given bonus number.
        self.track_need = tuple(codes.need[ti][n] for ti, n in enumerate(self.track_len))
        self.track_ahead = tuple(codes.ahead[ti][n] for ti, n in enumerate(self.track_len))
        self.room: dict[_Code, tuple[int, ...]] = {}
        # A loss needs a full area, or a purple number the purple rule may refuse (a 6 never is).
        self.loss_possible = (
            self.grid[0].full
            or self.grid[1].full
            or any(n == s for n, s in zip(self.track_len, self.track_size, strict=True))
            or any(c[0] == 4 and c[1] != self.reset for c in codes.numbers)
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
        remaining = (
            ym & yellow.relevant != yellow.relevant
            or bm & blue.relevant != blue.relevant
            or self.track_ahead[0][g]
            or self.track_ahead[1][o]
            or self.track_ahead[2][p]
        )
        state = (ym, yf, bm, bf, g, o, p, rd, loss)
        if not remaining and rd == len(self.round_choices):
            return True
        if not self._viable(state, ()):
            self.failed.add(key)
            return False
        # Moves, most promising first: dice that complete something (a bonus lands while the
        # sheet still has room for it), the round-4 bonus, plain track advances, then plain grid
        # marks (open cells are landing spots for X bonuses, so they are kept open longest), and
        # free cells of a full area last.  Order only affects speed, never the answer.
        plain_track: list[tuple[tuple[int, ...], tuple[_Code, ...]]] = []
        plain_grid: list[tuple[tuple[int, ...], tuple[_Code, ...]]] = []
        free: list[tuple[int, ...]] = []
        if remaining:
            for ai, area in enumerate(self.grid):
                mask = ym if ai == 0 else bm
                for cells in area.classes:
                    for c in cells:
                        if not mask >> c & 1:
                            move = self._mark_cell(state, ai, c)
                            if not move[1]:
                                plain_grid.append(move)
                            elif self._resolve(*move):
                                return True
                            break
                free_marked = yf if ai == 0 else bf
                if area.full and free_marked < area.free_total:
                    s = list(state)
                    s[1 + 2 * ai] += 1
                    free.append(tuple(s))
            for ti in range(3):
                pos = state[4 + ti]
                if pos < self.track_len[ti]:
                    s = list(state)
                    s[4 + ti] = pos + 1
                    fired = self.track_bonus[ti][pos]
                    if not fired:
                        plain_track.append((tuple(s), ()))
                    elif self._resolve(tuple(s), (fired,)):
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
        for nxt, fired in plain_track + plain_grid:
            if self._resolve(nxt, fired):
                return True
        for nxt_state in free:
            if self._stable(*nxt_state):
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
        if not self._viable(state, pending):
            self.failed.add(key)
            return False
        tried: set[_Code] = set()
        for i, code in enumerate(pending):
            if code in tried:
                continue
            tried.add(code)
            rest = pending[:i] + pending[i + 1 :]
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

    def _viable(self, state: tuple[int, ...], pending: tuple[_Code, ...]) -> bool:
        """Cheap necessary condition: the bonuses still to come fit in what the sheet has left.

        Every relevant group or box not yet completed will complete (the final sheet completes
        it), and each of its bonuses needs its own mark in a not-full area: an open cell, a green
        box, or an orange/purple box further right that shows exactly that number.
        """
        need: list[_Code] = list(pending)
        for ai in (0, 1):
            mask = state[2 * ai]
            need.extend(c for m, c in self.grid[ai].rel if mask & m != m)
        for ti in range(3):
            need.extend(self.track_need[ti][state[4 + ti]])
        if not need:
            return True
        counts: dict[_Code, int] = {}
        for c in need:
            counts[c] = counts.get(c, 0) + 1
        for (ai, value), n in counts.items():
            lossy = state[8] < self.max_losses  # a full area may still swallow this bonus
            if ai < 2:
                area = self.grid[ai]
                if area.full and lossy:
                    continue
                mask = state[2 * ai]
                room = (area.relevant & ~mask).bit_count() + area.free_total - state[2 * ai + 1]
            else:
                ti = ai - 2
                if self.track_len[ti] == self.track_size[ti] and lossy:
                    continue
                pos = state[4 + ti]
                if ti == 0:
                    room = self.track_len[0] - pos
                else:
                    table = self.room.get((ai, value)) or self._room((ai, value))
                    room = table[pos]
            if n > room:
                return False
        return True

    def _room(self, code: _Code) -> tuple[int, ...]:
        ai, value = code
        vals = self.orange if ai == 3 else self.purple
        mults = self.multipliers if ai == 3 else (1,) * len(vals)
        suffix = [0] * (len(vals) + 1)
        for i in range(len(vals) - 1, -1, -1):
            suffix[i] = suffix[i + 1] + (vals[i] == value * mults[i])
        self.room[code] = tuple(suffix)
        return self.room[code]

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
            return area.full and state[2 * ai] & area.relevant == area.relevant and state[2 * ai + 1] == area.free_total
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


class _GameCodes:
    """Per-game bonus codes: grid groups with mark bonuses, box bonuses per track, numbers."""

    def __init__(self, t: Tables) -> None:
        groups: tuple[list[tuple[int, _Code]], list[tuple[int, _Code]]] = ([], [])
        for trig in t.group_triggers:
            if trig.bonus is not None and trig.bonus.is_mark:
                groups[_AREA_INDEX[trig.area]].append((trig.mask, _code(trig.bonus)))
        self.groups = groups
        self.track: tuple[tuple[_Code | None, ...], ...] = tuple(
            tuple(_code(b.bonus) if b and b.bonus and b.bonus.is_mark else None for b in t.box_triggers[a])
            for a in ("green", "orange", "purple")
        )
        every = [c for g in groups for _, c in g] + [c for row in self.track for c in row if c]
        every += [_code(o) for opts in t.game.rounds.start_bonus.values() for o in opts if o.is_mark]
        self.numbers = tuple(sorted({c for c in every if c[0] >= 3}))
        self._rounds: dict[int, tuple[tuple[_Code, ...], ...]] = {}
        # need[ti][n][pos]: mark bonuses on boxes pos..n-1 of track ti; ahead: whether any.
        self.need = tuple(
            tuple(tuple(tuple(c for c in row[pos:n] if c) for pos in range(n + 1)) for n in range(len(row) + 1))
            for row in self.track
        )
        self.ahead = tuple(tuple(tuple(bool(x) for x in by_pos) for by_pos in by_len) for by_len in self.need)

    def rounds_for(self, t: Tables, rounds: int) -> tuple[tuple[_Code, ...], ...]:
        """Round bonuses that put a mark, for a game of ``rounds`` rounds (round 4: a choice)."""
        hit = self._rounds.get(rounds)
        if hit is None:
            hit = tuple(
                tuple(_code(o) for o in opts if o.is_mark)
                for r, opts in sorted(t.game.rounds.start_bonus.items())
                if r <= rounds and any(o.is_mark for o in opts)
            )
            self._rounds[rounds] = hit
        return hit


_CODES: dict[int, tuple[Tables, _GameCodes]] = {}


def _game_codes(t: Tables) -> _GameCodes:
    hit = _CODES.get(id(t))
    if hit is None or hit[0] is not t:
        hit = (t, _GameCodes(t))
        _CODES[id(t)] = hit
    return hit[1]


class _GiveUp(Exception):
    pass
