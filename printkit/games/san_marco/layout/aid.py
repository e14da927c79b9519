"""The player aid: half a page to glance at, two to an A4 sheet.

The round as five steps with icons, the five action cards with their icons, and scoring with a
worked example computed by the rules themselves.  The full text is in the rules booklet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.engine.elements import Element, Icon, Piece, Polygon, Rect, Text
from printkit.games.san_marco.rules.variant import score_district

if TYPE_CHECKING:
    from printkit.games.san_marco.layout.pieces import Kit

# Two fit one above the other on A4 and on Letter (279.4 mm) with room for the crop marks of the cut
# between them: 2 x 130 leaves 9.7 mm at the top and bottom of Letter, marks stay 5 mm clear of the edge.
AID_W, AID_H = 200.0, 130.0
ROW_H, ROW_GAP, TOP = 19.0, 2.4, 19.0  # the five steps and the five cards: one row each
INK = "#2b2b2b"


def _example(k: Kit) -> str:
    """A worked scoring of the tie-break district: a clear winner, then a tie for second."""
    g = k.g
    d = g.district(g.rules.tie_break_district)
    name = d.name.get(k.lang)
    a, b, c = (k.t("aid_colour_" + x) for x in ("red", "blue", "yellow"))
    first = {a: 3, b: 2, c: 1}
    second = {a: 3, b: 2, c: 2}
    s1, s2 = score_district(first, d.prestige), score_district(second, d.prestige)
    values = " / ".join(map(str, d.prestige))
    return "\n".join([
        k.t("aid_example_intro", district=name, values=values),
        k.t("aid_example_line", a=a, na=3, b=b, nb=2, c=c, nc=1, pa=s1[a], pb=s1[b], pc=s1[c]),
        k.t("aid_example_line", a=a, na=3, b=b, nb=2, c=c, nc=2, pa=s2[a], pb=s2[b], pc=s2[c]),
        k.t("aid_example_note"),
    ])


def player_aid(k: Kit, index: int, players: int) -> Piece:
    from printkit.games.san_marco.layout.pieces import estimate_height, text_on
    from printkit.games.san_marco.layout.tokens import LETTERS

    g = k.g
    a = k.s.aid
    W, H, m = AID_W, AID_H, 6.0
    color = g.player_colors[index % len(g.player_colors)]
    els: list[Element] = [
        Rect(0, 0, W, H, fill="#fbf7ee", stroke=None),
        Rect(0, 0, W, 11, fill=color, stroke="#555555", stroke_width=0.3),
        Text(m, 1, W - 2 * m - 40, 9, k.t("aid_title"), size=13, bold=True, color=text_on(color), align="left",
             wrap=False),
        Text(W - m - 40, 1, 40, 9, f"{k.t('aid_player', n=index + 1)} · {LETTERS[index]}", size=10,
             color=text_on(color), align="right", wrap=False),
    ]
    # left: the round as a flow of five steps
    pc = g.rules.for_players(players) or g.rules.player_counts[-1]
    gr = pc.groups[0]
    steps = [
        ("sm-crown", k.t("aid_flow_roles")),
        ("sm-palazzo", k.t("aid_flow_deal", action=gr.action_cards, limit=gr.limit_cards, offers=gr.offers)),
        ("sm-noble", k.t("aid_flow_pick")),
        ("sm-hourglass", k.t("aid_flow_limit", threshold=g.rules.limit_threshold)),
        ("sm-sundial", k.t("aid_flow_passage", passages=g.rules.passages)),
    ]
    col_w = 72.0
    els.append(Text(m, 13, col_w, 6, k.t("aid_round_for", players=pc.players),
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
    els.append(Text(x2, 13, w2, 6, k.t("aid_actions_head"), size=10, bold=True, color=a.head_color, align="left",
                    wrap=False))
    card_h = ROW_H
    for i, card in enumerate(g.decks.action):
        y = TOP + i * (card_h + ROW_GAP)
        els.append(Rect(x2, y, w2, card_h, fill="#ffffff", stroke=card.color, stroke_width=0.6, radius=2))
        els.append(Rect(x2, y, 14, card_h, fill=card.color, stroke=None, radius=2))
        els.append(Icon(card.icon, x2 + 1.5, y + (card_h - 11) / 2, 11, 11, color=text_on(card.color)))
        els.append(Text(x2 + 16, y + 0.8, w2 - 17, 5, card.name.get(k.lang), size=8.5, bold=True, color=INK,
                        align="left", wrap=False))
        effect = card.effect.get(k.lang).format(district=k.t_any_district())
        els.append(Text(x2 + 16, y + 6, w2 - 17, card_h - 6.6, effect, size=7, min_size=5.2, color=INK,
                        align="left"))
    # right: scoring and a worked example
    x3 = x2 + w2 + 5
    w3 = W - x3 - m
    els.append(Text(x3, 13, w3, 6, k.t("aid_score_head"), size=10, bold=True, color=a.head_color, align="left",
                    wrap=False))
    third = k.t("aid_score_third") if g.ranks >= 3 else ""
    # Stacked by the height each text needs in its language, so nothing overlaps and no gap is left.
    body, example = k.t("aid_score_body", third=third), _example(k)
    doge = k.t("aid_doge_short", cross=g.rules.doge_crossing_cost, nobridge=g.rules.doge_no_bridge_cost)
    y = TOP
    h = estimate_height(body, 7.2, w3)
    els.append(Text(x3, y, w3, h, body, size=7.2, min_size=6.5, color=INK, align="left", valign="top"))
    y += h + 2.5
    h = estimate_height(example, 7.2, w3 - 4) + 3
    els.append(Rect(x3, y, w3, h, fill="#f3ead6", stroke=None, radius=2))
    els.append(Text(x3 + 2, y + 1.5, w3 - 4, h - 3, example, size=7.2, min_size=6.5, color=INK, align="left",
                    valign="top"))
    y += h + 3
    h = estimate_height(doge, 7.2, w3)
    els.append(Text(x3, y, w3, h, doge, size=7.2, min_size=6.5, color=INK, align="left", valign="top"))
    els.append(Text(x3, H - 10, w3, 6, k.t("aid_more"), size=6.5, min_size=6.5, color="#777777", align="left"))
    return Piece(f"san-marco player aid {index + 1}", W, H, tuple(els))
