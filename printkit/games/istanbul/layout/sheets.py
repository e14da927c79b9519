"""Page-sized Istanbul pieces laid out in Python: the layout sheet and the setup sheet.

The layout sheet shows the 4×4 grid (names, place numbers, the dice numbers the Governor and
Smuggler can land on, each position's number), what the layout is for, and for every layout the
constraints of a random layout with whether it obeys them, the Fountain's position and the Black
Market–Tea House distance in steps.  A random layout also prints its seed and the command that
rebuilds it.
"""

from __future__ import annotations

from printkit.engine.elements import Circle, Element, Icon, Line, Piece, Rect, Text
from printkit.engine.paper import fitted_page
from printkit.engine.render.text import text_height
from printkit.games.istanbul.layout.language import Words
from printkit.games.istanbul.layout.places import icon, players_label
from printkit.games.istanbul.model import Istanbul, LayoutSheetStyle, Localized, Style
from printkit.games.istanbul.rules import grid, tracks


def page(s: LayoutSheetStyle, paper: tuple[float, float] | None) -> tuple[float, float, float, bool]:
    """A sheet's page (width, height, margin) and whether it is narrowed: the style's page, or the paper's
    less ``paper_margin`` each side where the paper is smaller (A5), with the smaller margin inside."""
    if paper is None:
        return s.page_w, s.page_h, s.margin, False
    w, h = fitted_page((s.page_w, s.page_h), paper, s.paper_margin)
    small = (w, h) != (s.page_w, s.page_h)
    return w, h, s.small_margin if small else s.margin, small


def place_cell(game: Istanbul, style: Style, number: int, pos: int, cols: int, left: float, top: float, cell: float,
               gap: float, band: float) -> tuple[float, float, str, list[Element]]:
    """A place's square in a drawn grid: its corner, its colour, and the frame with a coloured top ``band``."""
    r, c = divmod(pos - 1, cols)
    x, y = left + c * (cell + gap), top + r * (cell + gap)
    place = game.place(number)
    color = style.place_colors.get(place.id, style.place_colors["default"])
    frame: list[Element] = [Rect(x, y, cell, cell, fill=style.paper, stroke=color, stroke_width=0.6, radius=1.5),
                            Rect(x, y, cell, band, fill=color, stroke=None, radius=1.5)]
    return x, y, color, frame


