"""The setup sheet's picture of the table: the board in the middle, the piles beside it, each player's seat
with their nobles and limit cards, numbered to notes below; then what changes with the number of players.

A drawing in the sheet's own scale, not a photograph of the kit: the board keeps its proportions and its map,
the rest are symbols the size of the table.
"""

from __future__ import annotations

import math

from printkit.engine.colors import contrast_ink
from printkit.engine.elements import Circle, Element, Icon, Line, Piece, Polygon, Rect, Text
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.layout.drawing import Flow, flow_height
from printkit.games.san_marco.layout.tokens import LETTERS

TABLE_FILL, TABLE_EDGE = "#d9c3a0", "#8a6a45"
CARD_BACK = "#6b4f3a"
CALLOUT = "#7b2d26"
CALLOUT_R = 2.4  # mm: a numbered callout disc
BOARD_SHARE = 0.46  # of the table's width the board takes: room left for the piles beside it
SEAT_BAND = 15.0  # mm of table above and below the board for the seats
COUNTS_ROW = 6.0  # mm per row of the player-count table
# The table supports three to six players; classic definitions print fewer counts (the rest are variants).
TABLE_PLAYERS = range(3, 7)

CALLOUTS = ("board", "action", "limit", "bridges", "nobles", "limitcards", "score", "sundial", "doge", "roles")
# Where a callout sits from the thing it numbers (mm), so it never hides it.
CALLOUT_SHIFT = {"sundial": (6.0, 0.0), "doge": (6.0, 0.0), "roles": (7.0, 0.0), "nobles": (0.0, -5.5),
                 "limitcards": (0.0, -6.5), "score": (4.0, 3.5)}


def _callout(n: int, x: float, y: float) -> list[Element]:
    return [Circle(x, y, CALLOUT_R, fill=CALLOUT, stroke="#ffffff", stroke_width=0.3),
            Text(x - CALLOUT_R, y - CALLOUT_R, 2 * CALLOUT_R, 2 * CALLOUT_R, str(n), size=7, bold=True,
                 color="#ffffff", wrap=False)]


def _pile(x: float, y: float, w: float, h: float, fill: str) -> list[Element]:
    """A pile of cards face down: three offset outlines (its name is in the numbered notes: a name that fits
    the drawing would print below the legible size)."""
    return [Rect(x + 1.2 - k * 0.6, y + 1.2 - k * 0.6, w, h, fill=fill, stroke="#2b2b2b", stroke_width=0.25,
                 radius=0.8) for k in range(3)]


def _mini_board(kit: KitContext, x: float, y: float, w: float) -> tuple[list[Element], dict[str, tuple[float, float]]]:
    """The board at scale ``w / board width``: frame, track, map, panel; and where its spaces are."""
    b = kit.style.board
    game = kit.game
    k = w / b.width
    h = b.height * k
    els: list[Element] = [Rect(x, y, w, h, fill=b.frame_color, stroke=None),
                          Rect(x + b.track_band * k, y + b.track_band * k, w - 2 * b.track_band * k,
                               h - 2 * b.track_band * k, fill=game.map.sea_color, stroke=None)]
    room_w, room_h = b.panel_x - b.map_x - 4, b.height - b.track_band - 4 - b.map_y
    ms = min(room_w / game.map.width, room_h / game.map.height, 1.0)
    for d in game.map.districts:
        pts = tuple((x + (b.map_x + px * ms) * k, y + (b.map_y + py * ms) * k) for px, py in d.outline)
        els.append(Polygon(pts, fill=d.color, stroke=b.district_stroke, stroke_width=0.15))
    px = x + b.panel_x * k
    els.append(Rect(px, y + (b.track_band + 4) * k, b.panel_w * k, h - 2 * (b.track_band + 4) * k,
                    fill=b.panel_color, stroke=None))
    t = b.track_band * k
    spots = {
        "score": (x + t / 2, y + t / 2),  # cell 0, top left
        "sundial": (px + b.panel_w * k * 0.35, y + (b.track_band + 4 + 28) * k),
        "roles": (px + b.panel_w * k / 2, y + (b.track_band + 4 + 62) * k),
        "doge": (px + b.panel_w * k * 0.3, y + (b.track_band + 4 + 100) * k),
    }
    return els, spots


