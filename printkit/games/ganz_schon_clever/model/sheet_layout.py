"""The Ganz schön clever score sheet's layout and style (``sheet.yaml``), as frozen types.

Game facts live in :mod:`printkit.games.ganz_schon_clever.model.game`; this is only where things go and how they look,
so a designer can move an area or change a colour without touching Python.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from printkit.engine.definition_types import LocalizedText
from printkit.games.ganz_schon_clever.model.game import AREAS, AreaName


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Region(_Frozen):
    x: float
    y: float
    w: float = Field(gt=0)
    h: float = Field(gt=0)

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


class MarkerSpec(_Frozen):
    size: float = Field(gt=0)
    inset: float = Field(ge=0)


class PrintFloor(_Frozen):
    """Smallest size text may print at, in pt at print size (after the design is scaled)."""

    latin: float = Field(gt=0)
    cjk: float = Field(gt=0)  # text with any Chinese character: its strokes need more size


class Format(_Frozen):
    """One sheet size: which paper it is printed on, how many to a sheet of paper, its trim size."""

    paper: str
    per_page: Literal[1, 2]
    page: tuple[float, float]
    margin: float = Field(ge=0)
    marker: MarkerSpec
    min_print_pt: PrintFloor | None = None  # overrides the layout's floor for this format
    # Small sheets leave out what cannot be printed legibly at their scale: the icon legend
    # (the solo page carries it) and the two-line "N players / last round" captions, which become
    # a player count under the round with one "last round" key in the heading.
    legend: bool = True
    # With the legend left out: a key at the print floor in the band between the score row and the bottom
    # margin (the design's own legend row and the space its centring leaves), when every entry fits there.
    # Nothing the scanner reads moves.
    legend_below: bool = False
    round_ends: Literal["caption", "compact"] = "caption"

    @model_validator(mode="after")
    def _marker_in_margin(self) -> Format:
        if self.marker.inset + self.marker.size > self.margin:
            raise ValueError("the corner markers must fit inside the margin, or they would touch boxes")
        return self


class Design(_Frozen):
    width: float = Field(gt=0)
    height: float = Field(gt=0)


class Regions(_Frozen):
    title: Region
    qr: Region
    serial: Region
    rounds: Region
    actions: Region
    yellow: Region
    dice: Region
    blue: Region
    green: Region
    orange: Region
    purple: Region
    score: Region
    legend: Region


class BlueTable(_Frozen):
    label: float
    crosses_row: float
    points_row: float


class Metrics(_Frozen):
    panel_radius: float
    header: float
    cell: float
    cell_gap: float
    bonus: float
    badge: float
    tab: float
    track_box: float
    track_gap: float
    purple_gap: float
    box_radius: float
    round: float
    round_pitch: float
    action: float
    action_pitch: float
    die: float
    score_box: float
    score_widths: dict[Literal["area", "op", "fox_icon", "fox_count", "lowest"], float]
    heading: float
    action_label: float
    panel_inset: float
    dice_heading: float
    blue_table: BlueTable
    green_points: float
    score_label: float
    stroke_box: float
    stroke_panel: float
    stroke_ink_saver: float


class FontSpec(_Frozen):
    size: float = Field(gt=0)
    min: float = Field(gt=0)


FontName = Literal[
    "title", "subtitle", "heading", "caption", "number", "small_number", "bonus", "letter", "table", "tab",
    "legend", "tiny", "solo_title", "solo_text", "solo_table",
]


class AreaColors(_Frozen):
    fill: str
    dark: str
    on_fill: str
    tint: str


class Colors(_Frozen):
    ink: str
    muted: str
    box: str
    black_bonus: str
    areas: dict[AreaName, AreaColors]
    fox: str
    reroll: str
    plus1: str


class SheetLayout(_Frozen):
    """The whole ``sheet.yaml``."""

    layout_version: int = Field(ge=1)
    design: Design
    formats: dict[str, Format]
    max_scale: float = Field(gt=0)
    min_print_pt: PrintFloor
    regions: Regions
    metrics: Metrics
    fonts: dict[FontName, FontSpec]
    colors: Colors
    letters: dict[AreaName, LocalizedText]
    patterns: dict[AreaName, str]
    labels: dict[str, LocalizedText]

    @model_validator(mode="after")
    def _complete(self) -> SheetLayout:
        for name, table in (("colors.areas", self.colors.areas), ("letters", self.letters),
                            ("patterns", self.patterns)):
            missing = [a for a in AREAS if a not in table]
            if missing:
                raise ValueError(f"{name} lacks {', '.join(missing)}")
        for area, pattern in self.patterns.items():
            if pattern != "dots":
                try:
                    float(pattern)
                except ValueError:
                    raise ValueError(f"pattern of {area} must be 'dots' or an angle, not {pattern!r}") from None
        return self

    def label(self, key: str, lang: str, **values: object) -> str:
        text = self.labels[key].get(lang)
        return text.format(**values) if values else text

    def floor(self, format_name: str) -> PrintFloor:
        """The smallest print size of text on sheets of ``format_name``."""
        return self.formats[format_name].min_print_pt or self.min_print_pt

    def format_for(self, paper: str, per_page: int) -> tuple[str, Format]:
        for name, fmt in self.formats.items():
            if fmt.paper == paper and fmt.per_page == per_page:
                return name, fmt
        raise KeyError(f"no sheet format for paper {paper!r} with {per_page} per page")
