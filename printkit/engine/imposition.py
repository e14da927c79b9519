"""Where pieces go on paper: card grids, crop marks, duplex backs, board tiles.

Pure geometry in millimetres, page origin top-left, y down.  Nothing here draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from printkit.engine.paper import Duplex, PrintSettings
from printkit.engine.seams import KeepWhole, Placed, Span, choose_starts, crossed, even_starts, spans

MIN_MARK = 1.5  # mm; a crop mark shorter than this is useless, so it is left out
PRINTABLE_EDGE = 5.0  # mm most home printers cannot print; marks, text and the scale bar stay inside it
TICK_GAP = 0.5  # mm between a crop tick drawn inside the bleed and the trim
TILE_CAPTION_BAND = 16.0  # mm below a board tile: its bleed, crop marks and the assembly text
ON_CUT_TICK = 3.0  # mm: a tick drawn on the cut line where the margin has no room for any mark
FOOTER_LENGTH = 74.0  # mm: 50 mm scale bar plus its label
FOOTER_THICKNESS = 4.0  # mm


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def intersects(self, other: Box) -> bool:
        return not (
            self.right <= other.x or other.right <= self.x or self.bottom <= other.y or other.bottom <= self.y
        )

    def inside(self, other: Box) -> bool:
        return self.x >= other.x and self.y >= other.y and self.right <= other.right and self.bottom <= other.bottom


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float
    inside: bool = False  # a crop tick drawn inside the bleed (the margin had no room outside it)

    def box(self, pad: float = 0.5) -> Box:
        x, y = min(self.x1, self.x2), min(self.y1, self.y2)
        return Box(x - pad, y - pad, abs(self.x2 - self.x1) + 2 * pad, abs(self.y2 - self.y1) + 2 * pad)


@dataclass(frozen=True)
class Footer:
    """Where the scale bar and "print at 100%" note go: a band, horizontal or rotated 90°."""

    box: Box
    rotation: int  # 0 or 90 (reading bottom-to-top)


@dataclass(frozen=True)
class CardGrid:
    """An n-up grid of equal cards on one side of a sheet."""

    paper: tuple[float, float]
    card: tuple[float, float]
    rows: int
    cols: int
    origin: tuple[float, float]  # top-left trim corner of card (0, 0)
    pitch: tuple[float, float]  # distance between neighbouring cards' top-left corners
    bleed: float  # outer bleed around the block
    inner_bleed: tuple[float, float]  # bleed between neighbours (x, y): half the gap, at most ``bleed``

    @property
    def per_page(self) -> int:
        return self.rows * self.cols

    def slot(self, index: int) -> tuple[int, int]:
        """(row, col) of the ``index``-th card on a front page, row by row."""
        return divmod(index % self.per_page, self.cols)

    def back_slot(self, index: int, duplex: Duplex) -> tuple[int, int]:
        """(row, col) on the back page that lies behind front card ``index``.

        Long-edge flip mirrors the columns; short-edge flip mirrors the rows.
        """
        row, col = self.slot(index)
        if duplex == "short":
            return self.rows - 1 - row, col
        return row, self.cols - 1 - col

    def position(self, row: int, col: int) -> tuple[float, float]:
        """Top-left trim corner (mm) of the card at (row, col)."""
        return self.origin[0] + col * self.pitch[0], self.origin[1] + row * self.pitch[1]

    def bleed_of(self, row: int, col: int, filled: set[tuple[int, int]] | None = None,
                 ) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) bleed of the card at (row, col).

        An edge shared with a neighbour gets the inner bleed; an outer edge, or one next to a slot
        left empty (``filled`` names the occupied slots, e.g. on a deck's last page), the full bleed.
        """
        bx, by = self.inner_bleed

        def free(r: int, c: int) -> bool:
            return not (0 <= r < self.rows and 0 <= c < self.cols) or (filled is not None and (r, c) not in filled)

        return (
            self.bleed if free(row, col - 1) else bx,
            self.bleed if free(row - 1, col) else by,
            self.bleed if free(row, col + 1) else bx,
            self.bleed if free(row + 1, col) else by,
        )

    @property
    def block(self) -> Box:
        """The trim area of the whole grid."""
        w = (self.cols - 1) * self.pitch[0] + self.card[0]
        h = (self.rows - 1) * self.pitch[1] + self.card[1]
        return Box(self.origin[0], self.origin[1], w, h)

    def block_of(self, filled: set[tuple[int, int]]) -> Box:
        """The trim area of the rows and columns ``filled`` reaches (a deck's last page stops where its cards do)."""
        rows = [r for r, _ in filled] or [0]
        cols = [c for _, c in filled] or [0]
        x0, y0 = self.position(min(rows), min(cols))
        x1, y1 = self.position(max(rows), max(cols))
        return Box(x0, y0, x1 - x0 + self.card[0], y1 - y0 + self.card[1])

    def cut_lines(self, filled: set[tuple[int, int]] | None = None) -> tuple[list[float], list[float]]:
        """x positions of vertical cuts and y positions of horizontal cuts (with ``filled``: only those of the
        rows and columns a card fills, so no mark points at an empty row)."""
        xs: list[float] = []
        ys: list[float] = []
        used_rows = {r for r, _ in filled} if filled else set(range(self.rows))
        used_cols = {c for _, c in filled} if filled else set(range(self.cols))
        for c in sorted(used_cols):
            x = self.origin[0] + c * self.pitch[0]
            for v in (x, x + self.card[0]):
                if not any(abs(v - e) < 1e-9 for e in xs):
                    xs.append(v)
        for r in sorted(used_rows):
            y = self.origin[1] + r * self.pitch[1]
            for v in (y, y + self.card[1]):
                if not any(abs(v - e) < 1e-9 for e in ys):
                    ys.append(v)
        return xs, ys


