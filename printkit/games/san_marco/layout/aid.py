"""The player aid: half a page to glance at, two to an A4 sheet.

The round as five steps with icons, the five action cards with their icons, and scoring with a
worked example computed by the rules themselves.  The full text is in the rules booklet.
"""

from __future__ import annotations

from printkit.engine.colors import contrast_ink
from printkit.engine.elements import Element, Icon, Line, Piece, Polygon, Rect, Text
from printkit.engine.template.sandbox import format_text
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.layout.drawing import flow_height
from printkit.games.san_marco.layout.tokens import LETTERS
from printkit.games.san_marco.model.game import RoleGroup
from printkit.games.san_marco.rules.variant import score_district

# Two fit one above the other on A4 and on Letter (279.4 mm) with room for the crop marks of the cut
# between them: 2 x 130 leaves 9.7 mm at the top and bottom of Letter, marks stay 5 mm clear of the edge.
AID_W, AID_H = 200.0, 130.0
AID_PAPER = "#fbf7ee"  # the aid's cream, to its cut and into the bleed
AID_BLEED = 3.0  # mm the header band runs past the cut: printkit's default bleed
ROW_H, ROW_GAP, TOP = 19.0, 2.4, 19.0  # the five steps and the five cards: one row each
INK = "#2b2b2b"


def _example(kit: KitContext) -> str:
    """A worked scoring of the tie-break district: a clear winner, then a tie for second."""
    game = kit.game
    d = game.district(game.rules.tie_break_district)
    name = d.name.get(kit.lang)
    a, b, c = (kit.t("aid_colour_" + x) for x in ("red", "blue", "yellow"))
    first = {a: 3, b: 2, c: 1}
    second = {a: 3, b: 2, c: 2}
    s1, s2 = score_district(first, d.prestige), score_district(second, d.prestige)
    values = " / ".join(map(str, d.prestige))
    return "\n".join([
        kit.t("aid_example_intro", district=name, values=values),
        kit.t("aid_example_line", a=a, na=3, b=b, nb=2, c=c, nc=1, pa=s1[a], pb=s1[b], pc=s1[c]),
        kit.t("aid_example_line", a=a, na=3, b=b, nb=2, c=c, nc=2, pa=s2[a], pb=s2[b], pc=s2[c]),
        _tie_note(kit, b, c, d.prestige, s2[b]),
    ])


def _tie_note(kit: KitContext, b: str, c: str, prestige: tuple[int, ...], value: int) -> str:
    """Why the two tied for second get what they get: the third value, or nothing where the district has none."""
    if len(prestige) > 2:
        return kit.t("aid_example_tie_next", b=b, c=c, value=value)
    return kit.t("aid_example_tie_none", b=b, c=c)


def _deal(kit: KitContext, groups: tuple[RoleGroup, ...]) -> str:
    """The cards a distributor draws and the offers they make, once per kind of group at the table."""
    kinds = list(dict.fromkeys((gr.deciders + 1, gr.action_cards, gr.limit_cards, gr.offers) for gr in groups))
    if len(kinds) == 1:
        _, action, limit, offers = kinds[0]
        cards = kit.t("aid_deal_one", action=action, limit=limit, offers=offers)
    else:
        cards = kit.t("aid_deal_sep").join(kit.t("aid_deal_group", size=size, action=action, limit=limit, offers=offers)
                                           for size, action, limit, offers in kinds)
    return kit.t("aid_flow_deal_cards", cards=cards)


