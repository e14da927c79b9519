"""Load what a scanner or phone produced: JPEG, PNG, TIFF, HEIC and multi-page PDFs.

Every page comes back as an RGB ``uint8`` array no larger than ``DECODE.max_side`` pixels on its long
side: a 12-megapixel photo keeps its resolution (the QR code of a half sheet needs it), anything
larger is scaled down so memory stays bounded (a JPEG of twice a 300-dpi A4 page or more by the JPEG
decoder itself, see ``DECODE.reduced_decode_side``).

A scanned page is several megabytes of PNG or JPEG, and decoding it was the largest single cost of
reading a scan: PNGs are decoded by libspng (``pyspng``, part of the ``[scan]`` extra where it has a
wheel) after libdeflate inflated their pixel data (:mod:`.png`), and JPEGs by libjpeg-turbo through
``simplejpeg`` (also in the extra; with libjpeg-turbo's fast integer IDCT and plain chroma upsampling, 46
ms a 12-megapixel photo against OpenCV's 90, see :func:`_jpeg_pixels`) or else OpenCV, both straight into
an array; Pillow, which decodes and then copies, remains for every other format and whenever the fast path
declines or fails (its messages name what is wrong with a damaged file).
"""

from __future__ import annotations

import io
import re
import struct
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from printkit.engine.pdf_drawing import drawing_bytes
from printkit.engine.scan.decode.speed.jpeg import cut_after_the_image, headers_for_the_pixels, picture_end
from printkit.engine.scan.decode.speed.png import chunks as png_chunks
from printkit.engine.scan.decode.speed.png import is_overlay, png_rgb
from printkit.engine.scan.decode.thresholds import DECODE
from printkit.engine.scan.errors import OwnOverlay, ScanError

ORIENTATION = 0x0112  # the EXIF tag

_heif_registered = False


@dataclass(frozen=True)
class PageImage:
    """One image to read: ``page`` is the 1-based page of a PDF or multi-frame TIFF, else None."""

    pixels: np.ndarray  # H x W x 3, uint8, RGB; or H x W x 4, RGB and a fourth channel to ignore (see open_pages)
    page: int | None = None
    damage: str | None = None  # what the decoder found wrong with the file and decoded past (a JPEG's bad data)
    blank: bool = False  # a PDF page with nothing drawn on it, not rendered: ``pixels`` is empty


def damaged_file(damage: str) -> str:
    """What is said of anything read from a damaged file, ``damage`` being its decoder's words."""
    return f'the file is damaged (its decoder says "{damage}"): only what could be decoded was read'


def _register_heif() -> None:
    global _heif_registered
    if _heif_registered:
        return
    try:
        from pillow_heif import register_heif_opener
    except ImportError:  # pragma: no cover - pillow-heif is part of the [scan] extra
        return
    register_heif_opener()
    _heif_registered = True


def _shrink(img: Image.Image) -> np.ndarray:
    # Each step copies a 12-megapixel image, so none is taken that changes nothing.
    if img.getexif().get(ORIENTATION, 1) != 1:
        img = ImageOps.exif_transpose(img)  # phones store portrait photos sideways plus an EXIF flag
    if img.mode != "RGB":
        img = img.convert("RGB")
    long_side = max(img.size)
    if long_side > DECODE.max_side:
        f = DECODE.max_side / long_side
        img = img.resize((max(1, round(img.width * f)), max(1, round(img.height * f))), Image.Resampling.BILINEAR)
    return np.asarray(img, dtype=np.uint8)


def _orient(rgb: np.ndarray, orientation: int) -> np.ndarray:
    """``rgb`` turned upright by its EXIF orientation, as Pillow's ``exif_transpose`` does."""
    import cv2

    if orientation in (2, 4):
        return cv2.flip(rgb, 1 if orientation == 2 else 0)
    if orientation == 3:
        return cv2.rotate(rgb, cv2.ROTATE_180)
    if orientation == 6:
        return cv2.rotate(rgb, cv2.ROTATE_90_CLOCKWISE)
    if orientation == 8:
        return cv2.rotate(rgb, cv2.ROTATE_90_COUNTERCLOCKWISE)
    if orientation == 5:
        return np.ascontiguousarray(rgb.transpose(1, 0, 2))
    if orientation == 7:
        return cv2.rotate(np.ascontiguousarray(rgb.transpose(1, 0, 2)), cv2.ROTATE_180)
    return rgb


