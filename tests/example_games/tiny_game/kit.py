"""The tiny game's kit: read its data, say what each card shows, let the templates draw them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.engine.components import BuildOptions, CardComponent, Component
from printkit.engine.registry import Facts
from printkit.engine.source import load_document
from printkit.engine.template.evaluate import render_template
from printkit.engine.template.files import SearchPath, load_template

DATA = Path(__file__).parent / "data" / "game.yaml"
TEMPLATES = Path(__file__).parent / "templates"


def _data() -> dict[str, Any]:
    data: dict[str, Any] = load_document(DATA).data
    return data


def facts() -> Facts:
    data = _data()
    return Facts(players=(data["players"]["min"], data["players"]["max"]), languages=tuple(data["names"]))


def components(options: BuildOptions) -> list[Component]:
    data = _data()
    lang = options.lang
    search = SearchPath(user=options.templates, game="tiny-game", game_dir=TEMPLATES)
    front = load_template(search.find("card", generic=False), search)
    back = load_template(search.find("back", generic=False), search)
    size = data["card_size"]["width"], data["card_size"]["height"]
    cards = [{"name": c["name"][lang], "points": c["points"], "color": c["color"]}
             for c in data["cards"] for _ in range(c["qty"])]
    blanks = int(options.extra.get("blanks") or 0)  # type: ignore[call-overload]
    cards += [{"name": data["blank"]["name"][lang], "points": "", "color": data["blank"]["color"]}] * blanks
    fronts = tuple(render_template(front, {"card": c}, *size, f"tiny card {c['name']}") for c in cards)
    backs = (render_template(back, {"card": {"title": data["names"][lang]}}, *size, "tiny back"),)
    return [CardComponent("cards", data["names"][lang], fronts, backs)]
