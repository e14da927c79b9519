"""What a variant changes, rule by rule, against the classic game: the variant sheet lists each one.

Found by comparing the two definitions field by field, so a rule the generator changes can never
be left off the sheet: a new difference either has words in ``texts.yaml`` (``diff_<kind>``) or
the sheet's test fails.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.games.san_marco.model.game import SanMarcoDefinition


@dataclass(frozen=True)
class Difference:
    kind: str  # the text key is diff_<kind>
    values: dict[str, object] = field(default_factory=dict)


def _action_counts(game: SanMarcoDefinition) -> dict[str, int]:
    return {c.type: (c.count_per_district if c.type == "district" else c.count) or 0 for c in game.decks.action}


def differences(classic: SanMarcoDefinition, variant: SanMarcoDefinition) -> list[Difference]:
    """Every rule and number of ``variant`` that is not as in ``classic``, in the order a table meets them."""
    out: list[Difference] = []
    c_map, v_map = classic.map, variant.map
    if len(v_map.districts) != len(c_map.districts) or {d.id for d in v_map.districts} != {
            d.id for d in c_map.districts}:
        out.append(Difference("map", {"classic": len(c_map.districts), "variant": len(v_map.districts),
                                      "pairs": len(v_map.adjacency)}))
    c_values = {d.id: d.prestige for d in c_map.districts}
    if any(c_values.get(d.id) != d.prestige for d in v_map.districts):
        out.append(Difference("values"))
    if variant.ranks != classic.ranks:
        out.append(Difference("ranks", {"classic": classic.ranks, "variant": variant.ranks}))
    if variant.die.sides != classic.die.sides or variant.die.reroll != classic.die.reroll:
        out.append(Difference("die", {"classic": classic.die.sides, "variant": variant.die.sides,
                                      "reroll": ", ".join(map(str, variant.die.reroll))}))
    c_tables = {pc.players: pc for pc in classic.rules.player_counts}
    for pc in variant.rules.player_counts:
        old = c_tables.get(pc.players)
        if old is None:
            out.append(Difference("new_table", {"players": pc.players}))
            continue
        if pc.groups != old.groups:
            out.append(Difference("groups", {"players": pc.players}))
        if pc.start_bridges != old.start_bridges:
            out.append(Difference("start_bridges", {"players": pc.players, "classic": old.start_bridges,
                                                    "variant": pc.start_bridges}))
        if pc.bridge_limit_per_pair != old.bridge_limit_per_pair:
            out.append(Difference("bridge_limit", {"players": pc.players, "classic": old.bridge_limit_per_pair,
                                                   "variant": pc.bridge_limit_per_pair}))
    c_cards, v_cards = _action_counts(classic), _action_counts(variant)
    for kind, count in v_cards.items():
        if count != c_cards.get(kind):
            out.append(Difference(f"cards_{kind}", {"classic": c_cards.get(kind, 0), "variant": count}))
    c_limit = {lc.value: lc.count for lc in classic.decks.limit}
    v_limit = {lc.value: lc.count for lc in variant.decks.limit}
    if c_limit != v_limit:
        out.append(Difference("limit_cards", {"classic": sum(c_limit.values()), "variant": sum(v_limit.values())}))
    r_c, r_v = classic.rules, variant.rules
    if r_v.bridge_supply != r_c.bridge_supply:
        out.append(Difference("bridge_supply", {"classic": r_c.bridge_supply, "variant": r_v.bridge_supply}))
    if r_v.banishment_die != variant.die.sides:
        out.append(Difference("banishment_die", {"sides": r_v.banishment_die}))
    if r_v.tie_break_district != r_c.tie_break_district:
        out.append(Difference("tie_break", {"classic": classic.district(r_c.tie_break_district).name,
                                            "variant": variant.district(r_v.tie_break_district).name}))
    for name in ("nobles_per_player", "passages", "limit_threshold", "setup_rolls", "nobles_per_roll",
                 "doge_crossing_cost", "doge_no_bridge_cost", "score_track"):
        if getattr(r_v, name) != getattr(r_c, name):
            out.append(Difference(name, {"classic": getattr(r_c, name), "variant": getattr(r_v, name)}))
    return out
