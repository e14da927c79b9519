"""Every threshold of the mark stage in one record, a reason in a line each.  Darkness runs from 0 (paper) to 1
(black); lengths of strokes are shares of the box's side unless named in mm."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MarkThresholds:
    """The tuned numbers that decide whether a box is crossed, a circle looped, and what is pen and what print."""

    # darkness (:mod:`.paper`)
    ink: float = 0.33  # darkness that counts as pen: a pencil or a faded pen is darker than this
    paper_px_per_mm: float = 1.7  # the overview is shrunk by a whole factor to about this for the paper level
    paper_window_mm: float = 3.2  # the paper level is the brightest value within about this (a box's white inside)

    paper_floor: float = 30.0  # a paper level is never darker than this: a black region is not paper
    colourless: float = 0.3  # ink lighter than this (channel darkness summed) has no colour to tell
    paper_percentile: int = 90  # a mark's paper colour: most of a box is paper, its lightest tenth surely

    # print (:mod:`.printed`)
    ref_grow_mm: float = 0.3  # printed ink is grown by this much before it is taken out: rectification is this good
    pen_over_faint: float = 0.62  # over faint print (grey icons), only ink darker than this is pen
    faint_ink: float = 0.2  # a stroke is followed down to this darkness from where it is pen-dark (thin, blurred)
    bridge_mm: float = 1.2  # a pen line cut by dark print (a printed number, an outline) is joined across this much

    # strokes (:mod:`.strokes`)
    number_inset: float = 0.06  # a number box's writing is read this share of its side in: writing nears the outline
    mark_inset: float = 0.1  # pen in a box is looked for this share of its side in from the outline
    edge_share: float = 0.12  # print this share of a box's side from its edges is its outline, not a mark inside
    line_width_mm: float = 0.3  # a pen line's width: coverage counts ink in lengths of such a line
    min_piece_mm2: float = 0.12  # ink pieces smaller than this are noise, not pen
    dot: float = 0.22  # one piece of ink shorter than this (box sides) is a dot or a speck, never a cross
    blob: float = 0.4  # a round piece (``roundness``) up to this long is a dot too: a big dot from a thick pen
    roundness: float = 2.5  # length squared over area below this is round: about 1.3 for a dot, 4 for a line
    # a cross spans a good part of the box with a line's worth of ink: each a soft step (a sigmoid) at
    cross_span: float = 0.3  # this share of the box's side (crosses reach 0.45 and more, dots 0.24 at most),
    cross_span_width: float = 0.04  # this wide,
    cross_coverage: float = 0.35  # and this many box sides of line,
    cross_coverage_width: float = 0.07  # this wide
    one_dot: float = 0.02  # probability of a cross when the box holds one dot only
    two_dots: float = 0.45  # at most this for two dots far apart with no line between: never sure, a person looks

    # crosses (:mod:`.cross`)
    sure_cross: float = 0.98  # a cross read this sure from the pen alone is not looked at again for pen over print
    # a piece of pen line running out from under a box's printed number (house values):
    under_print_doubt: float = 0.3  # the box is crossed with at least this probability, when the piece reaches out
    tip_reach: float = 2.0  # this many times its width past the print as grown by ``ref_grow_mm``,
    tip_min_mm: float = 0.6  # and at least this far past it

    # loops (:mod:`.loops`)
    ring_inner: float = 0.8  # a loop is looked for from this many radii of the circle's centre ...
    ring_outer: float = 1.6  # ... to this many
    ring_line_share: float = 0.7  # a sector where the printed line shows less than this share of its median is
    # not measured for thickness (the line is broken there: a number printed over it)
    loop_around: float = 0.6  # a loop goes this share of the way round a circle (a soft step) ...
    loop_around_width: float = 0.06  # ... this wide
    loop_thicker_mm: float = 0.15  # a loop drawn along a printed circle makes its line this much thicker, at least
    used_without_loop: float = 0.6  # a crossed circle without its loop is still used (earned first) but this less sure
    ink_inside: float = 0.75  # highest confidence of "earned" or "empty" with pen seen inside the circle
    cross_reach: float = 0.6  # a cross is looked for this far (radii) from the circle's centre
    ring_base_share: float = 0.1  # the sheet's unwritten rings: the thinnest tenth of every sector of every circle
    faint_top: float = 0.99  # a circle's faint print is as dark as this share of its pixels ...
    faint_share: float = 0.3  # ... on the lightest third of a row's circles (the others may hold pen) ...
    faint_margin: float = 0.1  # ... and pen over it is darker than that by this much at least

    # colour (:mod:`.colour`)
    mark_core_px: int = 6  # a mark printed inside a box must show this many pixels clear of its edges to be measured
    off_hue: float = 0.2  # ink this far (channel darkness) off the printed mark's colour is not the mark alone
    off_full: float = 0.3  # pen over the mark shows at full darkness from ``off_hue`` / 2 + this off its colour


MARKS = MarkThresholds()
