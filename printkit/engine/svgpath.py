"""SVG path data (the ``d`` of ``<path>``), read into absolute straight lines and cubic Béziers.

Every SVG 1.1 command is read (``M L H V C S Q T A Z`` and their relative lower-case forms); quadratic curves and
elliptical arcs become cubics, so a renderer needs only move, line, curve and close.  A deck is a file people
share, so the work is bounded: the text's length and the number of segments made are capped, and anything the
grammar does not allow is a :class:`PathDataError` saying where in the text and what was found.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

# A card's path is a hand-drawn shape or an exported icon: Inkscape writes a detailed emblem in a few thousand
# characters.  These caps keep one element to well under a millisecond of parsing per card and a PDF path of a
# size any RIP draws, while a shape 10x more detailed than that still fits.
MAX_PATH_CHARS = 20_000
MAX_PATH_SEGMENTS = 4_000  # after arcs are split into cubics (at most 4 each)

_COMMANDS = "MmLlHhVvCcSsQqTtAaZz"
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_SEPARATOR = re.compile(r"[\s,]*")
_FLAG = re.compile(r"[01]")


class PathDataError(ValueError):
    """Path data the grammar does not allow: ``offset`` is the 0-based character where it goes wrong (None: the
    data as a whole, too long)."""

    def __init__(self, message: str, offset: int | None) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True)
class Segment:
    """``M``/``L`` (one point), ``C`` (two control points and the end) or ``Z`` (no point), in absolute
    coordinates of the path's own space."""

    op: str
    points: tuple[float, ...]


def _found(text: str, at: int) -> str:
    return repr(text[at:at + 12]) if at < len(text) else "the end of the path"


@lru_cache(maxsize=1024)
def parse_path(d: str) -> tuple[Segment, ...]:
    """The segments ``d`` draws; a :class:`PathDataError` for anything else (or too much)."""
    if len(d) > MAX_PATH_CHARS:
        raise PathDataError(f"path data is {len(d):,} characters; at most {MAX_PATH_CHARS:,}", None)
    out: list[Segment] = []
    pos = _SEPARATOR.match(d, 0).end()  # type: ignore[union-attr]
    if pos < len(d) and d[pos] not in "Mm":
        raise PathDataError(f"path data starts with a move (M or m); found {_found(d, pos)}", pos)
    x = y = 0.0  # the current point
    start = (0.0, 0.0)  # where the subpath began (Z goes back there)
    last_ctrl: tuple[float, float] | None = None  # the previous curve's second control point (for S and T)
    last_cmd = ""
    cmd = ""
    while pos < len(d):
        ch = d[pos]
        if ch in _COMMANDS:
            cmd = ch
            pos = _SEPARATOR.match(d, pos + 1).end()  # type: ignore[union-attr]
        elif not cmd or cmd in "Zz" or not (_FLAG if cmd in "Aa" else _NUMBER).match(d, pos):
            raise PathDataError(f"expected a command ({' '.join(_COMMANDS[::2])}); found {_found(d, pos)}", pos)
        upper = cmd.upper()
        relative = cmd.islower()
        args, pos = _arguments(d, pos, upper, cmd)
        if upper == "Z":
            out.append(Segment("Z", ()))
            x, y = start
            last_ctrl, last_cmd = None, "Z"
            continue
        ox, oy = (x, y) if relative else (0.0, 0.0)
        if upper == "M":
            x, y = ox + args[0], oy + args[1]
            start = (x, y)
            out.append(Segment("M", (x, y)))
            cmd = "l" if relative else "L"  # further pairs after a move are lines (SVG 1.1, 9.3.3)
            last_ctrl = None
        elif upper in "LHV":
            if upper == "L":
                x, y = ox + args[0], oy + args[1]
            elif upper == "H":
                x = ox + args[0]
            else:
                y = oy + args[0]
            out.append(Segment("L", (x, y)))
            last_ctrl = None
        elif upper in "CS":
            if upper == "C":
                c1 = (ox + args[0], oy + args[1])
                rest = args[2:]
            else:
                c1 = _reflect(last_ctrl, (x, y)) if last_cmd in "CS" else (x, y)
                rest = args
            c2 = (ox + rest[0], oy + rest[1])
            x, y = ox + rest[2], oy + rest[3]
            out.append(Segment("C", (*c1, *c2, x, y)))
            last_ctrl = c2
        elif upper in "QT":
            if upper == "Q":
                q = (ox + args[0], oy + args[1])
                end = (ox + args[2], oy + args[3])
            else:
                q = _reflect(last_ctrl, (x, y)) if last_cmd in "QT" else (x, y)
                end = (ox + args[0], oy + args[1])
            out.append(_quadratic((x, y), q, end))
            x, y = end
            last_ctrl = q
        else:  # A
            end = (ox + args[5], oy + args[6])
            out += _arc((x, y), args[0], args[1], args[2], bool(args[3]), bool(args[4]), end)
            x, y = end
            last_ctrl = None
        last_cmd = upper
        if len(out) > MAX_PATH_SEGMENTS:
            raise PathDataError(f"path data draws more than {MAX_PATH_SEGMENTS:,} segments", pos)
    return tuple(out)


