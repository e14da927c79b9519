"""Writing cut into the digits it may hold: at blank or thin columns, into its separate pieces, or along the ink
where two digits touch (:func:`prepare`)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from printkit.engine.scan.numbers.preprocess import (
    Prepared,
    _deslant,
    _digit_image,
    _runs,
    _span_images,
    _Writing,
    _writing,
)
from printkit.engine.scan.numbers.thresholds import NUMBERS


def prepare(crop: np.ndarray, max_digits: int = 2) -> Prepared:
    """Normalise one box crop into what the models see (also used by the training script)."""
    writing = _writing(crop)
    return writing if isinstance(writing, Prepared) else _cut(writing, max_digits)


def _cut(w: _Writing, max_digits: int) -> Prepared:
    """The second stage of :func:`prepare`: the writing's parts for reading it as 1..``max_digits`` digits."""
    ink, mask, left, right, profile, height = w.ink, w.mask, w.left, w.right, w.profile, w.height
    spans: list[tuple[int, int]] = [(left, right)]
    hypotheses: dict[int, list[tuple[int, ...]]] = {1: [(0,)]}
    index: dict[tuple[int, int], int] = {(left, right): 0}

    def part(a: int, b: int) -> int:
        if (a, b) not in index:
            index[(a, b)] = len(spans)
            spans.append((a, b))
        return index[(a, b)]

    for k in range(2, max_digits + 1):
        cuts = _cuttings(profile, k)
        hyp = []
        for cutting in cuts:
            bounds = [0, *cutting, right - left]
            hyp.append(tuple(part(left + bounds[i], left + bounds[i + 1]) for i in range(k)))
        if hyp:
            hypotheses[k] = hyp
    parts = [w.whole, *_span_images(ink, mask, spans[1:], height, right - left)]
    intact = [(a == left or not _severs(mask, a)) and (b == right or not _severs(mask, b)) for a, b in spans]
    apart_from, apart = None, None
    upright_ink, upright_mask = w.upright_ink, w.upright_mask
    if max_digits > 1 and not w.split:
        apart = _apart(upright_ink, upright_mask, max_digits)
        if apart is not None:
            apart_from = len(parts)
            hypotheses.setdefault(len(apart), []).append(tuple(range(apart_from, apart_from + len(apart))))
            for (a, b), image in apart:
                spans.append((a, b))
                parts.append(image)
                intact.append(True)
        else:
            rows_up = np.flatnonzero(upright_mask.any(axis=1))
            height_up = float(rows_up[-1] - rows_up[0] + 1)
            for first, second, whole in _ink_cuts(upright_ink, upright_mask):
                if apart_from is None:
                    apart_from = len(parts)
                hypotheses.setdefault(2, []).append((len(parts), len(parts) + 1))
                for (a, b), image in _own_images(upright_ink, upright_mask, (first, second), height_up):
                    spans.append((a, b))
                    parts.append(image)
                    intact.append(whole)
    return Prepared(w.features, np.stack(parts), hypotheses, tuple(spans), w.geometry, w.split, w.faint_beside,
                    tuple(intact), apart_from, apart is None and apart_from is not None)


def _apart(ink: np.ndarray, mask: np.ndarray, max_digits: int) -> list[tuple[tuple[int, int], np.ndarray]] | None:
    """The writing's separate strokes as digits, each deslanted alone, when it holds 2..max_digits tall
    pieces of ink that touch nowhere (see :func:`_pieces`): the column range and classifier image of each,
    left to right; else None.

    Cutting between columns fails where two digits written apart still share columns: a 7 whose bar
    reaches back over the 6 before it, or whose stem leans under the 6 after it once one shear is applied
    to the whole writing. No cutting then holds one digit (a claimed 76 read 56 at 0.01). Taken piece by
    piece, each digit is read as written (7 at 0.96, 6 at 0.98).
    """
    pieces = _pieces(mask)
    rows = np.flatnonzero(mask.any(axis=1))
    height = float(rows[-1] - rows[0] + 1)
    total = float(mask.sum())
    least_h, least_ink = NUMBERS.cut_part_height * height, NUMBERS.cut_part_ink * total
    is_tall = [np.ptp(np.nonzero(p)[0]) + 1 >= least_h and p.sum() >= least_ink for p in pieces]
    tall = [p.copy() for p, t in zip(pieces, is_tall, strict=True) if t]
    if not 2 <= len(tall) <= max_digits:
        return None
    # every small piece (a dot of a broken stroke) goes with the tall piece nearest to it
    centres = [np.nonzero(p)[1].mean() for p in tall]
    for p, t in zip(pieces, is_tall, strict=True):
        if not t:
            x = np.nonzero(p)[1].mean()
            tall[min(range(len(tall)), key=lambda i: abs(centres[i] - x))] |= p
    order = sorted(range(len(tall)), key=lambda i: centres[i])
    return _own_images(ink, mask, [tall[i] for i in order], height)


