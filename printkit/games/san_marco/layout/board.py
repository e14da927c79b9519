"""San Marco's board: the map with its districts and bridge sites, the score track round the edge, and the
panel with the sundial, the roles and the scoring key."""

from __future__ import annotations

import math
from collections.abc import Callable

from printkit.engine.colors import shade
from printkit.engine.elements import Circle, Element, Icon, Line, Piece, Polygon, Rect, Text, bounds
from printkit.engine.seams import KeepWhole
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.layout.drawing import die_face, rotated_rect
from printkit.games.san_marco.model.game import District
from printkit.games.san_marco.rules import geometry as geo

TRACK_BLEED = 3.0  # mm an edge cell of the score track runs past the cut: printkit's default bleed
TITLE_MIN_H = 5.0  # mm: the panel's title at its smallest legible size (10 pt) needs this much height
SEAM_CLEAR = 1.5  # mm a tile seam keeps from a plaque, a bridge site or the panel: a cut by hand wanders a little
DOGE_PLACE_ROOM = 2.0  # mm the Doge's waiting place is larger than his footprint, so he stands inside its line


def board(kit: KitContext) -> Piece:
    b = kit.style.board
    game = kit.game
    W, H, T = b.width, b.height, b.track_band
    els: list[Element] = [Rect(0, 0, W, H, fill=b.frame_color, stroke=None)]
    els += _track(kit)
    sea, land = _map_colors(kit)
    els.append(Rect(T, T, W - 2 * T, H - 2 * T, fill=sea, stroke=None))
    P, map_scale = _map_frame(kit)
    for coast in game.map.land:
        els.append(Polygon(tuple(P(*p) for p in coast), fill=land, stroke=shade(land, 0.8), stroke_width=0.5))
    for d in game.map.districts:
        els.append(Polygon(tuple(P(*p) for p in d.outline), fill=d.color, stroke=b.district_stroke,
                           stroke_width=0.4))
    half = game.map.canal_width * map_scale / 2 + b.bridge_site_overhang
    for _name, (cx, cy), angle in _sites(kit):
        pts = rotated_rect(cx, cy, 2 * half, b.bridge_site_width, angle)
        els.append(Polygon(pts, fill=b.bridge_site_fill, stroke=b.bridge_site_stroke, stroke_width=0.35))
        # a little arch across the middle says "bridge" without words
        els.append(Polygon(rotated_rect(cx, cy, 2 * half - 3, b.bridge_site_width - 3, angle), fill=None,
                           stroke=b.bridge_site_stroke, stroke_width=0.2))
    for d in game.map.districts:
        els += _plaque(kit, d, P, map_scale)
    els += _panel(kit)
    return Piece("san-marco board", W, H, tuple(els), bleed_color=b.frame_color)


def keep_whole(kit: KitContext) -> tuple[KeepWhole, ...]:
    """What a tile seam must not cut, in board mm: each district's plaque (name, die, medals), each bridge site,
    each space of the score track and each word, field and slot of the panel.  Water, the land and the districts'
    fill are the ground a seam may cross (a district that reaches across the seam's line must, or the map would
    fall in two)."""
    b = kit.style.board
    P, map_scale = _map_frame(kit)
    out: list[KeepWhole] = []
    for d in kit.game.map.districts:
        bx, by, _bw, _bh, s = plaque_box(kit, d, map_scale)
        x, y = P(bx, by)
        out.append(KeepWhole(f"the {d.name.en} plaque", x, y, b.plaque_w * s, b.plaque_h * s, SEAM_CLEAR))
    half = kit.game.map.canal_width * map_scale / 2 + b.bridge_site_overhang
    for name, (cx, cy), angle in _sites(kit):
        xs, ys = zip(*rotated_rect(cx, cy, 2 * half, b.bridge_site_width, angle), strict=True)
        out.append(KeepWhole(name, min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), SEAM_CLEAR))
    # a seam along a track cell's own outline is invisible, so the cells keep no margin
    out += [KeepWhole(f"score track space {i}", x, y, w, h) for i, (x, y, w, h) in enumerate(_track_cells(kit))]
    # the panel's frame and rules are plain lines a seam may cross; its words, fields, slots and icons are not
    for e in _panel(kit)[1:]:
        if not isinstance(e, Line):
            x0, y0, x1, y1 = bounds(e)
            out.append(KeepWhole(f"the panel's {_what(e)}", x0, y0, x1 - x0, y1 - y0, SEAM_CLEAR))
    return tuple(out)


