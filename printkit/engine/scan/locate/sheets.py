"""Find each sheet in an image by its four markers, read its QR code, and rectify it.

Generic: the caller gives a *resolver* that turns a QR payload into the sheet's geometry (its size
in mm, where its markers and QR code are printed), or raises :class:`ScanError` for a payload it
does not know.  The result maps the sheet's millimetre frame (origin top-left of the trim, y down)
onto the image, whatever the rotation (upside down included) and perspective.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from printkit.engine.scan.decode.speed.quantiles import percentile_u8
from printkit.engine.scan.errors import ScanError
from printkit.engine.scan.locate.qr_grid import read_grid
from printkit.engine.scan.locate.thresholds import LOCATE
from printkit.engine.scan.markers.find import MarkerSeen, find_markers, refined

PX_PER_MM = 8.0  # resolution of the rectified sheet
OVERVIEW_PX_PER_MM = 5.0  # resolution of the whole sheet's overview: its paper level, and the overlay a person checks


@dataclass(frozen=True)
class PrintedMarker:
    kind: int  # 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left
    x: float
    y: float
    size: float


@dataclass(frozen=True)
class SheetGeometry:
    """What a reader must know of a printed sheet to find it: sizes in mm, y down."""

    width: float
    height: float
    markers: tuple[PrintedMarker, ...]
    qr: tuple[float, float, float]  # x, y, size


@dataclass
class LocatedSheet:
    payload: str
    geometry: object  # what the resolver returned (a SheetGeometry or a richer table holding one)
    frame: SheetGeometry
    to_image: np.ndarray  # 3 x 3 homography, sheet mm -> image pixels
    residual_mm: float  # mean distance of the marker corners from where the homography puts them
    image_center: tuple[float, float]  # of the four markers, to tell top from bottom on a shared page


Resolver = Callable[[str], tuple[object, SheetGeometry]]


def _order_clockwise(ms: list[MarkerSeen]) -> list[MarkerSeen]:
    c = np.mean([m.center for m in ms], axis=0)
    return sorted(ms, key=lambda m: np.arctan2(m.center[1] - c[1], m.center[0] - c[0]))  # clockwise, y down


def _quad_ok(ms: list[MarkerSeen], others: list[MarkerSeen]) -> float:
    """A score > 0 when the four markers can be one sheet's corners: convex, blocks pointing out,
    similar sizes, no other marker inside.  Larger is better (the area)."""
    pts = np.array([m.center for m in ms], dtype=np.float32)
    if not cv2.isContourConvex(pts.reshape(-1, 1, 2)):
        return 0.0
    sizes = [m.size for m in ms]
    if max(sizes) > LOCATE.marker_size_ratio * min(sizes):
        return 0.0
    c = pts.mean(axis=0)
    for m in ms:
        out = np.array(m.center) - c
        blk = np.array(m.block) - np.array(m.center)
        if np.dot(out, blk) < LOCATE.blocks_out * np.linalg.norm(out) * np.linalg.norm(blk):
            return 0.0
    area = cv2.contourArea(pts)
    if area < LOCATE.min_area_markers * max(sizes) ** 2:
        return 0.0
    worst = 0.0
    for i in range(4):
        a, b = pts[i - 1] - pts[i], pts[(i + 1) % 4] - pts[i]
        worst = max(worst, abs(float(np.dot(a, b))) / float(np.linalg.norm(a) * np.linalg.norm(b)))
    if worst > LOCATE.max_corner_cosine:
        return 0.0
    sides = np.linalg.norm(pts - np.roll(pts, -1, axis=0), axis=1)
    if max(sides[0], sides[2]) > LOCATE.side_ratio * min(sides[0], sides[2]) or \
            max(sides[1], sides[3]) > LOCATE.side_ratio * min(sides[1], sides[3]):
        return 0.0
    if min(sides) < LOCATE.narrow * max(sides):
        return 0.0
    for o in others:  # inside, or on an edge (two sheets side by side share their top and bottom lines)
        if cv2.pointPolygonTest(pts.reshape(-1, 1, 2), o.center, True) > -LOCATE.inside_margin * o.size:
            return 0.0
    return area * (1.0 - worst)


def group_markers(markers: list[MarkerSeen]) -> list[list[MarkerSeen]]:
    """Sets of four markers that frame one sheet each, in clockwise order."""
    ms = markers[:16]
    quads: list[tuple[float, list[MarkerSeen]]] = []
    for combo in itertools.combinations(range(len(ms)), 4):
        chosen = _order_clockwise([ms[i] for i in combo])
        rest = [ms[i] for i in range(len(ms)) if i not in combo]
        score = _quad_ok(chosen, rest)
        if score > 0:
            quads.append((score, chosen))
    quads.sort(key=lambda q: -q[0])
    used: set[int] = set()
    out = []
    for _, q in quads:
        ids = {id(m) for m in q}
        if ids & used:
            continue
        used |= ids
        out.append(q)
    return out


QrDecoder = Callable[[np.ndarray], tuple[str, np.ndarray] | None]
# Whether a payload read with its corners in image pixels is the sheet's: a reader can "decode" a code from
# part of one, or another code where a neighbouring format prints its own (the search then goes on).
Accept = Callable[[str, np.ndarray], bool]
_detectors: list = []


def _opencv_qr(gray: np.ndarray) -> tuple[str, np.ndarray] | None:
    """OpenCV's two QR readers: they fail on different images (the ArUco-based one copes better with
    soft, low-contrast codes).  The ArUco-based one goes first: on the tuning set's crops it read
    more codes than the other, and faster."""
    if not _detectors:
        _detectors.append(cv2.QRCodeDetectorAruco())
        _detectors.append(cv2.QRCodeDetector())
    for det in _detectors:
        try:
            data, pts, _ = det.detectAndDecode(gray)
        except cv2.error:
            data, pts = "", None
        if data and pts is not None:
            return data, np.asarray(pts).reshape(-1, 2).astype(np.float32)
    return None


def _zxing_qr(gray: np.ndarray) -> tuple[str, np.ndarray] | None:
    """zxing-cpp's QR reader (in the scan extra where it has a wheel).  On the tuning images it read
    every sheet OpenCV read and more (soft photos, small codes of half sheets), in a small part of the
    time."""
    import zxingcpp

    for code in zxingcpp.read_barcodes(np.ascontiguousarray(gray), formats=zxingcpp.BarcodeFormat.QRCode):
        if code.valid and code.text:
            p = code.position
            corners = (p.top_left, p.top_right, p.bottom_right, p.bottom_left)
            return code.text, np.array([[c.x, c.y] for c in corners], np.float32)
    return None


@functools.cache
def qr_decoders() -> tuple[QrDecoder, ...]:
    """The QR readers to try, in turn: zxing-cpp when installed, then OpenCV's."""
    try:
        import zxingcpp  # noqa: F401
    except ImportError:
        return (_opencv_qr,)
    return (_zxing_qr, _opencv_qr)


