"""Page-sized Istanbul pieces laid out in Python: the layout sheet and the setup sheet.

The layout sheet shows the 4×4 grid (names, place numbers, the dice numbers the Governor and
Smuggler can land on, each position's number), what the layout is for, and for every layout the
constraints of a random layout with whether it obeys them, the Fountain's position and the Black
Market–Tea House distance in steps.  A random layout also prints its seed and the command that
rebuilds it.
"""

from __future__ import annotations

from printkit.engine.elements import Circle, Element, Icon, Line, Piece, Rect, Text
from printkit.games.istanbul.layout.language import Words
from printkit.games.istanbul.layout.places import icon, players_label
from printkit.games.istanbul.model import Istanbul, Localized, Style
from printkit.games.istanbul.rules import grid, tracks


def layout_sheet(game: Istanbul, layout: grid.Layout, words: Words, style: Style,
                 players: int | None = None) -> Piece:
    s = style.layout_sheet
    W, H, m = s.page_w, s.page_h, s.margin
    ink, muted = style.ink, style.muted
    els: list[Element] = []
    rnd = game.layouts.random
    if layout.kind == "random":
        name = words.one(rnd.name)
        note = words.label("seed") + f" {layout.seed}"
    else:
        fixed = game.layouts.layout(layout.kind)
        name = words.one(fixed.name)
        note = words.one(fixed.note, sep="\n")
    title = f"{words.label('title', sep=' · ')} — {words.label('layout')}{words.colon}{name}"
    els.append(Text(m, m, W - 2 * m, 11, title, size=s.title_size, min_size=10, bold=True, color=ink, align="left",
                    wrap=False))
    els.append(Text(m, m + 11.5, W - 2 * m, 9, note, size=9, min_size=6, color=muted, align="left", valign="top"))

    rows, cols = game.layouts.rows, game.layouts.columns
    gap = s.cell_gap
    cell = (W - 2 * m - (cols - 1) * gap) / cols
    top = m + 22
    positions = grid.position_map(layout.grid)
    for number, pos in positions.items():
        r, c = divmod(pos - 1, cols)
        x, y = m + c * (cell + gap), top + r * (cell + gap)
        place = game.place(number)
        color = style.place_colors.get(place.id, style.place_colors["default"])
        els.append(Rect(x, y, cell, cell, fill=style.paper, stroke=color, stroke_width=0.6, radius=1.5))
        els.append(Rect(x, y, cell, 11, fill=color, stroke=None, radius=1.5))
        els.append(Rect(x, y + 6, cell, 5, fill=color, stroke=None))
        els.append(Circle(x + 6.5, y + 5.5, 4.6, fill="#fffaf0", stroke=None))
        els.append(Text(x + 2, y + 1.6, 9, 7.8, str(number), size=s.number_size * 0.6, min_size=8, bold=True,
                        color=ink, wrap=False))
        els.append(Text(x + cell - 12, y + 1.2, 10.5, 4.2, f"#{pos}", size=7, min_size=6, color="#ffffff",
                        align="right", wrap=False))
        ways = grid.dice_ways(number)
        if ways:
            els.append(Text(x + 12, y + 5.5, cell - 13.5, 5, "•" * ways, size=8, min_size=6, color="#ffffff",
                            align="right", wrap=False))
        if place.id in style.place_icons:
            els.append(Icon(style.place_icons[place.id], x + cell - 9, y + cell - 9, 7, 7, color=color))
        first, second = words.pair(place.name)
        if second:
            els.append(Text(x + 2, y + 13, cell - 4, cell * 0.36, first, size=s.name_size, min_size=6, bold=True,
                            color=ink))
            els.append(Text(x + 2, y + 13 + cell * 0.36, cell - 4, cell - 15 - cell * 0.36, second,
                            size=s.name_size, min_size=6, bold=True, color=ink))
        else:
            els.append(Text(x + 2, y + 13, cell - 4, cell - 22, first, size=s.name_size + 1, min_size=6, bold=True,
                            color=ink))
    grid_bottom = top + rows * cell + (rows - 1) * gap

    # the constraints and distances
    y = grid_bottom + 5
    els.append(Line(m, y - 2.5, W - m, y - 2.5, stroke=muted, stroke_width=0.3))
    a, b = rnd.apart.places
    fountain = positions[rnd.centre_place]
    facts = [words.label("fountain_at", p=fountain), words.label("apart_is", d=grid.steps(layout.grid, a, b))]
    els.append(Text(m, y, W - 2 * m, 6, "   ·   ".join(facts), size=10, min_size=6, bold=True, color=ink,
                    align="left"))
    y += 7
    checks = {c.id: c for c in grid.checks(game.layouts, layout.grid, apart_lines=True)}
    rules = [("centre", words.label("rule_centre")),
             ("apart", words.label("rule_apart", n=rnd.apart.min_steps)),
             ("apart_lines", words.label("rule_lines"))]
    for key, text in rules:
        if key == "apart_lines" and not (layout.kind == "random" and layout.apart_lines):
            text = words.each(lambda w: w.label("rule_lines") + ("" if w.chinese_last else " ")
                              + w.label("not_required"))
        ok = checks[key].ok
        verdict = words.label("obeys" if ok else "breaks")
        mark_color = style.long_color if ok else style.mark_color
        els.append(Rect(m, y + 0.6, 22, 4.6, fill=mark_color, stroke=None, radius=1))
        els.append(Text(m, y + 0.6, 22, 4.6, verdict, size=7, min_size=6, bold=True, color="#ffffff", wrap=False))
        els.append(Text(m + 24, y, W - 2 * m - 24, 5.8, text, size=8.5, min_size=6, color=ink, align="left",
                        wrap=False))
        y += 6.2
    if layout.kind == "random":
        rebuild = []
        for lang in words.langs:  # each language's own wording of the option
            one = words.single(lang)
            lines = one.label("lines_option") if layout.apart_lines else ""
            rebuild.append(one.label("rebuild", seed=layout.seed, lines=lines))
        els.append(Text(m, y + 0.5, W - 2 * m, 5, "  ·  ".join(rebuild),
                        size=7.5, min_size=6, color=muted, align="left"))
        y += 6
    els.append(Text(m, y + 0.5, W - 2 * m, 8, words.label("dice_note", sep="\n"), size=7.5, min_size=6,
                    color=muted, align="left", valign="top"))
    return Piece(f"istanbul layout {layout.kind}" + (f" seed {layout.seed}" if layout.seed is not None else ""),
                 W, H, tuple(els))


