"""The Istanbul rules booklet and kit notes, from ``data/rules/<lang>.yaml`` filled with the game's numbers.

Pure: the kit hands in the loaded game and the rule texts; the engine's :mod:`printkit.engine.rulebook`
flows them.  A bilingual build (``en+zh-TW``) prints each language's rules in turn, English first.
"""

from __future__ import annotations

from collections.abc import Mapping

from printkit.engine.booklet import booklet, booklet_page_size
from printkit.engine.components import SheetComponent
from printkit.engine.elements import Element, Icon
from printkit.engine.paper import paper_dimensions
from printkit.engine.rulebook import Block, PageStyle, RuleTexts, booklet_pages, filled, sheet_pages
from printkit.games.istanbul.layout.language import Words
from printkit.games.istanbul.model import Istanbul, Style

BOOK_STYLE = PageStyle(margin=12.0, size=8.5, head=11.0, accent="#7a2e1f")  # A5 booklet pages
SHEET_STYLE = PageStyle(margin=14.0, size=9.0, head=11.5, accent="#7a2e1f")  # the notes page, A4/Letter


def values(game: Istanbul, rules: RuleTexts, lang: str) -> dict[str, object]:
    """Every number and name the texts use, from the data, worded in ``lang``."""
    st, tr = game.setup, game.tracks
    sep = rules.texts["list_separator"]
    words = Words(game.texts, lang)

    item = rules.texts["item"]
    kit = [item.format(count=c.count, name=c.name.get(lang)) for c in game.pieces.components if c.printed != "box"]
    box = [item.format(count=c.count, name=c.name.get(lang)) for c in game.pieces.components if c.printed == "box"]
    places = [f"{p.number} {p.name.get(lang)}{words.colon}{p.action.get(lang)}"
              for p in sorted(game.places.places, key=lambda p: p.number)]
    bands = [f"{b.from_}–{b.to}{words.colon}{b.jewelry}" for b in tr.black_market.dice]
    two, most = st.for_players(st.players.min), st.for_players(st.players.max)
    sizes = [(value.name, f"{value.size:g}" if hasattr(value, "size") else f"{value.width:g} × {value.height:g}")
             for _, value in game.pieces.sizes if value.provenance == "house"]
    house = [f"{name.get(lang)} {dims} mm" for name, dims in sizes]
    return {
        "players_min": st.players.min, "players_max": st.players.max,
        "target": most.ruby_target, "target_2": two.ruby_target,
        "start_lira": sep.join(str(n) for n in st.starting_lira), "start_bonus": st.start_bonus_cards,
        "assistants_stack": st.start.assistants_in_stack, "assistants_total": st.start.assistants_in_stack + 1,
        "fountain": game.place(st.start.merchant_place).name.get(lang),
        "police": game.place(st.start.family_place).name.get(lang),
        "meeting_fee": st.meeting_fee, "neutral_fee": st.neutral_fee,
        "neutral_places": sep.join(game.place(n).name.get(lang) for n in two.neutral_merchants),
        "mosque_2": sep.join(map(str, two.mosque_tiles)),
        "capacity_start": tr.wainwright.capacity_start,
        "capacity_max": tr.wainwright.capacity_start + tr.wainwright.extensions_to_max,
        "tea_min": tr.tea_house.call_min, "tea_max": tr.tea_house.call_max,
        "tea_otherwise": tr.tea_house.otherwise_lira, "black_market": sep.join(bands),
        "kit_list": "\n".join(kit), "box_list": "\n".join(box) or rules.texts["nothing_else"],
        "place_list": "\n".join(places),
        "house_sizes": words.label("house_values") + words.colon + sep.join(house),
    }


def _blocks(game: Istanbul, rules: Mapping[str, RuleTexts], key: str) -> tuple[Block, ...]:
    """Each language's blocks in turn, under its own title when there are two."""
    out: list[Block] = []
    for lang, texts in rules.items():
        if len(rules) > 1:
            out.append(Block("head", f"{game.texts.texts['title'].get(lang)} — {texts.texts['booklet_title']}"))
        out += filled(texts.blocks[key], values(game, texts, lang))
    return tuple(out)


def rules_booklet(game: Istanbul, words: Words, rules: Mapping[str, RuleTexts], paper: str,
                  style: Style) -> SheetComponent:
    first_lang, first = next(iter(rules.items()))
    w, h = booklet_page_size(paper)
    scale = min(w / 148.5, h / 210.0)
    art: list[Element] = [Icon(style.place_icons.get("sultans_palace", "ist-ruby"), w / 2 - 20 * scale, h * 0.14,
                               40 * scale, 40 * scale, color=BOOK_STYLE.accent)]
    subtitle = " / ".join(r.texts["booklet_title"] for r in rules.values())
    note = first.texts["cover_note"].format_map(values(game, first, first_lang))
    pages = booklet_pages("istanbul rules", words.label("title"), subtitle, note, _blocks(game, rules, "booklet"),
                          w, h, BOOK_STYLE, words.langs[-1], game.glossary, art)
    return booklet("rules-booklet", f"{words.label('title')} — {subtitle}", pages)


def notes_page(game: Istanbul, words: Words, rules: Mapping[str, RuleTexts], paper: str) -> SheetComponent:
    pw, ph = paper_dimensions(paper)
    w, h = min(pw, ph), max(pw, ph)
    title = " / ".join(r.texts["notes_title"] for r in rules.values())
    pages = sheet_pages("istanbul notes", f"{words.label('title')} — {title}", _blocks(game, rules, "notes"), w, h,
                        SHEET_STYLE, words.langs[-1], columns=1, glossary=game.glossary)
    return SheetComponent("kit-notes", title, pages)