def player_aid(kit: KitContext, index: int, players: int) -> Piece:
    game = kit.game
    a = kit.style.aid
    W, H, m = AID_W, AID_H, 6.0
    color = game.player_colors[index % len(game.player_colors)]
    els: list[Element] = [
        Rect(0, 0, W, H, fill=AID_PAPER, stroke=None),
        # the header band runs into the bleed past the top and sides (the bleed is cut away)
        Rect(-AID_BLEED, -AID_BLEED, W + 2 * AID_BLEED, 11 + AID_BLEED, fill=color, stroke=None),
        Line(0, 11, W, 11, stroke="#555555", stroke_width=0.3),
        Text(m, 1, W - 2 * m - 40, 9, kit.t("aid_title"), size=13, bold=True, color=contrast_ink(color), align="left",
             wrap=False),
        Text(W - m - 40, 1, 40, 9, f"{kit.t('aid_player', n=index + 1)} · {LETTERS[index]}", size=10,
             color=contrast_ink(color), align="right", wrap=False),
    ]
    # left: the round as a flow of five steps
    pc = game.rules.for_players(players) or game.rules.player_counts[-1]
    steps = [
        ("sm-crown", kit.t("aid_flow_roles")),
        ("sm-palazzo", _deal(kit, pc.groups)),
        ("sm-noble", kit.t("aid_flow_pick")),
        ("sm-hourglass", kit.t("aid_flow_limit", threshold=game.rules.limit_threshold)),
        ("sm-sundial", kit.t("aid_flow_passage", passages=game.rules.passages)),
    ]
    col_w = 72.0
    els.append(Text(m, 13, col_w, 6, kit.t("aid_round_for", players=pc.players),
                    size=10, bold=True, color=a.head_color, align="left", wrap=False))
    step_h = ROW_H
    for i, (icon, text) in enumerate(steps):
        y = TOP + i * (step_h + ROW_GAP)
        els.append(Rect(m, y, col_w, step_h, fill="#ffffff", stroke="#b9a98a", stroke_width=0.3, radius=2))
        els.append(Icon(icon, m + 2, y + (step_h - 11) / 2, 11, 11, color=a.head_color))
        els.append(Text(m + 15, y + 1, col_w - 17, step_h - 2, text, size=7.6, min_size=5.5, color=INK,
                        align="left"))
        if i < len(steps) - 1:  # an arrow down to the next step
            ax, ay = m + 7.5, y + step_h
            els.append(Polygon(((ax - 2, ay + 0.3), (ax + 2, ay + 0.3), (ax, ay + 2.3)), fill=a.head_color,
                               stroke=None))
    # middle: the five action cards
    x2 = m + col_w + 5
    w2 = 62.0
    els.append(Text(x2, 13, w2, 6, kit.t("aid_actions_head"), size=10, bold=True, color=a.head_color, align="left",
                    wrap=False))
    card_h = ROW_H
    for i, card in enumerate(game.decks.action):
        y = TOP + i * (card_h + ROW_GAP)
        els.append(Rect(x2, y, w2, card_h, fill="#ffffff", stroke=card.color, stroke_width=0.6, radius=2))
        els.append(Rect(x2, y, 14, card_h, fill=card.color, stroke=None, radius=2))
        els.append(Icon(card.icon, x2 + 1.5, y + (card_h - 11) / 2, 11, 11, color=contrast_ink(card.color)))
        els.append(Text(x2 + 16, y + 0.8, w2 - 17, 5, card.name.get(kit.lang), size=8.5, bold=True, color=INK,
                        align="left", wrap=False))
        effect = format_text(card.effect.get(kit.lang), f"decks.action {card.name.get(kit.lang)!r}: effect",
                             district=kit.any_district())
        els.append(Text(x2 + 16, y + 6, w2 - 17, card_h - 6.6, effect, size=7, min_size=5.2, color=INK,
                        align="left"))
    # right: scoring and a worked example
    x3 = x2 + w2 + 5
    w3 = W - x3 - m
    els.append(Text(x3, 13, w3, 6, kit.t("aid_score_head"), size=10, bold=True, color=a.head_color, align="left",
                    wrap=False))
    third = kit.t("aid_score_third") if game.ranks >= 3 else ""
    # Stacked by the height each text needs in its language, so nothing overlaps and no gap is left.
    body, example = kit.t("aid_score_body", third=third), _example(kit)
    doge = kit.t("aid_doge_short", cross=game.rules.doge_crossing_cost, nobridge=game.rules.doge_no_bridge_cost)
    y = TOP
    h = flow_height(body, 7.2, w3)
    els.append(Text(x3, y, w3, h, body, size=7.2, min_size=6.5, color=INK, align="left", valign="top"))
    y += h + 2.5
    h = flow_height(example, 7.2, w3 - 4) + 3
    els.append(Rect(x3, y, w3, h, fill="#f3ead6", stroke=None, radius=2))
    els.append(Text(x3 + 2, y + 1.5, w3 - 4, h - 3, example, size=7.2, min_size=6.5, color=INK, align="left",
                    valign="top"))
    y += h + 3
    h = flow_height(doge, 7.2, w3)
    els.append(Text(x3, y, w3, h, doge, size=7.2, min_size=6.5, color=INK, align="left", valign="top"))
    els.append(Text(x3, H - 10, w3, 6, kit.t("aid_more"), size=6.5, min_size=6.5, color="#777777", align="left"))
    # cream to the cut and past it, so a miscut shows cream, never white
    return Piece(f"san-marco player aid {index + 1}", W, H, tuple(els), bleed_color=AID_PAPER)
