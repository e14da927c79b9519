"""Shaped pieces onto paper: hex tiles sharing their cuts, tokens with cut guides, dice as folding nets.

Each piece is drawn in its box (the template's ``width`` x ``height``) clipped to its outline moved out by the bleed
on every edge that is cut alone; an edge two hexes share is cut once and bleeds neither way.  Backs lie behind
their fronts (mirrored positions, as cards' do), turned half round when the shape is not its own mirror image
across the flip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.engine.components import CardComponent
from printkit.engine.elements import Circle, Element, Line, Piece, Polygon, Text
from printkit.engine.errors import InputError
from printkit.engine.imposition import Box, crop_marks, pages_needed
from printkit.engine.messages import message
from printkit.engine.paper import PrintSettings
from printkit.engine.pieces import (
    PieceShape,
    Point,
    ShapedSheet,
    bounding,
    cut_segments,
    die_net,
    face_bleed,
    hex_sheet,
    offset,
    shared_edges,
    spaced_sheet,
    symmetric,
)

if TYPE_CHECKING:
    from printkit.engine.render.pdf import Rendered

CUT_GUIDE = "#7a7a7a"  # a mid grey reads on light and dark art alike, and is lost in the cut when cut true
CUT_GUIDE_WIDTH = 0.1  # mm: a hairline, thinner than any line a template draws by default (0.25 mm)
FOLD_DASH = (2.0, 1.5)  # mm on, mm off: the fold lines of a die net, as the fold line of a fold-over sheet
TAB_FILL = "#ffffff"  # a glue tab: paper white over any bleed of the faces beside it; its outline and label show it
TAB_LABEL_PT = 6.5
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class _Plan:
    """One side of a page: each piece's box corner and its clip outline (page mm), and how it is drawn."""

    x: float
    y: float
    clip: tuple[Point, ...]
    bleed: tuple[float, float, float, float]  # how far the clip reaches past the box on each side


def render_shaped(component: CardComponent, settings: PrintSettings, lang: str, icon_search: tuple[Path, ...],
                  glossary: tuple[str, ...], progress: Progress | None) -> Rendered:
    """Render a component of shaped pieces (``component.shape``)."""
    from printkit.engine.render.pdf import _Doc  # the shared page bookkeeping; pdf.py hands shaped pieces here

    shape = component.shape
    assert shape is not None
    notes = []
    if settings.pod is not None:  # a service's one-card pages are for cards: these print on sheets
        notes.append(f"print-on-demand pages are for cards; the {component.kind} are laid out on "
                     f"{settings.paper.upper()} sheets")
        settings = replace(settings, pod=None)
    if settings.duplex == "fold" and component.backs:
        notes.append(f"fold-over sheets are for rectangular cards; the {component.kind}' backs follow on the next "
                     "page, for a long-edge flip")
        settings = replace(settings, duplex="long")
    rendered = _render(component, shape, settings, lang, icon_search, glossary, progress, _Doc)
    if rendered.log is not None:
        rendered.log.notes.extend(n for n in notes if n not in rendered.log.notes)
    return rendered


