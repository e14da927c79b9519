"""San Marco as pieces: the board, bridges/Doge/sundial, player aids, the variant sheet, and the
kit's components (the decks come from :mod:`.cards` and their templates).

Everything here is geometry built from the definition, the texts and the style;
:mod:`printkit.games.san_marco.kit` loads those files (or generates a variant) and hands plain
data to :func:`build`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import cast

from printkit.engine.components import (
    BoardComponent,
    CardComponent,
    Component,
    SheetComponent,
)
from printkit.engine.elements import Circle, Element, Icon, Line, Piece, Polygon, Rect, Text
from printkit.engine.paper import fitted_page, paper_dimensions
from printkit.engine.render.text import fit_text
from printkit.games.san_marco.layout.cards import DeckTemplates, decks
from printkit.games.san_marco.model.game import District, Lang, PlayerCount, SanMarcoDefinition
from printkit.games.san_marco.model.printing import SanMarcoStyle, SanMarcoTexts
from printkit.games.san_marco.rules import geometry as geo

# --- entry point -------------------------------------------------------------------------------


def choose_lang(requested: str, texts: SanMarcoTexts) -> Lang:
    """``requested`` if San Marco's texts are written in it, else an :class:`InputError`."""
    from printkit.engine.errors import InputError

    have = texts.languages()
    if requested not in have:
        raise InputError.single(f"San Marco has texts in {', '.join(have)}; --lang {requested} is not available")
    return cast(Lang, requested)


def build(game: SanMarcoDefinition, texts: SanMarcoTexts, style: SanMarcoStyle, lang: Lang,
          templates: DeckTemplates, players: int | None = None, classic: SanMarcoDefinition | None = None,
          paper: str = "a4") -> list[Component]:
    """Every component of the kit; the decks are drawn by their templates.

    ``classic`` is the published game a variant is compared with (its differences are listed);
    ``paper`` sets the booklet's page size (A5 on A4, half-letter on Letter, A4 on A3).
    """
    from printkit.engine.booklet import booklet, booklet_page_size, plain_pages
    from printkit.games.san_marco.layout.aid import player_aid
    from printkit.games.san_marco.layout.rules_booklet import plain_rules_pages, rules_pages, setup_sheet
    from printkit.games.san_marco.layout.tokens import dice_page, tokens_page

    n_players = game.rules.default_players if players is None else players
    k = Kit(game, texts, style, lang, classic, paper_dimensions(paper))
    action_fronts, action_back, limit_fronts, limit_back = decks(game, style, templates, lang)
    out: list[Component] = [
        CardComponent("action-cards", k.t_title("action_cards"), action_fronts, (action_back,)),
        CardComponent("limit-cards", k.t_title("limit_cards"), limit_fronts, (limit_back,)),
        BoardComponent("board", game.title.get(lang), k.board()),
        SheetComponent("pieces", game.title.get(lang),
                       (*k.pieces_pages(), *tokens_page(k, n_players), dice_page(k)), kind="sheets"),
        SheetComponent("setup-sheet", k.t("need_head"), (setup_sheet(k, n_players),)),
        SheetComponent("player-aids", texts.get("aid_title", lang),
                       tuple(player_aid(k, i, n_players) for i in range(n_players)), per_page=2),
    ]
    out += [booklet("rules-booklet", k.t("book_title"), rules_pages(k, *booklet_page_size(paper))),
            plain_pages("rules", k.t("book_title"), plain_rules_pages(k, *paper_dimensions(paper)))]
    if game.variant is not None:
        out.append(SheetComponent("variant-rules", k.t("var_title", players=game.variant.players,
                                                      districts=game.variant.districts), k.variant_sheet()))
    return out


# --- helpers ---------------------------------------------------------------------------------

PT = 0.3528  # mm per point
MM_PT = 72 / 25.4  # points per mm


def estimate_height(text: str, size: float, width: float, leading: float = 1.2) -> float:
    """Height of ``text`` set at ``size`` in a ``width`` mm column, in mm, measured with the
    renderer's own line breaking (so a column holds what it can, with no guessed slack)."""
    lines = len(fit_text(text, width * MM_PT, 1e9, size, size, leading).lines)
    return lines * size * leading * PT + 0.6


