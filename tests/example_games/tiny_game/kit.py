"""The tiny game's kit: read its data, say what each card shows, let the templates draw them."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from printkit.engine.components import BuildOptions, CardComponent, Component
from printkit.engine.exporters import Exporter, Rendition
from printkit.engine.outputs import PlannedFile
from printkit.engine.registry import Facts
from printkit.engine.source import load_document
from printkit.engine.template.evaluate import CardRenderer
from printkit.engine.template.files import SearchPath, load_template

DATA = Path(__file__).parent / "data" / "game.yaml"
TEMPLATES = Path(__file__).parent / "templates"


@cache
def data() -> dict[str, Any]:
    loaded: dict[str, Any] = load_document(DATA).data
    return loaded


def facts() -> Facts:
    d = data()
    return Facts(players=(d["players"]["min"], d["players"]["max"]), languages=tuple(d["names"]),
                 check_languages=tuple(d["report"]))


def components(options: BuildOptions) -> list[Component]:
    d = data()
    lang = options.lang
    search = SearchPath(user=options.templates, game="tiny-game", game_dir=TEMPLATES)
    size = d["card_size"]["width"], d["card_size"]["height"]
    # One renderer per template: what every card shares is worked out once, not once per card.
    front = CardRenderer(load_template(search.find("card", generic=False), search), {}, *size)
    back = CardRenderer(load_template(search.find("back", generic=False), search), {}, *size)
    cards = [{"name": c["name"][lang], "points": c["points"], "color": c["color"]}
             for c in d["cards"] for _ in range(c["qty"])]
    blanks = int(options.extra.get("blanks") or 0)  # type: ignore[call-overload]
    cards += [{"name": d["blank"]["name"][lang], "points": "", "color": d["blank"]["color"]}] * blanks
    fronts = tuple(front.render({"card": c}, c["name"]) for c in cards)
    backs = (back.render({"card": {"title": d["names"][lang]}}, "back"),)
    return [CardComponent("cards", d["names"][lang], fronts, backs)]


def _card_list(r: Rendition) -> list[PlannedFile]:
    """The deck's cards, one name a line: a checklist for sorting the printed cards."""
    text = "".join(f"{piece.name}\n" for piece in r.component.fronts)
    data = text.encode("utf-8")
    path = f"{r.folder}/{r.stem}-{r.request.options.lang}.txt"
    return [PlannedFile(path, data, r.entry(path, "card list", 1, data))]


CARD_LIST = Exporter("a card list to sort the printed cards by", lambda q, c: isinstance(c, CardComponent),
                     _card_list)
