"""PNG previews of rendered PDFs: every page, and one overview sheet per game."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFont

from printkit.engine.render.fonts import SANS_FILE

PREVIEW_DPI = 150
OVERVIEW_HEIGHT = 420  # px per sample in the overview
LABEL_PX = 22


def _png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False)
    return buf.getvalue()


def page_pngs(pdf: bytes, dpi: int = PREVIEW_DPI) -> list[bytes]:
    """Every page of ``pdf`` as a PNG at ``dpi`` (print size: 150 dpi looks like paper on screen)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return [_png(doc[i].render(scale=dpi / 72).to_pil().convert("RGB")) for i in range(len(doc))]
    finally:
        doc.close()


def overview_png(samples: list[tuple[str, bytes]]) -> bytes:
    """The first page of each component side by side, captioned, to look at before printing."""
    images: list[tuple[str, Image.Image]] = []
    for title, pdf in samples:
        doc = pdfium.PdfDocument(pdf)
        try:
            page = doc[0]
            _, h = page.get_size()
            img = page.render(scale=OVERVIEW_HEIGHT / h).to_pil().convert("RGB")
        finally:
            doc.close()
        images.append((title, img))
    pad = 16
    width = sum(img.width for _, img in images) + pad * (len(images) + 1)
    height = OVERVIEW_HEIGHT + LABEL_PX + 3 * pad
    sheet = Image.new("RGB", (width, height), "#d9d9d9")
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.truetype(str(SANS_FILE), LABEL_PX - 6)
    x = pad
    for title, img in images:
        sheet.paste(img, (x, pad))
        draw.rectangle((x - 1, pad - 1, x + img.width, pad + img.height), outline="#888888")
        draw.text((x, pad * 2 + OVERVIEW_HEIGHT), title, fill="#222222", font=font)
        x += img.width + pad
    return _png(sheet)
