"""The player aid and the end-game score pad: half-page sheets, two to a sheet of paper."""

from __future__ import annotations

from printkit.engine.colors import tint
from printkit.engine.components import SheetComponent
from printkit.engine.elements import Element, Icon, Line, Piece, Rect, Text
from printkit.games.sanssouci.layout.legend import row_strip
from printkit.games.sanssouci.model import Game, Style, Words

HALF_PAGE = (190.0, 132.0)  # two fit on A4 and on Letter, one above the other, with crop marks on the printable area


def player_aid(game: Game, words: Words, style: Style, lang: str) -> SheetComponent:
    s = style.sheet
    w, h = HALF_PAGE
    el: list[Element] = [
        Rect(0, 0, w, h, stroke=s.rule, stroke_width=0.4, radius=3),
        Text(6, 3, w - 12, 9, f"{words.get('title', lang)} · {words.get('player_aid', lang)}", size=13, min_size=9,
             bold=True, color=s.accent, align="left", wrap=False),
        Text(6, 13, w - 12, 6, words.get("aid_turn", lang), size=9.5, min_size=7, bold=True, color=s.ink,
             align="left", wrap=False),
    ]
    steps = words.lines("aid_steps", lang)
    step_h = 13.5
    icons = ("ss-joker", "ss-gardener", "ss-noble", "ss-labyrinth")
    for k, step in enumerate(steps):
        y = 20 + k * step_h
        el.append(Rect(6, y + 0.5, 7, 7, fill=s.accent, stroke=None, radius=3.5))
        el.append(Text(6, y + 0.5, 7, 7, str(k + 1), size=10, min_size=8, bold=True, color="#ffffff", wrap=False))
        el.append(Icon(icons[k % len(icons)], 15, y + 0.5, 7, 7, color=s.accent))
        el.append(Text(24, y, w - 30, step_h - 1, step, size=8, min_size=6, color=s.ink, align="left",
                       valign="top", leading=1.15))
    ey = 20 + len(steps) * step_h + 1
    el.append(Line(6, ey, w - 6, ey, stroke=s.rule, stroke_width=0.3))
    el.append(Text(6, ey + 1, w - 12, 6, words.get("aid_end", lang), size=9.5, min_size=7, bold=True, color=s.ink,
                   align="left", wrap=False))
    el.append(Text(6, ey + 7, w - 12, 11, words.get("aid_end_lines", lang), size=8, min_size=6, color=s.ink,
                   align="left", valign="top", leading=1.15))
    el += row_strip(game, words, lang, 6, ey + 19, w - 12, 15)
    page = Piece("player aid", w, h, tuple(el))
    return SheetComponent("player-aid", words.get("player_aid", lang), (page, page), per_page=2, cut=True)


def score_pad(game: Game, words: Words, style: Style, lang: str) -> SheetComponent:
    """One game per half page: every player's track, bonuses, missions, total and gardeners."""
    date_label = words.get("pad_date", lang) + ("：" if lang == "zh-TW" else ": ")  # Chinese: full-width colon
    s = style.sheet
    w, h = HALF_PAGE
    players = game.players[1]
    label_w = 74.0
    col_w = (w - 12 - label_w) / players
    keys = ("pad_player", "pad_track", "pad_rows", "pad_columns", "pad_missions", "pad_total", "pad_gardeners")
    row_h = 12.5
    top = 22.0
    el: list[Element] = [
        Rect(0, 0, w, h, stroke=s.rule, stroke_width=0.4, radius=3),
        Text(6, 3, w - 60, 9, f"{words.get('title', lang)} · {words.get('score_pad', lang)}", size=13, min_size=9,
             bold=True, color=s.accent, align="left", wrap=False),
        Text(w - 62, 5, 56, 6, date_label + "____________", size=8, min_size=6, color=s.ink,
             align="right", wrap=False),
    ]
    for k, key in enumerate(keys):
        y = top + k * row_h
        bold = key in ("pad_player", "pad_total")
        if key == "pad_total":
            el.append(Rect(6, y, w - 12, row_h, fill=tint(s.accent, 0.85), stroke=None))
        el.append(Text(8, y + 0.5, label_w - 4, row_h - 1, words.get(key, lang), size=8, min_size=6, bold=bold,
                       color=s.ink, align="left"))
        el.append(Line(6, y + row_h, w - 6, y + row_h, stroke=s.rule, stroke_width=0.6 if bold else 0.3))
    for p in range(players + 1):
        x = 6 + label_w + p * col_w
        el.append(Line(x, top, x, top + len(keys) * row_h, stroke=s.rule, stroke_width=0.3))
    for p, colour in enumerate(game.player_colours[:players]):
        x = 6 + label_w + p * col_w
        el.append(Rect(x + 1.5, top + 1.5, 4, 4, fill=colour.hex, stroke="#3a3a3a", stroke_width=0.2, radius=2))
    el.append(Line(6, top, w - 6, top, stroke=s.rule, stroke_width=0.6))
    el.append(Text(6, top + len(keys) * row_h + 2, w - 12, 12, words.get("end_summary", lang), size=7, min_size=5.5,
                   color=s.ink, align="left", valign="top"))
    page = Piece("score pad", w, h, tuple(el))
    return SheetComponent("score-pad", words.get("score_pad", lang), (page, page), per_page=2, cut=True)
