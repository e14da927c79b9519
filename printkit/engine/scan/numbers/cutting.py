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
        cuts = _cuttings(profile, k, height)
        hyp = []
        for cutting in cuts:
            bounds = [0, *cutting, right - left]
            hyp.append(tuple(part(left + bounds[i], left + bounds[i + 1]) for i in range(k)))
        if hyp:
            hypotheses[k] = hyp
    parts = [w.whole, *_span_images(ink, mask, spans[1:], height, right - left)]
    intact = [(a == left or not _severs(mask, a)) and (b == right or not _severs(mask, b)) for a, b in spans]
    apart_from, ink_cut_from = None, None
    cut_of: dict[tuple[int, ...], int] = {}
    if max_digits > 1:
        rows_up = np.flatnonzero(w.upright_mask.any(axis=1))
        height_up = float(rows_up[-1] - rows_up[0] + 1)
        seen: dict[bytes, int] = {}

        def image_of(owns: list[tuple[np.ndarray, bool]]) -> list[int]:
            new = [(own, whole) for own, whole in owns if own.tobytes() not in seen]
            for ((a, b), image), (own, whole) in zip(_own_images(w.upright_ink, w.upright_mask, [o for o, _ in new],
                                                                 height_up), new, strict=True):
                seen[own.tobytes()] = len(parts)
                spans.append((a, b))
                parts.append(image)
                intact.append(whole)
            return [seen[own.tobytes()] for own, _ in owns]

        for along, owns, parent in _piece_cuttings(w.upright_ink, w.upright_mask, max_digits, w.split):
            if apart_from is None:
                apart_from = len(parts)
            if along and ink_cut_from is None:
                ink_cut_from = len(parts)
            cut = tuple(image_of(owns))
            hypotheses.setdefault(len(owns), []).append(cut)
            if parent is not None and parent[0].sum() < w.upright_mask.sum():  # (the whole writing's is image 0)
                cut_of[cut] = image_of([parent])[0]
    return Prepared(w.features, np.stack(parts), hypotheses, tuple(spans), w.geometry, w.split, w.faint_beside,
                    tuple(intact), apart_from, ink_cut_from, cut_of)


def _piece_cuttings(ink: np.ndarray, mask: np.ndarray, max_digits: int, split: bool
                    ) -> list[tuple[bool, list[tuple[np.ndarray, bool]], tuple[np.ndarray, bool] | None]]:
    """The writing read piece by piece: its separate tall pieces (:func:`_tall_pieces`) as digits, and
    where it holds fewer pieces than ``max_digits``, a piece cut in two along the ink (:func:`_ink_cuts`),
    once or twice: each as (whether a cut along the ink made it, [(a part's mask, whether it holds whole
    strokes)] left to right, the part that was cut or None).

    Cutting between columns fails where two digits written apart still share columns: a 7 whose bar reaches
    back over the 6 before it, or whose stem leans under the 6 after it once one shear is applied to the
    whole writing (a claimed 76 read 56 at 0.01); taken piece by piece, each deslanted alone, each digit is
    read as written (7 at 0.96, 6 at 0.98). Two digits that touch make one piece (a 1 leaning into the 0 of
    a 104): with the 4 apart, the writing is two pieces, and only a cut of the first along the ink reads it
    as three digits. Writing split by blank columns is already read as pieces by the cuttings between
    columns; it is cut along the ink only where it may hold more digits than it has pieces."""
    tall = _tall_pieces(mask)
    out: list[tuple[bool, list[tuple[np.ndarray, bool]], tuple[np.ndarray, bool] | None]] = []
    if tall is None:
        return out
    if 2 <= len(tall) <= max_digits and not split:
        out.append((False, [(p, True) for p in tall], None))
    level = [[(p, True) for p in tall]]
    while level and len(level[0]) < max_digits:
        deeper: list[tuple[list[tuple[np.ndarray, bool]], tuple[np.ndarray, bool]]] = []
        for parts in level:
            # the widest part is the one that may hold two digits
            i = max(range(len(parts)), key=lambda j: np.ptp(np.nonzero(parts[j][0])[1]))
            own, whole = parts[i]
            # the other parts' ink costs nothing to cross (the part's own faint edges still do)
            for first, second, once in _ink_cuts(np.where(mask & ~own, 0.0, ink), own):
                deeper.append(([*parts[:i], (first, whole and once), (second, whole and once), *parts[i + 1:]],
                               parts[i]))
        out += [(True, parts, cut) for parts, cut in deeper]
        # a second cut only of the cheapest first: a few readings, not a tree of them
        level = [parts for parts, _ in deeper[:1]]
    return out


