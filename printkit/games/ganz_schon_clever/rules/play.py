"""A Ganz schön clever rules engine: legal moves, bonus cascades, turns and whole games.

In the style of python-chess: small immutable types and pure functions.  A :class:`PlayerState`
is one player's sheet plus the bonuses waiting to be applied; :func:`die_marks` lists what a die
may mark, :func:`apply_mark` marks it (queueing the bonuses that completes), and
:func:`bonus_moves` / :func:`apply_bonus` resolve that queue one bonus at a time, which is where
chains happen.  Turn functions (:func:`active_turn`, :func:`passive_turn`, :func:`solo_passive_turn`,
:func:`extra_die_phase`) implement who may take which die, and :func:`random_game` plays a whole
game with random but legal choices (the checker's test oracle).

Rules as implemented (see docs/gsc-checker.md for sources and interpretations):

* Active turn: up to ``active_picks`` rolls; each time one rolled die goes onto a dice field and is
  marked, and every rolled die showing a strictly lower value goes to the silver platter; leftover
  dice go to the platter at the end.  Rerolls (active player only) re-throw the dice just rolled.
* Passive turn: one die from the platter (or, if none is usable, from the active player's fields).
  Solo passive turn: all six dice are rolled, the ``solo_platter`` lowest go to the platter.
* Extra die (+1): at the end of a turn, any die, each die at most once per turn via +1.
* Bonuses are applied at once, chain, and are lost only if their area is full (or, for a purple
  number, the purple rule forbids it).  Action bonuses circle the next action box.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from printkit.games.ganz_schon_clever.model.game import AREAS, AreaName, Bonus, GscGame, SoloPassiveRuling
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.rules.tables import tables

WHITE = "white"


@dataclass(frozen=True, slots=True)
class Die:
    color: str
    value: int


@dataclass(frozen=True, slots=True)
class Mark:
    """One mark: ``box`` is the grid cell index (yellow/blue) or the track position; ``value`` is
    what gets written (orange: already multiplied; purple: the number; grids/green: 0)."""

    area: AreaName
    box: int
    value: int = 0


@dataclass(frozen=True, slots=True)
class PlayerState:
    yellow: int = 0
    blue: int = 0
    green: int = 0
    orange: tuple[int, ...] = ()
    purple: tuple[int, ...] = ()
    rerolls: int = 0  # earned
    rerolls_used: int = 0
    plus1: int = 0  # earned
    plus1_used: int = 0
    pending: tuple[Bonus, ...] = ()  # bonuses to apply now, in any order the player likes

    def to_sheet(self, game: GscGame, players: int) -> Sheet:
        t = tables(game)
        rows: list[list[int]] = [[] for _ in game.yellow.grid]
        for b in game.boxes["yellow"]:
            if self.yellow >> b.index & 1:
                rows[b.row].append(t.yellow_value[b.index])
        blue = [t.blue_value[i] for i in range(t.size["blue"]) if self.blue >> i & 1]
        return Sheet(
            players=players,
            yellow=tuple(tuple(r) for r in rows),
            blue=tuple(blue),
            green=self.green,
            orange=self.orange,
            purple=self.purple,
            rerolls=ActionCount(earned=self.rerolls, used=self.rerolls_used),
            extra_dice=ActionCount(earned=self.plus1, used=self.plus1_used),
        )


# ---------------------------------------------------------------------------- marks
def die_marks(game: GscGame, state: PlayerState, die: Die, white: int, blue: int) -> list[Mark]:
    """Every mark ``die`` may make; ``white`` and ``blue`` are those dice's current values.

    In blue the value is always blue + white, whichever of the two dice was taken (ruling 1).
    """
    t = tables(game)
    out: list[Mark] = []
    wild = die.color == WHITE
    v = die.value
    if wild or die.color == "yellow":
        out.extend(
            Mark("yellow", i)
            for i, val in enumerate(t.yellow_value)
            if val == v and not state.yellow >> i & 1
        )
    if wild or die.color == "blue":
        i = t.blue_cell.get(white + blue)
        if i is not None and not state.blue >> i & 1:
            out.append(Mark("blue", i))
    if (
        (wild or die.color == "green")
        and state.green < t.size["green"]
        and v >= game.green.thresholds[state.green]
    ):
        out.append(Mark("green", state.green))
    if (wild or die.color == "orange") and len(state.orange) < t.size["orange"]:
        out.append(Mark("orange", len(state.orange), v * t.multipliers[len(state.orange)]))
    if (wild or die.color == "purple") and purple_allows(game, state, v):
        out.append(Mark("purple", len(state.purple), v))
    return out


def dice_marks(game: GscGame, state: PlayerState, die: Die, dice: Sequence[Die]) -> list[Mark]:
    """Like :func:`die_marks`, reading the white and blue values from ``dice`` (all six)."""
    white = next(d.value for d in dice if d.color == WHITE)
    blue = next(d.value for d in dice if d.color == "blue")
    return die_marks(game, state, die, white, blue)


def purple_allows(game: GscGame, state: PlayerState, value: int) -> bool:
    if len(state.purple) >= game.purple.boxes:
        return False
    if not state.purple:
        return True
    prev = state.purple[-1]
    return value > prev or prev == game.purple.reset_after


def apply_mark(game: GscGame, state: PlayerState, mark: Mark) -> PlayerState:
    """Make ``mark``; bonuses it completes are queued (marks) or earned at once (actions)."""
    t = tables(game)
    fired: list[Bonus] = []
    if mark.area in ("yellow", "blue"):
        before = getattr(state, mark.area)
        after = before | 1 << mark.box
        state = replace(state, **{mark.area: after})
        for trig in t.group_triggers:
            if (
                trig.area == mark.area
                and trig.bonus
                and after & trig.mask == trig.mask
                and before & trig.mask != trig.mask
            ):
                fired.append(trig.bonus)
    else:
        if mark.area == "green":
            state = replace(state, green=state.green + 1)
        elif mark.area == "orange":
            state = replace(state, orange=(*state.orange, mark.value))
        else:
            state = replace(state, purple=(*state.purple, mark.value))
        trig = t.box_triggers[mark.area][mark.box]
        if trig and trig.bonus:
            fired.append(trig.bonus)
    return _earn(game, state, fired)


def _earn(game: GscGame, state: PlayerState, bonuses: Sequence[Bonus]) -> PlayerState:
    pending = list(state.pending)
    for b in bonuses:
        if b.kind == "reroll":
            state = replace(state, rerolls=min(state.rerolls + 1, game.action_tracks["reroll"].boxes))
        elif b.kind == "plus1":
            state = replace(state, plus1=min(state.plus1 + 1, game.action_tracks["plus1"].boxes))
        elif b.is_mark:
            pending.append(b)
    return replace(state, pending=tuple(pending))


def bonus_targets(game: GscGame, state: PlayerState, bonus: Bonus) -> list[Mark]:
    """Where ``bonus`` may go now; an empty list means it is lost (area full / not possible)."""
    t = tables(game)
    area = bonus.area
    if area in ("yellow", "blue"):
        mask = getattr(state, area)
        return [Mark(area, i) for i in range(t.size[area]) if not mask >> i & 1]
    if area == "green":
        return [Mark("green", state.green)] if state.green < t.size["green"] else []
    value = bonus.value or 0
    if area == "orange":
        n = len(state.orange)
        return [Mark("orange", n, value * t.multipliers[n])] if n < t.size["orange"] else []
    return [Mark("purple", len(state.purple), value)] if purple_allows(game, state, value) else []


def bonus_moves(game: GscGame, state: PlayerState) -> list[tuple[int, Mark | None]]:
    """Choices for the next pending bonus: (index in ``pending``, mark or None if it is lost)."""
    out: list[tuple[int, Mark | None]] = []
    for i, b in enumerate(state.pending):
        targets = bonus_targets(game, state, b)
        out.extend((i, m) for m in targets) if targets else out.append((i, None))
    return out


def apply_bonus(game: GscGame, state: PlayerState, index: int, mark: Mark | None) -> PlayerState:
    rest = state.pending[:index] + state.pending[index + 1 :]
    state = replace(state, pending=rest)
    return state if mark is None else apply_mark(game, state, mark)


def resolve(game: GscGame, state: PlayerState, rng: random.Random) -> PlayerState:
    """Apply every pending bonus (and the bonuses they chain into), choosing at random."""
    while state.pending:
        i, mark = rng.choice(bonus_moves(game, state))
        state = apply_bonus(game, state, i, mark)
    return state


def start_round(game: GscGame, state: PlayerState, round_no: int, rng: random.Random) -> PlayerState:
    """Give the bonus of round ``round_no`` (if any); a choice is taken among the usable options."""
    options = game.rounds.start_bonus.get(round_no)
    if not options:
        return state
    usable = [o for o in options if not o.is_mark or bonus_targets(game, state, o)]
    if not usable:
        return state  # every target area is full: the bonus is lost
    state = _earn(game, state, [rng.choice(usable)])
    return resolve(game, state, rng)


# ---------------------------------------------------------------------------- turns
def roll(dice: Sequence[str], rng: random.Random, faces: int) -> list[Die]:
    return [Die(c, rng.randint(1, faces)) for c in dice]


def _use_die(
    game: GscGame, state: PlayerState, die: Die, dice: Sequence[Die], rng: random.Random
) -> PlayerState | None:
    marks = dice_marks(game, state, die, dice)
    if not marks:
        return None
    return resolve(game, apply_mark(game, state, _choose(marks, rng)), rng)


class FocusedRandom(random.Random):
    """A random policy that mostly marks its favourite areas first (fills areas, so bonuses
    get lost on full areas and long chains happen more often than with uniform choices)."""

    def __init__(self, seed: int, prefer: Sequence[str], focus: float = 0.8) -> None:
        super().__init__(seed)
        self.prefer = tuple(prefer)
        self.focus = focus


def _choose(marks: Sequence[Mark], rng: random.Random) -> Mark:
    if isinstance(rng, FocusedRandom) and rng.random() < rng.focus:
        return min(marks, key=lambda m: rng.prefer.index(m.area) if m.area in rng.prefer else 99)
    return rng.choice(marks)


def active_turn(
    game: GscGame, state: PlayerState, rng: random.Random
) -> tuple[PlayerState, list[Die], list[Die]]:
    """Play one active turn; return the new state, the dice on the fields and on the platter."""
    faces = game.die_faces
    loose = list(game.dice)
    values: dict[str, int] = {}
    fields: list[Die] = []
    platter: list[Die] = []
    for _ in range(game.turns.active_picks):
        if not loose:
            break
        rolled = roll(loose, rng, faces)
        if state.rerolls > state.rerolls_used and rng.random() < 0.3:
            state = replace(state, rerolls_used=state.rerolls_used + 1)
            rolled = roll(loose, rng, faces)
        values.update({d.color: d.value for d in rolled})
        everything = [Die(c, values.get(c, 1)) for c in game.dice]
        usable = [d for d in rolled if dice_marks(game, state, d, everything)]
        if not usable:
            continue  # no mark this roll; it still counts as one of the rolls
        pick = rng.choice(usable)
        new = _use_die(game, state, pick, everything, rng)
        assert new is not None
        state = new
        fields.append(pick)
        loose.remove(pick.color)
        for d in rolled:
            if d.color != pick.color and d.value < pick.value:
                platter.append(d)
                loose.remove(d.color)
    platter.extend(Die(c, values.get(c, rng.randint(1, faces))) for c in loose)
    return state, fields, platter


def passive_turn(
    game: GscGame, state: PlayerState, platter: Sequence[Die], fields: Sequence[Die], rng: random.Random
) -> PlayerState:
    """Take one die from the platter, or from the active player's fields if none is usable."""
    everything = [*platter, *fields]
    for pool in (platter, fields):
        usable = [d for d in pool if dice_marks(game, state, d, everything)]
        if usable:
            if rng.random() < 0.9:  # taking a die is optional
                new = _use_die(game, state, rng.choice(usable), everything, rng)
                assert new is not None
                return new
            return state
    return state


