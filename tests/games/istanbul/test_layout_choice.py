"""Istanbul's layout sheet: a random layout without --seed is a fresh one, its seed printed to build it again;
with --seed the same layout; a fixed layout is not judged by a rule nobody asked for."""

from __future__ import annotations

import re

from devkit.readback import all_text
from printkit.engine.components import BuildOptions, SeedUsed
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.istanbul import definitions, kit


def _random(seed_given: bool, seed: int = 1):
    return kit.choose_layouts(definitions.load(), BuildOptions(seed=seed, seed_given=seed_given,
                                                               extra={"layout": "random"}))[0]


def test_without_seed_each_build_draws_a_fresh_layout():
    seeds = {_random(False).seed for _ in range(4)}
    assert len(seeds) >= 3  # four draws below a million: a repeat is a one-in-a-hundred-thousand chance


def test_with_seed_the_same_layout():
    assert _random(True, 42).grid == _random(True, 42).grid and _random(True, 42).seed == 42


def test_the_sheet_prints_the_fresh_seed_to_rebuild_it():
    built = kit.components(BuildOptions(seed_given=False, extra={"layout": "random"}))
    layout = next(c for c in built if getattr(c, "name", "") == "layout")
    seed = layout.record["layouts"][0]["seed"]
    text = re.sub(r"\s+", " ", " ".join(all_text(render(layout, PrintSettings(), "en").pdf)))
    assert f"printkit build istanbul --layout random --seed {seed}" in text
    assert [c for c in built if isinstance(c, SeedUsed)] == [SeedUsed(seed)]  # the manifest and CLI say it too


def test_a_fixed_layout_draws_no_seed():
    assert not [c for c in kit.components(BuildOptions(seed_given=False)) if isinstance(c, SeedUsed)]


def test_short_paths_sheet_has_no_unasked_rule_badge():
    comps = {c.name: c for c in kit.components(BuildOptions())}
    text = " ".join(all_text(render(comps["layout"], PrintSettings(), "en").pdf))
    assert "breaks" not in text and "not asked" not in text and "--apart-lines" not in text
    assert text.count("obeys") == 2  # the Fountain in the centre, Black Market and Tea House apart


def test_a_pack_puts_two_layouts_on_each_sheet():
    from devkit.readback import page_count

    built = kit.components(BuildOptions(seed=100, extra={"layouts": 5}))
    comps = {c.name: c for c in built if not isinstance(c, SeedUsed)}
    pack = comps["layout-pack"]
    assert len(pack.pages) == 5 and pack.per_page == 2
    pdf = render(pack, PrintSettings(), "en").pdf
    assert page_count(pdf) == 3  # 5 layouts, two to a sheet (was one a sheet: 5 pages)
    text = " ".join(all_text(pdf))
    assert all(f"--seed {seed}" in text for seed in range(100, 105))
