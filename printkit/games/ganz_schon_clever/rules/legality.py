"""Is a filled-in Ganz schön clever sheet possible, and is its claimed score right?

:func:`check` returns every impossibility it finds, in these classes (see docs/gsc-checker.md):

* per-area rules: orange numbers are a die value times the box's multiplier; purple numbers are
  die values and rise unless the one before is a 6;
* bonuses that had to be applied: each X or number bonus earned while its area had room shows on
  the sheet, in an order the rules allow (exact search, :mod:`printkit.games.ganz_schon_clever.rules.schedule`), and the
  round-4 black X or 6 is there;
* action tracks: the circled count equals what the sheet (and the round bonuses) earned, and no
  more were used than earned;
* the dice budget: marks that no bonus can explain fit in three dice per active turn, one per
  passive turn, plus the extra-die (+1) actions used;
* solo, under the ruling that allows no action on the passive turn: no +1 is needed after the
  game's last turn (a passive one), see :mod:`printkit.games.ganz_schon_clever.rules.solo_passive`.

"Legal" means: some finished game with that many players ends with this sheet.  The checker never
calls a possible sheet illegal; what a final sheet cannot reveal is listed in the docs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printkit.games.ganz_schon_clever.model.game import Bonus, GscGame, SoloPassiveRuling
from printkit.games.ganz_schon_clever.model.sheet import CLAIM_KEYS, Sheet
from printkit.games.ganz_schon_clever.rules.schedule import Scheduler
from printkit.games.ganz_schon_clever.rules.score import Score, score_marks
from printkit.games.ganz_schon_clever.rules.solo_passive import last_turn_possible
from printkit.games.ganz_schon_clever.rules.tables import Marks, RoundGifts, Tables, Trigger, tables
from printkit.games.ganz_schon_clever.rules.work import CHECK_WORK, Work

AREA_ORDER = ("yellow", "blue", "green", "orange", "purple", "rerolls", "extra_dice", "bonuses", "dice")


@dataclass(frozen=True, slots=True)
class Violation:
    """One rule the sheet breaks.

    ``area`` is a sheet area (``yellow`` .. ``purple``), an action track (``rerolls``,
    ``extra_dice``), ``bonuses`` (the order of bonus marks as a whole) or ``dice`` (the budget);
    ``box`` names the box when one box is at fault; ``rule`` is a stable id and ``params`` what
    its text needs.  The rules hold no words: :func:`printkit.gsc.describe` (or
    :meth:`printkit.games.ganz_schon_clever.model.messages.CheckTexts.finding`) gives the text in a language.
    """

    area: str
    box: str | None
    rule: str
    params: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True, slots=True)
class Claim:
    """A value the player wrote (``claimed``) next to the one computed."""

    key: str
    claimed: int
    computed: int

    @property
    def ok(self) -> bool:
        return self.claimed == self.computed


@dataclass(frozen=True, slots=True)
class DiceCount:
    """The dice-budget arithmetic: ``dice = marks - bonus_marks`` must not exceed ``available``."""

    marks: int
    bonus_marks: int
    dice: int
    available: int


@dataclass(frozen=True, slots=True)
class CheckResult:
    legal: bool
    score: Score
    violations: tuple[Violation, ...]
    claims: tuple[Claim, ...]
    dice: DiceCount
    notes: tuple[Violation, ...] = ()  # findings that do not make the sheet illegal
    # Solo: the passive-turn ruling checked against (None: either is accepted) and, when the sheet is
    # possible only under some rulings, those rulings (else None: the ruling makes no difference).
    solo_passive: SoloPassiveRuling | None = None
    needs_ruling: tuple[SoloPassiveRuling, ...] | None = None

    @property
    def claims_ok(self) -> bool:
        return all(c.ok for c in self.claims)

    @property
    def ok(self) -> bool:
        """Legal and every claim right (the CLI's exit 0)."""
        return self.legal and self.claims_ok


def check(sheet: Sheet, game: GscGame, solo_passive: SoloPassiveRuling | None = None,
          work: Work | None = None) -> CheckResult:
    """Check ``sheet`` for legality and compare its claims with the computed score.

    ``solo_passive`` picks the ruling for the disputed solo passive turn (``game.yaml``
    ``turns.solo_passive``); None accepts a sheet possible under either and says (``needs_ruling``
    and a note) when it needed the one that allows the +1 there.  ``work``: the search nodes the
    check may spend, shared with a caller that asks many questions (default: CHECK_WORK for this
    check alone); a search stopped by it leaves a note ("undecided"), never a violation.
    """
    if work is None:
        work = Work(CHECK_WORK)
    t = tables(game)
    m = t.marks(sheet)
    fired = t.fired(m)
    sc = score_marks(m, t, fired)
    found: list[Violation] = []
    notes: list[Violation] = []

    def add(area_: str, box_: str | None, rule: str, **params: Any) -> None:
        found.append(Violation(area_, box_, rule, params))

    _area_rules(m, t, add)
    rounds = game.rounds_for(sheet.players)
    earned = _Earned(fired, t.round_gifts(rounds))
    _action_tracks(sheet, earned, add)
    dice = _bonuses_and_dice(sheet, m, t, earned, rounds, add, notes, work)
    needs = None
    if sheet.players == 1 and not found:
        needs = _solo_passive(sheet, m, t, rounds, dice, solo_passive, add, notes, work)
    claims = tuple(Claim(k, sheet.claimed[k], getattr(sc, k)) for k in CLAIM_KEYS if k in sheet.claimed)
    found.sort(key=lambda v: AREA_ORDER.index(v.area))
    return CheckResult(not found, sc, tuple(found), claims, dice, tuple(notes), solo_passive, needs)


def _solo_passive(
    sheet: Sheet,
    m: Marks,
    t: Tables,
    rounds: int,
    dice: DiceCount,
    ruling: SoloPassiveRuling | None,
    add: Any,
    notes: list[Violation],
    work: Work,
) -> tuple[SoloPassiveRuling, ...] | None:
    """A legal solo sheet, checked again for the rulings that allow no +1 on the passive turn.

    Returns the rulings the sheet needs when some ruling makes it impossible (else None).
    """
    turns = t.game.turns
    strict = [r for r, acts in turns.solo_passive.items() if "plus1" not in acts]
    generous = tuple(r for r, acts in turns.solo_passive.items() if "plus1" in acts)
    if not strict or (ruling is not None and ruling not in strict):
        return None
    budget = rounds * turns.active_picks + (rounds - 1) * turns.passive_picks  # before the last turn
    plus1 = dice.available - budget - turns.passive_picks
    if dice.dice <= budget + plus1:
        return None  # the last passive pick is not even needed
    used = sheet.extra_dice.used if sheet.extra_dice is not None else None
    possible = last_turn_possible(m, t, rounds, budget, used, work)
    if possible:
        return None
    if possible is None:
        notes.append(Violation("dice", None, "solo-passive-undecided"))
        return None
    if ruling is None:
        notes.append(Violation("dice", None, "solo-passive-needed", {"rulings": list(generous)}))
    else:
        add("dice", None, "solo-passive", ruling=ruling, dice=dice.dice, available=dice.available)
    return generous


def _area_rules(m: Marks, t: Tables, add: Any) -> None:
    faces = t.faces
    for i, v in enumerate(m.orange):
        if v not in t.orange_allowed[i]:
            add(
                "orange",
                str(i + 1),
                "orange-value",
                box=i + 1,
                value=v,
                multiplier=t.multipliers[i],
                faces=faces,
            )
    reset = t.game.purple.reset_after
    for i, v in enumerate(m.purple):
        if not 1 <= v <= faces:
            add("purple", str(i + 1), "purple-value", box=i + 1, value=v, faces=faces)
        elif i and not (v > m.purple[i - 1] or m.purple[i - 1] == reset):
            add(
                "purple",
                str(i + 1),
                "purple-order",
                box=i + 1,
                value=v,
                previous=m.purple[i - 1],
                reset=reset,
            )


class _Earned:
    """What the completed triggers and the rounds played gave: bonuses by kind, and the mark bonuses."""

    __slots__ = ("from_rounds", "from_sheet", "marks", "rounds")

    def __init__(self, fired: list[Trigger], rounds: RoundGifts) -> None:
        self.rounds = rounds
        self.from_rounds = rounds.actions
        self.from_sheet: dict[str, int] = {}
        self.marks: list[Trigger] = []
        for f in fired:
            b = f.bonus
            if b is not None:
                self.from_sheet[b.kind] = self.from_sheet.get(b.kind, 0) + 1
                if b.is_mark:
                    self.marks.append(f)

    def of(self, kind: str) -> tuple[int, int]:
        """(from the round bonuses, from the sheet) of an action ``kind``."""
        return self.from_rounds.get(kind, 0), self.from_sheet.get(kind, 0)


def _action_tracks(sheet: Sheet, earned: _Earned, add: Any) -> None:
    for name, kind, rec in (("rerolls", "reroll", sheet.rerolls), ("extra_dice", "plus1", sheet.extra_dice)):
        if rec is None:
            continue
        from_rounds, from_sheet = earned.of(kind)
        computed = from_rounds + from_sheet
        if rec.earned != computed:
            add(
                name,
                None,
                "track-earned",
                track=kind,
                recorded=rec.earned,
                computed=computed,
                from_rounds=from_rounds,
                from_sheet=from_sheet,
            )
        if rec.used > rec.earned:
            add(name, None, "track-used", track=kind, used=rec.used, earned=rec.earned)
        elif rec.used > computed:
            add(name, None, "track-used", track=kind, used=rec.used, earned=computed)


def _source(trig: Trigger) -> tuple[str, str, int]:
    return (trig.area, trig.kind, trig.index)


def _bonuses_and_dice(
    sheet: Sheet,
    m: Marks,
    t: Tables,
    earned: _Earned,
    rounds: int,
    add: Any,
    notes: list[Violation],
    work: Work,
) -> DiceCount:
    game = t.game
    marks_in = {
        "yellow": m.yellow.bit_count(),
        "blue": m.blue.bit_count(),
        "green": m.green,
        "orange": len(m.orange),
        "purple": len(m.purple),
    }
    size = t.size
    mark_triggers = earned.marks
    problems = 0
    # Counting diagnostics first: they name the area and source precisely.
    by_target: dict[tuple[str, str, int], list[Trigger]] = {}
    for f in mark_triggers:
        assert f.bonus is not None and f.bonus.area is not None
        key = (f.bonus.area, f.bonus.kind, f.bonus.value or 0)
        by_target.setdefault(key, []).append(f)
    x_need: dict[str, list[Trigger]] = {}
    for (area, kind, value), trigs in by_target.items():
        if marks_in[area] == size[area]:
            continue  # the bonus may have been lost on a full area
        if kind == "X":
            x_need.setdefault(area, []).extend(trigs)
            continue
        values = m.orange if area == "orange" else m.purple
        mults = t.multipliers if area == "orange" else (1,) * len(values)
        have = sum(v == value * k for v, k in zip(values, mults, strict=False))  # values: the boxes filled
        if len(trigs) > have:
            problems += 1
            add(
                area,
                None,
                "bonus-number",
                area=area,
                bonus=Bonus(kind="number", area=area, value=value),
                need=len(trigs),
                have=have,
                sources=[_source(tr) for tr in trigs],
            )
    for area, trigs in x_need.items():
        if len(trigs) > marks_in[area]:
            problems += 1
            add(area, None, "bonus-x", area=area, need=len(trigs), have=marks_in[area],
                sources=[_source(tr) for tr in trigs])

    total_marks = sum(marks_in.values())
    round_choices = earned.rounds.mark_choices
    if total_marks == 0 and round_choices:
        r, opts = round_choices[0]
        problems += 1
        add("bonuses", None, "round-bonus", round=r, bonuses=list(opts))

    losses = 0
    if not problems:
        result = Scheduler(m, t, rounds).solve(len(mark_triggers) + len(round_choices), work)
        if result.feasible is False:
            add(
                "bonuses",
                None,
                "bonus-order",
                sources=[_source(tr) for tr in mark_triggers]
                + [("round", "round", r - 1) for r, _ in round_choices],
            )
        elif result.feasible is None:
            notes.append(Violation("bonuses", None, "undecided"))
        else:
            losses = result.losses
    bonus_marks = len(mark_triggers) + len(round_choices) - losses
    dice = total_marks - bonus_marks
    players = sheet.players
    turns = game.turns
    active = rounds
    passive = rounds if players == 1 else rounds * (players - 1)
    from_rounds, from_sheet = earned.of("plus1")
    plus1 = from_rounds + from_sheet
    if sheet.extra_dice is not None:
        plus1 = min(plus1, sheet.extra_dice.used)
    available = active * turns.active_picks + passive * turns.passive_picks + plus1
    if dice > available:
        add(
            "dice",
            None,
            "dice-budget",
            marks=total_marks,
            bonus_marks=bonus_marks,
            dice=dice,
            players=players,
            available=available,
            active=active,
            active_picks=turns.active_picks,
            passive=passive,
            passive_picks=turns.passive_picks,
            plus1=plus1,
        )
    return DiceCount(total_marks, bonus_marks, max(dice, 0), available)