def decode_qr(gray: np.ndarray) -> tuple[str, np.ndarray] | None:
    """(payload, 4 x 2 corner points) of a QR code in ``gray``, or None."""
    for decode in qr_decoders():
        found = decode(gray)
        if found is not None:
            return found
    return None


def _nominal_rectify(gray: np.ndarray, quad: list[MarkerSeen], px_long: int = 1600
                     ) -> tuple[np.ndarray, np.ndarray]:
    """Warp the quad's markers to a rectangle of its own mean proportions (orientation unknown)."""
    pts = np.array([m.center for m in quad], dtype=np.float32)
    sides = np.linalg.norm(pts - np.roll(pts, -1, axis=0), axis=1)
    w, h = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    f = px_long / max(w, h)
    w, h = w * f, h * f
    margin = LOCATE.nominal_margin * max(w, h)
    dst = np.array([[margin, margin], [margin + w, margin], [margin + w, margin + h], [margin, margin + h]],
                   dtype=np.float32)
    m = cv2.getPerspectiveTransform(pts, dst)
    size = (int(w + 2 * margin), int(h + 2 * margin))
    return cv2.warpPerspective(gray, m, size, flags=cv2.INTER_LINEAR, borderValue=255), m


# OpenCV's decoders succeed or fail with the code's size in pixels, so a few sizes are tried, first
# with everything outside the code painted paper white (True), then as it is (False).  The first try
# reads nearly every sheet: it is made at every candidate position before any other.
QR_TRIES = ((True, 1.0), (True, 0.5), (True, 2.0), (True, 0.7), (False, 1.0), (False, 0.5), (False, 2.0),
            (False, 0.7))


