"""Turn the box readings of a Ganz schön clever sheet into a transcription in ``printkit check``'s
format, listing every field that was not read with confidence.

First the sheet checks itself (:mod:`.agreement`): where a claimed score and the boxes it adds up
agree as read, and the joint posterior of those readings is high, they are confident (``confirmed``,
with the claim that confirmed them).  Agreement only confirms top readings: it never replaces a reading
to make a claim match, so a player's wrong sum stays wrong and is reported.

Then the rules help as a decoder among the low-confidence readings that remain: where some boxes are
uncertain, the combination of their alternatives that makes a legal sheet is preferred (most probable
first).  A confident mark is never changed, the computed score is never used to read the claimed
numbers, and every field the rules decided stays listed as uncertain with its alternatives.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from printkit.engine.scan.boxes import BoxReading
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.rules.legality import CheckResult, check
from printkit.games.ganz_schon_clever.rules.score import score
from printkit.games.ganz_schon_clever.rules.work import Work
from printkit.games.ganz_schon_clever.scan.agreement import (
    CLAIMS,
    Confirmation,
    FieldKey,
    arithmetic_doubts,
    beliefs,
    claim_readings,
    confirmations,
    doubts,
    read_value,
)
from printkit.games.ganz_schon_clever.scan.thresholds import DECIDE

UNDECIDED = frozenset({"undecided", "solo-passive-undecided"})  # a check's notes when a search gave up
OUT_OF_WORK = ("the rules could not finish weighing the uncertain boxes' other readings within their bound of "
               f"{DECIDE.max_decode_work:,} search nodes; the uncertain boxes are as read")
CLAIM_ORDER = ("yellow", "blue", "green", "orange", "purple", "foxes", "lowest", "total")


@dataclass
class Uncertain:
    area: str  # yellow ... purple, reroll, plus1, score, players
    index: int | str  # the box table's index; a score box's name; "" for players
    read: Any
    alternatives: list[tuple[Any, float]]
    confidence: float
    decided_by_rules: bool = False
    # read with confidence, but the sheet's sums make it doubtful (``confidence`` is then its posterior)
    doubted_by_sums: bool = False

    def as_json(self) -> dict[str, Any]:
        return {"area": self.area, "index": self.index, "read": self.read,
                "alternatives": [{"value": v, "p": round(p, 3)} for v, p in self.alternatives],
                "confidence": round(self.confidence, 3), "decided_by_rules": self.decided_by_rules,
                "doubted_by_sums": self.doubted_by_sums}


@dataclass(frozen=True)
class Confirmed:
    """A field read below DECIDE.confident that the sheet's own sums confirmed (see :mod:`.agreement`)."""

    area: str
    index: int | str
    read: Any
    confidence: float  # the reader's own
    by: str  # the agreeing claims, e.g. "claimed orange, claimed total"
    posterior: float

    def as_json(self) -> dict[str, Any]:
        return {"area": self.area, "index": self.index, "read": self.read, "confidence": round(self.confidence, 3),
                "confirmed_by": self.by, "posterior": round(self.posterior, 4)}


@dataclass
class Transcribed:
    sheet: Sheet
    uncertain: list[Uncertain]
    result: CheckResult
    values: dict[tuple[str, int], Any]  # what each box was finally taken to hold (for the overlay)
    notes: list[str] = field(default_factory=list)
    confirmed: list[Confirmed] = field(default_factory=list)  # read below DECIDE.confident, confirmed by the sums
    two_legal: bool = False  # two readings of the uncertain boxes make a legal sheet, both plausible (a note says so)
    work: int = 0  # search nodes the rules spent weighing the uncertain boxes' readings (<= DECIDE.max_decode_work)

    @property
    def blank(self) -> bool:
        """Nothing was read on the sheet: every box empty, and read so with confidence (not filled in yet)."""
        s = self.sheet
        tracks = [t for t in (s.rerolls, s.extra_dice) if t is not None]
        return (not self.uncertain and not any(s.yellow) and not s.blue and s.green == 0 and not s.orange
                and not s.purple and not s.claimed and all(t.earned == 0 and t.used == 0 for t in tracks))


