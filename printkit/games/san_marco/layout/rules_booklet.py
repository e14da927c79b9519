"""The complete rules as booklet pages (A5 on A4, half-letter on Letter, A4 on A3) and as plain
pages reflowed onto the user's paper.

Everything the player aid only hints at is written out here: what you need, setup, a round for
every table size, every action card, the Doge, limits and empty piles, scoring, the end of a
passage and of the game, the districts, and for a variant every rule that differs from the
classic game.  The engine's :mod:`printkit.engine.booklet` imposes the pages.
"""

from __future__ import annotations

from printkit.engine.elements import Element, Icon, Line, Piece, Rect, Text
from printkit.engine.template.sandbox import format_text
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.layout.drawing import FLOW_MM_PER_PT, Flow, flow_height

MARGIN = 12.0
FOOT = 10.0  # mm kept for the page number


def what_you_need(kit: KitContext, players: int | None = None) -> list[str]:
    """The kit's contents with counts, one line each (also the setup sheet's panel)."""
    game = kit.game
    n = len(game.map.districts)
    action = sum(c.count_per_district * n if c.type == "district" else c.count for c in game.decks.action)
    limit = sum(lc.count for lc in game.decks.limit)
    most = players or max(pc.players for pc in game.rules.player_counts)
    lines = [
        kit.t("need_board"),
        kit.t("need_action", n=action),
        kit.t("need_limit", n=limit),
        kit.t("need_nobles", n=game.rules.nobles_per_player, players=most, total=game.rules.nobles_per_player * most),
        kit.t("need_markers", players=most),
        kit.t("need_bridges", n=game.rules.bridge_supply),
        kit.t("need_doge"),
        kit.t("need_die", sides=game.die.sides) if game.die.sides == game.rules.banishment_die else
        kit.t("need_dice", sides=game.die.sides, banish=game.rules.banishment_die),
    ]
    return lines


def _content(kit: KitContext, size: float, head: float, add, headings: list[str] | None = None) -> None:
    """The rules text, block by block, through ``add(text, size, color, bold, gap, keep)``; each section
    heading's text is also appended to ``headings``."""
    game = kit.game
    r = game.rules
    a = kit.style.aid
    hc = a.head_color

    def heading(key: str, **values: object) -> None:
        text = kit.t(key, **values)
        if headings is not None:
            headings.append(text)
        add(text, head, hc, True, 0.8, True)

    heading("need_head")
    add("\n".join(f"• {line}" for line in what_you_need(kit)), size, "#222222", False, 1.6, False)
    heading("aid_setup_head")
    reroll = kit.t("aid_reroll", faces=", ".join(map(str, game.die.reroll))) if game.die.reroll else ""
    add(kit.t("aid_setup_body", sides=game.die.sides, rolls=r.setup_rolls, per_roll=r.nobles_per_roll, reroll=reroll),
        size, "#222222", False, 1.6, False)
    heading("aid_round_head")
    add(kit.t("aid_round_body"), size, "#222222", False, 1.0, False)
    for pc in r.player_counts:
        add(kit.t("aid_count_head", players=pc.players), size + 0.5, "#222222", True, 0.3, True)
        add(kit.roles_lines(pc), size, "#222222", False, 1.0, False)
    heading("aid_actions_head")
    for card in game.decks.action:
        effect = format_text(card.effect.get(kit.lang), f"decks.action {card.name.get(kit.lang)!r}: effect",
                             district=kit.any_district())
        add(f"{card.name.get(kit.lang)} — {effect}", size, "#222222", False, 0.8, False)
    add(kit.t("book_actions_detail", die=r.banishment_die), size, "#222222", False, 1.0, False)
    add(kit.t("aid_doge_body", cross=r.doge_crossing_cost, nobridge=r.doge_no_bridge_cost), size, "#222222", False,
        1.6, False)
    heading("rule_piles_head")
    lines = [kit.t("rule_nobles", nobles=r.nobles_per_player), kit.t("rule_supply_empty"), kit.t("rule_no_bridges"),
             kit.t("rule_neighbours")]
    add("\n".join(f"• {line}" for line in lines), size, "#222222", False, 1.6, False)
    heading("aid_score_head")
    third = kit.t("aid_score_third") if game.ranks >= 3 else ""
    add(kit.t("aid_score_body", third=third), size, "#222222", False, 1.6, False)
    heading("aid_passage_head")
    add(kit.t("aid_passage_body", threshold=r.limit_threshold), size, "#222222", False, 1.6, False)
    heading("aid_final_head")
    tb = game.district(r.tie_break_district).name.get(kit.lang)
    add(kit.t("aid_final_body", passages=r.passages, tiebreak=tb), size, "#222222", False, 1.6, False)
    heading("aid_districts_head")
    rows = [kit.t("book_district_row", die="/".join(map(str, d.die)), name=d.name.get(kit.lang),
                values=" / ".join(map(str, d.prestige)))
            for d in sorted(game.map.districts, key=lambda d: min(d.die))]
    add("\n".join([kit.t("book_districts_legend"), *rows]), size, "#222222", False, 1.6, False)
    diffs = kit.difference_lines()
    if diffs:
        heading("var_diff_head")
        add("\n".join(f"• {line}" for line in diffs), size, "#222222", False, 1.6, False)
        heading("var_roles_head")
        add(kit.t("var_roles_body"), size, "#222222", False, 1.6, False)
        heading("var_scoring_head")
        add(kit.t("var_scoring_body", ranks=game.ranks), size, "#222222", False, 1.6, False)
    # The kit's own rules for what no source settles, stated as rules; where they and the other house values
    # come from is on the kit notes page only.
    if game.house_rules:
        heading("book_more_rules_head")
        # "•", not "*": a line starting with "*" is italic markup, and two of them italicised the lines between
        add("\n".join(f"• {hr.text.get(kit.lang)}" for hr in game.house_rules), size, "#222222", False, 1.6, False)