def _sheet_to_image(quad: list[MarkerSeen], geom: SheetGeometry, shift: int) -> np.ndarray:
    """The homography sheet mm -> image when quad[i] is marker kind (i + shift) % 4."""
    by_kind = {m.kind: m for m in geom.markers}
    mm = np.array([[by_kind[(i + shift) % 4].x + by_kind[(i + shift) % 4].size / 2,
                    by_kind[(i + shift) % 4].y + by_kind[(i + shift) % 4].size / 2] for i in range(4)], np.float32)
    img = np.array([m.center for m in quad], np.float32)
    return cv2.getPerspectiveTransform(mm, img)


def _qr_busyness(gray: np.ndarray, quad: list[MarkerSeen], geom: SheetGeometry, shift: int) -> float:
    """How much the place where ``geom`` prints its QR code looks like one: the mean step between
    neighbouring pixels of a coarse 48 x 48 sample (a code's modules alternate black and white every
    pixel or two; print and paper are flat or have few edges).  On the tuning set the place it puts
    first decoded for every sheet, where the spread of grey levels was fooled by shadows.  Only
    orders the attempts."""
    qx, qy, qs = geom.qr
    n = LOCATE.qr_busy_sample
    m = _sheet_to_image(quad, geom, shift) @ np.array([[qs / n, 0, qx], [0, qs / n, qy], [0, 0, 1]])
    sample = cv2.warpPerspective(gray, m, (n, n), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                 borderValue=255).astype(np.int16)
    return float(np.abs(np.diff(sample, axis=0)).mean() + np.abs(np.diff(sample, axis=1)).mean())


def _qr_crop(gray: np.ndarray, quad: list[MarkerSeen], geom: SheetGeometry, shift: int, accept: Accept,
             tries: Sequence[tuple[bool, float]] = QR_TRIES, sharpen: bool = False,
             decode: QrDecoder = decode_qr) -> bool:
    """Decode the QR code where ``geom`` prints it, assuming quad[i] is marker kind (i + shift) % 4,
    until a reading is accepted: a tight, upright, enlarged crop decodes where the whole image does
    not (small or soft codes).  ``sharpen``: unsharp-mask the crop first (a blurred photo whose modules
    run into each other)."""
    to_img = _sheet_to_image(quad, geom, shift)
    qx, qy, qs = geom.qr
    pad = LOCATE.qr_pad * qs  # the payload says which format's position it was read at
    out = LOCATE.qr_crop_px
    f = out / (qs + 2 * pad)
    crop_to_mm = np.array([[1 / f, 0, qx - pad], [0, 1 / f, qy - pad], [0, 0, 1]])
    m = to_img @ crop_to_mm
    crop = cv2.warpPerspective(gray, m, (out, out), flags=cv2.INTER_CUBIC | cv2.WARP_INVERSE_MAP,
                               borderValue=255)
    if sharpen:
        soft = cv2.GaussianBlur(crop, (0, 0), LOCATE.sharpen_sigma)
        crop = cv2.addWeighted(crop, 1 + LOCATE.sharpen_amount, soft, -LOCATE.sharpen_amount, 0)
    # The printed code has a narrow quiet zone with text beside it, which puts the decoders off.
    quiet = crop.copy()
    lo, hi = round(pad * f - LOCATE.qr_quiet * qs * f), round((pad + qs) * f + LOCATE.qr_quiet * qs * f)
    paper = int(percentile_u8(crop, LOCATE.qr_paper_percentile))
    quiet[:lo], quiet[hi:], quiet[:, :lo], quiet[:, hi:] = paper, paper, paper, paper
    for painted, scale in tries:
        attempt = quiet if painted else crop
        img = attempt if scale == 1.0 else cv2.resize(attempt, None, fx=scale, fy=scale,
                                                     interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)
        found = decode(img)
        if found is not None:
            data, pts = found
            back = cv2.perspectiveTransform((pts / scale).reshape(-1, 1, 2), m).reshape(-1, 2)
            if accept(data, back):
                return True
    return False


