"""Sanssouci as small immutable values: the game's definition and the end of a game.

Everything here is a frozen value (texts are the engine's LocalizedText) and knows nothing of files;
:mod:`.definitions` builds a :class:`Game` from the data files and :mod:`.transcription` builds an :class:`EndOfGame`
from a user's transcription.  Rows and columns are numbered from 1 as printed on the board:
row 1 is next to the palace, column 1 is the labyrinth.  Row 0 is the terrace above the
garden where every noble starts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from printkit.engine.definition_types import Hex, LocalizedText
from printkit.engine.rulebook import Block

LANGUAGES = ("en", "zh-TW", "de")
TERRACE = 0


@dataclass(frozen=True)
class Element:
    id: str
    code: str  # what a transcription writes for a tile of this element
    icon: str
    name: LocalizedText


@dataclass(frozen=True)
class Colour:
    id: str
    hex: str
    name: LocalizedText
    pattern: str = "none"  # how the colour is told apart without colour


@dataclass(frozen=True)
class Row:
    number: int
    colour: str
    value: int  # points for a noble ending its move here


@dataclass(frozen=True)
class PlayCard:
    """One of a player's 18 cards: an element, a pair of display colours, or the joker."""

    kind: str  # "element" | "pair" | "joker"
    element: str | None = None
    colours: tuple[str, ...] = ()


@dataclass(frozen=True)
class BoardSide:
    """One printed side of a garden board: which spaces below row 1 are pre-printed."""

    number: int  # 1..8
    board: int  # 1..4; sides 2k-1 and 2k are the two faces of board k
    extra: tuple[tuple[int, int], ...]  # (row, column) pairs

    def printed(self, row: int, column: int) -> bool:
        return row == 1 or (row, column) in self.extra


@dataclass(frozen=True)
class EndScoring:
    row_bonus: dict[int, int]  # row number -> points for completing it
    column_bonus: int
    gardeners_count: bool


@dataclass(frozen=True)
class Game:
    """Every number of the game, read from the data files."""

    elements: tuple[Element, ...]
    rows: tuple[Row, ...]
    row_colours: tuple[Colour, ...]
    player_colours: tuple[Colour, ...]
    players: tuple[int, int]
    turns: int
    hand: int
    missions_per_player: int
    nobles_per_player: int
    display_per_colour: int
    stacks: int
    score_track: int
    lap_card: tuple[int, ...]
    tiles_per_element: int
    tile_split: dict[int, int]  # player-count number -> tiles of each element carrying it
    deck: tuple[PlayCard, ...]  # one player's cards
    mission_points: dict[int, int]  # noble's row (0 = terrace) -> points
    sides: tuple[BoardSide, ...]
    scoring: EndScoring
    house_values: tuple[str, ...] = field(default=())  # dotted names of the values that are ours

    @property
    def columns(self) -> int:
        return len(self.elements)

    @property
    def depth(self) -> int:
        return len(self.rows)

    def element(self, ident: str) -> Element:
        for e in self.elements:
            if e.id == ident:
                return e
        raise KeyError(ident)

    def column_of(self, element: str) -> int:
        return next(i for i, e in enumerate(self.elements, 1) if e.id == element)

    def row_value(self, row: int) -> int:
        return 0 if row == TERRACE else self.rows[row - 1].value

    def row_of_colour(self, colour: str) -> int:
        return next(r.number for r in self.rows if r.colour == colour)

    def display_colours(self) -> tuple[str, ...]:
        """The colours of the display spaces: every row's colour but the pre-printed row 1's."""
        return tuple(r.colour for r in self.rows if r.number != 1)

    def side(self, number: int) -> BoardSide:
        return self.sides[number - 1]

    def tiles_used(self, players: int) -> int:
        """Tiles of each element in a game of ``players``: those numbered at most that."""
        return sum(n for number, n in self.tile_split.items() if number <= players)

    def colour(self, ident: str) -> Colour:
        for c in (*self.row_colours, *self.player_colours):
            if c.id == ident:
                return c
        raise KeyError(ident)


