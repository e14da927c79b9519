"""Load what a scanner or phone produced: JPEG, PNG, TIFF, HEIC and multi-page PDFs.

Every page comes back as an RGB ``uint8`` array no larger than :data:`MAX_SIDE` pixels on its long
side: a 12-megapixel photo keeps its resolution (the QR code of a half sheet needs it), anything
larger is scaled down so memory stays bounded.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from printkit.engine.scan.errors import ScanError

MAX_SIDE = 4800  # pixels on the long side after loading
MAX_FILE_BYTES = 200 * 1024 * 1024
MAX_PIXELS = 120_000_000  # refuse decompression bombs before decoding
MAX_PDF_PAGES = 500
PDF_DPI = 300  # a scanner's usual resolution; a half sheet's QR code needs it
ORIENTATION = 0x0112  # the EXIF tag

_heif_registered = False


@dataclass(frozen=True)
class PageImage:
    """One image to read: ``page`` is the 1-based page of a PDF or multi-frame TIFF, else None."""

    pixels: np.ndarray  # H x W x 3, uint8, RGB
    page: int | None = None


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
    if long_side > MAX_SIDE:
        f = MAX_SIDE / long_side
        img = img.resize((max(1, round(img.width * f)), max(1, round(img.height * f))), Image.Resampling.BILINEAR)
    return np.asarray(img, dtype=np.uint8)


def load_pages(path: str | Path) -> list[PageImage]:
    """Every page of ``path`` as an image; :class:`ScanError` when it is no image or PDF."""
    p = Path(path)
    if not p.is_file():
        raise ScanError(f"{p}: no such file")
    size = p.stat().st_size
    if size > MAX_FILE_BYTES:
        raise ScanError(f"{p}: {size // (1024 * 1024)} MB is larger than the {MAX_FILE_BYTES // (1024 * 1024)} MB "
                        "a sheet image may have")
    with p.open("rb") as fh:
        head = fh.read(8)
    if head.startswith(b"%PDF"):
        return _pdf_pages(p)
    _register_heif()
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with Image.open(p) as img:
            if img.width * img.height > MAX_PIXELS:
                raise ScanError(f"{p}: {img.width} x {img.height} pixels is more than a sheet photo needs")
            frames = getattr(img, "n_frames", 1)
            if frames == 1:
                return [PageImage(_shrink(img))]
            pages = []
            for k in range(min(frames, MAX_PDF_PAGES)):
                img.seek(k)
                pages.append(PageImage(_shrink(img.copy()), k + 1))
            return pages
    except (UnidentifiedImageError, Image.DecompressionBombError) as exc:
        raise ScanError(f"{p}: not an image printkit can read (JPEG, PNG, TIFF, HEIC or PDF): {exc}") from None
    except OSError as exc:
        raise ScanError(f"{p}: the image is damaged or truncated: {exc}") from None


def _pdf_pages(p: Path) -> list[PageImage]:
    import pypdfium2 as pdfium

    try:
        pdf = pdfium.PdfDocument(str(p))
    except pdfium.PdfiumError as exc:
        raise ScanError(f"{p}: not a readable PDF: {exc}") from None
    try:
        n = len(pdf)
        if n > MAX_PDF_PAGES:
            raise ScanError(f"{p}: {n} pages; at most {MAX_PDF_PAGES} are read from one PDF")
        pages = []
        for k in range(n):
            page = pdf[k]
            w, h = page.get_size()
            scale = min(PDF_DPI / 72, MAX_SIDE / max(w, h))
            img = page.render(scale=scale).to_pil()
            pages.append(PageImage(_shrink(img), k + 1))
            page.close()
        return pages
    finally:
        pdf.close()


def as_gray(rgb: np.ndarray) -> np.ndarray:
    """Luminance, uint8."""
    import cv2

    return cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
