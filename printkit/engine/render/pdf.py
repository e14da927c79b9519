"""Turn a component into a print-ready PDF (bytes).

Every PDF: fonts embedded (subset), ``/PrintScaling /None`` so viewers do not shrink it,
``/Duplex`` when it has backs, TrimBox and BleedBox on each page, a 50 mm scale bar
wherever the page has room, and byte-identical output for identical input
(ReportLab's *invariant* mode fixes the dates and document ID).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.engine.components import BoardComponent, CardComponent, SheetComponent
from printkit.engine.elements import Circle, Image, Line, Piece, Text, bounds
from printkit.engine.errors import InputError
from printkit.engine.icc import read_icc_profile
from printkit.engine.imposition import (
    FOOTER_THICKNESS,
    MIN_MARK,
    PRINTABLE_EDGE,
    TICK_GAP,
    Box,
    CardGrid,
    FoldSheet,
    Segment,
    back_band,
    band_sheets,
    card_grid,
    crop_marks,
    fold_sheet,
    footer_place,
    mark_note,
    pages_needed,
    tile_board,
)
from printkit.engine.messages import message
from printkit.engine.paper import PrintSettings
from printkit.engine.preflight.record import Affine, PageRecord, Placement, RenderLog, Role, SetTextRecord
from printkit.engine.render import fonts
from printkit.engine.render.cmyk import add_output_intent, to_cmyk
from printkit.engine.render.draw import Stamp, draw_piece, make_stamp
from printkit.engine.render.text import floor_for

MARK_COLOR = "#000000"
REGISTRATION = CMYKColor(1, 1, 1, 1)  # every plate: what print shops expect crop marks in
CUT_ROOM = 10.0  # mm of paper around a sheet piece that make it worth crop marks
PieceProgress = Callable[[int, int], None]  # (pieces done, pages done) of the component being rendered
STAMP_FROM = 20  # elements pieces must share before they are drawn once as a form and placed
FURNITURE_COLOR = "#555555"
SCALE_BAR = 50.0  # mm: the bar a user measures to check the print scale
NOTE_MIN = 5.5  # pt: the print note may shrink this far (Latin) to fit its band
NOTE_PAD = 1.0  # mm past the note's own width in a short band: rounding of the fit
# Two sheets stacked where a gutter of twice the bleed does not fit (half-A4 aids on Letter: 19.4 mm to spare):
# a narrower gutter still gives each its own bleed, 1.5 mm a side (past the 1 mm the read-back asks for, three
# times a ~0.5 mm miscut), the pair moved up so the scale bar keeps its band below it.
NARROW_BLEED = 1.5  # mm each sheet paints past its cut into a narrow gutter
BAR_GAP = 0.3  # mm between the scale bar's band and the bottom cut


@dataclass
class Rendered:
    """A rendered component: the PDF and what it holds."""

    pdf: bytes
    pages: int
    pieces: int
    warnings: list[str] = field(default_factory=list)
    log: RenderLog | None = None  # what was placed where, for the preflight


class _Doc:
    """A canvas plus page bookkeeping shared by the three component kinds."""

    def __init__(self, title: str, settings: PrintSettings, lang: str, duplex: bool, page_size: tuple[float, float],
                 icon_search: tuple[Path, ...] = (), glossary: tuple[str, ...] = ()):
        fonts.register()
        self.glossary = glossary
        self.stamps = 0  # forms of elements that pieces share (see stamp)
        self.placed: set[str] = set()  # the forms placed so far
        self.buf = io.BytesIO()
        self.settings = settings
        self.lang = lang
        self.canvas = Canvas(self.buf, pagesize=(page_size[0] * mm, page_size[1] * mm), invariant=1,
                             initialFontName=fonts.SANS, initialFontSize=10,
                             pageCompression=1, enforceColorSpace=to_cmyk if settings.cmyk else None)
        self.canvas.setTitle(title)
        self.canvas.setAuthor("printkit")
        self.canvas.setCreator("printkit")
        self.canvas.setViewerPreference("PrintScaling", "None")
        if settings.cmyk and settings.icc_profile:
            add_output_intent(self.canvas, read_icc_profile(Path(settings.icc_profile)))
        if duplex and settings.duplex != "off":
            pref = "DuplexFlipShortEdge" if settings.duplex == "short" else "DuplexFlipLongEdge"
            self.canvas.setViewerPreference("Duplex", pref)
        self.pages = 0
        self.icon_search = icon_search
        self.warnings: list[str] = []
        self.page_size = page_size
        self.log = RenderLog(title, lang, settings.bleed)

    def warn(self, text: str) -> None:
        if text not in self.warnings:
            self.warnings.append(text)

    def set_page(self, size: tuple[float, float], trim: Box, bleed: float) -> None:
        c = self.canvas
        c.setPageSize((size[0] * mm, size[1] * mm))
        self.page_size = size
        c.setTrimBox(self._pdf_box(trim))
        c.setBleedBox(self._pdf_box(Box(trim.x - bleed, trim.y - bleed, trim.w + 2 * bleed, trim.h + 2 * bleed)))
        self.log.pages.append(PageRecord(self.pages, size))

    def _pdf_box(self, b: Box) -> tuple[float, float, float, float]:
        ph = self.page_size[1]
        x0 = max(0.0, b.x)
        y0 = max(0.0, ph - b.bottom)
        x1 = min(self.page_size[0], b.right)
        y1 = min(ph, ph - b.y)
        return (x0 * mm, y0 * mm, x1 * mm, y1 * mm)

    def origin(self, x: float, y: float) -> tuple[float, float]:
        """PDF point of page mm (x, y-down)."""
        return x * mm, (self.page_size[1] - y) * mm

    def record(self, piece: Piece, transform: Affine, role: Role, bleed: tuple[float, float, float, float],
               texts: list[SetTextRecord], checked: int = 0) -> None:
        self.log.placements.append(Placement(self.pages, piece, transform, role, bleed, tuple(texts),
                                             self.log.component, checked))

    def draw(self, piece: Piece, x: float, y: float, bleed: tuple[float, float, float, float] = (0, 0, 0, 0),
             role: Role = "cut", stamp: Stamp | None = None) -> None:
        texts: list[SetTextRecord] = []
        draw_piece(self.canvas, piece, self.origin(x, y), self.warn, bleed, self.icon_search, texts,
                   self.glossary, stamp)
        checked = 0
        if stamp is not None:
            checked = stamp.count if stamp.name in self.placed else 0  # the first placement is checked in full
            self.placed.add(stamp.name)
        self.record(piece, Affine.place(x, y), role, bleed, texts, checked)

    def stamp(self, pieces: Sequence[Piece], bleed: tuple[float, float, float, float] = (0, 0, 0, 0)
              ) -> Stamp | None:
        """A form of the elements every one of ``pieces`` starts with (a pad's sheets share all but their
        serial and QR code), or None when they share too little to be worth one."""
        if len(pieces) < 2:
            return None
        first = pieces[0]
        count = len(first.elements)
        for other in pieces[1:]:
            if (other.width, other.height, other.bleed_color) != (first.width, first.height, first.bleed_color):
                return None
            count = next((i for i, (a, b) in enumerate(zip(first.elements[:count], other.elements, strict=False))
                          if a != b), min(count, len(other.elements)))
        if count < STAMP_FROM:
            return None
        self.stamps += 1
        return make_stamp(self.canvas, first, count, f"pkstamp{self.stamps}", self.warn, bleed, self.icon_search,
                          self.glossary)

    def draw_turned(self, piece: Piece, x: float, y: float, bleed: tuple[float, float, float, float],
                    rotation: int) -> None:
        """Draw ``piece`` in the slot whose top-left trim corner is (x, y), turned by 0, 90, 180 or 270 degrees
        counter-clockwise (a slot for 90 or 270 is the piece's height wide); ``bleed`` is the slot's."""
        if rotation == 0:
            self.draw(piece, x, y, bleed)
            return
        left, top, right, bottom = bleed
        if rotation == 90:  # the piece's top faces the slot's left
            bleed, slot = (bottom, left, top, right), (piece.height, piece.width)
        elif rotation == 270:  # the piece's top faces the slot's right
            bleed, slot = (top, right, bottom, left), (piece.height, piece.width)
        else:
            bleed, slot = (right, bottom, left, top), (piece.width, piece.height)
        c = self.canvas
        c.saveState()
        c.translate(*self.origin(x + slot[0] / 2, y + slot[1] / 2))
        c.rotate(rotation)
        texts: list[SetTextRecord] = []
        draw_piece(c, piece, (-piece.width / 2 * mm, piece.height / 2 * mm), self.warn, bleed, self.icon_search,
                   texts, self.glossary)
        c.restoreState()
        self.record(piece, Affine.turned(x, y, piece.width, piece.height, rotation), "cut", bleed, texts)

    def marks(self, segments: list[Segment]) -> None:
        c = self.canvas
        c.saveState()
        inside = [s for s in segments if s.inside]
        if inside:
            # Ticks inside the bleed sit on the artwork: a white halo keeps them visible on dark art.
            c.setStrokeColor(HexColor("#ffffff"))
            c.setLineWidth(self.settings.crop_mark_width_pt * 3)
            for s in inside:
                c.line(*self.origin(s.x1, s.y1), *self.origin(s.x2, s.y2))
        # In CMYK, marks print in registration colour (all four inks), so every plate carries them and a print
        # shop can check the plates' registration; in RGB, black.
        c.setStrokeColor(REGISTRATION if self.settings.cmyk else HexColor(MARK_COLOR))
        c.setLineWidth(self.settings.crop_mark_width_pt)
        for s in segments:
            c.line(*self.origin(s.x1, s.y1), *self.origin(s.x2, s.y2))
        c.restoreState()
        note = mark_note(segments)
        if note and note not in self.log.notes:
            self.log.notes.append(note)
        self.log.pages[-1].marks.extend(segments)

    def footer(self, keep_clear: list[Box]) -> None:
        """Scale bar and print note, where the page has room: in the usual band, or where that does not fit
        (poker-inch cards on A4 leave 62 mm between crop marks) in one as long as the note set at its smallest,
        or the note's short form set so."""
        note = message("print_note", self.lang)
        place = footer_place(self.page_size, keep_clear)
        for key in ("print_note", "print_note_short"):
            if place is not None:
                break
            note = message(key, self.lang)
            smallest = max(NOTE_MIN, floor_for(note))
            need = max(SCALE_BAR + 1.0, stringWidth(note, fonts.SANS, smallest) / mm + NOTE_PAD)
            place = footer_place(self.page_size, keep_clear, length=need)
        if place is None:
            return
        b = place.box
        length = b.w if place.rotation == 0 else b.h
        # The note is 6.5 pt, legible in Chinese too; it may shrink to 5.5 pt for a long Latin line.
        elements = [
            Line(0, 0.6, 50, 0.6, stroke=FURNITURE_COLOR, stroke_width=0.3),
            Line(0, 0.0, 0, 1.2, stroke=FURNITURE_COLOR, stroke_width=0.3),
            Line(50, 0.0, 50, 1.2, stroke=FURNITURE_COLOR, stroke_width=0.3),
            Line(25, 0.3, 25, 0.9, stroke=FURNITURE_COLOR, stroke_width=0.2),
            Text(0, 1.3, length, 2.7, note, size=6.5, min_size=NOTE_MIN,
                 color=FURNITURE_COLOR, align="left", wrap=False),
        ]
        piece = Piece("page furniture", length, 4.0, tuple(elements))
        c = self.canvas
        c.saveState()
        texts: list[SetTextRecord] = []
        if place.rotation == 90:
            # Turned 90° to read bottom-to-top, the band's own top-left corner lands on the box's
            # bottom-right: the band's thickness then runs leftwards, back inside the box.
            ox, oy = self.origin(b.right, b.bottom)
            c.translate(ox, oy)
            c.rotate(90)
            draw_piece(c, piece, (0, 4.0 * mm), self.warn, texts=texts)
            transform = Affine(0, -1, 1, 0, b.right - 4.0, b.bottom)
        else:
            draw_piece(c, piece, self.origin(b.x, b.y), self.warn, texts=texts)
            transform = Affine.place(b.x, b.y)
        c.restoreState()
        self.record(piece, transform, "furniture", (0, 0, 0, 0), texts)

    def show_page(self) -> None:
        self.canvas.showPage()
        self.pages += 1

    def rendered(self, pieces: int) -> Rendered:
        return Rendered(self.finish(), self.pages, pieces, self.warnings, self.log)

    def finish(self) -> bytes:
        self.canvas.save()
        return self.buf.getvalue()


def render_cards(
    component: CardComponent, settings: PrintSettings, lang: str, icon_search: tuple[Path, ...] = (),
    glossary: tuple[str, ...] = (), progress: PieceProgress | None = None,
) -> Rendered:
    """Impose cards n-up; after each front page comes its back page (if the cards have backs)."""
    if not component.fronts:
        doc = _Doc(component.title, settings, lang, False, settings.paper_size, icon_search, glossary)
        return Rendered(doc.finish(), 0, 0)
    if component.shape is not None and component.shape.kind != "rect":
        from printkit.engine.render.shaped import render_shaped  # it builds on this module's page bookkeeping

        return render_shaped(component, settings, lang, icon_search, glossary, progress)
    runs = size_runs(component.fronts)
    if settings.pod is not None:
        if len(runs) > 1:
            raise InputError.single(f"{component.name}: --pod prints one card size; these pieces have "
                                    f"{len(runs)} sizes")
        return _render_pod(component, settings, lang, icon_search, glossary)
    gaps = [_gap(component, run, settings) for run in runs]
    note = None
    if settings.gap is None and any(gaps):
        note = (f"neighbouring cards differ at their edges, so each has its own {settings.bleed:g} mm bleed "
                f"(a {2 * settings.bleed:g} mm gutter between cards; --gap 0 makes them share cut lines)")
    if len(runs) > 1 and not (settings.duplex == "fold" and component.backs):
        return _noted(_render_bands(component, runs, gaps, settings, lang, icon_search, glossary, progress), note)
    if settings.duplex == "fold" and component.backs:
        return _noted(_render_fold(component, runs, gaps, settings, lang, icon_search, glossary), note)
    settings = replace(settings, gap=gaps[0])
    return _noted(_render_grid(component, settings, lang, icon_search, glossary, progress), note)


def size_runs(pieces: Sequence[Piece]) -> list[range]:
    """The indices of ``pieces`` in runs of one size, in order (one run when all share a size)."""
    runs: list[range] = []
    start = 0
    for i in range(1, len(pieces) + 1):
        if i == len(pieces) or abs(pieces[i].width - pieces[start].width) > 1e-6 \
                or abs(pieces[i].height - pieces[start].height) > 1e-6:
            runs.append(range(start, i))
            start = i
    return runs


def _gap(component: CardComponent, run: range, settings: PrintSettings) -> float:
    """The gutter between a run's neighbours: the user's, or none unless neighbours' edges differ."""
    if settings.gap is not None:
        return settings.gap
    backs = [b for i in run if (b := component.back_for(i)) is not None]
    differ = edges_differ([component.fronts[i] for i in run]) or edges_differ(backs)
    return 2 * settings.bleed if differ else 0.0


def _noted(rendered: Rendered, note: str | None) -> Rendered:
    if note and rendered.log is not None and note not in rendered.log.notes:
        rendered.log.notes.append(note)
    return rendered


def edges_differ(pieces: Sequence[Piece]) -> bool:
    """Whether two of ``pieces`` look different along their edges (bleed colour, or the fills and images that
    reach an edge): cut on a shared line, a miscut would show the neighbour's edge on such a card."""
    return len({_edge_look(p) for p in pieces}) > 1


def _edge_look(piece: Piece) -> tuple:
    look = []
    for e in piece.elements:
        fill = getattr(e, "fill", None) if not isinstance(e, Image) else getattr(e, "path", None)
        if fill is None:
            continue
        x1, y1, x2, y2 = bounds(e)
        if x1 <= 0 or y1 <= 0 or x2 >= piece.width or y2 >= piece.height:
            look.append((type(e).__name__, str(fill)))
    return (piece.bleed_color, tuple(look))


def _render_grid(
    component: CardComponent, settings: PrintSettings, lang: str, icon_search: tuple[Path, ...],
    glossary: tuple[str, ...], progress: PieceProgress | None,
) -> Rendered:
    w, h = component.fronts[0].width, component.fronts[0].height
    turned = False
    n = len(component.fronts)
    try:
        grid = card_grid(w, h, settings)
    except ValueError:
        grid = None
    if settings.rotate == "auto" or grid is None:  # a card too big for the paper upright may fit turned
        try:
            side = card_grid(h, w, settings)
            if grid is None or side.per_page > grid.per_page:
                grid, turned = side, True
        except ValueError:
            pass
    try:
        slot_w, slot_h = (h, w) if turned else (w, h)
        grid = card_grid(slot_w, slot_h, settings, count=n)
        back_grid = card_grid(slot_w, slot_h, settings, offset=(settings.offset_x, settings.offset_y), count=n)
    except ValueError as exc:
        raise InputError.single(f"{component.name}: {exc}") from None
    # Turned a quarter counter-clockwise on the front; behind it, the back turns the other way on a long-edge flip
    # (the sheet's left and right swap) and the same way on a short-edge flip.
    front_turn = 90 if turned else 0
    back_turn = (90 if settings.duplex == "short" else 270) if turned else 0
    has_backs = bool(component.backs) and settings.duplex != "off"
    doc = _Doc(component.title, settings, lang, has_backs, settings.paper_size, icon_search, glossary)
    per = grid.per_page
    for page in range(pages_needed(n, per)):
        indices = range(page * per, min(n, (page + 1) * per))
        filled = {grid.slot(i) for i in indices}
        doc.set_page(settings.paper_size, grid.block_of(filled), settings.bleed)
        for i in indices:
            row, col = grid.slot(i)
            x, y = grid.position(row, col)
            doc.draw_turned(component.fronts[i], x, y, grid.bleed_of(row, col, filled), front_turn)
        _cut_outlines(doc, grid, indices, component.corner_radius, settings)
        _finish_card_page(doc, grid, settings, filled)
        if progress:
            progress(indices.stop, doc.pages + (1 if has_backs else 0))  # the back about to be drawn included
        if has_backs:
            back_filled = {back_grid.back_slot(i, settings.duplex) for i in indices}
            doc.set_page(settings.paper_size, back_grid.block_of(back_filled), settings.bleed)
            doc.log.pages[-1].back = True
            for i in indices:
                back = component.back_for(i)
                if back is None:
                    continue
                row, col = back_grid.back_slot(i, settings.duplex)
                x, y = back_grid.position(row, col)
                doc.draw_turned(back, x, y, back_grid.bleed_of(row, col, back_filled), back_turn)
            _cut_outlines(doc, back_grid, indices, component.corner_radius, settings, back=True)
            doc.show_page()
    return doc.rendered(n)


def _render_bands(
    component: CardComponent, runs: list[range], gaps: list[float], settings: PrintSettings, lang: str,
    icon_search: tuple[Path, ...], glossary: tuple[str, ...], progress: PieceProgress | None,
) -> Rendered:
    """Pieces of several sizes on shared sheets: each size a band of its own grid, one band below another
    (:func:`band_sheets`); after each front page its back page, every piece behind its front."""
    sizes = [(component.fronts[r.start].width, component.fronts[r.start].height, len(r), gap)
             for r, gap in zip(runs, gaps, strict=True)]
    try:
        sheets = band_sheets(sizes, settings)
    except ValueError as exc:
        raise InputError.single(f"{component.name}: {exc}") from None
    has_backs = bool(component.backs) and settings.duplex != "off"
    doc = _Doc(component.title, settings, lang, has_backs, settings.paper_size, icon_search, glossary)
    b = settings.bleed
    for bands in sheets:
        for side in ("front", "back") if has_backs else ("front",):
            placed = bands if side == "front" else tuple(back_band(band, settings) for band in bands)
            trim = _union([band.grid.block_of(band.filled()) for band in placed])
            doc.set_page(settings.paper_size, trim, b)
            doc.log.pages[-1].back = side == "back"
            marks: list[Segment] = []
            keep: list[Box] = []
            for band in placed:
                filled = {band.grid.back_slot(i, settings.duplex) for i in range(band.count)} \
                    if side == "back" else band.filled()
                for k, i in enumerate(band.indices):
                    row, col = band.grid.back_slot(k, settings.duplex) if side == "back" else band.grid.slot(k)
                    x, y = band.grid.position(row, col)
                    piece = component.fronts[i] if side == "front" else component.back_for(i)
                    if piece is not None:
                        doc.draw(piece, x, y, band.grid.bleed_of(row, col, filled))
                block = band.grid.block_of(filled)
                xs, ys = band.grid.cut_lines(filled)
                marks += crop_marks(block, xs, ys, settings)
                keep.append(Box(block.x - b, block.y - b, block.w + 2 * b, block.h + 2 * b))
            if side == "front":  # as on one-size sheets, the back is cut from the front's marks
                doc.marks(marks)
                doc.footer([*keep, *(m.box() for m in marks)])
            doc.show_page()
        if progress:
            progress(bands[-1].indices.stop, doc.pages)
    return doc.rendered(len(component.fronts))


def _union(boxes: list[Box]) -> Box:
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    return Box(x0, y0, max(b.right for b in boxes) - x0, max(b.bottom for b in boxes) - y0)


CUT_COLOR = "#e6007e"  # magenta: reads as a die line, never as artwork


def _cut_outlines(doc: _Doc, grid: CardGrid, indices: range, radius: float, settings: PrintSettings,
                  back: bool = False) -> None:
    """Rounded cut outlines at every card's trim, for previews (``settings.cut_preview``) only."""
    if not (settings.cut_preview and radius > 0):
        return
    c = doc.canvas
    c.saveState()
    c.setStrokeColor(HexColor(CUT_COLOR))
    c.setLineWidth(0.3 * mm)
    w, h = grid.card
    for i in indices:
        row, col = grid.back_slot(i, settings.duplex) if back else grid.slot(i)
        x, y = grid.position(row, col)
        px, py = doc.origin(x, y + h)
        c.roundRect(px, py, w * mm, h * mm, min(radius, w / 2, h / 2) * mm, stroke=1, fill=0)
    c.restoreState()


def _finish_card_page(doc: _Doc, grid: CardGrid, settings: PrintSettings,
                      filled: set[tuple[int, int]] | None = None) -> None:
    """Crop marks for the rows and columns cards fill (none pointing at an empty row), the footer, the page."""
    xs, ys = grid.cut_lines(filled)
    b = grid.block_of(filled) if filled else grid.block
    marks = crop_marks(b, xs, ys, settings)
    doc.marks(marks)
    bleed_box = Box(b.x - grid.bleed, b.y - grid.bleed, b.w + 2 * grid.bleed, b.h + 2 * grid.bleed)
    doc.footer([bleed_box, *(m.box() for m in marks)])
    doc.show_page()


def _render_fold(
    component: CardComponent, runs: list[range], gaps: list[float], settings: PrintSettings, lang: str,
    icon_search: tuple[Path, ...], glossary: tuple[str, ...] = (),
) -> Rendered:
    """Fronts and their backs on one side of each sheet, to fold, glue and cut (pieces of each size on sheets
    of their own)."""
    doc: _Doc | None = None
    for run, gap in zip(runs, gaps, strict=True):
        first = component.fronts[run.start]
        try:
            sheet = fold_sheet(first.width, first.height, replace(settings, gap=gap))
        except ValueError as exc:
            raise InputError.single(f"{component.name}: {exc}") from None
        if doc is None:
            doc = _Doc(component.title, settings, lang, False, sheet.paper, icon_search, glossary)
        _fold_pages(doc, component, run, sheet, settings, lang)
    assert doc is not None
    return doc.rendered(len(component.fronts))


def _fold_pages(doc: _Doc, component: CardComponent, run: range, sheet: FoldSheet, settings: PrintSettings,
                lang: str) -> None:
    grid = sheet.front
    n = len(run)
    per = sheet.per_page
    front_sides, back_sides = ("tbl", "tbr") if sheet.vertical else ("tlr", "blr")
    fb, bb = grid.block, sheet.back_block
    b = grid.bleed
    for page in range(pages_needed(n, per)):
        both = Box(min(fb.x, bb.x), min(fb.y, bb.y), max(fb.right, bb.right) - min(fb.x, bb.x),
                   max(fb.bottom, bb.bottom) - min(fb.y, bb.y))
        doc.set_page(sheet.paper, both, b)
        filled = {grid.slot(i) for i in range(page * per, min(n, (page + 1) * per))}
        for i in range(page * per, min(n, (page + 1) * per)):
            row, col = grid.slot(i)
            left, top, right, bottom = grid.bleed_of(row, col, filled)
            x, y = grid.position(row, col)
            doc.draw(component.fronts[run[i]], x, y, (left, top, right, bottom))
            back = component.back_for(run[i])
            if back is not None:
                bx, by = sheet.back_position(row, col)
                # the back's own bleed is its front's mirrored, (right, top, left, bottom); draw_turned takes
                # the slot's, which a half turn swaps side for side
                turn = sheet.rotate_backs
                doc.draw_turned(back, bx, by, (right, top, left, bottom) if turn == 0 else (left, bottom, right, top),
                                turn)
        xs, ys = grid.cut_lines()
        bxs = [sheet.paper[0] - x for x in xs] if sheet.vertical else xs
        bys = ys if sheet.vertical else [sheet.paper[1] - y for y in ys]
        marks = crop_marks(fb, xs, ys, settings, sheet.paper, front_sides) + \
            crop_marks(bb, bxs, bys, settings, sheet.paper, back_sides)
        doc.marks(marks)
        f = sheet.fold
        # The fold line stays on the printable area and stops short of its label, which it must not cross.
        e, label_h = PRINTABLE_EDGE, 4.0
        pw_, ph_ = sheet.paper
        if sheet.vertical:
            fold_line = Line(f.x1, e + label_h + 1.0, f.x2, ph_ - e, stroke="#888888", stroke_width=0.2,
                             dash=(2.0, 1.5))
            label = Text(f.x1 - 10, e, 20, label_h, message("fold", lang), size=7, min_size=6,
                         color=FURNITURE_COLOR)
        else:
            fold_line = Line(e, f.y1, pw_ - e, f.y2, stroke="#888888", stroke_width=0.2, dash=(2.0, 1.5))
            label = Text(e, f.y1 - label_h - 1.0, 20, label_h, message("fold", lang), size=7, min_size=6,
                         color=FURNITURE_COLOR, align="left")
        doc.draw(Piece("fold line", *sheet.paper, (fold_line, label)), 0, 0, role="furniture")
        keep = [Box(blk.x - b, blk.y - b, blk.w + 2 * b, blk.h + 2 * b) for blk in (fb, bb)]
        doc.footer([*keep, *(m.box() for m in marks), Segment(f.x1, f.y1, f.x2, f.y2).box(1.0)])
        doc.show_page()


def _render_pod(component: CardComponent, settings: PrintSettings, lang: str, icon_search: tuple[Path, ...],
                glossary: tuple[str, ...]) -> Rendered:
    """One card a page, each page a print-on-demand service's card image: the card centred, its background carried
    to the page edge, a back page before or after each front as the service orders them; no marks, no footer."""
    pod = settings.pod
    assert pod is not None
    w, h = component.fronts[0].width, component.fronts[0].height
    page = pod.page
    x, y = (page[0] - w) / 2, (page[1] - h) / 2
    if x < -0.05 or y < -0.05:
        raise InputError.single(f"{component.name}: a {w:g} x {h:g} mm card does not fit the {pod.name} page of "
                                f"{page[0]:.2f} x {page[1]:.2f} mm; make the cards {pod.trim[0]:.2f} x "
                                f"{pod.trim[1]:.2f} mm")
    bleed = (max(x, 0.0),) * 2 + (max(y, 0.0),) * 2
    bleed = (bleed[0], bleed[2], bleed[1], bleed[3])  # left, top, right, bottom
    doc = _Doc(component.title, settings, lang, False, page, icon_search, glossary)
    tw, th = pod.trim
    if abs(tw - w) > 0.5 or abs(th - h) > 0.5:
        doc.warn(f"the cards are {w:g} x {h:g} mm, {pod.name} cuts {tw:.2f} x {th:.2f} mm: each card is centred "
                 "with its background carried to the edge, so the cut lands off its frame; give the deck that size")

    def side(piece: Piece, back: bool) -> None:
        doc.set_page(page, Box(x, y, w, h), min(x, y))
        doc.log.pages[-1].back = back
        doc.log.pages[-1].service_cut = True
        doc.draw(piece, x, y, bleed)
        doc.show_page()

    for i, front in enumerate(component.fronts):
        back = component.back_for(i)
        if back is not None and pod.back_first:
            side(back, True)
        side(front, False)
        if back is not None and not pod.back_first:
            side(back, True)
    return doc.rendered(len(component.fronts))


def render_sheets(
    component: SheetComponent, settings: PrintSettings, lang: str, icon_search: tuple[Path, ...] = (),
    glossary: tuple[str, ...] = (), progress: PieceProgress | None = None,
) -> Rendered:
    """Page-sized pieces, one or two to a sheet of paper, centred, with crop marks when
    the piece is smaller than the paper."""
    pw, ph = settings.paper_size
    doc = _Doc(component.title, settings, lang, False, (pw, ph), icon_search, glossary)
    per = max(1, component.per_page)
    pages = component.pages
    if per > 1 and pages:
        w, h = pages[0].width, pages[0].height
        if per * h > ph + 1e-6 and (per * w > ph + 1e-6 or h > pw + 1e-6):
            per = 1  # a small paper (A5) takes one half-page sheet, not two
    # A sheet painted to its edge (bleed_color) and cut out gets bleed, and two to a sheet a gutter of twice the
    # bleed between them where the paper has room, so a miscut shows neither white nor the other sheet.
    bleeds = not component.fold and (per > 1 or component.cut) and any(p.bleed_color for p in pages)
    b = settings.bleed if bleeds else 0.0
    stamp = doc.stamp(pages, (b, b, b, b))
    for start in range(0, len(pages), per):
        group = pages[start:start + per]
        pw_, ph_ = pw, ph
        w, h = group[0].width, group[0].height
        stacked = per == 1 or per * h <= ph + 1e-6
        if not stacked:
            pw_, ph_ = ph, pw  # two pieces side by side on a landscape sheet
        elif per == 1 and (w > pw + 1e-6 or h > ph + 1e-6) and w <= ph + 1e-6 and h <= pw + 1e-6:
            pw_, ph_ = ph, pw  # a wide piece on small paper (a half-A4 sheet on A5): the paper turned
        room = (ph_ - per * h) if stacked else (pw_ - per * w)
        gutter, lead = _sheet_gutter(room, b, per, stacked)
        step_x, step_y = (0.0, h + gutter) if stacked else (w + gutter, 0.0)
        total_w = w if stacked else per * w + (per - 1) * gutter
        total_h = per * h + (per - 1) * gutter if stacked else h
        x0, y0 = (pw_ - total_w) / 2, (ph_ - total_h) / 2 if lead is None else lead
        trim = Box(x0, y0, total_w, total_h)
        doc.set_page((pw_, ph_), trim, b)
        for k, piece in enumerate(group):
            # bleed on every edge, but into a gutter only half its width (none on a cut line the pair shares)
            tight = b and gutter < 2 * b and per > 1
            inner = gutter / 2
            first, last = k == 0 or not tight, k == len(group) - 1 or not tight
            own = (b, b if first else inner, b, b if last else inner) if stacked else \
                (b if first else inner, b, b if last else inner, b)
            if component.fold:
                own = _inside_printable(x0 + k * step_x, y0 + k * step_y, w, h, (pw_, ph_))
            # a form drawn with bleed all round would paint over the other sheet of a pair that shares a cut
            doc.draw(piece, x0 + k * step_x, y0 + k * step_y, own, role="sheet", stamp=None if tight else stamp)
        keep_clear = []
        for k, piece in enumerate(group):
            ox, oy = x0 + k * step_x, y0 + k * step_y
            keep_clear += [Box(ox + x1, oy + y1, x2 - x1, y2 - y1) for x1, y1, x2, y2 in map(bounds, piece.elements)]
        # (the scale bar may lie on a sheet's bleed: it is read before cutting, and the bleed is cut away)
        # A booklet's pages fill the sheet and are folded, not cut: marks would have to sit on the paper edge
        # (which printers leave blank) and a print shop folds on the middle of the sheet without them.
        if not component.fold and (per > 1 or (component.cut and pw_ - total_w > 2 * CUT_ROOM
                                               and ph_ - total_h > 2 * CUT_ROOM)):
            edges = sorted({v for k in range(per) for v in (k * (h if stacked else w) + k * gutter,
                                                            (k + 1) * (h if stacked else w) + k * gutter)})
            xs = [x0, x0 + total_w] if stacked else [x0 + v for v in edges]
            ys = [y0 + v for v in edges] if stacked else [y0, y0 + total_h]
            marks = crop_marks(trim, xs, ys, replace(settings, bleed=max(b, 1.0)), (pw_, ph_))
            doc.marks(marks)
            keep_clear += [m.box() for m in marks]
        if component.fold and not stacked:  # the scale bar must not straddle the fold (half on each page)
            keep_clear += [Box(x0 + k * w - 2, 0, 4, ph_) for k in range(1, per)]
        # The scale bar goes wherever the page's own drawing leaves a free band.
        doc.footer(keep_clear)
        doc.show_page()
        if progress:
            progress(start + len(group), doc.pages)
    return doc.rendered(len(pages))


def _sheet_gutter(room: float, b: float, per: int, stacked: bool) -> tuple[float, float | None]:
    """The gutter between ``per`` sheets cut apart with bleed ``b`` where the paper has ``room`` to spare along the
    row, and where the first sheet's cut lies from the paper edge (None: the row is centred).

    Twice the bleed where the outer bleed then stays on the printable area; else, stacked, twice NARROW_BLEED with
    the pair moved up, where the top margin still takes crop ticks inside the bleed (not on the sheet) and the
    scale bar's band fits below; else none (the sheets share their cut line)."""
    if not b or per < 2:
        return 0.0, None
    if room - (per - 1) * 2 * b >= 2 * (PRINTABLE_EDGE + b):
        return 2 * b, None
    narrow = 2 * min(b, NARROW_BLEED)
    lead = room - (per - 1) * narrow - (PRINTABLE_EDGE + FOOTER_THICKNESS + BAR_GAP)
    if stacked and lead >= PRINTABLE_EDGE + TICK_GAP + MIN_MARK - 1e-6:
        return narrow, lead
    return 0.0, None


def _inside_printable(x: float, y: float, w: float, h: float, paper: tuple[float, float]
                      ) -> tuple[float, float, float, float]:
    """The (negative) bleed that clips a piece at (x, y) to the printable area: a booklet's pages fill the sheet
    and are never cut, so a page colour drawn to the paper edge would come out framed by whatever white border
    the printer leaves (3-5 mm, uneven); clipped, it stops in an even frame of PRINTABLE_EDGE."""
    return (-max(0.0, PRINTABLE_EDGE - x), -max(0.0, PRINTABLE_EDGE - y),
            -max(0.0, PRINTABLE_EDGE - (paper[0] - x - w)), -max(0.0, PRINTABLE_EDGE - (paper[1] - y - h)))


def render_board(
    component: BoardComponent, settings: PrintSettings, lang: str, icon_search: tuple[Path, ...] = (),
    glossary: tuple[str, ...] = (),
) -> Rendered:
    """A board on one page with crop marks, or tiled with overlaps and registration marks."""
    piece = component.piece
    if component.overlap is not None:
        settings = replace(settings, tile_overlap=component.overlap)
    try:
        tiling = tile_board(piece.width, piece.height, settings, keep_whole=component.keep_whole,
                            seams=component.seams)
    except ValueError as exc:
        raise InputError.single(f"{component.name}: {exc}") from None
    doc = _Doc(component.title, settings, lang, False, tiling.paper, icon_search, glossary)
    for where in tiling.crossed:
        doc.warn(f"no tile seam on {settings.paper} paper misses everything printed: the seam {where}; move them "
                 "off that line, or print on larger paper")
    if tiling.single:
        tile = tiling.tiles[0]
        x, y = tile.origin
        trim = Box(x, y, piece.width, piece.height)
        doc.set_page(tiling.paper, trim, settings.bleed)
        b = settings.bleed
        doc.draw(piece, x, y, (b, b, b, b), role="board")
        marks = crop_marks(trim, [x, x + piece.width], [y, y + piece.height], settings, tiling.paper)
        doc.marks(marks)
        doc.footer([Box(x - b, y - b, piece.width + 2 * b, piece.height + 2 * b), *(m.box() for m in marks)])
        doc.show_page()
        return doc.rendered(1)
    # Each tile draws only what it shows, so the board's texts are gathered from all of them and checked once, as
    # placed on the first tile.
    texts: dict[int, SetTextRecord] = {}
    first = doc.pages
    for tile in tiling.tiles:
        for t in _board_tile(doc, component, tiling, tile, settings, lang):
            texts.setdefault(t.index, t)
    win = tiling.tiles[0].window
    ox, oy = tiling.tiles[0].origin
    b = settings.bleed
    doc.log.placements.append(Placement(first, piece, Affine.place(ox - win.x, oy - win.y), "board", (b, b, b, b),
                                        tuple(texts[i] for i in sorted(texts)), doc.log.component))
    return doc.rendered(1)


def _board_tile(doc: _Doc, component: BoardComponent, tiling, tile, settings: PrintSettings, lang: str
                ) -> list[SetTextRecord]:
    """One page of a tiled board: the outer edges with bleed and crop marks like a one-page board,
    the edges shared with a neighbour with a dashed cut line, and text saying how to assemble it.  The board's
    art bleeds past every edge of the tile (under the neighbour on a shared edge, so a miscut there shows no
    white), and only the elements that show on the tile are drawn.  Returns how the tile's texts were set."""
    piece = component.piece
    win = tile.window
    ox, oy = tile.origin
    trim = Box(ox, oy, win.w, win.h)
    b = settings.bleed
    left, top = tile.col == 0, tile.row == 0
    right, bottom = tile.col == tiling.cols - 1, tile.row == tiling.rows - 1
    bl, bt, br, bb = (b if outer else 0.0 for outer in (left, top, right, bottom))
    doc.set_page(tiling.paper, trim, b)
    # Shift the board so the window lands at the tile origin, clipped to the window and its bleed.
    c = doc.canvas
    c.saveState()
    clip = c.beginPath()
    px, py = doc.origin(ox - b, oy + win.h + b)
    clip.rect(px, py, (win.w + 2 * b) * mm, (win.h + 2 * b) * mm)
    c.clipPath(clip, stroke=0, fill=0)
    texts: list[SetTextRecord] = []
    draw_piece(c, piece, doc.origin(ox - win.x, oy - win.y), doc.warn, (b, b, b, b), doc.icon_search, texts,
               doc.glossary, window=(win.x, win.y, win.right, win.bottom))
    c.restoreState()
    furniture: list = []
    # Registration crosses in the overlaps, and dashed trim lines on edges shared with a neighbour.
    for bx, by in tiling.registration:
        if win.x <= bx <= win.right and win.y <= by <= win.bottom:
            x, y = bx - win.x, by - win.y
            furniture += [
                Circle(x, y, 2.0, stroke="#000000", stroke_width=0.2),
                Line(x - 3, y, x + 3, y, stroke_width=0.2),
                Line(x, y - 3, x, y + 3, stroke_width=0.2),
            ]
    ov = tiling.overlap
    xs = [ox] if left else [ox + ov / 2]
    ys = [oy] if top else [oy + ov / 2]
    if tile.col > 0:
        furniture.append(Line(ov / 2, 0, ov / 2, win.h, stroke="#777777", stroke_width=0.2, dash=(1.5, 1.0)))
    if tile.row > 0:
        furniture.append(Line(0, ov / 2, win.w, ov / 2, stroke="#777777", stroke_width=0.2, dash=(1.5, 1.0)))
    if right:
        xs.append(ox + win.w)
    if bottom:
        ys.append(oy + win.h)
    label = f"{chr(ord('A') + tile.row)}{tile.col + 1}"
    doc.draw(Piece("tile marks", win.w, win.h, tuple(furniture)), ox, oy, role="furniture")
    marks = crop_marks(Box(ox - bl, oy - bt, win.w + bl + br, win.h + bt + bb), xs, ys,
                       replace(settings, bleed=1.0), tiling.paper)
    doc.marks(marks)
    caption = f"{component.title} — " + message("tile", lang, label=label, row=tile.row + 1, rows=tiling.rows,
                                                  col=tile.col + 1, cols=tiling.cols) + message("colon", lang) + \
        assembly_text(tile.row, tile.col, tiling.rows, tiling.cols, ov / 2, lang)
    cap_y = oy + win.h + bb + settings.crop_mark_length + 2.0
    doc.draw(Piece(f"{component.name} tile {label}", win.w, 8.0, (
        Text(0, 0, win.w, 8.0, caption, size=7, min_size=6, align="left", color=FURNITURE_COLOR),
    )), ox, cap_y, role="furniture")
    doc.footer([Box(ox - bl - 6, oy - bt - 6, win.w + bl + br + 12, cap_y + 8.0 - oy + bt + 6)])
    doc.show_page()
    return texts


def assembly_text(row: int, col: int, rows: int, cols: int, overlap: float, lang: str) -> str:
    """Exactly which edges of this tile to cut where, and which tiles it lies over."""
    sides = [s for s, outer in (("top", row == 0), ("bottom", row == rows - 1), ("left", col == 0),
                                ("right", col == cols - 1)) if outer]
    parts = []
    if sides:
        parts.append(message("tile_cut_outer_many" if len(sides) > 1 else "tile_cut_outer", lang,
                             edges=_edges(sides, lang)))
    joins = [s for s, inner in (("top", row > 0), ("left", col > 0)) if inner]
    if joins:
        under = [f"{chr(ord('A') + row - 1)}{col + 1}" for s in joins if s == "top"] + \
            [f"{chr(ord('A') + row)}{col}" for s in joins if s == "left"]
        parts.append(message("tile_join_many" if len(joins) > 1 else "tile_join", lang, edges=_edges(joins, lang),
                             mm=f"{overlap:g}",
                             tiles=message("and_labels", lang).join(under)))
    return message("semicolon", lang).join(parts) + message("stop", lang)


def _edges(sides: list[str], lang: str) -> str:
    """``top``; ``top and left``; ``top, bottom and right`` (a list's commas in the language's own mark)."""
    names = [message(f"edge_{s}", lang) for s in sides]
    head = message("list_comma", lang).join(names[:-1])
    return message("and", lang).join([head, names[-1]]) if head else names[-1]


def render(component, settings: PrintSettings, lang: str, icon_search: tuple[Path, ...] = (),
           glossary: tuple[str, ...] = (), progress: PieceProgress | None = None) -> Rendered:
    """Render any component kind; ``icon_search`` lists icon folders, the user's first.

    ``progress(pieces, pages)`` is told after each sheet of paper how many are done (cards and sheets).
    """
    if isinstance(component, CardComponent):
        return render_cards(component, settings, lang, icon_search, glossary, progress)
    if isinstance(component, SheetComponent):
        return render_sheets(component, settings, lang, icon_search, glossary, progress)
    if isinstance(component, BoardComponent):
        return render_board(component, settings, lang, icon_search, glossary)
    raise TypeError(f"cannot render {type(component).__name__}")
