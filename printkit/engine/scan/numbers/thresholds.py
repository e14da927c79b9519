"""Every threshold of the number stage in one record, a reason in a line each; the dependent ones are computed
from those they depend on, so they cannot drift apart."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NumberThresholds:
    """The tuned numbers that decide how a handwritten number is read."""

    # preprocessing (:mod:`.preprocess`)
    min_contrast: float = 60.0  # gray levels: fainter differences never count as full-strength ink
    ink: float = 0.4  # normalised ink above this is part of the writing
    faint: float = 0.2  # normalised ink above this, below ``ink``, is faint: a light stroke beside the writing
    max_crop_side: int = 4000  # bound the work on untrusted input
    paper_percentile: int = 70  # a crop's paper level: most of a number box is paper
    dark_percentile: int = 1  # its darkest ink: the darkest hundredth, not one dark speck
    outline_ink: float = 0.25  # normalised ink that may be the printed outline's (lighter than writing, at a blur)
    outline_band: float = 0.16  # the outline is looked for this share of the crop in from each edge ...
    outline_rows: float = 0.7  # ... as a row inked along this share of its width (a digit's stroke rarely is) ...
    outline_columns: float = 0.85  # ... or a column along this share of its height (a 1 near the edge can be tall)
    max_slant: float = 0.7  # writing is deslanted by at most this (columns per row): more is a stroke, not a slant
    min_slant: float = 0.05  # a slant under this is left alone: shearing would only blur
    # a speck beside the writing is dropped: less than this share of the ink, ...
    speck_ink: float = 0.08
    speck_width: float = 0.15  # ... this share of the crop's width at most ...
    speck_extent: float = 0.4  # ... and less than this share of the writing's extent across it
    faint_beside: float = 0.5  # faint ink beside the writing counts where it has this share of its height

    # cutting (:mod:`.cutting`)
    cut_window: float = 0.15  # a cut along the ink (touching digits) keeps this share of the width from its sides
    cut_bend: float = 0.05  # cost of a sideways step of such a cut, against 1 for a pixel of full-strength ink
    cut_min_width: float = 0.5  # writing narrower than this share of its height is not cut along the ink
    cut_paths: int = 3  # at most this many cuts along the ink are read
    cut_min_part: float = 0.06  # a part cut between columns is at least this share of the height wide (a 1's stroke)
    cut_positions: int = 8  # cuts between columns are sought at this many thinnest columns (blank gaps first)
    cut_cuttings: int = 12  # at most this many cuttings into k parts between columns are read, least ink cut first
    # a part of the writing (split by blank columns, a separate piece, a side of a cut along the ink) is a digit
    cut_part_height: float = 0.5  # where it runs at least this share of the writing's height ...
    cut_part_ink: float = 0.1  # ... and holds at least this share of its ink: not a flick of one

    # ranking (:mod:`.ranking`)
    listed: int = 5  # a reading lists at most this many alternatives ...
    listed_above: float = 1e-4  # ... each scoring at least this: a value not listed scored less than both bounds
    split_single: float = 0.05  # weight of "one digit" for writing split into tall parts by blank columns
    faint_weight: float = 0.5  # at most this score for any value when a faint stroke stands beside the writing
    apart_below: float = 0.5  # separate pieces of writing are read only where no cutting between columns reaches this
    cut_cap: float = 0.85  # at most this score for a reading that only a cut along the ink explains
    confident: float = 0.9  # a reading less sure than this is shown to a person (calibrated on the tuning boxes)
    below_confident: float = 0.01  # how far under ``confident`` a capped reading stays, so a person still sees it

    # the writer's own digits (:mod:`.adaptation`): a box read again beside the same writer's sure boxes
    writer_min: int = 1  # a class weighs in only with at least this many sure parts of it by the same writer
    writer_gain: float = 15.0  # per unit of cosine similarity (house value)
    writer_ref: float = 0.8  # similarity at which the writer's exemplars neither favour nor disfavour a class (house)
    writer_bound: float = 5.0  # a class's weight stays within [1 / bound, 1]: a few exemplars decide nothing alone

    # number boxes on the sheet (:mod:`.crops`)
    inpaint_mm: float = 0.3  # print crossed by the pen is painted over from this far around: a pen line's width
    written_but_empty: float = 0.5  # highest confidence of "empty" for a number box where strokes were seen
    touch_mm2: float = 0.05  # the pen runs into a printed mark where this much of it (mm^2, a stroke) borders the pen
    # A pen this close to a printed mark's colour (median channel darkness, :func:`.crops._off_colour`) cannot be
    # told from the mark where it crosses it, so the writing under the mark may be lost.  House value: on a
    # synthetic doubled box, every pen colour whose stroke across the mark was carried less than half lay below it.
    pen_like_print: float = 0.36
    empty_span: float = 0.12  # a number box whose ink spans less than this share of it is empty ...
    empty_confidence: float = 0.99  # ... this sure: specks, never writing

    @property
    def one_digit_below(self) -> float:
        """A writing whose whole reads "not one digit" below this is read as one digit only, never cut, where "no
        number" or an allowed single digit scores at least as much.  A reading of k >= 2 digits scores at most that
        probability (its parts' product times the whole's "not one digit", see ``_digit_strings``), so it could be
        neither listed (``listed_above``) nor read: only the sum the scores are divided by may move, by at most the
        number of cuttings times this.  Not for writing split by blank columns, whose cuttings the whole does not
        weigh."""
        return self.listed_above

    @property
    def writer_cap(self) -> float:
        """An adapted reading stays below ``confident``: only the sheet's own checks can make it sure."""
        return self.confident - self.below_confident

    @property
    def unseen_cap(self) -> float:
        """The highest confidence of a number with strokes unseen under print: below ``confident``."""
        return self.confident - self.below_confident


NUMBERS = NumberThresholds()
