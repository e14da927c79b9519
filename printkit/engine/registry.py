"""The games printkit knows, found by looking, never listed by hand.

Every package under :mod:`printkit.games` (and under each folder named in the ``PRINTKIT_GAME_PATH``
environment variable, for games kept outside printkit) declares one :class:`Game` as ``GAME`` in its
``__init__.py``.  The declaration is cheap to import: entry points are ``"module:function"`` strings,
imported only when that game is built or checked, and the facts that live in the game's data (its
titles, player range and languages) are read from there by :meth:`Game.facts` when first asked for.

Adding a game means adding a package; nothing here or in the CLI changes (docs/architecture.md).
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from printkit.engine.components import BuildOptions, Component

OptionType = type[int] | type[float] | type[str] | type[bool]


@dataclass(frozen=True)
class Option:
    """A game option, offered by ``printkit build`` as ``--<name with hyphens>``.

    Two games may declare the same option only with the same type; the CLI shows one flag whose
    help names both games.  ``None`` (or ``False`` for a flag) means "not given", so a game can
    tell its own default from a value the user chose.
    """

    name: str
    type: OptionType
    help: str
    min: float | None = None
    max: float | None = None
    choices: tuple[str, ...] = ()

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class Facts:
    """What a game's data says about it: who can play it, which languages its texts exist in."""

    players: tuple[int, int]
    languages: tuple[str, ...]
    check_languages: tuple[str, ...] = ()  # what `printkit check` reports in, if not every language
    glossary: tuple[str, ...] = ()  # Chinese words of the game never split across lines


def _resolve(ref: str) -> Callable[..., Any]:
    module, _, name = ref.partition(":")
    fn: Callable[..., Any] = getattr(importlib.import_module(module), name)
    return fn


@dataclass(frozen=True)
class Game:
    """One game's declaration (``GAME`` in its package's ``__init__.py``).

    ``kit``: ``"module:function"`` taking :class:`~printkit.engine.components.BuildOptions` and returning
    the components to print.  ``facts``: ``"module:function"`` returning :class:`Facts` from the game's
    data.  ``schema``: definition files declaring ``schema: <this>/<version>`` are built by this game.
    ``checker``: ``"module:function"`` that ``printkit check`` calls for a file with ``game: <id>``.
    ``titles`` are declared here, not read from data, so ``--help`` and ``printkit games`` start
    without parsing any game file.  ``files_only``: not a bundled kit, only a format for the user's
    own files (the generic deck).
    """

    id: str
    titles: Mapping[str, str]  # by language; "en" always; shown by `printkit games` and in option help
    kit: str
    facts_from: str
    components: tuple[tuple[str, str], ...] = ()  # (component, what it is), for `printkit games`
    aliases: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    schema: str | None = None
    checker: str | None = None
    files_only: bool = False
    json_schemas: tuple[tuple[str, str, str], ...] = ()  # (kind, what it describes, "module:function")
    package_dir: Path | None = field(default=None, compare=False)

    def title(self, lang: str = "en") -> str:
        return self.titles.get(lang) or self.titles["en"]

    def build(self, options: BuildOptions) -> list[Component]:
        components: list[Component] = _resolve(self.kit)(options)
        return components

    def facts(self) -> Facts:
        return _facts(self.facts_from, self.package_dir)

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)

    @property
    def templates_dir(self) -> Path:
        """Its own templates: ``templates/`` inside a package kept outside printkit, else
        ``templates/<id>/`` of printkit's bundled templates."""
        if self.package_dir is not None and (self.package_dir / "templates").is_dir():
            return self.package_dir / "templates"
        from printkit.engine.paths import templates_root

        return templates_root() / self.id

    def check(self, *args: Any, **kwargs: Any) -> Any:
        if self.checker is None:
            raise LookupError(f"{self.id} has no checker")
        return _resolve(self.checker)(*args, **kwargs)


@cache
def _facts(ref: str, package_dir: Path | None = None) -> Facts:
    """A game's facts, read from its data once and then remembered in the user's cache folder.

    The data stays the only place the facts are written: the remembered copy is keyed by the size and
    modification time of every file in the game's package, so editing any of them reads the data again.
    ``printkit games`` and ``--help`` then start without parsing a game file.
    """
    cached = _facts_cache_file(ref, package_dir)
    if cached is not None:
        try:
            raw = json.loads(cached.read_text(encoding="utf-8"))
            return Facts(players=tuple(raw["players"]), languages=tuple(raw["languages"]),  # type: ignore[arg-type]
                         check_languages=tuple(raw["check_languages"]), glossary=tuple(raw["glossary"]))
        except (OSError, ValueError, KeyError, TypeError):
            pass
    facts: Facts = _resolve(ref)()
    if cached is not None:
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"players": list(facts.players), "languages": list(facts.languages),
                                       "check_languages": list(facts.check_languages),
                                       "glossary": list(facts.glossary)}, ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, cached)
        except OSError:
            pass  # a read-only home: read the data each time
    return facts


