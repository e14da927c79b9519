"""A user restyles the kit through --templates: a partial style.yaml and a template extending ours."""

from __future__ import annotations

from devkit.readback import all_text
from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.sanssouci import kit


def test_partial_style_and_extended_template(tmp_path):
    folder = tmp_path / "sanssouci"
    folder.mkdir()
    (folder / "style.yaml").write_text('tile:\n  paper: "#ffeedd"\n', encoding="utf-8")
    (folder / "tile-front.yaml").write_text(
        "extends: tile-front\nadd:\n  - text: {x: 2, y: 8, w: 20, h: 4, text: 'MINE', size: 7}\n", encoding="utf-8")
    comps = kit.components(BuildOptions(templates=tmp_path))
    tiles = next(c for c in comps if c.name == "tiles")
    assert tiles.fronts[0].bleed_color == "#ffeedd"  # the user's paper
    assert tiles.backs[0].bleed_color == "#d9cfb4"  # the rest of the bundled style kept
    text = all_text(render(tiles, PrintSettings(), "en").pdf)[0]
    assert text.count("MINE") == 81 and text.count("Labyrinth") == 9
