"""A generated variant's rules sheet: what differs from the classic game, its roles, cards, die and scoring."""

from __future__ import annotations

from printkit.engine.elements import Element, Piece, Text
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.layout.drawing import Flow


def variant_sheet(kit: KitContext) -> tuple[Piece, ...]:
    """One page on A4 and Letter; on a smaller paper (A5) the text runs on to a second."""
    a = kit.style.aid
    game = kit.game
    v = game.variant
    assert v is not None
    W, H, m = *kit.page(a.page_w, a.page_h), a.margin
    els: list[Element] = [
        Text(m, 4, W - 2 * m, 11, kit.t("var_title", players=v.players, districts=v.districts),
             size=a.title_size, bold=True, color=a.head_color, align="left", wrap=False),
    ]
    col_w = (W - 2 * m - a.gutter) / 2
    f = Flow([(m, col_w), (m + col_w + a.gutter, col_w)] * 3, top=m, bottom=H - m, first_top=18,
             first_columns=2)
    style_name = kit.t(f"style_{v.style}") if f"style_{v.style}" in kit.texts.root else v.style
    f.add(kit.t("var_intro", seed=str(v.seed), style=style_name, ranks=v.ranks), a.body_size + 0.6)
    diffs = kit.difference_lines()
    if diffs:
        f.add(kit.t("var_diff_head"), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
        f.add("\n".join(f"• {line}" for line in diffs), a.body_size + 0.2)
    f.add(kit.t("var_roles_head"), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
    f.add(kit.t("var_roles_body"), a.body_size + 0.4)
    for pc in game.rules.player_counts:
        f.add(kit.t("aid_count_head", players=pc.players), a.body_size + 1, bold=True, gap=0.3, keep=True)
        f.add(kit.roles_lines(pc), a.body_size + 0.4)
    f.add(kit.t("var_cards_head"), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
    counts = {c.type: (c.count_per_district if c.type == "district" else c.count) or 0 for c in game.decks.action}
    n = len(game.map.districts)
    total = sum(v_ * (n if t == "district" else 1) for t, v_ in counts.items())
    limits = " + ".join(f"{lc.count}×{lc.value}" for lc in game.decks.limit)
    f.add(kit.t("var_cards_line", district=counts.get("district", 0), district_total=counts.get("district", 0) * n,
                 bridge=counts.get("bridge", 0), transfer=counts.get("transfer", 0), doge=counts.get("doge", 0),
                 banishment=counts.get("banishment", 0), total=total, limits=limits,
                 limit_total=sum(lc.count for lc in game.decks.limit), supply=game.rules.bridge_supply),
          a.body_size + 0.4)
    f.add(kit.t("var_cards_rule", min_cards=v.min_district_cards), a.body_size)
    limit = max(pc.bridge_limit_per_pair for pc in game.rules.player_counts)
    f.add(kit.t("var_bridges_body", limit=limit), a.body_size + 0.4)
    f.add(kit.t("var_die_head"), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
    reroll = kit.t("aid_reroll", faces=", ".join(map(str, game.die.reroll))) if game.die.reroll else ""
    f.add(kit.t("var_die_body", sides=game.die.sides, reroll=reroll), a.body_size + 0.4)
    f.add(kit.t("var_scoring_head"), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
    f.add(kit.t("var_scoring_body", ranks=v.ranks), a.body_size + 0.4)
    f.add(kit.t("var_passage_body", threshold=game.rules.limit_threshold), a.body_size + 0.4)
    # the districts are listed on the board and in the rules booklet
    n_pages = max(f.column_of) // 2 + 1
    pages: list[list[Element]] = [els] + [[] for _ in range(n_pages - 1)]
    for e, col in zip(f.elements, f.column_of, strict=True):
        pages[col // 2].append(e)
    return tuple(Piece("san-marco variant rules" + (f" {i + 1}" if n_pages > 1 else ""), W, H, tuple(p))
                 for i, p in enumerate(pages))
