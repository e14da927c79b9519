"""The kit notes' second page: every house value the definition marks, the values taken from the write-up the
kit started from, and what differs from the published game and why.  It follows the page of
:mod:`printkit.games.san_marco.layout.notes` (where the rules come from) in the one kit-notes component; only
these pages speak of how the kit was made."""

from __future__ import annotations

from printkit.engine.elements import Element, Piece, Text
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.layout.drawing import Flow

# Rules whose provenance may be ``seed`` and the sentence that states each (notes.yaml).
SEED_RULES = ("doge_no_bridge_cost", "doge_crossing_cost", "tie_break_district")


def _district_lines(kit: KitContext) -> list[str]:
    """Per district, the values of it no source gives, with the value itself."""
    out = []
    for d in kit.game.map.districts:
        parts = []
        if d.provenance.get("die") == "house":
            parts.append(kit.t("notes_part_die", die="/".join(map(str, d.die))))
        if d.provenance.get("prestige") == "house":
            parts.append(kit.t("notes_part_prestige", values="/".join(map(str, d.prestige))))
        if d.provenance.get("outline") == "house":
            parts.append(kit.t("notes_part_outline"))
        if parts:
            out.append(kit.t("notes_district", name=d.name.get(kit.lang), parts=kit.t("notes_part_sep").join(parts)))
    return out


def house_value_lines(kit: KitContext) -> list[str]:
    """Every value the definition marks ``house``, in words (``SanMarcoDefinition.house_values`` as a list)."""
    game = kit.game
    out = _district_lines(kit)
    if game.die.provenance == "house":
        out.append(kit.t("notes_die_order"))
    if game.map.provenance.get("adjacency") == "house":
        out.append(kit.t("aid_house_adjacency"))
    elif game.map.provenance.get("shapes") == "house":
        out.append(kit.t("notes_map_shapes"))
    if game.decks.provenance.get("card_size") == "house":
        w, h = game.decks.card_size
        out.append(kit.t("notes_card_size", w=f"{w:g}", h=f"{h:g}"))
    return out + kit.rule_house_lines()


def seed_lines(kit: KitContext) -> list[str]:
    """The values the kit took from the Chinese write-up (``seed`` in the definition)."""
    game = kit.game
    r = game.rules
    values = {"doge_no_bridge_cost": {"n": r.doge_no_bridge_cost}, "doge_crossing_cost": {"n": r.doge_crossing_cost},
              "tie_break_district": {"name": game.district(r.tie_break_district).name.get(kit.lang)}}
    out = [kit.t(f"notes_seed_{key}", **values[key]) for key in SEED_RULES if r.provenance.get(key) == "seed"]
    out += [kit.t("notes_seed_bridge_limit", players=pc.players, n=pc.bridge_limit_per_pair)
            for pc in r.player_counts if pc.provenance.get("bridge_limit_per_pair") == "seed"]
    return out


def house_notes_pages(kit: KitContext) -> tuple[Piece, ...]:
    """One page on A4 and Letter (two columns); on A5 the text runs on to a second page."""
    a = kit.style.aid
    game = kit.game
    W, H, m = *kit.page(a.page_w, a.page_h), a.margin
    title = Text(m, 4, W - 2 * m, 11, kit.t("notes_title", title=game.title.get(kit.lang)), size=a.title_size,
                 bold=True, color=a.head_color, align="left", wrap=False)
    col_w = (W - 2 * m - a.gutter) / 2
    f = Flow([(m, col_w), (m + col_w + a.gutter, col_w)] * 3, top=m, bottom=H - m, first_top=18, first_columns=2)
    body = a.body_size + 0.4

    def section(head: str, lines: list[str]) -> None:
        if lines:
            f.add(kit.t(head), a.head_size, a.head_color, bold=True, gap=0.6, keep=True)
            f.add("\n".join(f"• {line}" for line in lines), body)

    f.add(kit.t("notes_intro"), body)
    if game.variant is not None:
        f.add(kit.t("notes_variant_seed", seed=str(game.variant.seed)), body)
    section("notes_house_head", house_value_lines(kit))
    section("notes_house_rules_head", [hr.text.get(kit.lang) for hr in game.house_rules])
    section("notes_seed_head", seed_lines(kit))
    section("notes_differs_head", [kit.t(k) for k in ("notes_diff_pieces", "notes_diff_board", "notes_diff_words",
                                                      "notes_diff_variants")])
    n_pages = max(f.column_of) // 2 + 1
    pages: list[list[Element]] = [[title]] + [[] for _ in range(n_pages - 1)]
    for e, col in zip(f.elements, f.column_of, strict=True):
        pages[col // 2].append(e)
    return tuple(Piece("san-marco kit notes" + (f" {i + 1}" if n_pages > 1 else ""), W, H, tuple(p))
                 for i, p in enumerate(pages))
