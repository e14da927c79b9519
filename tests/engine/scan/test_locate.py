"""Finding a sheet's geometry: marker corners placed to a fraction of a pixel, and rectification that
gives the same pixels whichever way the sheet lies in the image."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from printkit.engine.scan.decode.speed.quantiles import percentile_u8
from printkit.engine.scan.locate.sheets import LocatedSheet, SheetGeometry, locate_sheets, rectify
from printkit.engine.scan.markers.find import MarkerSeen, darker_than_around, refined

DATA = Path(__file__).parent / "data"
SS = 8  # drawn this many times larger, then averaged down: edges fall between pixels


def _marker_image(x0: float, y0: float, side: float, size: int = 160) -> np.ndarray:
    """White paper with a black marker ring (one sixth of the side thick) whose outer corners are at
    exactly (x0, y0) .. (x0 + side, y0 + side) in pixel-edge coordinates."""
    big = np.full((size * SS, size * SS), 235, np.uint8)
    a, b = round(x0 * SS), round(y0 * SS)
    s, t = round(side * SS), round(side * SS / 6)
    big[b:b + s, a:a + s] = 20
    big[b + t:b + s - t, a + t:a + s - t] = 235
    big[b + t:b + 3 * t, a + t:a + 3 * t] = 20  # the block in one corner of the field
    return cv2.resize(big, (size, size), interpolation=cv2.INTER_AREA)


def test_refined_marker_corners_land_within_a_quarter_of_a_pixel() -> None:
    x0, y0, side = 40.375, 52.625, 60.0
    gray = cv2.GaussianBlur(_marker_image(x0, y0, side), (0, 0), 0.8)
    # OpenCV's pixel centres are at integers: an edge at pixel-edge coordinate e is at e - 0.5.
    true = np.array([[x0, y0], [x0 + side, y0], [x0 + side, y0 + side], [x0, y0 + side]]) - 0.5
    rough = (true + np.array([[1.4, -1.1], [-0.9, 1.3], [1.2, 1.0], [-1.3, -0.8]])).astype(np.float32)
    m = MarkerSeen(tuple(true.mean(axis=0)), rough, (x0 + 10, y0 + 10), side, 0.9)
    got = refined(gray, m).corners
    # a blurred corner settles a little inside the square (0.1-0.2 px), the same way at every corner
    assert np.abs(got - true).max() < 0.25
    assert np.abs(rough - true).max() > 1  # what finding on a half-size copy gives


def test_a_corner_the_search_would_carry_off_stays_where_it_was() -> None:
    gray = np.full((120, 120), 235, np.uint8)  # nothing there to refine on
    rough = np.array([[30, 30], [90, 30], [90, 90], [30, 90]], np.float32)
    m = MarkerSeen((60.0, 60.0), rough, (40.0, 40.0), 60.0, 0.9)
    got = refined(gray, m).corners
    assert np.abs(got - rough).max() <= round(0.08 * 60)


def _sheet_on(image_hw: tuple[int, int], to_image: np.ndarray) -> LocatedSheet:
    frame = SheetGeometry(100.0, 140.0, (), (0.0, 0.0, 10.0))
    return LocatedSheet("", None, frame, to_image, 0.0, (0.0, 0.0))


@pytest.mark.parametrize("grey", [False, True])
@pytest.mark.parametrize("degrees", [88.7, -91.2, 90.0, 0.0, 2.5, 181.0])
def test_a_sheet_rectifies_to_the_same_pixels_as_the_whole_image_warped(degrees: float, grey: bool) -> None:
    # Sideways, the sheet is warped into its transpose and transposed back; upright or upside down it is
    # warped as it is: the same pixels either way, to a level.
    rng = np.random.default_rng(3)
    image = rng.integers(0, 256, (1500, 1400, 3), dtype=np.uint8)
    image = cv2.GaussianBlur(image, (0, 0), 1.5)  # smooth enough that rounding differences stay at 1 level
    if grey:
        image = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    a = np.radians(degrees)
    scale = 9.0  # pixels per mm
    to_image = np.array([[scale * np.cos(a), -scale * np.sin(a), 700],
                         [scale * np.sin(a), scale * np.cos(a), 750], [0, 0, 1.0]])
    to_image[:2, 2] -= to_image[:2, :2] @ np.array([50.0, 70.0])  # the sheet's centre at (700, 750)
    sheet = _sheet_on(image.shape[:2], to_image)
    got = rectify(image, sheet, 8.0)
    m = to_image @ np.diag([1 / 8, 1 / 8, 1.0])
    plain = cv2.warpPerspective(image, m, (800, 1120), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                borderMode=cv2.BORDER_REPLICATE)
    assert got.shape == plain.shape == ((1120, 800) if grey else (1120, 800, 3))
    assert np.abs(got.astype(int) - plain).max() <= 1


@pytest.mark.parametrize("grey", [False, True])
@pytest.mark.parametrize("degrees", [91.0, 0.0, 178.5])
def test_parts_of_a_sheet_rectify_to_the_whole_warps_pixels_and_the_rest_stays_black(degrees: float,
                                                                                     grey: bool) -> None:
    rng = np.random.default_rng(4)
    image = cv2.GaussianBlur(rng.integers(0, 256, (1500, 1400, 3), dtype=np.uint8), (0, 0), 1.5)
    if grey:
        image = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    a = np.radians(degrees)
    to_image = np.array([[9 * np.cos(a), -9 * np.sin(a), 700], [9 * np.sin(a), 9 * np.cos(a), 750], [0, 0, 1.0]])
    to_image[:2, 2] -= to_image[:2, :2] @ np.array([50.0, 70.0])
    sheet = _sheet_on(image.shape[:2], to_image)
    whole = rectify(image, sheet, 8.0)
    # overlapping, touching the sheet's edges, one reaching past them, one of a single pixel
    parts = [(10, 20, 310, 220), (300, 200, 420, 260), (0, 0, 800, 8), (750, 1100, 900, 1200), (5, 900, 6, 901)]
    got = rectify(image, sheet, 8.0, parts)
    assert got.shape == whole.shape == ((1120, 800) if grey else (1120, 800, 3))
    inside = np.zeros((1120, 800), bool)
    for x0, y0, x1, y1 in parts:
        inside[y0:y1, x0:x1] = True
    assert np.abs(got[inside].astype(int) - whole[inside]).max() <= 1
    assert np.mean(got[inside] == whole[inside]) > 0.99
    assert not got[~inside].any()
    assert whole[~inside].mean() > 50  # there was something to leave out


def test_a_sheet_partly_outside_the_image_rectifies_as_before() -> None:
    image = np.zeros((600, 500, 3), np.uint8)
    image[:, :, 0] = np.arange(500, dtype=np.uint8)[None, :] // 2
    image[:, :, 1] = (np.arange(600)[:, None] // 3).astype(np.uint8)
    to_image = np.array([[0.0, -5.0, 620.0], [5.0, 0.0, -40.0], [0, 0, 1.0]])  # a quarter turn, corners cut off
    got = rectify(image, _sheet_on(image.shape[:2], to_image), 4.0)
    m = to_image @ np.diag([1 / 4, 1 / 4, 1.0])
    plain = cv2.warpPerspective(image, m, (400, 560), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                borderMode=cv2.BORDER_REPLICATE)
    assert np.abs(got.astype(int) - plain).max() <= 1


def test_a_soft_half_sheet_photo_whose_qr_code_reads_only_sharpened() -> None:
    # One half sheet cut out of a phone photo of a page of two (tuning seed 400, page 4): soft and
    # strongly compressed, so neither zxing-cpp nor OpenCV reads its 12 mm QR code as photographed;
    # the sharpened last attempt does (the sheet was refused with exit 2 before it).
    from printkit.engine.scan.decode.images import as_gray, load_pages
    from printkit.games.ganz_schon_clever.scan.tables import all_geometries, resolve

    gray = as_gray(load_pages(DATA / "qr" / "soft-half-sheet-photo.jpg")[0].pixels)
    sheets, failed = locate_sheets(gray, resolve, all_geometries())
    assert failed == [] and [s.payload for s in sheets] == [
        "printkit:ganz-schon-clever?layout=2&format=letter-half&rounds=4&serial=cea575-0001&players=4"]


def _with_first_reader(monkeypatch: pytest.MonkeyPatch, reader: object) -> None:
    from printkit.engine.scan.locate import sheets as locate

    readers = locate.qr_decoders()
    monkeypatch.setattr(locate, "qr_decoders", lambda: (reader, *readers))


def test_a_payload_read_from_part_of_a_code_does_not_end_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # A QR reader "decoded" 007513 from the lower half of a half sheet's blurred code where a full
    # sheet prints its own (tuning seed 612, page 2): the payload was refused, and with it the sheet,
    # although its code could be read.  A first reader that does that once must not cost the sheet.
    from printkit.engine.scan.decode.images import as_gray, load_pages
    from printkit.games.ganz_schon_clever.scan.tables import all_geometries, resolve

    calls = []

    def misreads_once(gray: np.ndarray) -> tuple[str, np.ndarray] | None:
        calls.append(gray.shape)
        h, w = gray.shape[:2]
        return ("007513", np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)) if len(calls) == 1 else None

    _with_first_reader(monkeypatch, misreads_once)
    gray = as_gray(load_pages(DATA / "qr" / "soft-half-sheet-photo.jpg")[0].pixels)
    sheets, failed = locate_sheets(gray, resolve, all_geometries())
    assert len(calls) > 1 and failed == [] and [s.payload for s in sheets] == [
        "printkit:ganz-schon-clever?layout=2&format=letter-half&rounds=4&serial=cea575-0001&players=4"]


def test_a_code_of_an_unknown_layout_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every reading refused: the sheet is refused for the first refusal's reason, not as unreadable.
    from printkit.engine.scan.decode.images import as_gray, load_pages
    from printkit.engine.scan.errors import ScanError
    from printkit.engine.scan.locate import sheets as locate
    from printkit.games.ganz_schon_clever.scan.tables import all_geometries, resolve

    def newer(gray: np.ndarray) -> tuple[str, np.ndarray] | None:
        h, w = gray.shape[:2]
        return ("printkit:ganz-schon-clever?layout=99&format=letter-half&rounds=4&serial=cea575-0001",
                np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32))

    monkeypatch.setattr(locate, "qr_decoders", lambda: (newer,))
    gray = as_gray(load_pages(DATA / "qr" / "soft-half-sheet-photo.jpg")[0].pixels)
    with pytest.raises(ScanError, match="unknown layout version 99"):
        locate_sheets(gray, resolve, all_geometries())


def test_a_crops_paper_level_is_numpys_percentile_to_the_bit():
    rng = np.random.default_rng(5)
    for n in range(60):
        img = rng.integers(0, 256, (rng.integers(1, 60), rng.integers(1, 60)), dtype=np.uint8)
        if n % 3 == 0:
            img = np.minimum(img, rng.integers(0, 256)).astype(np.uint8)  # many pixels at one level
        for p in (0, 1, 50, 95, 99.5, 100):
            assert percentile_u8(img, p) == np.percentile(img, p), (n, p)
    assert percentile_u8(np.array([[10, 20]], np.uint8), 95) == 19.5  # 10 + 0.95 * 10


def test_dark_blobs_are_found_as_opencvs_adaptive_threshold_finds_them():
    rng = np.random.default_rng(9)
    for _ in range(12):
        h, w = rng.integers(20, 400, 2)
        gray = cv2.GaussianBlur(rng.integers(0, 256, (h, w), dtype=np.uint8), (0, 0), float(rng.uniform(0.5, 4)))
        block = int(rng.integers(1, 40)) * 2 + 1
        want = cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 12)
        np.testing.assert_array_equal(darker_than_around(gray, block, 12), want)
    # a pixel 12 levels under a flat surround is dark, one 11 under is not
    flat = np.full((31, 31), 200, np.uint8)
    flat[10, 10], flat[20, 20] = 188, 189
    found = darker_than_around(flat, 31, 12)
    assert found[10, 10] == 255 and found[20, 20] == 0 and found.sum() == 255


def test_paper_levels_it_cannot_count_exactly_are_left_to_numpy():
    rng = np.random.default_rng(6)
    colour = rng.integers(0, 256, (20, 30, 3), dtype=np.uint8)
    assert percentile_u8(colour, 95) == np.percentile(colour, 95)
    with pytest.raises(ValueError):
        percentile_u8(colour[..., 0], 101)  # as NumPy refuses it
    empty = np.zeros((0, 5), np.uint8)  # no pixels: whatever this NumPy does (an error, or NaN and a warning)
    try:
        want = np.percentile(empty, 50)
    except Exception as exc:
        with pytest.raises(type(exc)):
            percentile_u8(empty, 50)
    else:
        assert np.isnan(want) and np.isnan(percentile_u8(empty, 50))


def test_the_blob_threshold_refuses_what_it_cannot_match():
    gray = np.full((40, 40), 200, np.uint8)
    for by, block in ((0, 31), (12, 30), (12, 1)):
        with pytest.raises(ValueError, match="odd block"):
            darker_than_around(gray, block, by)


def test_an_image_that_is_not_uint8_is_refused_not_rectified_into_zeros() -> None:
    # the parts are written into a uint8 sheet: another type would leave them black without a word
    image = np.zeros((300, 300, 3), np.uint16)
    sheet = _sheet_on(image.shape[:2], np.diag([2.0, 2.0, 1.0]))
    with pytest.raises(ValueError, match="uint8 image, not uint16"):
        rectify(image, sheet, 2.0, [(0, 0, 10, 10)])
