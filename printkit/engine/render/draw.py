"""Draw a :class:`~printkit.engine.elements.Piece` onto a ReportLab canvas.

The piece's top-left trim corner is placed at ``origin`` (PDF points, y up); element
coordinates are millimetres with y down.  Text that had to shrink below its minimum is
reported through the ``warn`` callback with the piece's name.
"""

from __future__ import annotations

import difflib
import io
import itertools
import logging
import math
import re
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import Color, HexColor, toColor
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas
from svglib.svglib import svg2rlg

from printkit.engine.colors import COLOUR_FORMS, rgba
from printkit.engine.containment import check_name
from printkit.engine.elements import (
    MAX_DRAWN_NUMBER,
    Circle,
    Element,
    Gradient,
    Icon,
    Image,
    Line,
    Marker,
    PathShape,
    Piece,
    Polygon,
    QRCode,
    Rect,
    Star,
    Text,
    bounds,
)
from printkit.engine.errors import InputError
from printkit.engine.paths import icon_dirs
from printkit.engine.preflight.record import SetTextRecord
from printkit.engine.render import bidi, fonts, markup
from printkit.engine.render.cmyk import is_cmyk
from printkit.engine.render.hyphenation import hyphenation_setting
from printkit.engine.render.shaping import any_unshaped, text_operators, unshaped_reason
from printkit.engine.render.text import KANA, Run, SetText, fit_text, floor_for

Warn = Callable[[str], None]


@dataclass
class Context:
    """Where and how a piece is drawn."""

    canvas: Canvas
    origin: tuple[float, float]  # PDF points of the piece's top-left trim corner
    height: float  # piece height in mm
    warn: Warn
    piece_name: str
    icon_search: tuple[Path, ...]
    texts: list[SetTextRecord] | None = None  # how each text was set, for the preflight
    index: int = 0  # the element being drawn
    glossary: tuple[str, ...] = ()  # words never split across lines
    known_icons: frozenset[str] | None = None  # icon names in icon_search, listed on the piece's first text
    window: tuple[float, float, float, float] | None = None  # piece mm (left, top, right, bottom): what shows

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return self.origin[0] + x * mm, self.origin[1] - y * mm


@dataclass(frozen=True)
class Stamp:
    """The first ``count`` elements of a piece, drawn once as the PDF form ``name`` (see :func:`make_stamp`)."""

    name: str
    count: int
    texts: tuple[SetTextRecord, ...]  # how the form's texts were set, for each placement's preflight


def make_stamp(
    canvas: Canvas, piece: Piece, count: int, name: str, warn: Warn,
    bleed: tuple[float, float, float, float] = (0, 0, 0, 0), icon_search: tuple[Path, ...] = (),
    glossary: tuple[str, ...] = (),
) -> Stamp:
    """Draw the first ``count`` elements of ``piece`` once, as a form XObject that pieces sharing them
    place with :func:`draw_piece` (``stamp=``): a pad of 500 sheets is one sheet's drawing plus, per
    sheet, what differs (its serial and QR code).

    A form cannot be defined inside another, and icons are forms of their own: a first drawing,
    thrown away, defines them before the stamp's form is opened.
    """
    head = replace(piece, elements=piece.elements[:count])
    left, top, right, bottom = bleed
    mark = len(canvas._code)  # ReportLab's operators of the current page (or form) so far
    draw_piece(canvas, head, (0.0, 0.0), lambda _text: None, bleed, icon_search, None, glossary)
    del canvas._code[mark:]
    texts: list[SetTextRecord] = []
    canvas.beginForm(name, -left * mm, -bottom * mm, (piece.width + right) * mm, (piece.height + top) * mm)
    draw_piece(canvas, head, (0.0, piece.height * mm), warn, bleed, icon_search, texts, glossary)
    end_form(canvas, name)
    return Stamp(name, count, tuple(texts))


_SETS_STATE = re.compile(r"/gRLs\d+ gs")  # ReportLab's operator setting an ExtGState (an opacity)


def end_form(canvas: Canvas, name: str) -> None:
    """``canvas.endForm()``, with the opacity states and the shadings the form uses in its resources.  ReportLab
    writes a form's ExtGState nowhere, so a translucent shape in a form (a stamp's, an icon's own fill-opacity)
    would name a state the PDF lacks and print opaque; and a gradient's shading (an SVG icon's linearGradient, a
    stamp's gradient fill) it forgets with the form, whose ``sh`` then names nothing and paints nothing.  A form
    that uses neither is written exactly as ReportLab writes it."""
    sets_state = any(_SETS_STATE.search(op) for op in canvas._code if isinstance(op, str))
    shadings = dict(canvas._shadingUsed)  # the form's own: beginForm starts it afresh, endForm drops it
    canvas.endForm()
    if not sets_state and not shadings:
        return
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName

    form = canvas._doc.idToObject[xObjectName(name)]
    resources = PDFResourceDictionary()  # what ReportLab's own format() puts in, and the states
    resources.basicFonts()
    if form.hasImages:
        resources.allProcs()
    else:
        resources.basicProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if sets_state:
        resources.ExtGState = form.ExtGState
    if shadings:
        resources.setShading(shadings)
    form.Resources = resources


