"""The disputed solo passive turn: what a finished sheet can show of the ruling.

Two rulings (``game.yaml`` ``turns.solo_passive``): ``none``, no action on the passive turn (the
seed, R-EN), and ``plus1``, the extra-die (+1) action may be used there (R-PL, FSJ).  The argument
is in ``docs/gsc-solo-passive.md``; in short:

* The dice budget of :mod:`~printkit.games.ganz_schon_clever.rules.legality` lets every +1 the sheet
  earned be used by the end of the game: that is the ``plus1`` ruling.
* Under ``none`` a +1 is used only at the end of an active turn.  A +1 used after passive turn
  ``k < 6`` can wait for the end of active turn ``k + 1`` (the marks keep their order; the first die
  marks of that stretch become the active player's picks), so a sheet cannot show those.  What
  cannot wait is the game's last turn, the sixth passive turn: nothing follows it.  So under ``none``
  either the last passive pick is not needed (``dice <= budget - 1``), or there is a *final
  cascade* ``F`` (one die mark and the bonuses it sets off, applied last) such that the rest of the
  sheet ``R`` is possible with the other 23 picks and the +1 earned in ``R`` alone.  The +1 that
  ``F`` earns come too late to use.

:func:`last_turn_check` searches for such an ``F`` (backwards from the finished sheet, exhaustively
within :data:`NODE_LIMIT`) and reuses the bonus-order search for ``R``.  Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.ganz_schon_clever.rules.schedule import Scheduler
from printkit.games.ganz_schon_clever.rules.tables import Marks, Tables
from printkit.games.ganz_schon_clever.rules.work import Work

NODE_LIMIT = 50_000  # final cascades tried before the search gives up ("undecided", never "illegal")

_GRIDS = ("yellow", "blue")
_TRACKS = ("green", "orange", "purple")


@dataclass(frozen=True, slots=True)
class _Group:
    area: int  # 0 yellow, 1 blue
    mask: int
    bonus: tuple[str, int]  # the mark it gives: (area, value; 0 = an X)


@dataclass(slots=True)
class _Cascade:
    """The final cascade built so far (forwards in time, from the sheet's last marks)."""

    grid: list[int]  # F's cells per grid area
    start: list[int | None]  # first F box per track (None: F leaves the track alone)
    pos: list[int]  # next box per touched track
    closed: list[int]  # per grid area: cells no later F mark may take (groups that already fired)
    area_closed: list[bool]  # per area (5): full when a bonus was lost there, no later F mark
    owed: list[int]  # group indexes that must still get a later F cell (fire later)
    pending: list[tuple[str, int]]


class _GiveUp(Exception):
    pass


def last_turn_possible(marks: Marks, t: Tables, rounds: int, budget_before_last: int,
                       used: int | None, work: Work | None = None) -> bool | None:
    """Can the sheet end with a last pick whose cascade leaves the rest inside the other picks?

    ``budget_before_last``: die picks before the last passive turn (the active turns' picks and
    the other passive picks); ``used``: the +1 the track shows used (None: not recorded, any number
    up to those earned); ``work``: the search nodes it may spend, its own and its bonus-order
    searches' (see :mod:`.work`).  None when the search gave up (then the sheet is not called impossible).
    """
    try:
        return _Search(marks, t, rounds, budget_before_last, used, work).run()
    except _GiveUp:
        return None


class _Search:
    def __init__(self, marks: Marks, t: Tables, rounds: int, budget: int, used: int | None,
                 work: Work | None = None) -> None:
        self.work = work
        self.m = marks
        self.t = t
        self.rounds = rounds
        self.budget = budget
        self.used = used
        self.groups: list[_Group] = []
        for trig in t.group_triggers:
            if trig.bonus is None or not trig.bonus.is_mark:
                continue
            ai = _GRIDS.index(trig.area)
            full = (marks.yellow, marks.blue)[ai]
            if full & trig.mask != trig.mask:
                continue  # never completed on this sheet: it fires nothing
            if trig.bonus.is_mark:
                assert trig.bonus.area is not None
                self.groups.append(_Group(ai, trig.mask, (trig.bonus.area, trig.bonus.value or 0)))
        self.sheet_grid = (marks.yellow, marks.blue)
        self.length = (marks.green, len(marks.orange), len(marks.purple))
        self.size = {a: t.size[a] for a in (*_GRIDS, *_TRACKS)}
        self.round_plus1 = sum(
            1 for r, opts in t.game.rounds.start_bonus.items()
            if r <= rounds and len(opts) == 1 and opts[0].kind == "plus1"
        )
        self.round_marks = sum(
            1 for r, opts in t.game.rounds.start_bonus.items() if r <= rounds and any(o.is_mark for o in opts)
        )
        self.nodes = 0
        self.tried: dict[tuple[int, ...], bool] = {}

    # ------------------------------------------------------------ the rest of the sheet
    def _rest_ok(self, c: _Cascade) -> bool:
        """Is the sheet without ``c`` possible with the picks before the last turn?"""
        ry = self.m.yellow & ~c.grid[0]
        rb = self.m.blue & ~c.grid[1]
        ends = [s if s is not None else n for s, n in zip(c.start, self.length, strict=True)]
        key = (ry, rb, *ends)
        ok = self.tried.get(key)
        if ok is None:
            ok = self._rest_possible(Marks(ry, rb, ends[0], self.m.orange[: ends[1]], self.m.purple[: ends[2]]))
            self.tried[key] = ok
        return ok

    def _rest_possible(self, rest: Marks) -> bool:
        t = self.t
        fired = t.fired(rest)
        mark_bonuses = sum(1 for f in fired if f.bonus is not None and f.bonus.is_mark)
        earned = self.round_plus1 + sum(1 for f in fired if f.bonus is not None and f.bonus.kind == "plus1")
        if self.used is not None and self.used > earned:
            return False  # a +1 crossed out on the track was earned too late to use
        usable = earned if self.used is None else self.used
        result = Scheduler(rest, t, self.rounds).solve(mark_bonuses + self.round_marks, self.work)
        if result.feasible is None:
            raise _GiveUp
        if not result.feasible:
            return False
        marks = (
            rest.yellow.bit_count() + rest.blue.bit_count() + rest.green + len(rest.orange) + len(rest.purple)
        )
        dice = marks - (mark_bonuses + self.round_marks - result.losses)
        return dice <= self.budget + usable

    # ------------------------------------------------------------ the final cascade
    def run(self) -> bool:
        empty = _Cascade([0, 0], [None, None, None], [0, 0, 0], [0, 0], [False] * 5, [], [])
        # No last pick at all: the whole sheet before the last turn.
        if self._rest_ok(empty):
            return True
        for ai in range(2):
            cells = self.sheet_grid[ai]
            for cell in _bits(cells):
                if self._grid_step(_copy(empty), ai, cell):
                    return True
        for ti in range(3):
            n = self.length[ti]
            for k in range(n - 1, -1, -1):
                c = _copy(empty)
                c.start[ti] = k
                c.pos[ti] = k
                if self._track_step(c, ti, None):
                    return True
        return False

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > NODE_LIMIT:
            raise _GiveUp
        if self.work is not None:
            if self.work.exhausted:
                raise _GiveUp
            self.work.spend(1)

    def _grid_step(self, c: _Cascade, ai: int, cell: int) -> bool:
        """Mark ``cell`` of grid ``ai`` as the next F mark, then each complete group fires now or later."""
        self._tick()
        bit = 1 << cell
        if c.grid[ai] & bit or c.closed[ai] & bit or c.area_closed[ai]:
            return False
        c.grid[ai] |= bit
        c.owed = [g for g in c.owed if not self.groups[g].mask & bit]
        mine = [i for i, g in enumerate(self.groups) if g.area == ai and g.mask & bit]
        return self._fire(c, mine, 0)

    def _fire(self, c: _Cascade, mine: list[int], i: int) -> bool:
        if i == len(mine):
            return self._next(c)
        g = self.groups[mine[i]]
        # Fires now: its other cells are all marked already, so no later F mark may take one.
        now = _copy(c)
        now.closed[g.area] |= g.mask
        now.pending.append(g.bonus)
        if self._fire(now, mine, i + 1):
            return True
        # Fires later: another of its cells is a later F mark.
        if g.mask & ~c.grid[g.area] & ~c.closed[g.area]:
            later = _copy(c)
            later.owed.append(mine[i])
            return self._fire(later, mine, i + 1)
        return False

    def _track_step(self, c: _Cascade, ti: int, number: int | None) -> bool:
        """Mark the next box of track ``ti`` (a die, or a bonus ``number``; 0 = X)."""
        self._tick()
        k = c.pos[ti]
        area = _TRACKS[ti]
        if k >= self.length[ti] or c.area_closed[2 + ti]:
            return False
        if number:
            value = self.m.orange[k] if ti == 1 else self.m.purple[k]
            mult = self.t.multipliers[k] if ti == 1 else 1
            if value != number * mult:
                return False
        c.pos[ti] = k + 1
        trig = self.t.box_triggers[area][k]
        if trig is not None and trig.bonus is not None and trig.bonus.is_mark:
            assert trig.bonus.area is not None
            c.pending.append((trig.bonus.area, trig.bonus.value or 0))
        return self._next(c)

    def _next(self, c: _Cascade) -> bool:
        """Apply the next pending bonus (the player picks which), or end the cascade."""
        if not c.pending:
            if c.owed or any(s is not None and p != n for s, p, n in zip(c.start, c.pos, self.length, strict=True)):
                return False
            # The +1 this cascade earns are not counted: nothing follows it to use them on.
            return self._rest_ok(c)
        seen: set[tuple[str, int]] = set()
        for i, bonus in enumerate(c.pending):
            if bonus in seen:
                continue
            seen.add(bonus)
            rest = c.pending[:i] + c.pending[i + 1:]
            if self._apply(c, bonus, rest):
                return True
        return False

    def _apply(self, c: _Cascade, bonus: tuple[str, int], rest: list[tuple[str, int]]) -> bool:
        area, value = bonus
        if area in _GRIDS:
            ai = _GRIDS.index(area)
            full = self.sheet_grid[ai] == (1 << self.size[area]) - 1
            # Lost: the area is full now, so no later F mark lies in it.
            if full and not c.area_closed[ai]:
                lost = _copy(c)
                lost.pending = list(rest)
                lost.area_closed[ai] = True
                lost.closed[ai] = self.sheet_grid[ai]
                owed_here = any(self.groups[g].area == ai for g in lost.owed)
                if not owed_here and self._next(lost):
                    return True
            for cell in _bits(self.sheet_grid[ai] & ~c.grid[ai] & ~c.closed[ai]):
                nxt = _copy(c)
                nxt.pending = list(rest)
                if self._grid_step(nxt, ai, cell):
                    return True
            return False
        ti = _TRACKS.index(area)
        n = self.length[ti]
        starts = [c.pos[ti]] if c.start[ti] is not None else range(n, -1, -1)
        for k in starts:
            nxt = _copy(c)
            nxt.pending = list(rest)
            if nxt.start[ti] is None:
                nxt.start[ti] = k
                nxt.pos[ti] = k
            refused = k == self.size[area] or (
                area == "purple" and value != 0 and k > 0
                and not (self.m.purple[k - 1] < value or self.m.purple[k - 1] == self.t.game.purple.reset_after)
            )
            if refused:  # lost; on a full track nothing more goes there
                lost = _copy(nxt)
                lost.area_closed[2 + ti] = k == self.size[area]
                if self._next(lost):
                    return True
                continue
            if k < n and self._track_step(nxt, ti, value if area in ("orange", "purple") else None):
                return True
        return False


def _copy(c: _Cascade) -> _Cascade:
    return _Cascade(list(c.grid), list(c.start), list(c.pos), list(c.closed), list(c.area_closed),
                    list(c.owed), list(c.pending))


def _bits(mask: int) -> list[int]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out