def _tall_pieces(mask: np.ndarray) -> list[np.ndarray] | None:
    """The writing's tall pieces of ink (see :func:`_pieces`; at least ``NUMBERS.cut_part_height`` of its height
    and ``NUMBERS.cut_part_ink`` of its ink), left to right, each small piece (a dot of a broken stroke) joined
    to the tall piece nearest to it; None where no piece is tall."""
    pieces = _pieces(mask)
    rows = np.flatnonzero(mask.any(axis=1))
    height = float(rows[-1] - rows[0] + 1)
    total = float(mask.sum())
    least_h, least_ink = NUMBERS.cut_part_height * height, NUMBERS.cut_part_ink * total
    is_tall = [np.ptp(np.nonzero(p)[0]) + 1 >= least_h and p.sum() >= least_ink for p in pieces]
    tall = [p.copy() for p, t in zip(pieces, is_tall, strict=True) if t]
    if not tall:
        return None
    centres = [np.nonzero(p)[1].mean() for p in tall]
    for p, t in zip(pieces, is_tall, strict=True):
        if not t:
            x = np.nonzero(p)[1].mean()
            tall[min(range(len(tall)), key=lambda i: abs(centres[i] - x))] |= p
    order = sorted(range(len(tall)), key=lambda i: centres[i])
    return [tall[i] for i in order]


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


def _cuttings(profile: np.ndarray, k: int, height: float) -> list[tuple[int, ...]]:
    """Candidate ways to cut the writing's column profile into k parts, left to right: the
    ``NUMBERS.cut_cuttings`` that cross the least ink.

    A cut falls in a blank gap or at a thin column (a local least of the profile) anywhere along the writing,
    not near where equal parts would end: a 1 beside a 0 takes a fifth of a 104's width, and a cut sought
    near its third missed the link of the 1 and the 0 (a 104 read 64). Every part is at least
    ``NUMBERS.cut_min_part`` of the height wide (a 1's stroke is)."""
    n = len(profile)
    min_part = max(2, round(NUMBERS.cut_min_part * height))
    if n < k * min_part:
        return []
    smooth = np.convolve(profile, np.ones(3) / 3, mode="same")
    cost = {(a + b) // 2: 0.0 for a, b in _runs(profile == 0)}
    inner, before, after = smooth[1:-1], smooth[:-2], smooth[2:]
    least = np.flatnonzero((inner <= before) & (inner <= after) & ((inner < before) | (inner < after)))
    for c in (least + 1).tolist():
        cost.setdefault(c, float(smooth[c]))
    positions = sorted(c for c in cost if min_part <= c <= n - min_part)
    # the thinnest NUMBERS.cut_positions, then every cutting of them into k wide enough parts, least ink first
    positions = sorted(sorted(positions, key=lambda c: (cost[c], c))[: NUMBERS.cut_positions])
    out: list[tuple[float, tuple[int, ...]]] = []

    def extend(prefix: tuple[int, ...], start: int, spent: float) -> None:
        if len(prefix) == k - 1:
            if n - start >= min_part:
                out.append((spent, prefix))
            return
        for c in positions:
            if c - start >= min_part:
                extend((*prefix, c), c, spent + cost[c])

    extend((), 0, 0.0)
    out.sort()
    return [c for _, c in out[: NUMBERS.cut_cuttings]]