def draw_piece(
    canvas: Canvas, piece: Piece, origin: tuple[float, float], warn: Warn,
    bleed: tuple[float, float, float, float] = (0, 0, 0, 0), icon_search: tuple[Path, ...] = (),
    texts: list[SetTextRecord] | None = None, glossary: tuple[str, ...] = (), stamp: Stamp | None = None,
    window: tuple[float, float, float, float] | None = None,
) -> None:
    """Draw ``piece`` with its top-left trim corner at ``origin``.

    ``bleed`` is (left, top, right, bottom) in mm: how far artwork may spill past the trim.
    Everything is clipped to trim + bleed so neighbouring pieces never overprint.
    ``stamp``: the piece's first elements are that form, placed instead of drawn again.
    ``window`` (left, top, right, bottom in the piece's mm): the part of the piece that is cut out (a tile of a
    board shows a part of it). Only elements that may paint inside it or its bleed are drawn, and of a text only
    the characters that print inside it (those only in the bleed are cut away or lie under the neighbouring
    tile), so what would be clipped away is not written into the file at all.
    """
    ctx = Context(canvas, origin, piece.height, warn, piece.name, icon_search or icon_dirs(), texts, glossary=glossary,
                  window=window)
    left, top, right, bottom = bleed
    canvas.saveState()
    path = canvas.beginPath()
    x0, y0 = ctx.pt(-left, piece.height + bottom)
    path.rect(x0, y0, (piece.width + left + right) * mm, (piece.height + top + bottom) * mm)
    canvas.clipPath(path, stroke=0, fill=0)
    if piece.bleed_color:
        canvas.setFillColor(color(piece.bleed_color, piece.name))
        canvas.rect(x0, y0, (piece.width + left + right) * mm, (piece.height + top + bottom) * mm,
                    stroke=0, fill=1)
    shows = window and (window[0] - left, window[1] - top, window[2] + right, window[3] + bottom)
    first = 0
    if stamp is not None:
        canvas.saveState()
        canvas.translate(*ctx.pt(0, piece.height))  # the form's origin: the piece's bottom-left trim corner
        canvas.doForm(stamp.name)
        canvas.restoreState()
        if texts is not None:
            texts.extend(stamp.texts)
        first = stamp.count
    for i in range(first, len(piece.elements)):
        if shows is not None and not _meets(bounds(piece.elements[i]), shows):
            continue
        ctx.index = i
        try:
            draw_element(ctx, piece.elements[i])
        except InputError as exc:
            raise placed(exc, piece, i) from None
    canvas.restoreState()


def placed(exc: InputError, piece: Piece, index: int) -> InputError:
    """``exc`` (about element ``index`` of ``piece``) naming the piece by the cells its data came from, where the
    piece knows them (a user's deck: the column of the text, not just the card's row).  Warnings keep the piece's
    name, by which they are grouped."""
    place = piece.places[index] if index < len(piece.places) else None
    if place is None:
        return exc
    head = piece.name + ": "
    exc.problems = [replace(p, message=place + ": " + p.message[len(head):]) if p.message.startswith(head) else p
                    for p in exc.problems]
    return exc