def solo_passive_turn(game: GscGame, state: PlayerState, rng: random.Random) -> tuple[PlayerState, list[Die]]:
    dice = roll(game.dice, rng, game.die_faces)
    order = sorted(range(len(dice)), key=lambda i: (dice[i].value, rng.random()))
    platter = [dice[i] for i in order[: game.turns.solo_platter]]
    fields = [dice[i] for i in order[game.turns.solo_platter :]]
    return passive_turn(game, state, platter, fields, rng), dice


def extra_die_phase(
    game: GscGame, state: PlayerState, dice: Sequence[Die], rng: random.Random
) -> PlayerState:
    """End of a turn: use some +1 actions, each on a different die."""
    unused = list(dice)
    while state.plus1 > state.plus1_used and unused and rng.random() < 0.6:
        usable = [d for d in unused if dice_marks(game, state, d, dice)]
        if not usable:
            break
        die = rng.choice(usable)
        unused.remove(die)
        state = replace(state, plus1_used=state.plus1_used + 1)
        new = _use_die(game, state, die, dice, rng)
        assert new is not None
        state = new
    return state


def random_game(
    game: GscGame, players: int, rng: random.Random, solo_passive: SoloPassiveRuling = "plus1"
) -> list[PlayerState]:
    """Play a whole game with random legal choices; return each player's final state.

    ``solo_passive``: the ruling for the solo passive turn (whether its +1 phase exists).
    """
    solo_plus1 = "plus1" in game.turns.solo_passive[solo_passive]
    states = [PlayerState() for _ in range(players)]
    for round_no in range(1, game.rounds_for(players) + 1):
        states = [start_round(game, s, round_no, rng) for s in states]
        for active in range(players):
            states[active], fields, platter = active_turn(game, states[active], rng)
            dice = [*fields, *platter]
            states[active] = extra_die_phase(game, states[active], dice, rng)
            if players == 1:
                states[0], solo_dice = solo_passive_turn(game, states[0], rng)
                if solo_plus1:
                    states[0] = extra_die_phase(game, states[0], solo_dice, rng)
                continue
            for other in range(players):
                if other != active:
                    s = passive_turn(game, states[other], platter, fields, rng)
                    states[other] = extra_die_phase(game, s, dice, rng)
    return states


def random_sheets(
    game: GscGame, players: int, rng: random.Random, solo_passive: SoloPassiveRuling = "plus1"
) -> list[Sheet]:
    """The final sheets of :func:`random_game`, as transcriptions would give them."""
    return [s.to_sheet(game, players) for s in random_game(game, players, rng, solo_passive)]


def simulated_sheets(game: GscGame, n: int, rng_offset: int = 0) -> list[Sheet]:
    """``n`` final sheets of random games: 1-4 players in turn, every other game played by a
    :class:`FocusedRandom` that favours two areas (so areas fill up and bonuses get lost).

    Deterministic: game ``k`` uses seed ``k + rng_offset``; a different offset gives other games.
    """
    sheets: list[Sheet] = []
    k = 0
    while len(sheets) < n:
        players = k % 4 + 1
        if k % 2:
            order = list(AREAS)
            random.Random(k).shuffle(order)
            rng: random.Random = FocusedRandom(k + rng_offset, order[:2], 0.9)
        else:
            rng = random.Random(k + rng_offset)
        sheets.extend(random_sheets(game, players, rng))
        k += 1
    return sheets[:n]

