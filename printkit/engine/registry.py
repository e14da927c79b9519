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
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from printkit.engine.components import BuildOptions, Component
    from printkit.engine.exporters import Exporter

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
class Ruling:
    """A rule of a game that may be read more than one way, offered by ``printkit check`` (and by
    ``printkit scan`` for a game that scans) as ``--<name with hyphens>``.

    ``None`` means "not given": the checker then accepts what is possible under any of the ``choices``.
    """

    name: str
    help: str
    choices: tuple[str, ...]

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def refusal(self, value: str | None) -> str | None:
        """What is wrong with ``value`` (a choice not offered), or None."""
        if value is None or value in self.choices:
            return None
        return f"{self.flag} must be one of: {', '.join(self.choices)}"


@dataclass(frozen=True)
class Checker:
    """What ``printkit check`` calls for a file of the game.

    ``run``: ``"module:function"`` taking the parsed :class:`~printkit.engine.source.Document`, the report
    language and the rulings picked (``{"solo_passive": "none"}``), and returning a
    :class:`~printkit.engine.checking.CheckOutcome`.  ``languages``: what it reports in (``printkit check
    --lang`` offers those every checker speaks).  A file is the game's when its ``game:`` key names the
    game's id or an alias; ``recognises``, if given, is ``"module:function"`` taking a file's parsed data
    and saying whether a file with no ``game:`` key is the game's.
    """

    run: str
    languages: tuple[str, ...]
    rulings: tuple[Ruling, ...] = ()
    recognises: str | None = None


@dataclass(frozen=True)
class Scanner:
    """What ``printkit scan`` calls to read photographed or scanned sheets of the game.

    ``run``: ``"module:function"`` taking a :class:`~printkit.engine.scanning.ScanRequest`; it prints its
    report and returns the exit code.  ``options``: flags of its own (``--players``), shown by ``printkit
    scan``; the game's checker's rulings are offered there too.  ``answer``: ``"module:function"`` doing what
    ``run`` does without printing, returning a :class:`~printkit.engine.scanning.ScanAnswer` (what ``printkit
    serve`` answers); ``start_worker``: ``"module:function"`` readying a process that will read many images.
    """

    run: str
    options: tuple[Option, ...] = ()
    answer: str | None = None
    start_worker: str | None = None


@dataclass(frozen=True)
class Facts:
    """What a game's data says about it: who can play it, which languages its texts exist in."""

    players: tuple[int, int]
    languages: tuple[str, ...]
    check_languages: tuple[str, ...] = ()  # what `printkit check` reports in, if not every language
    glossary: tuple[str, ...] = ()  # Chinese words of the game never split across lines


@cache  # `check` asks once per file it reads; importing an imported module still costs a few microseconds
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
    ``checker`` and ``scanner``: what ``printkit check`` and ``printkit scan`` call for the game.
    ``titles`` and ``languages`` (of the printed texts, ``printkit build --lang``) are declared here, not
    read from data, so ``--help`` and ``printkit games`` start without parsing any game file (a test holds
    them to the data).  ``files_only``: not a bundled kit, only a format for the user's own files (the
    generic deck).  ``sizes``: ``"module:function"`` giving the named card sizes its files may use.
    ``exporters``: output formats of its own, written beside its components' PDFs.
    """

    id: str
    titles: Mapping[str, str]  # by language; "en" always; shown by `printkit games` and in option help
    kit: str
    facts_from: str
    components: tuple[tuple[str, str], ...] = ()  # (component, what it is), for `printkit games`
    aliases: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    languages: tuple[str, ...] = ("en",)
    schema: str | None = None
    checker: Checker | None = None
    scanner: Scanner | None = None
    files_only: bool = False
    sizes: str | None = None
    exporters: tuple[str, ...] = ()  # "module:NAME" of each Exporter of its own (printkit.engine.exporters)
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
        return _resolve(self.checker.run)(*args, **kwargs)

    def own_exporters(self) -> tuple[Exporter, ...]:
        """The output formats the game adds to the engine's, for its own components."""
        return tuple(_resolve(ref) for ref in self.exporters)  # type: ignore[misc]

    def recognises(self, data: object) -> bool:
        """Whether a file with no ``game:`` key is this game's, by its checker's own test."""
        if self.checker is None or self.checker.recognises is None:
            return False
        return bool(_resolve(self.checker.recognises)(data))

    def scan(self, request: Any) -> int:
        if self.scanner is None:
            raise LookupError(f"{self.id} has no scanner")
        code: int = _resolve(self.scanner.run)(request)
        return code

    def answer_scan(self, request: Any) -> Any:
        """What :meth:`scan` prints, as a :class:`~printkit.engine.scanning.ScanAnswer`, nothing printed."""
        if self.scanner is None or self.scanner.answer is None:
            raise LookupError(f"{self.id} answers no scan")
        return _resolve(self.scanner.answer)(request)

    def start_scan_worker(self) -> None:
        if self.scanner is not None and self.scanner.start_worker is not None:
            _resolve(self.scanner.start_worker)()


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


