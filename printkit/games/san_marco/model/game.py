"""San Marco game definitions as validated, immutable data.

One schema serves the classic game and every generated variant: a variant is just another
definition with a different map, deck counts and role table.  Values that no published
source gives are *house values*; each carries a ``provenance`` tag so the player aid can
list them and a user knows which numbers are ours to change.

Shapes are checked here (types, ranges, one district per die face ...).  Checks that need
the whole document and a precise location in the file live in
:mod:`printkit.games.san_marco.definitions`.
"""

from __future__ import annotations

import itertools
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from printkit.engine.definition_types import Frozen, Hex, Ident, LocalizedText

Provenance = Literal["source", "seed", "house"]
"""Where a value comes from: published sources, the Chinese write-up we started from, or us."""

Lang = Literal["en", "zh-TW", "de"]
Point = tuple[float, float]
ActionType = Literal["district", "bridge", "transfer", "doge", "banishment"]


class Localized(LocalizedText):
    """A text in every language printkit prints; German may be left out (a user's definition without German
    names keeps its English ones in a German build)."""

    de: str | None = Field(default=None, min_length=1)  # type: ignore[assignment]


class District(Frozen):
    id: Ident
    name: Localized
    die: tuple[int, ...] = Field(min_length=1, description="die results that mean this district")
    prestige: tuple[int, ...] = Field(
        min_length=1, max_length=3, description="points for rank 1, 2 (and 3) at a scoring"
    )
    color: Hex
    outline: tuple[Point, ...] = Field(min_length=3, description="mm, map coordinates, y down")
    label: Point = Field(description="mm, where the name/die/prestige block is centred")
    provenance: dict[Literal["name", "die", "prestige", "outline"], Provenance] = Field(
        default_factory=dict
    )

    @field_validator("prestige")
    @classmethod
    def _descending(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if any(b > a for a, b in itertools.pairwise(v)):
            raise ValueError("prestige values must not increase from rank to rank")
        if any(x < 0 for x in v):
            raise ValueError("prestige values must be 0 or more")
        return v


class BridgeSite(Frozen):
    """Where one bridge may lie: its centre and the direction it spans the canal."""

    x: float
    y: float
    angle: float = Field(description="degrees; the direction from district a to district b")


class Adjacency(Frozen):
    a: Ident
    b: Ident
    sites: tuple[BridgeSite, ...] = Field(min_length=1)


class MapDef(Frozen):
    style: Ident = "classic"
    sea_color: Hex
    land_color: Hex = Field(description="the island under the districts: shows as the canals")
    width: float = Field(gt=50, le=1000, description="mm, the drawn map area")
    height: float = Field(gt=50, le=1000)
    canal_width: float = Field(gt=0, le=30)
    land: tuple[tuple[Point, ...], ...] = Field(
        default=(), description="coastlines drawn under the districts (islands, lagoon shore)"
    )
    districts: tuple[District, ...] = Field(min_length=2, max_length=12)
    adjacency: tuple[Adjacency, ...] = Field(min_length=1)
    provenance: dict[Literal["adjacency", "shapes"], Provenance] = Field(default_factory=dict)


class DieScheme(Frozen):
    """One die whose faces 1..sides each name a district, or say 'roll again'."""

    sides: Literal[6, 8, 10, 12]
    reroll: tuple[int, ...] = ()
    provenance: Provenance = "source"


class ActionCard(Frozen):
    type: ActionType
    name: Localized
    effect: Localized = Field(description="one line; {district} is replaced on district cards")
    icon: str = Field(pattern=r"^[a-z0-9-]+$")
    color: Hex
    count: int | None = Field(default=None, ge=0, le=200)
    count_per_district: int | None = Field(default=None, ge=0, le=50)

    @model_validator(mode="after")
    def _one_count(self) -> ActionCard:
        per = self.type == "district"
        if per and self.count_per_district is None:
            raise ValueError("district cards need count_per_district")
        if not per and self.count is None:
            raise ValueError("this card type needs count")
        if per and self.count is not None:
            raise ValueError("district cards take count_per_district, not count")
        if not per and self.count_per_district is not None:
            raise ValueError("only district cards take count_per_district")
        return self


class LimitCard(Frozen):
    value: int = Field(ge=0, le=9)
    count: int = Field(ge=0, le=100)


class CardBack(Frozen):
    title: Localized
    color: Hex
    icon: str = Field(pattern=r"^[a-z0-9-]+$")


class Decks(Frozen):
    card_size: tuple[float, float] = (63.0, 88.0)
    action: tuple[ActionCard, ...] = Field(min_length=1)
    limit: tuple[LimitCard, ...] = Field(min_length=1)
    limit_name: Localized
    limit_effect: Localized
    action_back: CardBack
    limit_back: CardBack
    provenance: dict[str, Provenance] = Field(default_factory=dict)

    def count_of(self, kind: ActionType, n_districts: int) -> int:
        for c in self.action:
            if c.type == kind:
                return (c.count_per_district or 0) * n_districts if kind == "district" else c.count or 0
        return 0


class RoleGroup(Frozen):
    """One distributor (分牌者) and the deciders (選牌者) who pick from the offers."""

    deciders: int = Field(ge=1, le=3)
    action_cards: int = Field(ge=1, le=20)
    limit_cards: int = Field(ge=0, le=20)
    offers: int = Field(ge=2, le=4)

    @model_validator(mode="after")
    def _enough(self) -> RoleGroup:
        if self.offers != self.deciders + 1:
            raise ValueError("offers must be deciders + 1: each decider picks one, the distributor keeps the last")
        if self.action_cards + self.limit_cards < self.offers:
            raise ValueError("every offer needs at least one card")
        return self


class PlayerCount(Frozen):
    players: int = Field(ge=2, le=8)
    groups: tuple[RoleGroup, ...] = Field(min_length=1)
    start_bridges: int = Field(ge=0, le=4, description="bridges each player places at setup")
    bridge_limit_per_pair: int = Field(ge=1, le=6)
    provenance: dict[Literal["groups", "start_bridges", "bridge_limit_per_pair"], Provenance] = Field(
        default_factory=dict
    )

    @model_validator(mode="after")
    def _seats(self) -> PlayerCount:
        seats = sum(1 + g.deciders for g in self.groups)
        if seats != self.players:
            raise ValueError(f"the role groups seat {seats} players, not {self.players}")
        return self


class Rules(Frozen):
    nobles_per_player: int = Field(ge=1, le=60)
    bridge_supply: int = Field(ge=1, le=60)
    passages: int = Field(ge=1, le=6)
    limit_threshold: int = Field(ge=1, le=50)
    setup_rolls: int = Field(ge=1, le=10)
    nobles_per_roll: int = Field(ge=1, le=5)
    doge_crossing_cost: int = Field(ge=0, le=10)
    doge_no_bridge_cost: int = Field(ge=0, le=10)
    banishment_die: Literal[6, 8, 10, 12] = 6
    score_track: int = Field(ge=20, le=200, description="spaces on the track: 0 .. score_track-1")
    tie_break_district: Ident
    player_counts: tuple[PlayerCount, ...] = Field(min_length=1)
    provenance: dict[str, Provenance] = Field(default_factory=dict)

    def for_players(self, n: int) -> PlayerCount | None:
        return next((p for p in self.player_counts if p.players == n), None)

    @property
    def default_players(self) -> int:
        """The table size printed when --players is not given: the largest this game has rules for."""
        return max(p.players for p in self.player_counts)


class HouseRule(Frozen):
    """A rule no source settles, decided by us and printed on the player aid."""

    id: Ident
    text: Localized


class VariantInfo(Frozen):
    """How a generated definition was made, so the same command makes it again."""

    seed: int
    players: int
    districts: int
    ranks: int
    style: Ident
    generator: str
    min_district_cards: int = Field(ge=1, description="the generator setting the deck was scaled with")


class SanMarcoDefinition(Frozen):
    schema_: Literal["printkit/san-marco/1"] = Field(alias="schema")
    id: Ident
    title: Localized
    variant: VariantInfo | None = None
    map: MapDef
    die: DieScheme
    decks: Decks
    rules: Rules
    player_colors: tuple[Hex, ...] = Field(min_length=2, max_length=8)
    house_rules: tuple[HouseRule, ...] = ()

    def district(self, ident: str) -> District:
        return next(d for d in self.map.districts if d.id == ident)

    def district_of_face(self) -> dict[int, str]:
        return {f: d.id for d in self.map.districts for f in d.die}

    @property
    def ranks(self) -> int:
        return max(len(d.prestige) for d in self.map.districts)

    def house_values(self) -> list[str]:
        """Dotted paths of every value marked as a house value (for the aid and the docs)."""
        out: list[str] = []
        for d in self.map.districts:
            out += [f"map.districts.{d.id}.{k}" for k, v in d.provenance.items() if v == "house"]
        out += [f"map.{k}" for k, v in self.map.provenance.items() if v == "house"]
        if self.die.provenance == "house":
            out.append("die")
        out += [f"decks.{k}" for k, v in self.decks.provenance.items() if v == "house"]
        out += [f"rules.{k}" for k, v in self.rules.provenance.items() if v == "house"]
        for pc in self.rules.player_counts:
            out += [f"rules.player_counts.{pc.players}.{k}" for k, v in pc.provenance.items() if v == "house"]
        return out


# --- variant generator settings (data/generator.yaml) ---------------------------


class MapStyleConfig(Frozen):
    """A map style: coastline, colours and the pool of district names."""

    name: Ident
    title: Localized
    layout: Literal["scatter", "ring"]
    outline: tuple[Point, ...] = Field(min_length=3, description="coast, 0..1 of the map area")
    jitter: float = Field(ge=0, le=0.3, description="how much the seed may push coast points in/out")
    min_label_room: float | None = Field(default=None, gt=0, description="overrides map.min_label_room")
    sea_color: Hex
    land_color: Hex
    names: tuple[Localized, ...] = Field(min_length=10, description="first name = the capital")
    colors: tuple[Hex, ...] = Field(min_length=10)


class SeamStrips(Frozen):
    """Where the board's tiles are cut, in map mm, and how far what a cut must not cross stays from a cut."""

    x: tuple[float, ...] = Field(default=(), description="vertical cuts, map mm from the map's left edge")
    y: tuple[float, ...] = Field(default=(), description="horizontal cuts, map mm from the map's top edge")
    label_clear: tuple[float, float] = Field(
        description="map mm a label point keeps from a vertical / a horizontal cut (half a plaque and some air)")
    site_clear: float = Field(ge=0, le=60, description="map mm a bridge site's centre keeps from any cut")


class MapGenConfig(Frozen):
    width: float = Field(gt=50, le=1000)
    height: float = Field(gt=50, le=1000)
    canal_width: float = Field(gt=0, le=30)
    apart_width: float = Field(default=16.0, gt=0, le=60,
                               description="mm of water at least between two districts without bridge sites")
    bridge_pitch: float = Field(gt=0, le=60, description="mm between bridge sites of one pair")
    min_bridge_pitch: float = Field(default=10.0, gt=0, le=60,
                                    description="mm between bridge sites on a border too short for bridge_pitch")
    bridge_end_margin: float = Field(ge=0, le=60, description="mm kept free at each end of a border")
    min_label_room: float = Field(gt=0, le=100, description="mm from the label point to the shore")
    bridge_site_reach: float = Field(ge=0, le=30, description="mm a bridge site reaches onto the land")
    lloyd_iterations: int = Field(ge=0, le=50)
    attempts: int = Field(ge=1, le=500)
    seams: SeamStrips | None = Field(default=None, description="strips kept clear where the board is cut")


class PrestigeConfig(Frozen):
    first: tuple[int, int] = Field(description="range of the rank-1 value")
    drop: tuple[int, int] = Field(description="range of the drop from one rank to the next")
    capital: tuple[int, ...] = Field(min_length=3, max_length=3, description="the capital's values")
    minimum: int = Field(ge=0)


class VariantLimits(Frozen):
    """What a variant may be: the values ``--players``, ``--districts`` and ``--ranks`` accept."""

    players: tuple[int, int] = Field(description="smallest and largest table a variant is made for")
    districts: tuple[int, int] = Field(description="smallest and largest map, in districts")
    ranks: tuple[Literal[1, 2, 3], ...] = Field(min_length=1, description="scoring ranks a variant may use")
    default_districts: dict[int, int] = Field(description="map size when only --players is given")
    die_sizes: tuple[Literal[6, 8, 10, 12], ...] = Field(
        min_length=1, description="setup dice, smallest first: the first with a face per district is used"
    )

    @field_validator("players", "districts")
    @classmethod
    def _ordered(cls, v: tuple[int, int]) -> tuple[int, int]:
        if v[0] > v[1]:
            raise ValueError(f"[{v[0]}, {v[1]}] is not a range: the first number must not be larger")
        return v

    @field_validator("die_sizes")
    @classmethod
    def _ascending(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if list(v) != sorted(set(v)):
            raise ValueError("die sizes go from smallest to largest, each once")
        return v

    @model_validator(mode="after")
    def _consistent(self) -> VariantLimits:
        lo, hi = self.districts
        if lo < 2:
            raise ValueError("districts: a map needs at least 2 districts")
        if hi > self.die_sizes[-1]:
            raise ValueError(f"districts: {hi} districts need a die with {hi} faces; the largest is "
                             f"d{self.die_sizes[-1]}")
        for p, n in self.default_districts.items():
            if not lo <= n <= hi:
                raise ValueError(f"default_districts: {n} for {p} players is outside districts [{lo}, {hi}]")
        return self


class GeneratorConfig(Frozen):
    map: MapGenConfig
    styles: tuple[MapStyleConfig, ...] = Field(min_length=1)
    roles: tuple[PlayerCount, ...] = Field(min_length=1)
    variant: VariantLimits
    default_ranks: dict[int, Literal[1, 2, 3]]
    prestige: PrestigeConfig
    min_district_cards: int = Field(ge=1, le=20)

    @model_validator(mode="after")
    def _every_table_covered(self) -> GeneratorConfig:
        v = self.variant
        roles = {pc.players for pc in self.roles}
        for p in range(v.players[0], v.players[1] + 1):
            if p not in roles:
                raise ValueError(f"variant.players includes {p}, but roles has no entry for {p} players")
            if p not in v.default_districts:
                raise ValueError(f"variant.default_districts has no map size for {p} players")
            if p not in self.default_ranks:
                raise ValueError(f"default_ranks has no value for {p} players")
        for p, r in self.default_ranks.items():
            if r not in v.ranks:
                raise ValueError(f"default_ranks: {r} for {p} players is not one of variant.ranks {list(v.ranks)}")
        for s in self.styles:
            if min(len(s.names), len(s.colors)) < v.districts[1]:
                raise ValueError(f"style {s.name} needs a name and a colour for each of up to "
                                 f"{v.districts[1]} districts")
        return self

    def style(self, name: str) -> MapStyleConfig | None:
        return next((s for s in self.styles if s.name == name), None)


def json_schema() -> dict[str, Any]:
    """JSON Schema of a San Marco definition file (``printkit schema san-marco``)."""
    return SanMarcoDefinition.model_json_schema()
