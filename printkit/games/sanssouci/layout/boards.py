"""The garden boards (8 sides) and the central board, drawn from the game's data.

Every size comes from :class:`~printkit.games.sanssouci.model.GardenStyle` /
:class:`~printkit.games.sanssouci.model.CentralStyle`; every number printed (row values,
bonuses, pre-printed spaces, track length, display and stacks) from the :class:`Game`.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.engine.colors import tint
from printkit.engine.components import BoardComponent
from printkit.engine.elements import Circle, Element, Icon, Line, Piece, Rect, Text
from printkit.games.sanssouci.layout.colour import ink_on
from printkit.games.sanssouci.layout.legend import row_strip
from printkit.games.sanssouci.model import BoardSide, Game, GardenStyle, Style, Words


@dataclass(frozen=True)
class GardenGeometry:
    """Where the grid of a garden board is, in mm from the board's top-left corner."""

    width: float
    height: float
    grid_x: float  # left edge of column 1
    grid_y: float  # top edge of row 1
    space: float
    terrace_y: float
    footer_y: float

    def space_box(self, row: int, column: int) -> tuple[float, float]:
        return self.grid_x + (column - 1) * self.space, self.grid_y + (row - 1) * self.space


def garden_geometry(game: Game, s: GardenStyle) -> GardenGeometry:
    width = 2 * s.margin + s.label_band + game.columns * s.space + s.bonus_band
    terrace_y = s.margin + s.title_band
    grid_y = terrace_y + s.terrace
    footer_y = grid_y + game.depth * s.space
    height = footer_y + s.footer + s.margin
    return GardenGeometry(width, height, s.margin + s.label_band, grid_y, s.space, terrace_y, footer_y)


def _pattern(pattern: str, x: float, y: float, size: float, colour: str) -> list[Element]:
    if pattern == "none":
        return []
    return [Icon(f"ss-pattern-{pattern}", x, y, size, size, color=colour)]


