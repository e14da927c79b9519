"""Every bundled game passes its own preflight, in every language, paper, pieces-per-page, duplex mode
and a sample of variants.  The games come from the registry, so a game added to printkit is checked
here without touching this file.

The sample is built to stay CI-sized: every language on A4 and every paper in Chinese (the larger
size floor); each duplex mode on Letter (the narrowest margins); the smallest and largest player
count in every language; and each declared option at the ends of its range (bools switched on) on
Letter, pieces-per-page 2 in every language.
"""

from __future__ import annotations

import pytest

from printkit.engine.build import BuildRequest, Target, components_for, preflight
from printkit.engine.components import BoardComponent, BuildOptions, CardComponent, SheetComponent
from printkit.engine.errors import InputError
from printkit.engine.paper import PrintSettings
from printkit.engine.paths import icon_dirs
from printkit.engine.registry import kits
from printkit.engine.render.pdf import render

SLOW_MAX = 12  # an option value above this (a 500-sheet pad) is sampled at its minimum only

# Games merged from main after the preflight landed whose findings are not fixed yet.  Their cases
# still run and list every finding, but as expected failures; delete a line once its game is clean.
# The papers the bundled kits are laid out for, and A5, the smallest paper printkit offers: a game either lays
# out for it cleanly (Sanssouci: its half-A4 sheets go one to a turned A5 sheet) or refuses it with a clear
# error (the GSC score sheet), which the sample accepts.
BUNDLED_PAPERS = ("a4", "letter", "a3")
SMALL_PAPER = "a5"

OPEN_FINDINGS: dict[str, str] = {}


# Games whose A5 builds still have findings (kept apart from OPEN_FINDINGS: a game clean on its own papers
# may still not be laid out for A5).  Delete a line once the game is clean on A5 or refuses it.
A5_OPEN_FINDINGS: dict[str, str] = {}


def _cases() -> list[tuple[str, str, str, str, dict, int | None]]:
    """(game, lang, paper, duplex, options, players)"""
    cases = []
    for game in kits():
        facts = game.facts()
        langs = facts.languages
        other = next((lang for lang in langs if lang != "en"), "en")
        quick = {o.name: o.min for o in game.options if o.type is int and o.min is not None and o.name == "count"}
        for lang in langs:
            cases.append((game.id, lang, "a4", "long", dict(quick), None))
        for paper in (*BUNDLED_PAPERS, SMALL_PAPER):
            if paper != "a4":  # the other papers in the language with the larger floor (Chinese, if any)
                cases.append((game.id, other, paper, "long", dict(quick), None))
        for duplex in ("short", "off", "fold"):
            cases.append((game.id, "en", "letter", duplex, dict(quick), None))
        lo, hi = facts.players
        for players in sorted({lo, hi}):
            for lang in langs:
                cases.append((game.id, lang, "a4", "long", dict(quick), players))
        for opt in game.options:
            values: list[object] = []
            if opt.type is bool:
                values = [True]
            elif opt.type is int and opt.min is not None and opt.max is not None:
                values = [v for v in {opt.min, opt.max} if v <= SLOW_MAX]
            for value in values:
                cases.append((game.id, other, "letter", "long", {**quick, opt.name: value}, None))
                if opt.name == "per_page" and value == 2:  # half sheets: every language's labels
                    cases += [(game.id, lang, "letter", "long", {**quick, opt.name: value}, None)
                              for lang in langs if lang != other]
    return cases


CASES = _cases()


def _id(case) -> str:
    game, lang, paper, duplex, options, players = case
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return "-".join(str(p) for p in (game, lang, paper, duplex, extra, players and f"{players}p") if p)


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_bundled_build_passes_preflight(case):
    game_id, lang, paper, duplex, options, players = case
    game = next(g for g in kits() if g.id == game_id)
    target = Target(game.id, game=game, folder=game.id)
    request = BuildRequest(options=BuildOptions(paper=paper, lang=lang, players=players, extra=options),
                           settings=PrintSettings(paper=paper, duplex=duplex))
    problems = []
    rendered_any = False
    try:
        components = components_for(target, request)
    except InputError as exc:  # an option that only goes with other options (a sample cannot know)
        if paper == SMALL_PAPER and "laid out for" in str(exc):
            pytest.skip(f"{game_id} refuses {paper}: {exc}")
        if options:
            pytest.skip(f"option sample refused by the game: {exc}")
        raise
    for comp in components:
        if not isinstance(comp, (CardComponent, SheetComponent, BoardComponent)):
            continue
        rendered = render(comp, request.settings, lang, icon_dirs(None), game.facts().glossary)
        rendered_any = True
        problems += [str(f) for f in preflight(target, rendered)]
    assert rendered_any
    if problems and game_id in OPEN_FINDINGS:
        pytest.xfail(f"{OPEN_FINDINGS[game_id]}: {len(problems)} findings, first: {problems[0]}")
    if problems and paper == SMALL_PAPER and game_id in A5_OPEN_FINDINGS:
        pytest.xfail(f"{A5_OPEN_FINDINGS[game_id]}: {len(problems)} findings, first: {problems[0]}")
    assert problems == []


def test_the_sample_covers_every_registered_game_language_paper_and_duplex_mode():
    games = {c[0] for c in CASES}
    assert games == {g.id for g in kits()}
    for g in kits():
        mine = [c for c in CASES if c[0] == g.id]
        assert {c[1] for c in mine} == set(g.facts().languages)
        assert {c[2] for c in mine} == {*BUNDLED_PAPERS, SMALL_PAPER}
        assert {c[3] for c in mine} == {"long", "short", "off", "fold"}


def test_per_page_two_is_sampled_where_a_game_offers_it():
    offered = [g.id for g in kits() if "per_page" in g.option_names]
    sampled = {c[0] for c in CASES if c[4].get("per_page") == 2}
    assert set(offered) <= sampled
