"""One build: resolve what to build, lay it out, render it, and write it with a manifest.

The CLI turns flags into a :class:`BuildRequest` and prints the :class:`BuildReport`;
everything in between happens here.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printkit.engine.components import (
    BoardComponent,
    BuildOptions,
    CardComponent,
    Component,
    Edition,
    SeedUsed,
    SheetComponent,
    TextFile,
    count_label,
)
from printkit.engine.elements import Piece, Text, bounds
from printkit.engine.errors import InputError, Problem
from printkit.engine.exporters import EXPORTERS, Rendition
from printkit.engine.imposition import Box
from printkit.engine.languages import canonical_tag
from printkit.engine.outputs import ManifestEntry, PlannedFile, WriteResult, read_manifest, sha256, write_all
from printkit.engine.paper import PrintSettings, paper_dimensions
from printkit.engine.paths import icon_dirs
from printkit.engine.preflight import Finding, ReadBack, check_log, read_back
from printkit.engine.preflight.layout_checks import element_label
from printkit.engine.preflight.record import RenderLog
from printkit.engine.preflight.safe_zone import check_safe_zone
from printkit.engine.registry import Game, find_game, game_for_files, game_for_schema, kits, known_schemas
from printkit.engine.render.pdf import Rendered, render
from printkit.engine.render.preview import overview_png
from printkit.engine.source import is_document, load_document


@dataclass(frozen=True)
class Step:
    """How far a build is, for a progress bar: ``done`` of ``total`` pieces rendered (``total`` is
    None while the games are still being laid out); ``finished`` names a component just rendered;
    ``pages``: the pages of the component so far (all of them once it is finished)."""

    text: str
    done: int = 0
    total: int | None = None
    finished: str | None = None
    pages: int = 0


Progress = Callable[[Step], None]


def _pieces(comp: Component) -> int:
    if isinstance(comp, CardComponent):
        return len(comp.fronts)
    if isinstance(comp, SheetComponent):
        return len(comp.pages)
    if isinstance(comp, BoardComponent):
        return 1
    return 0


@dataclass(frozen=True)
class Target:
    """A bundled game, or a user's own definition file (a deck, or a game's own format)."""

    id: str
    game: Game
    file: Path | None = None
    folder: str = ""  # where its files go, below the output folder
    lang: str | None = None  # a definition's own language (``language:``): what it prints in without --lang

    @property
    def options(self) -> tuple[str, ...]:
        return self.game.option_names


@dataclass(frozen=True)
class BuildRequest:
    targets: tuple[str, ...] = ()
    options: BuildOptions = field(default_factory=BuildOptions)
    settings: PrintSettings = field(default_factory=PrintSettings)
    png: bool = False
    templates: Path | None = None
    strict: bool = False  # preflight problems stop the build (CI for people's own decks)
    png_cards: int | None = None  # dpi: one PNG per card
    tts: bool = False  # Tabletop Simulator deck sheets
    # where the TTS sheets will be found: FaceURL/BackURL are this + the file's path in the output folder;
    # None: paths relative to the saved object's own folder
    tts_url: str | None = None
    safe_zone: float | None = None  # mm: --safe-zone, over what each deck sets
    # with --changed: the output folder's manifest entries by file (read by :func:`build`), to compare with
    previous: Mapping[str, Mapping[str, Any]] | None = None


@dataclass
class BuildReport:
    files: list[WriteResult]
    warnings: list[str]
    findings: list[Finding] = field(default_factory=list)
    seeds: dict[str, int] = field(default_factory=dict)  # per game: the seed its random choices used


@dataclass
class Plan:
    """Everything rendered in memory, with what the preflight found on each component."""

    files: list[PlannedFile]
    warnings: list[str]
    findings: list[Finding] = field(default_factory=list)
    seeds: dict[str, int] = field(default_factory=dict)  # per game: the seed its random choices used


def resolve_targets(names: tuple[str, ...]) -> list[Target]:
    """Bundled game ids/aliases or paths to definition files; none means every bundled game."""
    if not names:
        return [Target(g.id, game=g, folder=g.id) for g in kits()]
    targets = []
    for name in names:
        game = find_game(name)
        if game is not None and not game.files_only:
            targets.append(Target(game.id, game=game, folder=game.id))
            continue
        path = Path(name)
        if path.suffix.lower() in (".yaml", ".yml", ".json") or path.exists():
            targets.append(_file_target(path))
            continue
        known = ", ".join(g.id for g in kits())
        raise InputError.single(f"unknown game {name!r}; bundled games: {known} (or give a .yaml definition file)")
    return targets


def _file_target(path: Path) -> Target:
    """A definition file: a game's own format when it declares ``schema:``, else a deck.

    A game built from a file gets a folder of its own (``san-marco/my-variant``) so it
    never replaces the bundled kit's files.
    """
    if not is_document(path):
        raise InputError.single("definition file not found", path)
    doc = load_document(path)
    declared = doc.data.get("schema") if isinstance(doc.data, dict) else None
    if declared is None:
        own = doc.data.get("language") if isinstance(doc.data, dict) else None
        return Target(_slug(path.stem), game=game_for_files(), file=path, folder=_slug(path.stem),
                      lang=canonical_tag(own) if isinstance(own, str) else None)
    game = game_for_schema(declared)
    if game is None:
        raise doc.error(("schema",), f"unknown schema {declared!r}; known: {', '.join(known_schemas())}")
    return Target(game.id, game=game, file=path, folder=f"{game.id}/{_slug(path.stem)}")


def _slug(text: str) -> str:
    """A folder name from a file name: lower case, runs of other characters become one hyphen.

    Underscores stay, so a generated variant's file rebuilds into the folder it came from.
    """
    return re.sub(r"[^a-z0-9_]+", "-", text.lower()).strip("-") or "deck"


def _check_options(targets: list[Target], request: BuildRequest, explicit: bool) -> tuple[list[Target], list[str]]:
    """Refuse game options no chosen game reads; with no targets named, leave out the games
    that cannot take ``--players`` or ``--lang`` (and say so) instead of failing the whole kit."""
    for key in request.options.extra:
        if not any(key in t.options for t in targets):
            users = [g.id for g in kits() if key in g.option_names]
            flag = "--" + key.replace("_", "-")
            where = f"it applies to {', '.join(users)}" if users else "no game reads it"
            raise InputError.single(f"{flag} does not apply to {', '.join(t.id for t in targets)}; {where}")
    if request.options.only or request.options.where or request.options.changed:
        whole = [t.id for t in targets if not t.game.files_only]
        if whole:
            flag = "--only" if request.options.only else "--where" if request.options.where else "--changed"
            raise InputError.single(f"{flag} picks cards of your own deck files; {', '.join(whole)} is built whole")
    if request.settings.pod is not None:
        whole = [t.id for t in targets if not t.game.files_only]
        if whole:
            raise InputError.single(f"--pod prints your own deck files one card a page; {', '.join(whole)} is "
                                    "built on sheets")
    players, lang = request.options.players, request.options.lang
    kept, warnings = [], []
    for t in targets:
        message = None
        if not t.game.files_only:
            facts = t.game.facts()
            lo, hi = facts.players
            if players is not None and not lo <= players <= hi:
                message = f"{t.game.title()} is for {lo} to {hi} players; --players was {players}"
            if lang not in facts.languages:
                message = (f"{t.game.title()} has texts in {', '.join(facts.languages)}; "
                           f"--lang {lang} is not available")
        if message and explicit:
            raise InputError.single(message)
        if message:
            warnings.append(f"{t.id}: left out: {message}")
            continue
        kept.append(t)
    return kept, warnings


def for_target(request: BuildRequest, target: Target) -> BuildRequest:
    """``request`` as it applies to ``target``: without --lang, a definition prints in its own language."""
    if request.options.lang_given or target.lang is None or target.lang == request.options.lang:
        return request
    return replace(request, options=replace(request.options, lang=target.lang))


def file_suffix(request: BuildRequest) -> str:
    """What a print PDF's name ends with: language and paper (a print-on-demand service's name instead of the
    paper: its pages are the service's card images)."""
    opts, settings = request.options, request.settings
    return f"{settings.pod.name}-{opts.lang}" if settings.pod else f"{opts.lang}-{settings.paper}"


