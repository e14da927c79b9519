"""The sheet's geometry against the game definition, without rendering."""

from __future__ import annotations

import json
from itertools import combinations, pairwise

import pytest

from printkit.engine.components import BuildOptions
from printkit.engine.errors import InputError
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.ganz_schon_clever.kit import components
from printkit.games.ganz_schon_clever.layout.sheet import (
    BonusMark,
    SheetBox,
    SheetPlan,
    build_sheet,
    serial_for,
    sheet_boxes,
)
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet_layout import SheetLayout

from .conftest import build

FORMATS = ("a4", "letter", "a4-half", "letter-half")


def _area(boxes: tuple[SheetBox, ...], area: str) -> list[SheetBox]:
    return sorted((b for b in boxes if b.area == area), key=lambda b: b.index)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def _rect(o: SheetBox | BonusMark) -> tuple[float, float, float, float]:
    return (o.x, o.y, o.w, o.h)


@pytest.fixture(scope="module", params=FORMATS)
def plan(request: pytest.FixtureRequest, game: GscGame, layout: SheetLayout) -> SheetPlan:
    return build_sheet(game, layout, request.param)


def test_every_colour_box_is_drawn_with_its_definition_value(plan: SheetPlan, game: GscGame) -> None:
    for area in ("yellow", "blue"):
        drawn = _area(plan.boxes, area)
        defined = game.boxes[area]
        assert [(b.index, b.row, b.column, b.value) for b in drawn] == [
            (d.index, d.row, d.column, d.value) for d in defined
        ]
    assert [b.value for b in _area(plan.boxes, "green")] == list(game.green.thresholds)
    assert [b.multiplier for b in _area(plan.boxes, "orange")] == list(game.orange.multipliers)
    assert len(_area(plan.boxes, "purple")) == game.purple.boxes
    for action, track in game.action_tracks.items():
        assert len(_area(plan.boxes, action)) == track.boxes
    assert len(_area(plan.boxes, "dice")) == game.turns.active_picks


def test_grids_and_tracks_line_up(plan: SheetPlan, game: GscGame) -> None:
    for area in ("yellow", "blue"):
        cells = _area(plan.boxes, area)
        for b in cells:
            for o in cells:
                if b.row == o.row:
                    assert b.y == pytest.approx(o.y)
                    assert (b.x < o.x) == (b.column < o.column) or b.column == o.column
                if b.column == o.column:
                    assert b.x == pytest.approx(o.x)
                    assert (b.y < o.y) == (b.row < o.row) or b.row == o.row
    for area in ("green", "orange", "purple"):
        boxes = _area(plan.boxes, area)
        assert all(b.y == pytest.approx(boxes[0].y) for b in boxes)
        assert all(a.x + a.w < b.x for a, b in pairwise(boxes))


def test_nothing_overlaps_and_everything_is_on_the_sheet(plan: SheetPlan) -> None:
    w, h = plan.piece.width, plan.piece.height
    things = [_rect(b) for b in plan.boxes] + [_rect(m) for m in plan.bonuses]
    for x, y, bw, bh in things:
        assert 0 <= x <= x + bw <= w
        assert 0 <= y <= y + bh <= h
    for a, b in combinations(things, 2):
        assert not _overlap(a, b), (a, b)
    furniture = [(m.x, m.y, m.size, m.size) for m in plan.markers] + [(plan.qr.x, plan.qr.y, plan.qr.size,
                                                                        plan.qr.size)]
    for f in furniture:
        for t in things:
            assert not _overlap(f, t), (f, t)
    for a, b in combinations(furniture, 2):
        assert not _overlap(a, b)


def test_markers_are_distinct_and_in_the_four_corners(plan: SheetPlan, layout: SheetLayout) -> None:
    assert sorted(m.kind for m in plan.markers) == [0, 1, 2, 3]
    w, h = plan.piece.width, plan.piece.height
    inset = layout.formats[plan.format].marker.inset
    corners = {0: (0, 0), 1: (w, 0), 2: (w, h), 3: (0, h)}
    for m in plan.markers:
        cx, cy = corners[m.kind]
        nearest_x = m.x if cx == 0 else w - (m.x + m.size)
        nearest_y = m.y if cy == 0 else h - (m.y + m.size)
        assert nearest_x == pytest.approx(inset) and nearest_y == pytest.approx(inset)


def _mark(plan: SheetPlan, area: str, group: str, index: int) -> BonusMark:
    found = [m for m in plan.bonuses if (m.area, m.group, m.index) == (area, group, index)]
    assert len(found) == 1, (area, group, index)
    return found[0]


