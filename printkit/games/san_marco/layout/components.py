"""San Marco's kit as components: the decks, the board, the pieces, the sheets and the rules.

Everything under :mod:`printkit.games.san_marco.layout` is geometry built from the definition, the texts
and the style; :mod:`printkit.games.san_marco.kit` loads those files (or generates a variant) and hands
plain data to :func:`build`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from printkit.engine.booklet import booklet, booklet_page_size, plain_pages
from printkit.engine.components import BoardComponent, CardComponent, Component, SheetComponent
from printkit.engine.errors import InputError
from printkit.engine.paper import paper_dimensions
from printkit.engine.rulebook import Block
from printkit.games.san_marco.layout.aid import player_aid
from printkit.games.san_marco.layout.board import board, keep_whole
from printkit.games.san_marco.layout.cards import DeckTemplates, decks
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.layout.notes import notes_pages
from printkit.games.san_marco.layout.pieces import pieces_sheets
from printkit.games.san_marco.layout.rules_booklet import plain_rules_pages, rules_pages, setup_sheet
from printkit.games.san_marco.layout.table import table_sheet
from printkit.games.san_marco.layout.variant_sheet import variant_sheet
from printkit.games.san_marco.model.game import Lang, SanMarcoDefinition
from printkit.games.san_marco.model.printing import SanMarcoStyle, SanMarcoTexts


def choose_lang(requested: str, texts: SanMarcoTexts) -> Lang:
    """``requested`` if San Marco's texts are written in it, else an :class:`InputError`."""
    have = texts.languages()
    if requested not in have:
        raise InputError.single(f"San Marco has texts in {', '.join(have)}; --lang {requested} is not available")
    return cast(Lang, requested)


def build(game: SanMarcoDefinition, texts: SanMarcoTexts, style: SanMarcoStyle, lang: Lang,
          templates: DeckTemplates, players: int | None = None, classic: SanMarcoDefinition | None = None,
          paper: str = "a4", notes_lead: Sequence[Block] = ()) -> list[Component]:
    """Every component of the kit; the decks are drawn by their templates.

    ``classic`` is the published game a variant is compared with (its differences are listed);
    ``paper`` sets the booklet's page size (A5 on A4, half-letter on Letter, A4 on A3); ``notes_lead``:
    where the rules come from, the kit notes' opening.
    """
    n_players = game.rules.default_players if players is None else players
    kit = KitContext(game, texts, style, lang, classic, paper_dimensions(paper))
    action_fronts, action_back, limit_fronts, limit_back = decks(game, style, templates, lang)
    out: list[Component] = [
        CardComponent("action-cards", kit.deck_title("action_cards"), action_fronts, (action_back,)),
        CardComponent("limit-cards", kit.deck_title("limit_cards"), limit_fronts, (limit_back,)),
        BoardComponent("board", game.title.get(lang), board(kit), keep_whole=keep_whole(kit)),
        SheetComponent("pieces", game.title.get(lang), pieces_sheets(kit, n_players), kind="sheets"),
        SheetComponent("setup-sheet", kit.t("need_head"), (setup_sheet(kit, n_players), table_sheet(kit, n_players))),
        SheetComponent("player-aids", texts.get("aid_title", lang),
                       tuple(player_aid(kit, i, n_players) for i in range(n_players)), per_page=2),
    ]
    out += [booklet("rules-booklet", kit.t("book_title"), rules_pages(kit, *booklet_page_size(paper))),
            plain_pages("rules", kit.t("book_title"), plain_rules_pages(kit, *paper_dimensions(paper))),
            SheetComponent("kit-notes", kit.t("notes_title", title=game.title.get(lang)),
                           notes_pages(kit, notes_lead))]
    if game.variant is not None:
        out.append(SheetComponent("variant-rules", kit.t("var_title", players=game.variant.players,
                                                        districts=game.variant.districts), variant_sheet(kit)))
    return out