def _sheet_from(game: GscGame, table: dict, values: dict[tuple[str, int], Any], players: int,
                claims: dict[str, int], gap: int | None = None,
                stand_ins: Mapping[tuple[str, int], int] | None = None) -> Sheet:
    """The sheet holding ``values``.  Orange and purple run to their last written box, never a shorter
    list: a box with no value ahead of it holds its ``stand_ins`` number, else ``gap``, else the values make
    no sheet (ValueError)."""
    boxes = {(b["area"], int(b["index"])): b for b in table["boxes"]}
    rows: list[list[int]] = [[] for _ in game.yellow.grid]
    blue: list[int] = []
    green = 0
    for (area, i), v in sorted(values.items()):
        b = boxes[(area, i)]
        if area == "yellow" and v:
            rows[int(b["row"])].append(int(b["value"]))
        elif area == "blue" and v:
            blue.append(int(b["value"]))
        elif area == "green" and v:
            green = max(green, i + 1)

    def written(area: str) -> tuple[int, ...]:
        ends = [i + 1 for (a, i), v in values.items() if a == area and v is not None]
        out = []
        for i in range(max(ends, default=0)):
            v = values.get((area, i))
            if v is None:
                v = stand_ins.get((area, i), gap) if stand_ins else gap
                if v is None:
                    raise ValueError(f"{area} box {i + 1} holds no number ahead of a written box")
            out.append(int(v))
        return tuple(out)

    def track(area: str) -> ActionCount:
        states = [values.get((area, i)) for i in range(20) if (area, i) in values]
        return ActionCount(earned=sum(s in ("earned", "used") for s in states), used=sum(s == "used" for s in states))

    return Sheet(players=players, yellow=tuple(tuple(r) for r in rows),
                 blue=tuple(sorted(blue)), green=green, orange=written("orange"), purple=written("purple"),
                 rerolls=track("reroll"), extra_dice=track("plus1"), claimed=claims)  # type: ignore[arg-type]


def transcribe(game: GscGame, table: dict, readings: list[BoxReading], rounds: int,
               players: int | None) -> Transcribed:
    """The transcription of one sheet's readings (``players``: from the QR code or --players)."""
    values: dict[tuple[str, int], Any] = {}
    uncertain: list[Uncertain] = []
    open_boxes: list[tuple[tuple[str, int], list[tuple[Any, float]]]] = []
    claims: dict[str, int] = {}
    names = {int(b["index"]): b["name"] for b in table["boxes"] if b["area"] == "score"}
    agreed, doubted = _agreed(game, table, readings, names, players or 1)
    confirmed: list[Confirmed] = []

    def confirm(area: str, index: int | str, read: Any, r: BoxReading) -> None:
        c = agreed[(area, index)]
        confirmed.append(Confirmed(area, index, read, r.confidence, c.by, c.posterior))
    for r in readings:
        key = (r.spec.area, r.spec.index)
        alts = [(v, p) for v, p in r.alternatives if v is not None or r.spec.read == "number"]
        if r.spec.area == "score":
            name = names[r.spec.index]
            if r.value is not None:
                claims[name] = int(r.value)  # type: ignore[call-overload]
            if r.confidence < DECIDE.confident:
                if ("score", name) in agreed:
                    confirm("score", name, claims[name], r)
                else:
                    uncertain.append(Uncertain("score", name, r.value, list(r.alternatives), r.confidence))
            elif ("score", name) in doubted:  # read surely, but a misreading explains the sheet better
                uncertain.append(Uncertain("score", name, r.value, list(r.alternatives), doubted[("score", name)],
                                           doubted_by_sums=True))
            continue
        if r.confidence < DECIDE.confident and key in agreed:
            values[key] = read_value(r) if r.spec.read == "number" else r.value
            confirm(r.spec.area, r.spec.index, values[key], r)
            continue
        value = r.value
        if r.spec.read == "number" and value is None and r.confidence < DECIDE.confident:
            # Written but unread: the best reading that is a number stands in, flagged.
            numbers = [(v, p) for v, p in r.alternatives if v is not None]
            value = numbers[0][0] if numbers else (r.spec.allowed[0] if r.spec.allowed else None)
        values[key] = value
        if r.confidence < DECIDE.confident:
            uncertain.append(Uncertain(r.spec.area, r.spec.index, value, list(r.alternatives), r.confidence))
            if len(alts) > 1:
                open_boxes.append((key, alts[:3]))
        elif key in doubted:  # a value read surely that the claims contradict: shown as read, flagged
            uncertain.append(Uncertain(r.spec.area, r.spec.index, value, list(r.alternatives), doubted[key],
                                       doubted_by_sums=True))
    for key in [k for k, v in values.items() if v is None]:
        del values[key]
    # Green fills from the left, orange / purple are written left to right and the action tracks are
    # circled left to right: a gap means a box was misread (or the player skipped one), which the
    # format cannot hold, so it is shown to a person.
    # A number box without a number ahead of a written one holds its likeliest number (its stand-in,
    # flagged below): the list must not end there, or every value after it would be lost.
    flagged = {(u.area, u.index) for u in uncertain}
    for area in ("green", "reroll", "plus1"):
        filled = sorted(i for (a, i), v in values.items() if a == area and v not in (None, False, "empty"))
        for i in range(filled[-1] if filled else 0):
            if i not in filled and (area, i) not in flagged:
                uncertain.append(Uncertain(area, i, values.get((area, i)), [], 0.5))
    by_key = {(r.spec.area, r.spec.index): r for r in readings if r.spec.area in ("orange", "purple")}
    stand_ins = {key: _stand_in(r) for key, r in by_key.items()}

    candidates = [players] if players is not None else game.players_for(rounds) or [1]

    def build(vals: dict[tuple[str, int], Any], p: int) -> Sheet:
        return _sheet_from(game, table, vals, p, claims, stand_ins=stand_ins)

    # The rules as a decoder: the most probable combination of uncertain boxes that is legal.
    decided: set[tuple[str, int]] = set()
    plausible = ""
    work = Work(DECIDE.max_decode_work)
    unfinished = False
    if open_boxes:
        combos = itertools.islice(itertools.product(*[alts for _, alts in open_boxes]), DECIDE.max_decode)
        ranked = sorted(combos, key=lambda c: -_prob(c))
        legal = []
        for combo in ranked:
            trial = dict(values)
            for (key, _), (v, _) in zip(open_boxes, combo, strict=True):
                if v is None:
                    trial.pop(key, None)
                else:
                    trial[key] = v
            try:
                sheet = build(trial, candidates[0])
            except ValueError:
                continue
            verdict = check(sheet, game, work=work)
            if work.exhausted or any(n.rule in UNDECIDED for n in verdict.notes):
                unfinished, legal = True, []  # not known to be the likeliest legal reading: no choice is made
                break
            if verdict.legal:
                legal.append((combo, trial))
                if len(legal) == 2:
                    break
        if legal:
            combo, trial = legal[0]
            decided = {key for key, _ in open_boxes if trial.get(key) != values.get(key)}
            if len(legal) > 1 and _prob(legal[1][0]) > 0.5 * _prob(combo):
                plausible = "two readings of the uncertain boxes make a legal sheet; the more probable is written"
            values = trial
    for u in uncertain:
        if (u.area, u.index) in decided:
            u.decided_by_rules = True
            u.read = values.get((u.area, int(u.index)))  # type: ignore[arg-type]

    notes: list[str] = [plausible] if plausible else []
    if unfinished:
        notes.append(OUT_OF_WORK)
    sheet = build(values, candidates[0])
    unsure = {(u.area, u.index): u for u in uncertain}
    for area, written in (("orange", sheet.orange), ("purple", sheet.purple)):
        for i, v in enumerate(written):
            if values.get((area, i)) is None:  # a stand-in: the overlay shows what the transcription holds
                values[(area, i)] = v
                if (area, i) in unsure:
                    unsure[(area, i)].read = v
                else:
                    uncertain.append(Uncertain(area, i, v, list(by_key[(area, i)].alternatives), 0.5))
    result = check(sheet, game)
    if players is None and len(candidates) > 1:
        verdicts = {}
        for p in candidates:
            r = check(build(values, p), game)
            verdicts[p] = (r.legal, r.ok)
        if len(set(verdicts.values())) > 1:
            best = next((p for p in candidates if verdicts[p][0]), candidates[0])
            sheet = build(values, best)
            result = check(sheet, game)
            uncertain.append(Uncertain("players", "", best, [(p, 0.5) for p in candidates], 0.5))
        else:
            notes.append(f"players not printed on the sheet; checked for {' and '.join(map(str, candidates))}: "
                         "same verdict")
    return Transcribed(sheet, uncertain, result, values, notes, confirmed, bool(plausible), work.spent)


