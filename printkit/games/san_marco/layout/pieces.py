"""San Marco's playing pieces to cut out: bridges, the Doge standee and the sundial marker."""

from __future__ import annotations

from printkit.engine.colors import shade
from printkit.engine.elements import Circle, Element, Icon, Line, Piece, Polygon, Rect, Text
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.layout.packing import EDGE, Block, block, moved, pack, turned
from printkit.games.san_marco.layout.tokens import dice_blocks, token_blocks

BRIDGE_GAP = 3.0  # mm between two bridge tiles: each is cut on its own
SIDE_LABEL_W = 30.0  # mm a small piece's heading may take (it shrinks to fit, from 11 pt down to 8 pt)


def pieces_sheets(kit: KitContext, players: int) -> tuple[Piece, ...]:
    """Every piece to cut out on as few sheets as they fit: the nobles and markers of each player, the bridges,
    the sundial, the dice and the Doge (he stands beside the d6 net, where the page has room)."""
    p = kit.style.pieces
    W, H = kit.page(p.page_w, p.page_h)
    return pack("san-marco pieces", [*token_blocks(kit, players), *piece_blocks(kit)[:2], *dice_blocks(kit),
                                     piece_blocks(kit)[2]], W, H)


def piece_blocks(kit: KitContext) -> list[Block]:
    """The bridges, the sundial marker and the Doge standee, each a block to pack onto the pieces' sheets."""
    return [_bridges(kit), _sundial(kit), _doge(kit)]


def _bridges(kit: KitContext) -> Block:
    """Bridge tiles with a square where the owner's noble stands, in rows as wide as the page allows."""
    p = kit.style.pieces
    W, _H = kit.page(p.page_w, p.page_h)
    n = kit.game.rules.bridge_supply
    per_row = min(n, int((W - 2 * EDGE + BRIDGE_GAP) // (p.bridge_w + BRIDGE_GAP)))
    row_w = per_row * (p.bridge_w + BRIDGE_GAP) - BRIDGE_GAP
    els: list[Element] = [Text(0, 0, row_w, 8, f"{kit.t('piece_bridge')} × {n}", size=11, bold=True, align="left",
                               wrap=False)]
    for i in range(n):
        bx = (i % per_row) * (p.bridge_w + BRIDGE_GAP)
        by = 10 + (i // per_row) * (p.bridge_l + 4)
        els += [
            Rect(bx, by, p.bridge_w, p.bridge_l, fill=p.bridge_color, stroke="#000000", stroke_width=0.3),
            Line(bx + 1, by + 2.5, bx + 1, by + p.bridge_l - 2.5, stroke=shade(p.bridge_color), stroke_width=0.4),
            Line(bx + p.bridge_w - 1, by + 2.5, bx + p.bridge_w - 1, by + p.bridge_l - 2.5,
                 stroke=shade(p.bridge_color), stroke_width=0.4),
            Rect(bx + 1.5, by + p.bridge_l / 2 - 2.75, p.bridge_w - 3, 5.5, fill="#f3e9d2", stroke=None),
        ]
    return block(els)


def _sundial(kit: KitContext) -> Block:
    """The sundial marker: a disc, cut out round."""
    p = kit.style.pieces
    r = p.sundial_d / 2
    return block([Text(0, 0, SIDE_LABEL_W, 7, kit.t("piece_sundial"), size=11, min_size=8, bold=True, align="left",
                       wrap=False),
                  Circle(r, 9 + r, r, fill=p.sundial_color, stroke="#000000", stroke_width=0.3),
                  Icon("sm-sundial", r * 0.25, 9 + r * 0.25, r * 1.5, r * 1.5, color="#ffffff")])


def _doge(kit: KitContext) -> Block:
    """The Doge standee, lying on its side where the page is wide enough (below the dice, on A5 too): base tab |
    front | fold | back (upside down) | base tab, the fold lines running 3 mm past its edges."""
    p = kit.style.pieces
    dw, dh, db = p.doge_w, p.doge_h, p.doge_base
    standing: list[Element] = []  # drawn upright, then turned
    parts = [(0.0, db, "base"), (db, dh, "front"), (db + dh, dh, "back"), (db + 2 * dh, db, "base")]
    for py, ph, kind in parts:
        fill = "#e8dcc4" if kind == "base" else p.doge_color
        standing.append(Rect(0, py, dw, ph, fill=fill, stroke="#000000", stroke_width=0.3))
        if kind != "base":
            standing += _doge_figure(dw / 2, py + ph / 2, dw * 0.8, ph * 0.8, kind == "back")
    for fy in (db, db + dh, db + 2 * dh):
        standing.append(Line(-3, fy, dw + 3, fy, stroke="#555555", stroke_width=0.3, dash=(1.2, 1.0)))
    head = 9.0
    title = Text(0, 0, SIDE_LABEL_W, 7, kit.t("piece_doge"), size=11, min_size=8, bold=True, align="left",
                 wrap=False)
    W, _H = kit.page(p.page_w, p.page_h)
    lying = block([turned(e) for e in standing])  # the top base tab now on the left
    if lying.w > W - 2 * EDGE:  # a page narrower than the lying standee: he stands, the fold named beside him
        upright = block(standing)
        return block([title, *(moved(e, 0, head) for e in upright.elements),
                      Text(upright.w + 1, head + 3 + db + dh - 3, 16, 6, kit.t("piece_fold"), size=7, align="left",
                           wrap=False, color="#555555")])
    fold_x = db + dh + 3  # the middle fold, from the block's left edge (its lines reach 3 mm past the standee)
    return block([title, *(moved(e, 0, head) for e in lying.elements),
                  Text(fold_x - 8, head + lying.h + 0.5, 16, 5, kit.t("piece_fold"), size=7, wrap=False,
                       color="#555555")])


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