def test_track_bonuses_sit_under_the_box_the_reference_names(plan: SheetPlan, game: GscGame) -> None:
    for area, bonus_map in (("green", game.green.box_bonus), ("orange", game.orange.box_bonus),
                            ("purple", game.purple.box_bonus)):
        boxes = _area(plan.boxes, area)
        for number, bonus in bonus_map.items():
            box = boxes[number - 1]
            mark = _mark(plan, area, "box", number - 1)
            assert mark.code == bonus.code
            assert box.x <= mark.x + mark.w / 2 <= box.x + box.w  # centred under the box
            assert 0 < mark.y - (box.y + box.h) < box.h / 2  # just below it
        marked = {m.index for m in plan.bonuses if m.area == area}
        assert marked == {n - 1 for n in bonus_map}


def test_row_column_and_diagonal_bonuses(plan: SheetPlan, game: GscGame) -> None:
    for area, row_bonus in (("yellow", game.yellow.row_bonus), ("blue", game.blue.row_bonus)):
        cells = _area(plan.boxes, area)
        for r, bonus in enumerate(row_bonus):
            row = [b for b in cells if b.row == r]
            mark = _mark(plan, area, "row", r)
            assert mark.code == bonus.code
            assert row[0].y <= mark.y + mark.h / 2 <= row[0].y + row[0].h  # level with the row
            assert mark.x > max(b.x + b.w for b in row)  # at its right end
    cells = _area(plan.boxes, "blue")
    for c, bonus in enumerate(game.blue.column_bonus):
        col = [b for b in cells if b.column == c]
        mark = _mark(plan, "blue", "column", c)
        assert mark.code == bonus.code
        assert col[0].x <= mark.x + mark.w / 2 <= col[0].x + col[0].w
        assert mark.y > max(b.y + b.h for b in col)
    yellow = {(b.row, b.column): b for b in _area(plan.boxes, "yellow")}
    last = yellow[tuple(v - 1 for v in game.yellow.diagonal.cells[-1])]  # type: ignore[index]
    diag = _mark(plan, "yellow", "diagonal", 0)
    assert diag.code == game.yellow.diagonal.bonus.code
    assert diag.x > last.x + last.w and diag.y > last.y + last.h  # where the diagonal points


def test_yellow_column_points_are_printed_under_their_columns(game: GscGame) -> None:
    sheets, _, _ = build()
    printed = _printed(sheets)
    for points in game.yellow.column_points:
        assert str(points) in printed


def _printed(sheets) -> list[str]:
    from printkit.engine.elements import Text

    return [e.text for e in sheets.pages[0].elements if isinstance(e, Text)]


def test_every_fox_is_drawn(plan: SheetPlan) -> None:
    foxes = [(m.area, m.group, m.index) for m in plan.bonuses if m.code == "fox"]
    assert sorted(foxes) == sorted([("yellow", "row", 3), ("blue", "row", 2), ("green", "box", 6),
                                    ("orange", "box", 7), ("purple", "box", 6)])


def test_round_bonuses_under_their_rounds(plan: SheetPlan, game: GscGame) -> None:
    rounds = _area(plan.boxes, "round")
    for number, options in game.rounds.start_bonus.items():
        mark = _mark(plan, "round", "round", number - 1)
        assert mark.code == "|".join(b.code for b in options)
        circle = rounds[number - 1]
        assert circle.x <= mark.x + mark.w / 2 <= circle.x + circle.w
        assert mark.y > circle.y + circle.h


@pytest.mark.parametrize(("players", "expected"), [(1, 6), (2, 6), (3, 5), (4, 4), (None, 6)])
def test_rounds_shown_match_the_player_count(game: GscGame, layout: SheetLayout, players: int | None,
                                              expected: int) -> None:
    if players is not None:  # the reference: 1-2 players 6 rounds, 3 players 5, 4 players 4
        assert game.rounds_for(players) == expected
    plan = build_sheet(game, layout, "a4", players=players)
    rounds = _area(plan.boxes, "round")
    assert [b.value for b in rounds] == list(range(1, expected + 1))
    assert plan.rounds == expected
    assert f"rounds={expected}" in plan.qr_data


def _frame(layout: SheetLayout, fmt: str) -> tuple[float, float, float]:
    """Scale and origin of the design frame, as docs/gsc-sheet.md states it: the design scaled to
    fit inside the format's margin (never above max_scale) and centred on the sheet."""
    f, d = layout.formats[fmt], layout.design
    pw, ph = f.page
    s = min((pw - 2 * f.margin) / d.width, (ph - 2 * f.margin) / d.height, layout.max_scale)
    return s, (pw - d.width * s) / 2, (ph - d.height * s) / 2


