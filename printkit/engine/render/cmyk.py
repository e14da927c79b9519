"""``--cmyk``: every colour written as DeviceCMYK and every raster image converted to CMYK.

What this does: colours given as RGB (``#rrggbb``, names) are converted with the plain formula
(K = 1 - max(R, G, B); C, M, Y from what is left), greys become black ink only (so black text prints
with one plate, no registration blur), and PNG/JPEG art is converted to CMYK by Pillow the same way.
What it does not do: colour management.  No ICC profile is applied (the conversion is not matched to
a press, paper or ink limit), and SVG icons' own colours are converted by the same formula.  With the
user's own CMYK profile (``--icc-profile``) the PDF names it as its output intent, embedded
(:func:`add_output_intent`): that tells a RIP which printing condition the values are for, it does not
convert them with it.  A print shop that needs a profiled conversion should convert the RGB PDF with
its own RIP, or the user should pick CMYK values for their colours.
"""

from __future__ import annotations

from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFString
from reportlab.pdfgen.canvas import Canvas

from printkit.engine.icc import IccProfile


def to_cmyk(value: object) -> CMYKColor:
    """ReportLab's colour-space hook: any colour as a CMYK colour."""
    c = toColor(value)
    if isinstance(c, CMYKColor):
        return c
    assert isinstance(c, Color)
    r, g, b, alpha = c.red, c.green, c.blue, c.alpha
    if abs(r - g) < 1e-9 and abs(g - b) < 1e-9:
        return CMYKColor(0, 0, 0, round(1 - r, 4), alpha=alpha)
    k = 1 - max(r, g, b)
    return CMYKColor(round((1 - r - k) / (1 - k), 4), round((1 - g - k) / (1 - k), 4),
                     round((1 - b - k) / (1 - k), 4), round(k, 4), alpha=alpha)


def is_cmyk(canvas: object) -> bool:
    return getattr(canvas, "_enforceColorSpace", None) is to_cmyk


def add_output_intent(canvas: Canvas, profile: IccProfile) -> None:
    """Embed ``profile`` as the PDF's output intent (``/OutputIntents`` in the catalog, PDF/X style: ``/GTS_PDFX``),
    so a RIP or a preflight tool knows which printing condition the CMYK values were meant for."""
    doc = canvas._doc
    stream = PDFStream(PDFDictionary({"N": profile.components, "Alternate": PDFName("DeviceCMYK")}), profile.data)
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString("Custom"),
        "OutputCondition": PDFString(profile.description),
        "Info": PDFString(profile.description),
        "DestOutputProfile": doc.Reference(stream),
    })
    catalog = doc.Catalog
    # ReportLab's catalog writes only the keys it lists; this one document's catalog lists one more.
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray([intent])
