"""Booklets: pages imposed two to a sheet in saddle-stitch order, for any game's rules.

Print the sheets double-sided (flip on the short edge), stack them in order, fold the stack
in the middle and staple on the fold: the pages then read 1, 2, 3, ...

A booklet of ``n`` pages needs ``ceil(n / 4)`` sheets; missing pages at the end are blank.
Two pages fill a side exactly (A5 on A4, half-letter on Letter, A4 on A3), so nothing is cut and
the sheets carry no crop marks: the fold is the middle of the sheet.
Sheet ``s`` (from 0) of a booklet of ``N`` pages (a multiple of 4) carries, counting pages
from 1: front = (N - 2s, 2s + 1), back = (2s + 2, N - 2s - 1), as (left, right).
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit.engine.components import SheetComponent
from printkit.engine.elements import Piece
from printkit.engine.paper import paper_dimensions


def padded_length(pages: int) -> int:
    """Pages in the folded booklet: ``pages`` rounded up to a multiple of 4 (at least 4)."""
    if pages < 1:
        raise ValueError("a booklet needs at least one page")
    return -(-pages // 4) * 4


def saddle_stitch_order(pages: int) -> list[int | None]:
    """Page numbers (from 1) in the order they go onto sheet sides, left then right.

    Each sheet gives four entries: front left, front right, back left, back right.  ``None``
    is a blank page added so the count is a multiple of 4 (blanks are the last pages).
    """
    n = padded_length(pages)
    order: list[int | None] = []
    for s in range(n // 4):
        order += [n - 2 * s, 2 * s + 1, 2 * s + 2, n - 2 * s - 1]
    return [p if p <= pages else None for p in order]


def booklet_page_size(paper: str) -> tuple[float, float]:
    """Page size (mm) of a booklet printed 2-up on ``paper``: half the sheet turned landscape.

    A4 gives A5 pages (148.5 x 210), Letter half-letter (139.7 x 215.9), A3 A4 (210 x 297); any
    paper ``paper_dimensions`` knows (``300x450``, turned portrait) works the same way.
    """
    w, h = paper_dimensions(paper)
    w, h = min(w, h), max(w, h)
    return (h / 2, w)


def impose(pages: Sequence[Piece]) -> tuple[Piece, ...]:
    """The pages in saddle-stitch order, blank pages added; two consecutive entries share a side."""
    if not pages:
        raise ValueError("a booklet needs at least one page")
    w, h = pages[0].width, pages[0].height
    out: list[Piece] = []
    for number in saddle_stitch_order(len(pages)):
        out.append(pages[number - 1] if number is not None else Piece("blank page", w, h, ()))
    return tuple(out)


def booklet(name: str, title: str, pages: Sequence[Piece]) -> SheetComponent:
    """A component printing ``pages`` as a folded booklet (two pages to each side of a sheet)."""
    return SheetComponent(name, title, impose(pages), per_page=2, kind="pages", fold=True)


def plain_pages(name: str, title: str, pages: Sequence[Piece]) -> SheetComponent:
    """Pages in reading order, one to a sheet, for reading on screen or loose printing (a game may
    lay its text out again on the paper's own size for these, as San Marco does)."""
    return SheetComponent(name, title, tuple(pages), per_page=1, kind="pages")
