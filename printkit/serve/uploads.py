"""An upload checked by its content, never by its name: what kind of file it is, and whether it stays
within :mod:`printkit.serve.limits` before the reader decodes it."""

from __future__ import annotations

import io
from dataclasses import dataclass

from printkit.serve.limits import LIMITS

# brands of the ISO media files (HEIC, HEIF, AVIF) a phone camera writes
_HEIF_BRANDS = (b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1", b"avif")


@dataclass(frozen=True)
class Refusal:
    status: int  # the HTTP status: 413 too large, 415 not an image, 422 no sheet in it
    message: str


def kind_of(data: bytes) -> str | None:
    """The file's suffix by its first bytes (``.jpg``, ``.png``, ``.tif``, ``.heic``, ``.pdf``), or None."""
    if data.startswith(b"\xff\xd8\xff"):
        return ".jpg"
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return ".png"
    if data[:4] in (b"II*\x00", b"MM\x00*"):
        return ".tif"
    if data[4:8] == b"ftyp" and data[8:12] in _HEIF_BRANDS:
        return ".heic"
    if b"%PDF-" in data[:1024]:  # a PDF may begin with a little junk before its header
        return ".pdf"
    return None


def too_large(data: bytes, kind: str | None, name: str) -> Refusal | None:
    """What makes an upload too large to read (pixels, pages), from its header alone, or None.  Run where
    images are read (a worker): a PDF's page count means parsing its cross-reference table."""
    if kind == ".pdf":
        import pypdfium2 as pdfium

        try:
            pdf = pdfium.PdfDocument(data)
        except pdfium.PdfiumError:
            return None  # the reader says what is wrong with it
        try:
            pages = len(pdf)
        finally:
            pdf.close()
        if pages > LIMITS.max_pdf_pages:
            return Refusal(413, f"{name}: {pages} pages; at most {LIMITS.max_pdf_pages} are read from one PDF "
                                "here (printkit scan reads more)")
        return None
    if kind in (".jpg", ".png", ".tif", ".heic"):
        from PIL import Image

        if kind == ".heic":
            try:
                from pillow_heif import register_heif_opener
            except ImportError:
                return None
            register_heif_opener()
        # Pillow's own bomb check would refuse it without its size; only the header is read here, and the
        # reader sets its bound again before it decodes
        Image.MAX_IMAGE_PIXELS = None
        try:
            with Image.open(io.BytesIO(data)) as img:  # the header only
                w, h = img.size
        except Exception:  # anything Pillow cannot open is the reader's to word
            return None
        if w * h > LIMITS.max_pixels:
            return Refusal(413, f"{name}: {w} x {h} pixels is more than a sheet photo needs")
    return None