def _plain_attempts(gray: np.ndarray, quad: list[MarkerSeen], likely: Sequence[tuple[SheetGeometry, int]],
                    others: Sequence[tuple[SheetGeometry, int]], decode: QrDecoder, accept: Accept) -> bool:
    """Every crop of QR_TRIES through ``decode`` until one is accepted: the first try at every place
    before the others, the likely places with every size before the others."""
    for group in (likely, others):
        for tries in (QR_TRIES[:1], QR_TRIES[1:]):
            for g, shift in group:
                if _qr_crop(gray, quad, g, shift, accept, tries, decode=decode):
                    return True
    return False


def _find_qr(gray: np.ndarray, quad: list[MarkerSeen], alone: bool, hints: Sequence[SheetGeometry],
             accept: Accept) -> bool:
    """Read the QR code until ``accept`` takes a payload and its corners in image pixels; False when
    none is.  First where each known sheet geometry prints it (``hints``, in both upright orientations
    the quad's proportions allow), then on the image itself (when the sheet is alone in it), then on
    roughly rectified copies."""
    pts = np.array([m.center for m in quad], dtype=np.float32)
    sides = np.linalg.norm(pts - np.roll(pts, -1, axis=0), axis=1)
    across, down = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2  # quad[0] -> quad[1] is "across"
    seen_ratio = min(across, down) / max(across, down)

    def ratio(g: SheetGeometry) -> float:
        xs = [m.x for m in g.markers]
        ys = [m.y for m in g.markers]
        return min(np.ptp(xs), np.ptp(ys)) / max(np.ptp(xs), np.ptp(ys))

    candidates = []
    for g in sorted(hints, key=lambda g: abs(ratio(g) - seen_ratio)):
        portrait = g.height >= g.width
        # quad[0]->quad[1] runs along the sheet's width when it is the short side of a portrait sheet
        shifts = (0, 2) if (across < down) == portrait else (1, 3)
        candidates += [(g, shift) for shift in shifts]
    # Which way up the sheet lies decides where its code is; trying the likelier places first, with
    # every size there before the unlikely places, halves the failed attempts, each of which costs a
    # decoder's full search.  Every attempt is still made before giving up.
    candidates.sort(key=lambda c: -_qr_busyness(gray, quad, *c))
    likely, others = candidates[:LOCATE.qr_likely], candidates[LOCATE.qr_likely:]
    # Every attempt with the first reader before any with the next: the first is the faster and reads more.
    first, *rest = qr_decoders()
    if _plain_attempts(gray, quad, likely, others, first, accept):
        return True
    # A code too blurred for a reader to find its grid (a half sheet's, photographed): sampled module
    # by module where the markers place it (qr_grid.py), at the likeliest places only: it costs far more
    # than a reader's attempt, the more when the code has to be deblurred.
    for g, shift in likely:
        to_image = _corner_fit(quad, g, shift, np.linalg.inv(_sheet_to_image(quad, g, shift)))[0]
        if read_grid(gray, to_image, g.qr, decode_qr, accept) is not None:
            return True
    for decode in rest:
        if _plain_attempts(gray, quad, likely, others, decode, accept):
            return True
    # Only when every plain attempt failed (a blurred photo): sharpened, at the likeliest places.
    for g, shift in likely:
        if _qr_crop(gray, quad, g, shift, accept, sharpen=True):
            return True
    poly = pts.reshape(-1, 1, 2)
    if alone:
        found = decode_qr(gray)
        if found is not None and cv2.pointPolygonTest(poly, tuple(map(float, found[1].mean(axis=0))), False) > 0 \
                and accept(*found):
            return True
    for px_long in (2400, 1600):
        rect, m = _nominal_rectify(gray, quad, px_long)
        found = decode_qr(rect)
        if found is not None:
            data, qr_pts = found
            inv = np.linalg.inv(m)
            if accept(data, cv2.perspectiveTransform(qr_pts.reshape(-1, 1, 2), inv).reshape(-1, 2)):
                return True
    return False