def components_for(target: Target, request: BuildRequest) -> list[Component]:
    from printkit.engine.template.sandbox import deck_budget

    options = replace(request.options, definition=target.file, templates=request.templates or request.options.templates)
    if options.changed:
        options = replace(options, previous_cards=_recorded_cards(target, request))
    deck = str(target.file) if target.file is not None else target.id
    # every card a game or deck makes counts here too, beside its own budget
    with deck_budget(deck=deck, cards=options.max_cards):
        return target.game.build(options)


def _recorded_cards(target: Target, request: BuildRequest) -> dict[str, Mapping[str, str]]:
    """Per component, the card hashes the manifest records for the target's whole-deck PDF (same language and
    paper): what --changed compares with."""
    suffix = file_suffix(request)
    out = {}
    for path, e in (request.previous or {}).items():
        hashes = e.get("card_hashes")
        if e.get("game") == target.id and isinstance(hashes, dict) and \
                path == f"{target.folder}/{e.get('component')}-{suffix}.pdf":
            out[str(e["component"])] = hashes
    return out


def _entry(path: str, target: Target, comp: str, kind: str, pieces: int, pages: int, request: BuildRequest,
           data: bytes, record: Mapping[str, Any] | None = None, details: dict | None = None) -> ManifestEntry:
    o = request.options
    if target.file is not None:  # which file it came from: another definition of the same name must not replace it
        details = {**(details or {}), "definition": str(target.file.resolve())}
    return ManifestEntry(path, target.id, comp, kind, pieces, pages, request.settings.paper, o.lang, o.seed,
                         sha256(data), dict(record) if record is not None else None, details or {})


