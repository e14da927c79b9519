"""Cards as pictures: one image per piece at a chosen dpi (for --png-cards, Tabletop Simulator, showcases).

The pieces are drawn exactly as on the print sheet (same drawing code, same fonts) onto pages of
their own trim size, and those pages are rasterised with pdfium.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.engine.elements import Piece
from printkit.engine.errors import InputError
from printkit.engine.render import fonts
from printkit.engine.render.draw import draw_piece

MAX_DPI = 1200
MAX_PIXELS = 10_000 * 10_000  # one card image larger than this is a mistake


def pieces_pdf(pieces: Sequence[Piece], icon_search: tuple[Path, ...] = (), bleed: float = 0.0) -> tuple[bytes,
                                                                                                         list[str]]:
    """A PDF with one page per piece, each page the piece's trim size (plus ``bleed`` mm all round)."""
    fonts.register()
    buf = io.BytesIO()
    canvas = Canvas(buf, invariant=1, initialFontName=fonts.SANS, initialFontSize=10, pageCompression=1)
    warnings: list[str] = []

    def warn(text: str) -> None:
        if text not in warnings:
            warnings.append(text)

    for piece in pieces:
        w, h = piece.width + 2 * bleed, piece.height + 2 * bleed
        canvas.setPageSize((w * mm, h * mm))
        draw_piece(canvas, piece, (bleed * mm, (h - bleed) * mm), warn, (bleed,) * 4, icon_search)
        canvas.showPage()
    canvas.save()
    return buf.getvalue(), warnings


def page_images(pdf: bytes, dpi: float | None = None, size: tuple[int, int] | None = None) -> list[Image.Image]:
    """Every page as an RGB image, at ``dpi`` or scaled to exactly ``size`` pixels."""
    doc = pdfium.PdfDocument(pdf)
    try:
        out = []
        for i in range(len(doc)):
            page = doc[i]
            w, h = page.get_size()
            if size is not None:
                img = page.render(scale=max(size[0] / w, size[1] / h)).to_pil().convert("RGB")
                if img.size != size:
                    img = img.resize(size, Image.LANCZOS)
            else:
                assert dpi is not None
                if (w * dpi / 72) * (h * dpi / 72) > MAX_PIXELS:
                    raise InputError.single(
                        f"a {w / 72 * 25.4:.0f} × {h / 72 * 25.4:.0f} mm piece at {dpi:g} dpi is "
                        f"{w * dpi / 72 * h * dpi / 72 / 1e6:,.0f} million pixels, more than {MAX_PIXELS / 1e6:,.0f} "
                        "million in one picture; choose a lower dpi")
                img = page.render(scale=dpi / 72).to_pil().convert("RGB")
            out.append(img)
        return out
    finally:
        doc.close()


def rounded(image: Image.Image, radius_px: float) -> Image.Image:
    """``image`` with its corners cut round (transparent), as the cutter will cut the card."""
    from PIL import ImageDraw

    if radius_px <= 0:
        return image
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, image.width - 1, image.height - 1), radius=radius_px, fill=255)
    out = image.convert("RGBA")
    out.putalpha(mask)
    return out


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    buf = io.BytesIO()
    if dpi:
        image.save(buf, format="PNG", dpi=(dpi, dpi), optimize=False)
    else:
        image.save(buf, format="PNG", optimize=False)
    return buf.getvalue()