def _meets(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


@cache
def _parse_color(value: str) -> Color | None:
    try:
        return toColor(value)
    except (ValueError, TypeError, AttributeError, SyntaxError):
        return None


_COLORS: dict[str, Color] = {}  # every colour value seen, as written: a deck paints the same few thousands of times


_HEX_DIGITS = re.compile(r"#[0-9a-fA-F]*")


def color(value: str, where: str) -> Color:
    """A colour from ``#rrggbb``, ``#rgb``, ``#rrggbbaa``/``#rgba`` (alpha: how opaque, 00 to ff) or a name such
    as ``darkred``; anything else is the user's error.  A translucent colour paints at its alpha (ReportLab writes
    it as the fill or stroke opacity when the colour is set)."""
    parsed = _COLORS.get(value) if type(value) is str else None
    if parsed is not None:
        return parsed
    written = value
    text = value.strip() if isinstance(value, str) else ""
    parsed = None
    if _HEX_DIGITS.fullmatch(text) and len(text) in (5, 9):
        r, g, b, a = rgba(text)
        parsed = Color(r / 255, g / 255, b / 255, alpha=a / 255)
    elif _HEX_DIGITS.fullmatch(text) and len(text) not in (4, 7):
        parsed = None  # ReportLab would read #12345 as some colour: a typo must not print
    elif text:
        if len(text) == 4 and text.startswith("#"):
            text = "#" + "".join(ch * 2 for ch in text[1:])  # #a00 is #aa0000, as in CSS
        parsed = _parse_color(text)
    if parsed is None:
        raise InputError.single(f"{where}: {value!r} is not a colour (use {COLOUR_FORMS})")
    if type(written) is str and len(_COLORS) < 10_000:
        _COLORS[written] = parsed
    return parsed


def _paint(ctx: Context, fill: str | None, stroke: str | None, width_mm: float, opacity: float = 1.0
           ) -> tuple[int, int]:
    """Set the fill and stroke colours and the line width; with ``opacity`` below 1, fill and stroke at it times
    their colour's own alpha (``#rrggbbaa``) until the element's saved state is restored."""
    c = ctx.canvas
    fill_alpha = stroke_alpha = 1.0
    if fill:
        ink = color(fill, ctx.piece_name)
        c.setFillColor(ink)  # ReportLab sets the fill opacity to the colour's alpha here
        fill_alpha = ink.alpha
    if stroke:
        ink = color(stroke, ctx.piece_name)
        c.setStrokeColor(ink)
        stroke_alpha = ink.alpha
        c.setLineWidth(width_mm * mm)
    if opacity < 1:  # after the colours, which would reset it
        c.setFillAlpha(max(0.0, fill_alpha * opacity))
        c.setStrokeAlpha(max(0.0, stroke_alpha * opacity))
    return (1 if stroke else 0), (1 if fill else 0)


def draw_element(ctx: Context, e: Element) -> None:
    c = ctx.canvas
    if isinstance(e, Rect | Circle | Star) and (e.gradient is not None or isinstance(e, Star)):
        _draw_shape(ctx, e)
    elif isinstance(e, Rect):
        c.saveState()
        stroke, fill = _paint(ctx, e.fill, e.stroke, e.stroke_width, e.opacity)
        if e.dash:  # solid otherwise: every dash is set inside its own element's saved state
            c.setDash([d * mm for d in e.dash])
        x, y = ctx.pt(e.x, e.y + e.h)
        if e.radius:
            c.roundRect(x, y, e.w * mm, e.h * mm, e.radius * mm, stroke=stroke, fill=fill)
        else:
            c.rect(x, y, e.w * mm, e.h * mm, stroke=stroke, fill=fill)
        c.restoreState()
    elif isinstance(e, Line):
        c.saveState()
        _paint(ctx, None, e.stroke, e.stroke_width, e.opacity)
        if e.dash:
            c.setDash([d * mm for d in e.dash])
        c.line(*ctx.pt(e.x1, e.y1), *ctx.pt(e.x2, e.y2))
        c.restoreState()
    elif isinstance(e, Circle):
        c.saveState()
        stroke, fill = _paint(ctx, e.fill, e.stroke, e.stroke_width, e.opacity)
        c.circle(*ctx.pt(e.cx, e.cy), e.r * mm, stroke=stroke, fill=fill)
        c.restoreState()
    elif isinstance(e, Polygon):
        _draw_polygon(ctx, e)
    elif isinstance(e, PathShape):
        _draw_path(ctx, e)
    elif isinstance(e, Text):
        _draw_text(ctx, e)
    elif isinstance(e, Icon):
        _draw_icon(ctx, e)
    elif isinstance(e, Image):
        _draw_image(ctx, e)
    elif isinstance(e, QRCode):
        _draw_qr(ctx, e)
    elif isinstance(e, Marker):
        _draw_marker(ctx, e)
    else:  # pragma: no cover - the Element union is closed
        raise TypeError(f"unknown element {e!r}")


def _alpha(c: Canvas, opacity: float) -> None:
    """Fill and stroke at ``opacity`` (0-1) until the element's saved state is restored; nothing written at 1."""
    if opacity < 1:
        c.setFillAlpha(max(0.0, opacity))
        c.setStrokeAlpha(max(0.0, opacity))


def _draw_shape(ctx: Context, e: Rect | Circle | Star) -> None:
    """A rectangle, circle or star as one path: filled with its colour or its gradient (the gradient clipped to
    the path), then stroked."""
    c = ctx.canvas
    path = c.beginPath()
    if isinstance(e, Rect):
        x, y = ctx.pt(e.x, e.y + e.h)
        if e.radius:
            path.roundRect(x, y, e.w * mm, e.h * mm, e.radius * mm)
        else:
            path.rect(x, y, e.w * mm, e.h * mm)
    elif isinstance(e, Circle):
        path.circle(*ctx.pt(e.cx, e.cy), e.r * mm)
    else:
        pts = [ctx.pt(x, y) for x, y in e.outline()]
        path.moveTo(*pts[0])
        for p in pts[1:]:
            path.lineTo(*p)
        path.close()
    left, top, right, bottom = bounds(replace(e, stroke=None))
    c.saveState()
    stroke, fill = _paint(ctx, None if e.gradient is not None else e.fill, e.stroke, e.stroke_width, e.opacity)
    if e.gradient is not None:
        c.saveState()
        c.clipPath(path, stroke=0, fill=0)
        _gradient(ctx, e.gradient, (*ctx.pt(left, bottom), *ctx.pt(right, top)))
        c.restoreState()
        fill = 0
    c.drawPath(path, stroke=stroke, fill=fill)
    c.restoreState()


def _gradient(ctx: Context, g: Gradient, box: tuple[float, float, float, float]) -> None:
    """Paint ``g`` over ``box`` (PDF points: x0, y0, x1, y1), colours spread evenly, carried past both ends."""
    if len(g.colors) < 2:
        raise InputError.single(f"{ctx.piece_name}: a gradient needs at least two colours; found {list(g.colors)}")
    colors = [color(v, ctx.piece_name) for v in g.colors]
    if any(c.alpha < 1 for c in colors):  # a PDF shading has no alpha: it would print opaque
        raise InputError.single(f"{ctx.piece_name}: a gradient's colours are opaque (a PDF shading has no alpha); "
                                f"found {', '.join(v for v, c in zip(g.colors, colors, strict=True) if c.alpha < 1)}"
                                "; give the shape an opacity instead")
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if g.kind == "radial":
        ctx.canvas.radialGradient(cx, cy, max(x1 - x0, y1 - y0) / 2, colors, extend=True)
        return
    a = math.radians(g.angle)
    dx, dy = math.cos(a), -math.sin(a)  # y points down on the card, up in the PDF
    half = abs((x1 - x0) / 2 * dx) + abs((y1 - y0) / 2 * dy)
    ctx.canvas.linearGradient(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half, colors, extend=True)


def _draw_path(ctx: Context, e: PathShape) -> None:
    """An SVG path placed in its box: filled with its colour or gradient (by its fill rule), then stroked."""
    c = ctx.canvas
    path = c.beginPath()
    for seg in e.segments_mm():
        pts = [ctx.pt(seg.points[i], seg.points[i + 1]) for i in range(0, len(seg.points), 2)]
        if seg.op == "M":
            path.moveTo(*pts[0])
        elif seg.op == "L":
            path.lineTo(*pts[0])
        elif seg.op == "C":
            path.curveTo(*pts[0], *pts[1], *pts[2])
        else:
            path.close()
    mode = FILL_EVEN_ODD if e.fill_rule == "evenodd" else FILL_NON_ZERO
    c.saveState()
    stroke, fill = _paint(ctx, None if e.gradient is not None else e.fill, e.stroke, e.stroke_width, e.opacity)
    if e.gradient is not None:
        left, top, right, bottom = bounds(replace(e, stroke=None))
        c.saveState()
        c.clipPath(path, stroke=0, fill=0, fillMode=mode)
        _gradient(ctx, e.gradient, (*ctx.pt(left, bottom), *ctx.pt(right, top)))
        c.restoreState()
        fill = 0
    c.drawPath(path, stroke=stroke, fill=fill, fillMode=mode)
    c.restoreState()


def _draw_polygon(ctx: Context, e: Polygon) -> None:
    c = ctx.canvas
    c.saveState()
    stroke, fill = _paint(ctx, None if e.gradient else e.fill, e.stroke, e.stroke_width, e.opacity)
    pts = [ctx.pt(x, y) for x, y in e.points]
    path = c.beginPath()
    if e.smooth and len(pts) >= 3:
        # Closed Catmull-Rom spline through the points, as cubic Béziers.
        n = len(pts)
        path.moveTo(*pts[0])
        for i in range(n):
            p0, p1, p2, p3 = pts[i - 1], pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
            c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
            c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
            path.curveTo(*c1, *c2, *p2)
        path.close()
    else:
        path.moveTo(*pts[0])
        for p in pts[1:]:
            path.lineTo(*p)
        if e.closed:
            path.close()
    if e.gradient is not None and e.closed:
        c.saveState()
        c.clipPath(path, stroke=0, fill=0)
        left, top, right, bottom = bounds(replace(e, stroke=None))
        _gradient(ctx, e.gradient, (*ctx.pt(left, bottom), *ctx.pt(right, top)))
        c.restoreState()
        fill = 0
    c.drawPath(path, stroke=stroke, fill=fill if e.closed else 0)
    c.restoreState()


def _draw_text(ctx: Context, e: Text) -> None:
    if not e.text:
        return
    fam = _family(e.font, e.bold)
    if fam.label is not None:
        lack = _lacking_face(e.text, fam)
        if lack is not None:  # set in the regular face it would print plain: a silent loss of the designer's type
            key = lack.replace(" ", "_")
            raise InputError.single(
                f"{ctx.piece_name}: {_visible(e.text)[:40]!r} asks for {lack}, but the font `{fam.label}` has no "
                f"{lack} face; give the family its `{key}:` file under `fonts:` in the deck, or drop the "
                f"{'markup' if lack != 'bold' or not e.bold else '`bold: true`'}")
    foreign = _foreign_markup(e.text)
    if foreign is not None:  # printed as written it would be a silent loss of the designer's bold or colour
        raise InputError.single(f"{ctx.piece_name}: {foreign}")
    visible = _visible(e.text)
    fonts.check_text(visible, ctx.piece_name, fam)  # every styled face falls back to the regular one
    gap = _face_gap(e.text, fam)
    if gap is not None:  # a bold run set partly in the regular weight: never without a word
        _report_face_gap(ctx, e.text, fam, *gap)
    c = ctx.canvas
    horizontal = e.rotation in (0, 180)
    box_w, box_h = (e.w, e.h) if horizontal else (e.h, e.w)
    if ctx.known_icons is None:
        ctx.known_icons = _known_icons(ctx)
    known = ctx.known_icons
    for name in _inline_icons(e.text):
        if name not in known:  # printed as the literal ":name:" it would be a silent typo
            raise _no_icon(ctx, name, inline=True)
    # Shrink-to-fit never goes below the legible floor; text that still does not fit is reported.
    floor = floor_for(visible)
    smallest = min(e.size, max(e.min_size, floor))
    hyphenate = hyphenation_setting(e.hyphenate) or None  # a template gave a language; game code may say True
    set_ = fit_text(e.text, box_w * mm, box_h * mm, e.size, smallest, e.leading, e.wrap, known, fam,
                    e.emphasis, ctx.glossary, hyphenate, e.align == "justify", e.direction)
    if bidi.explicit_controls(e.text):
        ctx.warn(f"{ctx.piece_name}: {_visible(e.text)[:40]!r} holds bidi embedding or isolate controls "
                 "(U+202A-202E, U+2066-2069), which printkit does not apply; set direction: on the element, or "
                 "mark a word's direction with U+200E/U+200F")
    _warn_unshaped(ctx, set_)
    if ctx.texts is not None:
        ctx.texts.append(SetTextRecord(ctx.index, e, set_.size, set_.line_texts, set_.line_widths_mm,
                                       set_.paragraph_ends, set_.fits, floor, set_.line_runs, set_.line_rtl))
    elif not set_.fits:
        ctx.warn(f"{ctx.piece_name}: text does not fit its box even at {smallest:g} pt: {e.text[:40]!r}")
    c.saveState()
    cx, cy = ctx.pt(e.x + e.w / 2, e.y + e.h / 2)
    c.translate(cx, cy)
    if e.rotation:
        c.rotate(e.rotation)
    size = set_.size
    line_h = size * e.leading
    block_h = size * (e.leading * (len(set_.lines) - 1) + 1.0)
    half_w, half_h = box_w * mm / 2, box_h * mm / 2
    if e.valign == "top":
        top = half_h
    elif e.valign == "bottom":
        top = -half_h + block_h
    else:
        top = block_h / 2
    shown = _shown_window(ctx, e, cx, cy)  # a tile shows part of a board: only its characters are written
    # a shadow is the same lines set once more in its colour, offset, beneath the text
    passes: list[tuple[str | None, float, float]] = [(e.shadow, e.shadow_dx * mm, -e.shadow_dy * mm)] \
        if e.shadow else []
    passes.append((None, 0.0, 0.0))
    for shade, sx, sy in passes:
        ink = color(shade or e.color, ctx.piece_name)
        c.setFillColor(ink)
        outline = e.outline if shade is None else None
        if outline:
            c.setStrokeColor(color(outline, ctx.piece_name))
            c.setLineWidth(e.outline_width * mm)
        fill: str | None = None  # the fill in force (None: ink); a colour set inside a text object stays set
        t = None  # the open text object
        face = ""  # its font
        for i, (line, runs) in enumerate(zip(set_.lines, set_.drawing, strict=True)):
            # Centre the cap height in each line box so digits sit visually centred.
            baseline = top - i * line_h - size / 2 - fonts.CAP_HEIGHT * size / 2 + sy
            side = bidi.line_side(e.align, bool(line.level), line.stretch > 0)
            if side == "left":
                x = -half_w + sx
            elif side == "right":
                x = half_w - line.width + sx
            else:
                x = -line.width / 2 + sx
            # One string per run of tokens in one face and colour (word spaces written as spaces): the advance a
            # viewer computes from the embedded widths is the one the line was measured with.  One text object
            # serves every line until an icon (drawn outside text objects) interrupts it.
            started = False  # whether this line's origin is set
            if shown is not None and not (shown[1] <= baseline + size and baseline - size * 0.3 <= shown[3]):
                continue  # the line lies outside the part of the piece that shows
            for run in runs:
                if run.icon:
                    if t is not None:
                        c.drawText(t)
                        t, face = None, ""
                    _draw_icon_pt(ctx, run.icon, x + run.dx, baseline - size * 0.12, size, size, shade or e.color)
                    started = False
                    continue
                dx = run.dx
                if shown is not None:
                    run = _shown_glyphs(run, size, x, shown)
                    if run is None:
                        continue
                    dx = run.dx
                    started = False  # the next run's kept glyphs need their own origin
                if t is None:
                    t = c.beginText(x + dx, baseline)
                    if outline:
                        t.setTextRenderMode(2)  # fill, then stroke the outline
                elif not started or run.moved:
                    t.setTextOrigin(x + dx, baseline)
                started = True
                want = None if shade else run.color
                if want != fill:
                    t.setFillColor(color(want, ctx.piece_name) if want is not None else ink)
                    fill = want
                if run.font != face:
                    t.setFont(run.font, size)
                    face = run.font
                text_operators(t, run.font, run.codes, run.advances, run.offsets, run.extra)
                if shown is not None:
                    started = False
        if t is not None:
            c.drawText(t)
    c.restoreState()


def _shown_window(ctx: Context, e: Text, cx: float, cy: float) -> tuple[float, float, float, float] | None:
    """The part of the piece that shows (``ctx.window``) in the text's own unrotated points round its centre
    (left, bottom, right, top), or None when all of the text is drawn: no window, a turned text, or a text that
    lies inside the window whole."""
    w = ctx.window
    if w is None or e.rotation:
        return None
    if w[0] <= e.x and e.x + e.w <= w[2] and w[1] <= e.y and e.y + e.h <= w[3]:
        return None
    left, top = ctx.pt(w[0], w[1])
    right, bottom = ctx.pt(w[2], w[3])
    return (left - cx, bottom - cy, right - cx, top - cy)


def _shown_glyphs(run: Run, size: float, x: float, shown: tuple[float, float, float, float]) -> Run | None:
    """The glyphs of a run (its line starting at ``x``) whose advance lies in ``shown``'s left-right span, as a run
    of their own starting where the first of them starts; None when none does."""
    starts = run.glyph_starts(size)
    kept = [i for i in range(len(run.codes)) if x + starts[i + 1] >= shown[0] and x + starts[i] <= shown[2]]
    if not kept:
        return None
    first, last = kept[0], kept[-1] + 1
    return replace(run, dx=starts[first], codes=run.codes[first:last], advances=run.advances[first:last],
                   offsets=run.offsets[first:last] if run.offsets else None,
                   extra=run.extra[first:last] if run.extra else None)


def _warn_unshaped(ctx: Context, set_: SetText) -> None:
    """Say once per document of each face HarfBuzz could not shape that its text is set without kerning."""
    if not any_unshaped():
        return
    said: set[str] = ctx.canvas.__dict__.setdefault("_printkit_unshaped", set())
    for runs in set_.drawing:
        for run in runs:
            if run.icon is None and run.font not in said:
                why = unshaped_reason(run.font)
                if why is not None:
                    said.add(run.font)
                    ctx.warn(f"{ctx.piece_name}: the font {run.font} cannot be shaped ({why}); its text is set "
                             f"without kerning or ligatures")


def _family(font: str | None, bold: bool) -> fonts.Family:
    """The element's family; the bundled one's is made once (a user's font file is looked at each time, so
    ``--watch`` sees it change)."""
    if font is None or font.strip() in ("sans", fonts.SANS):
        return _sans(bold)
    fam = fonts.family(font)
    return replace(fam, all_bold=True) if bold else fam


@lru_cache(maxsize=4096)
def _lacking_face(text: str, fam: fonts.Family) -> str | None:
    """The first style a run of ``text`` asks for (by markup, or the element's ``bold``) that ``fam`` lacks."""
    for run in markup.parse(text):
        if _strip_icons(run.text).strip():
            lack = fam.lacks(run.bold, run.italic)
            if lack is not None:
                return lack
    return None


GAP_CHARS_SHOWN = 6  # characters a face-gap message lists; the rest are counted


@lru_cache(maxsize=20_000)
def _face_gap(text: str, fam: fonts.Family) -> tuple[str, tuple[str, ...]] | None:
    """The style a run of ``text`` asks for whose face lacks characters of the run that the family's regular face
    has (they would be set in the regular weight), and those characters; None when every run gets its face.

    The bundled family's bold holds Latin and the common Traditional Chinese characters only (fonts.py): its gaps
    count in Japanese text, whose bold katakana it lacks; rare Chinese characters set regular stay its documented
    way.  Its italic is Latin only: upright CJK there is on purpose (the emphasis colour marks it)."""
    japanese = fam.label is not None or KANA.search(text) is not None
    if not japanese:
        return None
    for run in markup.parse(text):
        bold, italic = run.bold or fam.all_bold, run.italic
        if not (bold or italic) or (fam.label is None and not bold):
            continue
        if fam.lacks(bold, italic) is not None:
            continue  # reported as a face the family has none of
        face = fam.pick(bold, italic if fam.label is not None else False)
        chars = _strip_icons(run.text)
        lacking = [c for c in fonts.missing_characters(chars, face) if c not in
                   fonts.missing_characters(c, fam.regular) and not c.isspace()]
        if lacking:
            return ("bold italic" if bold and italic else "bold" if bold else "italic"), tuple(lacking)
    return None


def _report_face_gap(ctx: Context, text: str, fam: fonts.Family, style: str, chars: tuple[str, ...]) -> None:
    """A user's family whose styled face lacks a character is an error (the designer gives a fuller face or
    drops the markup); the bundled family's bold sets it in the regular weight, and says so."""
    shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in chars[:GAP_CHARS_SHOWN])
    more = f" and {len(chars) - GAP_CHARS_SHOWN} more" if len(chars) > GAP_CHARS_SHOWN else ""
    excerpt = _visible(text)[:40]
    if fam.label is not None:
        key = style.replace(" ", "_")
        raise InputError.single(
            f"{ctx.piece_name}: {excerpt!r} asks for {style}, but the {style} face of `{fam.label}` has no glyph for "
            f"{shown}{more} (its regular face has); give the family a {key}: file that has them, or drop the "
            "markup there")
    ctx.warn(f"{ctx.piece_name}: the bundled {style} face has no glyph for {shown}{more}; set in the regular "
             f"weight in {excerpt!r} (give the text a font family with a bold face that has them, under fonts:)")


