"""The preflight of laid-out pages: what the renderer placed, checked against print rules.

Every check reads the :class:`~printkit.engine.preflight.record.RenderLog` of one component and
returns findings; nothing here draws or touches files.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from printkit.engine.clipping import clip_interval
from printkit.engine.elements import (
    Circle,
    Element,
    Icon,
    Image,
    Line,
    Marker,
    Piece,
    Polygon,
    QRCode,
    Rect,
    Text,
    bounds,
)
from printkit.engine.imposition import PRINTABLE_EDGE, Box
from printkit.engine.preflight.findings import Finding
from printkit.engine.preflight.language import language_problem, typography_problems
from printkit.engine.preflight.record import Placement, RenderLog, SetTextRecord
from printkit.engine.render.bidi import line_side
from printkit.engine.units import MM_PER_PT

TOL = 0.05  # mm: geometry closer than this counts as touching
SAME_LINE_GAP = 0.5  # em: two texts side by side closer than this read as one
BAND = 5.0  # mm: height of the bands texts are sorted into to find neighbours


def element_name(index: int, e: Element) -> str:
    kind = type(e).__name__.lower()
    if isinstance(e, Text):
        return f"text #{index} {e.text[:30]!r}"
    if isinstance(e, Icon):
        return f"icon #{index} {e.name!r}"
    return f"{kind} #{index}"


def element_label(piece: Piece, index: int) -> str:
    """An element as warnings name it: its template file and ``id`` (``front.yaml: title``), else the line it is
    written on; by kind and position when the piece does not know (a bundled game's).  A label stays put when
    ``when:`` leaves other elements out on some cards, as a position would not: findings keyed by it are never
    merged with another element's."""
    label = piece.labels[index] if index < len(piece.labels) else None
    return label or element_name(index, piece.elements[index])


def ink_box(rec: SetTextRecord) -> Box:
    """Where the set text's glyphs lie, in piece mm (lines as wide as set, the block as tall)."""
    e = rec.element
    horizontal = e.rotation in (0, 180)
    box_w, box_h = (e.w, e.h) if horizontal else (e.h, e.w)
    size = rec.size * MM_PER_PT
    n = max(1, len(rec.lines))
    block_h = size * (e.leading * (n - 1) + 1.0)
    half_w, half_h = box_w / 2, box_h / 2
    top = half_h if e.valign == "top" else (-half_h + block_h if e.valign == "bottom" else block_h / 2)
    rtl = rec.rtl or (False,) * len(rec.line_widths)
    lines = [(w, r, end) for w, r, end in zip(rec.line_widths, rtl, rec.ends or (True,) * len(rtl), strict=False)
             if w > 0] or [(0.0, False, True)]
    lefts, rights = [], []
    for w, r, end in lines:
        side = line_side(e.align, r, e.align == "justify" and not end)
        left = -half_w if side == "left" else (half_w - w if side == "right" else -w / 2)
        lefts.append(left)
        rights.append(left + w)
    if e.align == "justify" and not all(rec.ends):  # a justified line (not a paragraph's last) reaches both edges
        lefts.append(-half_w)
        rights.append(half_w)
    x0, x1, y0, y1 = min(lefts), max(rights), top - block_h, top  # y up, about the box centre
    corners = [(x0, y0), (x0, y1), (x1, y0), (x1, y1)]
    turned = []
    for x, y in corners:
        if e.rotation == 90:
            x, y = -y, x
        elif e.rotation == 180:
            x, y = -x, -y
        elif e.rotation == 270:
            x, y = y, -x
        turned.append((e.x + e.w / 2 + x, e.y + e.h / 2 - y))
    xs, ys = [p[0] for p in turned], [p[1] for p in turned]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _overlap(a: Box, b: Box, tol: float = TOL) -> bool:
    return a.x + tol < b.right and b.x + tol < a.right and a.y + tol < b.bottom and b.y + tol < a.bottom


def _inside(inner: Box, outer: Box, tol: float = TOL) -> bool:
    return (inner.x >= outer.x - tol and inner.y >= outer.y - tol and inner.right <= outer.right + tol
            and inner.bottom <= outer.bottom + tol)


def _filled(e: Element) -> bool:
    if isinstance(e, (Rect, Circle, Polygon)):
        return bool(e.fill)
    return isinstance(e, (Icon, Image, QRCode, Marker))


def _strokes_of(e: Element) -> list[tuple[float, float, float, float, float]]:
    """Thin strokes that could run through text, as segments (x1, y1, x2, y2, half width): lines
    and the outlines of unfilled rectangles."""
    if isinstance(e, Line) and e.stroke:
        return [(e.x1, e.y1, e.x2, e.y2, e.stroke_width / 2)]
    if isinstance(e, Rect) and e.stroke and not e.fill:
        p = e.stroke_width / 2
        x0, y0, x1, y1 = e.x, e.y, e.x + e.w, e.y + e.h
        return [(x0, y0, x1, y0, p), (x0, y1, x1, y1, p), (x0, y0, x0, y1, p), (x1, y0, x1, y1, p)]
    return []


def _crosses(seg: tuple[float, float, float, float, float], box: Box) -> bool:
    """Does the segment (widened by its half stroke) enter the box?  Liang-Barsky clipping."""
    x1, y1, x2, y2, p = seg
    left, top, right, bottom = box.x - p, box.y - p, box.right + p, box.bottom + p
    return clip_interval(x1, y1, x2, y2, left, top, right, bottom) is not None


def _box(e: Element) -> Box:
    x0, y0, x1, y1 = bounds(e)
    return Box(x0, y0, x1 - x0, y1 - y0)


def check_placement(p: Placement, lang: str | None, glossary: tuple[str, ...] = (),
                    allowed: frozenset[str] = frozenset(), inks: dict[Any, Any] | None = None) -> Iterator[Finding]:
    """Text fit, size floor, trim, overlaps, language and typography inside one placed piece.

    ``inks`` remembers the ink box of each text element set so, and the strokes, filled box and bounds of each
    other element (by identity: the caller keeps every record and element alive while it checks)."""
    piece = p.piece

    def finding(rule: str, message: str, index: int | None = None) -> Finding:
        el = element_label(piece, index) if index is not None else ""
        return Finding(rule, message, p.component, p.page + 1, piece.name, el)

    trim = Box(0, 0, piece.width, piece.height)
    # Elements checked with an earlier placement of the same form: what involves only them is known.
    # (Two texts side by side also look for rules and badges anywhere on the piece: only when the rest
    # holds none can their verdict not have changed.)
    known = p.checked
    if known and any(isinstance(e, (Line, Rect, Circle)) for e in piece.elements[known:]):
        known = 0
    placed: dict[int, Box] = {}
    for rec in p.texts:
        e, i = rec.element, rec.index
        if inks is None:
            ink = ink_box(rec)
        else:
            key = (id(e), rec.size, id(rec.line_widths), len(rec.lines))
            ink = inks.get(key)
            if ink is None:
                ink = inks[key] = ink_box(rec)
        placed[i] = ink
        if i < known:
            continue
        if not rec.fits:
            yield finding("fit", f"does not fit its {e.w:.1f} x {e.h:.1f} mm box even at {rec.size:g} pt", i)
        if rec.size < rec.floor - 1e-6:
            yield finding("floor", f"printed at {rec.size:.2f} pt; nothing may print below {rec.floor:g} pt", i)
        if p.role != "furniture" and not _inside(ink, trim):
            yield finding("trim", f"runs outside the {piece.width:g} x {piece.height:g} mm trim", i)
        problem = language_problem(e.text, lang, allowed) if lang else None
        if problem:
            yield finding("language", problem, i)
        if lang == "zh-TW":
            for message in typography_problems(e.text, rec.lines, rec.ends, glossary):
                yield finding("typography", message, i)
    # Overlaps: text over text, text over art drawn after it, text straddling art beneath it, strokes through text.
    items = sorted(placed.items())
    sizes = {rec.index: rec.size for rec in p.texts}
    # Both tests below need the two inks to share some height: pair each text only with those in the
    # bands of height it reaches (a pad's sheet has hundreds of texts), still in index order.
    bands: dict[int, list[int]] = {}
    for n, (_, ink) in enumerate(items):
        for band in range(int(ink.y // BAND), int(ink.bottom // BAND) + 1):
            bands.setdefault(band, []).append(n)
    for a in range(len(items)):
        ia, ka = items[a]
        ea = piece.elements[ia]
        near = sorted({n for band in range(int(ka.y // BAND), int(ka.bottom // BAND) + 1) for n in bands[band]
                       if n > a})
        for b in near:
            ib, kb = items[b]
            if ib < known:
                continue
            if _overlap(ka, kb):
                yield finding("overlap", f"overlaps {element_label(piece, ib)}", ia)
                continue
            # side by side on one line: they must not read as one
            eb = piece.elements[ib]
            assert isinstance(ea, Text) and isinstance(eb, Text)
            v = min(ka.bottom, kb.bottom) - max(ka.y, kb.y)
            sa, sb = sizes.get(ia, 0.0), sizes.get(ib, 0.0)
            if v > 0.5 * min(ka.h, kb.h) and abs(sa - sb) <= 0.1 * max(sa, sb):  # a number and its subscript pair up
                gap = max(kb.x - ka.right, ka.x - kb.right)
                em = max(sa, sb) * MM_PER_PT
                if 0 <= gap < SAME_LINE_GAP * em and not _badge(piece, ka, kb) and not _ruled(piece, ka, kb):
                    beside = element_label(piece, ib)
                    yield finding("overlap", f"only {gap / MM_PER_PT:.1f} pt from {beside}: they read as one", ia)
    # Glyphs sit inside their advance: test art against the ink with the side bearings taken off.
    inner = {}
    for i, ink in items:
        side = 0.06 * sizes.get(i, 0.0) * MM_PER_PT + 0.05
        inner[i] = Box(ink.x + side, ink.y + 0.1, max(0.0, ink.w - 2 * side), max(0.0, ink.h - 0.2))
    for j, other in enumerate(piece.elements):
        if isinstance(other, Text):
            continue
        shape = inks.get(id(other)) if inks is not None else None  # (an int key: ink keys are tuples)
        if shape is None:
            shape = (_strokes_of(other), _box(other) if _filled(other) else None, bounds(other))
            if inks is not None:
                inks[id(other)] = shape
        strokes, obox, (x0, y0, x1, y1) = shape  # bounds with strokes: nothing of it reaches past these
        if not strokes and obox is None:
            continue
        for i, _ink in items:
            if i < known and j < known:
                continue
            box = inner[i]
            if x1 < box.x or box.right < x0 or y1 < box.y or box.bottom < y0:
                continue  # clear of the text: neither test below can hold
            crossing = [s for s in strokes if _crosses(s, box)]
            if crossing and (j > i or not (_texture(piece, i, box) or _hidden(piece, j, i, box))):
                yield finding("overlap", f"{element_label(piece, j)} runs through it", i)
            elif obox is not None and _overlap(box, obox, 0.0):
                if isinstance(other, Polygon) and not other.smooth and not _polygon_hits(other.points, box):
                    continue  # only its bounding box reaches the text, not the shape
                if j > i:
                    yield finding("overlap", f"{element_label(piece, j)} is drawn over it", i)
                elif (not _inside(box, obox) and not _inside(obox, box) and not isinstance(other, Polygon)
                      and not _hidden(piece, j, i, box)):  # a ground drawn over the shape carries the text
                    yield finding("overlap", f"straddles the edge of {element_label(piece, j)}", i)


def _polygon_hits(points: tuple[tuple[float, float], ...], box: Box) -> bool:
    """Does the polygon cover any of the box: a corner inside it, a vertex inside the box, or crossing edges?"""
    def inside(x: float, y: float) -> bool:
        hit = False
        for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
        return hit

    corners = [(box.x, box.y), (box.right, box.y), (box.x, box.bottom), (box.right, box.bottom)]
    if any(inside(x, y) for x, y in corners):
        return True
    if any(box.x < x < box.right and box.y < y < box.bottom for x, y in points):
        return True
    edges = zip(points, points[1:] + points[:1], strict=True)
    return any(_crosses((x1, y1, x2, y2, 0.0), box) for (x1, y1), (x2, y2) in edges)


def _ruled(piece, a: Box, b: Box) -> bool:
    """Is there a rule (a line or a box's outline) between two texts side by side (table cells)?"""
    left, right = (a, b) if a.x < b.x else (b, a)
    top, bottom = max(a.y, b.y), min(a.bottom, b.bottom)
    between = Box(left.right, top, max(0.0, right.x - left.right), max(0.0, bottom - top))
    for e in piece.elements:
        segs = _strokes_of(e)
        if isinstance(e, Rect) and e.stroke and e.fill:
            segs = _strokes_of(Rect(e.x, e.y, e.w, e.h, None, e.stroke, e.stroke_width))
        if any(_crosses(s, between) for s in segs):
            return True
    return False


def _badge(piece, a: Box, b: Box) -> bool:
    """Two texts set together on one small filled shape (a number and its colour tag) belong together."""
    both = Box(min(a.x, b.x), min(a.y, b.y), max(a.right, b.right) - min(a.x, b.x),
               max(a.bottom, b.bottom) - min(a.y, b.y))
    for e in piece.elements:
        if _filled(e) and isinstance(e, (Rect, Circle)):
            box = _box(e)
            if _inside(both, box) and box.w < 3 * both.w and box.h < 3 * both.h:
                return True
    return False


def _hidden(piece, below: int, text_index: int, box: Box) -> bool:
    """Is the text's ground a filled shape drawn after element ``below`` (so it covers that stroke)?"""
    return any(_filled(e) and not isinstance(e, (Icon, Image, QRCode, Marker)) and _inside(box, _box(e))
               for e in piece.elements[below + 1:text_index])


def _texture(piece, text_index: int, box: Box) -> bool:
    """Many lines under a text are a background texture (a lattice), not a line through it."""
    under = 0
    for e in piece.elements[:text_index]:
        if isinstance(e, Line) and any(_crosses(s, box) for s in _strokes_of(e)):
            under += 1
    return under >= 4


def _painted_edges(p: Placement) -> dict[str, Element | None]:
    """Edges (l, t, r, b) of the piece that art reaches, with the element reaching them
    (None: the piece's bleed colour)."""
    piece = p.piece
    out: dict[str, Element | None] = {}
    if piece.bleed_color:
        return dict.fromkeys("ltrb")
    for e in piece.elements:
        if not (isinstance(e, (Rect, Polygon, Circle, Image)) and (_filled(e))):
            continue
        x0, y0, x1, y1 = bounds(e)
        if y0 < piece.height and y1 > 0:
            if x0 <= TOL:
                out.setdefault("l", e)
            if x1 >= piece.width - TOL:
                out.setdefault("r", e)
        if x0 < piece.width and x1 > 0:
            if y0 <= TOL:
                out.setdefault("t", e)
            if y1 >= piece.height - TOL:
                out.setdefault("b", e)
    return out


def check_bleed(log: RenderLog) -> Iterator[Finding]:
    """Every painted edge of a cut piece runs into the bleed unless a neighbour shares that edge."""
    if log.bleed <= 0:
        return
    cut = [p for p in log.placements if p.role in ("cut", "board")]
    by_page: dict[int, list[tuple[Placement, tuple[float, float, float, float]]]] = {}
    for p in cut:  # each trim's edges worked out once, not once per neighbour asking
        t = p.trim
        by_page.setdefault(p.page, []).append((p, (t.x, t.y, t.right, t.bottom)))
    for p in cut:
        painted = _painted_edges(p)
        if not painted:
            continue
        t = p.trim
        for edge, art in painted.items():
            page_edge = p.transform.edge(edge)  # a turned piece's left edge may be the page's right, or top
            if _shared(t, page_edge, by_page[p.page], p):
                continue
            drawn = p.bleed["ltrb".index(edge)]
            name = {"l": "left", "t": "top", "r": "right", "b": "bottom"}[page_edge]
            if drawn < log.bleed - 1e-6:
                yield Finding("bleed", f"{name} edge is cut but its art stops {drawn:g} mm past the trim "
                              f"(needs {log.bleed:g} mm of bleed)", log.component, p.page + 1, p.piece.name)
            elif art is not None:
                x0, y0, x1, y1 = bounds(art)
                reach = {"l": -x0, "t": -y0, "r": x1 - p.piece.width, "b": y1 - p.piece.height}[edge]
                if reach < log.bleed - 1e-6:
                    yield Finding("bleed", f"{name} edge: the background stops {max(reach, 0):g} mm past the trim "
                                  f"(needs {log.bleed:g} mm)", log.component, p.page + 1, p.piece.name,
                                  element_label(p.piece, p.piece.elements.index(art)))


def _shared(t: Box, edge: str, others: list[tuple[Placement, tuple[float, float, float, float]]],
            me: Placement) -> bool:
    """Does a neighbour's trim (``others``: placements with their trims' left, top, right, bottom) touch the edge
    ``edge`` of trim ``t`` along some length?"""
    tx, ty, tr, tb = t.x, t.y, t.right, t.bottom
    for o, (ux, uy, ur, ub) in others:
        if o is me:
            continue
        if edge in "lr":
            x = tx if edge == "l" else tr
            touching = abs((ur if edge == "l" else ux) - x) < TOL
            if touching and min(tb, ub) - max(ty, uy) > TOL:
                return True
        else:
            y = ty if edge == "t" else tb
            touching = abs((ub if edge == "t" else uy) - y) < TOL
            if touching and min(tr, ur) - max(tx, ux) > TOL:
                return True
    return False


def check_marks(log: RenderLog) -> Iterator[Finding]:
    """Marks and page furniture on the printable area; a crop mark for every cut line."""
    on_page: dict[int, list[Placement]] = {}
    for p in log.placements:
        on_page.setdefault(p.page, []).append(p)
    for page in log.pages:
        pw, ph = page.size
        printable = Box(PRINTABLE_EDGE, PRINTABLE_EDGE, pw - 2 * PRINTABLE_EDGE, ph - 2 * PRINTABLE_EDGE)
        for m in page.marks:
            if not _inside(m.box(0.0), printable, 1e-3):
                edge = min(m.x1, m.x2, m.y1, m.y2, pw - max(m.x1, m.x2), ph - max(m.y1, m.y2))
                yield Finding("marks", f"a crop mark comes {edge:.1f} mm from the paper edge; printers lose "
                              f"the outer {PRINTABLE_EDGE:g} mm", log.component, page.index + 1)
                break
        placed = on_page.get(page.index, [])
        for p in placed:
            if p.role not in ("furniture", "sheet"):
                continue
            for i, e in enumerate(p.piece.elements):
                x0, y0, x1, y1 = bounds(e)
                b = p.transform.box(x0, y0, x1, y1)
                if (isinstance(e, Text) or p.role == "furniture") and not _inside(b, printable, 0.2):
                    if isinstance(e, Text):
                        rec = next((r for r in p.texts if r.index == i), None)
                        if rec is None or _inside(p.transform.box(*_ltrb(ink_box(rec))), printable, 0.2):
                            continue
                    yield Finding("marks", "lies outside the printable area (5 mm from the paper edge)",
                                  log.component, page.index + 1, p.piece.name, element_label(p.piece, i))
        cut = [p for p in placed if p.role == "cut" or (p.role == "sheet" and page.marks)]
        if not cut or page.back or page.service_cut:  # a duplex back is cut along the front's marks
            continue
        xs = {round(v, 2) for p in cut for v in (p.trim.x, p.trim.right)}
        ys = {round(v, 2) for p in cut for v in (p.trim.y, p.trim.bottom)}
        vertical = {round(m.x1, 2) for m in page.marks if abs(m.x1 - m.x2) < 1e-6}
        horizontal = {round(m.y1, 2) for m in page.marks if abs(m.y1 - m.y2) < 1e-6}
        missing = sorted(x for x in xs if not any(abs(x - v) < 0.02 for v in vertical))
        missing_y = sorted(y for y in ys if not any(abs(y - v) < 0.02 for v in horizontal))
        if missing or missing_y:
            where = [f"x = {x:g} mm" for x in missing] + [f"y = {y:g} mm" for y in missing_y]
            yield Finding("marks", f"no crop mark for the cut at {', '.join(where[:4])}", log.component,
                          page.index + 1)


def _ltrb(b: Box) -> tuple[float, float, float, float]:
    return b.x, b.y, b.right, b.bottom


def check_log(log: RenderLog, glossary: tuple[str, ...] = (), allowed: frozenset[str] = frozenset(),
              languages: bool = True) -> list[Finding]:
    """Every layout check on one rendered component.  ``languages=False`` leaves out the language
    check (a user's own deck is written in whatever language its author chose)."""
    out: list[Finding] = []
    seen_boards: set[str] = set()
    # A deck's backs (and a card's copies, up to their numbers) are the same elements placed again: what one
    # placement of them was found to have, every other has, on its own page and under its own name.
    verdicts: dict[tuple, list[Finding]] = {}
    inks: dict[Any, Any] = {}
    for p in log.placements:
        if p.role == "board":  # a tiled board is placed once per tile: check its content once
            if p.piece.name in seen_boards:
                continue
            seen_boards.add(p.piece.name)
        own = p.role == "furniture" or languages  # printkit's own words are always checked
        lang = log.lang if own else None
        key = _same_content(p, lang)
        found = verdicts.get(key)
        if found is None:
            found = verdicts[key] = list(check_placement(p, lang, glossary, allowed, inks))
            out.extend(found)
        else:
            out.extend(replace(f, page=p.page + 1, piece=p.piece.name) for f in found)
    out.extend(check_bleed(log))
    out.extend(check_marks(log))
    # a designer's cards (labelled elements) are each their own: a card's finding never stands for another's;
    # a bundled game's pieces repeat one problem on every sheet of a pad, reported once
    forms = {p.piece.name: tuple(map(id, p.piece.elements)) for p in log.placements if any(p.piece.labels)}
    return _dedupe(out, forms)


def _same_content(p: Placement, lang: str | None) -> tuple:
    """What :func:`check_placement` reads of a placement besides its page and its piece's name.  Elements and
    set texts by identity: a renderer reuses the very objects for what repeats (one template value evaluated
    once, one text set once), and every object stays alive in the log while it is checked, so two placements
    with the same key hold the same things (equal ones that are not the same objects are merely checked twice)."""
    piece = p.piece
    texts = tuple((r.index, id(r.element), r.size, id(r.lines), id(r.line_widths), id(r.ends), r.fits, r.floor,
                   id(r.runs)) for r in p.texts)
    return (piece.width, piece.height, tuple(map(id, piece.elements)), texts, p.role, p.checked, p.component, lang)


def _dedupe(findings: list[Finding], forms: Mapping[str, tuple[int, ...]]) -> list[Finding]:
    """The same problem on the same piece repeats on every copy: report it once.  Copies are pieces of the very
    same elements (``forms``: each piece's elements by identity); two cards that merely share an element's text
    are not copies, and neither one's findings may swallow the other's."""
    seen: set[tuple] = set()
    out = []
    for f in findings:
        key = (f.rule, f.element, f.message, forms.get(f.piece))
        if key in seen:
            continue
        seen.add(key)
        out.append(f)
    return out