def preflight(target: Target, rendered: Rendered, safe_zone: float = 0.0) -> list[Finding]:
    """The preflight of one rendered component, with the game's glossary; a user's deck with a safe zone
    (``safe_zone`` mm) also has its text and icons checked against it."""
    if rendered.log is None:
        return []
    glossary = () if target.game.files_only else target.game.facts().glossary
    found = check_log(rendered.log, glossary, languages=not target.game.files_only)
    if safe_zone > 0 and target.file is not None:
        found += check_safe_zone(rendered.log, safe_zone)
    return found


def read_back_written(rendered: Rendered, settings: PrintSettings) -> ReadBack:
    """The read-back preflight of the bytes a build writes, as `printkit preflight` reads the file (a print
    service's card images print to the paper edge: the home printer's 5 mm rule is not theirs)."""
    if rendered.pages == 0:
        return ReadBack()
    return read_back(rendered.pdf, "read back", service=settings.pod is not None)


def _preflight_warnings(target: Target, comp: str, findings: list[Finding], notes: list[str]) -> list[str]:
    """Findings as warnings: in a bundled game each is printkit's own bug; in a user's file, theirs to fix."""
    out = []
    for f in findings:
        text = f"{target.id}/{comp}: {f}"
        out.append(text + (" (a printkit bug: please report it)" if target.file is None else ""))
    out.extend(f"{target.id}/{comp}: note: {n}" for n in notes)
    return out


_ELEMENT_NO = re.compile(r"\b([a-z]+) #(\d+)")  # how the preflight numbers an element: "text #11"


def _pieces_by_name(comp: Component) -> dict[str, Piece]:
    if isinstance(comp, BoardComponent):
        return {comp.piece.name: comp.piece}
    if not isinstance(comp, CardComponent):
        return {}
    return {p.name: p for p in (*comp.fronts, *(comp.backs or ()))}


AT_TOL = 0.1  # mm: a point read back from the file lies on a piece's trim or an element's edge within this