@cache
def _sans(bold: bool) -> fonts.Family:
    return replace(fonts.sans(), all_bold=True) if bold else fonts.sans()


@lru_cache(maxsize=20_000)
def _foreign_markup(text: str) -> str | None:
    return markup.foreign_markup(text)


@lru_cache(maxsize=20_000)
def _visible(text: str) -> str:
    """The characters ``text`` prints (markup and icon names taken out), for the glyph check."""
    return _strip_icons(markup.plain(text))


@lru_cache(maxsize=20_000)
def _inline_icons(text: str) -> tuple[str, ...]:
    """The ``:name:`` tokens of ``text`` that name an icon (a name starts with a letter: "10:30:" is a time)."""
    from printkit.engine.render.text import _ICON

    return tuple(m.group(1) for m in _ICON.finditer(text) if m.group(1)[0].isalpha())


def _strip_icons(text: str) -> str:
    from printkit.engine.render.text import _ICON

    return _ICON.sub("", text)


def _known_icons(ctx: Context) -> frozenset[str]:
    """Icon names in the search folders, listed once per folder state (not once per text element) and looked
    at once per document (a new build, e.g. under ``--watch``, looks again)."""
    seen: dict[tuple[Path, ...], frozenset[str]] = ctx.canvas.__dict__.setdefault("_printkit_known_icons", {})
    names = seen.get(ctx.icon_search)
    if names is None:
        names = seen[ctx.icon_search] = _listed_icons(ctx)
    return names


