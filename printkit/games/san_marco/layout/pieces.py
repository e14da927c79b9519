"""San Marco's playing pieces to cut out: bridges, the Doge standee and the sundial marker."""

from __future__ import annotations

import math

from printkit.engine.colors import shade
from printkit.engine.elements import Circle, Element, Icon, Line, Piece, Polygon, Rect, Text
from printkit.games.san_marco.layout.context import KitContext


def pieces_pages(kit: KitContext) -> tuple[Piece, ...]:
    p = kit.style.pieces
    W, H = kit.page(p.page_w, p.page_h)
    els: list[Element] = []
    # bridges: tiles with a square where the owner's noble stands
    n = kit.game.rules.bridge_supply
    x0, y0 = 8.0, 14.0
    els.append(Text(x0, 4, W - 16, 8, f"{kit.t('piece_bridge')} × {n}", size=11, bold=True, align="left",
                    wrap=False))
    per_row = int((W - 16 + 3) // (p.bridge_w + 3))
    for i in range(n):
        bx = x0 + (i % per_row) * (p.bridge_w + 3)
        by = y0 + (i // per_row) * (p.bridge_l + 4)
        els += [
            Rect(bx, by, p.bridge_w, p.bridge_l, fill=p.bridge_color, stroke="#000000", stroke_width=0.3),
            Line(bx + 1, by + 2.5, bx + 1, by + p.bridge_l - 2.5, stroke=shade(p.bridge_color), stroke_width=0.4),
            Line(bx + p.bridge_w - 1, by + 2.5, bx + p.bridge_w - 1, by + p.bridge_l - 2.5,
                 stroke=shade(p.bridge_color), stroke_width=0.4),
            Rect(bx + 1.5, by + p.bridge_l / 2 - 2.75, p.bridge_w - 3, 5.5, fill="#f3e9d2", stroke=None),
        ]
    rows = math.ceil(n / per_row)
    y = y0 + rows * (p.bridge_l + 4) + 6
    # Doge standee: base tab | front | fold | back (upside down) | base tab
    dw, dh, db = p.doge_w, p.doge_h, p.doge_base
    dx = 14.0
    els.append(Text(dx - 6, y, 70, 7, f"{kit.t('piece_doge')}", size=11, bold=True, align="left", wrap=False))
    y += 9
    parts = [(y, db, "base"), (y + db, dh, "front"), (y + db + dh, dh, "back"), (y + db + 2 * dh, db, "base")]
    for py, ph, kind in parts:
        fill = "#e8dcc4" if kind == "base" else p.doge_color
        els.append(Rect(dx, py, dw, ph, fill=fill, stroke="#000000", stroke_width=0.3))
        if kind != "base":
            flip = kind == "back"
            els += _doge_figure(dx + dw / 2, py + ph / 2, dw * 0.8, ph * 0.8, flip)
    for fy in (y + db, y + db + dh, y + db + 2 * dh):
        els.append(Line(dx - 3, fy, dx + dw + 3, fy, stroke="#555555", stroke_width=0.3, dash=(1.2, 1.0)))
    els.append(Text(dx + dw + 4, y + db + dh - 3, 16, 6, kit.t("piece_fold"), size=7, align="left", wrap=False,
                    color="#555555"))
    # sundial marker: a disc, cut out round
    sx = 80.0
    els.append(Text(sx, y - 9, 60, 7, kit.t("piece_sundial"), size=11, bold=True, align="left", wrap=False))
    r = p.sundial_d / 2
    els.append(Circle(sx + r, y + r, r, fill=p.sundial_color, stroke="#000000", stroke_width=0.3))
    els.append(Icon("sm-sundial", sx + r * 0.25, y + r * 0.25, r * 1.5, r * 1.5, color="#ffffff"))
    return (Piece("san-marco pieces", W, H, tuple(els)),)


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