def _ink_cuts(ink: np.ndarray, mask: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, bool]]:
    """Ways to cut writing whose two digits touch into a left and a right part along the ink, as masks.

    A path from the writing's top row to its bottom row, one pixel a row, that may step one column sideways
    a row (bending round a stroke, following a slant) and crosses as little ink as it can: the least-cost
    path by dynamic programming, where a pixel costs its ink (0 on paper, 1 at full strength) and a step
    sideways ``NUMBERS.cut_bend``. It stays ``NUMBERS.cut_window`` of the writing's width away from its sides. Where two
    digits touch (a 7's bar running into the 6, a 1 leaning into the 4), no blank column and no piece of
    ink parts them, and every cut between columns runs through both; the cheapest paths run through the
    thin link between the two ink masses. The ``NUMBERS.cut_paths`` cheapest ends that part the ink differently are
    kept, each only where both parts run at least half the writing's height and hold a tenth of its ink, with
    whether its parts hold whole strokes (the path crosses ink at most once: a link). Writing narrower than
    ``NUMBERS.cut_min_width`` of its height (a 1, most single digits) is not cut.
    """
    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    r0, r1, c0, c1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
    if c1 - c0 < NUMBERS.cut_min_width * (r1 - r0) or r1 - r0 < 4:
        return []
    margin = round(NUMBERS.cut_window * (c1 - c0))
    lo, hi = c0 + margin, c1 - margin
    if hi - lo < 2:
        return []
    cost = ink[r0:r1, lo:hi].astype(np.float64)
    h, w = cost.shape
    acc = cost[0].copy()
    step = np.zeros((h, w), np.int8)  # -1, 0, 1: the column the path came from, relative to this one
    left, right = np.full(w, np.inf), np.full(w, np.inf)
    for y in range(1, h):
        np.add(acc[:-1], NUMBERS.cut_bend, out=left[1:])
        np.add(acc[1:], NUMBERS.cut_bend, out=right[:-1])
        # the first of (left, here, right) that is least, as argmin over the three would take it
        from_left = (left <= acc) & (left <= right)
        from_right = ~from_left & (right < acc)
        step[y] = from_right.view(np.int8) - from_left.view(np.int8)
        acc = np.where(from_left, left, np.where(from_right, right, acc)) + cost[y]
    # every end's path at once, traced back row by row
    paths = np.empty((h, w), np.int64)
    x = np.arange(w)
    for y in range(h - 1, -1, -1):
        paths[y] = x
        x = x + step[y, x]
    paths += lo
    # a path parts each row's ink by how many of its pixels lie left of it
    sub = mask[r0:r1]
    before = np.concatenate((np.zeros((h, 1), np.int64), sub.cumsum(axis=1)), axis=1)
    counts = before[np.arange(h)[:, None], paths]  # (rows, ends)
    rest = before[:, -1:] - counts
    total = float(sub.sum())
    least_h, least_ink = NUMBERS.cut_part_height * h, NUMBERS.cut_part_ink * total
    tall = ((_extent(counts > 0) >= least_h) & (counts.sum(axis=0) >= least_ink)
            & (_extent(rest > 0) >= least_h) & (rest.sum(axis=0) >= least_ink))
    on = sub[np.arange(h)[:, None], paths]  # rows where each path runs through ink
    crossings = on[0].astype(np.int64) + (on[1:] & ~on[:-1]).sum(axis=0)
    out: list[tuple[np.ndarray, np.ndarray, bool]] = []
    seen: set[bytes] = set()
    xs = np.arange(mask.shape[1])[None, :]
    for end in np.argsort(acc, kind="stable").tolist():
        key = counts[:, end].tobytes()
        if key in seen:
            continue
        seen.add(key)
        if tall[end]:
            limit = np.full(mask.shape[0], lo)
            limit[r0:r1] = paths[:, end]
            left = mask & (xs < limit[:, None])
            # a link between two touching digits is crossed once: both parts then hold whole strokes
            out.append((left, mask & ~left, bool(crossings[end] <= 1)))
        if len(out) >= NUMBERS.cut_paths or len(seen) >= 4 * NUMBERS.cut_paths:
            break
    return out