def _seat(kit: KitContext, i: int, x: float, y: float) -> tuple[list[Element], dict[str, tuple[float, float]]]:
    """Player ``i``'s place at the table edge: their letter, nobles, the limit cards face up in front of them."""
    color = kit.game.player_colors[i % len(kit.game.player_colors)]
    ink = contrast_ink(color)
    els: list[Element] = [Circle(x, y, 3.6, fill=color, stroke="#2b2b2b", stroke_width=0.3),
                          Text(x - 3.6, y - 3.6, 7.2, 7.2, LETTERS[i], size=8, bold=True, color=ink, wrap=False)]
    # nobles: three squares for the 25; limit cards: two small cards face up, numbers showing
    nx = x + 5.5
    for j in range(3):
        els.append(Rect(nx + j * 3.4, y - 1.5, 3.0, 3.0, fill=color, stroke="#2b2b2b", stroke_width=0.2))
    cy = y - 2.8
    cx = nx + 11.5
    for j, v in enumerate((1, 3)):
        els.append(Rect(cx + j * 5.2, cy, 4.4, 5.8, fill="#fbf7ee", stroke="#2b2b2b", stroke_width=0.2, radius=0.4))
        els.append(Text(cx + j * 5.2, cy, 4.4, 5.8, str(v), size=6, bold=True, wrap=False))
    return els, {"nobles": (nx + 5, y), "limitcards": (cx + 5, cy)}


def _seats(players: int) -> tuple[int, int]:
    """(seats along the bottom edge, seats along the top edge)."""
    return (players + 1) // 2, players // 2


