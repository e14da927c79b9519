"""Printable stand-ins for what a household may lack: nobles, score and role markers, dice.

Every player colour also gets a letter and a pattern, so colour-blind players can tell the
tokens apart; every die the kit asks for gets a small deck of die cards (draw one, put it back,
shuffle) and the d6 also a folding net.
"""

from __future__ import annotations

import math

from printkit.engine.colors import contrast_ink
from printkit.engine.elements import Circle, Element, Icon, Line, Polygon, Rect, Text
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.layout.drawing import die_face
from printkit.games.san_marco.layout.packing import EDGE, Block, block

LETTERS = "ABCDEFGH"
TOKEN = 10.5  # mm, a noble token (the wooden cubes are about 8-10 mm)


def pattern(index: int, x: float, y: float, s: float, ink: str) -> list[Element]:
    """A mark per player besides colour and letter: none, bars, dots, a diagonal, a ring, stripes."""
    mark = index % 6  # six marks, then they repeat
    w = 0.5
    if mark == 1:
        return [Line(x + 1.2, y + 1.6, x + s - 1.2, y + 1.6, stroke=ink, stroke_width=w * 1.6),
                Line(x + 1.2, y + s - 1.6, x + s - 1.2, y + s - 1.6, stroke=ink, stroke_width=w * 1.6)]
    if mark == 2:
        return [Circle(x + fx * s, y + fy * s, 0.75, fill=ink, stroke=None)
                for fx, fy in ((0.16, 0.16), (0.84, 0.16), (0.16, 0.84), (0.84, 0.84))]
    if mark == 3:
        return [Line(x + 1, y + s - 1, x + 3.2, y + s - 3.2, stroke=ink, stroke_width=w * 1.6),
                Line(x + s - 3.2, y + 3.2, x + s - 1, y + 1, stroke=ink, stroke_width=w * 1.6)]
    if mark == 4:
        return [Circle(x + s / 2, y + s / 2, s * 0.42, fill=None, stroke=ink, stroke_width=w)]
    if mark == 5:
        return [Line(x + 1.6, y + 1.2, x + 1.6, y + s - 1.2, stroke=ink, stroke_width=w * 1.6),
                Line(x + s - 1.6, y + 1.2, x + s - 1.6, y + s - 1.2, stroke=ink, stroke_width=w * 1.6)]
    return []


# Nobles are butted in one block per player, so cutting a block is a few long straight cuts along the shared
# lines (for 25 nobles in 5 x 5: 12 cuts, not 100); the crop marks outside the block show where they run.
MARK_START = 1.0  # mm between the block and a crop mark, so a mark never prints on a noble
MARK_LEN = 3.0  # mm a crop mark runs out from the block
MARK_ZONE = MARK_START + MARK_LEN
MARKER_GAP = 2.5  # mm between a block's right-hand crop marks and the score/role markers beside it
CELL_GAP = 6.0  # mm between two players' cells, across and down
HEAD_H = 6.0  # mm of a cell's heading line


def noble_block_shape(nobles: int) -> tuple[int, int]:
    """(columns, rows) of a player's butted block: as square as the count allows (25 -> 5 x 5)."""
    cols = math.ceil(math.sqrt(nobles))
    return cols, math.ceil(nobles / cols)


def _crop_marks(x: float, y: float, cols: int, rows: int) -> list[Element]:
    """A short mark outside the block at the end of every cut line, on all four sides."""
    w, h = cols * TOKEN, rows * TOKEN
    out: list[Element] = []
    for c in range(cols + 1):
        lx = x + c * TOKEN
        out.append(Line(lx, y - MARK_ZONE, lx, y - MARK_START, stroke="#000000", stroke_width=0.2))
        out.append(Line(lx, y + h + MARK_START, lx, y + h + MARK_ZONE, stroke="#000000", stroke_width=0.2))
    for r in range(rows + 1):
        ly = y + r * TOKEN
        out.append(Line(x - MARK_ZONE, ly, x - MARK_START, ly, stroke="#000000", stroke_width=0.2))
        out.append(Line(x + w + MARK_START, ly, x + w + MARK_ZONE, ly, stroke="#000000", stroke_width=0.2))
    return out


def _marker(kind: str, x: float, y: float, color: str, ink: str, letter: str) -> list[Element]:
    # Markers are round (nobles are square) and tell score from role by a drawn sign, not a
    # word: a word fitting a 10 mm disc would print below the legible size.
    cx, cy = x + TOKEN / 2, y + TOKEN / 2
    els: list[Element] = [Circle(cx, cy, TOKEN / 2, fill=color, stroke="#333333", stroke_width=0.3)]
    if kind == "score":  # a ring, like the stone on the track
        els.append(Circle(cx, cy, TOKEN / 2 - 1.1, fill=None, stroke=ink, stroke_width=0.5))
        els.append(Text(x, y, TOKEN, TOKEN, letter, size=11, bold=True, color=ink, wrap=False))
    else:  # the crown of the roles, the letter under it
        els.append(Icon("sm-crown", cx - 2.6, y + 1.3, 5.2, 4.2, color=ink))
        els.append(Text(x, y + 5.3, TOKEN, 4.2, letter, size=8, bold=True, color=ink, wrap=False))
    return els