def darker(hex_color: str, f: float = 0.65) -> str:
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(int(c * f) for c in (r, g, b)))


def text_on(hex_color: str) -> str:
    """Black or white, whichever reads better on ``hex_color``."""
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    return "#1e1e1e" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def rotated_rect(cx: float, cy: float, length: float, width: float,
                 angle_deg: float) -> tuple[tuple[float, float], ...]:
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = -uy, ux
    hl, hw = length / 2, width / 2
    return tuple((cx + sx * hl * ux + sy * hw * vx, cy + sx * hl * uy + sy * hw * vy)
                 for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)))


PIPS = {
    1: [(0.5, 0.5)], 2: [(0.25, 0.25), (0.75, 0.75)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}


def die_face(x: float, y: float, size: float, face: int, sides: int, ink: str = "#1e1e1e") -> list[Element]:
    """A d6 face with pips, or for bigger dice a die outline with the number."""
    out: list[Element] = [Rect(x, y, size, size, fill="#ffffff", stroke=ink, stroke_width=0.35, radius=size * 0.18)]
    if sides == 6 and face in PIPS:
        r = size * 0.09
        out += [Circle(x + fx * size, y + fy * size, r, fill=ink, stroke=None) for fx, fy in PIPS[face]]
    else:
        out.append(Text(x, y, size, size, str(face), size=size * 1.7, min_size=4, color=ink, bold=True, wrap=False))
        if face in (6, 9) and sides >= 9:  # underlined, as on real dice, so a card turned over reads right
            out.append(Line(x + size * 0.36, y + size * 0.86, x + size * 0.64, y + size * 0.86, stroke=ink,
                            stroke_width=max(0.3, size * 0.05)))
    return out


@dataclass
class Flow:
    """Stacks text blocks down a column and on into the next, like a newspaper page.

    A block added with ``keep=True`` (a heading) waits for the next block and moves to the
    next column together with it, so no heading is left alone at the foot of a column.
    """

    columns: list[tuple[float, float]]  # (x, width)
    top: float
    bottom: float
    col: int = 0
    y: float = 0.0
    first_top: float | None = None  # where the first page's columns start (below a title), if not at top
    first_columns: int = 1  # how many columns the first page has

    def __post_init__(self) -> None:
        self.y = self._top(0)
        self.elements: list[Element] = []
        self.column_of: list[int] = []  # the column each element went to (a page, in a booklet)
        self._pending: list[tuple[str, float, str, bool, float, str]] = []

    def _top(self, col: int) -> float:
        return self.first_top if self.first_top is not None and col < self.first_columns else self.top

    def add(self, text: str, size: float, color: str = "#222222", bold: bool = False, gap: float = 1.2,
            align: str = "left", keep: bool = False) -> None:
        self._pending.append((text, size, color, bold, gap, align))
        if keep:
            return
        blocks, self._pending = self._pending, []
        _x, w = self.columns[self.col]
        need = sum(estimate_height(b[0], b[1], w) + b[4] for b in blocks) - blocks[-1][4]
        if self.y + need > self.bottom and self.y > self._top(self.col) and self.col + 1 < len(self.columns):
            self.col += 1
            self.y = self._top(self.col)
        x, w = self.columns[self.col]
        for text_, size_, color_, bold_, gap_, align_ in blocks:
            h = estimate_height(text_, size_, w)
            if self.col + 1 == len(self.columns) and self.y + h > self.bottom:
                # The last column is full: the block gets what is left and shrinks to fit it (the
                # preflight reports it if even the smallest legible size does not fit).
                h = max(self.bottom - self.y, size_ * 0.5)
            self.elements.append(Text(x, self.y, w, h, text_, size=size_, min_size=max(5.0, size_ * 0.7),
                                      color=color_, align=align_, valign="top", bold=bold_))  # type: ignore[arg-type]
            self.column_of.append(self.col)
            self.y += h + gap_


class Kit:
    def __init__(self, game: SanMarcoDefinition, texts: SanMarcoTexts, style: SanMarcoStyle, lang: Lang,
                 classic: SanMarcoDefinition | None = None, paper: tuple[float, float] = (210.0, 297.0)):
        self.g, self.tx, self.s, self.lang = game, texts, style, lang
        self.classic = classic
        self.paper = paper

    def page(self, w: float, h: float) -> tuple[float, float]:
        """A sheet's page size: the style's, or smaller where the paper is (A5), keeping its margin."""
        return fitted_page((w, h), self.paper, self.s.paper_margin)

    def difference_lines(self) -> list[str]:
        """Every rule of a variant that is not as in the classic game, in words."""
        from printkit.games.san_marco.model.game import Localized
        from printkit.games.san_marco.rules.differences import differences

        if self.classic is None or self.g.variant is None:
            return []
        out = []
        for d in differences(self.classic, self.g):
            values = {k: (v.get(self.lang) if isinstance(v, Localized) else v) for k, v in d.values.items()}
            out.append(self.t(f"diff_{d.kind}", **values))
        return out

    def t(self, key: str, **values: object) -> str:
        return self.tx.get(key, self.lang, **values)

    def t_title(self, which: str) -> str:
        d = self.g.decks
        return (d.action_back if which == "action_cards" else d.limit_back).title.get(self.lang)

    # --- board ----------------------------------------------------------------------------------

    def board(self) -> Piece:
        b = self.s.board
        g = self.g
        W, H, T = b.width, b.height, b.track_band
        els: list[Element] = [Rect(0, 0, W, H, fill=b.frame_color, stroke=None)]
        els += self._track()
        sea, land = self._map_colors()
        els.append(Rect(T, T, W - 2 * T, H - 2 * T, fill=sea, stroke=None))
        ox, oy = b.map_x, b.map_y
        # Scale the map area into the room left of the panel (generated maps share one size).
        room_w, room_h = b.panel_x - ox - 4, H - T - 4 - oy
        k = min(room_w / g.map.width, room_h / g.map.height, 1.0)

        def P(x: float, y: float) -> tuple[float, float]:
            return (ox + x * k, oy + y * k)

        for coast in g.map.land:
            els.append(Polygon(tuple(P(*p) for p in coast), fill=land, stroke=darker(land, 0.8), stroke_width=0.5))
        for d in g.map.districts:
            els.append(Polygon(tuple(P(*p) for p in d.outline), fill=d.color, stroke=b.district_stroke,
                               stroke_width=0.4))
        half = g.map.canal_width * k / 2 + b.bridge_site_overhang
        for a in g.map.adjacency:
            for s in a.sites:
                cx, cy = P(s.x, s.y)
                pts = rotated_rect(cx, cy, 2 * half, b.bridge_site_width, s.angle)
                els.append(Polygon(pts, fill=b.bridge_site_fill, stroke=b.bridge_site_stroke, stroke_width=0.35))
                # a little arch across the middle says "bridge" without words
                els.append(Polygon(rotated_rect(cx, cy, 2 * half - 3, b.bridge_site_width - 3, s.angle), fill=None,
                                   stroke=b.bridge_site_stroke, stroke_width=0.2))
        for d in g.map.districts:
            els += self._plaque(d, P, k)
        els += self._panel()
        return Piece("san-marco board", W, H, tuple(els), bleed_color=b.frame_color)

    def _map_colors(self) -> tuple[str, str]:
        return self.g.map.sea_color, self.g.map.land_color

    def plaque_box(self, d: District, k: float = 1.0) -> tuple[float, float, float, float, float]:
        """Label block (x, y, w, h in map mm, scale) as large as fits inside the district."""
        b = self.s.board
        lx, ly = d.label
        half = self.g.map.canal_width / 2 + b.bridge_site_overhang / k
        sites = [rotated_rect(s.x, s.y, 2 * half, b.bridge_site_width / k, s.angle)
                 for a in self.g.map.adjacency if d.id in (a.a, a.b) for s in a.sites]
        scale = 1.0
        while scale > 0.5:
            w, h = b.plaque_w * scale / k, b.plaque_h * scale / k
            corners = [(lx + sx * w / 2, ly + sy * h / 2) for sx in (-1, 0, 1) for sy in (-1, 0, 1) if sx or sy]
            box = [(lx + sx * w / 2, ly + sy * h / 2) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
            if all(geo.inside_distance(p, d.outline) >= 0.8 for p in corners) and not any(
                    geo.convex_intersection_area(box, site) > 0.01 for site in sites):
                break
            scale -= 0.05
        w, h = b.plaque_w * scale / k, b.plaque_h * scale / k
        return lx - w / 2, ly - h / 2, w, h, scale

    def _plaque(self, d: District, P, k: float) -> list[Element]:
        b = self.s.board
        bx, by, _bw, _bh, s = self.plaque_box(d, k)
        x, y = P(bx, by)
        w, h = b.plaque_w * s, b.plaque_h * s
        els: list[Element] = [Rect(x, y, w, h, fill=b.plaque_color, stroke=darker(d.color, 0.7), stroke_width=0.5,
                                   radius=2.0 * s)]
        els.append(Text(x + 1.2 * s, y + 0.8 * s, w - 2.4 * s, 8.5 * s, d.name.get(self.lang), size=b.name_size * s,
                        min_size=5.5, color=b.ink, bold=True, wrap=False))
        ds = 10.0 * s
        row_y = y + 10.5 * s
        els += die_face(x + 2.0 * s, row_y, ds, min(d.die), self.g.die.sides)
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
            color = self.s.board.prestige_colors[min(i, 2)]
            els.append(Circle(cx, cy, r, fill=color, stroke=darker(color, 0.6), stroke_width=0.35))
            els.append(Text(cx - r, cy - r, 2 * r, 2 * r, str(v), size=r * 2.3, min_size=4.5, color="#1e1e1e",
                            bold=True, wrap=False))
        return els

    def _track(self) -> list[Element]:
        b = self.s.board
        W, H, T = b.width, b.height, b.track_band
        n = self.g.rules.score_track
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
        els: list[Element] = []
        for i, (x, y, w, h) in enumerate(cells):
            fill = b.track_alt_color if i % 5 == 0 else b.track_color
            els.append(Rect(x, y, w, h, fill=fill, stroke=b.frame_color, stroke_width=0.3))
            els.append(Text(x, y, w, h, str(i), size=8.5 if i % 5 == 0 else 7, min_size=5, color=b.track_ink,
                            bold=i % 5 == 0, wrap=False))
        return els

    def _panel(self) -> list[Element]:
        b = self.s.board
        g = self.g
        x, w = b.panel_x, b.panel_w
        y = b.track_band + 4
        bottom = b.height - b.track_band - 4
        els: list[Element] = [Rect(x, y, w, bottom - y, fill=b.panel_color, stroke=b.frame_color, stroke_width=0.6,
                                   radius=3)]
        # sundial: one field per passage, the marker starts on 1
        els.append(Text(x + 2, y + 2, w - 4, 7, self.t("board_passage"), size=11, bold=True, color=b.ink,
                        wrap=False))
        cx, cy, r = x + w / 2, y + 34, 24.0
        n = g.rules.passages
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
        els.append(Text(x + 2, yy + 2, w - 4, 7, self.t("board_roles"), size=11, bold=True, color=b.ink, wrap=False))
        yy += 11
        groups = max(len(pc.groups) for pc in g.rules.player_counts)
        cols = 1 + max(gr.deciders for pc in g.rules.player_counts for gr in pc.groups)
        slot_w = (w - 8) / cols
        rr = min(6.5, slot_w / 2 - 1)
        for gi in range(groups):
            els.append(Text(x + 3, yy, w - 6, 5, self.t("board_group", n=gi + 1), size=8, color=b.ink, align="left",
                            wrap=False))
            yy += 5.5
            for ci in range(cols):
                sx = x + 4 + ci * slot_w + slot_w / 2
                fill = "#7b2d26" if ci == 0 else "#fffaf0"
                els.append(Circle(sx, yy + rr, rr, fill=fill, stroke=b.frame_color, stroke_width=0.5))
                label = self.t("board_distributor") if ci == 0 else self.t("board_decider", n=ci)
                els.append(Text(sx - slot_w / 2, yy + 2 * rr + 0.5, slot_w, 6, label, size=6.5, min_size=4.5,
                                color=b.ink, wrap=True))
            yy += 2 * rr + 8
        # which slots each table uses
        lines = []
        for pc in g.rules.player_counts:
            parts = " + ".join(f"1+{gr.deciders}" for gr in pc.groups)
            lines.append(self.t("board_players", players=pc.players, parts=parts))
        els.append(Text(x + 3, yy, w - 6, 4 * len(lines), "\n".join(lines), size=7, min_size=5, color=b.ink,
                        align="left", valign="top"))
        yy += 4 * len(lines) + 2
        els.append(Line(x + 4, yy, x + w - 4, yy, stroke=b.frame_color, stroke_width=0.4))
        # the Doge's waiting place
        els.append(Circle(x + 12, yy + 11, 8, fill="#fffaf0", stroke=b.frame_color, stroke_width=0.5, ))
        els.append(Icon("sm-doge", x + 7, yy + 6, 10, 10, color="#a23b3b"))
        els.append(Text(x + 22, yy + 3, w - 25, 16, self.t("board_doge_note"), size=7.5, min_size=5, color=b.ink,
                        align="left"))
        yy += 23
        # what the medals on the districts mean
        els.append(Line(x + 4, yy, x + w - 4, yy, stroke=b.frame_color, stroke_width=0.4))
        els.append(Text(x + 2, yy + 2, w - 4, 7, self.t("board_scoring"), size=11, bold=True, color=b.ink, wrap=False))
        yy += 11
        for i in range(g.ranks):
            color = b.prestige_colors[min(i, 2)]
            els.append(Circle(x + 10, yy + 4, 4, fill=color, stroke=darker(color, 0.6), stroke_width=0.35))
            els.append(Text(x + 17, yy, w - 20, 8, self.t(f"board_rank_{i + 1}"), size=8, min_size=5, color=b.ink,
                            align="left"))
            yy += 9.5
        # what "neighbouring" means, stated where the bridge sites are
        yy += 1
        els.append(Polygon(rotated_rect(x + 10, yy + 4, 9, 4.5, 0), fill=b.bridge_site_fill,
                           stroke=b.bridge_site_stroke, stroke_width=0.35))
        els.append(Text(x + 17, yy - 1, w - 20, 11, self.t("rule_neighbours"), size=7.5, min_size=5, color=b.ink,
                        align="left"))
        yy += 11
        # title at the bottom of the panel (the palazzo only where the legend leaves room for it)
        if yy < bottom - 41:
            els.append(Icon("sm-palazzo", x + w / 2 - 9, bottom - 40, 18, 18, color=b.frame_color))
        # one line, shrunk to fit: a variant's long title wrapped mid-phrase ("9 | Viertel")
        els.append(Text(x + 2, bottom - 22, w - 4, 12, g.title.get(self.lang), size=b.title_size, min_size=10,
                        bold=True, color=b.frame_color, wrap=False))
        els.append(Text(x + 2, bottom - 9, w - 4, 6, self.t("board_house_note"), size=6.5, min_size=5, color=b.ink,
                        wrap=False))
        return els

    # --- pieces ---------------------------------------------------------------------------------

    def pieces_pages(self) -> tuple[Piece, ...]:
        p = self.s.pieces
        W, H = self.page(p.page_w, p.page_h)
        els: list[Element] = []
        # bridges: tiles with a square where the owner's noble stands
        n = self.g.rules.bridge_supply
        x0, y0 = 8.0, 14.0
        els.append(Text(x0, 4, W - 16, 8, f"{self.t('piece_bridge')} × {n}", size=11, bold=True, align="left",
                        wrap=False))
        per_row = int((W - 16 + 3) // (p.bridge_w + 3))
        for i in range(n):
            bx = x0 + (i % per_row) * (p.bridge_w + 3)
            by = y0 + (i // per_row) * (p.bridge_l + 4)
            els += [
                Rect(bx, by, p.bridge_w, p.bridge_l, fill=p.bridge_color, stroke="#000000", stroke_width=0.3),
                Line(bx + 1, by + 2.5, bx + 1, by + p.bridge_l - 2.5, stroke=darker(p.bridge_color), stroke_width=0.4),
                Line(bx + p.bridge_w - 1, by + 2.5, bx + p.bridge_w - 1, by + p.bridge_l - 2.5,
                     stroke=darker(p.bridge_color), stroke_width=0.4),
                Rect(bx + 1.5, by + p.bridge_l / 2 - 2.75, p.bridge_w - 3, 5.5, fill="#f3e9d2", stroke=None),
            ]
        rows = math.ceil(n / per_row)
        y = y0 + rows * (p.bridge_l + 4) + 6
        # Doge standee: base tab | front | fold | back (upside down) | base tab
        dw, dh, db = p.doge_w, p.doge_h, p.doge_base
        dx = 14.0
        els.append(Text(dx - 6, y, 70, 7, f"{self.t('piece_doge')}", size=11, bold=True, align="left", wrap=False))
        y += 9
        parts = [(y, db, "base"), (y + db, dh, "front"), (y + db + dh, dh, "back"), (y + db + 2 * dh, db, "base")]
        for py, ph, kind in parts:
            fill = "#e8dcc4" if kind == "base" else p.doge_color
            els.append(Rect(dx, py, dw, ph, fill=fill, stroke="#000000", stroke_width=0.3))
            if kind != "base":
                flip = kind == "back"
                els += self._doge_figure(dx + dw / 2, py + ph / 2, dw * 0.8, ph * 0.8, flip)
        for fy in (y + db, y + db + dh, y + db + 2 * dh):
            els.append(Line(dx - 3, fy, dx + dw + 3, fy, stroke="#555555", stroke_width=0.3, dash=(1.2, 1.0)))
        els.append(Text(dx + dw + 4, y + db + dh - 3, 16, 6, self.t("piece_fold"), size=7, align="left", wrap=False,
                        color="#555555"))
        # sundial marker: a disc, cut out round
        sx = 80.0
        els.append(Text(sx, y - 9, 60, 7, self.t("piece_sundial"), size=11, bold=True, align="left", wrap=False))
        r = p.sundial_d / 2
        els.append(Circle(sx + r, y + r, r, fill=p.sundial_color, stroke="#000000", stroke_width=0.3))
        els.append(Icon("sm-sundial", sx + r * 0.25, y + r * 0.25, r * 1.5, r * 1.5, color="#ffffff"))
        return (Piece("san-marco pieces", W, H, tuple(els)),)

    @staticmethod
    def _doge_figure(cx: float, cy: float, w: float, h: float, flip: bool) -> list[Element]:
        """The Doge: corno ducale (the horned cap), white beard, ermine cape, gold robe.

        Polygons in a unit box so the back half can be turned upside down for the fold.
        """
        sgn = -1 if flip else 1

        def tr(pts: list[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
            return tuple((cx + sgn * x * w, cy + sgn * y * h) for x, y in pts)

        def dot(x: float, y: float, r: float, fill: str) -> Circle:
            return Circle(cx + sgn * x * w, cy + sgn * y * h, r * w, fill=fill, stroke=None)

        ink = "#3b2a1a"
        robe = [(-0.20, -0.02), (0.20, -0.02), (0.44, 0.50), (-0.44, 0.50)]
        stripe = [(-0.06, 0.10), (0.06, 0.10), (0.10, 0.50), (-0.10, 0.50)]
        cape = [(-0.34, 0.05), (-0.20, -0.07), (0.20, -0.07), (0.34, 0.05), (0.30, 0.20), (0.0, 0.24),
                (-0.30, 0.20)]
        face = [(-0.10, -0.22), (0.10, -0.22), (0.11, -0.12), (0.07, -0.06), (-0.07, -0.06), (-0.11, -0.12)]
        beard = [(-0.10, -0.12), (-0.05, -0.10), (0.05, -0.10), (0.10, -0.12), (0.07, -0.03), (0.0, 0.0),
                 (-0.07, -0.03)]
        # the corno: a low rounded front (left) and a stiff horn rising at the back (right)
        cap = [(-0.16, -0.23), (-0.17, -0.31), (-0.12, -0.37), (-0.03, -0.39), (0.05, -0.43), (0.11, -0.48),
               (0.16, -0.45), (0.18, -0.36), (0.18, -0.23)]
        band = [(-0.18, -0.26), (0.19, -0.26), (0.19, -0.21), (-0.18, -0.21)]
        out: list[Element] = [
            Polygon(tr(robe), fill="#d4a017", stroke=ink, stroke_width=0.3),
            Polygon(tr(stripe), fill="#a23b3b", stroke=None),
            Polygon(tr(cape), fill="#fbf8f0", stroke=ink, stroke_width=0.3),
            Polygon(tr(face), fill="#f0c8a0", stroke=ink, stroke_width=0.3),
            Polygon(tr(beard), fill="#e4e0d8", stroke=ink, stroke_width=0.25),
            Polygon(tr(cap), fill="#a23b3b", stroke=ink, stroke_width=0.3, smooth=True),
            Polygon(tr(band), fill="#f2c14e", stroke=ink, stroke_width=0.25),
        ]
        # ermine tails on the cape and jewels on the band
        out += [dot(x, y, 0.018, "#1e1e1e") for x, y in ((-0.22, 0.06), (-0.08, 0.12), (0.08, 0.12), (0.22, 0.06),
                                                           (-0.15, 0.0), (0.15, 0.0))]
        out += [dot(x, -0.235, 0.014, "#ffffff") for x in (-0.10, 0.0, 0.10)]
        out += [dot(x, -0.165, 0.012, "#3b2a1a") for x in (-0.045, 0.045)]  # eyes
        return out

    # --- texts shared by the aid, the booklet and the variant sheet ----------------------------------

    def _roles_lines(self, pc: PlayerCount) -> str:
        out = []
        seen: dict[tuple[int, int, int, int], int] = {}
        for gr in pc.groups:
            key = (gr.deciders, gr.action_cards, gr.limit_cards, gr.offers)
            seen[key] = seen.get(key, 0) + 1
        for (dec, a, lim, off), times in seen.items():
            plural = "s" if dec > 1 else ""
            line = self.t("aid_group", deciders=dec, plural=plural, action=a, limit=lim, offers=off)
            out.append(f"• {line}" + (self.t('aid_times', n=times) if times > 1 else ""))
        if len(pc.groups) > 1:
            out.append(self.t("aid_groups_order"))
        plural = "s" if pc.start_bridges > 1 else ""
        out.append(self.t("aid_count_bridges", bridges=pc.start_bridges, plural=plural,
                          plural_de="n" if pc.start_bridges > 1 else "", limit=pc.bridge_limit_per_pair))
        return "\n".join(out)

    def house_lines(self) -> list[str]:
        """One line per house value, in words, for the aid and the variant sheet."""
        g = self.g
        out: list[str] = []
        ds = g.map.districts
        house_die = [d for d in ds if d.provenance.get("die", "source") == "house"]
        known_die = [d for d in ds if d not in house_die]
        if house_die and known_die:
            known = ", ".join(f"{d.name.get(self.lang)} = {'/'.join(map(str, d.die))}" for d in known_die)
            out.append(self.t("aid_house_die_one", known=known))
        elif house_die:
            out.append(self.t("aid_house_die"))
        house_pr = [d for d in ds if d.provenance.get("prestige", "source") == "house"]
        known_pr = [d for d in ds if d not in house_pr]
        if house_pr and known_pr:
            out.append(self.t("aid_house_prestige", known=", ".join(d.name.get(self.lang) for d in known_pr)))
        elif house_pr:
            out.append(self.t("aid_house_prestige_all"))
        if g.map.provenance.get("adjacency") == "house":
            out.append(self.t("aid_house_adjacency"))
        rp = g.rules.provenance
        if rp.get("score_track") == "house":
            out.append(self.t("aid_house_track", last=g.rules.score_track - 1))
        if rp.get("bridge_supply") == "house":
            out.append(self.t("aid_house_bridge_supply", n=g.rules.bridge_supply))
        if rp.get("banishment_die") == "house":
            out.append(self.t("aid_house_banish_die", n=g.rules.banishment_die))
        if rp.get("tie_break_district") == "house":
            out.append(self.t("aid_house_tiebreak", name=g.district(g.rules.tie_break_district).name.get(self.lang)))
        if g.decks.provenance.get("action") == "house":
            out.append(self.t("aid_house_cards"))
        for pc in g.rules.player_counts:
            if "house" in pc.provenance.values():
                out.append(self.t("aid_house_roles", players=pc.players))
        out += [hr.text.get(self.lang) for hr in g.house_rules]
        return out

    def t_any_district(self) -> str:
        return self.t("any_district")

    # --- variant sheet ----------------------------------------------------------------------------

    def variant_sheet(self) -> tuple[Piece, ...]:
        """One page on A4 and Letter; on a smaller paper (A5) the text runs on to a second."""
        a = self.s.aid
        g = self.g
        v = g.variant
        assert v is not None
        W, H, m = *self.page(a.page_w, a.page_h), a.margin
        els: list[Element] = [
            Text(m, 4, W - 2 * m, 11, self.t("var_title", players=v.players, districts=v.districts),
                 size=a.title_size, bold=True, color=a.head_color, align="left", wrap=False),
        ]
        col_w = (W - 2 * m - a.gutter) / 2
        f = Flow([(m, col_w), (m + col_w + a.gutter, col_w)] * 3, top=m, bottom=H - m, first_top=18,
                 first_columns=2)
        style_name = self.t(f"style_{v.style}") if f"style_{v.style}" in self.tx.root else v.style
        f.add(self.t("var_intro", seed=v.seed, style=style_name, ranks=v.ranks), a.body_size + 0.6)
        diffs = self.difference_lines()
        if diffs:
            f.add(self.t("var_diff_head"), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
            f.add("\n".join(f"• {line}" for line in diffs), a.body_size + 0.2)
        f.add(self.t("var_roles_head"), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
        f.add(self.t("var_roles_body"), a.body_size + 0.4)
        for pc in g.rules.player_counts:
            f.add(self.t("aid_count_head", players=pc.players), a.body_size + 1, bold=True, gap=0.3, keep=True)
            f.add(self._roles_lines(pc), a.body_size + 0.4)
        f.add(self.t("var_cards_head"), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
        counts = {c.type: (c.count_per_district if c.type == "district" else c.count) or 0 for c in g.decks.action}
        n = len(g.map.districts)
        total = sum(v_ * (n if t == "district" else 1) for t, v_ in counts.items())
        limits = " + ".join(f"{lc.count}×{lc.value}" for lc in g.decks.limit)
        f.add(self.t("var_cards_line", district=counts.get("district", 0), district_total=counts.get("district", 0) * n,
                     bridge=counts.get("bridge", 0), transfer=counts.get("transfer", 0), doge=counts.get("doge", 0),
                     banishment=counts.get("banishment", 0), total=total, limits=limits,
                     limit_total=sum(lc.count for lc in g.decks.limit), supply=g.rules.bridge_supply),
              a.body_size + 0.4)
        f.add(self.t("var_cards_rule", min_cards=v.min_district_cards), a.body_size)
        limit = max(pc.bridge_limit_per_pair for pc in g.rules.player_counts)
        f.add(self.t("var_bridges_body", limit=limit), a.body_size + 0.4)
        f.add(self.t("var_die_head"), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
        reroll = self.t("aid_reroll", faces=", ".join(map(str, g.die.reroll))) if g.die.reroll else ""
        f.add(self.t("var_die_body", sides=g.die.sides, reroll=reroll), a.body_size + 0.4)
        f.add(self.t("var_scoring_head"), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
        f.add(self.t("var_scoring_body", ranks=v.ranks), a.body_size + 0.4)
        f.add(self.t("var_passage_body", threshold=g.rules.limit_threshold), a.body_size + 0.4)
        # the districts are listed on the board and in the rules booklet
        n_pages = max(f.column_of) // 2 + 1
        pages: list[list[Element]] = [els] + [[] for _ in range(n_pages - 1)]
        for e, col in zip(f.elements, f.column_of, strict=True):
            pages[col // 2].append(e)
        return tuple(Piece("san-marco variant rules" + (f" {i + 1}" if n_pages > 1 else ""), W, H, tuple(p))
                     for i, p in enumerate(pages))