def table_picture(kit: KitContext, x: float, y: float, w: float, players: int) -> tuple[list[Element], float]:
    """The table seen from above, numbered; returns the elements and the height it takes."""
    game = kit.game
    bw = w * BOARD_SHARE
    bh = bw * kit.style.board.height / kit.style.board.width
    h = bh + 2 * SEAT_BAND + 6
    els: list[Element] = [Rect(x, y, w, h, fill=TABLE_FILL, stroke=TABLE_EDGE, stroke_width=0.6, radius=6)]
    bx, by = x + (w - bw) / 2, y + SEAT_BAND + 3
    board_els, spots = _mini_board(kit, bx, by, bw)
    els += board_els
    spots["board"] = (bx + bw * 0.3, by + bh * 0.5)
    # the Doge on his place, the sundial marker on field 1, score markers on 0
    dx, dy = spots["doge"]
    els.append(Icon("sm-doge", dx - 2.2, dy - 2.2, 4.4, 4.4, color="#a23b3b"))
    sx, sy = spots["sundial"]
    dial = tuple((sx + 3.2 * math.cos(math.pi + t * math.pi / 12), sy + 3.2 * math.sin(math.pi + t * math.pi / 12))
                 for t in range(13))
    els.append(Polygon(((sx, sy), *dial), fill="#f2c14e", stroke="#2b2b2b", stroke_width=0.15))
    els.append(Circle(sx - 2.0, sy - 1.0, 0.9, fill=kit.style.pieces.sundial_color, stroke="#2b2b2b",
                      stroke_width=0.15))  # on field 1
    rx_, ry_ = spots["roles"]
    for j in range(3):
        els.append(Circle(rx_ - 3 + j * 3, ry_, 1.1, fill="#fffaf0", stroke="#2b2b2b", stroke_width=0.15))
    # piles left of the board, bridges right of it
    pw, ph = 11.0, 15.5
    left = bx - pw - 9
    els += _pile(left, by + 1, pw, ph, CARD_BACK)
    els += _pile(left, by + bh - ph - 1, pw, ph, "#2e4a6b")
    spots["action"], spots["limit"] = (left - 3, by + 4), (left - 3, by + bh - 4)
    rx = bx + bw + 6
    for j in range(4):
        els.append(Rect(rx + j * 3.6, by + bh / 2 - 5, 2.6, 10, fill=kit.style.pieces.bridge_color, stroke="#2b2b2b",
                        stroke_width=0.2))
    spots["bridges"] = (rx + 17, by + bh / 2 - 6)
    bottom, top = _seats(players)
    seat_spots: dict[str, tuple[float, float]] = {}
    for row, count, sy_ in ((0, bottom, y + h - SEAT_BAND / 2), (1, top, y + SEAT_BAND / 2)):
        for s in range(count):
            i = s if row == 0 else bottom + s
            sx_ = x + (s + 0.5) * w / count - 14
            seat_els, where = _seat(kit, i, sx_, sy_)
            els += seat_els
            if row == 0:  # the notes point at the last seat along the bottom, clear of the piles
                seat_spots = where
            if i < players:  # each seat's score marker on 0, drawn as a dot of its colour near cell 0
                color = game.player_colors[i % len(game.player_colors)]
                scx, scy = spots["score"]
                els.append(Circle(scx + (i % 3) * 1.2, scy + (i // 3) * 1.2, 0.9, fill=color, stroke="#2b2b2b",
                                  stroke_width=0.1))
    spots.update(seat_spots)
    for n, key in enumerate(CALLOUTS, 1):
        cx, cy = spots[key]
        ddx, ddy = CALLOUT_SHIFT.get(key, (0.0, 0.0))
        els += _callout(n, cx + ddx, cy + ddy)
    return els, h


def counts_table(kit: KitContext, x: float, y: float, w: float) -> tuple[list[Element], float]:
    """One row per player count the definition plays: groups, cards and offers, start bridges, bridge limit."""
    a = kit.style.aid
    heads = [kit.t(k) for k in ("setup_col_players", "setup_col_groups", "setup_col_cards", "setup_col_bridges",
                                "setup_col_limit")]
    shares = (0.12, 0.25, 0.27, 0.17, 0.19)
    widths = [w * s for s in shares]
    size = a.body_size - 0.5
    head_h = max(flow_height(t, size, cw - 2) for t, cw in zip(heads, widths, strict=True)) + 1.5
    els: list[Element] = [Rect(x, y, w, head_h, fill="#efe2c4", stroke=None)]
    cx = x
    for t, cw in zip(heads, widths, strict=True):
        els.append(Text(cx + 1, y + 0.7, cw - 2, head_h - 1, t, size=size, min_size=6, bold=True, align="left",
                        valign="top"))
        cx += cw
    yy = y + head_h
    sep = kit.t("setup_cell_sep")
    for pc in kit.game.rules.player_counts:
        kinds = list(dict.fromkeys((g.deciders, g.action_cards, g.limit_cards, g.offers) for g in pc.groups))
        groups = sep.join(kit.t("setup_groups_cell", deciders=g.deciders) for g in pc.groups)
        cards = sep.join(kit.t("setup_cards_cell", action=a_, limit=lim, offers=off) for _, a_, lim, off in kinds)
        cells = [str(pc.players), groups, cards, str(pc.start_bridges), str(pc.bridge_limit_per_pair)]
        cx = x
        for t, cw in zip(cells, widths, strict=True):
            els.append(Text(cx + 1, yy, cw - 2, COUNTS_ROW, t, size=size, min_size=6, align="left", wrap=False))
            cx += cw
        els.append(Line(x, yy + COUNTS_ROW, x + w, yy + COUNTS_ROW, stroke="#b9a98a", stroke_width=0.25))
        yy += COUNTS_ROW
    return els, yy - y


def table_sheet(kit: KitContext, players: int) -> Piece:
    """The setup sheet's second page: the picture, its numbered notes, the player counts, what to bring."""
    a = kit.style.aid
    game = kit.game
    W, H, m = *kit.page(a.page_w, a.page_h), a.margin
    els: list[Element] = [Text(m, 3, W - 2 * m, 11, kit.t("setup_table_title", title=game.title.get(kit.lang)),
                               size=a.title_size, bold=True, color=a.head_color, align="left", wrap=False)]
    pic, h = table_picture(kit, m, 16, W - 2 * m, players)
    els += pic
    values = {"bridges": {"n": game.rules.bridge_supply}, "nobles": {"n": game.rules.nobles_per_player}}
    notes = [f"{n}  {kit.t('setup_callout_' + key, **values.get(key, {}))}" for n, key in enumerate(CALLOUTS, 1)]
    col_w = (W - 2 * m - a.gutter) / 2
    f = Flow([(m, col_w), (m + col_w + a.gutter, col_w)], top=16 + h + 4, bottom=H - m)
    half = (len(notes) + 1) // 2
    f.add("\n".join(notes[:half]), a.body_size)
    f.col, f.y = 1, 16 + h + 4
    f.add("\n".join(notes[half:]), a.body_size)
    y = max(e.y + e.h for e in f.elements) + 4
    els += f.elements
    els.append(Text(m, y, W - 2 * m, 7, kit.t("setup_counts_head"), size=a.head_size, bold=True, color=a.head_color,
                    align="left", wrap=False))
    y += 8
    rows, th = counts_table(kit, m, y, W - 2 * m)
    els += rows
    y += th + 3
    have = {pc.players for pc in game.rules.player_counts}
    missing = [n for n in TABLE_PLAYERS if n not in have]
    tail = []
    if missing and game.variant is None:
        tail.append(kit.t("setup_more_players", counts=kit.t("setup_or").join(map(str, missing))))
    tail.append(kit.t("setup_outside"))
    for line in tail:
        lh = flow_height(line, a.body_size, W - 2 * m)
        els.append(Text(m, y, W - 2 * m, lh, line, size=a.body_size, min_size=6.5, align="left", valign="top"))
        y += lh + 1.5
    return Piece("san-marco setup table", W, H, tuple(els))