def _what(e: Element) -> str:
    """A panel element as a warning names it."""
    if isinstance(e, Text):
        return f"text {e.text.splitlines()[0]!r}" if e.text.strip() else "text"
    return {Circle: "slot", Polygon: "field", Rect: "box", Icon: "icon"}.get(type(e), "drawing")


def _map_frame(kit: KitContext) -> tuple[Callable[[float, float], tuple[float, float]], float]:
    """Map mm to board mm, and the scale: the map fills the room left of the panel (generated maps share one
    size)."""
    b, m = kit.style.board, kit.game.map
    ox, oy = b.map_x, b.map_y
    room_w, room_h = b.panel_x - ox - 4, b.height - b.track_band - 4 - oy
    map_scale = min(room_w / m.width, room_h / m.height, 1.0)

    def P(x: float, y: float) -> tuple[float, float]:
        return (ox + x * map_scale, oy + y * map_scale)

    return P, map_scale


def _sites(kit: KitContext) -> list[tuple[str, tuple[float, float], float]]:
    """Every bridge site: its name (districts and number), its centre in board mm and its angle."""
    P, _ = _map_frame(kit)
    names = {d.id: d.name.en for d in kit.game.map.districts}
    return [(f"bridge site {i + 1} of {names[a.a]}–{names[a.b]}", P(s.x, s.y), s.angle)
            for a in kit.game.map.adjacency for i, s in enumerate(a.sites)]


def _map_colors(kit: KitContext) -> tuple[str, str]:
    return kit.game.map.sea_color, kit.game.map.land_color


