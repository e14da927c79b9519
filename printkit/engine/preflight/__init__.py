"""Preflight: every page checked before it is written, the way a prepress preflight does.

:func:`check_log` checks what the renderer placed (text fit and size floor, trim, bleed, marks,
overlaps, language, Chinese typography); :func:`check_pdf` checks what can be read back from any
PDF (fonts embedded, page and box sizes, marks in the printable area, text below the floor).
"""

from printkit.engine.preflight.findings import RULES, Finding
from printkit.engine.preflight.layout_checks import check_log
from printkit.engine.preflight.pdf_checks import ReadBack, check_pdf, read_back

__all__ = ["RULES", "Finding", "ReadBack", "check_log", "check_pdf", "read_back"]
