"""A sheet is rectified and measured only where its boxes are read: those parts hold every box, and
reading a sheet looks nowhere else."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pytest

from devkit.ganz_schon_clever.synthetic import PadOptions, make_samples, read_sheet
from printkit.engine.scan import sheet_boxes
from printkit.engine.scan.locate import parts as locate_parts
from printkit.engine.scan.locate import sheets
from printkit.engine.scan.locate.sheets import OVERVIEW_PX_PER_MM, PX_PER_MM
from printkit.engine.scan.marks import loops, paper, regions
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.scan.tables import box_specs

P = PX_PER_MM


@pytest.fixture(scope="module")
def photo() -> object:
    """A filled A4 sheet, photographed, read with its rectification whole (as tools that crop read it)."""
    sample = make_samples(1, seed=21, kinds=("photo",), pads=(PadOptions("a4", 1, "en"),))[0]
    return read_sheet(sample, "full", load_gsc_game(), numbers=False, whole=True)


def _covered(parts: tuple[sheets.Part, ...], shape: tuple[int, int]) -> np.ndarray:
    inside = np.zeros(shape, bool)
    for x0, y0, x1, y1 in parts:
        inside[y0:y1, x0:x1] = True
    return inside


def test_the_parts_hold_every_box_and_ring_and_a_third_of_the_sheet_at_most(photo: object) -> None:
    specs = box_specs(photo.table.table, load_gsc_game())  # type: ignore[attr-defined]
    shape = photo.image.rectified.shape[:2]  # type: ignore[attr-defined]
    assert shape == (round(297 * P), round(210 * P))
    inside = _covered(locate_parts.read_parts(specs, shape, P), shape)
    for s in specs:
        # a circle's ring reaches 1.6 radii from its centre; a box is read within its outline
        cx, cy = s.x + s.w / 2, s.y + s.h / 2
        reach = 1.6 * s.w / 2 if s.read == "loop" else 0.0
        x0, y0 = min(s.x, cx - reach), min(s.y, cy - reach)
        x1, y1 = max(s.x + s.w, cx + reach), max(s.y + s.h, cy + reach)
        box = inside[max(0, math.floor(y0 * P)):math.ceil(y1 * P), max(0, math.floor(x0 * P)):math.ceil(x1 * P)]
        assert box.all(), (s.area, s.index)
        # and the crops the reader itself takes: a box's, a circle's ring
        if s.read == "loop":
            ring = loops._ring_at(shape, s, P, tuple(o for o in specs if o.area == s.area))
            sy, sx = ring.sy, ring.sx
        else:
            sy, sx = regions._roi_in(shape, s.x, s.y, s.w, s.h, P)
        assert inside[sy, sx].all(), (s.area, s.index)
    # what makes reading fast: 78 boxes of a Ganz schön clever sheet lie on about a quarter of it
    assert len(specs) == 78
    assert inside.mean() < 1 / 3


@dataclass(frozen=True)
class _Unread:
    value: None = None
    confidence: float = 0.0
    alternatives: tuple = ()


def test_a_sheet_reads_the_same_with_everything_outside_its_parts_black(photo: object,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    specs = box_specs(photo.table.table, load_gsc_game())  # type: ignore[attr-defined]
    ref = photo.table.reference  # type: ignore[attr-defined]
    whole = photo.image.rectified  # type: ignore[attr-defined]
    parts = locate_parts.read_parts(specs, whole.shape, P)
    only = np.where(_covered(parts, whole.shape[:2])[..., None], whole, 0).astype(np.uint8)
    crops: dict[str, list[np.ndarray]] = {"whole": [], "parts": []}

    def numbers(into: list[np.ndarray]):  # type: ignore[no-untyped-def]
        def read(cs, allowed):  # type: ignore[no-untyped-def]
            into.extend(cs)
            return [_Unread() for _ in cs]
        return read

    overview = photo.image.overview  # type: ignore[attr-defined]
    assert overview.shape == (round(297 * OVERVIEW_PX_PER_MM), round(210 * OVERVIEW_PX_PER_MM), 3)
    b = sheet_boxes.read_boxes(only, specs, ref, P, numbers(crops["parts"]), overview)
    # read as before parts: darkness over the whole sheet
    monkeypatch.setattr(sheet_boxes, "read_parts", lambda specs, shape, p: ((0, 0, shape[1], shape[0]),))
    a = sheet_boxes.read_boxes(whole, specs, ref, P, numbers(crops["whole"]), overview)
    assert [(r.value, r.confidence, r.alternatives, r.features) for r in a] == \
           [(r.value, r.confidence, r.alternatives, r.features) for r in b]
    assert len(crops["whole"]) == len(crops["parts"]) > 5  # the written numbers, cut out the same
    assert all(np.array_equal(x, y) for x, y in zip(crops["whole"], crops["parts"], strict=True))
    assert sum(r.value is True for r in a) >= 5  # crosses were read: the comparison compared something


def test_darkness_over_parts_is_the_whole_sheets_there_and_nothing_elsewhere(photo: object) -> None:
    rgb = photo.image.rectified  # type: ignore[attr-defined]
    overview = photo.image.overview  # type: ignore[attr-defined]
    parts = locate_parts.read_parts(box_specs(photo.table.table, load_gsc_game()), rgb.shape, P)  # type: ignore[attr-defined]
    whole = paper.darkness(rgb, P, overview)
    got = paper.darkness(rgb, P, overview, parts)
    inside = _covered(parts, rgb.shape[:2])
    assert np.array_equal(got[inside], whole[inside])
    assert not got[~inside].any()
    assert whole[inside].max() > 0.8  # pen and print in the parts


def test_darkness_is_never_written_into_an_array_it_does_not_fit() -> None:
    # OpenCV would make a new array and leave the given one (a view of the sheet's map) untouched
    rgb = np.full((20, 30, 3), 100, np.uint8)
    bg = np.full((20, 30), 200, np.float32)
    into = np.zeros((20, 30), np.float32)
    assert paper._darkness_over(rgb, bg, into) is into and np.allclose(into, 0.5)
    for wrong in (np.zeros((20, 30), np.float64), np.zeros((20, 31), np.float32)):
        with pytest.raises(ValueError, match="darkness goes into float32 of shape"):
            paper._darkness_over(rgb, bg, wrong)
