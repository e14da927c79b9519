"""The San Marco board on as few sheets as each paper allows, its tile seam running where nothing is printed.

The seam is read back from the PDF (the tiles' trim boxes); what it must not cross is worked out here from the
map definition (classic.yaml, read as plain YAML) and pinned board numbers, not from the layout or the tiler.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml

from devkit.readback import boxes_mm, page_count
from printkit.engine.components import BoardComponent, BuildOptions
from printkit.engine.elements import Polygon, Rect, Text
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.san_marco import definitions as loader
from printkit.games.san_marco import kit as K
from printkit.games.san_marco.layout.components import build
from printkit.games.san_marco.rules.variant import generate_variant

BOARD_W = 384.0  # mm, templates/san-marco/style.yaml
OVERLAP = 10.0  # mm, printkit's default --tile-overlap: a tile is cut in the middle of it
# The map (278 x 228 mm) is drawn from (13, 13) at the scale that fills the 222 mm of height between the score
# track (11 mm), 4 mm of air and the map's 13 mm top offset on a 250 mm board.
MAP_ORIGIN = (13.0, 13.0)
MAP_SCALE = 222.0 / 228.0
PLAQUE = (42.0, 25.0)  # mm at full size (a plaque only ever shrinks, so its full size bounds it)
SITE_OVERHANG, SITE_WIDTH = 4.5, 9.0  # mm: a site spans the canal and reaches this far onto each shore
TRACK_CELL = BOARD_W / 30  # 100 spaces: 30 along the top and 30 along the bottom, 12.8 mm each
PLAQUE_FILL, PANEL_X = "#fffaf0", 288.0  # style.yaml: a plaque's fill (the panel's Doge place shares it), the panel
CLEAR = 1.0  # mm a seam keeps from a plaque or a bridge site (scissors wander)


def _board_mm(x: float, y: float) -> tuple[float, float]:
    return MAP_ORIGIN[0] + x * MAP_SCALE, MAP_ORIGIN[1] + y * MAP_SCALE


def features(definition: Path) -> list[tuple[str, float, float]]:
    """(name, left, right) in board mm of every plaque and bridge site of a definition file."""
    data = yaml.safe_load(definition.read_text(encoding="utf-8"))
    m = data["map"]
    out = []
    for d in m["districts"]:
        cx, _ = _board_mm(*d["label"])
        out.append((f"{d['name']['en']} plaque", cx - PLAQUE[0] / 2, cx + PLAQUE[0] / 2))
    length = m["canal_width"] * MAP_SCALE + 2 * SITE_OVERHANG
    for a in m["adjacency"]:
        for s in a["sites"]:
            cx, _ = _board_mm(s["x"], s["y"])
            t = math.radians(s["angle"])
            half = abs(math.cos(t)) * length / 2 + abs(math.sin(t)) * SITE_WIDTH / 2
            out.append((f"site {a['a']}-{a['b']} ({s['x']}, {s['y']})", cx - half, cx + half))
    return out


def crossings(seam: float, feats: list[tuple[str, float, float]]) -> list[str]:
    """What a full-height seam at ``seam`` (board mm) cuts: plaques, sites, and score-track spaces (a seam may run
    only along a space's edge)."""
    out = [name for name, lo, hi in feats if lo - CLEAR < seam < hi + CLEAR]
    off_line = abs(seam / TRACK_CELL - round(seam / TRACK_CELL)) * TRACK_CELL
    if off_line > 0.05:
        out.append(f"score track space {int(seam // TRACK_CELL)}")
    return out


def _board(paper: str, lang: str = "en", definition: Path | None = None) -> BoardComponent:
    comps = K.components(BuildOptions(paper=paper, lang=lang, definition=str(definition) if definition else None))
    board = next(c for c in comps if isinstance(c, BoardComponent))
    assert board.piece.width == BOARD_W
    return board


def _seams(pdf: bytes) -> list[float]:
    """The vertical seams of a one-row tiling, from the tiles' trim boxes: each tile but the last reaches half the
    overlap past its seam."""
    widths = []
    for i in range(page_count(pdf)):
        left, _top, right, _bottom = boxes_mm(pdf, i)["trim"]
        widths.append(right - left)
    assert sum(widths) - OVERLAP * (len(widths) - 1) == pytest.approx(BOARD_W, abs=0.02)  # one row covers the board
    seams, start = [], 0.0
    for w in widths[:-1]:
        seams.append(start + w - OVERLAP / 2)
        start += w - OVERLAP
    return seams


@pytest.mark.parametrize(("paper", "sheets"), [("a4", 2), ("letter", 2), ("legal", 2), ("a3", 1), ("tabloid", 1)])
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_each_paper_takes_the_fewest_sheets_and_its_seams_cut_nothing(paper, sheets, lang):
    r = render(_board(paper, lang), PrintSettings(paper=paper), lang)
    assert page_count(r.pdf) == sheets
    feats = features(loader.CLASSIC)
    for seam in _seams(r.pdf):
        assert crossings(seam, feats) == [], seam
    assert not [w for w in r.warnings if "seam" in w]


def test_the_drawn_board_has_nothing_on_the_a4_seam():
    """Every text, plaque and bridge site the board draws lies wholly on one side of the A4 seam."""
    board = _board("a4")
    (seam,) = _seams(render(board, PrintSettings(paper="a4"), "en").pdf)
    assert _drawn_cut(board, seam) == []


def test_a_seam_through_a_label_is_caught():
    """The oracle itself: the old A4 seam (192 mm) on the old map cut the San Marco plaque and three bridge
    sites; a seam through a track space is caught too."""
    feats = features(loader.CLASSIC)
    san_marco = next((lo + hi) / 2 for name, lo, hi in feats if name == "San Marco plaque")
    assert crossings(san_marco, feats)[0] == "San Marco plaque"
    assert crossings(192.0 + 3.0, feats)[-1] == "score track space 15"


def test_a_map_whose_labels_block_every_seam_builds_with_a_warning_naming_them(tmp_path):
    """The San Marco plaque moved back to where it was (across 191-193 mm, the only seams two A4 tiles allow):
    still two sheets, and the build says what the seam cuts."""
    text = loader.CLASSIC.read_text(encoding="utf-8")
    assert text.count("label: [160.2, 138.0]") == 1
    mine = tmp_path / "my-san-marco.yaml"
    mine.write_text(text.replace("label: [160.2, 138.0]", "label: [177.3, 138.1]"), encoding="utf-8")
    r = render(_board("a4", definition=mine), PrintSettings(paper="a4"), "en")
    assert page_count(r.pdf) == 2
    (warning,) = [w for w in r.warnings if "seam" in w]
    assert "no tile seam on a4 paper" in warning and "cuts through the San Marco plaque" in warning
    assert "bridge site" not in warning
    # the oracle agrees: every A4 seam (191 to 193 mm) crosses the moved plaque
    feats = features(mine)
    assert all("San Marco plaque" in crossings(191 + k * 0.25, feats) for k in range(9))


def _drawn_cut(board: BoardComponent, seam: float) -> list[object]:
    """What the drawn board has across a vertical seam at ``seam``: texts, plaques (the small boxes), medals and
    bridge sites (polygons of the site fill)."""
    site_fill = "#f3e9d2"
    cut = []
    for e in board.piece.elements:
        if isinstance(e, Text) or (isinstance(e, Rect) and e.w < 50 and e.h < 30):
            lo, hi = e.x, e.x + e.w
        elif isinstance(e, Polygon) and e.fill == site_fill:
            lo, hi = min(p[0] for p in e.points), max(p[0] for p in e.points)
        else:
            continue
        if lo + 0.05 < seam < hi - 0.05:
            cut.append(e)
    return cut


@pytest.mark.parametrize("paper", ["a4", "letter", "legal"])
def test_the_six_player_map_is_cut_through_nothing(paper):
    """The shipped six-player map, made by the generator: its two sheets' seam misses every bridge site (as
    six-players.yaml places them), the track's spaces and everything the board draws; the build warns of
    nothing."""
    board = _board(paper, definition=loader.SIX_PLAYERS)
    r = render(board, PrintSettings(paper=paper), "en")
    assert page_count(r.pdf) == 2
    (seam,) = _seams(r.pdf)
    sites = [(name, lo, hi) for name, lo, hi in features(loader.SIX_PLAYERS) if name.startswith("site ")]
    assert crossings(seam, sites) == []
    assert _drawn_cut(board, seam) == []
    assert not [w for w in r.warnings if "seam" in w]


SMALLEST_NEAR_A_CUT = 0.75 * PLAQUE[0]  # mm: a plaque beside a cut may shrink to 3/4, no further
SMALLEST = 0.6 * PLAQUE[0]  # mm: any plaque (a small district's shrinks to fit it), its name still 6.6 pt


@pytest.mark.parametrize(("style", "players", "districts"),
                         [("lagoon", 4, 6), ("lagoon", 5, 8), ("lagoon", 6, 9), ("lagoon", 6, 10), ("ring", 6, 8),
                          ("island", 6, 9)])
def test_generated_maps_are_cut_through_nothing_on_two_sheets(style, players, districts):
    """Every map the generator draws for a variant keeps the A4 / Letter / Legal seam (192 mm) clear: the seam
    crosses no bridge site, no plaque, no medal or text, and every plaque stays legible (the cut leaves room for a
    plaque of 3/4 size beside it; a smaller one is a small district's)."""
    classic, gen = loader.load(), loader.load_generator()
    for seed in (1, 2, 3):
        game = generate_variant(classic, gen, players, districts, None, seed, style)
        kit_board = next(c for c in build(game, loader.load_texts(), loader.load_style(), "en", K.deck_templates(),
                                          None, classic, "a4") if isinstance(c, BoardComponent))
        r = render(kit_board, PrintSettings(paper="a4"), "en")
        assert page_count(r.pdf) == 2
        (seam,) = _seams(r.pdf)
        assert seam == pytest.approx(192.0, abs=0.01)
        assert _drawn_cut(kit_board, seam) == [], (style, districts, seed)
        assert not [w for w in r.warnings if "seam" in w], (style, districts, seed)
        plaques = [e for e in kit_board.piece.elements
                   if isinstance(e, Rect) and e.fill == PLAQUE_FILL and e.x < PANEL_X]
        assert len(plaques) == districts
        assert min(p.w for p in plaques) >= SMALLEST - 0.01, (style, districts, seed)
        # the cut leaves room for a plaque of 3/4 size at least: no label point nearer the cut than that
        nearest = min(abs(p.x + p.w / 2 - seam) for p in plaques)
        assert nearest >= SMALLEST_NEAR_A_CUT / 2 + CLEAR, (style, districts, seed)


def test_the_six_player_map_fits_one_a3_sheet_without_a_seam():
    r = render(_board("a3", definition=loader.SIX_PLAYERS), PrintSettings(paper="a3"), "en")
    assert page_count(r.pdf) == 1
    assert not [w for w in r.warnings if "seam" in w]