def _listed_icons(ctx: Context) -> frozenset[str]:
    key = []
    for d in ctx.icon_search:
        try:
            key.append((d, d.stat().st_mtime_ns))  # adding, removing or renaming an icon changes the mtime
        except OSError:
            key.append((d, None))
    return _icon_names(tuple(key))


@cache
def _icon_names(folders: tuple[tuple[Path, int | None], ...]) -> frozenset[str]:
    names: set[str] = set()
    for d, _mtime in folders:
        if d.is_dir():
            names.update(p.stem for p in d.glob("*.svg"))
    return frozenset(names)


_SVG_READ: dict[tuple[Path, str | None], Drawing] = {}  # the icons _svg_drawing has read (and remembers)


MAX_SVG_BYTES = 10_000_000  # lxml drops an attribute over 10 MB (a path's `d`) without a word: blank art
# distinct SVG files in one PDF: parsed and drawn at about 1 MB a CPU second here; all bundled icons are 0.3 MB
MAX_DOCUMENT_SVG_BYTES = 5_000_000


def _svg_size(path: Path) -> int:
    """The SVG file's size, refused over :data:`MAX_SVG_BYTES`; 0 when it is missing (its reader says so)."""
    try:
        size = path.stat().st_size
    except OSError:
        return 0
    if size > MAX_SVG_BYTES:
        raise InputError.single(f"this SVG is {size / 1e6:,.1f} MB; printkit reads SVG files of at most "
                                f"{MAX_SVG_BYTES / 1e6:.0f} MB (parts of a larger one would be left out)", path)
    return size


