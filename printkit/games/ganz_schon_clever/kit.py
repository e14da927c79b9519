"""Ganz schön clever's kit: load its definitions, then lay out the pad.

The catalog calls :func:`components`; the only file reading for this game happens here, and
everything after it is the pure layout in :mod:`printkit.games.ganz_schon_clever.layout.sheet`.
"""

from __future__ import annotations

from printkit.engine.components import BuildOptions, Component, SheetComponent, TextFile
from printkit.engine.errors import InputError, Problem
from printkit.engine.registry import Facts
from printkit.engine.template.files import SearchPath
from printkit.games.ganz_schon_clever import GAME
from printkit.games.ganz_schon_clever.definitions.box_table import boxes_json
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.definitions.messages import load_check_texts
from printkit.games.ganz_schon_clever.definitions.sheet_layout import load_sheet_layout
from printkit.games.ganz_schon_clever.layout.sheet import (
    BOXES_FILENAME,
    DEFAULT_COUNT,
    LANGS,
    _option_problem,
    build_sheet,
    serial_for,
    solo_page,
)


def components(options: BuildOptions) -> list[Component]:
    """Build the pad: ``count`` score sheets, the solo page and the box table for scanners."""
    game = load_gsc_game()
    layout = load_sheet_layout(search=SearchPath(user=options.templates, game=GAME.id))
    extra = options.extra
    problems: list[str] = []
    count = extra.get("count", DEFAULT_COUNT)
    per_page = extra.get("per_page", 1)
    ink_saver = bool(extra.get("ink_saver", False))
    if not isinstance(count, int) or count < 1:
        problems.append(f"--count must be a whole number of at least 1, not {count!r}")
    if per_page not in (1, 2):
        problems.append(f"--per-page must be 1 or 2, not {per_page!r}")
    if options.players is not None and options.players not in game.rounds.by_player_count:
        counts = sorted(game.rounds.by_player_count)
        problems.append(f"--players must be {counts[0]} to {counts[-1]} for {game.names['en']}, not {options.players}")
    if options.lang not in LANGS:
        problems.append(f"--lang must be one of {', '.join(LANGS)}, not {options.lang!r}")
    if problems:
        raise InputError([Problem(p) for p in problems])
    try:
        format_name, _ = layout.format_for(options.paper, int(per_page))  # type: ignore[call-overload]
        solo_format, _ = layout.format_for(options.paper, 1)
    except KeyError:
        papers = sorted({f.paper for f in layout.formats.values()})
        raise _option_problem(f"the score sheet is laid out for {', '.join(papers)} paper, not {options.paper!r}"
                              ) from None
    plans = [
        build_sheet(game, layout, format_name, options.lang, options.players, ink_saver,
                    serial_for(options.seed, n + 1))
        for n in range(int(count))  # type: ignore[call-overload]
    ]
    name = game.names.get(options.lang) or game.names["en"]  # type: ignore[call-overload]
    sheets = SheetComponent("score-sheets", f"{name} – score sheets", tuple(p.piece for p in plans),
                            per_page=int(per_page), cut=True)  # type: ignore[call-overload]
    solo = SheetComponent("solo-page", f"{name} – solo", (solo_page(game, layout, solo_format, options.lang),))
    table = TextFile("score-sheet-boxes", BOXES_FILENAME.format(format=format_name),
                     boxes_json(plans[0], game, layout), kind="box positions")
    return [sheets, solo, table]


def facts() -> Facts:
    """Players from the rounds table of ``game.yaml``; languages the sheet is laid out in; its glossary."""
    game = load_gsc_game()
    counts = sorted(game.rounds.by_player_count)
    return Facts(players=(counts[0], counts[-1]), languages=LANGS,
                 check_languages=tuple(load_check_texts().languages), glossary=game.glossary)