def _png_orientation(data: bytes) -> int:
    """The EXIF orientation of a PNG: its eXIf chunk may follow the pixels, where Pillow finds it
    only by decoding them, so the chunks are walked here."""
    for kind, start, end in png_chunks(data):
        if kind == b"eXIf":
            exif = Image.Exif()
            try:
                exif.load(data[start:end])
            except (SyntaxError, ValueError, struct.error, OSError):
                return 1
            return int(exif.get(ORIENTATION, 1) or 1)
    return 1


def _decode_fast(img: Image.Image, data: bytes, four: bool = False) -> tuple[np.ndarray, str | None] | None:
    """The pixels of a PNG (libspng, see :mod:`.png`) or a complete colour or grey JPEG (simplejpeg or OpenCV),
    and the damage the JPEG decoder decoded past (see :func:`_jpeg_pixels`); None where Pillow must decode:
    another format, a CMYK JPEG, a truncated file (Pillow says so), libspng missing.  ``four``: a JPEG with a
    fourth channel (see :func:`open_pages`); libspng is slower to write it than adding it
    afterwards, so a PNG stays RGB."""
    if img.format == "PNG":
        rgb = png_rgb(data)
        return None if rgb is None else (_orient(rgb, _png_orientation(data)), None)
    if img.format == "JPEG" and img.mode in ("RGB", "L"):
        # A JPEG is complete when its picture's end marker is there; whatever follows it (a trailer, fill
        # bytes) is no part of the picture, and left out: Pillow would name no
        # damage.  The marker is looked for only in a file that does not end with it: the search reads the file.
        if not data.rstrip(b"\0").endswith(b"\xff\xd9"):
            end = picture_end(data)
            if end is None:
                return None  # truncated: Pillow says so
            data = data[:end + 2]
        reduce = 1
        while reduce < 8 and max(img.size) / (2 * reduce) >= DECODE.reduced_decode_side:
            reduce *= 2
        decoded = _jpeg_pixels(data, reduce, four)
        if decoded is None:
            return None
        return _orient(decoded[0], int(img.getexif().get(ORIENTATION, 1) or 1)), decoded[1]
    return None


def _jpeg_pixels(data: bytes, reduce: int, four: bool) -> tuple[np.ndarray, str | None] | None:
    """A complete JPEG's pixels at 1 / ``reduce`` (1, 2, 4 or 8) of its size, RGB (``four``: with a fourth
    channel), and what libjpeg-turbo found wrong in it and decoded past (None: nothing); None where it cannot
    be decoded.  By libjpeg-turbo through ``simplejpeg``, which writes the fourth channel as it goes, a
    damaged file as far as it can (as OpenCV would, without its decoder's warning on the terminal); where
    simplejpeg is missing or gives up, by OpenCV.

    At full size simplejpeg is asked for libjpeg-turbo's fast integer inverse DCT and plain (not interpolated)
    chroma upsampling, which decodes in about two thirds of the time.  The
    pixels differ from OpenCV's accurate decoding by about one level on average (a few at most, the DCT; up to
    ~50 for one pixel across a sharp colour edge, where the colour was stored at half resolution anyway); on
    the tuning sets no box was read differently (``bench/RESULTS.md``).  Scaled, in the accurate mode and at
    OpenCV's size (each side divided and rounded up): OpenCV's reduced decoding to the pixel."""
    decoded = _simplejpeg_pixels(data, reduce, four)
    if decoded is not None:
        return decoded
    import cv2

    flags = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
             8: cv2.IMREAD_REDUCED_COLOR_8}[reduce] | cv2.IMREAD_IGNORE_ORIENTATION
    bgr = cv2.imdecode(np.frombuffer(data, np.uint8), flags)
    if bgr is None or bgr.ndim != 3:
        return None
    if four:
        return cv2.cvtColor(bgr, cv2.COLOR_BGR2RGBA), None
    return cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB, dst=bgr), None