@pytest.mark.parametrize("fmt", FORMATS)
def test_sheet_boxes_follow_the_definition_data(fmt: str, game: GscGame, layout: SheetLayout) -> None:
    """``sheet_boxes`` against game.yaml and sheet.yaml alone, not against the drawing code."""
    boxes = sheet_boxes(game, layout, fmt)
    s, ox, oy = _frame(layout, fmt)
    m = layout.metrics

    def approx(v: float) -> object:
        return pytest.approx(v, abs=0.002)  # the box table is rounded to 0.001 mm

    def inside(b: SheetBox, area: str) -> None:
        r = getattr(layout.regions, area)
        assert ox + r.x * s - 1e-3 <= b.x and b.x + b.w <= ox + r.right * s + 1e-3, b
        assert oy + r.y * s - 1e-3 <= b.y and b.y + b.h <= oy + r.bottom * s + 1e-3, b

    for area, grid in (("yellow", game.yellow.grid), ("blue", game.blue.grid)):
        cells = _area(boxes, area)
        printed = {(r, c): v for r, row in enumerate(grid) for c, v in enumerate(row) if v}  # 0 / None: no box
        assert {(b.row, b.column): b.value for b in cells} == printed
        pitch = (m.cell + m.cell_gap) * s
        x0 = ox + (getattr(layout.regions, area).x + m.panel_inset) * s
        y0 = min(b.y for b in cells if b.row == 0)
        for b in cells:
            inside(b, area)
            assert b.kind == "cell" and b.shape == "rect"
            assert (b.w, b.h) == (approx(m.cell * s), approx(m.cell * s))
            assert b.x == approx(x0 + b.column * pitch), b  # columns step by cell + gap from the panel inset
            assert b.y == approx(y0 + b.row * pitch), b  # one y per row, rows step by cell + gap

    for area, values in (
        ("green", list(game.green.thresholds)),
        ("orange", [None] * len(game.orange.multipliers)),
        ("purple", [None] * game.purple.boxes),
    ):
        track = _area(boxes, area)
        assert [b.value for b in track] == values
        assert [b.column for b in track] == list(range(len(values)))
        gap = (m.purple_gap if area == "purple" else m.track_gap) * s
        for b in track:
            inside(b, area)
            assert b.h == approx(m.track_box * s) and b.w == approx(track[0].w)
            assert b.y == approx(track[0].y)
            assert b.x >= ox + (getattr(layout.regions, area).x + m.tab) * s  # right of the name tab
        for a, b in pairwise(track):
            assert b.x - a.x == pytest.approx(a.w + gap, abs=0.004)
    assert [b.multiplier for b in _area(boxes, "orange")] == list(game.orange.multipliers)
    assert [b.value for b in _area(boxes, "round")] == list(range(1, 7))
    assert [b.value for b in _area(sheet_boxes(game, layout, fmt, players=4), "round")] == [1, 2, 3, 4]


def test_box_table_json_matches_the_layout(game: GscGame, layout: SheetLayout) -> None:
    sheets, _, table = build(paper="letter", per_page=2)
    doc = json.loads(table.text)
    plan = build_sheet(game, layout, "letter-half")
    assert table.filename == "score-sheet-boxes-letter-half.json"
    assert doc["game"] == game.id and doc["layout_version"] == layout.layout_version
    assert doc["format"] == "letter-half"
    assert (doc["sheet"]["width"], doc["sheet"]["height"]) == (sheets.pages[0].width, sheets.pages[0].height)
    assert len(doc["boxes"]) == len(plan.boxes)
    for entry, box in zip(doc["boxes"], plan.boxes, strict=True):
        assert (entry["area"], entry["index"], entry["x"], entry["y"], entry["w"], entry["h"]) == (
            box.area, box.index, box.x, box.y, box.w, box.h)
    assert sorted(m["kind"] for m in doc["markers"]) == [0, 1, 2, 3]


def test_qr_payload_and_serials(game: GscGame, layout: SheetLayout) -> None:
    """Serials in their documented form (docs/gsc-sheet.md): the first 6 hex digits of
    SHA-256("ganz-schon-clever:<seed>"), pinned here as computed once by hand, then -0001, -0002..."""
    sheets, _, _ = build(count=3, seed=7)
    from printkit.engine.elements import QRCode

    payloads = [next(e for e in p.elements if isinstance(e, QRCode)).data for p in sheets.pages]
    assert payloads == [f"printkit:ganz-schon-clever?layout={layout.layout_version}&format=a4&rounds=6"
                        f"&serial=3cb82a-000{n}" for n in (1, 2, 3)]
    assert serial_for(1, 1) == "51304a-0001"  # the example in docs/gsc-sheet.md
    assert serial_for(8, 12) == "af8c24-0012"
    pdf = render(sheets, PrintSettings(), "en").pdf
    from devkit.readback import all_text

    pages = all_text(pdf)
    assert ["3cb82a-0001" in pages[0], "3cb82a-0002" in pages[1], "3cb82a-0003" in pages[2]] == [True] * 3
    # a pad printed for a player count says so (scanners cannot tell 1 from 2 players by the rounds)
    two, _, _ = build(count=1, players=2)
    qr = next(e for e in two.pages[0].elements if isinstance(e, QRCode))
    assert qr.data.endswith("&serial=51304a-0001&players=2")


