"""Adjacent Chinese punctuation set close: two full-width marks side by side take one and a half ems, not two.

A full-width mark is drawn in part of its em and leaves the rest blank: an opening bracket 「（ on the right half, a
closing bracket 」） on the left half, and (as Taiwan sets them) the comma, full stop, colon and the like in the middle,
a quarter em blank on each side.  Set at full width, "），" shows a whole em of nothing between the bracket and the
comma.  The W3C's Requirements for Chinese Text Layout (clreq, "adjustment of consecutive punctuation marks") take
half an em out of the blank between two adjacent marks, from the bracket first: a closing bracket gives up its
right half, else an opening bracket its left half, else the middle marks their quarters.

Only blank the font really has is taken (:func:`trims` is given each mark's blank as the face draws it), so a face
whose marks are drawn otherwise is never made to overlap.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

OPENING = frozenset("（「『【《〈〔［｛〖〘")
CLOSING = frozenset("）」』】》〉〕］｝〗〙")
# Set in the middle of their em in Taiwan; the question mark is left out, its ink reaches the quarters.
MIDDLE = frozenset("，。、；：！")
SQUEEZABLE = OPENING | CLOSING | MIDDLE
HALF_EM = 500.0  # thousandths of an em: what clreq takes out between two adjacent marks (two ems become 1.5)
QUARTER_EM = 250.0  # the blank a middle mark has on each side
FULL_EM = 1000.0
_WIDE = 0.98  # a glyph at least this part of an em is set full width, and so has its blank to give

Blank = Callable[[str], tuple[float, float]]  # a mark's blank (left, right) in thousandths of an em, as drawn


def _nominal(ch: str) -> tuple[float, float]:
    """The blank a mark's class leaves on its (left, right), in thousandths of an em."""
    if ch in OPENING:
        return HALF_EM, 0.0
    if ch in CLOSING:
        return 0.0, HALF_EM
    return QUARTER_EM, QUARTER_EM


def has_pair(text: str) -> bool:
    """Whether ``text`` holds two squeezable marks side by side (a quick test before any work)."""
    return any(a in SQUEEZABLE and b in SQUEEZABLE for a, b in itertools.pairwise(text))


def trims(codes: str, advances: Sequence[float], blank: Blank) -> tuple[tuple[float, float], ...] | None:
    """Per glyph, the blank taken off its (left, right), in thousandths of an em; None when nothing is taken.

    ``codes`` are the glyphs as characters (one each) and ``advances`` their advances; a glyph narrower than an
    em (a proportional face) is left alone, as is a pair with a space or a letter between."""
    if not has_pair(codes):
        return None
    out = [[0.0, 0.0] for _ in codes]
    for i in range(len(codes) - 1):
        a, b = codes[i], codes[i + 1]
        if a not in SQUEEZABLE or b not in SQUEEZABLE:
            continue
        if advances[i] < _WIDE * FULL_EM or advances[i + 1] < _WIDE * FULL_EM:
            continue
        room_a = min(_nominal(a)[1], blank(a)[1]) - out[i][1]
        room_b = min(_nominal(b)[0], blank(b)[0]) - out[i + 1][0]
        want = HALF_EM
        # the bracket gives first: a closing bracket's right half, else an opening bracket's left half
        order = (0, 1) if a in CLOSING or b not in OPENING else (1, 0)
        for side in order:
            room = room_a if side == 0 else room_b
            take = max(0.0, min(want, room))
            if side == 0:
                out[i][1] += take
            else:
                out[i + 1][0] += take
            want -= take
    if not any(left or right for left, right in out):
        return None
    return tuple((left, right) for left, right in out)
