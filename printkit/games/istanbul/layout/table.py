"""The setup sheet's picture of the table: the places in the short-paths layout with everything on them at the
start, and each player's place beside it.  Pure: every count and position comes from the game's data.
"""

from __future__ import annotations

from printkit.engine.elements import Circle, Element, Piece, Rect, Text
from printkit.games.istanbul.layout.language import Words
from printkit.games.istanbul.layout.pieces import colors_for, ink_on
from printkit.games.istanbul.layout.sheets import page, place_cell
from printkit.games.istanbul.model import Istanbul, Style
from printkit.games.istanbul.rules import grid, tracks

PICTURE_LAYOUT = "short"  # the recommended first layout
CELL_GAP = 2.0  # mm between the drawn places
DISC = 4.2  # mm: a drawn merchant, family member, ruby or indicator
EXAMPLE_ROLLS = (6, 8)  # where the picture shows the Governor and the Smuggler: two dice results, as an example


def _disc(x: float, y: float, color: str, r: float = DISC / 2) -> Circle:
    return Circle(x, y, r, fill=color, stroke="#3b2a14", stroke_width=0.25)


def table_picture(game: Istanbul, words: Words, style: Style, players: int | None,
                  paper: tuple[float, float] | None = None) -> Piece:
    """One page: the 4 x 4 places with merchants, family members, Governor, Smuggler, mail indicators, demand
    and mosque tiles and rubies as they stand at the start, then one wheelbarrow per player."""
    s = style.layout_sheet
    W, H, m, _small = page(s, paper)
    ink, muted = style.ink, style.muted
    n = players or game.setup.players.max - 1  # the picture shows a 4-player table unless asked
    colours = colors_for(game, n)
    per = game.setup.for_players(n)
    title = f"{words.label('title', sep=' · ')} — {words.label('table_picture')}" \
            f"{words.colon}{words.label('players_n', n=n)}"
    els: list[Element] = [Text(m, m, W - 2 * m, 11, title, size=s.title_size, min_size=10, bold=True, color=ink,
                               align="left", wrap=False)]
    rows, cols = game.layouts.rows, game.layouts.columns
    cell = min((W - 2 * m - (cols - 1) * CELL_GAP) / cols, (H * 0.62 - m - 16 - (rows - 1) * CELL_GAP) / rows)
    left = (W - cols * cell - (cols - 1) * CELL_GAP) / 2
    top = m + 16
    positions = grid.position_map(game.layouts.layout(PICTURE_LAYOUT).grid)
    rubies = {1: game.tracks.wainwright.rubies_per_player * n, 13: tracks.sultan(game.tracks, n).rubies,
              16: tracks.gemstone(game.tracks, n).rubies, 14: per.mosque_rubies, 15: per.mosque_rubies}
    for number, pos in positions.items():
        x, y, color, frame = place_cell(game, style, number, pos, cols, left, top, cell, CELL_GAP, 7)
        place = game.place(number)
        els += frame
        els.append(Text(x + 1, y + 0.6, cell - 2, 6, f"{number} {words.single(words.langs[-1]).one(place.name)}",
                        size=7, min_size=6, bold=True, color=ink_on(color), align="left", wrap=False))
        cx, cy = x + 4, y + cell - 5
        if number == game.setup.start.merchant_place:  # every merchant with its stack of assistants
            for k, pc in enumerate(colours):
                els.append(_disc(cx + k * (DISC + 1), cy - 6, pc.color))
                els.append(Rect(cx + k * (DISC + 1) - DISC / 2, cy - 2, DISC, 2.2, fill=pc.color,
                                stroke="#3b2a14", stroke_width=0.2))
        if number == game.setup.start.family_place:
            for k, pc in enumerate(colours):
                els.append(Rect(cx + k * (DISC + 1) - DISC / 2, cy - 8, DISC, DISC + 3, fill=pc.color,
                                stroke="#3b2a14", stroke_width=0.25, radius=DISC / 2))
        if number in per.neutral_merchants:  # 2 players: a merchant of an unused colour
            spare = game.setup.player_colors[n + per.neutral_merchants.index(number)]
            els.append(_disc(x + cell - 5, cy - 6, spare.color))
        for figure, at, color in (("governor", EXAMPLE_ROLLS[0], "#6b3a8c"), ("smuggler", EXAMPLE_ROLLS[1], "#2b2b2b")):
            if number == at:
                els.append(Rect(x + cell - 7, y + 9, 5, 9, fill=color, stroke=None, radius=1))
                els.append(Text(x + 1, y + cell - 6, cell - 9, 5, words.one(game.pieces.component(figure).name),
                                size=6.5, min_size=6, color=muted, align="left", wrap=False))
        if number == 5:  # the mail indicators on the Post Office's top row
            for k in range(game.pieces.component("mail_indicators").count):
                els.append(Rect(x + 2 + k * (cell - 4) / 4, y + 10, (cell - 4) / 4 - 1, 5, fill="#efe4cf",
                                stroke="#3b2a14", stroke_width=0.25))
        if number in (10, 11):  # the demand tiles, dark on the Large Market, light on the Small
            shade = "#4a3a5a" if number == 10 else "#d9d0e6"
            for k in range(3):
                els.append(Rect(x + 3 + k * 0.8, y + 10 + k * 0.8, 9, 9, fill=shade, stroke="#3b2a14",
                                stroke_width=0.25))
        if number in (14, 15):  # the mosque tiles in stacks, one per goods count in play
            for k, goods in enumerate(per.mosque_tiles):
                els.append(Rect(x + 2 + k * 6.5, y + 10, 5.5, 5.5, fill="#f3ead6", stroke="#3b2a14",
                                stroke_width=0.25))
                els.append(Text(x + 2 + k * 6.5, y + 10, 5.5, 5.5, str(goods), size=6.5, min_size=6, color=ink,
                                wrap=False))
        if number in rubies:
            els.append(_disc(x + cell - 10, cy - 1, "#f6e3e6"))
            els.append(Text(x + cell - 7.4, cy - 3.5, 7, 5, f"× {rubies[number]}", size=7, min_size=6, bold=True,
                            color="#9c1f3a", align="left", wrap=False))
    # each player's place: wheelbarrow with the goods indicators on the empty spaces, lira, one bonus card
    y = top + rows * cell + (rows - 1) * CELL_GAP + 8
    els.append(Text(m, y, W - 2 * m, 6, words.label("each_player"), size=10, min_size=7, bold=True,
                    color=style.mark_color, align="left", wrap=False))
    y += 8
    bw = (W - 2 * m - (len(colours) - 1) * 3) / len(colours)
    for k, pc in enumerate(colours):
        x = m + k * (bw + 3)
        els.append(Rect(x, y, bw, 30, fill="#fbf5e6", stroke=pc.color, stroke_width=0.8, radius=1.5))
        for g in range(len(game.tracks.goods)):
            els.append(Rect(x + 2, y + 2 + g * 6, 5, 5, fill="#d8d2c6", stroke="#7a6a55", stroke_width=0.2))
            els.append(_disc(x + 4.5, y + 4.5 + g * 6, pc.color, 1.6))
        lira = game.setup.starting_lira[k]
        els.append(Text(x + 9, y + 2, bw - 11, 6, words.label("start_lira_is", n=lira), size=7.5, min_size=6,
                        color=ink, align="left"))
        els.append(Text(x + 9, y + 9, bw - 11, 6, words.label("start_bonus_is", n=game.setup.start_bonus_cards),
                        size=7.5, min_size=6, color=ink, align="left"))
        els.append(Text(x + 9, y + 16, bw - 11, 12, words.label("start_assistant_aside"), size=7, min_size=6,
                        color=muted, align="left"))
    note = words.label("table_note", a=EXAMPLE_ROLLS[0], b=EXAMPLE_ROLLS[1])
    els.append(Text(m, y + 34, W - 2 * m, 10, note, size=7.5, min_size=6, color=muted, align="left",
                    valign="top"))
    return Piece("istanbul table" + (f" {players} players" if players else ""), W, H, tuple(els))
