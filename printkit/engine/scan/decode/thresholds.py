"""The decoding stage's limits in one record, a reason in a line each: what a page is scaled to, and what input
is refused before it costs memory."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DecodeLimits:
    """Sizes and bounds of the pages handed to the reader."""

    max_side: int = 4800  # pixels on a page's long side after loading (a 12-megapixel photo fits): larger is scaled
    max_file_bytes: int = 200 * 1024 * 1024  # a larger file is refused unread: no scan of a sheet is that large
    max_pixels: int = 120_000_000  # an image larger than this is refused before decoding (a decompression bomb)
    max_pdf_pages: int = 500  # pages read from one PDF, or frames from one TIFF: a pad's scans, not a whole book
    # What a PDF's drawing instructions (every stream but images, unpacked) may come to, all pages together,
    # before pdfium parses any: a scanner's page is one image and a few hundred bytes of them, a printkit
    # sheet under 10 kB; 1 MB (some 30,000 path operators) is about a hundred printed sheets.  Rendering an
    # operator costs by the area it covers: 300,000 page-sized strokes took minutes.
    max_pdf_drawing_bytes: int = 1024 * 1024
    pdf_dpi: int = 300  # a scanner's usual resolution; a half sheet's QR code needs it
    # What one PDF's drawn pages (rendered, not a scanner's JPEG page, which is decoded) may come to, in A4 pages
    # at ``pdf_dpi``: rendering a page and searching it for corner markers takes some 60 ms an A4 page at 300 dpi
    # here, so 100 are 6 s of the 10 s one file may take; the pages past it are refused, those before it read.
    pdf_render_a4_pages: int = 100
    # A JPEG at least twice this on its long side (a 48-megapixel photo, a 600-dpi A4 scan) is decoded at a half,
    # quarter or eighth of its size by the JPEG decoder itself instead of decoded whole and scaled down: no less
    # than an A4 page at 300 dpi (3508 pixels), the resolution the reader is made for.
    reduced_decode_side: int = 3508

    @property
    def pdf_render_pixels(self) -> int:
        """``pdf_render_a4_pages`` in pixels: an A4 page (210 x 297 mm) rendered at ``pdf_dpi``."""
        return self.pdf_render_a4_pages * round(210 / 25.4 * self.pdf_dpi) * round(297 / 25.4 * self.pdf_dpi)


DECODE = DecodeLimits()