def _located(findings: list[Finding], log: RenderLog | None) -> list[Finding]:
    """Findings read back from the written file name a point on a page; the render log knows which piece was
    placed there and which of its shapes (the topmost) reaches the point: name them, as the layout checks do."""
    if log is None:
        return findings
    out = []
    for f in findings:
        if f.at is None or f.page is None or f.piece:
            out.append(f)
            continue
        x, y = f.at
        here = [p for p in log.placements if p.page == f.page - 1 and p.role != "furniture" and _near(p.trim, x, y)]
        if len(here) != 1:  # on no piece, or on a cut two pieces share: the point says it best
            out.append(f)
            continue
        p = here[0]
        hit = [i for i, e in enumerate(p.piece.elements) if not isinstance(e, Text) and
               _near(p.transform.box(*bounds(e)), x, y)]
        out.append(replace(f, piece=p.piece.name, element=element_label(p.piece, hit[-1]) if hit else ""))
    return out


def _near(box: Box, x: float, y: float) -> bool:
    return box.x - AT_TOL <= x <= box.right + AT_TOL and box.y - AT_TOL <= y <= box.bottom + AT_TOL


def _card(name: str) -> str:
    """``card 3 (Fireball, cards.xlsx:4)`` → ``card 3 (Fireball)``: enough to find it in a list."""
    head, _, rest = name.partition(" (")
    first = rest.split(", ")[0].rstrip(")") if rest else ""
    return f"{head} ({first})" if first and ", " in rest else head


def _hit(cards: list[str], kind: str = "cards") -> str:
    """``on 9 cards: card 1 (Fire), …``: how many of the component's pieces (``kind``, plural) a warning hits."""
    shown = ", ".join(_card(c) for c in cards[:3]) + (", …" if len(cards) > 3 else "")
    return f"on {len(cards)} {kind.removesuffix('s') if len(cards) == 1 else kind}: {shown}"


def _relabel(text: str, piece: Piece | None) -> str:
    """``text #11 'Deal…'`` → ``front.yaml: rules 'Deal…'``: the element's template and id (or line)."""
    if piece is None or not piece.labels:
        return text

    def name(m: re.Match[str]) -> str:
        i = int(m.group(2))
        label = piece.labels[i] if i < len(piece.labels) else None
        return label or m.group(0)

    return _ELEMENT_NO.sub(name, text)


def _grouped_findings(target: Target, comp: str, findings: list[Finding], notes: list[str],
                      pieces: Mapping[str, Piece], kind: str = "cards") -> list[str]:
    """A user's deck: one warning per rule and template element, with the count of cards it hits (a deck of 54
    copies would otherwise print the same warning 54 times)."""
    groups: dict[tuple[str, str], list[Finding]] = {}
    alike: dict[tuple, list[str]] = {}  # the preflight checks one of identical cards (copies): count them all
    for p in pieces.values():
        alike.setdefault(p.elements, []).append(p.name)
    loose = []  # findings about a page, not a card (the read-back of the written file): as they are
    for f in findings:
        piece = pieces.get(f.piece)
        if piece is None:
            loose.append(f"{target.id}/{comp}: {f}")
            continue
        label = _relabel(f.element, piece)
        m = _ELEMENT_NO.match(f.element)
        if m and label != f.element:  # named by id or line: the text excerpt would split the group card by card
            label = _relabel(m.group(0), piece)
        groups.setdefault((f.rule, label), []).append(replace(f, element=label, message=_relabel(f.message, piece)))
    out = []
    for (rule, label), group in groups.items():
        named = [f.piece for f in group if f.piece]
        cards = list(dict.fromkeys(c for n in named for c in (alike.get(pieces[n].elements, [n]) if n in pieces
                                                               else [n])))
        where = f"{label}: " if label else ""
        out.append(f"{target.id}/{comp}: {where}{group[0].message} [{rule}]" +
                   (f" ({_hit(cards, kind)})" if cards else ""))
    out.extend(loose)
    out.extend(f"{target.id}/{comp}: note: {n}" for n in notes)
    return out