@pytest.mark.parametrize(("count", "per_page"), [(1, 1), (5, 1), (5, 2), (4, 2)])
def test_pad_holds_count_sheets(count: int, per_page: int) -> None:
    sheets, solo, _ = build(count=count, per_page=per_page)
    assert len(sheets.pages) == count and sheets.per_page == per_page
    assert len(solo.pages) == 1 and solo.per_page == 1


def test_default_pad_is_ten_sheets() -> None:
    sheets = components(BuildOptions())[0]
    assert len(sheets.pages) == 10  # type: ignore[union-attr]


@pytest.mark.parametrize("extra", [{"count": 0}, {"per_page": 3}, {"count": "x"}])
def test_bad_options_are_input_errors(extra: dict[str, object]) -> None:
    with pytest.raises(InputError):
        components(BuildOptions(extra=extra))


def test_bad_players_and_paper() -> None:
    with pytest.raises(InputError):
        components(BuildOptions(players=5))
    with pytest.raises(InputError):
        components(BuildOptions(paper="b5"))
    with pytest.raises(InputError):
        components(BuildOptions(lang="fr"))


def test_a3_prints_a4_sized_sheets_one_or_two_to_a_page() -> None:
    from devkit.readback import page_size_mm

    one, _, _ = components(BuildOptions(paper="a3", extra={"count": 2}))
    two, _, _ = components(BuildOptions(paper="a3", extra={"count": 2, "per_page": 2}))
    assert (one.pages[0].width, one.pages[0].height) == (210, 297)
    assert two.pages[0].width <= 210 and two.pages[0].height <= 297
    one_pdf = render(one, PrintSettings(paper="a3"), "en")
    two_pdf = render(two, PrintSettings(paper="a3"), "en")
    assert (one_pdf.pages, two_pdf.pages) == (2, 1)
    assert page_size_mm(two_pdf.pdf) == pytest.approx((420, 297), abs=0.01)
    assert not one_pdf.warnings and not two_pdf.warnings


def test_the_sheet_follows_the_data_not_the_code(game: GscGame, layout: SheetLayout) -> None:
    """Change the definition: the drawing changes with it (no game number lives in the code)."""
    from printkit.games.ganz_schon_clever.model.game import Green, Orange, Yellow

    green = Green(thresholds=(2,) * 11, box_bonus={1: "fox"}, points_by_crosses=tuple(range(12)))
    orange = Orange(multipliers=(3,) + (1,) * 10, box_bonus={})
    yellow = Yellow(grid=((6, 5, 4, 0), (1, 1, 0, 2), (3, 0, 2, 2), (0, 4, 4, 4)),
                    row_bonus=game.yellow.row_bonus, column_points=(1, 2, 3, 4), diagonal=game.yellow.diagonal)
    # Validate afresh: model_copy would keep the cached box lists of the original.
    variant = GscGame.model_validate({**game.model_dump(by_alias=True), "green": green.model_dump(),
                                      "orange": orange.model_dump(), "yellow": yellow.model_dump()})
    plan = build_sheet(variant, layout, "a4")
    assert [b.value for b in _area(plan.boxes, "green")] == [2] * 11
    assert [b.multiplier for b in _area(plan.boxes, "orange")] == [3] + [1] * 10
    assert [b.value for b in _area(plan.boxes, "yellow")][:3] == [6, 5, 4]
    assert [(m.area, m.index) for m in plan.bonuses if m.area in ("green", "orange")] == [("green", 0)]
    for points in ("1", "2", "3", "4"):
        assert points in plan.printed


def test_icons_are_plain_svg() -> None:
    """svglib ignores opacity and filters, so the icons must not rely on them."""
    from printkit.engine.paths import icon_dirs

    icons = sorted(icon_dirs()[0].glob("gsc-*.svg"))
    assert {p.stem for p in icons} >= {"gsc-reroll", "gsc-plus1", "gsc-fox", "gsc-x", "gsc-blue-white"}
    for p in icons:
        text = p.read_text()
        assert "opacity" not in text and "filter" not in text and "currentColor" in text, p