def _render(component: CardComponent, shape: PieceShape, settings: PrintSettings, lang: str,
            icon_search: tuple[Path, ...], glossary: tuple[str, ...], progress: Progress | None,
            doc_type: type) -> Rendered:
    if shape.kind == "die":
        return _render_dice(component, shape, settings, lang, icon_search, glossary, progress, doc_type)
    try:
        n = len(component.fronts)
        sheet = hex_sheet(shape, settings, n) if shape.kind == "hex" else \
            spaced_sheet(shape.width, shape.height, settings, 2 * settings.bleed, n)
    except ValueError as exc:
        raise InputError.single(f"{component.name}: {exc}") from None
    has_backs = bool(component.backs) and settings.duplex != "off"
    short = settings.duplex == "short"
    turn_backs = 0 if symmetric(shape.outline, shape.width, shape.height, short) else 180
    doc = doc_type(component.title, settings, lang, has_backs, settings.paper_size, icon_search, glossary)
    per = sheet.per_page
    role = "shaped" if shape.kind == "hex" else "cut"
    for page in range(pages_needed(n, per)):
        indices = range(page * per, min(n, (page + 1) * per))
        slots = [sheet.slots[i - page * per] for i in indices]
        _side(doc, [component.fronts[i] for i in indices], slots, shape, sheet, settings, role, 0)
        if progress:
            progress(indices.stop, doc.pages + (1 if has_backs else 0))
        if has_backs:
            backs = [component.back_for(i) for i in indices]
            pw, ph = sheet.paper
            w, h = sheet.piece
            behind = [((x, ph - y - h) if short else (pw - x - w, y)) for x, y in slots]
            behind = [(x + settings.offset_x, y + settings.offset_y) for x, y in behind]
            kept = [(b, s) for b, s in zip(backs, behind, strict=True) if b is not None]
            _side(doc, [b for b, _ in kept], [s for _, s in kept], shape, sheet, settings, role, turn_backs,
                  back=True)
    return doc.rendered(n)


def _plans(shape: PieceShape, slots: list[Point], bleed: float, share: bool) -> list[_Plan]:
    """Each piece's clip: its outline moved out by the bleed, but not across an edge a neighbour shares."""
    outlines = [tuple((x + px, y + py) for px, py in shape.outline) for x, y in slots]
    shared = shared_edges(outlines) if share else [[False] * len(shape.outline)] * len(slots)
    out = []
    for (x, y), own, flags in zip(slots, outlines, shared, strict=True):
        clip = offset(own, tuple(0.0 if f else bleed for f in flags))
        box = bounding(list(clip))
        reach = (x - box.x, y - box.y, box.right - x - shape.width, box.bottom - y - shape.height)
        out.append(_Plan(x, y, clip, tuple(max(0.0, r) for r in reach)))  # type: ignore[arg-type]
    return out


def _side(doc, pieces: list[Piece], slots: list[Point], shape: PieceShape, sheet: ShapedSheet,
          settings: PrintSettings, role: str, turn: int, back: bool = False) -> None:
    """One page: the pieces clipped to their outlines, the cut guides, crop marks (tokens), the footer."""
    w, h = sheet.piece
    b = settings.bleed
    boxes = [Box(x, y, w, h) for x, y in slots]
    block = Box(min(bx.x for bx in boxes), min(bx.y for bx in boxes),
                max(bx.right for bx in boxes) - min(bx.x for bx in boxes),
                max(bx.bottom for bx in boxes) - min(bx.y for bx in boxes))
    doc.set_page(sheet.paper, block, b)
    if back:
        doc.log.pages[-1].back = True
    if turn:  # a back turned half round is cut along its outline turned so
        shape = replace(shape, outline=tuple((w - x, h - y) for x, y in shape.outline))
    plans = _plans(shape, slots, b, share=shape.kind == "hex")
    c = doc.canvas
    for piece, plan in zip(pieces, plans, strict=True):
        c.saveState()
        path = c.beginPath()
        path.moveTo(*doc.origin(*plan.clip[0]))
        for p in plan.clip[1:]:
            path.lineTo(*doc.origin(*p))
        path.close()
        c.clipPath(path, stroke=0, fill=0)
        if turn:
            doc.draw_turned(piece, plan.x, plan.y, plan.bleed, turn)
        else:
            doc.draw(piece, plan.x, plan.y, plan.bleed, role=role)
        c.restoreState()
    guides: list[Element] = []
    if shape.round:
        guides = [Circle(x + w / 2, y + h / 2, w / 2, stroke=CUT_GUIDE, stroke_width=CUT_GUIDE_WIDTH)
                  for x, y in slots]
    else:
        outlines = [tuple((x + px, y + py) for px, py in shape.outline) for x, y in slots]
        guides = [Line(s.x1, s.y1, s.x2, s.y2, stroke=CUT_GUIDE, stroke_width=CUT_GUIDE_WIDTH)
                  for s in cut_segments(outlines)]
    doc.draw(Piece("cut guides", *sheet.paper, tuple(guides)), 0, 0, role="furniture")
    keep = [Box(block.x - b, block.y - b, block.w + 2 * b, block.h + 2 * b)]
    if shape.kind != "hex":  # tokens stand apart: crop marks in line with their boxes, as cards have
        xs = sorted({round(v, 6) for bx in boxes for v in (bx.x, bx.right)})
        ys = sorted({round(v, 6) for bx in boxes for v in (bx.y, bx.bottom)})
        marks = crop_marks(block, xs, ys, settings, sheet.paper)
        doc.marks(marks)
        keep += [m.box() for m in marks]
    doc.footer(keep)
    doc.show_page()