@cache
def _svg_drawing(path: Path, tint: str | None) -> Drawing:
    _svg_size(path)
    ink = color(tint, str(path)) if tint else None
    try:
        svg = path.read_text(encoding="utf-8")
        if ink is not None:  # svglib reads #rrggbb; a tint's alpha is put on the shapes painted in it below
            svg = svg.replace("currentColor", ink.hexval().replace("0x", "#"))
        drawing = svg2rlg(io.StringIO(svg))
    except Exception:  # lxml and svglib raise many kinds for a broken file
        drawing = None
    if drawing is None:
        raise InputError.single("not a readable SVG file", path)
    for side in ("width", "height"):  # it is scaled to its box by these: 0 divides by zero, 1e308 overflows
        size = getattr(drawing, side)
        if not (isinstance(size, int | float) and 0 < size <= MAX_DRAWN_NUMBER):
            raise InputError.single(f"the SVG's {side} must be a number above 0 and at most "
                                    f"{MAX_DRAWN_NUMBER:,.0f}; found {size!r}", path)
    _embed_fonts_only(drawing)
    return drawing


def _embed_fonts_only(drawing: Drawing) -> None:
    """ReportLab graphics start from Helvetica, which is never embedded; start from our font."""
    drawing.initialFontName = fonts.register()
    drawing.initialFontSize = 10


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def library_warnings(ctx: Context, path: Path) -> Iterator[None]:
    """Warnings Pillow, svglib or ReportLab give while reading ``path``, reworded as printkit warnings
    naming the piece and the file (and kept off stderr, so ``-q`` stays quiet)."""
    handler = _Collect()
    loggers = [logging.getLogger(n) for n in ("svglib", "svglib.svglib", "PIL", "reportlab")]
    saved = [(lg, lg.propagate) for lg in loggers]
    for lg in loggers:
        lg.addHandler(handler)
        lg.propagate = False
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield
    finally:
        for lg, propagate in saved:
            lg.removeHandler(handler)
            lg.propagate = propagate
    said = [f"{w.category.__name__}: {w.message}" for w in caught] + handler.messages
    for message in dict.fromkeys(said):
        ctx.warn(f"{ctx.piece_name}: {path.name}: {message}")


def _find_icon(ctx: Context, name: str) -> Path:
    """The icon's file, looked for once per document (a deck draws the same icons on many cards)."""
    found: dict[tuple[tuple[Path, ...], str], Path] = ctx.canvas.__dict__.setdefault("_printkit_icon_files", {})
    path = found.get((ctx.icon_search, name))
    if path is not None:
        return path
    check_name(name, f"{ctx.piece_name}: icon")
    for d in ctx.icon_search:
        p = d / f"{name}.svg"
        if p.is_file():
            found[(ctx.icon_search, name)] = p
            return p
    raise _no_icon(ctx, name)


# difflib's similarity above which a known icon is offered for a misspelt one: "fire" → "flame" scores 0.44,
# while game icons sharing only a prefix ("ist-market") stay below the best match.
SUGGEST_CUTOFF = 0.4


def _no_icon(ctx: Context, name: str, inline: bool = False) -> InputError:
    """The error for an icon name no folder has, with the nearest names that exist."""
    close = difflib.get_close_matches(name, sorted(_known_icons(ctx)), n=1, cutoff=SUGGEST_CUTOFF)
    hint = f"; did you mean {' or '.join(f'`{c}`' for c in close)}?" if close else ""
    what = f"inline icon `:{name}:`" if inline else f"icon `{name}`"
    return InputError.single(f"{ctx.piece_name}: no {what}{hint} (looked in "
                             f"{', '.join(str(d) for d in ctx.icon_search)})")


def _draw_icon(ctx: Context, e: Icon) -> None:
    x, y = ctx.pt(e.x, e.y + e.h)
    _draw_icon_pt(ctx, e.name, x, y, e.w * mm, e.h * mm, e.color)