def _grouped_warnings(warnings: list[str], pieces: Mapping[str, Piece]) -> list[str]:
    """Warnings that begin with a card's name (``card 3 (…): art.png prints at 150 dpi``), one per text with the
    cards counted; others as they are."""
    if not pieces:
        return list(warnings)
    groups: dict[str, list[str]] = {}
    for w in warnings:
        cut = next((i for i in range(len(w)) if w.startswith(": ", i) and w[:i] in pieces), None)
        key, card = (w[cut + 2:], w[:cut]) if cut is not None else (w, "")
        groups.setdefault(key, []).append(card)
    return [f"{cards[0]}: {text}" if len(cards) == 1 and cards[0] else
            f"{text} ({_hit(cards)})" if all(cards) else text for text, cards in groups.items()]


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off for one build.  A build makes hundreds of thousands of small objects that
    live until its end (elements, pieces, set texts, ReportLab operators) and almost no reference cycles, so
    the collector would walk them again and again for nothing (a tenth of a deck build's time); whatever
    cycles the build leaves are collected after it."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            # Everything the build made and kept would be walked by the first collection after this (it has been
            # "young" all along): hand it straight to the oldest generation, which the collector walks seldom.
            # Left alone when the program froze objects of its own (gc.freeze), which unfreeze would undo.
            settle = gc.get_freeze_count() == 0
            if settle:
                gc.freeze()
            gc.enable()
            if settle:
                gc.unfreeze()


def plan(request: BuildRequest, progress: Progress | None = None) -> Plan:
    """Lay out and render everything in memory; nothing touches the output folder yet."""
    with _collector_paused():
        return _plan(request, progress)


def _plan(base_request: BuildRequest, progress: Progress | None) -> Plan:
    request = base_request
    planned: list[PlannedFile] = []
    seeds: dict[str, int] = {}
    findings: list[Finding] = []
    problems: list[str] = []  # the findings as the build says them
    opts, settings = request.options, request.settings
    targets, warnings = _check_options(resolve_targets(request.targets), request, bool(request.targets))
    if settings.duplex == "fold" and (settings.offset_x or settings.offset_y):
        warnings.append("--offset-x/--offset-y shift duplex backs; a fold-over sheet prints both sides at once, "
                        "so they are not used")
    laid_out: list[tuple[Target, list[Component]]] = []
    for target in targets:
        if progress:
            progress(Step(f"{target.id}: laying out"))
        components = components_for(target, for_target(request, target))
        for comp in components:
            if isinstance(comp, CardComponent) and len(comp.fronts) > opts.max_cards:
                raise InputError.single(f"{target.id}/{comp.name}: {len(comp.fronts):,} cards is more than the cap "
                                        f"of {opts.max_cards:,} (`--max-cards N` raises it)", target.file)
        laid_out.append((target, components))
    total = sum(_pieces(c) for _, comps in laid_out for c in comps)
    done = 0
    for target, components in laid_out:
        samples: list[tuple[str, bytes]] = []
        subset = ""
        editions = [c.id for c in components if isinstance(c, Edition)]
        folder = target.folder if target.file is not None else "/".join([target.folder, *editions[:1]])
        request = for_target(base_request, target)
        opts = request.options
        suffix = file_suffix(request)  # a deck built in its own language is named after it
        used = [c.seed for c in components if isinstance(c, SeedUsed)]
        if used:  # a fresh seed the game drew goes into the manifest, so the build can be made again
            seeds[target.id] = used[0]
            request = replace(request, options=replace(opts, seed=used[0]))
        for comp in components:
            if isinstance(comp, Edition | SeedUsed):
                continue
            if isinstance(comp, TextFile):
                data = comp.text.encode("utf-8")
                path = f"{folder}/{comp.filename}"
                planned.append(PlannedFile(path, data, _entry(path, target, comp.name, comp.kind, 0, 0, request, data)))
                continue
            if progress:
                progress(Step(f"{target.id}: {comp.name}", done, total))
            if isinstance(comp, CardComponent):
                warnings.extend(f"{target.id}/{comp.name}: {w}" for w in comp.warnings)
            glossary = () if target.game.files_only else target.game.facts().glossary
            tell = None
            if progress:
                def tell(pieces: int, pages: int, name: str = f"{target.id}: {comp.name}", before: int = done) -> None:
                    progress(Step(name, before + pieces, total, pages=pages))  # type: ignore[misc]
            icons = _icons_for(comp, request)
            rendered: Rendered = render(comp, settings, opts.lang, icons, glossary, tell)
            done += _pieces(comp)
            if progress:
                progress(Step(f"{target.id}: {comp.name}", done, total,
                              finished=f"{target.id}/{comp.name}: {count_label(rendered.pieces, comp.kind)}",
                              pages=rendered.pages))
            pieces = _pieces_by_name(comp) if target.file is not None else {}
            warnings.extend(f"{target.id}/{comp.name}: {w}" for w in _grouped_warnings(rendered.warnings, pieces))
            zone = request.safe_zone if request.safe_zone is not None else getattr(comp, "safe_zone", 0.0)
            found = preflight(target, rendered, zone)
            back = read_back_written(rendered, settings)  # what `printkit preflight` will say of the file
            found += _located(back.findings, rendered.log) if pieces else back.findings
            findings.extend(found)
            notes = [*(rendered.log.notes if rendered.log else []), *back.notes]
            said = (_grouped_findings(target, comp.name, found, [], pieces, comp.kind) if pieces else
                    _preflight_warnings(target, comp.name, found, []))
            problems.extend(said)  # what --strict stops on: the same lines, grouped the same way
            warnings.extend([*said, *_preflight_warnings(target, comp.name, [], notes)])
            details: dict = {}
            stem = comp.name
            if isinstance(comp, CardComponent):
                warnings.extend(f"{target.id}/{comp.name}: {w}" for w in comp.notes)
                if settings.pod is not None:
                    details["pod"] = settings.pod.record()
                if comp.sources:
                    details["sources"] = [{"url": u, "sha256": h, **({"final_url": f} if f != u else {})}
                                          for u, h, f in comp.sources]
                if comp.hashes:  # what the next --changed compares with
                    numbers = comp.numbers or range(1, len(comp.hashes) + 1)
                    details["card_hashes"] = {str(n): h for n, h in zip(numbers, comp.hashes, strict=True)}
                if comp.subset:
                    stem = f"{comp.name}-{comp.subset}"
                    details["cards"] = list(comp.numbers)
                    subset = comp.subset
            if rendered.pages == 0:
                warnings.append(f"{target.id}/{comp.name}: nothing to print (0 {comp.kind}); no file written")
                continue
            path = f"{folder}/{stem}-{suffix}.pdf"
            planned.append(PlannedFile(path, rendered.pdf, _entry(path, target, comp.name, comp.kind,
                                                                  rendered.pieces, rendered.pages, request,
                                                                  rendered.pdf, getattr(comp, "record", None),
                                                                  details)))
            preview = rendered.pdf
            if isinstance(comp, CardComponent) and comp.corner_radius:
                # the same pages with the rounded cut outline drawn on: for looking at, never for printing
                preview = render(comp, replace(settings, cut_preview=True), opts.lang, icons).pdf
            samples.append((f"{comp.name} · {count_label(rendered.pieces, comp.kind)}", preview))
            rendition = Rendition(request, target.id, comp, rendered.pdf, preview, rendered.pieces, folder, stem,
                                  suffix, icons, lambda p, kind, n, data, d=None, c=comp.name, t=target,
                                  r=request: _entry(p, t, c, kind, n, 1, r, data, details=d), warnings)
            for exporter in (*EXPORTERS, *target.game.own_exporters()):
                if exporter.wanted(request, comp):
                    planned += exporter.make(rendition)
        if samples:
            png = overview_png(samples)
            path = f"{folder}/overview-{subset + '-' if subset else ''}{suffix}.png"
            planned.append(PlannedFile(path, png, _entry(path, target, "overview", "preview", len(samples), 1,
                                                         request, png)))
    if not targets:
        raise InputError.single("nothing to build: " + "; ".join(w.split(": ", 2)[-1] for w in warnings))
    _refuse_collisions(planned, targets)
    if request.strict and findings:
        raise InputError([Problem(f"preflight: {p}") for p in problems])
    return Plan(planned, warnings, findings, seeds)


def _icons_for(comp: Component, request: BuildRequest) -> tuple[Path, ...]:
    """The icon folders a component draws from: a deck's own (``templates:``) first, then the build's."""
    own = comp.icon_dirs if isinstance(comp, CardComponent | BoardComponent) else ()
    return (*own, *icon_dirs(request.templates))


def _refuse_collisions(planned: list[PlannedFile], targets: list[Target]) -> None:
    """Two sources planning the same file would lose the first one's output."""
    seen: dict[str, str] = {}
    for f in planned:
        owner = f.entry.game if f.entry else "?"
        if f.path in seen:
            files = [str(t.file) for t in targets if t.file is not None and t.folder == f.path.rsplit("/", 1)[0]]
            names = " and ".join(files) if len(files) > 1 else owner
            raise InputError.single(f"{names} would both write {f.path}; build them into different --out folders "
                                    "or rename one file")
        seen[f.path] = owner


def build(request: BuildRequest, out: Path, force: bool = False, progress: Progress | None = None) -> BuildReport:
    """Build the request into ``out``: all in memory first, then atomic writes.  With ``--changed`` the output
    folder's manifest says what the cards were."""
    if request.options.changed:
        request = replace(request, previous=read_manifest(out))
    result = plan(request, progress)
    if progress:
        progress(Step("writing files"))
    return BuildReport(write_all(out, result.files, force), result.warnings, result.findings, result.seeds)


def calibrate(out: Path, paper: str, lang: str, force: bool = False) -> WriteResult:
    """Write the duplex calibration sheet for ``paper`` into ``out``."""
    from printkit.engine.calibration import calibration_sheet

    sheet = calibration_sheet(paper_dimensions(paper), lang)
    rendered = render(sheet, PrintSettings(paper=paper), lang)
    name = f"calibration-{lang}-{paper}.pdf"  # one per language: instructions differ
    entry = ManifestEntry(name, "printkit", sheet.name, sheet.kind, rendered.pieces, rendered.pages, paper, lang, 0,
                          sha256(rendered.pdf))
    (result,) = write_all(out, [PlannedFile(name, rendered.pdf, entry)], force)
    return result


SHOWCASE_CARDS = 5


def showcase(target: str, out: Path, options: BuildOptions, templates: Path | None = None, dpi: int = 150,
             background: str | None = None, force: bool = False) -> WriteResult:
    """A fanned hand of a deck's cards (its first five, or those ``options.only``/``where`` pick) as one PNG."""
    from printkit.engine.render.raster import page_images, pieces_pdf, png_bytes
    from printkit.engine.render.showcase import MAX_CARDS, fan

    if background is not None:
        from PIL import ImageColor

        try:
            ImageColor.getrgb(background)
        except ValueError:
            raise InputError.single(f"--background: {background!r} is not a colour (use #rrggbb or a name such as "
                                    "darkred)") from None
    (resolved,) = resolve_targets((target,))
    request = for_target(BuildRequest(targets=(target,), options=options, templates=templates), resolved)
    options = request.options
    cards = [c for c in components_for(resolved, request) if isinstance(c, CardComponent) and c.fronts]
    if not cards:
        raise InputError.single(f"{target}: has no cards to show")
    comp = cards[0]
    chosen = comp.fronts if (options.only or options.where) else comp.fronts[:SHOWCASE_CARDS]
    if len(chosen) > MAX_CARDS:
        raise InputError.single(f"a showcase fans at most {MAX_CARDS} cards; {len(chosen)} were chosen "
                                "(pick fewer with --only or --where)")
    pdf, _ = pieces_pdf(chosen, _icons_for(comp, request))
    image = fan(page_images(pdf, dpi), background)
    data = png_bytes(image, dpi)
    subset = comp.subset + "-" if comp.subset else ""
    path = f"{resolved.folder}/showcase-{subset}{options.lang}.png"
    entry = ManifestEntry(path, resolved.id, comp.name, "showcase", len(chosen), 1, "", options.lang, options.seed,
                          sha256(data), details={"cards": list(comp.numbers) if comp.numbers else
                                                 list(range(1, len(chosen) + 1))})
    (result,) = write_all(out, [PlannedFile(path, data, entry)], force)
    return result
