"""Ganz schön clever: the game data as frozen, validated types.

Built from ``data/game.yaml``; nothing here knows a number of the
game.  Besides the raw tables, the model offers what both the sheet drawing and the rules engine
need: every box of every area with its value and its bonus, and the groups (rows, columns, the
diagonal) whose completion earns something.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from printkit.engine.definition_types import LocalizedText
from printkit.games.ganz_schon_clever.rulings import SOLO_PASSIVE_RULINGS, SoloPassiveRuling

AreaName = Literal["yellow", "blue", "green", "orange", "purple"]
AREAS: tuple[AreaName, ...] = ("yellow", "blue", "green", "orange", "purple")
GRID_AREAS: tuple[AreaName, ...] = ("yellow", "blue")  # cross any open cell
TRACK_AREAS: tuple[AreaName, ...] = ("green", "orange", "purple")  # fill left to right
NUMBER_AREAS: tuple[AreaName, ...] = ("orange", "purple")  # a number is written, not a cross
ActionName = Literal["reroll", "plus1"]
ACTIONS: tuple[ActionName, ...] = ("reroll", "plus1")
Lang = Literal["en", "zh-TW", "de"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Bonus(_Frozen):
    """One bonus icon: what a completed box, row or column (or a round) gives.

    ``kind`` is ``"X"`` (one cross in ``area``), ``"number"`` (write ``value`` in the next box of
    ``area``), ``"reroll"`` or ``"plus1"`` (an action to circle) or ``"fox"``.
    """

    kind: Literal["X", "number", "reroll", "plus1", "fox"]
    area: AreaName | None = None
    value: int | None = None

    @property
    def code(self) -> str:
        if self.kind == "X":
            return f"{self.area}_X"
        if self.kind == "number":
            return f"{self.area}_{self.value}"
        return self.kind

    @property
    def is_action(self) -> bool:
        return self.kind in ("reroll", "plus1")

    @property
    def is_mark(self) -> bool:
        """True when the bonus puts a mark (cross or number) on the sheet."""
        return self.kind in ("X", "number")

    def __str__(self) -> str:
        return self.code


def parse_bonus(code: object) -> object:
    """Turn a bonus code such as ``orange_4`` or ``blue_X`` into a :class:`Bonus` (else leave it)."""
    if not isinstance(code, str):
        return code
    if code in ("reroll", "plus1", "fox"):
        return Bonus(kind=code)  # type: ignore[arg-type]
    area, sep, rest = code.rpartition("_")
    if not sep or area not in AREAS:
        raise ValueError(f"unknown bonus code {code!r}")
    if rest == "X":
        return Bonus(kind="X", area=area)  # type: ignore[arg-type]
    if rest.isdigit() and area in NUMBER_AREAS:
        return Bonus(kind="number", area=area, value=int(rest))  # type: ignore[arg-type]
    raise ValueError(f"unknown bonus code {code!r}")


BonusCode = Annotated[Bonus, BeforeValidator(parse_bonus)]


class Labels(LocalizedText):
    """A word in each language, English where a language is left out; ``house_wording`` names languages whose
    text we made up."""

    zh_TW: str | None = Field(default=None, alias="zh-TW", min_length=1)  # type: ignore[assignment]
    de: str | None = Field(default=None, min_length=1)  # type: ignore[assignment]
    house_wording: tuple[Lang, ...] = ()


class Turns(_Frozen):
    active_picks: int
    passive_picks: int
    solo_platter: int
    actions: dict[Literal["active", "passive"], tuple[ActionName, ...]]
    # The disputed solo passive turn: per ruling, the actions it allows; ``solo_passive_printed`` is
    # the ruling the solo page prints as the rule (the others are printed as marked variants).
    solo_passive: dict[SoloPassiveRuling, tuple[ActionName, ...]]
    solo_passive_printed: SoloPassiveRuling

    @model_validator(mode="after")
    def _rulings(self) -> Turns:
        if set(self.solo_passive) != set(SOLO_PASSIVE_RULINGS):
            raise ValueError(f"solo_passive needs exactly the rulings {', '.join(SOLO_PASSIVE_RULINGS)}")
        if self.solo_passive_printed not in self.solo_passive:
            raise ValueError("solo_passive_printed must be one of the solo_passive rulings")
        return self


class Rounds(_Frozen):
    by_player_count: dict[int, int]
    start_bonus: dict[int, tuple[BonusCode, ...]]  # round -> options, exactly one is taken

    @model_validator(mode="after")
    def _rounds(self) -> Rounds:
        if any(not opts for opts in self.start_bonus.values()):
            raise ValueError("a round bonus needs at least one option")
        return self


class ActionTrack(_Frozen):
    boxes: int = Field(gt=0)


class Box(_Frozen):
    """One box of an area, in the order the rules engine numbers them.

    Yellow and blue boxes are numbered row-major from 0 over the real cells (pre-printed X and the
    blue corner left out); ``row``/``column`` are 0-based grid positions.  Track boxes (green,
    orange, purple) are numbered 0..10 from the left.
    """

    area: AreaName
    index: int
    row: int = 0
    column: int = 0
    value: int | None = None  # yellow number, blue sum
    threshold: int | None = None  # green
    multiplier: int | None = None  # orange
    bonus: Bonus | None = None  # bonus printed under this box (tracks only)

    @property
    def label(self) -> str:
        """How a person names the box: its number on a grid, ``box 4`` on a track."""
        if self.area in GRID_AREAS:
            return str(self.value)
        return f"box {self.index + 1}"


class Group(_Frozen):
    """Cells whose completion earns ``bonus`` and/or ``points`` (a row, column or the diagonal)."""

    area: AreaName
    kind: Literal["row", "column", "diagonal"]
    index: int  # 0-based row/column number
    cells: tuple[int, ...]  # box indexes of the area (see Box)
    bonus: Bonus | None = None
    points: int = 0


class YellowDiagonal(_Frozen):
    cells: tuple[tuple[int, int], ...]  # 1-based [row, column]
    bonus: BonusCode


class Yellow(_Frozen):
    grid: tuple[tuple[int, ...], ...]
    row_bonus: tuple[BonusCode, ...]
    column_points: tuple[int, ...]
    diagonal: YellowDiagonal

    @model_validator(mode="after")
    def _shape(self) -> Yellow:
        width = len(self.grid[0])
        if any(len(r) != width for r in self.grid):
            raise ValueError("yellow rows must have equal length")
        if len(self.row_bonus) != len(self.grid) or len(self.column_points) != width:
            raise ValueError("one row bonus per row and one column score per column")
        return self


class Blue(_Frozen):
    grid: tuple[tuple[int | None, ...], ...]
    row_bonus: tuple[BonusCode, ...]
    column_bonus: tuple[BonusCode, ...]
    points_by_crosses: tuple[int, ...]

    @model_validator(mode="after")
    def _shape(self) -> Blue:
        cells = [v for r in self.grid for v in r if v is not None]
        if len(set(cells)) != len(cells):
            raise ValueError("blue sums must be distinct")
        if len(self.points_by_crosses) != len(cells) + 1:
            raise ValueError("points_by_crosses needs one entry per possible cross count, from 0")
        return self


class Green(_Frozen):
    thresholds: tuple[int, ...]
    box_bonus: dict[int, BonusCode]
    points_by_crosses: tuple[int, ...]

    @model_validator(mode="after")
    def _shape(self) -> Green:
        if len(self.points_by_crosses) != len(self.thresholds) + 1:
            raise ValueError("points_by_crosses needs one entry per possible cross count, from 0")
        _check_box_numbers(self.box_bonus, len(self.thresholds))
        return self


class Orange(_Frozen):
    multipliers: tuple[int, ...]
    box_bonus: dict[int, BonusCode]

    @model_validator(mode="after")
    def _shape(self) -> Orange:
        _check_box_numbers(self.box_bonus, len(self.multipliers))
        return self


class Purple(_Frozen):
    reset_after: int
    boxes: int
    box_bonus: dict[int, BonusCode]

    @model_validator(mode="after")
    def _shape(self) -> Purple:
        _check_box_numbers(self.box_bonus, self.boxes)
        return self


def _check_box_numbers(bonus: dict[int, Bonus], boxes: int) -> None:
    bad = [b for b in bonus if not 1 <= b <= boxes]
    if bad:
        raise ValueError(f"box numbers {bad} outside 1..{boxes}")


class RatingBand(_Frozen):
    min: int | None = None
    max: int | None = None
    en: str
    zh_tw: str = Field(alias="zh-TW")
    de: str | None = None
    house_wording: tuple[Lang, ...] = ()  # languages whose label is printkit's own wording, not published

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    def contains(self, total: int) -> bool:
        return (self.min is None or total >= self.min) and (self.max is None or total <= self.max)

    def label(self, lang: str) -> str:
        text = {"en": self.en, "zh-TW": self.zh_tw, "de": self.de}.get(lang)
        return text or self.en


class GscGame(_Frozen):
    """The whole game definition of Ganz schön clever."""

    id: str
    aliases: tuple[str, ...]
    names: dict[Lang, str]
    die_faces: int = Field(gt=1)
    dice: tuple[str, ...]
    turns: Turns
    rounds: Rounds
    action_tracks: dict[ActionName, ActionTrack]
    yellow: Yellow
    blue: Blue
    green: Green
    orange: Orange
    purple: Purple
    solo_rating: tuple[RatingBand, ...]
    terms: dict[str, Labels]
    glossary: tuple[str, ...] = ()  # Chinese words never split across lines

    model_config = ConfigDict(frozen=True, extra="forbid", ignored_types=(cached_property,))

    # ------------------------------------------------------------------ derived views
    @cached_property
    def boxes(self) -> dict[AreaName, tuple[Box, ...]]:
        """Every markable box of every area, in rules-engine order (see :class:`Box`)."""
        out: dict[AreaName, tuple[Box, ...]] = {}
        yellow = []
        for r, row in enumerate(self.yellow.grid):
            for c, v in enumerate(row):
                if v != 0:
                    yellow.append(Box(area="yellow", index=len(yellow), row=r, column=c, value=v))
        out["yellow"] = tuple(yellow)
        blue = []
        for r, brow in enumerate(self.blue.grid):
            for c, bv in enumerate(brow):
                if bv is not None:
                    blue.append(Box(area="blue", index=len(blue), row=r, column=c, value=bv))
        out["blue"] = tuple(blue)
        out["green"] = tuple(
            Box(area="green", index=i, column=i, threshold=t, bonus=self.green.box_bonus.get(i + 1))
            for i, t in enumerate(self.green.thresholds)
        )
        out["orange"] = tuple(
            Box(area="orange", index=i, column=i, multiplier=m, bonus=self.orange.box_bonus.get(i + 1))
            for i, m in enumerate(self.orange.multipliers)
        )
        out["purple"] = tuple(
            Box(area="purple", index=i, column=i, bonus=self.purple.box_bonus.get(i + 1))
            for i in range(self.purple.boxes)
        )
        return out

    @cached_property
    def yellow_printed_x(self) -> tuple[tuple[int, int], ...]:
        """0-based (row, column) of the pre-printed X cells."""
        return tuple((r, c) for r, row in enumerate(self.yellow.grid) for c, v in enumerate(row) if v == 0)

    @cached_property
    def groups(self) -> dict[AreaName, tuple[Group, ...]]:
        """Rows, columns and the diagonal of yellow and blue, with their bonus and points.

        Pre-printed yellow X are not boxes, so a yellow column lists only its real cells; it is
        complete once those are crossed.
        """
        ybox = {(b.row, b.column): b.index for b in self.boxes["yellow"]}
        rows_n, cols_n = len(self.yellow.grid), len(self.yellow.grid[0])
        yellow: list[Group] = []
        for r in range(rows_n):
            cells = tuple(ybox[(r, c)] for c in range(cols_n) if (r, c) in ybox)
            yellow.append(
                Group(area="yellow", kind="row", index=r, cells=cells, bonus=self.yellow.row_bonus[r])
            )
        for c in range(cols_n):
            cells = tuple(ybox[(r, c)] for r in range(rows_n) if (r, c) in ybox)
            yellow.append(
                Group(area="yellow", kind="column", index=c, cells=cells, points=self.yellow.column_points[c])
            )
        diag = tuple(ybox[(r - 1, c - 1)] for r, c in self.yellow.diagonal.cells)
        yellow.append(
            Group(area="yellow", kind="diagonal", index=0, cells=diag, bonus=self.yellow.diagonal.bonus)
        )
        bbox = {(b.row, b.column): b.index for b in self.boxes["blue"]}
        brows, bcols = len(self.blue.grid), len(self.blue.grid[0])
        blue: list[Group] = []
        for r in range(brows):
            cells = tuple(bbox[(r, c)] for c in range(bcols) if (r, c) in bbox)
            blue.append(Group(area="blue", kind="row", index=r, cells=cells, bonus=self.blue.row_bonus[r]))
        for c in range(bcols):
            cells = tuple(bbox[(r, c)] for r in range(brows) if (r, c) in bbox)
            blue.append(
                Group(area="blue", kind="column", index=c, cells=cells, bonus=self.blue.column_bonus[c])
            )
        return {"yellow": tuple(yellow), "blue": tuple(blue)}

    @cached_property
    def blue_sums(self) -> tuple[int, ...]:
        return tuple(b.value for b in self.boxes["blue"] if b.value is not None)

    def rounds_for(self, players: int) -> int:
        return self.rounds.by_player_count[players]

    def players_for(self, rounds: int) -> list[int]:
        """The player counts that play ``rounds`` rounds, fewest first (none for a count no game plays)."""
        return sorted(p for p, r in self.rounds.by_player_count.items() if r == rounds)

    def solo_label(self, total: int, lang: str = "en") -> str | None:
        for band in self.solo_rating:
            if band.contains(total):
                return band.label(lang)
        return None

    def term(self, key: str, lang: str = "en") -> str:
        labels = self.terms.get(key)
        return labels.get(lang) if labels else key