def plaque_box(kit: KitContext, d: District, map_scale: float | None = None
               ) -> tuple[float, float, float, float, float]:
    """Label block (x, y, w, h in map mm, scale) as large as fits inside the district, clear of its bridge sites
    and of the board's cuts (``map_scale``: the board's, by default)."""
    b = kit.style.board
    if map_scale is None:
        map_scale = _map_frame(kit)[1]
    lx, ly = d.label
    half = kit.game.map.canal_width / 2 + b.bridge_site_overhang / map_scale
    sites = [rotated_rect(s.x, s.y, 2 * half, b.bridge_site_width / map_scale, s.angle)
             for a in kit.game.map.adjacency if d.id in (a.a, a.b) for s in a.sites]
    scale = 1.0
    while scale > 0.5:
        w, h = b.plaque_w * scale / map_scale, b.plaque_h * scale / map_scale
        corners = [(lx + sx * w / 2, ly + sy * h / 2) for sx in (-1, 0, 1) for sy in (-1, 0, 1) if sx or sy]
        box = [(lx + sx * w / 2, ly + sy * h / 2) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        if all(geo.inside_distance(p, d.outline) >= 0.8 for p in corners) and not any(
                geo.convex_intersection_area(box, site) > 0.01 for site in sites) and not any(
                abs(b.map_x + lx * map_scale - cut) < b.plaque_w * scale / 2 + SEAM_CLEAR for cut in b.cuts_x):
            break
        scale -= 0.05
    w, h = b.plaque_w * scale / map_scale, b.plaque_h * scale / map_scale
    return lx - w / 2, ly - h / 2, w, h, scale


def _plaque(kit: KitContext, d: District, P, map_scale: float) -> list[Element]:
    b = kit.style.board
    bx, by, _bw, _bh, s = plaque_box(kit, d, map_scale)
    x, y = P(bx, by)
    w, h = b.plaque_w * s, b.plaque_h * s
    els: list[Element] = [Rect(x, y, w, h, fill=b.plaque_color, stroke=shade(d.color, 0.7), stroke_width=0.5,
                               radius=2.0 * s)]
    els.append(Text(x + 1.2 * s, y + 0.8 * s, w - 2.4 * s, 8.5 * s, d.name.get(kit.lang), size=b.name_size * s,
                    min_size=5.5, color=b.ink, bold=True, wrap=False))
    ds = 10.0 * s
    row_y = y + 10.5 * s
    els += die_face(x + 2.0 * s, row_y, ds, min(d.die), kit.game.die.sides)
    if len(d.die) > 1:
        els.append(Text(x + 2 * s + ds, row_y, 6 * s, ds, "+", size=8 * s, min_size=4, wrap=False))
    # prestige medals, gold / silver / bronze, right of the die
    n = len(d.prestige)
    r = min(5.2 * s, (w - ds - 6 * s) / (2 * n + (n - 1) * 0.3))
    gap = r * 0.3
    total = n * 2 * r + (n - 1) * gap
    start = x + w - 2.0 * s - total
    cy = row_y + ds / 2
    for i, v in enumerate(d.prestige):
        cx = start + r + i * (2 * r + gap)
        color = kit.style.board.prestige_colors[min(i, 2)]
        els.append(Circle(cx, cy, r, fill=color, stroke=shade(color, 0.6), stroke_width=0.35))
        els.append(Text(cx - r, cy - r, 2 * r, 2 * r, str(v), size=r * 2.3, min_size=4.5, color="#1e1e1e",
                        bold=True, wrap=False))
    return els


def _track_cells(kit: KitContext) -> list[tuple[float, float, float, float]]:
    """The score track's cells (x, y, w, h), clockwise from the top-left corner."""
    b = kit.style.board
    W, H, T = b.width, b.height, b.track_band
    n = kit.game.rules.score_track
    # Split the cells over the four sides in proportion to their length; corners on top/bottom.
    n_top = round(n * W / (2 * (W + H)))
    n_side = (n - 2 * n_top) // 2
    n_bottom = n - n_top - 2 * n_side
    cells: list[tuple[float, float, float, float]] = []
    cw = W / n_top
    cells += [(i * cw, 0, cw, T) for i in range(n_top)]
    sh = (H - 2 * T) / n_side
    cells += [(W - T, T + i * sh, T, sh) for i in range(n_side)]
    bw = W / n_bottom
    cells += [(W - (i + 1) * bw, H - T, bw, T) for i in range(n_bottom)]
    cells += [(0, H - T - (i + 1) * sh, T, sh) for i in range(n_side)]
    return cells


def _track(kit: KitContext) -> list[Element]:
    b = kit.style.board
    W, H = b.width, b.height
    cells = _track_cells(kit)
    els: list[Element] = []
    for i, (x, y, w, h) in enumerate(cells):
        fill = b.track_alt_color if i % 5 == 0 else b.track_color
        # A cell on the board's edge runs on into the bleed, its outline with it: outlined at the cut, the
        # outline's inner half (0.15 mm) printed frame colour along the cut edge.
        left, top = (TRACK_BLEED if x <= 0 else 0.0), (TRACK_BLEED if y <= 0 else 0.0)
        right = TRACK_BLEED if x + w >= W - 1e-6 else 0.0
        bottom = TRACK_BLEED if y + h >= H - 1e-6 else 0.0
        els.append(Rect(x - left, y - top, w + left + right, h + top + bottom, fill=fill, stroke=b.frame_color,
                        stroke_width=0.3))
        els.append(Text(x, y, w, h, str(i), size=8.5 if i % 5 == 0 else 7, min_size=5, color=b.track_ink,
                        bold=i % 5 == 0, wrap=False))
    return els


def _panel(kit: KitContext) -> list[Element]:
    b = kit.style.board
    game = kit.game
    x, w = b.panel_x, b.panel_w
    y = b.track_band + 4
    bottom = b.height - b.track_band - 4
    els: list[Element] = [Rect(x, y, w, bottom - y, fill=b.panel_color, stroke=b.frame_color, stroke_width=0.6,
                               radius=3)]
    # sundial: one field per passage, the marker starts on 1
    els.append(Text(x + 2, y + 2, w - 4, 7, kit.t("board_passage"), size=11, bold=True, color=b.ink,
                    wrap=False))
    cx, cy, r = x + w / 2, y + 34, 24.0
    n = game.rules.passages
    for i in range(n):
        a0 = math.pi + i * math.pi / n
        a1 = math.pi + (i + 1) * math.pi / n
        arc = [(cx + r * math.cos(a0 + (a1 - a0) * t / 12), cy + r * math.sin(a0 + (a1 - a0) * t / 12))
               for t in range(13)]
        fill = "#f2c14e" if i % 2 == 0 else "#e9a23b"
        els.append(Polygon(((cx, cy), *arc), fill=fill, stroke=b.frame_color, stroke_width=0.5))
        am = (a0 + a1) / 2
        tx, ty = cx + r * 0.62 * math.cos(am), cy + r * 0.62 * math.sin(am)
        els.append(Text(tx - 6, ty - 5, 12, 10, str(i + 1), size=16, bold=True, color=b.ink, wrap=False))
    els.append(Circle(cx, cy, 1.5, fill=b.ink, stroke=None))
    yy = cy + 10
    els.append(Line(x + 4, yy, x + w - 4, yy, stroke=b.frame_color, stroke_width=0.4))
    # roles: rows = groups, columns = distributor + deciders (the widest table of the definition)
    els.append(Text(x + 2, yy + 2, w - 4, 7, kit.t("board_roles"), size=11, bold=True, color=b.ink, wrap=False))
    yy += 11
    groups = max(len(pc.groups) for pc in game.rules.player_counts)
    cols = 1 + max(gr.deciders for pc in game.rules.player_counts for gr in pc.groups)
    slot_w = (w - 8) / cols
    rr = min(6.5, slot_w / 2 - 1)
    for gi in range(groups):
        els.append(Text(x + 3, yy, w - 6, 5, kit.t("board_group", n=gi + 1), size=8, color=b.ink, align="left",
                        wrap=False))
        yy += 5.5
        for ci in range(cols):
            sx = x + 4 + ci * slot_w + slot_w / 2
            fill = "#7b2d26" if ci == 0 else "#fffaf0"
            els.append(Circle(sx, yy + rr, rr, fill=fill, stroke=b.frame_color, stroke_width=0.5))
            label = kit.t("board_distributor") if ci == 0 else kit.t("board_decider", n=ci)
            els.append(Text(sx - slot_w / 2, yy + 2 * rr + 0.5, slot_w, 6, label, size=6.5, min_size=4.5,
                            color=b.ink, wrap=True))
        yy += 2 * rr + 8
    # which slots each table uses
    lines = []
    for pc in game.rules.player_counts:
        parts = " + ".join(f"1+{gr.deciders}" for gr in pc.groups)
        lines.append(kit.t("board_players", players=pc.players, parts=parts))
    els.append(Text(x + 3, yy, w - 6, 4 * len(lines), "\n".join(lines), size=7, min_size=5, color=b.ink,
                    align="left", valign="top"))
    yy += 4 * len(lines) + 2
    els.append(Line(x + 4, yy, x + w - 4, yy, stroke=b.frame_color, stroke_width=0.4))
    # the Doge's waiting place: as large as the standee's footprint (its two base tabs fold out to either side)
    p = kit.style.pieces
    fw, fd = p.doge_w + DOGE_PLACE_ROOM, 2 * p.doge_base + DOGE_PLACE_ROOM
    els.append(Rect(x + 4, yy + 2, fw, fd, fill="#fffaf0", stroke=b.frame_color, stroke_width=0.5, radius=2))
    els.append(Icon("sm-doge", x + 4 + fw / 2 - 6, yy + 2 + fd / 2 - 6, 12, 12, color="#a23b3b"))
    els.append(Text(x + fw + 7, yy + 2, w - fw - 10, fd, kit.t("board_doge_note"), size=7.5, min_size=5,
                    color=b.ink, align="left"))
    yy += fd + 4
    # what the medals on the districts mean
    els.append(Line(x + 4, yy, x + w - 4, yy, stroke=b.frame_color, stroke_width=0.4))
    els.append(Text(x + 2, yy + 2, w - 4, 7, kit.t("board_scoring"), size=11, bold=True, color=b.ink, wrap=False))
    yy += 11
    for i in range(game.ranks):
        color = b.prestige_colors[min(i, 2)]
        els.append(Circle(x + 10, yy + 4, 4, fill=color, stroke=shade(color, 0.6), stroke_width=0.35))
        els.append(Text(x + 17, yy, w - 20, 8, kit.t(f"board_rank_{i + 1}"), size=8, min_size=5, color=b.ink,
                        align="left"))
        yy += 9.5
    # what "neighbouring" means, stated where the bridge sites are
    yy += 1
    els.append(Polygon(rotated_rect(x + 10, yy + 4, 9, 4.5, 0), fill=b.bridge_site_fill,
                       stroke=b.bridge_site_stroke, stroke_width=0.35))
    els.append(Text(x + 17, yy - 1, w - 20, 11, kit.t("rule_neighbours"), size=7.5, min_size=5, color=b.ink,
                    align="left"))
    yy += 11
    # title at the bottom of the panel (the palazzo only where the legend leaves room for it)
    if yy < bottom - 41:
        els.append(Icon("sm-palazzo", x + w / 2 - 9, bottom - 40, 18, 18, color=b.frame_color))
    # one line, shrunk to fit: a variant's long title wrapped mid-phrase ("9 | Viertel"); below the legend,
    # which on a six-player board (more role rows, three ranks) reaches further down the panel
    title_y = max(yy + 1, bottom - 16)
    if bottom - 2 - title_y >= TITLE_MIN_H:
        els.append(Text(x + 2, title_y, w - 4, bottom - 2 - title_y, game.title.get(kit.lang), size=b.title_size,
                        min_size=10, bold=True, color=b.frame_color, wrap=False))
    return els