def _arguments(d: str, pos: int, upper: str, cmd: str) -> tuple[list[float], int]:
    """The numbers one use of ``cmd`` takes, read from ``pos``; the position after them."""
    args: list[float] = []
    for i in range(_ARGS[upper]):
        if upper == "A" and i in (3, 4):  # the arc flags: one digit each, and may run together ("a1 1 0 00 1 1")
            m = _FLAG.match(d, pos)
            what = "a flag (0 or 1)"
        else:
            m = _NUMBER.match(d, pos)
            what = "a number"
        if m is None:
            raise PathDataError(f"expected {what} for {cmd} (it takes {_ARGS[upper]}); found {_found(d, pos)}", pos)
        value = float(m.group())
        if not math.isfinite(value):
            raise PathDataError(f"a number too large: {m.group()[:20]!r}", pos)
        args.append(value)
        pos = _SEPARATOR.match(d, m.end()).end()  # type: ignore[union-attr]
    return args, pos


def _reflect(ctrl: tuple[float, float] | None, about: tuple[float, float]) -> tuple[float, float]:
    if ctrl is None:
        return about
    return 2 * about[0] - ctrl[0], 2 * about[1] - ctrl[1]


def _quadratic(p0: tuple[float, float], q: tuple[float, float], p1: tuple[float, float]) -> Segment:
    """The cubic that draws the quadratic p0-q-p1 exactly (its control points 2/3 of the way to q)."""
    c1 = (p0[0] + 2 / 3 * (q[0] - p0[0]), p0[1] + 2 / 3 * (q[1] - p0[1]))
    c2 = (p1[0] + 2 / 3 * (q[0] - p1[0]), p1[1] + 2 / 3 * (q[1] - p1[1]))
    return Segment("C", (*c1, *c2, *p1))


def _arc(p0: tuple[float, float], rx: float, ry: float, angle: float, large: bool, sweep: bool,
         p1: tuple[float, float]) -> list[Segment]:
    """An SVG elliptical arc as cubics of at most 90° each (SVG 1.1 appendix F.6: endpoint to centre)."""
    if p0 == p1:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [Segment("L", p1)]
    phi = math.radians(angle % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1, y1 = cos * dx + sin * dy, -sin * dx + cos * dy
    grow = (x1 / rx) ** 2 + (y1 / ry) ** 2
    if grow > 1:  # radii too small to reach: scaled up just enough (F.6.6)
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    k = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        k = -k
    cx1, cy1 = k * rx * y1 / ry, -k * ry * x1 / rx
    cx = cos * cx1 - sin * cy1 + (p0[0] + p1[0]) / 2
    cy = sin * cx1 + cos * cy1 + (p0[1] + p1[1]) / 2
    theta = _angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
    delta = _angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    elif sweep and delta < 0:
        delta += 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    alpha = 4 / 3 * math.tan(step / 4)  # the control arm of a cubic drawing a circular arc of `step`
    out = []
    t = theta
    for _ in range(pieces):
        a, b = t, t + step
        e0 = (math.cos(a) - alpha * math.sin(a), math.sin(a) + alpha * math.cos(a))
        e1 = (math.cos(b) + alpha * math.sin(b), math.sin(b) - alpha * math.cos(b))
        e2 = (math.cos(b), math.sin(b))
        pts = []
        for ux, uy in (e0, e1, e2):
            px, py = rx * ux, ry * uy
            pts += [cos * px - sin * py + cx, sin * px + cos * py + cy]
        out.append(Segment("C", tuple(pts)))
        t = b
    # the last point exactly where the path data says, not where the arithmetic lands
    last = out[-1].points
    out[-1] = Segment("C", (*last[:4], *p1))
    return out


def _angle(ux: float, uy: float, vx: float, vy: float) -> float:
    return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)


def path_bounds(segments: tuple[Segment, ...]) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) of every point and control point: the curves lie inside (a Bézier stays in the
    hull of its points)."""
    xs = [p for s in segments for p in s.points[0::2]]
    ys = [p for s in segments for p in s.points[1::2]]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None
