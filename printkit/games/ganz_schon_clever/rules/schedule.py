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
an order with the fewest lost bonuses (iterative deepening on the number of losses).

Compressed state
----------------
Only rows/columns/boxes whose bonus puts a mark and which the final sheet completes can matter
("relevant" groups); grid cells outside them ("free" cells) are kept as a count.  Cells that
belong to the same relevant groups are interchangeable (swapping two of them maps any valid order
to a valid order of the same sheet), so only the lowest open cell of each class is ever marked.
State: ``(yellow mask, yellow free marked, blue mask, blue free marked, green, orange, purple,
round bonuses done, losses)``; failed states are memoised.

Canonical orders: plain marks are made lazily
---------------------------------------------
An order is a sequence of *cascades*: a root (a die mark, or the round-4 bonus) followed by the
bonuses it sets off, applied at once in an order the player picks.  A *plain* cascade is a die
mark that sets off no mark bonus.  The old search interleaved plain marks freely with everything
else, so on tangled sheets it walked the product of all areas' positions (thousands of states) to
refute one early mistake.  This search only builds *canonical* orders, in which every plain mark is
made as late as possible, and lets a cascade "pull in" the plain marks it needs at the moment it
needs them (they are read as die marks made just before the cascade's root):

* **Postponement lemma.**  Let a plain die mark ``p`` stand right before a cascade ``C`` that does
  not *need* it, where ``C`` needs ``p`` if
  - ``p`` marks grid cell ``c`` and a step of ``C`` completes a relevant group containing ``c``, or
    ``C`` loses a bonus because ``c``'s area is full; or
  - ``p`` marks the next box of track ``t`` and a step of ``C`` lands on, advances, or loses a bonus
    on ``t`` (a full track, or the purple rule refusing a number after the box's value).
  Then ``C, p`` is valid as well, with the same final sheet and the same losses: ``C`` never
  looked at what ``p`` changed (an X landing only needs *some* open cell, and fewer marks never
  complete more groups), and ``p`` stays plain afterwards (a group containing ``c`` complete after
  ``C, p`` was complete after ``p, C``; it did not complete at ``p`` and, as ``C`` does not need
  ``p``, not in ``C`` either, so it was complete before ``p``).  Plain marks commute with each
  other for the same reasons.  Moving every unneeded plain mark to the right (this terminates) turns
  any valid order into one where each plain mark is needed by the next non-plain cascade or comes
  after the last one (the "tail", which the end test allows implicitly: free cells and boxes
  without a mark bonus).
* **Pulling.**  The search therefore never makes a plain mark on its own.  Stable states only
  start non-plain cascades: a die mark that completes a relevant group, a die mark on the next
  track box with a mark bonus, or the round-4 bonus.  A step that marks grid cell ``d`` may complete
  any of ``d``'s relevant groups by pulling the group's other open cells; a step on a track may
  first pull the boxes before its landing box (none of them may carry a mark bonus); a loss may
  pull what makes its area full.  A pulled grid cell must complete no relevant group at the moment
  it is pulled; then, read as a die mark before the root, it changes nothing earlier in the
  cascade (a group it would have completed earlier would be complete now, since masks only grow;
  and its area was not full earlier, as the cell was open).  A track is pulled only while the
  cascade has not touched it yet (``touched`` bits), so no earlier step saw its position.
  Conversely, in a canonical order the first step of ``C`` that needs a pre-root plain mark is
  exactly a step that can pull it, with exactly these pull sets (the group's other open cells; the
  boxes before the landing box; everything left in a full area).  So the search finds a canonical
  order whenever a valid order exists, and every order it finds is valid: it is **exact**.

The time of the round-4 bonus relative to the dice (it comes after three rounds of turns) is not
modelled: the search may take it at any point.  That only ever makes the search more permissive.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product

from printkit.games.ganz_schon_clever.model.game import Bonus
from printkit.games.ganz_schon_clever.rules.tables import Marks, Tables
from printkit.games.ganz_schon_clever.rules.work import Work

NODE_LIMIT = 200_000  # beyond this the search gives up and reports "undecided" (never "illegal")
NO_BOUND = 1 << 62  # no work given: NODE_LIMIT alone bounds a search
FIELD_BITS = 8  # per bonus code in a packed count: counts and rooms up to 127, then a guard bit
FIELD_MASK = (1 << FIELD_BITS) - 1
GUARD = 1 << (FIELD_BITS - 1)

# Bonus encoding inside the search: (area index, value); value 0 = an X.
_AREA_INDEX = {"yellow": 0, "blue": 1, "green": 2, "orange": 3, "purple": 4}
_Code = tuple[int, int]
_State = tuple[int, ...]
# One way to apply a bonus or start a cascade: (state, touched tracks, bonuses it sets off).
_Option = tuple[_State, int, tuple[_Code, ...]]


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

    __slots__ = ("_marks", "_open", "cell_groups", "classes", "free_total", "full", "rel", "relevant", "unit")

    def __init__(
        self, fmask: int, full_mask: int, groups: list[tuple[int, _Code]], unit: dict[_Code, int]
    ) -> None:
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
        self.unit = unit
        self._open: dict[int, int] = {}
        self._marks: dict[tuple[int, int], tuple[tuple[int, tuple[_Code, ...]], ...]] = {}

    def open_need(self, mask: int) -> int:
        """The bonuses of the relevant groups ``mask`` has not completed yet, as a packed count
        (see :class:`_GameCodes`; remembered per mask)."""
        hit = self._open.get(mask)
        if hit is None:
            hit = self._open[mask] = sum(self.unit[c] for m, c in self.rel if mask & m != m)
        return hit

    def marks(self, mask: int, d: int) -> tuple[tuple[int, tuple[_Code, ...]], ...]:
        """Ways to mark cell ``d`` now: (new mask, bonuses set off).

        For each subset of ``d``'s relevant groups the group's other open cells may be pulled
        (plain die marks read as made before the cascade's root), so the group completes at ``d``;
        a pull is refused if a pulled cell would complete a relevant group by itself.
        Remembered per (mask, cell): the search and the sheets that share this area ask again.
        """
        hit = self._marks.get((mask, d))
        if hit is None:
            hit = self._marks[(mask, d)] = self._ways(mask, d)
        return hit

    def _ways(self, mask: int, d: int) -> tuple[tuple[int, tuple[_Code, ...]], ...]:
        bit = 1 << d
        groups = self.cell_groups[d]
        optional = [g for g, _ in groups if g & ~mask & ~bit]
        out: dict[int, tuple[_Code, ...]] = {}
        for pick in product((False, True), repeat=len(optional)):
            pull = 0
            for on, g in zip(pick, optional, strict=True):
                if on:
                    pull |= g & ~mask & ~bit
            if pull:
                before = mask | pull
                if any(h & pull and before & h == h for h, _ in self.rel):
                    continue
            nm = mask | pull | bit
            if nm not in out:
                out[nm] = tuple(code for g, code in groups if nm & g == g)
        return tuple(out.items())


class Scheduler:
    """Search for an order of the marks of ``marks`` (see the module docstring)."""

    def __init__(self, marks: Marks, t: Tables, rounds: int) -> None:
        codes = _game_codes(t)
        self.grid = (
            codes.grid_area(0, marks.yellow, t.full_mask["yellow"]),
            codes.grid_area(1, marks.blue, t.full_mask["blue"]),
        )
        self.track_len = (marks.green, len(marks.orange), len(marks.purple))
        self.track_size = (t.size["green"], t.size["orange"], t.size["purple"])
        self.track_bonus = codes.track
        self.orange = marks.orange
        self.purple = marks.purple
        self.multipliers = t.multipliers
        self.reset = t.game.purple.reset_after
        self.round_choices = codes.rounds_for(t, rounds)
        # Per track, by position (suffix tables of the game for these lengths, see
        # _GameCodes.tracks): the mark bonuses still ahead (packed), whether there are any, the
        # next box with a mark bonus.  For the viability test, in packed counts: the room each
        # track leaves from each position (green: its boxes; orange/purple: per number, the boxes
        # that show it), and the guard bits of the fields a loss may excuse (full areas).
        tracks = codes.tracks(self.track_len)
        self.track_need, self.track_ahead, self.next_bonus = tracks.need, tracks.ahead, tracks.next_bonus
        self.unit = codes.unit
        self.guards = codes.guards
        self.grid_unit = (codes.area_unit[0], codes.area_unit[1])
        self.track_room = (
            tracks.green_room,
            codes.number_room(0, marks.orange),
            codes.number_room(1, marks.purple),
        )
        self.full_guards = tracks.full_guards
        for ai, area in enumerate(self.grid):
            if area.full:
                self.full_guards |= codes.area_fields[ai] & codes.guards
        # A loss needs a full area, or a purple number the purple rule may refuse (a 6 never is).
        self.loss_possible = self.grid[0].full or self.grid[1].full or tracks.any_full or codes.purple_refusable
        self.nodes = 0
        self.cap = NODE_LIMIT
        self.hard = NO_BOUND
        self.max_losses = 0
        self.failed: set[tuple[object, ...]] = set()

    # ---------------------------------------------------------------- public
    def solve(self, loss_limit: int, work: Work | None = None) -> ScheduleResult:
        """Find the fewest losses (at most ``loss_limit``) with which the sheet can be produced.

        ``work``: the nodes the question this search is part of may still spend (see :mod:`.work`); the
        search counts its nodes against it and gives up ("undecided") rather than go past it.
        """
        total = 0
        for limit in range(loss_limit + 1):
            self.max_losses = limit
            self.failed = set()
            self.nodes = 0
            # NODE_LIMIT is checked at stable states, as it always was; the work's bound at every node.
            self.hard = NO_BOUND if work is None else work.left
            self.cap = min(NODE_LIMIT, self.hard)
            try:
                ok = self._stable((0, 0, 0, 0, 0, 0, 0, 0, 0))
            except _GiveUp:
                if work is not None:
                    work.spend(self.nodes - 1)  # the node that went past the bound was not searched
                return ScheduleResult(None, 0, total + self.nodes)
            if work is not None:
                work.spend(self.nodes)
            total += self.nodes
            if ok:
                return ScheduleResult(True, limit, total)
            if not self.loss_possible:
                break
        return ScheduleResult(False, 0, total)

    # ---------------------------------------------------------------- search
    def _stable(self, state: _State) -> bool:
        """No bonus pending: start the next non-plain cascade (or stop: the rest is the tail)."""
        failed = self.failed
        if failed and (state in failed or self._dominated(state, 0, ())):
            return False
        self.nodes += 1
        if self.nodes > self.cap:
            raise _GiveUp
        ym, _, bm, _, g, o, p, rd, _ = state
        yellow, blue = self.grid
        remaining = (
            ym & yellow.relevant != yellow.relevant
            or bm & blue.relevant != blue.relevant
            or self.track_ahead[0][g]
            or self.track_ahead[1][o]
            or self.track_ahead[2][p]
        )
        if not remaining and rd == len(self.round_choices):
            return True
        if not self._viable(state, ()):
            self.failed.add(state)
            return False
        for nxt, touched, fired in self._roots(state, remaining):
            if self._resolve(nxt, touched, fired):
                return True
        self.failed.add(state)
        return False

    def _roots(self, state: _State, remaining: bool) -> Iterator[_Option]:
        """Non-plain cascade starts: die marks that set a mark bonus off, then the round bonus.

        Made one at a time: the search usually succeeds with an early one, and the later ones (the
        round bonus lost, above all) cost more to work out than the search spends on the first.
        """
        if remaining:
            for ai, area in enumerate(self.grid):
                mask = state[2 * ai]
                for cells in area.classes:
                    for c in cells:
                        if not mask >> c & 1:
                            for nm, fired in area.marks(mask, c):
                                if fired:
                                    s = list(state)
                                    s[2 * ai] = nm
                                    yield (tuple(s), 0, fired)
                            break
            for ti in range(3):
                k = self.next_bonus[ti][state[4 + ti]]
                if k < self.track_len[ti]:  # pull the plain boxes before it, then a die marks it
                    s = list(state)
                    s[4 + ti] = k + 1
                    fired = self.track_bonus[ti][k]
                    assert fired is not None
                    yield (tuple(s), 1 << ti, (fired,))
        rd = state[7]
        if rd < len(self.round_choices):
            s = list(state)
            s[7] = rd + 1
            base = tuple(s)
            choices = self.round_choices[rd]
            for code in choices:
                yield from (o for o in self._apply(base, 0, code) if o[0][8] == base[8])
            if state[8] < self.max_losses:
                yield from self._round_lost(base, choices)

    def _round_lost(self, base: _State, choices: tuple[_Code, ...]) -> list[_Option]:
        """The round bonus is lost only if every option is refused at once (after pulls)."""
        per_area: dict[int, list[_State]] = {}
        for code in choices:
            states = [s for s, _, f in self._apply(base, 0, code) if s[8] > base[8] and not f]
            if not states:
                return []
            ai = code[0]
            if ai in per_area:  # two options on one area: both refused with the same pulls
                keep = {s[2 * ai : 2 * ai + 2] if ai < 2 else s[2 + ai] for s in states}
                per_area[ai] = [
                    s for s in per_area[ai] if (s[2 * ai : 2 * ai + 2] if ai < 2 else s[2 + ai]) in keep
                ]
                if not per_area[ai]:
                    return []
            else:
                per_area[ai] = states
        out: list[_Option] = []
        touched_all = 0
        for ai in per_area:
            if ai >= 2:
                touched_all |= 1 << (ai - 2)
        for combo in product(*per_area.values()):
            s = list(base)
            for ai, st in zip(per_area, combo, strict=True):
                if ai < 2:
                    s[2 * ai], s[2 * ai + 1] = st[2 * ai], st[2 * ai + 1]
                else:
                    s[2 + ai] = st[2 + ai]
            s[8] = base[8] + 1
            out.append((tuple(s), touched_all, ()))
        return out

    def _dominated(self, state: _State, touched: int, pending: tuple[_Code, ...]) -> bool:
        """Is a state that dominates ``state`` already known to fail?  (Asked once something failed.)

        On a track the cascade has not touched yet, position ``a`` dominates position ``b > a``
        when boxes ``a..b-1`` carry no mark bonus (all else equal): any way to finish from ``b``
        works from ``a`` too, by pulling those plain boxes as well at the first step that touches
        the track (or at the root that advances it), which then sees the same position.  So if the
        state at ``a`` failed, the one at ``b`` fails.
        """
        for ti in range(3):
            if touched >> ti & 1:
                continue
            bonus = self.track_bonus[ti]
            a = state[4 + ti] - 1
            while a >= 0 and bonus[a] is None:
                s = list(state)
                s[4 + ti] = a
                lower = tuple(s)
                if ((lower, touched, pending) if pending else lower) in self.failed:
                    return True
                a -= 1
        return False

    def _resolve(self, state: _State, touched: int, pending: tuple[_Code, ...]) -> bool:
        if not pending:
            return self._stable(state)
        key = (state, touched, pending if len(pending) == 1 else tuple(sorted(pending)))
        failed = self.failed
        if failed and (key in failed or self._dominated(state, touched, key[2])):
            return False
        self.nodes += 1
        if self.nodes > self.hard:
            raise _GiveUp
        if not self._viable(state, pending):
            self.failed.add(key)
            return False
        tried: set[_Code] = set()
        for i, code in enumerate(pending):
            if code in tried:
                continue
            tried.add(code)
            rest = pending[:i] + pending[i + 1 :]
            for nxt, nt, fired in self._apply(state, touched, code):
                if self._resolve(nxt, nt, rest + fired):
                    return True
        self.failed.add(key)
        return False

    def _apply(self, state: _State, touched: int, code: _Code) -> list[_Option]:
        """Every way to resolve bonus ``code`` now: land it, or lose it on a full area (or a
        purple number the purple rule refuses), each possibly after pulling plain marks."""
        ai, value = code
        loss_ok = state[8] < self.max_losses
        out: list[_Option] = []
        if ai < 2:
            area = self.grid[ai]
            mask, free = state[2 * ai], state[2 * ai + 1]
            if area.full and mask & area.relevant == area.relevant:
                # Full now, or full once the free cells left are pulled: the X is lost.
                if loss_ok:
                    s = list(state)
                    s[2 * ai + 1] = area.free_total
                    s[8] += 1
                    out.append((tuple(s), touched, ()))
                if free == area.free_total and mask == area.relevant:
                    return out  # already full: the X cannot land
            if free < area.free_total:
                s = list(state)
                s[2 * ai + 1] = free + 1
                out.append((tuple(s), touched, ()))
            for cells in area.classes:
                for c in cells:
                    if not mask >> c & 1:
                        for nm, fired in area.marks(mask, c):
                            s = list(state)
                            s[2 * ai] = nm
                            out.append((tuple(s), touched, fired))
                        break
            return out
        ti = ai - 2
        pos = state[4 + ti]
        length = self.track_len[ti]
        size = self.track_size[ti]
        last = pos if touched >> ti & 1 else min(self.next_bonus[ti][pos], length)
        nt = touched | 1 << ti
        for k in range(pos, last + 1):  # land on box k after pulling boxes pos..k-1
            refused = k == size or (
                ti == 2
                and value != 0
                and k > 0
                and not (self.purple[k - 1] < value or self.purple[k - 1] == self.reset)
            )
            s = list(state)
            if refused:
                if loss_ok:
                    s[4 + ti] = k
                    s[8] += 1
                    out.append((tuple(s), nt, ()))
                continue
            if k >= length:
                continue  # the bonus had to go into a box the sheet leaves empty
            if ti == 1 and self.orange[k] != value * self.multipliers[k]:
                continue
            if ti == 2 and self.purple[k] != value:
                continue
            s[4 + ti] = k + 1
            fired = self.track_bonus[ti][k]
            out.append((tuple(s), nt, (fired,) if fired else ()))
        return out

    def _viable(self, state: _State, pending: tuple[_Code, ...]) -> bool:
        """Cheap necessary condition: the bonuses still to come fit in what the sheet has left.

        Every relevant group or box not yet completed will complete (the final sheet completes
        it), and each of its bonuses either lands on its own mark -- an open cell, a green box, or
        an orange/purple box further right that shows exactly that number -- or is lost, which
        only a full area allows and which costs one of the losses still allowed.  So for each
        bonus code the bonuses beyond its room are all lost: in a not-full area there may be
        none, and over the full areas together at most the losses left.  Counts and rooms are
        packed (see :class:`_GameCodes`): when every count fits, one subtraction says so.
        """
        ym, yfree, bm, bfree, g, o, p = state[:7]
        yellow, blue = self.grid
        need = yellow.open_need(ym) + blue.open_need(bm)
        track_need = self.track_need
        need += track_need[0][g] + track_need[1][o] + track_need[2][p]
        unit = self.unit
        for c in pending:
            need += unit[c]
        if not need:
            return True
        room_of = self.track_room
        room = (
            ((yellow.relevant & ~ym).bit_count() + yellow.free_total - yfree) * self.grid_unit[0]
            + ((blue.relevant & ~bm).bit_count() + blue.free_total - bfree) * self.grid_unit[1]
            + room_of[0][g] + room_of[1][o] + room_of[2][p]
        )
        guards = self.guards
        left = (room | guards) - need  # per field: room + guard - count, below the guard if short
        short = guards & ~left
        if not short:
            return True
        spare = self.max_losses - state[8]
        if not spare or short & ~self.full_guards:
            return False
        lost = 0
        while short:  # a short field holds room + guard - count: count - room are lost
            bit = short & -short
            lost += GUARD - (left >> (bit.bit_length() - FIELD_BITS) & FIELD_MASK)
            short ^= bit
        return lost <= spare


@dataclass(frozen=True, slots=True)
class _Tracks:
    """Per-position tables of the three tracks for one combination of lengths (see Scheduler)."""

    need: tuple[tuple[int, ...], ...]
    ahead: tuple[tuple[bool, ...], ...]
    next_bonus: tuple[tuple[int, ...], ...]
    green_room: tuple[int, ...]
    full_guards: int
    any_full: bool


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
        self.purple_refusable = any(c[0] == 4 and c[1] != t.game.purple.reset_after for c in self.numbers)
        self._tracks: dict[tuple[int, int, int], _Tracks] = {}
        # Packed counts: each bonus code gets a FIELD_BITS-wide field of one int, its top bit a
        # guard, so a count per code is one int, counts add as ints, and ``((room | guards) -
        # need) & guards == guards`` says whether every field of ``need`` is at most ``room``'s
        # (a field that is not borrows its guard bit, and only that field's).
        self.unit: dict[_Code, int] = {}
        self.area_unit = [0] * 5
        self.area_fields = [0] * 5
        self.guards = 0
        for k, c in enumerate(sorted(set(every))):
            one = 1 << (k * FIELD_BITS)
            self.unit[c] = one
            self.area_unit[c[0]] += one
            self.area_fields[c[0]] |= FIELD_MASK * one
            self.guards |= GUARD * one
        # green_room[n]: the green boxes left from each position of a track filled to n;
        # shows[0 orange / 1 purple][box]: written number -> the bonus codes it can take.
        self.green_room = tuple(
            tuple((n - pos) * self.area_unit[2] for pos in range(n + 1)) for n in range(t.size["green"] + 1)
        )
        self.shows: tuple[tuple[dict[int, int], ...], ...] = tuple(
            tuple(
                {value * mult: one for (ai, value), one in self.unit.items() if ai == area}
                for mult in mults
            )
            for area, mults in ((3, t.multipliers), (4, (1,) * t.size["purple"]))
        )
        self._rounds: dict[int, tuple[tuple[_Code, ...], ...]] = {}
        self._areas: dict[tuple[int, int], _GridArea] = {}
        # need[ti][n][pos]: mark bonuses on boxes pos..n-1 of track ti; ahead: whether any.
        self.need = tuple(
            tuple(
                tuple(sum(self.unit[c] for c in row[pos:n] if c) for pos in range(n + 1))
                for n in range(len(row) + 1)
            )
            for row in self.track
        )
        self.ahead = tuple(tuple(tuple(bool(x) for x in by_pos) for by_pos in by_len) for by_len in self.need)
        # next_bonus[ti][n][pos]: the first box >= pos (of the n filled) with a mark bonus, else n.
        self.next_bonus = tuple(
            tuple(
                tuple(next((j for j in range(pos, n) if row[j]), n) for pos in range(n + 1))
                for n in range(len(row) + 1)
            )
            for row in self.track
        )

    def grid_area(self, ai: int, fmask: int, full_mask: int) -> _GridArea:
        """The compressed grid area for final marks ``fmask`` (sheets often share one: kept, up to a bound)."""
        hit = self._areas.get((ai, fmask))
        if hit is None:
            if len(self._areas) >= 1024:
                self._areas.clear()
            hit = self._areas[(ai, fmask)] = _GridArea(fmask, full_mask, self.groups[ai], self.unit)
        return hit

    def tracks(self, lengths: tuple[int, int, int]) -> _Tracks:
        """The suffix tables for a sheet whose green, orange and purple tracks are filled to ``lengths``
        (few combinations: remembered)."""
        hit = self._tracks.get(lengths)
        if hit is None:
            full_guards = 0
            for ti, n in enumerate(lengths):
                if n == len(self.track[ti]):
                    full_guards |= self.area_fields[2 + ti] & self.guards
            hit = self._tracks[lengths] = _Tracks(
                tuple(self.need[ti][n] for ti, n in enumerate(lengths)),
                tuple(self.ahead[ti][n] for ti, n in enumerate(lengths)),
                tuple(self.next_bonus[ti][n] for ti, n in enumerate(lengths)),
                self.green_room[lengths[0]],
                full_guards,
                any(n == len(row) for n, row in zip(lengths, self.track, strict=True)),
            )
        return hit

    def number_room(self, which: int, values: tuple[int, ...]) -> tuple[int, ...]:
        """Packed, per position: for each number bonus on orange (``which`` 0) or purple (1), the
        boxes from there on that show it (``value * multiplier`` in orange)."""
        shows = self.shows[which]
        suffix = [0] * (len(values) + 1)
        acc = 0
        for i in range(len(values) - 1, -1, -1):
            acc += shows[i].get(values[i], 0)
            suffix[i] = acc
        return tuple(suffix)

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