def _located(gray: np.ndarray, quad: list[MarkerSeen], alone: bool, hints: Sequence[SheetGeometry],
             resolve: Resolver) -> LocatedSheet:
    """The sheet framed by ``quad``: the first QR payload read that ``resolve`` knows and that lies
    where its layout prints it.  A payload refused is not the end of the search (a reader once read
    "007513" from part of a half sheet's code where the full sheet prints its own, and the page was
    refused); if no reading is accepted, the first refusal is the reason given."""
    c = np.mean([m.center for m in quad], axis=0)
    refused: list[str] = []
    kept: list[LocatedSheet] = []

    def accept(payload: str, qr_pts: np.ndarray) -> bool:
        try:
            table, geom = resolve(payload)
            h, residual = _fit(quad, geom, qr_pts)
        except ScanError as exc:
            refused.append(str(exc))
            return False
        kept.append(LocatedSheet(payload, table, geom, h, residual, (float(c[0]), float(c[1]))))
        return True

    if _find_qr(gray, quad, alone, hints, accept):
        return kept[-1]
    raise ScanError(refused[0] if refused else
                    "QR code unreadable: found the four corner markers but could not decode the QR code "
                    "(is it covered, folded, out of focus or cut off?)")


def _marker_corners_mm(m: PrintedMarker) -> np.ndarray:
    return np.array([[m.x, m.y], [m.x + m.size, m.y], [m.x + m.size, m.y + m.size], [m.x, m.y + m.size]],
                    dtype=np.float32)


def _fit(quad: list[MarkerSeen], geom: SheetGeometry, qr_img: np.ndarray) -> tuple[np.ndarray, float]:
    """Homography sheet mm -> image and its residual, choosing the rotation that puts the QR code
    where the sheet printed it."""
    by_kind = {m.kind: m for m in geom.markers}
    centers_mm = np.array([[by_kind[k].x + by_kind[k].size / 2, by_kind[k].y + by_kind[k].size / 2]
                           for k in range(4)], dtype=np.float32)
    img = np.array([m.center for m in quad], dtype=np.float32)
    qx, qy, qs = geom.qr
    qr_mm = np.array([qx + qs / 2, qy + qs / 2])
    qr_center = qr_img.mean(axis=0)
    best: tuple[float, int, np.ndarray] | None = None
    for shift in range(4):  # quad[i] is marker kind (i + shift) % 4
        mm = np.array([centers_mm[(i + shift) % 4] for i in range(4)], dtype=np.float32)
        h_img_to_mm = cv2.getPerspectiveTransform(img, mm)
        p = cv2.perspectiveTransform(qr_center.reshape(1, 1, 2).astype(np.float32), h_img_to_mm).reshape(2)
        err = float(np.hypot(*(p - qr_mm)))
        if best is None or err < best[0]:
            best = (err, shift, h_img_to_mm)
    assert best is not None
    err, shift, h_img_to_mm = best
    if err > max(LOCATE.qr_misplaced_mm, LOCATE.qr_misplaced_sides * qs):
        raise ScanError(f"the QR code is {err:.0f} mm from where its layout prints it: the sheet does not match "
                        "the layout its QR code names")
    return _corner_fit(quad, geom, shift, h_img_to_mm)