def _flow(kit: KitContext, w: float, h: float, margin: float, columns: int, gutter: float, size: float, head: float,
          first_top: float, foot: float, contents: list[tuple[str, int]] | None = None) -> list[list[Element]]:
    """The rules flowed down ``columns`` columns a page, page after page: each page's elements.

    ``first_top`` is where the text starts on the first page (below a title block); the other
    pages start at the margin.  ``foot`` mm above the bottom edge are kept for the page number.
    ``contents`` receives each section heading with the index of the page it landed on.
    """
    col_w = (w - 2 * margin - (columns - 1) * gutter) / columns
    one_page = [(margin + c * (col_w + gutter), col_w) for c in range(columns)]
    flow = Flow(one_page * 40, top=margin, bottom=h - foot - 2, first_top=first_top, first_columns=columns)
    headings: list[str] = []
    _content(kit, size, head, lambda text, s, c, b, gap, keep: flow.add(text, s, c, b, gap, keep=keep), headings)
    n_pages = max(flow.column_of) // columns + 1 if flow.column_of else 0
    pages: list[list[Element]] = [[] for _ in range(n_pages)]
    for e, col in zip(flow.elements, flow.column_of, strict=True):
        pages[col // columns].append(e)
    if contents is not None:
        # Headings are flowed in order, so each is the first block after the previous one with its text.
        at = 0
        for text in headings:
            while at < len(flow.elements) and getattr(flow.elements[at], "text", None) != text:
                at += 1
            if at < len(flow.elements):
                contents.append((text, flow.column_of[at] // columns))
    return pages


def rules_pages(kit: KitContext, w: float, h: float) -> tuple[Piece, ...]:
    """The booklet's pages (A5, half-letter or A4): a cover, then the rules, each page numbered."""
    a = kit.style.aid
    # An A4 booklet page (on A3) gets bigger type, same layout; a smaller booklet keeps the A5 size.
    scale = max(1.0, min(w / 148.5, h / 210.0))
    size, head = 8.3 * scale, 10.5 * scale
    contents: list[tuple[str, int]] = []
    body = _flow(kit, w, h, MARGIN, 1, 0.0, size, head, MARGIN, FOOT, contents)
    title = kit.game.title.get(kit.lang)
    scale = min(w / 148.5, h / 210.0)  # the cover is drawn to the page, smaller on an A6 booklet (A5 paper)
    cover: list[Element] = [
        Rect(0, 0, w, h, fill="#f6ecd6", stroke=None),
        Rect(MARGIN / 2, MARGIN / 2, w - MARGIN, h - MARGIN, fill=None, stroke=a.head_color, stroke_width=0.8),
        Icon("sm-palazzo", w / 2 - 25 * scale, h * 0.16, 50 * scale, 50 * scale, color=a.head_color),
        Text(MARGIN, h * 0.16 + 56 * scale, w - 2 * MARGIN, 16 * scale, title, size=22 * scale, min_size=10,
             bold=True, color=a.head_color),
        Text(MARGIN, h * 0.16 + 74 * scale, w - 2 * MARGIN, 10 * scale, kit.t("book_title"), size=14 * scale,
             min_size=8, color="#3b2a1a"),
        Line(w * 0.3, h * 0.16 + 88 * scale, w * 0.7, h * 0.16 + 88 * scale, stroke=a.head_color, stroke_width=0.5),
        Text(MARGIN, h * 0.16 + 96 * scale, w - 2 * MARGIN, 30 * scale, kit.t("book_how_to_print"),
             size=max(7.5 * scale, 6.5), min_size=6.5, color="#3b2a1a"),
    ]
    pages = [Piece("san-marco rules cover", w, h, tuple(cover))]
    for i, els in enumerate(body):
        number = i + 2
        # page numbers on the outer corner: right on odd (right-hand) pages, left on even ones
        x = w - MARGIN - 15 if number % 2 else MARGIN
        foot = Text(x, h - FOOT, 15, 6, str(number), size=8, color="#555555", wrap=False,
                    align="right" if number % 2 else "left")
        pages.append(Piece(f"san-marco rules page {number}", w, h, (*els, foot)))
    free = -len(pages) % 4  # pages the folded booklet has beyond the rules
    if free:
        # The last of them is the back cover: the contents, in the front cover's frame; any others stay blank.
        pages += [Piece(f"san-marco rules page {len(pages) + i + 1}", w, h, ()) for i in range(free - 1)]
        pages.append(_back_cover(kit, w, h, [(text, i + 2) for text, i in contents]))
    return tuple(pages)


def _back_cover(kit: KitContext, w: float, h: float, contents: list[tuple[str, int]]) -> Piece:
    """The booklet's back cover: where each section starts, to find a rule mid-game."""
    a = kit.style.aid
    scale = min(w / 148.5, h / 210.0)
    size = max(9.0 * scale, 7.0)
    row = size * FLOW_MM_PER_PT * 1.9  # mm: the line height of a contents row
    top = h * 0.16
    els: list[Element] = [
        Rect(0, 0, w, h, fill="#f6ecd6", stroke=None),
        Rect(MARGIN / 2, MARGIN / 2, w - MARGIN, h - MARGIN, fill=None, stroke=a.head_color, stroke_width=0.8),
        Text(MARGIN, top, w - 2 * MARGIN, 12 * scale, kit.t("book_contents"), size=16 * scale, min_size=9,
             bold=True, color=a.head_color),
        Line(w * 0.3, top + 14 * scale, w * 0.7, top + 14 * scale, stroke=a.head_color, stroke_width=0.5),
    ]
    x0, x1 = MARGIN * 2, w - MARGIN * 2
    y = top + 20 * scale
    for text, page in contents:
        els.append(Text(x0, y, x1 - x0 - 12, row, text, size=size, min_size=6.5, color="#3b2a1a", align="left",
                        wrap=False))
        els.append(Text(x1 - 12, y, 12, row, str(page), size=size, color="#3b2a1a", align="right", wrap=False))
        els.append(Line(x0, y + row, x1, y + row, stroke="#d8c6a3", stroke_width=0.3))
        y += row
    icon = 18 * scale
    els.append(Icon("sm-palazzo", w / 2 - icon / 2, h - MARGIN - icon - 8 * scale, icon, icon, color=a.head_color))
    return Piece("san-marco rules back cover", w, h, tuple(els))


# The plain edition, one page to a sheet of the user's paper: a letter-size document's margins, type a
# little larger than the booklet's, and two columns so a line stays short enough to read (A3 gets
# bigger type in the same two columns, as its pages are read from further away on a table).
PLAIN_MARGIN = 18.0
PLAIN_GUTTER = 8.0
PLAIN_SIZE, PLAIN_HEAD = 9.5, 12.0
PLAIN_TITLE_BAND = 22.0  # mm under the top margin for the title on the first page


def plain_rules_pages(kit: KitContext, w: float, h: float) -> tuple[Piece, ...]:
    """The same rules reflowed onto the user's own paper (A4, Letter, A3, ...), numbered "n / N"."""
    a = kit.style.aid
    scale = max(1.0, min(w / 210.0, h / 297.0)) ** 0.5  # A3: x1.19, so type grows less than the page
    size, head = PLAIN_SIZE * scale, PLAIN_HEAD * scale
    top = PLAIN_MARGIN + PLAIN_TITLE_BAND * scale
    body = _flow(kit, w, h, PLAIN_MARGIN, 2, PLAIN_GUTTER, size, head, top, PLAIN_MARGIN - 4)
    title = f"{kit.game.title.get(kit.lang)} — {kit.t('book_title')}"
    pages: list[Piece] = []
    for i, els in enumerate(body):
        frame: list[Element] = []
        if i == 0:
            frame += [
                Icon("sm-palazzo", PLAIN_MARGIN, PLAIN_MARGIN - 2, 13 * scale, 13 * scale, color=a.head_color),
                Text(PLAIN_MARGIN + 16 * scale, PLAIN_MARGIN - 2, w - 2 * PLAIN_MARGIN - 16 * scale, 13 * scale,
                     title, size=20 * scale, min_size=12, bold=True, color=a.head_color, align="left", wrap=False),
                Line(PLAIN_MARGIN, top - 5, w - PLAIN_MARGIN, top - 5, stroke=a.head_color, stroke_width=0.6),
            ]
        number = f"{i + 1} / {len(body)}"
        frame.append(Text(w - PLAIN_MARGIN - 20, h - PLAIN_MARGIN + 4, 20, 6, number, size=8.5, color="#555555",
                          wrap=False, align="right"))
        pages.append(Piece(f"san-marco rules sheet {i + 1}", w, h, (*frame, *els)))
    return tuple(pages)


def setup_sheet(kit: KitContext, players: int) -> Piece:
    """One page to set up from: the "what you need" panel, then setup, on the aid's page size."""
    a = kit.style.aid
    W, H, m = *kit.page(a.page_w, a.page_h), a.margin
    game = kit.game
    r = game.rules
    items = what_you_need(kit, players)
    size, text_w = a.body_size + 0.5, W - 2 * m - 14
    # each line as high as it sets (a long one wraps on a narrow A5 page), at least a tick box's row
    rows = [max(6.2, flow_height(line, size, text_w) + 1.4) for line in items]
    panel_h = 9.5 + sum(rows)  # 5 mm above the first line and below the last
    els: list[Element] = [
        Text(m, 3, W - 2 * m, 11, f"{game.title.get(kit.lang)} — {kit.t('need_head')}", size=a.title_size, bold=True,
             color=a.head_color, align="left", wrap=False),
        Rect(m, 17, W - 2 * m, panel_h, fill="#f6ecd6", stroke=a.head_color, stroke_width=0.6, radius=2.5),
    ]
    y = 22.0
    for line, row in zip(items, rows, strict=True):
        els.append(Rect(m + 4, y + 0.6, 3.6, 3.6, fill="#ffffff", stroke="#3b2a1a", stroke_width=0.3))
        els.append(Text(m + 10, y, text_w, row - 1.2, line, size=size, min_size=6.5, align="left", valign="top"))
        y += row
    f = Flow([(m, W - 2 * m)], top=17 + panel_h + 6, bottom=H - m)
    reroll = kit.t("aid_reroll", faces=", ".join(map(str, game.die.reroll))) if game.die.reroll else ""
    f.add(kit.t("aid_setup_head"), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
    f.add(kit.t("aid_setup_body", sides=game.die.sides, rolls=r.setup_rolls, per_roll=r.nobles_per_roll,
              reroll=reroll), a.body_size + 0.5)
    pc = r.for_players(players)
    if pc is not None:
        f.add(kit.t("aid_count_head", players=pc.players), a.body_size + 1, bold=True, gap=0.3, keep=True)
        f.add(kit.roles_lines(pc), a.body_size + 0.5)
    f.add(kit.t("rule_piles_head"), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
    f.add("\n".join(f"• {line}" for line in (kit.t("rule_nobles", nobles=r.nobles_per_player),
                                              kit.t("rule_supply_empty"), kit.t("rule_no_bridges"))),
          a.body_size + 0.5)
    return Piece("san-marco setup sheet", W, H, (*els, *f.elements))