def token_blocks(kit: KitContext, players: int) -> list[Block]:
    """A heading, then per player the definition's nobles (25) in a butted block with a score and a role marker
    in the player's colour, then the note on colour, letter and pattern: blocks to pack onto the pieces' sheets."""
    p = kit.style.pieces
    W, _H = kit.page(p.page_w, p.page_h)
    game = kit.game
    n = game.rules.nobles_per_player
    cols, rows = noble_block_shape(n)
    cell_w = 2 * MARK_ZONE + cols * TOKEN + MARKER_GAP + TOKEN
    out = [block([Text(0, 0, W - 2 * EDGE, 8, kit.t("tokens_title"), size=12, bold=True, align="left",
                       wrap=False)], heading=True)]
    for i in range(players):
        color = game.player_colors[i % len(game.player_colors)]
        ink = contrast_ink(color)
        letter = LETTERS[i]
        els: list[Element] = [Text(0, 0, cell_w, 5, kit.t("tokens_player", letter=letter, n=i + 1, nobles=n),
                                   size=8, min_size=6, bold=True, align="left", wrap=False)]
        bx, by = MARK_ZONE, HEAD_H + MARK_ZONE
        for j in range(n):
            x, y = bx + (j % cols) * TOKEN, by + (j // cols) * TOKEN
            els.append(Rect(x, y, TOKEN, TOKEN, fill=color, stroke="#333333", stroke_width=0.25))
            els += pattern(i, x, y, TOKEN, ink)
            els.append(Text(x, y, TOKEN, TOKEN, letter, size=11, bold=True, color=ink, wrap=False))
        els += _crop_marks(bx, by, cols, rows)
        mx = bx + cols * TOKEN + MARK_ZONE + MARKER_GAP
        els += _marker("score", mx, by, color, ink, letter)
        els += _marker("role", mx, by + TOKEN + MARKER_GAP, color, ink, letter)
        out.append(block(els))
    out.append(block([Text(0, 0, W - 2 * EDGE, 10, kit.t("tokens_note"), size=7, color="#555555", align="left",
                           valign="top")], alone=True))
    return out


def dice_needed(kit: KitContext) -> list[int]:
    """Every die the rules ask for: the setup die and the banishment die."""
    return sorted({kit.game.die.sides, kit.game.rules.banishment_die})


def dice_blocks(kit: KitContext) -> list[Block]:
    """A heading, a die-card deck per die (cut, shuffle, draw, put back) and a folding d6 net: blocks to pack onto
    the pieces' sheets."""
    p = kit.style.pieces
    W, _H = kit.page(p.page_w, p.page_h)
    inner = W - 2 * EDGE
    out = [block([Text(0, 0, inner, 8, kit.t("dice_title"), size=12, bold=True, align="left", wrap=False),
                  Text(0, 8, inner, 9, kit.t("dice_how"), size=7.5, color="#333333", align="left")], heading=True)]
    card = 24.0 if W >= 170 else 20.0  # a narrow page (A5) takes six cards to a row at 20 mm
    per_row = int(inner // card)
    for sides in dice_needed(kit):
        row_w = min(sides, per_row) * card
        els: list[Element] = [Text(0, 0, row_w, 5, kit.t("dice_deck", sides=sides), size=9, bold=True, align="left",
                                   wrap=False)]
        for v in range(1, sides + 1):
            x = ((v - 1) % per_row) * card
            yy = 6 + ((v - 1) // per_row) * card
            els.append(Rect(x, yy, card, card, fill="#fbf7ee", stroke="#777777", stroke_width=0.25))
            els += die_face(x + 4, yy + 3, card - 8, v, sides)
            els.append(Text(x, yy + card - 4.4, card, 3.8, kit.t("die_name", sides=sides), size=6.5, color="#666666",
                            wrap=False))
        out.append(block(els, follows=True))
    out.append(_d6_net(kit))
    return out


def _d6_net(kit: KitContext) -> Block:
    """A folding d6: a cross of six faces with glue tabs, opposite faces adding up to 7; how to fold it below."""
    s = 20.0
    tab = 5.0  # mm a glue tab reaches out from its face
    net_w = 4 * s + 2 * tab
    els: list[Element] = [Text(0, 0, net_w, 5, kit.t("dice_net"), size=9, bold=True, align="left", wrap=False)]
    y = 7 + tab
    L = tab + s  # left edge of the cross's middle column (faces 1, 3, 6)
    layout = {1: (1, 0), 2: (0, 1), 3: (1, 1), 5: (2, 1), 4: (3, 1), 6: (1, 2)}
    for value, (cx, cy) in layout.items():
        fx, fy = L + (cx - 1) * s, y + cy * s
        els.append(Rect(fx, fy, s, s, fill="#ffffff", stroke="#333333", stroke_width=0.3))
        els += die_face(fx + 2, fy + 2, s - 4, value, 6)

    def glue(ax: float, ay: float, bx: float, by: float, nx: float, ny: float) -> Element:
        return Polygon(((ax, ay), (bx, by), (bx + nx * tab + (ax - bx) * 0.2, by + ny * tab + (ay - by) * 0.2),
                        (ax + nx * tab + (bx - ax) * 0.2, ay + ny * tab + (by - ay) * 0.2)),
                       fill="#eeeeee", stroke="#999999", stroke_width=0.25)

    els += [
        glue(L, y, L, y + s, -1, 0), glue(L + s, y, L + s, y + s, 1, 0),  # beside face 1
        glue(L, y + 2 * s, L, y + 3 * s, -1, 0), glue(L + s, y + 2 * s, L + s, y + 3 * s, 1, 0),  # beside 6
        glue(L, y, L + s, y, 0, -1), glue(L, y + 3 * s, L + s, y + 3 * s, 0, 1),  # top of 1, bottom of 6
        glue(L + 3 * s, y + s, L + 3 * s, y + 2 * s, 1, 0),  # end of the strip
    ]
    els.append(Text(0, y + 3 * s + tab + 2, net_w, 16, kit.t("dice_net_how"), size=7.5, color="#333333",
                    align="left", valign="top"))
    return block(els, follows=True)