def _corner_fit(quad: list[MarkerSeen], geom: SheetGeometry, shift: int, h_img_to_mm: np.ndarray
                ) -> tuple[np.ndarray, float]:
    """Homography sheet mm -> image on all 16 marker corners, and its residual in mm, when quad[i] is
    marker kind (i + shift) % 4 and ``h_img_to_mm`` roughly maps the image to the sheet."""
    by_kind = {m.kind: m for m in geom.markers}
    # Each seen corner is matched to the nearest printed one.
    src, dst = [], []
    for i, seen in enumerate(quad):
        printed = _marker_corners_mm(by_kind[(i + shift) % 4])
        seen_mm = cv2.perspectiveTransform(seen.corners.reshape(-1, 1, 2), h_img_to_mm).reshape(-1, 2)
        for c_img, c_mm in zip(seen.corners, seen_mm, strict=True):
            j = int(np.argmin(np.linalg.norm(printed - c_mm, axis=1)))
            src.append(printed[j])
            dst.append(c_img)
    src_a, dst_a = np.array(src, np.float32), np.array(dst, np.float32)
    h, _ = cv2.findHomography(src_a, dst_a, 0)
    if h is None:
        h = np.linalg.inv(h_img_to_mm)
    back = cv2.perspectiveTransform(dst_a.reshape(-1, 1, 2), np.linalg.inv(h)).reshape(-1, 2)
    residual = float(np.mean(np.linalg.norm(back - src_a, axis=1)))
    return h, residual


def _scaled(m: MarkerSeen, f: float) -> MarkerSeen:
    return MarkerSeen((m.center[0] * f, m.center[1] * f), m.corners * f, (m.block[0] * f, m.block[1] * f),
                      m.size * f, m.score)


def locate_sheets(gray: np.ndarray, resolve: Resolver, hints: Sequence[SheetGeometry] = ()
                  ) -> tuple[list[LocatedSheet], list[tuple[tuple[float, float], str]]]:
    """Every sheet in the image, and (centre, why) of each set of markers that framed a sheet that
    could not be read; :class:`ScanError` when no sheet can be read.  ``hints``: the geometries of
    the sheets the caller knows, to find a small or soft QR code where they print it."""
    f = min(1.0, LOCATE.detect_side / max(gray.shape))
    # Bilinear above half size, area averaging below (where bilinear would skip pixels): the corners
    # are refined on the full image afterwards, so the copy only has to show the markers, and bilinear
    # costs less where it skips nothing.
    small = gray if f == 1 else cv2.resize(gray, None, fx=f, fy=f,
                                             interpolation=cv2.INTER_LINEAR if f > 0.5 else cv2.INTER_AREA)
    seen = find_markers(small, clear_specks=True)
    markers = [_scaled(m, 1 / f) for m in seen]
    grouped = group_markers(markers)
    if not grouped or sum(map(len, grouped)) < len(markers) or min(m.size for m in seen) < LOCATE.marker_safe_px:
        # No sheet framed, a marker framing none (a sheet whose other markers the opening lost?), or markers
        # so small that another sheet's, smaller still, may have been opened away whole: the markers are
        # looked for again on every blob, as they were before specks were cleared.
        markers = [_scaled(m, 1 / f) for m in find_markers(small)]
        grouped = group_markers(markers)
    quads = [[refined(gray, m) for m in q] for q in grouped]
    if not quads:
        n = len(markers)
        if n == 0:
            raise ScanError("no corner markers found: this does not look like a printkit sheet "
                            "(photograph the whole sheet, all four corners visible)")
        raise ScanError(f"found {min(n, 3) if n < 4 else n} corner marker{'s' if n != 1 else ''} but not four that "
                        "frame a sheet: is part of the sheet cut off or covered?")
    sheets = []
    failed: list[tuple[tuple[float, float], str]] = []
    for quad in quads:
        c = np.mean([m.center for m in quad], axis=0)
        center = (float(c[0]), float(c[1]))
        try:
            sheets.append(_located(gray, quad, len(quads) == 1, hints, resolve))
        except ScanError as exc:
            failed.append((center, str(exc)))
    used = {id(m) for q in grouped for m in q}
    left = [m for m in markers if id(m) not in used]
    if len(left) >= LOCATE.left_over:
        # another sheet's markers, one or two of them not found: that sheet is reported, not dropped
        c = np.mean([m.center for m in left], axis=0)
        failed.append(((float(c[0]), float(c[1])), f"only {len(left)} corner markers found that frame no sheet: "
                       "is part of it cut off, covered or in shadow, or a marker smudged?"))
    if not sheets:
        raise ScanError(failed[0][1])
    return sheets, failed