def garden_side(game: Game, words: Words, style: Style, lang: str, side: BoardSide) -> Piece:
    """One side of a garden board: terrace, the 9 x 6 grid with its pre-printed spaces, rows, bonuses."""
    s = style.garden
    g = garden_geometry(game, s)
    tile = float(style.tile["size"])
    pad = (g.space - tile) / 2
    latin = lang != "zh-TW"  # faux-bold Chinese fills its strokes at small sizes
    el: list[Element] = [
        Rect(-5, -5, g.width + 10, g.height + 10, fill=s.paper, stroke=None),
        Rect(s.margin / 2, s.margin / 2, g.width - s.margin, g.height - s.margin, stroke=s.frame, stroke_width=0.8,
             radius=3),
        Text(s.margin + 2, s.margin, 120, s.title_band - 1,
             f"{words.get('title', lang)} · {words.get('garden_board', lang, board=side.board, side=side.number)}",
             size=10, min_size=7, bold=True, align="left", color=s.ink, wrap=False),
        # the side's number, big, where a player sees it: it goes into the transcription
        Circle(s.margin + s.label_band / 2, g.terrace_y + s.terrace / 2, 5.5, fill=s.frame, stroke=None),
        Text(s.margin + s.label_band / 2 - 5, g.terrace_y + s.terrace / 2 - 5, 10, 10, str(side.number), size=14,
             min_size=10, bold=True, color="#ffffff", wrap=False),
    ]
    # terrace: a start space for each column's noble, under the column's name
    for c, e in enumerate(game.elements, 1):
        x, _ = g.space_box(1, c)
        el.append(Rect(x + pad, g.terrace_y + 0.5, tile, s.terrace - 1.5, fill=s.gravel, stroke=s.frame,
                       stroke_width=0.3, radius=1.5, dash=(1.2, 0.8)))
        el.append(Icon("ss-noble", x + g.space / 2 - 3.2, g.terrace_y + 1.2, 6.4, 6.4, color=tint(s.frame, 0.45)))
        el.append(Text(x + pad + 0.5, g.terrace_y + 7.6, tile - 1, 4.8, e.name.get(lang), size=7, min_size=5,
                       bold=latin, color=s.ink, wrap=False))
    # rows: colour, pattern and noble points on the left; full-row bonus on the right
    for row in game.rows:
        colour = game.colour(row.colour)
        _, y = g.space_box(row.number, 1)
        lx = s.margin + 1
        el.append(Rect(lx, y + pad, s.label_band - 2, tile, fill=colour.hex, stroke="#3a3a3a", stroke_width=0.3,
                       radius=1.5))
        ink = ink_on(colour.hex)
        el.append(Text(lx, y + pad + 1, s.label_band - 2, 9, str(row.number), size=16, min_size=10, bold=True,
                       color=ink, wrap=False))
        el.append(Text(lx, y + pad + 14, s.label_band - 2, 9, words.get("noble_points", lang, n=row.value),
                       size=6.5 if lang == "zh-TW" else 6, min_size=5, color=ink, wrap=True, leading=1.0))
        bonus = game.scoring.row_bonus.get(row.number)
        if bonus is not None:
            bx = g.grid_x + game.columns * g.space + 1
            el.append(Rect(bx, y + pad, s.bonus_band - 2, tile, fill=tint(colour.hex, 0.6), stroke=s.frame,
                           stroke_width=0.3, radius=1.5))
            el.append(Text(bx, y + pad + 1, s.bonus_band - 2, 22, words.get("row_bonus", lang, n=bonus), size=7,
                           min_size=5, bold=True, color=s.ink, wrap=True, leading=1.1))
        for c, e in enumerate(game.elements, 1):
            x, _ = g.space_box(row.number, c)
            if side.printed(row.number, c):
                el.append(Rect(x + pad, y + pad, tile, tile, fill=tint(colour.hex, 0.25), stroke=s.frame,
                               stroke_width=0.5, radius=1.2))
                el.append(Rect(x + pad + 2, y + pad + 2, tile - 4, tile - 4, fill="#fbf6e8", stroke=None, radius=1))
                el.append(Icon(e.icon, x + pad + 3.5, y + pad + 2.5, tile - 7, tile - 7))
            else:
                fill = tint(colour.hex, s.empty_alpha_mix)
                el.append(Rect(x + pad, y + pad, tile, tile, fill=fill, stroke=tint(s.frame, 0.3), stroke_width=0.3,
                               radius=1.2))
                el += _pattern(colour.pattern, x + pad + 2, y + pad + 2, tile - 4, tint(colour.hex, 0.32))
    # footer: the column bonus under every column, and the end scoring in words
    for c in range(1, game.columns + 1):
        x, _ = g.space_box(1, c)
        bonus_text = words.get("column_bonus", lang, n=game.scoring.column_bonus)
        el.append(Text(x + pad, g.footer_y + 0.3, tile, 4.2, bonus_text, size=7, min_size=5, bold=latin, color=s.ink,
                       wrap=False))
    el.append(Text(s.margin + 2, g.footer_y + 4.6, g.width - 2 * s.margin - 4, 5, words.get("end_summary", lang),
                   size=6.5, min_size=5, color=s.ink, wrap=False))
    return Piece(f"garden board side {side.number}", g.width, g.height, tuple(el), bleed_color=s.paper)


def garden_boards(game: Game, words: Words, style: Style, lang: str) -> list[BoardComponent]:
    """One board component per side: print sides 2k-1 and 2k and glue them back to back on card."""
    return [
        BoardComponent(f"garden-board-{side.number}",
                       words.get("garden_board", lang, board=side.board, side=side.number),
                       garden_side(game, words, style, lang, side))
        for side in game.sides
    ]


def track_cells(columns: int, rows: int) -> list[tuple[int, int]]:
    """(column, row) of each score-track space clockwise from the top-left corner (space 0/50)."""
    top = [(c, 0) for c in range(columns)]
    right = [(columns - 1, r) for r in range(1, rows - 1)]
    bottom = [(c, rows - 1) for c in range(columns - 1, -1, -1)]
    left = [(0, r) for r in range(rows - 2, 0, -1)]
    return top + right + bottom + left


def display_columns(count: int, width: float, space: float, pitch: float, clear: float) -> list[float]:
    """Left edges of the display's colour columns: half of them (the larger half) left of a lane ``clear`` mm
    wide down the board's middle, the rest right of it.  A board tiled on two pages has its seam and
    registration marks in that lane, so no mark lands on a display space."""
    left = (count + 1) // 2
    mid = width / 2
    first = mid - clear / 2 - (left - 1) * pitch - space
    return [first + k * pitch for k in range(left)] + [mid + clear / 2 + k * pitch for k in range(count - left)]