@dataclass(frozen=True)
class Words:
    """What the printed kit says, by key and language (``texts.yaml`` ``print``)."""

    entries: dict[str, dict[str, Any]]

    def get(self, key: str, lang: str, **values: object) -> str:
        text = self.entries[key][lang]
        return str(text).format(**values) if values else str(text)

    def lines(self, key: str, lang: str) -> tuple[str, ...]:
        return tuple(self.entries[key][lang])


@dataclass(frozen=True)
class Rules:
    """The rules booklet, setup sheet and kit notes of one language (``data/rules/<lang>.yaml``)."""

    texts: dict[str, str]
    picture: dict[str, str]  # the setup picture's labels
    table: dict[str, str]  # the setup sheet's table of pieces for each player count: its row names
    booklet: tuple[Block, ...]
    setup: tuple[Block, ...]
    notes: tuple[Block, ...]


class _Look(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)




class GardenStyle(_Look):
    """Sizes (mm) and colours of a garden board (``style.yaml`` ``garden``)."""

    space: float = Field(gt=10, lt=60)
    margin: float = Field(ge=0, lt=30)
    label_band: float = Field(ge=5, lt=40)
    bonus_band: float = Field(ge=5, lt=40)
    title_band: float = Field(ge=0, lt=30)
    terrace: float = Field(ge=5, lt=40)
    footer: float = Field(ge=5, lt=40)
    paper: Hex
    frame: Hex
    ink: Hex
    empty_alpha_mix: float = Field(ge=0, le=1)
    gravel: Hex


class CentralStyle(_Look):
    """The central board (``style.yaml`` ``central``): the track is a ring of cells round the inside."""

    cell: float = Field(gt=8, lt=40)
    ring_columns: int = Field(ge=4, le=40)
    ring_rows: int = Field(ge=4, le=40)
    paper: Hex
    track: Hex
    track_alt: Hex
    frame: Hex
    ink: Hex
    space: float = Field(gt=10, lt=60)
    seam_clear: float = Field(default=16, ge=0, lt=60)  # mm lane down the middle kept free of display spaces


class SheetStyle(_Look):
    ink: Hex
    accent: Hex
    rule: Hex


class Style(_Look):
    """``templates/sanssouci/style.yaml``: the template sections as given, the layouts' typed."""

    tile: dict[str, Any]
    card: dict[str, Any]
    token: dict[str, Any]
    garden: GardenStyle
    central: CentralStyle
    sheet: SheetStyle


class Kind(Enum):
    EMPTY = "empty"
    PRINTED = "printed"
    TILE = "tile"
    GARDENER = "gardener"


@dataclass(frozen=True)
class Cell:
    kind: Kind
    element: str | None = None  # the element of a tile (its column's, when legal)

    @property
    def built(self) -> bool:
        """A noble may walk here, and the space counts as filled for the bonuses."""
        return self.kind is not Kind.EMPTY


EMPTY = Cell(Kind.EMPTY)
GARDENER = Cell(Kind.GARDENER)


@dataclass(frozen=True)
class Garden:
    """One player's garden board at a moment: its side, every space, every noble.

    ``cells[r - 1][c - 1]`` is row ``r``, column ``c``; ``nobles[c - 1]`` is the row of the noble
    of column ``c`` (0 = terrace).
    """

    side: int
    cells: tuple[tuple[Cell, ...], ...]
    nobles: tuple[int, ...]

    def at(self, row: int, column: int) -> Cell:
        return self.cells[row - 1][column - 1]

    def tiles(self) -> int:
        """Tiles placed (elements and gardeners), not the pre-printed spaces."""
        return sum(c.kind in (Kind.TILE, Kind.GARDENER) for row in self.cells for c in row)

    def gardeners(self) -> int:
        return sum(c.kind is Kind.GARDENER for row in self.cells for c in row)


@dataclass(frozen=True)
class PlayerEnd:
    """What a transcription says of one player at the end of a game."""

    name: str
    colour: str
    garden: Garden
    missions: tuple[str, ...]  # element ids
    track: int  # score-track total reached during play, laps (50/100 card) included


@dataclass(frozen=True)
class EndOfGame:
    players: tuple[PlayerEnd, ...]
    game: Game | None = None  # the game with another edition's board sides, when the file names them
