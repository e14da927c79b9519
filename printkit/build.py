"""One build: resolve what to build, lay it out, render it, and write it with a manifest.

The CLI turns flags into a :class:`BuildRequest` and prints the :class:`BuildReport`;
everything in between happens here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from printkit.catalog import GAMES, GameEntry, find_game, game_for_schema
from printkit.definitions.source import load_document
from printkit.errors import InputError
from printkit.layout.components import BuildOptions, Component, Edition, TextFile
from printkit.layout.paper import PrintSettings
from printkit.outputs import ManifestEntry, PlannedFile, WriteResult, sha256, write_all
from printkit.render.pdf import Rendered, render
from printkit.render.preview import overview_png, page_pngs

Progress = Callable[[str], None]


@dataclass(frozen=True)
class Target:
    """A bundled game, or a user's own definition file."""

    id: str
    game: GameEntry | None = None
    file: Path | None = None


@dataclass(frozen=True)
class BuildRequest:
    targets: tuple[str, ...] = ()
    options: BuildOptions = field(default_factory=BuildOptions)
    settings: PrintSettings = field(default_factory=PrintSettings)
    png: bool = False
    templates: Path | None = None


@dataclass
class BuildReport:
    files: list[WriteResult]
    warnings: list[str]


def resolve_targets(names: tuple[str, ...]) -> list[Target]:
    """Bundled game ids/aliases or paths to definition files; none means every bundled game."""
    if not names:
        return [Target(g.id, game=g) for g in GAMES]
    targets = []
    for name in names:
        game = find_game(name)
        if game is not None:
            targets.append(Target(game.id, game=game))
            continue
        path = Path(name)
        if path.suffix.lower() in (".yaml", ".yml", ".json") or path.exists():
            if not path.is_file():
                raise InputError.single("definition file not found", path)
            game = game_for_schema(_declared_schema(path))
            targets.append(Target(game.id if game else _slug(path.stem), game=game, file=path))
            continue
        known = ", ".join(g.id for g in GAMES)
        raise InputError.single(f"unknown game {name!r}; bundled games: {known} (or give a .yaml definition file)")
    return targets


def _declared_schema(path: Path) -> object:
    """The top-level ``schema:`` of a definition file, if it has one (a game's own format)."""
    doc = load_document(path)
    return doc.data.get("schema") if isinstance(doc.data, dict) else None


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "deck"


def components_for(target: Target, request: BuildRequest) -> list[Component]:
    if target.game is not None:
        lo, hi = target.game.players
        players = request.options.players
        if players is not None and not lo <= players <= hi:
            raise InputError.single(f"{target.game.title} is for {lo} to {hi} players; --players was {players}")
        options = request.options
        if target.file is not None:
            options = replace(options, extra={**options.extra, "definition": str(target.file)})
        return target.game.build(options)
    from printkit.definitions.deck import load_deck
    from printkit.layout.deck import deck_components

    assert target.file is not None
    return deck_components(load_deck(target.file), request.options, request.templates)


def plan(request: BuildRequest, progress: Progress | None = None) -> tuple[list[PlannedFile], list[str]]:
    """Lay out and render everything in memory; nothing touches the output folder yet."""
    planned: list[PlannedFile] = []
    warnings: list[str] = []
    opts, settings = request.options, request.settings
    for target in resolve_targets(request.targets):
        if progress:
            progress(f"{target.id}: laying out")
        samples: list[tuple[str, bytes]] = []
        components = components_for(target, request)
        editions = [c.id for c in components if isinstance(c, Edition)]
        folder = "/".join([target.id, *editions[:1]])
        for comp in components:
            if isinstance(comp, Edition):
                continue
            if isinstance(comp, TextFile):
                data = comp.text.encode("utf-8")
                entry = ManifestEntry(f"{folder}/{comp.filename}", target.id, comp.name, comp.kind, 0, 0,
                                      settings.paper, opts.lang, opts.seed, sha256(data))
                planned.append(PlannedFile(entry.file, data, entry))
                continue
            if progress:
                progress(f"{target.id}: {comp.name}")
            rendered: Rendered = render(comp, settings, opts.lang)
            warnings.extend(f"{target.id}/{comp.name}: {w}" for w in rendered.warnings)
            if rendered.pages == 0:
                warnings.append(f"{target.id}/{comp.name}: nothing to print (0 {comp.kind}); no file written")
                continue
            stem = f"{folder}/{comp.name}-{opts.lang}-{settings.paper}"
            entry = ManifestEntry(f"{stem}.pdf", target.id, comp.name, comp.kind, rendered.pieces, rendered.pages,
                                  settings.paper, opts.lang, opts.seed, sha256(rendered.pdf))
            planned.append(PlannedFile(entry.file, rendered.pdf, entry))
            if rendered.pages:
                samples.append((comp.title, rendered.pdf))
            if request.png:
                for i, png in enumerate(page_pngs(rendered.pdf), start=1):
                    name = f"{folder}/png/{comp.name}-{opts.lang}-{settings.paper}-p{i:02d}.png"
                    planned.append(PlannedFile(name, png, ManifestEntry(
                        name, target.id, comp.name, "preview", rendered.pieces, 1, settings.paper, opts.lang,
                        opts.seed, sha256(png))))
        if samples:
            png = overview_png(samples)
            name = f"{folder}/overview-{opts.lang}-{settings.paper}.png"
            planned.append(PlannedFile(name, png, ManifestEntry(
                name, target.id, "overview", "preview", len(samples), 1, settings.paper, opts.lang, opts.seed,
                sha256(png))))
    return planned, warnings


def build(request: BuildRequest, out: Path, force: bool = False, progress: Progress | None = None) -> BuildReport:
    """Build the request into ``out``: all in memory first, then atomic writes."""
    planned, warnings = plan(request, progress)
    if progress:
        progress("writing files")
    return BuildReport(write_all(out, planned, force), warnings)
