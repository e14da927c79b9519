"""SVG path data read as SVG 1.1 reads it: absolute and relative commands, implicit repeats, smooth curves,
arcs, and where in the text bad data goes wrong."""

from __future__ import annotations

import math
import re

import pytest

from printkit.engine.elements import PathShape, bounds
from printkit.engine.svgpath import MAX_PATH_CHARS, MAX_PATH_SEGMENTS, PathDataError, parse_path


def _ends(d: str) -> list[tuple[str, tuple[float, ...]]]:
    """Each segment's kind and end point (rounded), the control points left out."""
    return [(s.op, tuple(round(v, 6) for v in s.points[-2:])) for s in parse_path(d)]


def test_relative_and_absolute_lines_and_implicit_repeats() -> None:
    # after a move, further pairs are lines; h/v move along one axis; z returns to the subpath's start
    assert _ends("M10 10 20 10 l 0 5 h-10 v -5 z") == [
        ("M", (10, 10)), ("L", (20, 10)), ("L", (20, 15)), ("L", (10, 15)), ("L", (10, 10)), ("Z", ())]
    # numbers run together as SVG writers emit them: "-" and a second "." start a new number
    assert _ends("M1.5.5L-1-2") == [("M", (1.5, 0.5)), ("L", (-1, -2))]
    # a relative move after z starts from the subpath's start, not from the last point drawn
    assert _ends("m5 5 l10 0 z m2 2") == [("M", (5, 5)), ("L", (15, 5)), ("Z", ()), ("M", (7, 7))]


def test_smooth_curves_reflect_the_previous_control_point() -> None:
    _, c, s = parse_path("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0")
    assert c.points == (0, 10, 10, 10, 10, 0)
    assert s.points[:2] == (10, -10)  # (10, 10) reflected about (10, 0)
    # a quadratic becomes the cubic with its control points 2/3 of the way towards q
    (_, q) = parse_path("M0 0 Q 3 6 6 0")
    assert q.points == pytest.approx((2, 4, 4, 4, 6, 0))


def test_a_half_circle_arc_passes_through_the_circle() -> None:
    # from (0, 0) to (20, 0) on a circle of radius 10 about (10, 0); sweep flag 1 turns clockwise as the page
    # shows it (y points down), so over the top, through (10, -10), as a browser draws it
    segments = parse_path("M0 0 A 10 10 0 0 1 20 0")
    assert len(segments) == 3 and segments[-1].points[-2:] == (20, 0)  # two 90° cubics after the move
    mid = segments[1].points[-2:]
    assert mid == pytest.approx((10, -10), abs=1e-9)
    assert parse_path("M0 0 A 10 10 0 0 0 20 0")[1].points[-2:] == pytest.approx((10, 10), abs=1e-9)
    # a cubic's midpoint (t = 1/2) of a quarter circle lies on the circle within 0.03 % of the radius
    x0, y0 = 0.0, 0.0
    x1, y1, x2, y2, x3, y3 = segments[1].points
    mx = (x0 + 3 * x1 + 3 * x2 + x3) / 8
    my = (y0 + 3 * y1 + 3 * y2 + y3) / 8
    assert math.hypot(mx - 10, my) == pytest.approx(10, rel=3e-4)


def test_bad_data_says_where_and_what() -> None:
    cases = {
        "M 0 0 L 10 x": (11, "expected a number for L (it takes 2); found 'x'"),
        "L 0 0": (0, "starts with a move (M or m); found 'L 0 0'"),
        "M0 0 A 5 5 0 2 1 10 10": (13, "expected a flag (0 or 1) for A"),
        "M0 0 Z 5": (7, "expected a command"),
        "M0 0 K 5": (5, "expected a command (M L H V C S Q T A Z); found 'K 5'"),
    }
    for d, (offset, message) in cases.items():
        with pytest.raises(PathDataError, match=re.escape(message)) as err:
            parse_path(d)
        assert err.value.offset == offset, d


def test_the_work_is_bounded() -> None:
    with pytest.raises(PathDataError, match=f"at most {MAX_PATH_CHARS:,}"):
        parse_path("M0 0" + " L1 1" * (MAX_PATH_CHARS // 5 + 1))
    # short text that would make many segments: each arc of a full turn is four cubics
    many = "M0 0" + "a1 1 0 1 1 0.001 0" * (MAX_PATH_SEGMENTS // 4 + 1)
    assert len(many) < MAX_PATH_CHARS
    with pytest.raises(PathDataError, match=f"more than {MAX_PATH_SEGMENTS:,} segments"):
        parse_path(many)


def test_a_path_is_placed_in_its_box_by_its_view_box() -> None:
    # a 24-unit square view box shown in a 40 x 20 mm box: scaled evenly by 20/24 and centred across
    e = PathShape("M0 0 L24 24", x=10, y=5, w=40, h=20, viewbox=(0, 0, 24, 24), stroke=None)
    assert [s.op for s in e.segments_mm()] == ["M", "L"]
    assert [s.points for s in e.segments_mm()] == [pytest.approx((20, 5)), pytest.approx((40, 25))]
    stretched = PathShape("M0 0 L24 24", x=10, y=5, w=40, h=20, viewbox=(0, 0, 24, 24), fit="stretch", stroke=None)
    assert [s.points for s in stretched.segments_mm()] == [pytest.approx((10, 5)), pytest.approx((50, 25))]
    # with no view box, the data is mm from the box's corner
    plain = PathShape("M1 2 L3 4", x=10, y=5, w=40, h=20, stroke="#000", stroke_width=1)
    assert bounds(plain) == pytest.approx((10.5, 6.5, 13.5, 9.5))
