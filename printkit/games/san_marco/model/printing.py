"""What San Marco prints besides the game data: the words and the look.

Texts (``data/texts.yaml``) carry ``{placeholders}`` that layout fills from the
definition, so the aid always states the numbers of the game being printed.  The style
(``templates/san-marco/style.yaml``) holds every size and colour of the kit so a designer
restyles it without touching Python.
"""

from __future__ import annotations

from pydantic import Field, RootModel

from printkit.engine.template.sandbox import format_text
from printkit.games.san_marco.model.game import Frozen, Hex, Lang, Localized


class SanMarcoTexts(RootModel[dict[str, Localized]]):
    def get(self, key: str, lang: Lang, **values: object) -> str:
        text = self.root[key].get(lang)
        return format_text(text, f"texts.{key}", **values) if values else text

    def languages(self) -> tuple[str, ...]:
        """The languages every text is written in, in the order of the first text."""
        texts = list(self.root.values())
        if not texts:
            return ()
        return tuple(lang for lang in texts[0].languages() if all(lang in t.languages() for t in texts[1:]))


class CardStyle(Frozen):
    safe: float
    band_height: float
    title_size: float
    icon_size: float
    effect_size: float
    panel_color: Hex
    ink: Hex
    limit_number_size: float
    back_pattern_color: Hex
    gold: Hex = "#c9a227"  # the Venetian gilt: inner frame, corner quatrefoils
    arch_fill: Hex = "#efe2c4"  # the Gothic window the icon sits in


class BoardStyle(Frozen):
    width: float = Field(gt=100)
    height: float = Field(gt=100)
    track_band: float
    map_x: float
    map_y: float
    panel_x: float
    panel_w: float
    frame_color: Hex
    track_color: Hex
    track_alt_color: Hex
    track_ink: Hex
    panel_color: Hex
    ink: Hex
    district_stroke: Hex
    plaque_color: Hex
    plaque_w: float
    plaque_h: float
    name_size: float
    prestige_colors: tuple[Hex, Hex, Hex]
    bridge_site_fill: Hex
    bridge_site_stroke: Hex
    bridge_site_width: float
    bridge_site_overhang: float
    title_size: float
    cuts_x: tuple[float, ...] = Field(default=(), description="board mm where a tiled board is cut; a plaque "
                                      "shrinks (down to half size) rather than reach across one")


class PiecesStyle(Frozen):
    page_w: float
    page_h: float
    bridge_w: float
    bridge_l: float
    bridge_color: Hex
    doge_w: float
    doge_h: float
    doge_base: float
    doge_color: Hex
    sundial_d: float
    sundial_color: Hex


class AidStyle(Frozen):
    page_w: float
    page_h: float
    margin: float
    gutter: float
    head_size: float
    body_size: float
    title_size: float
    head_color: Hex
    house_color: Hex


class SanMarcoStyle(Frozen):
    card: CardStyle
    board: BoardStyle
    pieces: PiecesStyle
    aid: AidStyle
    # mm kept around a sheet's page where the paper is smaller than the page (A5): the printer's 5 mm and air
    paper_margin: float = Field(ge=0, le=50)
