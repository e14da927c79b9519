"""Istanbul's data as validated, immutable values.

The shapes here mirror the files in ``data/``: what the box and its tiles show.  Values that
depend on the player count (rubies on a track, the first price ...) are not stored; they are
derived in :mod:`printkit.games.istanbul.rules.tracks`.  Checks that need more than one file
(a layout naming every place once, a track naming a known good) live in
:mod:`printkit.games.istanbul.definitions`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from printkit.engine.definition_types import Frozen, Hex, Ident, LocalizedText

Lang = Literal["en", "zh-TW", "de"]
LANGS: tuple[Lang, ...] = ("en", "zh-TW", "de")
Provenance = Literal["source", "seed", "house"]
"""Where a value comes from: published sources, the Chinese write-up, or us (a *house value*)."""

GoodId = Literal["fabric", "spice", "fruit", "jewelry"]
PlaceNumber = Annotated[int, Field(ge=1, le=16)]
PlayerCount = Annotated[int, Field(ge=2, le=5)]


class Localized(LocalizedText):
    """A text in every language printkit prints for Istanbul; at most 200 characters, as every one is printed
    on a piece or a sheet."""

    en: str = Field(min_length=1, max_length=200)
    zh_TW: str = Field(alias="zh-TW", min_length=1, max_length=200)
    de: str = Field(min_length=1, max_length=200)


# --- places -------------------------------------------------------------------------------------------------------

class Place(Frozen):
    number: PlaceNumber
    id: Ident
    name: Localized
    action: Localized


class Places(Frozen):
    schema_: str = Field(alias="schema", pattern=r"^printkit/istanbul-places/1$")
    places: tuple[Place, ...] = Field(min_length=16, max_length=16)

    def by_number(self, number: int) -> Place:
        return next(p for p in self.places if p.number == number)


# --- tracks -------------------------------------------------------------------------------------------------------

class Good(Frozen):
    id: GoodId
    color: Hex
    name: Localized


class Wainwright(Frozen):
    price: int = Field(ge=0, le=100)
    capacity_start: int = Field(ge=1, le=10)
    extensions_to_max: int = Field(ge=1, le=10)
    ruby_with_extension: int = Field(ge=1, le=10)
    extensions_per_player: int = Field(ge=1, le=10)
    rubies_per_player: int = Field(ge=0, le=5)


class PostSpace(Frozen):
    """One space of the Post Office: a good or some lira."""

    good: GoodId | None = None
    lira: int | None = Field(default=None, ge=1, le=20)

    @model_validator(mode="after")
    def _one(self) -> PostSpace:
        if (self.good is None) == (self.lira is None):
            raise ValueError("a post office space is either `good:` or `lira:`")
        return self


class PostOffice(Frozen):
    top: tuple[PostSpace, ...] = Field(min_length=1, max_length=8)
    bottom: tuple[PostSpace, ...] = Field(min_length=1, max_length=8)

    @model_validator(mode="after")
    def _same_width(self) -> PostOffice:
        if len(self.top) != len(self.bottom):
            raise ValueError("top and bottom rows need the same number of columns")
        return self


class DiceBand(Frozen):
    from_: int = Field(alias="from", ge=2, le=12)
    to: int = Field(ge=2, le=12)
    jewelry: int = Field(ge=1, le=10)


class BlackMarket(Frozen):
    take_one_of: tuple[GoodId, ...] = Field(min_length=1)
    dice: tuple[DiceBand, ...] = Field(min_length=1, max_length=11)


class TeaHouse(Frozen):
    call_min: int = Field(ge=2, le=12)
    call_max: int = Field(ge=2, le=12)
    otherwise_lira: int = Field(ge=0, le=20)


class Market(Frozen):
    place: PlaceNumber
    demand: Literal["dark", "light"]
    prices: tuple[int, ...] = Field(min_length=1, max_length=10)


class SultanMarker(Frozen):
    players: tuple[PlayerCount, ...] = Field(min_length=1)
    space: int = Field(ge=1, le=20)


class SultansPalace(Frozen):
    spaces: tuple[GoodId | Literal["any"], ...] = Field(min_length=1, max_length=20)
    markers: tuple[SultanMarker, ...] = Field(min_length=1)


class GemMarker(Frozen):
    players: tuple[PlayerCount, ...] = Field(min_length=1)
    price: int = Field(ge=1, le=100)


class GemstoneDealer(Frozen):
    prices: tuple[int, ...] = Field(min_length=1, max_length=30)
    markers: tuple[GemMarker, ...] = Field(min_length=1)


class MosqueAbility(Frozen):
    place: Literal[14, 15]
    good: GoodId
    text: Localized


class Mosques(Frozen):
    tile_goods: tuple[int, ...] = Field(min_length=1, max_length=8)
    abilities: tuple[MosqueAbility, ...] = Field(min_length=1, max_length=8)


class Tracks(Frozen):
    schema_: str = Field(alias="schema", pattern=r"^printkit/istanbul-tracks/1$")
    goods: tuple[Good, ...] = Field(min_length=4, max_length=4)
    wainwright: Wainwright
    post_office: PostOffice
    black_market: BlackMarket
    tea_house: TeaHouse
    markets: tuple[Market, ...] = Field(min_length=2, max_length=2)
    sultans_palace: SultansPalace
    gemstone_dealer: GemstoneDealer
    mosques: Mosques

    def good(self, good_id: str) -> Good:
        return next(g for g in self.goods if g.id == good_id)

    def market(self, place: int) -> Market:
        return next(m for m in self.markets if m.place == place)


# --- layouts ------------------------------------------------------------------------------------------------------

Grid = tuple[tuple[int, ...], ...]


class FixedLayout(Frozen):
    id: Literal["short", "long", "in-order"]
    name: Localized
    note: Localized
    grid: Grid


class Apart(Frozen):
    places: tuple[PlaceNumber, PlaceNumber]
    min_steps: int = Field(ge=1, le=6)


class RandomRules(Frozen):
    name: Localized
    centre_place: PlaceNumber
    centre_positions: tuple[int, ...] = Field(min_length=1, max_length=16)
    apart: Apart


class Layouts(Frozen):
    schema_: str = Field(alias="schema", pattern=r"^printkit/istanbul-layouts/1$")
    rows: int = Field(ge=1, le=8)
    columns: int = Field(ge=1, le=8)
    fixed: tuple[FixedLayout, ...] = Field(min_length=1)
    printed_positions: tuple[str, ...] = Field(max_length=2)
    random: RandomRules

    def layout(self, layout_id: str) -> FixedLayout:
        return next(f for f in self.fixed if f.id == layout_id)


# --- pieces -------------------------------------------------------------------------------------------------------

class SquareSize(Frozen):
    name: Localized
    size: float = Field(gt=5, le=200)
    provenance: Provenance


class RectSize(Frozen):
    name: Localized
    width: float = Field(gt=5, le=300)
    height: float = Field(gt=5, le=300)
    provenance: Provenance


class Sizes(Frozen):
    place: SquareSize
    mosque_tile: SquareSize
    demand_tile: SquareSize
    bonus_card: RectSize
    token: SquareSize
    small_token: SquareSize
    wheelbarrow: RectSize
    extension: RectSize
    standee: RectSize
    die: SquareSize
    overview: RectSize


class DemandTile(Frozen):
    fabric: int = Field(ge=0, le=5)
    spice: int = Field(ge=0, le=5)
    fruit: int = Field(ge=0, le=5)
    jewelry: int = Field(ge=0, le=5)

    def goods(self) -> dict[str, int]:
        return {"fabric": self.fabric, "spice": self.spice, "fruit": self.fruit, "jewelry": self.jewelry}


class DemandTiles(Frozen):
    dark: tuple[DemandTile, ...] = Field(min_length=1, max_length=10)
    light: tuple[DemandTile, ...] = Field(min_length=1, max_length=10)


class BonusCard(Frozen):
    id: Ident
    count: int = Field(ge=1, le=20)
    icon: Ident
    place: PlaceNumber | None = None
    text: Localized


class Component(Frozen):
    id: Ident
    count: int = Field(ge=0, le=200)
    per_player: int | None = Field(default=None, ge=1, le=10)
    printed: Literal["kit", "paper", "box"]
    name: Localized


class Coin(Frozen):
    value: int = Field(ge=1, le=100)
    count: int = Field(ge=1, le=100)


class Pieces(Frozen):
    schema_: str = Field(alias="schema", pattern=r"^printkit/istanbul-pieces/1$")
    sizes: Sizes
    demand_tiles: DemandTiles
    bonus_cards: tuple[BonusCard, ...] = Field(min_length=1, max_length=20)
    components: tuple[Component, ...] = Field(min_length=1)
    coins: tuple[Coin, ...] = Field(min_length=1)

    def component(self, component_id: str) -> Component:
        return next(c for c in self.components if c.id == component_id)


# --- setup --------------------------------------------------------------------------------------------------------

class PlayerRange(Frozen):
    min: PlayerCount
    max: PlayerCount


class Start(Frozen):
    merchant_place: PlaceNumber
    assistants_in_stack: int = Field(ge=1, le=5)
    family_place: PlaceNumber
    dice_placed: tuple[Literal["governor", "smuggler"], ...]


class PerPlayers(Frozen):
    players: PlayerCount
    ruby_target: int = Field(ge=1, le=10)
    mosque_tiles: tuple[int, ...] = Field(min_length=1)
    mosque_rubies: int = Field(ge=0, le=5)
    neutral_merchants: tuple[PlaceNumber, ...] = ()


class PlayerColor(Frozen):
    id: Ident
    color: Hex
    name: Localized


class Setup(Frozen):
    schema_: str = Field(alias="schema", pattern=r"^printkit/istanbul-setup/1$")
    players: PlayerRange
    starting_lira: tuple[int, ...] = Field(min_length=1, max_length=5)
    start_bonus_cards: int = Field(ge=0, le=5)
    start: Start
    per_players: tuple[PerPlayers, ...] = Field(min_length=1)
    neutral_fee: int = Field(ge=0, le=20)
    meeting_fee: int = Field(ge=0, le=20)
    player_colors: tuple[PlayerColor, ...] = Field(min_length=1, max_length=8)
    player_colors_provenance: Provenance

    def for_players(self, players: int) -> PerPlayers:
        return next(p for p in self.per_players if p.players == players)


class Texts(Frozen):
    schema_: str = Field(alias="schema", pattern=r"^printkit/istanbul-texts/1$")
    texts: dict[Ident, Localized]
    # Chinese game terms never split across lines (the place names are added from places.yaml)
    glossary: tuple[str, ...] = Field(default=(), max_length=200)


class Istanbul(Frozen):
    """The whole game definition: every file of ``data/`` validated and cross-checked."""

    places: Places
    tracks: Tracks
    layouts: Layouts
    pieces: Pieces
    setup: Setup
    texts: Texts

    def place(self, number: int) -> Place:
        return self.places.by_number(number)

    @property
    def glossary(self) -> tuple[str, ...]:
        """The Chinese terms the renderer keeps whole on a line: every place's name and the terms in texts.yaml."""
        names = tuple(p.name.zh_TW for p in sorted(self.places.places, key=lambda p: p.number))
        return tuple(dict.fromkeys(names + self.texts.glossary))

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(self.setup.players.min, self.setup.players.max + 1))


# --- look (templates/istanbul/style.yaml) -------------------------------------------------------------------------

class LayoutSheetStyle(Frozen):
    page_w: float = Field(gt=50, le=420)
    page_h: float = Field(gt=50, le=420)
    margin: float = Field(ge=0, le=50)
    small_margin: float = Field(default=5, ge=0, le=50)  # inside a page narrowed to a small paper (A5)
    paper_margin: float = Field(default=6, ge=0, le=50)  # around a narrowed page on the paper
    title_size: float = Field(gt=0, le=60)
    cell_gap: float = Field(ge=0, le=20)
    name_size: float = Field(gt=0, le=40)
    number_size: float = Field(gt=0, le=60)
    footer_size: float = Field(gt=0, le=20)


class Style(Frozen):
    """Colours, icons and sheet geometry shared by the templates and the sheet layouts."""

    model_config = ConfigDict(extra="allow", frozen=True)  # templates may read extra values as style.x
    paper: Hex
    ink: Hex
    muted: Hex
    short_color: Hex
    long_color: Hex
    mark_color: Hex
    place_colors: dict[str, Hex]
    place_icons: dict[str, str]
    bonus_icons: dict[str, str]
    layout_sheet: LayoutSheetStyle