def _extent(rows: np.ndarray) -> np.ndarray:
    """Per column of ``rows`` (bool, rows x columns), how many rows its first to last True span (0: none)."""
    first = rows.argmax(axis=0)
    last = len(rows) - 1 - rows[::-1].argmax(axis=0)
    return np.where(rows.any(axis=0), last - first + 1, 0)


def _own_images(ink: np.ndarray, mask: np.ndarray, owns: Sequence[np.ndarray], height: float
                ) -> list[tuple[tuple[int, int], np.ndarray]]:
    """Each part of the writing given as a mask of its own ink (left to right), deslanted alone: its column
    range and its classifier image."""
    cols = np.flatnonzero(mask.any(axis=0))
    width = int(cols[-1]) + 1 - int(cols[0])
    out = []
    for own in owns:
        c = np.flatnonzero(own.any(axis=0))
        a, b = int(c[0]), int(c[-1]) + 1
        part_ink = np.where(own, ink, 0.0)[:, a:b]
        sheared, _, _, _ = _deslant(part_ink, own[:, a:b])
        if (sheared > NUMBERS.ink).sum() >= 3:
            part_ink = sheared
        out.append(((a, b), _digit_image(part_ink, part_ink > NUMBERS.ink, height, width)))
    return out


def _pieces(mask: np.ndarray) -> list[np.ndarray]:
    """The 8-connected pieces of ``mask``, each as a mask of its own: runs of ink along each row, joined
    where they touch a run of the row above (a writing holds a hundred runs or so)."""
    # every row's runs at once (row by row, finding them took three quarters of the time)
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), np.int8)  # a blank column each side (np.pad: slower)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    ys, a_s = np.nonzero(edges > 0)
    _, b_s = np.nonzero(edges < 0)  # row-major, like the starts: the k-th end closes the k-th start
    runs: list[tuple[int, int, int]] = list(zip(ys.tolist(), a_s.tolist(), b_s.tolist(), strict=True))
    starts = np.searchsorted(ys, np.arange(mask.shape[0] + 1)).tolist()  # index of each row's first run
    parent = list(range(len(runs)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for y in range(1, mask.shape[0]):
        for i in range(starts[y], starts[y + 1]):
            _, a, b = runs[i]
            for j in range(starts[y - 1], starts[y]):
                _, c, d = runs[j]
                if c <= b and a <= d:  # touching, diagonals included (ends are exclusive)
                    parent[root(i)] = root(j)
    out: dict[int, np.ndarray] = {}
    for i, (y, a, b) in enumerate(runs):
        piece = out.setdefault(root(i), np.zeros(mask.shape, dtype=bool))
        piece[y, a:b] = True
    return list(out.values())


def _severs(mask: np.ndarray, c: int) -> bool:
    """Whether a cut between columns ``c - 1`` and ``c`` runs through a stroke (ink on both sides, touching)."""
    before, after = mask[:, c - 1], mask[:, c].copy()
    after[1:] |= mask[:-1, c]
    after[:-1] |= mask[1:, c]
    return bool((before & after).any())


def _cuttings(profile: np.ndarray, k: int) -> list[tuple[int, ...]]:
    """Candidate ways to cut the writing's column profile into k parts, left to right (at most a few)."""
    n = len(profile)
    if n < 2 * k:
        return []
    gaps = [((a + b) // 2, b - a) for a, b in _runs(profile == 0)]
    smooth = np.convolve(profile, np.ones(3) / 3, mode="same")
    cands: set[int] = {c for c, _ in gaps}
    for i in range(1, k):
        lo, hi = round(n * (i / k - 0.5 / k)), round(n * (i / k + 0.5 / k))
        lo, hi = max(1, lo), min(n - 1, hi)
        if hi > lo:
            seg = smooth[lo:hi]
            cands.add(lo + int(np.argmin(seg)))
            # a second candidate: the thinnest column away from the first
            order = np.argsort(seg, kind="stable")
            for j in order[1:]:
                if abs(int(j) - int(order[0])) >= 3:
                    cands.add(lo + int(j))
                    break
    positions = sorted(c for c in cands if 1 <= c <= n - 1)
    out: list[tuple[int, ...]] = []
    min_part = max(2, n // (4 * k))

    def extend(prefix: tuple[int, ...], start: int) -> None:
        if len(out) >= 8:
            return
        if len(prefix) == k - 1:
            if n - (prefix[-1] if prefix else 0) >= min_part:
                out.append(prefix)
            return
        for c in positions:
            if c - start >= min_part:
                extend((*prefix, c), c)

    extend((), 0)
    return out