def named_sizes() -> dict[str, dict[str, Any]]:
    """The named card sizes a user's definition file may use (``printkit sizes``)."""
    game = game_for_files()
    sizes: dict[str, dict[str, Any]] = _resolve(game.sizes)() if game.sizes else {}
    return sizes


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


def scanners() -> tuple[Game, ...]:
    """The games ``printkit scan`` can read."""
    return tuple(g for g in all_games() if g.scanner)


def served() -> tuple[Game, ...]:
    """The games ``printkit serve`` reads photos of: those whose scanner answers without printing."""
    return tuple(g for g in scanners() if g.scanner and g.scanner.answer)


def all_languages() -> tuple[str, ...]:
    """Every language some game prints in, in package order (``printkit build --lang``)."""
    return tuple(dict.fromkeys(lang for g in all_games() for lang in g.languages))


def check_languages() -> tuple[str, ...]:
    """The report languages any checker speaks (``printkit check --lang``), in package order.  A file whose
    game does not speak the one asked for is refused by ``check_document``, naming that game's languages."""
    langs: list[str] = []
    for game in checkers():
        have = game.checker.languages  # type: ignore[union-attr]
        langs += [lang for lang in have if lang not in langs]
    return tuple(langs or ("en",))


Declared = Option | Ruling
D = TypeVar("D", Option, Ruling)


def _merged(declared: list[tuple[Game, D]]) -> dict[str, tuple[D, tuple[Game, ...]]]:
    """Declarations by name, with the games that declare each; two games may share a name only
    declaring the same kind of value."""
    merged: dict[str, tuple[D, tuple[Game, ...]]] = {}
    for game, item in declared:
        if item.name in merged:
            first, users = merged[item.name]
            if _kind(first) != _kind(item):
                raise RuntimeError(f"--{item.name}: {users[0].id} declares {_kind(first)}, "
                                   f"{game.id} declares {_kind(item)}")
            merged[item.name] = (first, (*users, game))
        else:
            merged[item.name] = (item, (game,))
    return merged


def _kind(item: Declared) -> str:
    if isinstance(item, Ruling):
        return "one of " + ", ".join(item.choices)
    return item.type.__name__


def all_options() -> dict[str, tuple[Option, tuple[Game, ...]]]:
    """Every game option by name, with the games that read it (in package order)."""
    return _merged([(g, o) for g in all_games() for o in g.options])


def all_rulings() -> dict[str, tuple[Ruling, tuple[Game, ...]]]:
    """Every checker's rulings by name, with the games that read them (``printkit check``)."""
    return _merged([(g, r) for g in checkers() for r in g.checker.rulings])  # type: ignore[union-attr]


def scan_options() -> dict[str, tuple[Option, tuple[Game, ...]]]:
    """Every scanner's own options by name, with the games that read them (``printkit scan``)."""
    return _merged([(g, o) for g in scanners() for o in g.scanner.options])  # type: ignore[union-attr]


def scan_rulings() -> dict[str, tuple[Ruling, tuple[Game, ...]]]:
    """The rulings of the games that scan (``printkit scan`` checks what it reads)."""
    return _merged([(g, r) for g in scanners() if g.checker for r in g.checker.rulings])