def _lies_sideways(sheet: LocatedSheet) -> bool:
    """Whether the sheet's rows run up or down the image rather than across it."""
    o, x = sheet.to_image @ np.array([0, 0, 1.0]), sheet.to_image @ np.array([100, 0, 1.0])
    dx, dy = x[:2] / x[2] - o[:2] / o[2]
    return bool(abs(dy) > abs(dx))


# pixel (u, v) of the sheet transposed is pixel (v, u) of the sheet
_TRANSPOSED = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])


Part = tuple[int, int, int, int]  # a rectangle of a rectified sheet, pixels x0, y0, x1, y1 (x1, y1 excluded)


def rectified_shape(sheet: LocatedSheet, px_per_mm: float = PX_PER_MM) -> tuple[int, int]:
    """(height, width) in pixels of the sheet rectified at ``px_per_mm`` (:func:`rectify`)."""
    return round(sheet.frame.height * px_per_mm), round(sheet.frame.width * px_per_mm)


def rectify(image: np.ndarray, sheet: LocatedSheet, px_per_mm: float = PX_PER_MM,
            parts: Sequence[Part] | None = None) -> np.ndarray:
    """The sheet warped to its own frame: pixel (x, y) is sheet mm (x / px_per_mm, y / px_per_mm).

    ``parts``: only these rectangles are warped, the rest of the sheet left black (a reader that reads
    a quarter of the sheet warps that quarter); default: the whole sheet.  A part's pixels are the whole
    warp's, but for the last bit of the sampling positions (worked out from the part's corner).

    ``image``: RGB, or RGBA for speed (:func:`printkit.engine.scan.decode.images.as_rgba`), which gives the same
    RGB: OpenCV interpolates pixels of four channels with SIMD, of three one value at a time, so adding
    the fourth channel, warping and dropping it takes less time than warping RGB, conversions included,
    for the same pixels.  Grey stays grey.

    A sheet lying sideways is warped into its transpose, whose rows run along the image's rows, and
    transposed back: warping it as it lies reads the image down its columns, which is slower, and
    turning the part of the image under it first costs more than the transpose.  The pixels differ from a
    plain warp's by a level at most (the sampling positions are worked out in another order)."""
    if image.dtype != np.uint8:  # the parts are written into a uint8 sheet: OpenCV would put them elsewhere
        raise ValueError(f"rectify takes a uint8 image, not {image.dtype}")
    s = np.diag([1 / px_per_mm, 1 / px_per_mm, 1.0])
    m = sheet.to_image @ s  # rectified pixel -> mm -> image
    h, w = rectified_shape(sheet, px_per_mm)
    size = (w, h)
    channels = image.shape[2] if image.ndim == 3 else 1
    source = cv2.cvtColor(image, cv2.COLOR_RGB2RGBA) if channels == 3 else image
    sideways = _lies_sideways(sheet)
    if parts is None:
        return _warped(source, m, size, sideways, channels)
    out = np.zeros((size[1], size[0], 3) if channels >= 3 else (size[1], size[0]), np.uint8)
    for x0, y0, x1, y1 in parts:
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(size[0], x1), min(size[1], y1)
        if x1 > x0 and y1 > y0:
            corner = np.array([[1.0, 0.0, x0], [0.0, 1.0, y0], [0.0, 0.0, 1.0]])
            _warped(source, m @ corner, (x1 - x0, y1 - y0), sideways, channels, out[y0:y1, x0:x1])
    return out


def _warped(source: np.ndarray, m: np.ndarray, size: tuple[int, int], sideways: bool, channels: int,
            dst: np.ndarray | None = None) -> np.ndarray:
    """``source`` warped by ``m`` (output pixel -> image) to ``size``, as RGB (or grey); written into ``dst``
    (a view of the rectified sheet, of that size) where given."""
    if sideways:
        m, size = m @ _TRANSPOSED, (size[1], size[0])
    out = cv2.warpPerspective(source, m, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)
    if sideways:
        out = cv2.transpose(out)
    if channels >= 3:
        return cv2.cvtColor(out, cv2.COLOR_RGBA2RGB, dst=dst)
    if dst is not None:
        dst[...] = out
        return dst
    return out