def setup_sheet(game: Istanbul, words: Words, style: Style, players: int | None = None) -> Piece:
    """Setup for the chosen table (or every table side by side), and what to bring besides the kit."""
    s = style.layout_sheet
    W, H, m = s.page_w, s.page_h, s.margin
    ink, muted = style.ink, style.muted
    els: list[Element] = []
    counts = (players,) if players is not None else game.player_counts
    heading = players_label(words, (players,)) if players is not None else words.label("all_counts")
    title = f"{words.label('title', sep=' · ')} — {words.label('setup_sheet')}{words.colon}{heading}"
    els.append(Text(m, m, W - 2 * m, 11, title, size=s.title_size, min_size=10, bold=True, color=ink, align="left",
                    wrap=False))
    y = m + 15

    def section(title: str) -> None:
        nonlocal y
        els.append(Text(m, y, W - 2 * m, 6, title, size=11, min_size=7, bold=True, color=style.mark_color,
                        align="left", wrap=False))
        y += 7

    # per player count: a table, one column per count
    st = game.setup
    rows: list[tuple[str, list[str]]] = [
        (words.label("starting_lira"), [" ".join(str(v) for v in st.starting_lira[:n]) for n in counts]),
        (words.label("target"), [str(st.for_players(n).ruby_target) for n in counts]),
        (words.each(lambda w: f"{w.one(game.place(13).name)}{w.colon}{w.label('rubies')}"),
         [str(tracks.sultan(game.tracks, n).rubies) for n in counts]),
        (words.each(lambda w: f"{w.one(game.place(16).name)}{w.colon}{w.label('rubies')}{w.paren(icon('lira'))}"),
         [f"{tracks.gemstone(game.tracks, n).rubies} ({tracks.gemstone(game.tracks, n).prices[0]})" for n in counts]),
        (words.label("rubies_per_mosque"), [str(st.for_players(n).mosque_rubies) for n in counts]),
        (words.each(lambda w: f"{w.one(game.place(1).name)}{w.colon}{w.label('rubies')}{w.clause}"
                              f"{w.label('extensions')}"),
         [f"{game.tracks.wainwright.rubies_per_player * n} · {game.tracks.wainwright.extensions_per_player * n}"
          for n in counts]),
        (words.label("mosque_tiles_used"), [" ".join(map(str, st.for_players(n).mosque_tiles)) for n in counts]),
    ]
    section(words.label("setup"))
    label_w = 86
    col_w = (W - 2 * m - label_w) / len(counts)
    for k, n in enumerate(counts):
        els.append(Text(m + label_w + k * col_w + 1, y, col_w - 2, 9, players_label(words, (n,), sep="\n"), size=9,
                        min_size=6, bold=True, color=ink, valign="bottom"))
    y += 10
    for i, (label, values) in enumerate(rows):
        if i % 2 == 0:
            els.append(Rect(m, y - 0.6, W - 2 * m, 7.2, fill="#f3ead6", stroke=None))
        els.append(Text(m + 1.5, y, label_w - 3, 6, label, size=8.5, min_size=6, color=ink, align="left"))
        for k, v in enumerate(values):
            els.append(Text(m + label_w + k * col_w, y, col_w, 6, v, size=9.5, min_size=6, bold=True, color=ink,
                            wrap=False))
        y += 7.2
    y += 3

    section(words.label("where_pieces"))
    start = st.start
    steps = [
        words.label("step_layout", sep="\n"),
        words.label("step_merchants", sep="\n", k=start.assistants_in_stack, p=start.merchant_place),
        words.label("step_family", sep="\n", p=start.family_place),
        words.label("step_dice", sep="\n"),
        words.label("step_bonus", sep="\n", k=st.start_bonus_cards),
        words.label("step_demand", sep="\n"),
        words.label("step_mail", sep="\n"),
        words.label("step_goods", sep="\n"),
    ]
    neutral = [n for n in counts if st.for_players(n).neutral_merchants]
    for n in neutral:
        ids = st.for_players(n).neutral_merchants
        steps.append(words.each(lambda w, ids=ids: w.label("neutral", places=w.listing_of(
            f"{p} {w.one(game.place(p).name)}" for p in ids)), sep="\n"))
    step_h = 9.5 if words.bilingual else 6.2
    for k, text in enumerate(steps):
        h = step_h + (4 if words.bilingual else 3) * (k >= len(steps) - len(neutral))  # a longer rule
        # a drawn bullet and the text beside it: every line of a step (a wrapped one, the second language's)
        # starts under the first
        els.append(Circle(m + 3, y + 1.75, 0.7, fill=ink, stroke=None))
        els.append(Text(m + 5.5, y, W - 2 * m - 5.5, h, text, size=8.5, min_size=6, color=ink, align="left",
                        valign="top"))
        y += h + 0.6
    y += 3

    section(words.label("what_you_need"))
    # two lists (what to take from the box, what this kit prints on paper), each item "n × name"
    need: dict[str, list[tuple[int, Localized]]] = {"box": [], "paper": []}
    for c in game.pieces.components:
        if c.printed == "kit":
            continue
        n = c.count if c.per_player is None or players is None else c.per_player * players
        if c.id == "merchants" and players is not None:  # the 2-player game's neutral merchants are merchants too
            n += len(st.for_players(players).neutral_merchants)
        need[c.printed].append((n, c.name))
    for where, key, color in (("box", "need_box", ink), ("paper", "need_paper", muted)):
        if not need[where]:
            continue
        text = words.each(lambda w, key=key, items=need[where]: w.label(key) + w.colon + w.listing_of(
            f"{n} × {w.one(name)}" for n, name in items), sep="\n")
        h = 14 if words.bilingual else 9.5
        els.append(Text(m + 2, y, W - 2 * m - 2, h, text, size=8.5, min_size=6.5, color=color, align="left",
                        valign="top"))
        y += h + 1
    y += 5
    # every house value of the kit (sizes no source gives, our player colours), so a user knows what to change
    sizes = [(value.name, f"{value.size:g}" if hasattr(value, "size") else f"{value.width:g}×{value.height:g}")
             for _, value in game.pieces.sizes if value.provenance == "house"]

    def house(w: Words) -> str:
        parts = [f"{w.one(name)} {dims} mm" for name, dims in sizes]
        if st.player_colors_provenance == "house":
            parts.append(w.listing_of(w.one(c.name) for c in st.player_colors))
        return w.label("house_values") + w.colon + ("；" if w.chinese_last else "; ").join(parts)

    if sizes or st.player_colors_provenance == "house":
        h = 13 if words.bilingual else 9
        els.append(Text(m, min(y, H - m - h), W - 2 * m, h, words.each(house, sep="\n"), size=7, min_size=6.5,
                        color=muted, align="left", valign="top"))
    return Piece("istanbul setup" + (f" {players} players" if players else ""), W, H, tuple(els))