def _agreed(game: GscGame, table: dict, readings: list[BoxReading], names: dict[int, str], players: int
            ) -> tuple[dict[FieldKey, Confirmation], dict[FieldKey, float]]:
    """The fields the sheet's own sums confirm, and the claims they make doubtful (see :mod:`.agreement`)."""

    def score_of(vals: Any) -> Any:
        # a gap adds nothing (the sums of an area with a gap are not compared: see agreement._area)
        return score(_sheet_from(game, table, {k: v for k, v in vals.items() if v is not None}, players, {}, gap=0),
                     game)

    try:
        found = beliefs(readings, names, score_of)
        # what may be doubted is weighed wary of real writing's misreadings (agreement.WARY_CONFUSED)
        wary = beliefs(readings, names, score_of, wary=True)
    except ValueError:  # readings no sheet can hold: nothing confirmed
        found = wary = []
    # a claim the boxes could not check (an orange or purple value unread) still has the others' arithmetic
    # and a claim the boxes contradict, the player's own arithmetic may show misread where the boxes alone
    # took it for the player's mistake (a claimed purple 7 read a sure 2, the total written with 7)
    agreeing = {b.fields[0][1] for b in wary if b.fields[0][0] == "score" and b.agreeing}
    unchecked = [k for k in CLAIMS if k not in agreeing]
    return confirmations(found), {**arithmetic_doubts(claim_readings(readings, names, wary=True), unchecked),
                                  **doubts(wary)}


def _stand_in(r: BoxReading | None) -> int:
    """The number a box read empty ahead of a written one is taken to hold: its likeliest number."""
    numbers = [v for v, _ in r.alternatives if v is not None] if r is not None else []
    if numbers:
        return int(numbers[0])  # type: ignore[call-overload]
    return r.spec.allowed[0] if r is not None and r.spec.allowed else 0


def _prob(combo: tuple[tuple[Any, float], ...]) -> float:
    p = 1.0
    for _, q in combo:
        p *= max(q, 1e-6)
    return p
