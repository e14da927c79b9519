"""Istanbul's kit: load the data, style and templates, then hand plain values to the pure layouts."""

from __future__ import annotations

from printkit.engine.components import BuildOptions, CardComponent, Component, SheetComponent
from printkit.engine.elements import Piece
from printkit.engine.errors import InputError
from printkit.engine.registry import Facts
from printkit.engine.template.evaluate import render_template
from printkit.engine.template.files import SearchPath, load_template
from printkit.games.istanbul import definitions
from printkit.games.istanbul.layout import pieces
from printkit.games.istanbul.layout.language import MODES, Words
from printkit.games.istanbul.layout.places import place_fields
from printkit.games.istanbul.layout.sheets import layout_sheet, setup_sheet
from printkit.games.istanbul.model import Istanbul
from printkit.games.istanbul.rules import grid

GAME_ID = "istanbul"  # its templates' folder: templates/istanbul/


def facts() -> Facts:
    game = definitions.load()
    return Facts(players=(game.setup.players.min, game.setup.players.max), languages=MODES)


def choose_layouts(game: Istanbul, options: BuildOptions) -> list[grid.Layout]:
    """The layout(s) asked for; refuses option combinations that mean nothing."""
    extra = options.extra or {}
    kind = str(extra.get("layout") or ("random" if extra.get("layouts") else "short"))
    count = extra.get("layouts")
    apart_lines = bool(extra.get("apart_lines"))
    if kind not in {"random", *(f.id for f in game.layouts.fixed)}:
        raise InputError.single(f"--layout {kind}: choose short, long, in-order or random")
    if kind != "random" and count is not None:
        raise InputError.single(f"--layouts makes a pack of random layouts; --layout {kind} is a fixed layout")
    if kind != "random" and apart_lines:
        raise InputError.single(f"--apart-lines is a rule for random layouts; --layout {kind} is fixed")
    if kind != "random":
        return [grid.fixed_layout(game.layouts, kind)]
    if count is not None:
        try:
            return grid.layout_pack(game.layouts, int(str(count)), options.seed, apart_lines)
        except ValueError as exc:
            raise InputError.single(f"--layouts: {exc}") from None
    return [grid.random_layout(game.layouts, options.seed, apart_lines)]


def components(options: BuildOptions) -> list[Component]:
    game = definitions.load()
    if options.lang not in MODES:
        raise InputError.single(f"Istanbul prints in {', '.join(MODES)}; --lang {options.lang} is not available")
    players = options.players
    if players is not None and players not in game.player_counts:
        raise InputError.single(f"Istanbul is for {game.setup.players.min} to {game.setup.players.max} players; "
                                f"--players was {players}")
    layouts = choose_layouts(game, options)
    search = SearchPath(user=options.templates, game=GAME_ID)
    style = definitions.load_style(search)
    words = Words(game.texts, options.lang)
    scope_style = style.model_dump()
    size = game.pieces.sizes.place.size

    sizes = game.pieces.sizes

    def draw(name: str, fields: list[dict[str, object]], w: float, h: float, what: str) -> tuple[Piece, ...]:
        tpl = load_template(search.find(name, generic=False), search)
        return tuple(render_template(tpl, {"card": f, "style": scope_style, "lang": options.lang}, w, h,
                                     f"{what} {i + 1}") for i, f in enumerate(fields))

    title = words.label("title", sep=" · ")
    places = place_fields(game, words, players, style.place_colors, style.place_icons)
    out: list[Component] = [CardComponent("place-cards", title, draw("place", places, size, size, "place"),
                                          None, "tiles")]
    pages = tuple(layout_sheet(game, lay, words, style, players) for lay in layouts)
    record = {"layouts": [grid.describe(game.layouts, lay) for lay in layouts]}
    out.append(SheetComponent("layout" if len(layouts) == 1 else "layout-pack", words.label("layout"), pages,
                              record=record))
    out.append(SheetComponent("setup", words.label("setup_sheet"), (setup_sheet(game, words, style, players),)))
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
    tk = sizes.token.size
    out.append(CardComponent("tokens", title, draw("token", pieces.tokens(game, words, players), tk, tk, "token"),
                             None, "tokens"))
    sd = sizes.standee
    out.append(CardComponent("standees", title, draw("standee", pieces.standees(game, words), sd.width, sd.height,
                                                     "standee"), None, "standees"))
    ov = sizes.overview
    out.append(SheetComponent("overview-cards", words.label("overview"),
                              draw("overview", pieces.overviews(game, words, players), ov.width, ov.height,
                                   "overview"), per_page=2, cut=True))
    return out
