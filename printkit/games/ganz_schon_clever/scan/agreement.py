"""Readings a Ganz schön clever sheet confirms itself: the player's claimed scores against the boxes.

A player writes a score per area, the foxes, the lowest area score and the total; the boxes determine
what those scores truly are.  Independent readings that agree (the orange values adding up to the
orange claim as read, and the total agreeing too) are far stronger evidence than any one reading: for
all of them to be wrong, the digit model would have to misread them in just the way that keeps them
in agreement.

The decoder computes, over the whole sheet at once, the posterior probability of each field's *top*
reading given every reading and every claim, under this model:

* each written value's likelihoods: the digit model's scores of its listed alternatives; an allowed
  value it did not list scored below the weakest listed one, or below its listing cut-off when it
  listed fewer than it may (``NUMBERS.listed``, ``NUMBERS.listed_above``): it gets the
  mass the reading left unexplained, spread over such values, at most that bound;
* an unsure cross (read with less confidence than ``DECIDE.unsure``) is crossed or not with its reader's
  two probabilities; a sure cross is taken as read;
* a claim is the true score with probability ``1 - DECIDE.mistake``; otherwise the player's own mistake, any
  value within ``DECIDE.mistake_spread`` of the true score alike (``DECIDE.fox_mistake_spread`` for the
  foxes, which are counted, not added).

The true scores follow from the boxes by the game's own scoring (``score_of``): yellow, blue, green and
the foxes from the crosses, orange and purple as the sums of their values, the lowest as the least
area score, the total as the areas plus foxes times the lowest.  Sums are exact (a convolution over
every value each box allows: at most 11 boxes of 6 values, sums up to 198 and 66, so at most about
13,000 (orange, purple) pairs); unsure crosses are enumerated, at most ``DECIDE.max_unsure_marks`` of them
(else the crosses' claims confirm nothing).

**The asymmetry that keeps the tool honest**: agreement only ever *confirms* a top reading.  A claim
is confirmed only when its top reading equals the score the top readings of the boxes give; a box
(or the orange or purple values as a whole) only when such an agreeing claim depends on it.  No
reading is ever replaced by a lower-ranked alternative to make a claim match: a player who added
wrongly is reported wrong, and a field that disagrees stands on its own confidence.

Pure functions, no I/O.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from printkit.engine.scan.boxes import BoxReading
from printkit.engine.scan.numbers.thresholds import NUMBERS
from printkit.games.ganz_schon_clever.rules.score import Score
from printkit.games.ganz_schon_clever.scan.thresholds import DECIDE

FieldKey = tuple[str, int | str]  # (area, box index), or ("score", claim name)

# A 7 whose bar is lost (written over the box's outline or the print above it, or a bare tick) is read as a sure
# 1, with the 7 at 0.01 or less, and a 1 with a long flag as a 7: however sure the model, a value one such digit
# away keeps a share of the top reading's likelihood (``DECIDE.confusion_floor``).  A house value: a plain "not
# negligible", below which the model's tail is not trusted.  Shown digit -> the digits it may stand for.
CONFUSED_DIGITS = {"1": "7", "7": "1"}
# Real people's digits add the model's sure mistakes measured on real writing (issue 38: a 6 with a small loop on
# a long stem read 4, a 2 read 3 or 8; a 2 read 1 is left out: a player who wrote ten too few looks the same).
# These, and the cuttings below, are weighed *wary*: only where they could doubt a reading, never where they would
# keep a sheet's sums from confirming one (each floor takes a little from every top reading, and two of them
# together can match any claim).
WARY_CONFUSED = {"1": "7", "7": "1", "4": "6", "3": "2", "8": "2"}
# Real handwriting is cut into digits wrongly far more often than a digit is mistaken: a 1 or a 0 beside another
# digit is dropped or merged (a claimed 10 read a sure 0, 126 read 26, 141 read 14); bench/RESULTS.md "Real
# handwriting": almost every reading that was sure and wrong was shorter than the writing. A value one such digit
# longer than the top reading keeps a share of its likelihood (``DECIDE.recut_floor``). A reading longer than the
# writing (a digit split in two) is rarer, and a player's mistake of ten points looks just like it: not weighed.
RECUT_DIGITS = "10"  # the digits a cutting drops or adds beside another digit


@dataclass(frozen=True)
class Confirmation:
    """A field whose top reading the sheet's sums confirmed: ``by`` names the agreeing claims
    (``"claimed orange"``, ``"claimed orange, claimed total"``); ``posterior`` is the top reading's
    posterior probability (for the orange or purple values: all of that area's values together)."""

    key: FieldKey
    by: str
    posterior: float


@dataclass(frozen=True)
class Belief:
    """The posterior of some fields' top readings together, and what they rest on: the agreeing claims
    that depend on them (``"claimed orange"``), or for a cross whose flip would leave a gap in green
    ``"green fills from the left"``; empty: never confirmed."""

    fields: tuple[FieldKey, ...]
    posterior: float
    agreeing: tuple[str, ...]
    # one orange or purple value alone (the area's values together are a belief of their own): it never confirms,
    # it only doubts a value the sums contradict
    single: bool = False


def likelihood(alternatives: Sequence[tuple[object, float]], allowed: Sequence[int], wary: bool = False
               ) -> np.ndarray:
    """Likelihood of each value ``0..max(allowed)`` from a digit reading's alternatives.

    Listed allowed values keep their scores.  Every other allowed value scored less than the weakest
    listed one (when the reading lists all it may) or than the listing cut-off (when it lists fewer):
    it gets that bound, or the mass the reading left unexplained (1 - all listed scores, "empty"
    included) spread evenly over those values when that is less.  Values not allowed get 0.  A value
    :func:`confusable` with the top reading gets at least DECIDE.confusion_floor of the top's likelihood;
    ``wary``: so do the real writing's confusions (:data:`WARY_CONFUSED`), and a value one :func:`recut` away
    gets DECIDE.recut_floor of it.
    """
    vec = np.zeros(max(allowed) + 1)
    ok = set(allowed)
    listed = {int(v): float(p) for v, p in alternatives if v is not None and int(v) in ok}  # type: ignore[call-overload]
    rest = [v for v in allowed if v not in listed]
    if rest:
        left = max(0.0, 1.0 - sum(float(p) for _, p in alternatives))
        bound = min(float(p) for _, p in alternatives) if len(alternatives) >= NUMBERS.listed else NUMBERS.listed_above
        vec[rest] = min(bound, max(left / len(rest), NUMBERS.listed_above / 10))
    for v, p in listed.items():
        vec[v] = p
    top = alternatives[0][0] if alternatives else None
    if top is not None and (shown := int(top)) in ok:  # type: ignore[call-overload]
        twins_floors = [(confusable(shown, wary), DECIDE.confusion_floor)]
        if wary:
            twins_floors.append((recut(shown), DECIDE.recut_floor))
        for twins, floor in twins_floors:
            for twin in twins:
                if twin in ok:
                    vec[twin] = max(vec[twin], floor * vec[shown])
    return vec


def recut(value: int) -> list[int]:
    """The values whose writing a cutting may have read as ``value``: a 1 or a 0 (:data:`RECUT_DIGITS`) more,
    anywhere (dropped, or merged with its neighbour), e.g. 26 -> [126, 206, 216, 260, 261]; never with a
    leading zero."""
    text = str(value)
    out = {text[:i] + d + text[i:] for i in range(len(text) + 1) for d in RECUT_DIGITS}
    return sorted(int(t) for t in out if not t.startswith("0"))


def confusable(value: int, wary: bool = False) -> list[int]:
    """The values that differ from ``value`` by one digit the digit model mistakes surely (a 7 read as
    a 1, a 1 as a 7: :data:`CONFUSED_DIGITS`; ``wary``: :data:`WARY_CONFUSED`), e.g. 61 -> [67], 17 -> [77, 11];
    wary, 64 -> [66]."""
    text = str(value)
    table = WARY_CONFUSED if wary else CONFUSED_DIGITS
    return [int(text[:i] + d + text[i + 1:]) for i, c in enumerate(text) for d in table.get(c, "")]


def claim_given_truth(claim: np.ndarray, size: int, spread: int = DECIDE.mistake_spread) -> np.ndarray:
    """``out[q]`` = likelihood of what the claim box shows when the true score is ``q`` (``q < size``):
    its likelihood at ``q`` if the player added right, or its mean over the values within ``spread``
    of ``q`` if not."""
    n = max(size, len(claim)) + spread
    c = np.zeros(n)
    c[:len(claim)] = claim
    kernel = np.ones(2 * spread + 1) / (2 * spread)
    kernel[spread] = 0.0
    mistaken = np.convolve(c, kernel, mode="same")
    return ((1 - DECIDE.mistake) * c + DECIDE.mistake * mistaken)[:size]


def shown_given_truth(claim: np.ndarray, shown: int, size: int, spread: int = DECIDE.mistake_spread) -> np.ndarray:
    """``out[q]`` = likelihood that the claim box holds ``shown`` and reads as it does, when the true
    score is ``q``: the part of :func:`claim_given_truth` where the claim's reading is right."""
    out = np.zeros(size)
    p = float(claim[shown]) if shown < len(claim) else 0.0
    lo, hi = max(0, shown - spread), min(size, shown + spread + 1)
    out[lo:hi] = DECIDE.mistake * p / (2 * spread)
    if shown < size:
        out[shown] = (1 - DECIDE.mistake) * p
    return out


def sum_weights(fields: Sequence[np.ndarray]) -> np.ndarray:
    """``out[s]`` = total likelihood of every reading of ``fields`` whose values add up to ``s``."""
    out = np.ones(1)
    for f in fields:
        out = np.convolve(out, f)
    return out


Quantity = Callable[[Score, np.ndarray, np.ndarray], np.ndarray]
"""A claim's true value from the cross-derived scores and (broadcast) arrays of orange and purple sums."""


def _lowest(s: Score, o: np.ndarray, p: np.ndarray) -> np.ndarray:
    return np.minimum(np.minimum(o, p), min(s.yellow, s.blue, s.green))


def _const(value: Callable[[Score], int]) -> Quantity:
    return lambda s, o, p: np.broadcast_to(np.int64(value(s)), np.broadcast(o, p).shape)


CLAIMS: dict[str, tuple[tuple[str, ...], Quantity]] = {
    # claim: (what it depends on: "orange"/"purple" values, crosses of an area; its true value)
    "yellow": (("yellow",), _const(lambda s: s.yellow)),
    "blue": (("blue",), _const(lambda s: s.blue)),
    "green": (("green",), _const(lambda s: s.green)),
    "orange": (("orange",), lambda s, o, p: np.broadcast_to(o, np.broadcast(o, p).shape)),
    "purple": (("purple",), lambda s, o, p: np.broadcast_to(p, np.broadcast(o, p).shape)),
    "foxes": (("yellow", "blue", "green"), _const(lambda s: s.foxes)),
    "lowest": (("yellow", "blue", "green", "orange", "purple"), _lowest),
    "total": (("yellow", "blue", "green", "orange", "purple"),
              lambda s, o, p: s.yellow + s.blue + s.green + o + p + s.foxes * _lowest(s, o, p)),
}


def read_value(r: BoxReading) -> int | None:
    """The top reading of a number box: its value, or None where the model's best reading is "no
    number" (an empty box, a smudge, a scribble).  Agreement only ever confirms a top reading, so a box
    whose top reading is no number is never confirmed as the number it might also be."""
    return None if r.value is None else int(r.value)  # type: ignore[call-overload]


@dataclass(frozen=True)
class _Area:
    """The written values of orange or purple: weight of each sum, their top readings' sum and likelihood."""

    keys: tuple[FieldKey, ...]
    weights: np.ndarray
    top: int
    top_likelihood: float
    fields: tuple[np.ndarray, ...] = ()  # each value's likelihood
    tops: tuple[int, ...] = ()  # each value's top reading

    def at_top(self, i: int) -> np.ndarray:
        """Weight of each sum with value ``i`` at its top reading (the others as they may be)."""
        others = sum_weights([f for j, f in enumerate(self.fields) if j != i])
        out = np.zeros(len(self.weights))
        t = self.tops[i]
        out[t:t + len(others)] = self.fields[i][t] * others[:len(out) - t]
        return out


def _area(readings: Sequence[BoxReading], wary: bool = False) -> _Area | None:
    """The written values of one area, or None when their sum cannot be known from the top readings:
    a box read as no number but not surely empty, or a value after an empty box (a gap, which the
    checker does not add past and a person is shown)."""
    keys, liks, tops = [], [], []
    ended = False
    for r in sorted(readings, key=lambda r: r.spec.index):
        v = read_value(r)
        if v is None:
            if r.confidence < DECIDE.unsure:
                return None
            ended = True
            continue
        if ended:
            return None
        keys.append((r.spec.area, r.spec.index))
        liks.append(likelihood(r.alternatives, r.spec.allowed, wary))
        tops.append(v)
    top_likelihood = float(np.prod([f[v] for f, v in zip(liks, tops, strict=True)]))
    return _Area(tuple(keys), sum_weights(liks), sum(tops), top_likelihood, tuple(liks), tuple(tops))


def claim_readings(readings: Sequence[BoxReading], claim_names: Mapping[int, str], wary: bool = False
                   ) -> dict[str, tuple[int, np.ndarray]]:
    """Each claim read as a number: (its top reading, :func:`likelihood` of every value it may hold)."""
    out: dict[str, tuple[int, np.ndarray]] = {}
    for r in readings:
        if r.spec.area == "score":
            name, shown = claim_names[r.spec.index], read_value(r)
            if shown is not None and name in CLAIMS:
                out[name] = (shown, likelihood(r.alternatives, r.spec.allowed, wary))
    return out


def beliefs(readings: Sequence[BoxReading], claim_names: Mapping[int, str],
            score_of: Callable[[Mapping[FieldKey, object]], Score], wary: bool = False) -> list[Belief]:
    """The posterior of the top readings: of each claim, of the orange values together, of the
    purple values together, of each unsure cross; ``wary``: with the real writing's misreadings weighed too
    (:func:`likelihood`), and of each orange and purple value alone (``single``: they only doubt).

    ``claim_names``: score box index -> claim name; ``score_of``: the game's score of a sheet holding
    the given box values (crosses: bool; orange, purple: numbers).
    """
    claims = claim_readings(readings, claim_names, wary)
    by_area: dict[str, list[BoxReading]] = {"orange": [], "purple": []}
    unsure: list[BoxReading] = []
    top_values: dict[FieldKey, object] = {}
    for r in readings:
        key: FieldKey = (r.spec.area, r.spec.index)
        if r.spec.read == "mark":
            top_values[key] = bool(r.value)
            if r.confidence < DECIDE.unsure:
                unsure.append(r)
        elif r.spec.area in by_area:
            by_area[r.spec.area].append(r)
            value = read_value(r)
            if value is not None:
                top_values[key] = value
    orange, purple = _area(by_area["orange"], wary), _area(by_area["purple"], wary)
    # a value unread or after a gap: no sum of that area, and no fox count (foxes are earned along orange and
    # purple); the claims that do not depend on it are still weighed
    unknown = {name for name, a in (("orange", orange), ("purple", purple)) if a is None}
    if unknown:
        claims = {k: v for k, v in claims.items() if not set(CLAIMS[k][0]) & unknown and k != "foxes"}
        orange = orange or _Area((), np.ones(1), 0, 1.0)
        purple = purple or _Area((), np.ones(1), 0, 1.0)
    if len(unsure) > DECIDE.max_unsure_marks:
        claims = {k: v for k, v in claims.items() if not set(CLAIMS[k][0]) & {u.spec.area for u in unsure}}
        unsure = []
    if not claims:
        return []

    # Combinations of the unsure crosses, by the scores they give: weight of all of them, and of those
    # with each unsure cross at its top reading.
    mark_keys = [(r.spec.area, r.spec.index) for r in unsure]
    top_marks = tuple(bool(r.value) for r in unsure)
    groups: dict[Score, np.ndarray] = {}  # score -> [weight, weight with cross i at top for each i]
    top_score: Score | None = None
    flipped_score: list[Score | None] = [None] * len(unsure)  # None: that flip alone is impossible
    fill_order = not _green_gap(top_values)
    for values in itertools.product((True, False), repeat=len(unsure)):
        trial = dict(top_values)
        trial.update(zip(mark_keys, values, strict=True))
        if fill_order and _green_gap(trial):
            continue  # green is crossed from the left: a gap is no sheet (the top reading has none)
        weight = 1.0
        for r, v in zip(unsure, values, strict=True):
            weight *= r.confidence if v == bool(r.value) else 1.0 - r.confidence
        s = score_of(trial)
        at_top = [v == t for v, t in zip(values, top_marks, strict=True)]
        row = groups.setdefault(s, np.zeros(1 + len(unsure)))
        row[0] += weight
        row[1:] += weight * np.array(at_top, dtype=float)
        if all(at_top):
            top_score = s
        elif at_top.count(False) == 1:
            flipped_score[at_top.index(False)] = s
    assert top_score is not None

    o_axis, p_axis = np.arange(len(orange.weights))[:, None], np.arange(len(purple.weights))[None, :]
    grid_w = np.outer(orange.weights, purple.weights)
    size = 0
    quantities: dict[Score, dict[str, np.ndarray]] = {}
    for s in groups:
        quantities[s] = {k: np.asarray(CLAIMS[k][1](s, o_axis, p_axis)) for k in claims}
        size = max([size, *(int(q.max()) + 1 for q in quantities[s].values())])
    spread = {k: DECIDE.fox_mistake_spread if k == "foxes" else DECIDE.mistake_spread for k in claims}
    given = {k: claim_given_truth(lik, size, spread[k]) for k, (_, lik) in claims.items()}
    shown = {k: shown_given_truth(lik, v, size, spread[k]) for k, (v, lik) in claims.items()}

    z = 0.0
    claim_top = dict.fromkeys(claims, 0.0)
    orange_top = purple_top = 0.0
    marks_top = np.zeros(len(unsure))
    # each value alone at its top reading: its area's sums weighed with it fixed
    singles = [(k, np.outer(orange.at_top(i), purple.weights)) for i, k in enumerate(orange.keys) if wary]
    singles += [(k, np.outer(orange.weights, purple.at_top(i))) for i, k in enumerate(purple.keys) if wary]
    single_top = np.zeros(len(singles))
    for s, row in groups.items():
        factors = {k: given[k][q] for k, q in quantities[s].items()}
        claimed = np.prod(list(factors.values()), axis=0)
        joint = grid_w * claimed
        for i, (_, w) in enumerate(singles):
            single_top[i] += row[0] * float((w * claimed).sum())
        total = float(joint.sum())
        z += row[0] * total
        marks_top += row[1:] * total
        orange_top += row[0] * float(joint[orange.top, :].sum())
        purple_top += row[0] * float(joint[:, purple.top].sum())
        for k, q in quantities[s].items():
            others = np.prod([f for j, f in factors.items() if j != k], axis=0) if len(factors) > 1 else 1.0
            claim_top[k] += row[0] * float((grid_w * others * shown[k][q]).sum())
    if z <= 0:
        return []
    # the top readings of the orange values together, not just their sum
    orange_top *= orange.top_likelihood / orange.weights[orange.top] if orange.weights[orange.top] > 0 else 0.0
    purple_top *= purple.top_likelihood / purple.weights[purple.top] if purple.weights[purple.top] > 0 else 0.0

    def truth(name: str, s: Score) -> int:
        return int(CLAIMS[name][1](s, np.array(orange.top), np.array(purple.top)))

    agreeing = [k for k, (v, _) in claims.items() if truth(k, top_score) == v]
    out = [Belief((("score", k),), claim_top[k] / z, (f"claimed {k}",) if k in agreeing else ()) for k in claims]
    for area, a, top in (("orange", orange, orange_top), ("purple", purple, purple_top)):
        if a.keys:
            out.append(Belief(a.keys, top / z, tuple(f"claimed {k}" for k in agreeing if area in CLAIMS[k][0])))
    for (key, _), top in zip(singles, single_top, strict=True):
        out.append(Belief((key,), float(top / z), (), single=True))
    for i, key in enumerate(mark_keys):
        # a cross rests on an agreeing claim that it changes on its own, or on the fill order when its
        # flip alone would leave a gap in green
        flip = flipped_score[i]
        rests = (("green fills from the left",) if flip is None else
                 tuple(f"claimed {k}" for k in agreeing if truth(k, flip) != truth(k, top_score)))
        out.append(Belief((key,), float(marks_top[i] / z), rests))
    return out


def _green_gap(values: Mapping[FieldKey, object]) -> bool:
    """Whether the green crosses among ``values`` leave an uncrossed box before a crossed one."""
    crossed = [i for (area, i), v in values.items() if area == "green" and v is True]
    return bool(crossed) and max(crossed) + 1 != len(crossed)  # type: ignore[call-overload]


def confirmations(found: Sequence[Belief], threshold: float = DECIDE.confirm) -> dict[FieldKey, Confirmation]:
    """The fields confirmed: those of every belief that rests on an agreeing claim and whose posterior
    is at least ``threshold``."""
    out: dict[FieldKey, Confirmation] = {}
    for b in found:
        if b.agreeing and b.posterior >= threshold and not b.single:
            by = ", ".join(b.agreeing)
            for k in b.fields:
                out[k] = Confirmation(k, by, b.posterior)
    return out


def doubts(found: Sequence[Belief], threshold: float = DECIDE.doubt) -> dict[FieldKey, float]:
    """The fields whose top reading the sheet makes doubtful, with its posterior: a claim that disagrees with
    the score the boxes give, or an orange or purple value that disagrees with the claims, where another
    reading (an alternative the digit model left it) explains the sheet better than a player's mistake does.
    Such a field is flagged, never replaced."""
    return {b.fields[0]: b.posterior for b in found
            if (b.fields[0][0] == "score" or b.single) and not b.agreeing and b.posterior < threshold}


TOTAL_PARTS = ("yellow", "blue", "green", "orange", "purple")  # the total: these, plus foxes times the lowest


def _written_given(written: np.ndarray | int, truth: np.ndarray | int, spread: int = DECIDE.mistake_spread
                   ) -> np.ndarray:
    """Probability that a player writes ``written`` where the sum is ``truth`` (the model of
    :func:`claim_given_truth`: right, or a mistake within ``spread`` of it, every such value alike);
    elementwise."""
    off = np.abs(np.asarray(written) - np.asarray(truth))
    return np.where(off == 0, 1 - DECIDE.mistake, np.where(off <= spread, DECIDE.mistake / (2 * spread), 0.0))


def arithmetic_doubts(claims: Mapping[str, tuple[int, np.ndarray]], unchecked: Iterable[str],
                      threshold: float = DECIDE.doubt) -> dict[FieldKey, float]:
    """The claims among ``unchecked`` that the player's own arithmetic makes doubtful, with the posterior
    of their top reading: where the boxes cannot check a claim (an orange or purple value unread, so no
    sum), the total still is the claimed areas plus the claimed foxes times the claimed lowest, and the
    lowest is the least claimed area.

    The model is :func:`beliefs`' with the other claims' top readings in place of the boxes: the total and
    the lowest as written are what the other claims give, or a player's mistake within DECIDE.mistake_spread of it.
    Each unchecked claim in turn is weighed over every value it may hold (its :func:`likelihood`), the others
    fixed; a top reading whose posterior falls below ``threshold`` is doubted (a misreading explains the
    claims better than a mistake does).  A claim that no value of its own could reconcile with the rest is
    not the one to doubt: nothing is said of it.  ``claims``: :func:`claim_readings`."""
    need = (*TOTAL_PARTS, "foxes", "lowest", "total")
    if any(k not in claims for k in need):
        return {}
    top = {k: v for k, (v, _) in claims.items()}

    # every value a claim may hold at once: one of ``values`` is an array over them, the others its top reading
    def total_as_written(values: Mapping[str, np.ndarray | int]) -> np.ndarray:
        total = sum(values[k] for k in TOTAL_PARTS) + values["foxes"] * values["lowest"]  # type: ignore[operator]
        return _written_given(values["total"], total)  # type: ignore[arg-type]

    def lowest_as_written(values: Mapping[str, np.ndarray | int]) -> np.ndarray:
        return _written_given(values["lowest"], functools.reduce(np.minimum, [values[k] for k in TOTAL_PARTS]))

    # (the claims a sum holds, how likely it is written as it is); a claim is weighed by the sums it is in
    sums = ((set(need), total_as_written), ({*TOTAL_PARTS, "lowest"}, lowest_as_written))
    out: dict[FieldKey, float] = {}
    todo = set(unchecked)
    for name in (k for k in need if k in todo):
        value, lik = claims[name]
        values: dict[str, np.ndarray | int] = {**top, name: np.arange(len(lik))}
        weights = lik.copy()
        for held, given in sums:
            if name in held:
                weights = weights * given(values)
        z = float(weights.sum())
        if z > 0 and value < len(weights) and weights[value] / z < threshold:
            out[("score", name)] = float(weights[value] / z)
    return out