def layout_sheet(game: Istanbul, layout: grid.Layout, words: Words, style: Style,
                 players: int | None = None, paper: tuple[float, float] | None = None) -> Piece:
    """One page; on a small paper (A5) the page narrows and the grid's cells shrink so everything still fits."""
    s = style.layout_sheet
    W, H, m, small = page(s, paper)
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

    # the facts below the grid, set first so that on a small page the grid leaves them room
    rnd_apart = rnd.apart.places
    positions = grid.position_map(layout.grid)
    checks = {c.id: c for c in grid.checks(game.layouts, layout.grid, apart_lines=True)}
    rules = [("centre", words.label("rule_centre")),
             ("apart", words.label("rule_apart", n=rnd.apart.min_steps)),
             ("apart_lines", words.label("rule_lines"))]
    if not (layout.kind == "random" and layout.apart_lines):
        # the stricter rule is judged only where it was asked for: a fixed layout is official as it is
        rules = rules[:2]
    # a rule's row: one line on A4; on a narrow page a long rule wraps onto a second
    rule_h = [5.8 if not small else max(5.8, text_height(text, 7, W - 2 * m - 24) + 0.4) for _, text in rules]
    rebuild_text = ""
    if layout.kind == "random":
        rebuild = []
        for lang in words.langs:  # each language's own wording of the option
            one = words.single(lang)
            lines = one.label("lines_option") if layout.apart_lines else ""
            rebuild.append(one.label("rebuild", seed=layout.seed, lines=lines))
        rebuild_text = "  ·  ".join(rebuild)
    rebuild_h = 5 if not small or not rebuild_text else max(5, text_height(rebuild_text, 6.5, W - 2 * m) + 0.4)
    dice_note = words.label("dice_note", sep="\n")
    note_h = 8 if not small else max(8, text_height(dice_note, 6.5, W - 2 * m) + 0.4)

    rows, cols = game.layouts.rows, game.layouts.columns
    gap = s.cell_gap
    cell = (W - 2 * m - (cols - 1) * gap) / cols
    top = m + 22
    left = m
    if small:  # the cells as large as the page leaves room for above the facts below the grid
        below = 5 + 7 + sum(h + 0.4 for h in rule_h) + (rebuild_h + 1 if rebuild_text else 0) + 0.5 + note_h
        cell = min(cell, (H - m - below - top - (rows - 1) * gap) / rows)
        left = (W - cols * cell - (cols - 1) * gap) / 2
    # on a small page the icon is smaller and the names keep clear of its column
    icon_s = 7 if not small else 5.5
    name_w = cell - 4 if not small else cell - 4 - icon_s
    for number, pos in positions.items():
        x, y, color, frame = place_cell(game, style, number, pos, cols, left, top, cell, gap, 11)
        place = game.place(number)
        els += frame
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
            els.append(Icon(style.place_icons[place.id], x + cell - icon_s - 2, y + cell - icon_s - 2, icon_s, icon_s,
                            color=color))
        first, second = words.pair(place.name)
        if second:
            els.append(Text(x + 2, y + 13, name_w, cell * 0.36, first, size=s.name_size, min_size=6, bold=True,
                            color=ink))
            els.append(Text(x + 2, y + 13 + cell * 0.36, name_w, cell - 15 - cell * 0.36, second,
                            size=s.name_size, min_size=6, bold=True, color=ink))
        else:
            # one language on a small page: the full width above the icon, so a long name stays large
            els.append(Text(x + 2, y + 13, cell - 4, cell - 22 if not small else cell - 15.5 - icon_s, first,
                            size=s.name_size + 1, min_size=6, bold=True, color=ink))
    grid_bottom = top + rows * cell + (rows - 1) * gap

    # the constraints and distances
    y = grid_bottom + 5
    els.append(Line(m, y - 2.5, W - m, y - 2.5, stroke=muted, stroke_width=0.3))
    a, b = rnd_apart
    fountain = positions[rnd.centre_place]
    facts = [words.label("fountain_at", p=fountain), words.label("apart_is", d=grid.steps(layout.grid, a, b))]
    els.append(Text(m, y, W - 2 * m, 6, "   ·   ".join(facts), size=10, min_size=6, bold=True, color=ink,
                    align="left"))
    y += 7
    for (key, text), h in zip(rules, rule_h, strict=True):
        ok = checks[key].ok
        verdict = words.label("obeys" if ok else "breaks")
        mark_color = style.long_color if ok else style.mark_color
        els.append(Rect(m, y + 0.6, 22, 4.6, fill=mark_color, stroke=None, radius=1))
        els.append(Text(m, y + 0.6, 22, 4.6, verdict, size=7, min_size=6, bold=True, color="#ffffff", wrap=False))
        els.append(Text(m + 24, y, W - 2 * m - 24, h, text, size=8.5, min_size=6, color=ink, align="left",
                        wrap=small))
        y += h + 0.4
    if rebuild_text:
        els.append(Text(m, y + 0.5, W - 2 * m, rebuild_h, rebuild_text, size=7.5, min_size=6, color=muted,
                        align="left"))
        y += rebuild_h + 1
    els.append(Text(m, y + 0.5, W - 2 * m, note_h, dice_note, size=7.5, min_size=6,
                    color=muted, align="left", valign="top"))
    return Piece(f"istanbul layout {layout.kind}" + (f" seed {layout.seed}" if layout.seed is not None else ""),
                 W, H, tuple(els))


