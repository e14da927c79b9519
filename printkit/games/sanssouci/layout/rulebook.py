"""The rules booklet, the setup sheet (a drawn table, then the setup per player count) and the kit notes.

The words are ``data/rules/<lang>.yaml``; every number in them is filled from the :class:`Game`, so the
text follows the data.  The engine's :mod:`printkit.engine.rulebook` flows the text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from printkit.engine.booklet import booklet, booklet_page_size
from printkit.engine.colors import tint
from printkit.engine.components import SheetComponent
from printkit.engine.elements import Element, Icon, Line, Rect, Text
from printkit.engine.paper import paper_dimensions
from printkit.engine.rulebook import Block, PageStyle, booklet_pages, filled, flow, sheet_pages
from printkit.games.sanssouci.layout.colour import ink_on
from printkit.games.sanssouci.model import TERRACE, Game, Rules, Style

SHEET_STYLE = PageStyle(margin=14.0, size=9.0, head=11.5)  # loose A4/Letter pages, read at the table
BOOK_STYLE = PageStyle(margin=12.0, size=8.5, head=11.0)  # A5 booklet pages


def values(game: Game, style: Style, rules: Rules) -> dict[str, object]:
    """Every number the texts name, from the data."""
    deck = game.deck
    used = {n: game.tiles_used(n) for n in range(game.players[0], game.players[1] + 1)}
    missions = [rules.texts["mission_item"].format(row=r, points=p)
                for r, p in sorted(game.mission_points.items()) if r != TERRACE]
    terrace = rules.texts["terrace_item"].format(points=game.mission_points.get(TERRACE, 0))
    split = dict(sorted(game.tile_split.items()))
    out: dict[str, object] = {
        "players_min": game.players[0], "players_max": game.players[1], "turns": game.turns, "hand": game.hand,
        "missions": game.missions_per_player, "nobles": game.nobles_per_player,
        "nobles_total": game.nobles_per_player * len(game.player_colours), "stacks": game.stacks,
        "per_colour": game.display_per_colour,
        "display_spaces": game.display_per_colour * len(game.display_colours()),
        "track": game.score_track, "per_element": game.tiles_per_element,
        "tiles_total": game.tiles_per_element * game.columns,
        "cards_per_player": len(deck), "cards_total": len(deck) * len(game.player_colours),
        "element_cards": sum(c.kind == "element" for c in deck), "pair_cards": sum(c.kind == "pair" for c in deck),
        "jokers": sum(c.kind == "joker" for c in deck), "mission_count": game.columns,
        "boards": len(game.sides) // 2, "sides": len(game.sides),
        "draw_pile": len(deck) - game.hand, "column_bonus": game.scoring.column_bonus,
        "mission_table": rules.texts["list_separator"].join([terrace, *missions]),
        "noble_w": style.token["noble_width"], "noble_h": style.token["noble_height"],
        "marker": style.token["marker"],
    }
    for n, per in used.items():
        out[f"per_el_{n}"] = per
        out[f"tiles_{n}"] = per * game.columns
        out[f"extra_{n}"] = split.get(n, 0)
    for row in game.rows:
        out[f"row_{row.number}"] = game.scoring.row_bonus.get(row.number, 0)
    return out


def rules_booklet(game: Game, style: Style, rules: Rules, lang: str, paper: str, title: str,
                  glossary: tuple[str, ...]) -> SheetComponent:
    v = values(game, style, rules)
    w, h = booklet_page_size(paper)
    st = PageStyle(BOOK_STYLE.margin, BOOK_STYLE.foot, BOOK_STYLE.size, BOOK_STYLE.head, style.sheet.ink,
                   style.sheet.accent)
    scale = min(w / 148.5, h / 210.0)
    art: list[Element] = [Icon("ss-noble", w / 2 - 20 * scale, h * 0.14, 40 * scale, 40 * scale,
                               color=style.sheet.accent)]
    pages = booklet_pages("sanssouci rules", title, rules.texts["booklet_title"],
                          rules.texts["cover_note"].format_map(v), filled(rules.booklet, v), w, h, st, lang,
                          glossary, art)
    return booklet("rules-booklet", f"{title} — {rules.texts['booklet_title']}", pages)


def _sheet_style(style: Style) -> PageStyle:
    return PageStyle(SHEET_STYLE.margin, SHEET_STYLE.foot, SHEET_STYLE.size, SHEET_STYLE.head, style.sheet.ink,
                     style.sheet.accent)


def notes_page(game: Game, style: Style, rules: Rules, lang: str, paper: str, title: str,
               glossary: tuple[str, ...]) -> SheetComponent:
    w, h = _portrait(paper)
    pages = sheet_pages("sanssouci notes", f"{title} — {rules.texts['notes_title']}",
                        filled(rules.notes, values(game, style, rules)), w, h, _sheet_style(style), lang,
                        columns=1, glossary=glossary)
    return SheetComponent("kit-notes", rules.texts["notes_title"], pages)


def _portrait(paper: str) -> tuple[float, float]:
    pw, ph = paper_dimensions(paper)
    return min(pw, ph), max(pw, ph)


# The setup picture: a plan of the table, in mm on a 182 mm wide drawing (A4 less the margins), scaled
# to the paper.  The central board on the left, one player's place below it.
PICTURE_W = 182.0
SETUP_SIZES = (12.0, 11.5, 11.0, 10.5, 10.0, 9.5, SHEET_STYLE.size)  # pt: the setup text's sizes, largest first
BALANCE_STEP = 0.5  # mm: how closely the setup text's column ends are levelled
MIN_PICTURE_SCALE = 0.85  # below this the labels (fixed point sizes) no longer fit their boxes: stack instead
STACKED_W = 112.0  # mm: the stacked drawing is as wide as the central board
LABEL_W = {"hand": 29.0, "draw": 18.0, "missions": 31.0, "lap": 20.0}  # mm: up to the next card's label
TABLE_TEMPLATES = ("line", "item")  # setup_table entries filled per player count, not from the data
TABLE_GAP = 6.0  # mm between the central board and the table of pieces per player count
TABLE_ROW_H = 8.0  # mm: two lines of 7.5 pt row names
TABLE_SHADE = 0.8  # the built-for player count's column: the accent this near white, its numbers still black
TABLE_NUMBER_W = 10.0  # mm: one player count's column, "81" at 9 pt with air


def _label(x: float, y: float, w: float, text: str, ink: str, size: float = 8.0, bold: bool = False) -> Text:
    return Text(x, y, w, 8, text, size=size, min_size=6.5, color=ink, align="left", valign="top", bold=bold)


def _count_rows(game: Game) -> tuple[tuple[str, Callable[[int], int]], ...]:
    """The kinds of piece whose number depends on the player count: (row name key, count for n players)."""
    return (
        ("tiles", lambda n: game.tiles_used(n) * game.columns),
        ("boards", lambda n: n),
        ("cards", lambda n: len(game.deck) * n),
        ("nobles", lambda n: game.nobles_per_player * n),
        ("missions", lambda n: game.missions_per_player * n),
        ("markers", lambda n: n),
    )


def _table_names(rules: Rules, v: dict[str, object]) -> dict[str, str]:
    """The table's headings and row names with the data's numbers filled in (not its line templates)."""
    return {key: text.format_map(v) for key, text in rules.table.items() if key not in TABLE_TEMPLATES}


def count_blocks(game: Game, rules: Rules, v: dict[str, object]) -> tuple[Block, ...]:
    """The table of :func:`count_table` as text, a line per player count (a narrow page has no room beside the
    central board for the table)."""
    names = _table_names(rules, v)
    lines = [rules.table["line"].format(players=n, items=rules.texts["list_separator"].join(
        rules.table["item"].format(name=names[key], count=count(n)) for key, count in _count_rows(game)))
        for n in range(game.players[0], game.players[1] + 1)]
    return (Block("head", names["head"]), Block("bullets", "\n".join(lines)))


def count_table(game: Game, style: Style, rules: Rules, v: dict[str, object], x: float, y: float, w: float,
                players: int | None = None) -> tuple[list[Element], float]:
    """What each player count puts on the table, a row per kind of piece and a column per player count
    (the one built for, ``players``, shaded), at (``x``, ``y``) mm, ``w`` mm wide; and its height in mm."""
    s = style.sheet
    names = _table_names(rules, v)
    counts = range(game.players[0], game.players[1] + 1)
    rows = _count_rows(game)
    name_w = w - len(counts) * TABLE_NUMBER_W
    el: list[Element] = []
    if players is not None:
        px = x + name_w + (players - game.players[0]) * TABLE_NUMBER_W
        el.append(Rect(px, y, TABLE_NUMBER_W, (len(rows) + 1) * TABLE_ROW_H, fill=tint(s.accent, TABLE_SHADE),
                       stroke=None))
    el.append(Text(x, y, name_w - 1, TABLE_ROW_H, names["players"], size=8, min_size=6.5, bold=True, color=s.ink,
                   align="left"))
    for i, n in enumerate(counts):
        el.append(Text(x + name_w + i * TABLE_NUMBER_W, y, TABLE_NUMBER_W, TABLE_ROW_H, str(n), size=9, min_size=9,
                       bold=True, color=s.ink, wrap=False))
    for r, (key, count) in enumerate(rows, start=1):
        ry = y + r * TABLE_ROW_H
        el.append(Line(x, ry, x + w, ry, stroke=s.accent, stroke_width=0.3 if r == 1 else 0.15))
        el.append(Text(x, ry, name_w - 1, TABLE_ROW_H, names[key], size=7.5, min_size=6.5, color=s.ink,
                       align="left"))
        for i, n in enumerate(counts):
            el.append(Text(x + name_w + i * TABLE_NUMBER_W, ry, TABLE_NUMBER_W, TABLE_ROW_H, str(count(n)), size=8.5,
                           min_size=8.5, color=s.ink, wrap=False))
    return el, (len(rows) + 1) * TABLE_ROW_H


def setup_picture(game: Game, style: Style, rules: Rules, v: dict[str, object], x0: float, y0: float,
                  k: float, stacked: bool = False, players: int | None = None) -> tuple[list[Element], float]:
    """The table seen from above: central board (track, display, stacks) and one player's place, the pieces
    of each player count beside them, and the drawing's height (mm, before scaling by ``k``).  ``stacked`` (a
    narrow page): the player's cards go below the garden board instead of beside it."""
    s = style.sheet
    lab = {key: text.format_map(v) for key, text in rules.picture.items()}
    c = style.central

    def R(x: float, y: float, w: float, h: float, **kw: object) -> Rect:
        return Rect(x0 + x * k, y0 + y * k, w * k, h * k, **kw)  # type: ignore[arg-type]

    def T(x: float, y: float, w: float, text: str, size: float = 8.0, bold: bool = False) -> Text:
        return _label(x0 + x * k, y0 + y * k, w * k, text, s.ink, size, bold)

    el: list[Element] = []
    # central board: the track as a ring of cells, the display inside, the stacks beside it
    bw, bh, band = 112.0, 66.0, 7.0
    el.append(R(0, 0, bw, bh, fill=c.paper, stroke=c.frame, stroke_width=0.5, radius=2))
    cells_x, cells_y = 16, 9
    for i in range(cells_x):
        for yy in (0, bh - band):
            el.append(R(i * bw / cells_x, yy, bw / cells_x, band, fill=c.track if i % 2 else c.track_alt,
                        stroke=c.frame, stroke_width=0.15))
    for j in range(1, cells_y - 1):
        for xx in (0, bw - band):
            el.append(R(xx, j * bh / cells_y, band, bh / cells_y, fill=c.track_alt if j % 2 else c.track,
                        stroke=c.frame, stroke_width=0.15))
    for p, colour in enumerate(game.player_colours):  # every score marker on 0
        el.append(R(1.0 + p * 1.6, 1.0, 3.6, 3.6, fill=colour.hex, stroke="#333333", stroke_width=0.2, radius=1.8))
    el.append(T(band + 2, band + 1, bw - 2 * band - 4, lab["central"], 8.5, True))
    tile = 8.0
    colours = game.display_colours()
    for i, colour_id in enumerate(colours):
        colour = game.colour(colour_id)
        for j in range(game.display_per_colour):
            x, y = band + 4 + i * (tile + 3.2), band + 9 + j * (tile + 2)
            el.append(R(x - 0.8, y - 0.8, tile + 1.6, tile + 1.6, fill=colour.hex, stroke=c.frame, stroke_width=0.3))
            el.append(R(x, y, tile, tile, fill=style.tile["paper"], stroke=c.frame, stroke_width=0.2, radius=0.6))
            el.append(Icon(game.elements[(2 * i + j) % game.columns].icon, x0 + (x + 1) * k, y0 + (y + 1) * k,
                           (tile - 2) * k, (tile - 2) * k))
    el.append(T(band + 3, band + 31, 58, lab["display"], 7.5))
    sx = band + 4 + len(colours) * (tile + 3.2) + 2
    for n in range(game.stacks):
        x, y = sx + (n % 2) * (tile + 2.2), band + 9 + (n // 2) * (tile + 2)
        el.append(R(x, y, tile, tile, fill=style.tile["back"], stroke=c.frame, stroke_width=0.3, radius=0.6))
        el.append(Icon("ss-gardener", x0 + (x + 1.5) * k, y0 + (y + 1.5) * k, (tile - 3) * k, (tile - 3) * k,
                       color=style.tile["gardener"]))
    el.append(T(sx - 1, band + 9 + 4 * (tile + 2), 28, lab["stacks"], 7.5))
    el.append(T(band + 3, bh - band - 8, bw - 2 * band - 4, lab["track"], 7.5))
    # one player's place: garden board with nobles on the terrace, cards and the 50/100 card beside it
    gy = bh + 8
    cell = 6.6
    gw = game.columns * cell + 10
    board_h = 9 + game.depth * cell + 4
    player = game.player_colours[0]
    if stacked:  # the board's name above it
        el.append(T(0, gy, gw, lab["garden"], 8.5, True))
        gy += 7
    else:
        el.append(T(gw + 4, gy, PICTURE_W - gw - 4, lab["garden"], 8.5, True))
    el.append(R(0, gy, gw, board_h, fill=style.garden.paper, stroke=style.garden.frame, stroke_width=0.5,
                radius=2))
    for col in range(game.columns):
        x = 8 + col * cell
        el.append(R(x + 0.6, gy + 2, cell - 1.2, 5, fill=player.hex, stroke="#333333", stroke_width=0.2,
                    radius=1))
    for row in game.rows:
        colour = game.colour(row.colour)
        y = gy + 9 + (row.number - 1) * cell
        el.append(R(2, y + 0.4, 5, cell - 0.8, fill=colour.hex, stroke="#555555", stroke_width=0.2))
        el.append(Text(x0 + 2 * k, y0 + (y + 0.4) * k, 5 * k, (cell - 0.8) * k, str(row.number), size=7,
                       min_size=6, bold=True, color=ink_on(colour.hex), wrap=False))
        for col in range(game.columns):
            x = 8 + col * cell
            printed = row.number == 1 or game.sides[0].printed(row.number, col + 1)
            el.append(R(x + 0.3, y + 0.3, cell - 0.6, cell - 0.6,
                        fill=tint(colour.hex, 0.25) if printed else tint(colour.hex, 0.55),
                        stroke=style.garden.frame if printed else "#bbbbbb", stroke_width=0.2))
    # beside the board (below it when stacked), in one row: hand, draw pile, secret missions, the 50/100 card
    card_w, card_h = 11.0, 15.5
    if stacked:
        el.append(T(0, gy + board_h + 1, bw, lab["terrace"], 7.5))
        x, cy = 0.0, gy + board_h + 9
    else:
        el.append(T(gw + 4, gy + 7, 60, lab["terrace"], 7.5))
        x, cy = gw + 4, gy + 14
    items = (
        ("hand", [(x, cy), (x + 13, cy)], player.hex),
        ("draw", [(x + 30 + d, cy + d) for d in (0.0, 0.8, 1.6)], tint(player.hex, 0.3)),
        ("missions", [(x + 50, cy), (x + 63, cy)], style.card["mission_back"]),
        ("lap", [(x + 82, cy)], player.hex),
    )
    for key, spots, fill in items:
        for sx_, sy_ in spots:
            el.append(R(sx_, sy_, card_w, card_h, fill=fill, stroke="#333333", stroke_width=0.25, radius=1))
        lx, ly = spots[0]
        el.append(T(lx - 0.5, cy + card_h + 3, LABEL_W[key], lab[key], 7.0))
        if key == "lap":
            el.append(Text(x0 + lx * k, y0 + (ly + 4) * k, card_w * k, 7 * k, "50", size=11, min_size=7, bold=True,
                           color=ink_on(fill), wrap=False))
    box_y = cy + card_h + 12 if stacked else gy + board_h + 3
    el.append(T(0, box_y, bw if stacked else PICTURE_W, lab["box"], 7.5))
    if not stacked:  # the pieces of each player count beside the central board (a narrow page has no room:
        # its setup text names the tiles of each count, and each player's pieces)
        table, _ = count_table(game, style, rules, v, x0 + (bw + TABLE_GAP) * k, y0, (PICTURE_W - bw - TABLE_GAP) * k,
                               players)
        el += table
    return el, box_y + 9


def setup_sheet(game: Game, style: Style, rules: Rules, lang: str, paper: str, title: str,
                glossary: tuple[str, ...], players: int | None = None) -> SheetComponent:
    w, h = _portrait(paper)
    st = _sheet_style(style)
    v = values(game, style, rules)
    room = w - 2 * st.margin
    stacked = room / PICTURE_W < MIN_PICTURE_SCALE  # a narrow page (A5): the player's cards under the board
    k = min(1.0, room / STACKED_W) if stacked else room / PICTURE_W
    top = st.margin + 14
    _, drawn_h = setup_picture(game, style, rules, v, 0.0, 0.0, 1.0, stacked, players)
    k = min(k, (h - top - st.foot - 6) / drawn_h)  # the drawing always fits its page; the text may run on
    art, drawn_h = setup_picture(game, style, rules, v, st.margin, top, k, stacked, players)
    blocks, text_top = filled(rules.setup, v), top + drawn_h * k
    if stacked:  # no table beside the central board: the same counts as lines of text
        blocks = (*count_blocks(game, rules, v), *blocks)
    columns = 1 if stacked else 2
    # the largest type at which the text still fits under the picture, its columns ending level (not one
    # full and one empty); on a page too small for even the sheet's own size, the text runs on
    for size in SETUP_SIZES:
        big = replace(st, size=size, head=size * st.head / st.size)
        text = _balanced(blocks, w, h, text_top, big, lang, columns, glossary)
        if text is not None:
            art, blocks = [*art, *text], ()
            break
    pages = sheet_pages("sanssouci setup", f"{title} — {rules.texts['setup_title']}", blocks, w, h,
                        st, lang, columns=columns, glossary=glossary, first_art=art, first_top=text_top)
    return SheetComponent("setup", rules.texts["setup_title"], pages)


def _balanced(blocks: tuple[Block, ...], w: float, h: float, top: float, st: PageStyle, lang: str, columns: int,
              glossary: tuple[str, ...]) -> list[Element] | None:
    """The text flowed in ``columns`` columns from ``top`` down no further than it must to fit on this one page,
    so the columns end near one line; None when it needs more than this page."""
    if len(flow(blocks, w, h, st, lang, columns, first_top=top, glossary=glossary)) > 1:
        return None
    low, high = top, h  # page heights: too short, long enough
    while high - low > BALANCE_STEP:
        mid = (low + high) / 2
        if len(flow(blocks, w, mid, st, lang, columns, first_top=top, glossary=glossary)) == 1:
            high = mid
        else:
            low = mid
    return flow(blocks, w, high, st, lang, columns, first_top=top, glossary=glossary)[0]