def _simplejpeg_pixels(data: bytes, reduce: int, four: bool) -> tuple[np.ndarray, str | None] | None:
    """:func:`_jpeg_pixels` by simplejpeg; None where it is not installed or gives up on the file, and on its
    copy with only the headers decoding reads (:func:`.jpeg.headers_for_the_pixels`): simplejpeg gives up on
    a file libjpeg-turbo warns of while reading its headers (a JFIF header of an unknown version, stray bytes
    between segments), which OpenCV then decoded with libjpeg-turbo's warning on the terminal."""
    try:
        import simplejpeg  # noqa: F401
    except ImportError:  # not installed (it is in the [scan] extra where it has a wheel)
        return None
    decoded = _by_simplejpeg(data, reduce, four)
    if decoded is None:
        cleaned = headers_for_the_pixels(data)
        decoded = None if cleaned is None else _by_simplejpeg(cleaned, reduce, four)
    return decoded


def _by_simplejpeg(data: bytes, reduce: int, four: bool) -> tuple[np.ndarray, str | None] | None:
    import simplejpeg

    options: dict[str, float] = {"fastdct": reduce == 1, "fastupsample": reduce == 1}
    if reduce > 1:
        try:
            h, w = simplejpeg.decode_jpeg_header(data)[:2]
        except ValueError:
            return None
        options.update(min_height=-(-h // reduce), min_width=-(-w // reduce), min_factor=reduce)
    try:
        return simplejpeg.decode_jpeg(data, "RGBX" if four else "RGB", strict=True, **options), None
    except ValueError as exc:  # damage: decoded past where it can be, or given up on
        complaint = str(exc)
    try:
        pixels = simplejpeg.decode_jpeg(data, "RGBX" if four else "RGB", strict=False, **options)
    except ValueError:
        return None
    return pixels, _damage(complaint, data)


_BEFORE_THE_END = re.compile(r"(\d+) extraneous bytes before marker 0xd9\b")
_BEFORE_A_RESTART = re.compile(r"extraneous bytes before marker 0xd[0-7]\b")


def _damage(complaint: str, data: bytes) -> str | None:
    """What libjpeg-turbo's first complaint about a JPEG it decoded says of its pixels: None where it is
    about bytes after every pixel, else the complaint.

    Two such cases are told from damage, each by decoding the file without what the complaint is about:
    it must then decode without any complaint, as a decoder that lost its place in damaged data reads on
    into what follows the picture, or stops short of its end.  Zero bytes before the end-of-image marker:
    some writers pad the end of the file so (:func:`_without_zero_padding`).  Restart intervals after the
    picture's last one: some scanners write them (see :mod:`.jpeg`).  Stray bytes of any other value in
    either place are damage."""
    stray = _BEFORE_THE_END.search(complaint)
    if stray is not None:
        unpadded = _without_zero_padding(data, int(stray.group(1)))
        return None if unpadded is not None and _decodes_cleanly(unpadded) else complaint
    cut = cut_after_the_image(data) if _BEFORE_A_RESTART.search(complaint) else None
    return None if cut is not None and _decodes_cleanly(cut) else complaint


def _without_zero_padding(data: bytes, n: int) -> bytes | None:
    """``data`` without the zero bytes before its picture's end-of-image marker, and without what follows
    that marker, when the ``n`` stray bytes libjpeg-turbo complained of there are all zero (it counts
    neither 0xFF fill bytes nor the bytes it read ahead); else None."""
    end = picture_end(data)
    if end is None:
        return None
    fill = len(data[:end].rstrip(b"\xff"))  # where the 0xFF fill bytes before the marker start
    if not 0 < n <= fill or any(data[fill - n:fill]):
        return None
    kept = len(data[:fill].rstrip(b"\x00"))
    if data[kept - 1] == 0xFF:
        kept += 1  # the zero of a 0xFF 0x00 pair is the pixels' data (a 0xFF byte, stuffed)
    return data[:kept] + data[fill:end + 2]


def _decodes_cleanly(data: bytes) -> bool:
    """Whether libjpeg-turbo decodes ``data`` without a complaint: in grey at an eighth of the size, as every
    coefficient is still read, and the markers between them."""
    import simplejpeg

    try:
        simplejpeg.decode_jpeg(data, "GRAY", strict=True, min_factor=8)
    except ValueError:
        return False
    return True


def _bounded(rgb: np.ndarray) -> np.ndarray:
    """``rgb`` scaled down to ``DECODE.max_side`` on its long side, when larger."""
    import cv2

    long_side = max(rgb.shape[:2])
    if long_side <= DECODE.max_side:
        return rgb
    f = DECODE.max_side / long_side
    size = (max(1, round(rgb.shape[1] * f)), max(1, round(rgb.shape[0] * f)))
    return cv2.resize(rgb, size, interpolation=cv2.INTER_AREA)


def load_pages(path: str | Path) -> list[PageImage]:
    """Every page of ``path`` as an RGB image; :class:`ScanError` when it is no image or PDF."""
    return list(open_pages(path)[1])


def open_pages(path: str | Path, four: bool = False) -> tuple[int, Iterator[PageImage]]:
    """How many pages ``path`` has, and the pages one at a time: a PDF's or a TIFF's pages are decoded
    as they are read, so a stack of scans holds one page in memory, not all of them (a few dozen
    300-dpi pages would be more than reading may take).  What is wrong with the
    file as a whole raises :class:`ScanError` here; a damaged page, when it is reached.

    ``four``: a JPEG or a scanner PDF's page comes with a fourth channel (its value to be ignored), which
    libjpeg-turbo writes as it decodes (other pages stay RGB); the sheet is warped in four channels
    (:func:`printkit.engine.scan.locate.sheets.rectify`), and adding one afterwards would copy the page again."""
    p = Path(path)
    if p.is_dir():
        raise ScanError(f"{p}: a folder, not an image (name the photos or scans in it)")
    if not p.is_file():
        raise ScanError(f"{p}: no such file")
    size = p.stat().st_size
    if size > DECODE.max_file_bytes:
        most = DECODE.max_file_bytes // (1024 * 1024)
        raise ScanError(f"{p}: {size // (1024 * 1024)} MB is larger than the {most} MB "
                        "a sheet image may have")
    data = p.read_bytes()
    if data.startswith(b"%PDF"):
        return _pdf_pages(p, data, four)
    if is_overlay(data):
        raise OwnOverlay(f"{p}: an overlay printkit scan wrote (what it read from a photo or a scan), not a photo "
                         "or a scan itself")
    _register_heif()
    Image.MAX_IMAGE_PIXELS = DECODE.max_pixels
    with _pillow_errors(p):
        img = Image.open(io.BytesIO(data))  # reads the header only
        if img.width * img.height > DECODE.max_pixels:
            img.close()
            raise ScanError(f"{p}: {img.width} x {img.height} pixels is more than a sheet photo needs")
        frames = getattr(img, "n_frames", 1)
        if frames == 1:
            with img:
                fast = _decode_fast(img, data, four)
                if fast is None:
                    return 1, _handed_over([PageImage(_shrink(img))])
                return 1, _handed_over([PageImage(_bounded(fast[0]), damage=fast[1])])
    if frames > DECODE.max_pdf_pages:
        img.close()
        raise ScanError(f"{p}: {frames} frames; at most {DECODE.max_pdf_pages} are read from one image")
    return frames, _frames(p, img, frames)


def _handed_over(pages: list[PageImage]) -> Iterator[PageImage]:
    """``pages`` one at a time, each out of the list as it is handed over: the reader then holds the only
    reference and lets the image go before the boxes are read (``iter(list)`` would keep it)."""
    while pages:
        yield pages.pop(0)


@contextmanager
def _pillow_errors(p: Path) -> Iterator[None]:
    """Pillow's complaints about ``p`` as a :class:`ScanError` naming it, and its warnings (a damaged file's
    "Corrupt EXIF data") kept off the terminal: what is wrong is said once, by the error or by the reading."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    except UnidentifiedImageError:
        # Pillow's own words name the in-memory buffer the file was read into, not the file
        raise ScanError(f"{p}: not an image printkit can read (JPEG, PNG, TIFF, HEIC or PDF)") from None
    except Image.DecompressionBombError as exc:
        raise ScanError(f"{p}: more pixels than a sheet photo needs: {exc}") from None
    except (OSError, ValueError, TypeError, EOFError, struct.error) as exc:
        # (a TIFF cut short: "TypeError: Missing dimensions" while its frames are counted)
        # "image file is truncated (12 bytes not processed)": the count is of Pillow's buffer, not of what
        # is missing, which may be most of the picture
        why = ("the file ends before its picture does (copied or saved only in part?)"
               if str(exc).startswith("image file is truncated") else str(exc) or type(exc).__name__)
        raise ScanError(f"{p}: the image is damaged or truncated: {why}") from None


def _frames(p: Path, img: Image.Image, n: int) -> Iterator[PageImage]:
    # Each page is yielded as made, bound to no name here: the reader lets it go while the generator
    # waits at ``yield`` (see _pdf_page_images).
    with img:
        for k in range(n):
            yield _frame(p, img, k)


def _frame(p: Path, img: Image.Image, k: int) -> PageImage:
    with _pillow_errors(p):
        img.seek(k)
        if img.width * img.height > DECODE.max_pixels:  # the first frame's size was checked, not the others'
            raise ScanError(f"{p}: frame {k + 1}: {img.width} x {img.height} pixels is more than a sheet photo needs")
        return PageImage(_shrink(img.copy()), k + 1)


def _pdf_pages(p: Path, data: bytes, four: bool = False) -> tuple[int, Iterator[PageImage]]:
    import pypdfium2 as pdfium

    drawing = drawing_bytes(data, DECODE.max_pdf_drawing_bytes)
    if drawing > DECODE.max_pdf_drawing_bytes:
        most = DECODE.max_pdf_drawing_bytes // 1024
        raise ScanError(f"{p}: its drawing instructions unpack to more than {most} kB (a scan is images, "
                        "a printed sheet a few kB a page): not read")
    try:
        pdf = pdfium.PdfDocument(str(p))
    except pdfium.PdfiumError as exc:
        raise ScanError(f"{p}: not a readable PDF: {exc}") from None
    n = len(pdf)
    pdf.close()
    if n > DECODE.max_pdf_pages:
        raise ScanError(f"{p}: {n} pages; at most {DECODE.max_pdf_pages} are read from one PDF")
    return n, _pdf_page_images(p, n, four)


@dataclass
class _RenderBudget:
    """The pixels a PDF's pages may still be rendered to (see ``DecodeLimits.pdf_render_a4_pages``)."""

    left: int


def _pdf_page_images(p: Path, n: int, four: bool) -> Iterator[PageImage]:
    budget = _RenderBudget(DECODE.pdf_render_pixels)
    for k in range(n):
        # Yielded as made, bound to no name in this frame: while the generator waits at ``yield`` the
        # page, the largest array of a read, belongs to the reader alone, which lets it go once its sheets are
        # rectified, before their boxes are read.
        yield _pdf_page(p, k, four, budget, n)


def _pdf_page(p: Path, k: int, four: bool = False, budget: _RenderBudget | None = None, n: int = 1) -> PageImage:
    """Page ``k`` of the PDF (of ``n`` pages), from the document opened for it alone: pdfium keeps what it has
    read of a document until it is closed (each scanned page's JPEG: the memory of a long PDF would grow without
    bound), and opening it again is cheap.  A page with nothing on it is not rendered (``blank``); a page to be
    rendered is paid for from ``budget``, and :class:`ScanError` says which pages are left unread once it is
    spent."""
    import pypdfium2 as pdfium

    try:
        pdf = pdfium.PdfDocument(str(p))
        try:
            page = pdf[k]
            try:
                if _nothing_drawn(page):
                    return PageImage(np.zeros((0, 0, 3), np.uint8), k + 1, blank=True)
                scanned = _scanned_page(page, four)
                if scanned is not None:
                    return PageImage(_bounded(scanned[0]), k + 1, scanned[1])
                w, h = page.get_size()
                scale = min(DECODE.pdf_dpi / 72, DECODE.max_side / max(w, h))
                if budget is not None:
                    cost = max(1, round(w * scale)) * max(1, round(h * scale))
                    if cost > budget.left:
                        raise ScanError(
                            f"{p}: pages {k + 1} to {n} not read ({k} read): rendering them would pass the "
                            f"{DECODE.pdf_render_a4_pages} A4 pages at {DECODE.pdf_dpi} dpi one PDF's drawn pages "
                            "may come to (a scanner's pages are images, and are not counted)")
                    budget.left -= cost
                return PageImage(_shrink(page.render(scale=scale).to_pil()), k + 1)
            finally:
                page.close()
        finally:
            pdf.close()
    except pdfium.PdfiumError as exc:
        raise ScanError(f"{p}: page {k + 1} cannot be read: {exc}") from None


def _nothing_drawn(page: object) -> bool:
    """Whether ``page`` has no object in its content and no annotation: rendering it would give a white page,
    at the cost of any other (counted from the parsed content, which :func:`drawing_bytes` bounded)."""
    import pypdfium2.raw as pdfium_c

    raw = page.raw  # type: ignore[attr-defined]
    return pdfium_c.FPDFPage_CountObjects(raw) == 0 and pdfium_c.FPDFPage_GetAnnotCount(raw) == 0


def _scanned_page(page: object, four: bool = False) -> tuple[np.ndarray, str | None] | None:
    """The pixels of a page that is nothing but one upright JPEG filling it (what a scanner writes), and
    the damage decoded past (see :func:`_jpeg_pixels`), decoded from the JPEG itself: rendering it instead
    decodes and resamples it, several times the work.  At most ``DECODE.pdf_dpi`` is kept
    (a 600-dpi scan is decoded at half size by the JPEG decoder itself).  None for any other page: it is
    rendered.  ``four``: with the fourth channel the reader warps in (see :func:`open_pages`), made as the
    pixels are decoded: the page is then held once, not also in RGB while the channel is added."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    assert isinstance(page, pdfium.PdfPage)
    if page.get_rotation() != 0:
        return None
    objects = list(page.get_objects(max_depth=1))
    if len(objects) != 1 or objects[0].type != pdfium_c.FPDF_PAGEOBJ_IMAGE:
        return None
    image = objects[0]
    assert isinstance(image, pdfium.PdfImage)
    if image.get_filters() != ["DCTDecode"]:
        return None
    a, b, c, d, _, _ = image.get_matrix().get()
    if abs(b) > 1e-6 or abs(c) > 1e-6 or a <= 0 or d <= 0:  # turned or mirrored: pdfium knows how
        return None
    if any(abs(u - v) > 1.0 for u, v in zip(image.get_bounds(), page.get_bbox(), strict=True)):
        return None  # not the whole page, or more than it
    meta = image.get_metadata()
    if meta.colorspace not in (pdfium_c.FPDF_COLORSPACE_DEVICERGB, pdfium_c.FPDF_COLORSPACE_DEVICEGRAY):
        return None  # CMYK and calibrated colours: pdfium converts them
    w_px, h_px = image.get_px_size()
    if w_px * h_px > DECODE.max_pixels or w_px < 1:
        return None
    dpi = 72 * w_px / a
    reduce = 1
    while reduce < 8 and dpi / (2 * reduce) >= DECODE.pdf_dpi:
        reduce *= 2
    return _jpeg_pixels(bytes(image.get_data(decode_simple=False)), reduce, four)


def as_gray(rgb: np.ndarray) -> np.ndarray:
    """Luminance, uint8, of RGB pixels (a fourth channel is ignored)."""
    import cv2

    return cv2.cvtColor(rgb, cv2.COLOR_RGBA2GRAY if rgb.shape[2] == 4 else cv2.COLOR_RGB2GRAY)


def as_rgba(rgb: np.ndarray) -> np.ndarray:
    """``rgb`` with a fourth channel, made once for all the warps of a page (each sheet is rectified twice, see
    :func:`printkit.engine.scan.reader.rectified_sheets` and :func:`printkit.engine.scan.locate.rectify`);
    pixels that have one already are kept as they are."""
    import cv2

    return rgb if rgb.shape[2] == 4 else cv2.cvtColor(rgb, cv2.COLOR_RGB2RGBA)