def central_board(game: Game, words: Words, style: Style, lang: str) -> BoardComponent:
    """Score track round the edge, the display (2 spaces a colour) and the face-down stacks inside."""
    s = style.central
    width, height = s.ring_columns * s.cell, s.ring_rows * s.cell
    cells = track_cells(s.ring_columns, s.ring_rows)
    if len(cells) != game.score_track:
        raise ValueError(f"a {s.ring_columns} x {s.ring_rows} ring has {len(cells)} spaces; the track needs "
                         f"{game.score_track} (style.yaml central.ring_columns / ring_rows)")
    el: list[Element] = [Rect(-5, -5, width + 10, height + 10, fill=s.paper, stroke=None)]
    for n, (c, r) in enumerate(cells):
        fill = s.track_alt if n % 5 == 0 else s.track
        el.append(Rect(c * s.cell, r * s.cell, s.cell, s.cell, fill=fill, stroke=s.frame, stroke_width=0.35))
        label = words.get("track_start", lang) if n == 0 else str(n)
        el.append(Text(c * s.cell + 0.5, r * s.cell + 0.5, s.cell - 1, s.cell - 1, label,
                       size=11 if n % 5 == 0 else 9, min_size=6, bold=n % 5 == 0, color=s.ink, wrap=False))
    inner_x, inner_y = s.cell, s.cell
    inner_w, inner_h = width - 2 * s.cell, height - 2 * s.cell
    el.append(Rect(inner_x, inner_y, inner_w, inner_h, stroke=s.frame, stroke_width=0.8))
    title = f"{words.get('title', lang)} · {words.get('central_board', lang)}"
    el.append(Text(inner_x, inner_y + 2, inner_w, 10, title, size=16, min_size=10, bold=True, color=s.ink,
                   wrap=False))
    # display: a column of spaces for each display colour, with its row number, name and pattern
    colours = game.display_colours()
    pitch = s.space + 6
    y0 = inner_y + 20
    el.append(Text(inner_x, y0 - 7, inner_w, 6, words.get("display", lang), size=8, min_size=6, color=s.ink,
                   wrap=False))
    columns = display_columns(len(colours), width, s.space, pitch, s.seam_clear)
    for colour_id, x in zip(colours, columns, strict=True):
        colour = game.colour(colour_id)
        for j in range(game.display_per_colour):
            y = y0 + j * (s.space + 3)
            el.append(Rect(x, y, s.space, s.space, fill=colour.hex, stroke="#3a3a3a", stroke_width=0.4, radius=1.5))
            el += _pattern(colour.pattern, x + 1.5, y + 1.5, s.space - 3, tint(colour.hex, 0.45))
            el.append(Circle(x + 4.5, y + 4.5, 3.4, fill="#ffffff", stroke="#3a3a3a", stroke_width=0.3))
            el.append(Text(x + 1.5, y + 1.5, 6, 6, str(game.row_of_colour(colour_id)), size=9, min_size=6, bold=True,
                           color="#222222", wrap=False))
        el.append(Text(x - 3, y0 + game.display_per_colour * (s.space + 3), s.space + 6, 5,
                       colour.name.get(lang), size=8, min_size=6, bold=True, color=s.ink, wrap=False))
    # stacks: face-down tiles that refill the display
    sy = y0 + game.display_per_colour * (s.space + 3) + 14
    el.append(Text(inner_x, sy - 7, inner_w, 6, words.get("stacks", lang), size=8, min_size=6, color=s.ink,
                   wrap=False))
    spitch = s.space + 3
    sx0 = inner_x + (inner_w - game.stacks * spitch + 3) / 2
    for k in range(game.stacks):
        x = sx0 + k * spitch
        el.append(Rect(x, sy, s.space, s.space, fill=style.tile["back"], stroke=s.frame, stroke_width=0.4,
                       radius=1.5, dash=(1.5, 1.0)))
        el.append(Icon("ss-gardener", x + 6, sy + 3, s.space - 12, s.space - 12, color=tint(s.frame, 0.5)))
        el.append(Text(x, sy + s.space - 6, s.space, 5, words.get("stack", lang, n=k + 1), size=6.5, min_size=5,
                       color=s.ink, wrap=False))
    # the legend starts below the lower registration marks of a tiled print (three quarters down the board)
    notes_y = max(sy + s.space + 3, height * 0.75 + 3)
    if notes_y + 5 < inner_y + inner_h:
        el.append(Line(inner_x + 10, notes_y, inner_x + inner_w - 10, notes_y, stroke=s.frame, stroke_width=0.3))
        el += row_strip(game, words, lang, inner_x + 20, notes_y + 4, inner_w - 40, 16)
        el.append(Text(inner_x + 4, notes_y + 22, inner_w - 8, inner_y + inner_h - notes_y - 23,
                       words.get("end_summary", lang), size=8, min_size=5.5, color=s.ink))
    piece = Piece("central board", width, height, tuple(el), bleed_color=s.paper)
    return BoardComponent("central-board", words.get("central_board", lang), piece)