def setup_sheet(game: Istanbul, words: Words, style: Style, players: int | None = None,
                paper: tuple[float, float] | None = None) -> tuple[Piece, ...]:
    """Setup for the chosen table (or every table side by side), and what to bring besides the kit.

    One page on A4 and Letter; on a small paper (A5) the narrower page's lines wrap and the sheet runs on
    to a second page, a section's heading kept with its first lines and the table never split."""
    s = style.layout_sheet
    W, H, m, small = page(s, paper)
    ink, muted = style.ink, style.muted
    pages: list[list[Element]] = [[]]
    counts = (players,) if players is not None else game.player_counts
    heading = players_label(words, (players,)) if players is not None else words.label("all_counts")
    title = f"{words.label('title', sep=' · ')} — {words.label('setup_sheet')}{words.colon}{heading}"
    pages[0].append(Text(m, m, W - 2 * m, 11, title, size=s.title_size, min_size=10, bold=True, color=ink,
                         align="left", wrap=False))
    y = m + 15

    def room(h: float) -> None:
        """On a small page, a new page when the next ``h`` mm would run below the bottom margin."""
        nonlocal y
        if small and y + h > H - m:
            pages.append([])
            y = m

    def add(e: Element) -> None:
        pages[-1].append(e)

    def section(title: str, first: float) -> None:
        """A heading, on the page of the ``first`` mm that follow it."""
        nonlocal y
        room(7 + first)
        add(Text(m, y, W - 2 * m, 6, title, size=11, min_size=7, bold=True, color=style.mark_color,
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
    label_w = 86 if not small else min(86.0, (W - 2 * m) / 2)
    col_w = (W - 2 * m - label_w) / len(counts)
    # a row as high as its label sets on a narrow page (two lines), at least the A4 row
    row_h = [7.2 if not small else max(7.2, text_height(label, 7.5, label_w - 3) + 1.4) for label, _ in rows]
    section(words.label("setup"), 10 + sum(row_h))
    for k, n in enumerate(counts):
        add(Text(m + label_w + k * col_w + 1, y, col_w - 2, 9, players_label(words, (n,), sep="\n"), size=9,
                 min_size=6, bold=True, color=ink, valign="bottom"))
    y += 10
    for i, ((label, values), rh) in enumerate(zip(rows, row_h, strict=True)):
        if i % 2 == 0:
            add(Rect(m, y - 0.6, W - 2 * m, rh, fill="#f3ead6", stroke=None))
        add(Text(m + 1.5, y, label_w - 3, rh - 1.2, label, size=8.5, min_size=6, color=ink, align="left"))
        for k, v in enumerate(values):
            add(Text(m + label_w + k * col_w, y, col_w, rh - 1.2, v, size=9.5, min_size=6, bold=True, color=ink,
                     wrap=False))
        y += rh
    y += 3

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
    heights = [step_h + (4 if words.bilingual else 3) * (k >= len(steps) - len(neutral))  # a longer rule
               for k in range(len(steps))]
    if small:  # a narrow page wraps more lines: each step as high as it sets, so the gaps are even
        heights = [text_height(text, 8.5, W - 2 * m - 5.5) + 0.8 for text in steps]
    section(words.label("where_pieces"), heights[0])
    for text, h in zip(steps, heights, strict=True):
        room(h)
        # a drawn bullet and the text beside it: every line of a step (a wrapped one, the second language's)
        # starts under the first
        add(Circle(m + 3, y + 1.75, 0.7, fill=ink, stroke=None))
        add(Text(m + 5.5, y, W - 2 * m - 5.5, h, text, size=8.5, min_size=6, color=ink, align="left",
                 valign="top"))
        y += h + 0.6
    y += 3

    # two lists (what to take from the box, what this kit prints on paper), each item "n × name"
    need: dict[str, list[tuple[int, Localized]]] = {"box": [], "paper": []}
    for c in game.pieces.components:
        if c.printed == "kit":
            continue
        n = c.count if c.per_player is None or players is None else c.per_player * players
        if c.id == "merchants" and players is not None:  # the 2-player game's neutral merchants are merchants too
            n += len(st.for_players(players).neutral_merchants)
        need[c.printed].append((n, c.name))
    lists = [(words.each(lambda w, key=key, items=need[where]: w.label(key) + w.colon + w.listing_of(
        f"{n} × {w.one(name)}" for n, name in items), sep="\n"), color)
        for where, key, color in (("box", "need_box", ink), ("paper", "need_paper", muted)) if need[where]]
    lists.insert(0, (words.each(lambda w: w.label("need_tools"), sep="\n"), ink))  # tools: never printed
    need_h = [14 if words.bilingual else 9.5 for _ in lists]
    if small:
        need_h = [text_height(text, 8.5, W - 2 * m - 2) + 0.8 for text, _ in lists]
    section(words.label("what_you_need"), need_h[0] if need_h else 0)
    for (text, color), h in zip(lists, need_h, strict=True):
        room(h)
        add(Text(m + 2, y, W - 2 * m - 2, h, text, size=8.5, min_size=6.5, color=color, align="left",
                 valign="top"))
        y += h + 1
    y += 5
    name = "istanbul setup" + (f" {players} players" if players else "")
    return tuple(Piece(name + (f" {i + 1}" if len(pages) > 1 else ""), W, H, tuple(els))
                 for i, els in enumerate(pages))