def _render_dice(component: CardComponent, shape: PieceShape, settings: PrintSettings, lang: str,
                 icon_search: tuple[Path, ...], glossary: tuple[str, ...], progress: Progress | None,
                 doc_type: type) -> Rendered:
    """Six faces to a die, each die a cross-shaped net: faces bled past their cut edges, tabs to glue, folds
    dashed, the outline to cut drawn."""
    faces = component.fronts
    if len(faces) % 6:
        raise InputError.single(f"{component.name}: a die has six faces, one row each; found {len(faces)} rows "
                                f"({len(faces) // 6} dice and {len(faces) % 6} left over)")
    net = die_net(shape.side)
    b = settings.bleed
    try:
        sheet = spaced_sheet(net.width, net.height, settings, max(2 * b, 2.0), len(faces) // 6)
    except ValueError as exc:
        raise InputError.single(f"{component.name}: {exc}") from None
    doc = doc_type(component.title, settings, lang, False, settings.paper_size, icon_search, glossary)
    dice = len(faces) // 6
    per = sheet.per_page
    glue = message("glue", lang)
    for page in range(pages_needed(dice, per)):
        picked = range(page * per, min(dice, (page + 1) * per))
        slots = [sheet.slots[d - page * per] for d in picked]
        boxes = [Box(x, y, net.width, net.height) for x, y in slots]
        block = Box(min(bx.x for bx in boxes), min(bx.y for bx in boxes),
                    max(bx.right for bx in boxes) - min(bx.x for bx in boxes),
                    max(bx.bottom for bx in boxes) - min(bx.y for bx in boxes))
        doc.set_page(sheet.paper, block, b)
        for d, (x, y) in zip(picked, slots, strict=True):
            for k in range(6):
                fx, fy = net.faces[k]
                doc.draw(faces[6 * d + k], x + fx, y + fy, face_bleed(net, k, b), role="shaped")
            marks: list[Element] = []
            for tab in net.tabs:
                marks.append(Polygon(tab, fill=TAB_FILL, stroke=None))
                box = bounding(list(tab))
                horizontal = box.w >= box.h
                marks.append(Text(box.x, box.y, box.w, box.h, glue, size=TAB_LABEL_PT, min_size=TAB_LABEL_PT,
                                  color=CUT_GUIDE, wrap=False, rotation=0 if horizontal else 90))
            marks += [Line(s.x1, s.y1, s.x2, s.y2, stroke=CUT_GUIDE, stroke_width=CUT_GUIDE_WIDTH, dash=FOLD_DASH)
                      for s in net.folds]
            marks += [Line(s.x1, s.y1, s.x2, s.y2, stroke="#000000", stroke_width=CUT_GUIDE_WIDTH)
                      for s in net.cut]
            doc.draw(Piece(f"die {d + 1} net", net.width, net.height, tuple(marks)), x, y, role="furniture")
        doc.footer([Box(block.x - b, block.y - b, block.w + 2 * b, block.h + 2 * b)])
        doc.show_page()
        if progress:
            progress(6 * picked.stop, doc.pages)
    return doc.rendered(dice)

