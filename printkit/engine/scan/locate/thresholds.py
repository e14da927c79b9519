"""Every threshold of the locate-and-rectify stage in one record, a reason in a line each."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LocateThresholds:
    """The tuned numbers that decide which markers frame a sheet, where its QR code is looked for, and which
    parts of it are warped."""

    # four markers that can be one sheet's corners (:func:`.sheets.group_markers`)
    marker_size_ratio: float = 2.0  # one sheet's markers are printed alike: seen, the largest is under twice the least
    blocks_out: float = 0.3  # cosine between a marker's block and the way out of the sheet: every block points out
    min_area_markers: float = 25  # the quad's area is at least this many markers' (squared sides): no tiny sheet
    # A sheet is a rectangle; seen in perspective its corners stay within about 25 degrees of square (|cosine| of
    # their angle under this) and opposite sides within a factor ``side_ratio``: a quad of two half sheets'
    # corners stays out.
    max_corner_cosine: float = 0.42
    side_ratio: float = 1.6
    narrow: float = 0.35  # the short sides are at least this share of the long: markers of two sheets side by side
    inside_margin: float = 0.5  # a marker this many of its sizes inside the quad's edge belongs to another sheet
    # markers looked for on a reduced copy (:func:`.sheets.locate_sheets`)
    detect_side: int = 2000  # the copy's long side: markers stay above 30 pixels on it
    # A marker found on the copy cleared of specks under this size (pixels of the copy) makes the search run
    # again on every blob: the clearing opens away rings under 3 pixels (markers under 18), so a page's other
    # sheet is safe only while its markers are at least three quarters the size of the smallest found.
    marker_safe_px: int = 24
    left_over: int = 2  # markers beyond those framing the sheets found that count as a sheet not found
    # the QR code read from a crop where the layout prints it (:func:`.sheets._qr_crop`)
    qr_likely: int = 2  # places tried with every size before the others
    qr_pad: float = 0.3  # room round the code, in code sides, for a neighbouring format's position
    qr_crop_px: int = 440  # the crop's side: a module is about 8 pixels, what the decoders read best
    qr_quiet: float = 0.04  # code sides of paper kept round the code when text beside it is painted over
    qr_paper_percentile: float = 95  # the crop's paper level: most of a crop is code or paper, the brightest is paper
    qr_busy_sample: int = 48  # side of the coarse sample that tells a code (busy) from print and paper (flat)
    sharpen_sigma: float = 3.0  # pixels of the crop: unsharp masking of a soft code ...
    sharpen_amount: float = 2.0  # ... this strong
    # a code read this far from where its layout prints it (the larger, in mm): another layout's sheet
    qr_misplaced_mm: float = 6.0
    qr_misplaced_sides: float = 0.6  # in the code's sides
    qr_no_code: float = 0.1  # mean squared error on a sampled code's known modules above which there is none
    nominal_margin: float = 0.06  # a rough rectification keeps this share of the sheet round it, for its QR code
    # which parts of a sheet are warped (:mod:`.parts`)
    part_margin_mm: float = 0.5  # a part read reaches this far past its boxes (rounding to pixels, and a pixel)
    part_call_px: int = 4000  # two parts are warped as one where that costs fewer pixels than this more


LOCATE = LocateThresholds()
