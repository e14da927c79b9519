"""The bundled games: what each is called, what it prints, and which function lays it out.

A game's kit function (in :mod:`printkit.kits`) takes :class:`~printkit.layout.components.BuildOptions` and
returns components; the engine renders and writes them.  Builders are named as
``"module:function"`` and imported only when that game is built, so ``printkit games``
stays fast.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from printkit.layout.components import BuildOptions, Component


@dataclass(frozen=True)
class GameEntry:
    id: str
    title: str
    title_zh: str
    components: tuple[str, ...]  # one line each, for `printkit games`
    builder: str  # "package.module:function"
    aliases: tuple[str, ...] = ()
    players: tuple[int, int] = (1, 4)
    options: tuple[str, ...] = ()  # game options it reads from BuildOptions.extra
    schema: str | None = None  # a definition file with `schema: <this>/<version>` is built by this game
    languages: tuple[str, ...] = ("en",)  # what its printed texts exist in

    def build(self, options: BuildOptions) -> list[Component]:
        module, _, func = self.builder.partition(":")
        fn: Callable[[BuildOptions], list[Component]] = getattr(importlib.import_module(module), func)
        return fn(options)


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        id="ganz-schon-clever",
        title="Ganz schön clever",
        title_zh="絕頂聰明",
        components=(
            "score-sheets: a pad of score sheets (--count, 1 or 2 per page)",
            "solo-page: solo rules summary and rating table",
            "score-sheet-boxes: every box's position, for scanners (JSON)",
        ),
        builder="printkit.kits.ganz_schon_clever:components",
        aliases=("clever", "gsc"),
        players=(1, 4),
        options=("count", "per_page", "ink_saver"),
        languages=("en", "zh-TW", "de"),
    ),
    GameEntry(
        id="san-marco",
        title="San Marco",
        title_zh="聖馬可",
        components=(
            "action-cards: the action deck", "limit-cards: the limit deck", "board: the Venice board",
            "pieces: bridges, Doge, sundial marker", "player-aids: one per player",
            "variant-rules: roles, cards and die of a generated variant (--districts)",
            "definition: the variant's YAML, to edit and rebuild with `printkit build FILE.yaml`",
        ),
        builder="printkit.kits.san_marco:components",
        players=(3, 6),
        options=("districts", "ranks", "style"),
        schema="printkit/san-marco",
        languages=("en", "zh-TW"),
    ),
)


def game_for_schema(schema: object) -> GameEntry | None:
    """The game whose definition files declare ``schema: <game schema>/<version>``."""
    if not isinstance(schema, str):
        return None
    for game in GAMES:
        if game.schema and schema.split("/")[:-1] == game.schema.split("/"):
            return game
    return None


def known_schemas() -> list[str]:
    return [f"{g.schema}/1" for g in GAMES if g.schema]


def find_game(name: str) -> GameEntry | None:
    key = name.lower()
    for game in GAMES:
        if key == game.id or key in game.aliases:
            return game
    return None