def _draw_icon_pt(ctx: Context, name: str, x: float, y: float, w: float, h: float, tint: str | None) -> None:
    ink = color(tint, ctx.piece_name) if tint is not None else None  # a bad colour is the user's error
    path = _find_icon(ctx, name)
    _count_svg(ctx, path)
    drawing = _SVG_READ.get((path, tint))
    if drawing is None:  # read once: what the libraries say about the file is said then
        with library_warnings(ctx, path):
            drawing = _SVG_READ[(path, tint)] = _svg_drawing(path, tint)
    scale = min(w / drawing.width, h / drawing.height)
    dx = x + (w - drawing.width * scale) / 2
    dy = y + (h - drawing.height * scale) / 2
    c = ctx.canvas
    c.saveState()
    c.translate(dx, dy)
    c.scale(scale, scale)
    form = _icon_form(c, path, tint, drawing)
    if ink is not None and ink.alpha < 1:
        # set outside the form, which inherits it: ReportLab gives a form no ExtGState of its own
        c.setFillAlpha(ink.alpha)
        c.setStrokeAlpha(ink.alpha)
    c.doForm(form)
    c.restoreState()


def _icon_form(c: Canvas, path: Path, tint: str | None, drawing: Drawing) -> str:
    """The icon drawn once per PDF as a form (XObject) that every use refers to: a pad of 500 sheets
    repeats the same few dozen icons thousands of times."""
    forms: dict[tuple[str, str | None], str] = c.__dict__.setdefault("_printkit_icon_forms", {})
    key = (str(path), tint)
    if key not in forms:
        name = f"pkicon{len(forms)}"
        c.beginForm(name, 0, 0, drawing.width, drawing.height)
        renderPDF.draw(drawing, c, 0, 0)
        end_form(c, name)
        forms[key] = name
    return forms[key]


MIN_ART_DPI = 300  # below this, art looks soft in print
MAX_IMAGE_PIXELS = 50_000_000  # one picture: a 500 mm square board at 300 dpi is 35 million; decoded ~200 MB
MAX_DOCUMENT_PIXELS = 500_000_000  # the distinct pictures of one PDF together (a few seconds of decoding each 100 M)


@lru_cache(maxsize=4)  # a decoded CMYK picture each: reused across a deck's cards, never all a build's pictures
def _cmyk_reader(path: Path, _mtime: int):
    from PIL import Image as PILImage
    from reportlab.lib.utils import ImageReader

    with PILImage.open(path) as img:
        img.load()
        rgb = img.convert("RGBA") if img.mode in ("RGBA", "LA", "P") else img.convert("RGB")
    if rgb.mode == "RGBA":  # no alpha in CMYK: composite on white paper
        paper = PILImage.new("RGB", rgb.size, "#ffffff")
        paper.paste(rgb, mask=rgb.getchannel("A"))
        rgb = paper
    return ImageReader(rgb.convert("CMYK"))


def _cmyk_image(path: Path):
    """The picture converted to CMYK (Pillow's formula, as render/cmyk.py describes), read once per file."""
    return _cmyk_reader(path, path.stat().st_mtime_ns)


@cache
def _pixel_size(path: Path, _mtime: int) -> tuple[int, int]:
    from PIL import Image as PILImage

    with PILImage.open(path) as img:
        return img.size


def _fitted(e: Image, iw: float, ih: float) -> tuple[float, float, float, float]:
    """Where the picture goes (x, y, w, h in mm, y down) inside its box, for its fit and focus."""
    if e.fit == "stretch" or iw <= 0 or ih <= 0:
        return e.x, e.y, e.w, e.h
    scale = (max if e.fit == "cover" else min)(e.w / iw, e.h / ih)
    dw, dh = iw * scale, ih * scale
    fx, fy = min(1.0, max(0.0, e.focus_x)), min(1.0, max(0.0, e.focus_y))
    return e.x + (e.w - dw) * fx, e.y + (e.h - dh) * fy, dw, dh


def _count_pixels(ctx: Context, path: Path, iw: int, ih: int) -> None:
    """Refuse a picture larger than :data:`MAX_IMAGE_PIXELS`, and pictures that together (each distinct file once
    per PDF) pass :data:`MAX_DOCUMENT_PIXELS`: decoding is what costs, and a small file may decode to gigabytes."""
    if iw * ih > MAX_IMAGE_PIXELS:
        raise InputError.single(f"{ctx.piece_name}: this image is {iw:,} × {ih:,} px; printkit takes images of at most "
                                f"{MAX_IMAGE_PIXELS / 1e6:.0f} million px (scale it down)", path)
    seen: dict[Path, int] = ctx.canvas.__dict__.setdefault("_printkit_image_pixels", {})
    if path not in seen:
        seen[path] = iw * ih
        total = sum(seen.values())
        if total > MAX_DOCUMENT_PIXELS:
            raise InputError.single(f"{ctx.piece_name}: with this image the PDF's {len(seen)} pictures hold "
                                    f"{total / 1e6:,.0f} million px; one PDF takes at most "
                                    f"{MAX_DOCUMENT_PIXELS / 1e6:,.0f} million (use smaller images)", path)


def _count_svg(ctx: Context, path: Path) -> None:
    """Refuse SVG files that together (each distinct file once per PDF) pass :data:`MAX_DOCUMENT_SVG_BYTES`:
    each is parsed and drawn as vector paths, and a few hundred large icons took over a minute."""
    seen: dict[Path, int] = ctx.canvas.__dict__.setdefault("_printkit_svg_bytes", {})
    if path in seen:
        return
    seen[path] = _svg_size(path)
    total = sum(seen.values())
    if total > MAX_DOCUMENT_SVG_BYTES:
        raise InputError.single(f"{ctx.piece_name}: with this SVG the PDF's {len(seen)} SVG files hold "
                                f"{total / 1e6:,.1f} MB; one PDF takes at most {MAX_DOCUMENT_SVG_BYTES / 1e6:.0f} MB "
                                "of SVG (simplify the art, or use PNG)", path)


