"""What the kit notes list: every house value the definition marks and the values taken from the write-up the
kit started from, in words.  :mod:`printkit.games.san_marco.layout.notes` lays them out."""

from __future__ import annotations

from printkit.games.san_marco.layout.context import KitContext

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
