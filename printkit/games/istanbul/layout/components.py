"""Every Istanbul component, assembled from the card fields, the templates and the sheet layouts.

Pure: the kit hands in the loaded game, style and templates; nothing here reads a file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.engine.components import CardComponent, Component, SheetComponent, shared_sheets
from printkit.engine.elements import Piece
from printkit.engine.rulebook import RuleTexts
from printkit.engine.template.evaluate import render_template
from printkit.engine.template.files import CardTemplate
from printkit.games.istanbul.layout import pieces, rulebook
from printkit.games.istanbul.layout.dice import die_net
from printkit.games.istanbul.layout.language import Words
from printkit.games.istanbul.layout.places import place_fields
from printkit.games.istanbul.layout.sheets import layout_sheet, setup_sheet
from printkit.games.istanbul.layout.table import table_picture
from printkit.games.istanbul.model import Istanbul, Style
from printkit.games.istanbul.rules import grid

TEMPLATES = ("place", "mosque-tile", "demand-tile", "bonus-card", "bonus-back", "wheelbarrow", "extension", "token",
             "standee", "overview")
"""The templates (``templates/istanbul/<name>.yaml``) the kit needs."""
DIE_TAB = 5.0  # mm glue tabs on a die net: wide enough to glue, narrow enough to fold inside a 16 mm cube


PACK_MIN_SIDE = 200.0  # mm: a paper whose short side is at least this (A4, Letter, A3) takes two layouts a sheet


def pack_page(paper: tuple[float, float] | None) -> tuple[float, float] | None:
    """The page of one layout in a pack: half the paper (turned portrait), or the paper itself when it is small."""
    if paper is None:
        paper = (210.0, 297.0)
    short, long_ = min(paper), max(paper)
    return (long_ / 2, short) if short >= PACK_MIN_SIDE else paper


def build(game: Istanbul, words: Words, style: Style, templates: Mapping[str, CardTemplate],
          layouts: list[grid.Layout], players: int | None,
          paper: tuple[float, float] | None = None, rules: Mapping[str, RuleTexts] | None = None,
          paper_name: str = "a4") -> list[Component]:
    scope_style = style.model_dump()
    sizes = game.pieces.sizes

    def draw(name: str, fields: list[dict[str, Any]], w: float, h: float, what: str) -> tuple[Piece, ...]:
        return tuple(render_template(templates[name], {"card": f, "style": scope_style, "lang": words.mode}, w, h,
                                     f"{what} {i + 1}") for i, f in enumerate(fields))

    title = words.label("title", sep=" · ")
    size = sizes.place.size
    places = place_fields(game, words, players, style.place_colors, style.place_icons)
    out: list[Component] = [CardComponent("place-cards", title, draw("place", places, size, size, "place"),
                                          None, "tiles")]
    record = {"layouts": [grid.describe(game.layouts, lay) for lay in layouts]}
    if len(layouts) == 1:
        pages = tuple(layout_sheet(game, lay, words, style, players, paper) for lay in layouts)
        out.append(SheetComponent("layout", words.label("layout"), pages, record=record))
    else:
        # a pack: two layouts side by side on each sheet, each laid out on half the paper (A5 on A4)
        half = pack_page(paper)
        pages = tuple(layout_sheet(game, lay, words, style, players, half) for lay in layouts)
        out.append(SheetComponent("layout-pack", words.label("layout"), pages, per_page=2 if half != paper else 1,
                                  cut=True, record=record))
    out.append(SheetComponent("setup", words.label("setup_sheet"),
                              (table_picture(game, words, style, players, paper),
                               *setup_sheet(game, words, style, players, paper))))
    mt, dt = sizes.mosque_tile.size, sizes.demand_tile.size
    out.append(CardComponent("mosque-tiles", title, draw("mosque-tile", pieces.mosque_tiles(game, words, players),
                                                         mt, mt, "mosque tile"), None, "tiles"))
    out.append(CardComponent("demand-tiles", title, draw("demand-tile", pieces.demand_tiles(game, words), dt, dt,
                                                         "demand tile"), None, "tiles"))
    bc = sizes.bonus_card
    bonus = pieces.bonus_cards(game, words, style.bonus_icons)
    back = draw("bonus-back", [{"title": words.label("bonus", sep="\n")}], bc.width, bc.height, "bonus back")
    out.append(CardComponent("bonus-cards", title, draw("bonus-card", bonus, bc.width, bc.height, "bonus card"),
                             back))
    wb, ex = sizes.wheelbarrow, sizes.extension
    out.append(CardComponent("wheelbarrows", title, draw("wheelbarrow", pieces.wheelbarrows(game, words, players),
                                                         wb.width, wb.height, "wheelbarrow"), None, "boards"))
    out.append(CardComponent("extensions", title, draw("extension", pieces.extensions(game, words, players),
                                                       ex.width, ex.height, "extension"), None, "tiles"))
    tk, st = sizes.token.size, sizes.small_token.size
    # the small tokens go in the room the large ones leave on their sheet, not on a sheet of their own
    out.append(shared_sheets("tokens", title, (
        CardComponent("tokens", title, draw("token", pieces.tokens(game, words, players), tk, tk, "token"),
                      None, "tokens"),
        CardComponent("small-tokens", title, draw("token", pieces.small_tokens(game, words, players), st, st,
                                                  "small token"), None, "tokens"),
    )))
    sd = sizes.standee
    out.append(CardComponent("standees", title, draw("standee", pieces.standees(game, words, players), sd.width,
                                                     sd.height, "standee"), None, "standees"))
    die = sizes.die.size
    nets = tuple(die_net(f"die {k + 1}", die, DIE_TAB, "#fbf5e6", "#2b2118")
                 for k in range(game.pieces.component("dice").count))
    out.append(CardComponent("dice", title, nets, None, "dice"))
    # Overview cards, two to a page.  Bilingual, they are printed like the bilingual edition's: one language on
    # each side (English front, Chinese back), since both on one side would not be legible at this size.
    ov = sizes.overview
    sides = [Words(game.texts, lang) for lang in words.langs]
    faces = [draw("overview", pieces.overviews(game, side, players), ov.width, ov.height, "overview")
             for side in sides]
    out.append(CardComponent("overview-cards", words.label("overview"), faces[0],
                             faces[1] if len(faces) > 1 else None, "cards"))
    if rules:
        out.append(rulebook.rules_booklet(game, words, rules, paper_name, style))
        out.append(rulebook.notes_page(game, words, rules, paper_name))
    return out