def _cache_dir() -> Path | None:
    if os.environ.get("PRINTKIT_NO_CACHE"):
        return None
    base = os.environ.get("PRINTKIT_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    return Path(base) / "printkit" if base else Path.home() / ".cache" / "printkit"


def _facts_cache_file(ref: str, package_dir: Path | None) -> Path | None:
    folder = _cache_dir()
    if folder is None or package_dir is None:
        return None
    import hashlib  # here: loading OpenSSL is a noticeable part of `printkit --help`, which needs no facts

    digest = hashlib.sha256(ref.encode())
    try:
        for root, dirs, files in os.walk(package_dir):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                st = os.stat(os.path.join(root, name))
                digest.update(f"{root}/{name}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    except OSError:
        return None
    return folder / f"facts-{digest.hexdigest()[:32]}.json"


def _search_path() -> list[Path]:
    extra = os.environ.get("PRINTKIT_GAME_PATH", "")
    return [Path(p) for p in extra.split(os.pathsep) if p]


def _import_external(folder: Path, name: str) -> Any:
    """A game package kept outside printkit: imported under its own folder name."""
    if str(folder) not in sys.path:
        sys.path.append(str(folder))
    return importlib.import_module(name)


@cache
def _games(search: tuple[str, ...]) -> tuple[Game, ...]:
    import printkit.games as bundled

    found: list[Game] = []
    for info in sorted(pkgutil.iter_modules(bundled.__path__), key=lambda i: i.name):
        if info.ispkg:
            module = importlib.import_module(f"printkit.games.{info.name}")
            found.append(_declared(module, Path(module.__file__ or "").parent))
    for folder in map(Path, search):
        for info in sorted(pkgutil.iter_modules([str(folder)]), key=lambda i: i.name):
            if info.ispkg:
                module = _import_external(folder, info.name)
                found.append(_declared(module, folder / info.name))
    ids = [g.id for g in found]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise RuntimeError(f"two game packages declare the id {dupes[0]!r}")
    return tuple(found)


def _declared(module: Any, folder: Path) -> Game:
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise RuntimeError(f"game package {module.__name__} declares no GAME = Game(...)")
    return Game(**{**game.__dict__, "package_dir": folder})


def _search_key() -> tuple[str, ...]:
    if not os.environ.get("PRINTKIT_GAME_PATH"):
        return ()  # the usual case, asked for each file `check` reads: no paths to make
    return tuple(str(p) for p in _search_path())


def all_games() -> tuple[Game, ...]:
    """Every registered game, bundled ones and the user's (``PRINTKIT_GAME_PATH``), by package name."""
    return _games(_search_key())


def kits() -> tuple[Game, ...]:
    """The games ``printkit build`` with no arguments builds, and ``printkit games`` lists."""
    return tuple(g for g in all_games() if not g.files_only)


def find_game(name: str) -> Game | None:
    """A game by id or alias (case-insensitive)."""
    key = name.lower()
    for game in all_games():
        if key == game.id or key in game.aliases:
            return game
    return None


def game_for_schema(schema: object) -> Game | None:
    """The game whose definition files declare ``schema: <game schema>/<version>``."""
    if not isinstance(schema, str):
        return None
    for game in all_games():
        if game.schema and schema.split("/")[:-1] == game.schema.split("/"):
            return game
    return None


def game_for_files() -> Game:
    """The game that builds a definition file declaring no ``schema:`` (the generic deck)."""
    for game in all_games():
        if game.files_only and game.schema is None:
            return game
    raise RuntimeError("no game builds plain definition files")


def known_schemas() -> list[str]:
    return [f"{g.schema}/1" for g in all_games() if g.schema]


def json_schemas() -> dict[str, tuple[str, Callable[[], dict[str, Any]]]]:
    """``printkit schema KIND``: every kind a game declares, with what it describes and its maker."""
    out: dict[str, tuple[str, Callable[[], dict[str, Any]]]] = {}
    for game in all_games():
        for kind, what, ref in game.json_schemas:
            out[kind] = (what, lambda ref=ref: _resolve(ref)())
    return out


def checkers() -> tuple[Game, ...]:
    """The games ``printkit check`` can check."""
    return _checkers(_search_key())


@cache
def _checkers(search: tuple[str, ...]) -> tuple[Game, ...]:
    return tuple(g for g in _games(search) if g.checker)


def all_options() -> dict[str, tuple[Option, tuple[Game, ...]]]:
    """Every game option by name, with the games that read it (in package order)."""
    merged: dict[str, tuple[Option, tuple[Game, ...]]] = {}
    for game in all_games():
        for opt in game.options:
            if opt.name in merged:
                first, users = merged[opt.name]
                if first.type is not opt.type:
                    raise RuntimeError(f"--{opt.name}: {users[0].id} declares {first.type.__name__}, "
                                       f"{game.id} declares {opt.type.__name__}")
                merged[opt.name] = (first, (*users, game))
            else:
                merged[opt.name] = (opt, (game,))
    return merged
