"""What every San Marco layout draws from: the game being printed, its texts and style, the language, the
published game a variant is compared with, and the paper; and the sentences several pages share."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.engine.paper import fitted_page
from printkit.games.san_marco.model.game import Lang, Localized, PlayerCount, SanMarcoDefinition
from printkit.games.san_marco.model.printing import SanMarcoStyle, SanMarcoTexts
from printkit.games.san_marco.rules.differences import differences


@dataclass(frozen=True)
class KitContext:
    """One build of the kit: ``classic`` is the published game a variant's differences are listed against."""

    game: SanMarcoDefinition
    texts: SanMarcoTexts
    style: SanMarcoStyle
    lang: Lang
    classic: SanMarcoDefinition | None = None
    paper: tuple[float, float] = (210.0, 297.0)

    def t(self, key: str, **values: object) -> str:
        """The text ``key`` of ``texts.yaml`` in the kit's language, ``values`` filled in."""
        return self.texts.get(key, self.lang, **values)

    def page(self, w: float, h: float) -> tuple[float, float]:
        """A sheet's page size: the style's, or smaller where the paper is (A5), keeping its margin."""
        return fitted_page((w, h), self.paper, self.style.paper_margin)

    def deck_title(self, which: str) -> str:
        """The title on the back of the action (``action_cards``) or the limit deck."""
        d = self.game.decks
        return (d.action_back if which == "action_cards" else d.limit_back).title.get(self.lang)

    def any_district(self) -> str:
        return self.t("any_district")

    # --- sentences the aid, the booklet and the variant sheet share ----------------------------------

    def difference_lines(self) -> list[str]:
        """Every rule of a variant that is not as in the classic game, in words."""
        if self.classic is None or self.game.variant is None:
            return []
        out = []
        for d in differences(self.classic, self.game):
            values = {k: (v.get(self.lang) if isinstance(v, Localized) else v) for k, v in d.values.items()}
            out.append(self.t(f"diff_{d.kind}", **values))
        return out

    def roles_lines(self, pc: PlayerCount) -> str:
        """The roles of a table: deciders, cards and offers per group, and the bridges each player starts with."""
        out = []
        seen: dict[tuple[int, int, int, int], int] = {}
        for gr in pc.groups:
            key = (gr.deciders, gr.action_cards, gr.limit_cards, gr.offers)
            seen[key] = seen.get(key, 0) + 1
        for (dec, a, lim, off), times in seen.items():
            plural = "s" if dec > 1 else ""
            line = self.t("aid_group", deciders=dec, plural=plural, action=a, limit=lim, offers=off)
            out.append(f"• {line}" + (self.t('aid_times', n=times) if times > 1 else ""))
        if len(pc.groups) > 1:
            out.append(self.t("aid_groups_order"))
        plural = "s" if pc.start_bridges > 1 else ""
        out.append(self.t("aid_count_bridges", bridges=pc.start_bridges, plural=plural,
                          plural_de="n" if pc.start_bridges > 1 else "", limit=pc.bridge_limit_per_pair))
        return "\n".join(out)

    def rule_house_lines(self) -> list[str]:
        """The house values among the rules, the card counts and the tables of roles, in words."""
        game, lang = self.game, self.lang
        out: list[str] = []
        rp = game.rules.provenance
        if rp.get("score_track") == "house":
            out.append(self.t("aid_house_track", last=game.rules.score_track - 1))
        if rp.get("bridge_supply") == "house":
            out.append(self.t("aid_house_bridge_supply", n=game.rules.bridge_supply))
        if rp.get("banishment_die") == "house":
            out.append(self.t("aid_house_banish_die", n=game.rules.banishment_die))
        if rp.get("tie_break_district") == "house":
            out.append(self.t("aid_house_tiebreak",
                              name=game.district(game.rules.tie_break_district).name.get(lang)))
        if game.decks.provenance.get("action") == "house":
            out.append(self.t("aid_house_cards"))
        for pc in game.rules.player_counts:
            if "house" in pc.provenance.values():
                out.append(self.t("aid_house_roles", players=pc.players))
        return out