def _draw_image(ctx: Context, e: Image) -> None:
    path = Path(e.path)
    if not path.is_file():
        raise InputError.single(f"{ctx.piece_name}: image file not found", path)
    c = ctx.canvas
    svg = path.suffix.lower() == ".svg"
    if svg:
        with library_warnings(ctx, path):
            _count_svg(ctx, path)
            drawing = _svg_drawing(path, None)
        iw, ih = drawing.width, drawing.height
    else:
        try:
            with library_warnings(ctx, path):
                iw, ih = _pixel_size(path, path.stat().st_mtime_ns)
        except Exception as exc:  # Pillow raises many kinds for a broken image file
            raise InputError.single(f"{ctx.piece_name}: cannot read this image ({type(exc).__name__})",
                                    path) from None
    if not svg:
        _count_pixels(ctx, path, iw, ih)
    x, y, w, h = _fitted(e, iw, ih)
    if not svg and w > 0:
        dpi = iw / (w / 25.4)
        if dpi < MIN_ART_DPI - 0.5:
            ctx.warn(f"{ctx.piece_name}: {path.name} prints at {dpi:.0f} dpi at this size ({w:.1f} mm wide; "
                     f"{MIN_ART_DPI} dpi needs {w / 25.4 * MIN_ART_DPI:.0f} px, it has {iw})")
    c.saveState()
    if e.rotation:
        cx, cy = ctx.pt(e.x + e.w / 2, e.y + e.h / 2)
        c.translate(cx, cy)
        c.rotate(e.rotation)
        c.translate(-cx, -cy)
    if e.opacity < 1:
        c.setFillAlpha(max(0.0, e.opacity))
        c.setStrokeAlpha(max(0.0, e.opacity))
    if e.radius or e.fit == "cover":
        clip = c.beginPath()
        bx, by = ctx.pt(e.x, e.y + e.h)
        if e.radius:
            clip.roundRect(bx, by, e.w * mm, e.h * mm, e.radius * mm)
        else:
            clip.rect(bx, by, e.w * mm, e.h * mm)
        c.clipPath(clip, stroke=0, fill=0)
    px, py = ctx.pt(x, y + h)
    if svg:
        c.translate(px, py)
        c.scale(w * mm / iw, h * mm / ih)
        renderPDF.draw(drawing, c, 0, 0)
    else:
        try:
            _place_image(ctx, path, px, py, w * mm, h * mm)
        except Exception as exc:  # Pillow and ReportLab raise many kinds for a broken image file
            c.restoreState()
            raise InputError.single(f"{ctx.piece_name}: cannot read this image ({type(exc).__name__})",
                                    path) from None
    c.restoreState()


def _place_image(ctx: Context, path: Path, x: float, y: float, w: float, h: float) -> None:
    """Draw a raster file at (x, y), w x h points: decoded, hashed and embedded on its first use in the document,
    then placed again by name, writing exactly what ``drawImage`` writes for an image it holds already.

    ReportLab embeds a picture once either way, but finds that out by decoding the whole file and hashing its
    pixels on every call: 25 cards sharing a 1500 x 1000 px picture decoded it 25 times (most of an art deck's
    build time).  The file is known by its resolved path, modification time and size.
    """
    c = ctx.canvas
    placed: dict[tuple, str] = c.__dict__.setdefault("_printkit_images", {})
    st = path.stat()
    key = (str(path.resolve()), st.st_mtime_ns, st.st_size, is_cmyk(c))
    name = placed.get(key)
    if name is None:
        # Read from bytes, so ReportLab names the image by its content, not by the path string:
        # the same picture given by a relative or an absolute path makes the same PDF bytes.
        with library_warnings(ctx, path):
            reader = _cmyk_image(path) if is_cmyk(c) else ImageReader(io.BytesIO(path.read_bytes()))
            c.drawImage(reader, x, y, w, h, mask="auto")
        placed[key] = c._formsinuse[-1]  # the content name drawImage gave it
        return
    c._currentPageHasImages = 1
    c.saveState()
    c.translate(x, y)
    c.scale(w, h)
    c._code.append(f"/{c._doc.getXObjectName(name)} Do")
    c.restoreState()
    c._formsinuse.append(name)


QR_BORDER = 2  # quiet zone, modules


@cache
def _qr_runs(data: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The QR code of ``data`` (level M) as its module count and dark runs (row, first column, length).

    Encoded once per text by ReportLab's encoder and drawn as one filled path: the same modules its
    widget draws as thousands of separate shapes (each validated attribute by attribute).
    """
    from reportlab.graphics.barcode.qr import QrCodeWidget  # here: only pieces with a QR code need the encoder

    widget = QrCodeWidget(data, barLevel="M", barBorder=QR_BORDER)
    widget.qr.make()
    runs = []
    for r, row in enumerate(widget.qr.modules):
        c = 0
        for dark, group in itertools.groupby(map(bool, row)):
            n = len(list(group))
            if dark:
                runs.append((r, c, n))
            c += n
    return widget.qr.getModuleCount(), tuple(runs)


def _draw_qr(ctx: Context, e: QRCode) -> None:
    count, runs = _qr_runs(e.data)
    size = e.size * mm
    box = size / (count + 2 * QR_BORDER)
    x, y = ctx.pt(e.x, e.y + e.size)
    c = ctx.canvas
    path = c.beginPath()
    for r, col, n in runs:
        path.rect(x + (col + QR_BORDER) * box, y + size - (r + QR_BORDER + 1) * box, n * box, box)
    c.saveState()
    c.setFillColor(HexColor("#000000"))
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


def _draw_marker(ctx: Context, e: Marker) -> None:
    """Black square, white ring, and a black block in the corner named by ``kind``.

    The block's corner differs per marker, so a scanner can tell the four corners apart
    and the page's orientation from any one of them.
    """
    c = ctx.canvas
    s = e.size
    c.saveState()
    c.setFillColor(HexColor("#000000"))
    x, y = ctx.pt(e.x, e.y + s)
    c.rect(x, y, s * mm, s * mm, stroke=0, fill=1)
    c.setFillColor(HexColor("#ffffff"))
    c.rect(x + s / 6 * mm, y + s / 6 * mm, s * 4 / 6 * mm, s * 4 / 6 * mm, stroke=0, fill=1)
    c.setFillColor(HexColor("#000000"))
    q = s / 3
    corner = e.kind % 4  # 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left
    bx = e.x + (s / 6 if corner in (0, 3) else s / 2)
    by = e.y + (s / 6 if corner in (0, 1) else s / 2)
    bx_pt, by_pt = ctx.pt(bx, by + q)
    c.rect(bx_pt, by_pt, q * mm, q * mm, stroke=0, fill=1)
    c.restoreState()