def card_grid(card_w: float, card_h: float, settings: PrintSettings, offset: tuple[float, float] = (0, 0),
              count: int | None = None) -> CardGrid:
    """The largest grid of ``card_w`` x ``card_h`` cards that fits inside the margins.

    The block is centred on the paper; ``offset`` shifts it (duplex correction of backs).  With ``count`` (the
    cards to place), a deck that fits on one page gets only the rows (and, in one row, the columns) it fills, so
    it sits centred, well inside the printable area, instead of at the top of a page-high grid.
    Raises ValueError when not even one card fits.
    """
    pw, ph = settings.paper_size
    gap = settings.gap or 0.0
    usable_w = pw - 2 * settings.margin
    usable_h = ph - 2 * settings.margin
    cols = math.floor((usable_w + gap) / (card_w + gap) + 1e-9)
    rows = math.floor((usable_h + gap) / (card_h + gap) + 1e-9)
    if cols < 1 or rows < 1:
        raise ValueError(
            f"a {card_w:g} x {card_h:g} mm piece does not fit on {settings.paper.upper()} paper "
            f"inside {settings.margin:g} mm margins"
        )
    if count is not None and 0 < count < rows * cols:
        rows = math.ceil(count / cols)
        cols = min(cols, count)
    block_w = cols * card_w + (cols - 1) * gap
    block_h = rows * card_h + (rows - 1) * gap
    origin = ((pw - block_w) / 2 + offset[0], (ph - block_h) / 2 + offset[1])
    inner = min(settings.bleed, gap / 2)
    return CardGrid((pw, ph), (card_w, card_h), rows, cols, origin, (card_w + gap, card_h + gap),
                    settings.bleed, (inner, inner))


@dataclass(frozen=True)
class Band:
    """Pieces of one size on a sheet they share with pieces of other sizes: a grid of their own, ``count`` of
    the component's pieces from index ``first`` on, filling its slots row by row."""

    grid: CardGrid
    first: int
    count: int

    @property
    def indices(self) -> range:
        return range(self.first, self.first + self.count)

    def filled(self) -> set[tuple[int, int]]:
        return {self.grid.slot(i) for i in range(self.count)}


def band_gap(settings: PrintSettings) -> float:
    """Space between two bands on a sheet: each band's bleed and its full crop marks, on both sides, so no mark
    of one band reaches into the other's marks or bleed."""
    return 2 * (max(settings.bleed, 1.0) + settings.crop_mark_length)


