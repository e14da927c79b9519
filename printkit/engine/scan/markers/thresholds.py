"""Every threshold of the marker stage in one record, a reason in a line each."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MarkerThresholds:
    """The tuned numbers that decide what is a printed corner marker."""

    # dark blobs: what is darker than around it
    window_min: int = 31  # pixels: the local mean is taken over at least this wide a window ...
    window_per_short: int = 20  # ... or the image's short side over this, so a marker fits in it whatever the size
    darker_by: int = 12  # gray levels darker than the local mean that count as dark: paper grain stays out
    # candidates: square outlines of a plausible size
    min_side: float = 0.008  # a marker's side is at least this share of the image's short side (a far, small sheet)
    max_side: float = 0.12  # and at most this (a close photo of a half sheet)
    outline_tolerance: float = 0.06  # a blob's outline is simplified to this share of its length: four corners left
    side_ratio: float = 2.2  # longest over shortest side of a candidate: a marker seen steeply stays under it
    # The white field's share of a marker's area is 12 of 36 units (0.29-0.38 as found on the tuning set); a
    # printed box's inside is most of it, a filled square has none.  Candidates outside these wide bounds are
    # dropped before their pattern is sampled.
    hole_share_min: float = 0.1
    hole_share_max: float = 0.6
    # the pattern: a black ring, a black block in one quadrant of the white field
    min_contrast: float = 20.0  # gray levels between the white and the dark units: flatter is no marker
    min_score: float = 0.25  # pattern contrast (0..1) a marker must reach
    same_marker: float = 0.5  # centres closer than this many marker sides are one marker found twice (nested)
    # corners to a fraction of a pixel: the search window stays inside the marker's one-unit black ring
    corner_window: float = 0.08  # share of the marker's side
    corner_window_min: int = 2  # pixels, however small the marker


MARKERS = MarkerThresholds()