def band_sheets(runs: list[tuple[float, float, int, float]], settings: PrintSettings) -> list[tuple[Band, ...]]:
    """Sheets for pieces of several sizes: ``runs`` are (width, height, count, gap) of consecutive pieces of one
    size, in order.  Each run fills rows of the widest grid the margins allow, below the run before it on the
    same sheet while rows still fit (shelf packing), so a small run fills what a large one leaves instead of
    taking a sheet of its own.  Each sheet's bands are centred on the paper, one above the other.
    Raises ValueError when a piece does not fit inside the margins at all."""
    pw, ph = settings.paper_size
    usable_w, usable_h = pw - 2 * settings.margin, ph - 2 * settings.margin
    between = band_gap(settings)
    sheets: list[list[tuple[float, float, int, int, int, int, float]]] = [[]]  # (w, h, cols, rows, first, n, gap)
    used = 0.0
    first = 0
    for w, h, count, gap in runs:
        cols = math.floor((usable_w + gap) / (w + gap) + 1e-9)
        if cols < 1 or h > usable_h + 1e-9:
            raise ValueError(f"a {w:g} x {h:g} mm piece does not fit on {settings.paper.upper()} paper "
                             f"inside {settings.margin:g} mm margins")
        left = count
        while left > 0:
            room = usable_h - used - (between if sheets[-1] else 0.0)
            rows = min(math.floor((room + gap) / (h + gap) + 1e-9), -(-left // cols))
            if rows < 1:
                sheets.append([])
                used = 0.0
                continue
            n = min(left, rows * cols)
            band_cols = min(cols, n)
            used += (between if sheets[-1] else 0.0) + rows * h + (rows - 1) * gap
            sheets[-1].append((w, h, band_cols, rows, first, n, gap))
            first += n
            left -= n
    out: list[tuple[Band, ...]] = []
    for sheet in sheets:
        if not sheet:
            continue
        heights = [rows * h + (rows - 1) * gap for _, h, _, rows, _, _, gap in sheet]
        y = (ph - sum(heights) - between * (len(sheet) - 1)) / 2
        bands = []
        for (w, h, cols, rows, start, n, gap), height in zip(sheet, heights, strict=True):
            block_w = cols * w + (cols - 1) * gap
            inner = min(settings.bleed, gap / 2)
            grid = CardGrid((pw, ph), (w, h), rows, cols, ((pw - block_w) / 2, y), (w + gap, h + gap),
                            settings.bleed, (inner, inner))
            bands.append(Band(grid, start, n))
            y += height + between
        out.append(tuple(bands))
    return out


def back_band(band: Band, settings: PrintSettings) -> Band:
    """The band behind ``band`` on the back of its sheet: mirrored top to bottom on a short-edge flip (a centred
    band mirrors onto itself left to right), shifted by the duplex offsets; its slots mirror with
    :meth:`CardGrid.back_slot`."""
    g = band.grid
    x, y = g.origin
    if settings.duplex == "short":
        y = g.paper[1] - y - g.block.h
    grid = CardGrid(g.paper, g.card, g.rows, g.cols, (x + settings.offset_x, y + settings.offset_y), g.pitch,
                    g.bleed, g.inner_bleed)
    return Band(grid, band.first, band.count)


@dataclass(frozen=True)
class FoldSheet:
    """Fronts on one half of the sheet, their backs mirrored on the other half.

    Fold along ``fold`` (printed side out), glue, then cut: each back lands behind its
    front.  With a vertical fold (landscape sheet, left and right halves) backs are mirrored
    left-right, like long-edge duplex; with a horizontal fold (portrait, top and bottom)
    they are mirrored top-bottom and turned 180° so they read upright when the card is
    turned over sideways.
    """

    paper: tuple[float, float]  # as printed
    front: CardGrid
    vertical: bool  # fold line is vertical
    fold: Segment

    @property
    def per_page(self) -> int:
        return self.front.per_page

    @property
    def rotate_backs(self) -> int:
        return 0 if self.vertical else 180

    def back_position(self, row: int, col: int) -> tuple[float, float]:
        """Top-left trim corner (mm) of the back behind front card (row, col)."""
        x, y = self.front.position(row, col)
        w, h = self.front.card
        pw, ph = self.paper
        return (pw - x - w, y) if self.vertical else (x, ph - y - h)

    @property
    def back_block(self) -> Box:
        b = self.front.block
        pw, ph = self.paper
        return Box(pw - b.right, b.y, b.w, b.h) if self.vertical else Box(b.x, ph - b.bottom, b.w, b.h)


def fold_sheet(card_w: float, card_h: float, settings: PrintSettings) -> FoldSheet:
    """The fold-over layout holding the most cards: vertical fold on a landscape sheet, or
    horizontal fold on a portrait one.  The gutter between the halves holds both bleeds."""
    pw, ph = settings.paper_size
    gutter = max(2 * settings.bleed, 2.0)
    gap, m = settings.gap or 0.0, settings.margin
    best: FoldSheet | None = None
    for vertical in (True, False):
        w, h = (ph, pw) if vertical else (pw, ph)
        half_w = (w / 2 - gutter / 2 - m) if vertical else (w - 2 * m)
        half_h = (h - 2 * m) if vertical else (h / 2 - gutter / 2 - m)
        cols = math.floor((half_w + gap) / (card_w + gap) + 1e-9)
        rows = math.floor((half_h + gap) / (card_h + gap) + 1e-9)
        if cols < 1 or rows < 1:
            continue
        block_w = cols * card_w + (cols - 1) * gap
        block_h = rows * card_h + (rows - 1) * gap
        if vertical:  # the front block hugs the fold from the left, centred vertically
            origin = (w / 2 - gutter / 2 - block_w, (h - block_h) / 2)
            fold = Segment(w / 2, 0, w / 2, h)
        else:  # the front block hugs the fold from above, centred horizontally
            origin = ((w - block_w) / 2, h / 2 - gutter / 2 - block_h)
            fold = Segment(0, h / 2, w, h / 2)
        inner = min(settings.bleed, gap / 2)
        grid = CardGrid((w, h), (card_w, card_h), rows, cols, origin, (card_w + gap, card_h + gap),
                        settings.bleed, (inner, inner))
        cand = FoldSheet((w, h), grid, vertical, fold)
        if best is None or cand.per_page > best.per_page:
            best = cand
    if best is None:
        raise ValueError(f"a {card_w:g} x {card_h:g} mm piece does not fit on half a {settings.paper.upper()} sheet "
                         "for a fold-over layout")
    return best


def crop_marks(
    block: Box, xs: list[float], ys: list[float], settings: PrintSettings,
    paper: tuple[float, float] | None = None, sides: str = "tblr",
) -> list[Segment]:
    """Crop marks in line with every cut, on the ``sides`` of ``block`` (t, b, l, r) on a sheet
    of size ``paper`` (default: the settings' paper, portrait).

    A mark starts ``bleed`` outside the trim (so it never prints on a piece) and ends
    ``PRINTABLE_EDGE`` from the paper edge, where home printers still print.  Where the margin
    is too narrow for that, the mark becomes a short *tick* inside the bleed, from the printable
    edge to just short of the trim (the bleed is cut away, so the tick is too); where not even
    that fits, a short tick on the cut line itself, from the printable edge inwards.
    """
    pw, ph = paper or settings.paper_size
    start = max(settings.bleed, 1.0)
    marks: list[Segment] = []

    def side(name: str, edge: float) -> tuple[float, float, bool] | None:
        """(distance from the trim where the mark starts, its length, inside the bleed) for one side."""
        if name not in sides:
            return None
        outside = min(settings.crop_mark_length, edge - start - PRINTABLE_EDGE)
        if outside >= MIN_MARK:
            return start, outside, False
        tick = min(settings.crop_mark_length, edge - TICK_GAP - PRINTABLE_EDGE)
        if tick >= MIN_MARK:
            return TICK_GAP, tick, True
        # No room outside the trim at all: a tick on the cut line itself, from the printable edge inwards.
        return edge - PRINTABLE_EDGE - ON_CUT_TICK, ON_CUT_TICK, True

    top = side("t", block.y)
    bottom = side("b", ph - block.bottom)
    left = side("l", block.x)
    right = side("r", pw - block.right)
    for x in xs:
        if top:
            s0, n, inside = top
            marks.append(Segment(x, block.y - s0, x, block.y - s0 - n, inside))
        if bottom:
            s0, n, inside = bottom
            marks.append(Segment(x, block.bottom + s0, x, block.bottom + s0 + n, inside))
    for y in ys:
        if left:
            s0, n, inside = left
            marks.append(Segment(block.x - s0, y, block.x - s0 - n, y, inside))
        if right:
            s0, n, inside = right
            marks.append(Segment(block.right + s0, y, block.right + s0 + n, y, inside))
    return marks


def mark_note(marks: list[Segment]) -> str | None:
    """What a user should know about marks that had to move: ticks inside the bleed."""
    if any(m.inside for m in marks):
        return ("the margin is narrower than a printer's unprintable edge on some sides, so their crop marks are "
                "short ticks inside the bleed (cut through them)")
    return None


def footer_place(paper: tuple[float, float], keep_clear: list[Box], edge: float = PRINTABLE_EDGE,
                 length: float = FOOTER_LENGTH) -> Footer | None:
    """Find a band for the scale bar and print note that touches nothing in ``keep_clear``.

    Tries the bottom and top centre, then the left and right edges (rotated), sliding
    along each edge.  Returns None when the page has no room (the calibration page and
    the README still tell the user how to check the scale).
    """
    return _footer_place(paper, tuple(keep_clear), edge, length)


@lru_cache(maxsize=256)
def _footer_place(paper: tuple[float, float], keep_clear: tuple[Box, ...], edge: float,
                  length: float = FOOTER_LENGTH) -> Footer | None:
    """:func:`footer_place`, remembered: every full page of a deck keeps the same boxes clear."""
    pw, ph = paper
    page = Box(edge, edge, pw - 2 * edge, ph - 2 * edge)
    steps = sorted((i / 20 for i in range(21)), key=lambda s: abs(s - 0.5))
    for y in (ph - edge - FOOTER_THICKNESS, edge):
        for t in steps:
            cand = Footer(Box(edge + t * (pw - 2 * edge - length), y, length, FOOTER_THICKNESS), 0)
            if _free(cand, page, keep_clear):
                return cand
    for x in (edge, pw - edge - FOOTER_THICKNESS):
        for t in steps:
            cand = Footer(Box(x, edge + t * (ph - 2 * edge - length), FOOTER_THICKNESS, length), 90)
            if _free(cand, page, keep_clear):
                return cand
    return None


def _free(cand: Footer, page: Box, keep_clear: tuple[Box, ...]) -> bool:
    return cand.box.inside(page) and not any(cand.box.intersects(b) for b in keep_clear)


def pages_needed(count: int, per_page: int) -> int:
    """Sheets needed for ``count`` pieces, ``per_page`` to a sheet (0 pieces: 0 sheets)."""
    return -(-count // per_page) if count > 0 else 0


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board: the window of the board it shows."""

    row: int
    col: int
    window: Box  # in board mm
    origin: tuple[float, float]  # page mm where the window's top-left corner goes


@dataclass(frozen=True)
class BoardTiling:
    paper: tuple[float, float]  # as printed (landscape if rotated)
    landscape: bool
    rows: int
    cols: int
    tiles: tuple[Tile, ...]
    overlap: float
    registration: tuple[tuple[float, float], ...]  # board mm points to mark on every tile showing them
    cuts_x: tuple[float, ...] = ()  # board mm: where each vertical seam is cut (the middle of its overlap)
    cuts_y: tuple[float, ...] = ()
    crossed: tuple[str, ...] = ()  # each seam that cuts something and what (no seam on this paper avoids it)

    @property
    def single(self) -> bool:
        return self.rows == 1 and self.cols == 1


def tile_board(width: float, height: float, settings: PrintSettings, label_band: float = 6.0,
               keep_whole: tuple[KeepWhole, ...] = (),
               seams: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())) -> BoardTiling:
    """Place a ``width`` x ``height`` mm board on one page, or tile it over several.

    One page when the board plus bleed fits inside the margins in either orientation.
    Otherwise the orientation needing fewer pages is used; neighbouring tiles overlap by
    ``settings.tile_overlap`` and registration crosses sit in the overlaps.  The seams (the middle of each
    overlap, where a tile is cut) go where a designer puts them (``seams``: x, y in board mm, along a river,
    between regions) or else where they cross none of ``keep_whole`` if the paper allows it, else where they
    cross the fewest (:mod:`printkit.engine.seams`); ``crossed`` says what they still cut.  Raises ValueError
    when given seams leave a tile larger than the paper takes either way round.
    """
    pw, ph = settings.paper_size
    m = settings.margin
    for landscape in (False, True):
        w, h = (ph, pw) if landscape else (pw, ph)
        if width + 2 * settings.bleed <= w - 2 * m + 2 * settings.bleed and height <= h - 2 * m - label_band:
            origin = ((w - width) / 2, (h - label_band - height) / 2)
            tile = Tile(0, 0, Box(0, 0, width, height), origin)
            return BoardTiling((w, h), landscape, 1, 1, (tile,), 0.0, ())
    ov = settings.tile_overlap
    # A band below each tile for its crop marks and the assembly text.  The sides keep the margin: where
    # it is too narrow for marks outside the bleed, they become ticks (see crop_marks), never more pages.
    label_band = max(label_band, TILE_CAPTION_BAND)
    best: BoardTiling | None = None
    for landscape in (False, True):
        w, h = (ph, pw) if landscape else (pw, ph)
        uw, uh = w - 2 * m, h - 2 * m - label_band
        along_x = _placed(width, uw, ov, seams[0], spans(keep_whole, "x"))
        along_y = _placed(height, uh, ov, seams[1], spans(keep_whole, "y"))
        xs, ws = _tile_spans(width, along_x.starts, ov)
        ys, hs = _tile_spans(height, along_y.starts, ov)
        if max(ws) > uw + 1e-9 or max(hs) > uh + 1e-9:  # only given seams can leave a tile too large
            continue
        rows, cols = len(ys), len(xs)
        tiles = [Tile(r, c, Box(xs[c], ys[r], ws[c], hs[r]), ((w - ws[c]) / 2, m + (uh - hs[r]) / 2))
                 for r in range(rows) for c in range(cols)]
        marks = []
        for c in range(1, cols):
            x = xs[c] + ov / 2
            for r in range(rows):
                marks.extend((x, ys[r] + hs[r] * f) for f in (0.25, 0.75))
        for r in range(1, rows):
            y = ys[r] + ov / 2
            for c in range(cols):
                marks.extend((xs[c] + ws[c] * f, y) for f in (0.25, 0.75))
        crossed = tuple(f"{at:.1f} mm from the board's {edge} edge cuts through {', '.join(names)}"
                        for edge, placed in (("left", along_x), ("top", along_y)) for at, names in placed.crossings
                        if names)
        tiling = BoardTiling((w, h), landscape, rows, cols, tuple(tiles), ov, tuple(marks),
                             tuple(at for at, _ in along_x.crossings), tuple(at for at, _ in along_y.crossings),
                             crossed)
        if best is None or (rows * cols, len(crossed)) < (best.rows * best.cols, len(best.crossed)):
            best = tiling
    if best is None:
        raise ValueError(f"the seams leave a part of the {width:g} x {height:g} mm board larger than "
                         f"{settings.paper.upper()} paper takes inside its margins, either way round; add a seam")
    return best


def _placed(length: float, window: float, overlap: float, given: tuple[float, ...], along: tuple[Span, ...]
            ) -> Placed:
    """The tile starts along one axis: at a designer's seams when given (each the middle of its overlap), else
    the fewest tiles of ``window`` mm, their seams chosen to miss ``along``."""
    if given:
        starts = (0.0, *(at - overlap / 2 for at in given))
        return Placed(starts, tuple((at, crossed(at, along)) for at in given))
    tiles = max(1, math.ceil((length - overlap) / (window - overlap) - 1e-9))
    return choose_starts(length, tiles, window, overlap, along)


def _tile_spans(length: float, starts: tuple[float, ...], overlap: float) -> tuple[list[float], list[float]]:
    """Each tile's start and size along one axis: it reaches its next neighbour's start plus the overlap."""
    step = starts[1] - starts[0] if len(starts) > 1 else 0.0
    if starts == even_starts(length, len(starts), overlap):  # as always laid out: every tile one step wide
        return list(starts), [min(length, step + overlap) if len(starts) > 1 else length] * len(starts)
    ends = [*(s + overlap for s in starts[1:]), length]
    return list(starts), [e - s for s, e in zip(starts, ends, strict=True)]
