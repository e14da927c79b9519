"""Each preflight rule, broken on purpose, is reported; the fixes it asks for hold."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from devkit.readback import char_boxes, page_size_mm
from printkit.cli import app
from printkit.engine.components import BoardComponent, CardComponent, SheetComponent
from printkit.engine.elements import Line, Piece, Rect, Text
from printkit.engine.paper import PrintSettings
from printkit.engine.preflight import check_log
from printkit.engine.preflight.language import language_problem, typography_problems
from printkit.engine.render.pdf import render
from printkit.engine.render.text import fit_text

runner = CliRunner()


def rules_of(component, lang: str = "en", settings: PrintSettings | None = None, glossary=()) -> list:
    r = render(component, settings or PrintSettings(), lang, glossary=glossary)
    return check_log(r.log, glossary)


def card(*elements, name: str = "Test card", bleed_color: str | None = "#335577") -> Piece:
    return Piece(name, 63, 88, tuple(elements), bleed_color=bleed_color)


def deck(*pieces: Piece) -> CardComponent:
    return CardComponent("deck", "Deck", tuple(pieces))


def sheet(*elements) -> SheetComponent:
    return SheetComponent("sheet", "Sheet", (Piece("page", 190, 270, tuple(elements)),))


def test_a_clean_card_passes():
    assert rules_of(deck(card(Text(5, 5, 53, 10, "Bridge", size=12)))) == []


def test_text_that_does_not_fit_is_reported_naming_card_and_element():
    long = "A very long rule text that cannot possibly fit into this tiny box at any legible size at all"
    (f,) = rules_of(deck(card(Text(5, 5, 20, 4, long, size=10, min_size=4), name="Fireball")))
    assert f.rule == "fit" and f.piece == "Fireball" and "text #0" in f.element
    assert "does not fit" in f.message


def test_shrink_to_fit_stops_at_the_floor():
    long = "Shrinks and shrinks but never below six points " * 3
    set_ = fit_text(long, 20 * 72 / 25.4, 5 * 72 / 25.4, 10, 6)
    assert set_.size == 6 and not set_.fits
    r = render(deck(card(Text(5, 5, 20, 5, long, size=10, min_size=3))), PrintSettings(), "en")
    assert min(rec.size for p in r.log.placements for rec in p.texts) >= 6.0


@pytest.mark.parametrize(("text", "size", "floor"), [("tiny", 5.5, 6.0), ("太小", 6.0, 6.5)])
def test_text_below_the_floor_is_reported(text, size, floor):
    (f,) = rules_of(deck(card(Text(5, 5, 50, 10, text, size=size, min_size=size))))
    assert f.rule == "floor" and f"{floor:g} pt" in f.message


def test_text_outside_the_trim_is_reported():
    (f,) = rules_of(deck(card(Text(50, 5, 30, 8, "Overhang text", size=10, align="left"))))
    assert f.rule == "trim"


def test_art_that_stops_at_the_trim_of_a_cut_edge_is_reported():
    plain = card(Rect(0, 0, 63, 88, fill="#aa3300", stroke=None), bleed_color=None)
    found = rules_of(deck(plain))
    assert {f.rule for f in found} == {"bleed"}
    assert any("left edge" in f.message for f in found)
    full = card(Rect(-3, -3, 69, 94, fill="#aa3300", stroke=None), bleed_color=None)
    assert rules_of(deck(full)) == []


def test_edges_next_to_empty_slots_on_the_last_page_get_full_bleed():
    cards = [card(name=f"c{i}") for i in range(10)]  # 9 per A4 page: the 10th is alone on page 2
    r = render(deck(*cards), PrintSettings(duplex="off"), "en")
    last = [p for p in r.log.placements if p.page == 1 and p.role == "cut"]
    assert len(last) == 1 and last[0].bleed == (3.0, 3.0, 3.0, 3.0)
    assert check_log(r.log) == []


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("per_page", [1, 2])
def test_crop_marks_keep_5_mm_from_the_paper_edge_and_every_cut_has_one(paper, per_page):
    if per_page == 1:
        comp = deck(*[card(name=f"c{i}") for i in range(9)])
    else:
        comp = SheetComponent("pad", "Pad", tuple(Piece(f"s{i}", 132, 200) for i in range(2)), per_page=2, cut=True)
    r = render(comp, PrintSettings(paper=paper), "en")
    assert [f for f in check_log(r.log) if f.rule == "marks"] == []
    w, h = page_size_mm(r.pdf, 0)
    for page in r.log.pages:
        for m in page.marks:
            for x, y in ((m.x1, m.y1), (m.x2, m.y2)):
                assert 5 - 1e-3 <= x <= w - 5 + 1e-3 and 5 - 1e-3 <= y <= h - 5 + 1e-3


def test_marks_that_had_to_move_are_said():
    r = render(deck(*[card(name=f"c{i}") for i in range(9)]), PrintSettings(paper="letter"), "en")
    assert any("ticks" in n for n in r.log.notes)


def test_a_mark_near_the_paper_edge_is_reported():
    from printkit.engine.imposition import Segment

    r = render(deck(card()), PrintSettings(), "en")
    r.log.pages[0].marks.append(Segment(100, 2, 100, 4))
    assert any(f.rule == "marks" and "2.0 mm" in f.message for f in check_log(r.log))


@pytest.mark.parametrize("side", ["left", "top", "right", "bottom"])
def test_a_mark_near_each_paper_edge_is_reported_by_the_build_s_own_check(side: str):
    from printkit.engine.imposition import Segment

    r = render(deck(card()), PrintSettings(), "en")
    assert [f for f in check_log(r.log) if f.rule == "marks"] == []
    # A4 is 210 x 297 mm: a 2 mm tick whose nearest point is 2 mm from this side's edge, mid-way along it
    tick = {
        "left": Segment(2, 150, 4, 150),
        "top": Segment(100, 2, 100, 4),
        "right": Segment(206, 150, 208, 150),
        "bottom": Segment(100, 293, 100, 295),
    }[side]
    r.log.pages[0].marks.append(tick)
    found = [f for f in check_log(r.log) if f.rule == "marks"]
    assert len(found) == 1 and "a crop mark comes 2.0 mm from the paper edge" in found[0].message


def test_text_over_text_and_a_line_through_text_are_overlaps():
    found = rules_of(deck(card(Text(5, 5, 50, 8, "First label", size=10), Text(5, 7, 50, 8, "Second label", size=10))))
    assert [f.rule for f in found] == ["overlap"]
    found = rules_of(deck(card(Text(5, 20, 50, 8, "Struck through", size=10), Line(0, 24, 63, 24))))
    assert [f.rule for f in found] == ["overlap"] and "runs through" in found[0].message


def test_labels_side_by_side_too_close_read_as_one():
    a = Text(5, 20, 20, 6, "Round", size=8, align="right")
    b = Text(25.3, 20, 20, 6, "End", size=8, align="left")
    (f,) = rules_of(deck(card(a, b)))
    assert f.rule == "overlap" and "read as one" in f.message


def test_the_fold_line_never_runs_through_its_label():
    cards = [card(name=f"c{i}") for i in range(4)]
    comp = CardComponent("deck", "Deck", tuple(cards), backs=(card(name="back"),))
    for lang in ("en", "zh-TW", "de"):
        assert rules_of(comp, lang, PrintSettings(duplex="fold", paper="letter")) == []


def test_english_left_in_a_german_or_chinese_build_is_reported():
    assert language_problem("Great result!", "de")
    assert language_problem("Das war ziemlich gut.", "de") is None
    assert language_problem("Not bad, you could do better", "zh-TW")
    assert language_problem("請以 100% 列印：此線段應為 50 mm", "zh-TW") is None
    (f,) = rules_of(sheet(Text(10, 10, 150, 10, "Take two cards", size=10)), lang="de")
    assert f.rule == "language" and "English" in f.message


def test_chinese_typography_rules():
    assert "half-width" in typography_problems("狐狸,區域", ("狐狸,區域",), (True,))[0]
    assert "stray ASCII space" in typography_problems("得分。 然後", ("得分。 然後",), (True,))[0]
    assert "single character" in typography_problems("甲乙丙丁戊", ("甲乙丙丁", "戊"), (False, True))[0]
    assert "starts with closing" in typography_problems("甲乙，丙", ("甲乙", "，丙"), (False, True))[0]
    assert "split" in typography_problems("走到狐狸那裡", ("走到狐", "狸那裡"), (False, True), ("狐狸",))[0]


def test_the_renderer_keeps_glossary_words_whole_and_leaves_no_orphan():
    text = "每回合結束時計算狐狸數量並乘上最低分區域的分數"
    for width in range(20, 60):
        set_ = fit_text(text, width * 72 / 25.4, 1000, 8, 8, glossary=("狐狸", "區域"))
        lines = ["".join(t.text for t in line.tokens) for line in set_.lines]
        assert "".join(lines) == text
        assert not any(a.endswith(("狐", "區")) and b.startswith(("狸", "域")) for a, b in itertools.pairwise(lines))
        assert len(lines) == 1 or len(lines[-1]) > 1


def test_tiled_boards_get_outer_bleed_and_crop_marks():
    board = Piece("big board", 400, 300, (Rect(-3, -3, 406, 306, fill="#88aa66", stroke=None),))
    r = render(BoardComponent("board", "Board", board), PrintSettings(paper="a4"), "en")
    assert r.pages > 1
    assert check_log(r.log) == []
    assert all(page.marks for page in r.log.pages)


# A 400 x 300 mm board on A4 tiles 2 x 2 on landscape sheets: windows of 205 x 155 mm that overlap by 10 mm.
TILE_CAPTIONS = {
    "en": ["Board — tile A1: row 1 of 2, column 1 of 2: cut the top and left edges at the crop marks.",
           "Board — tile A2: row 1 of 2, column 2 of 2: cut the top and right edges at the crop marks; cut off the "
           "left margin along the dashed line and lay this tile 5 mm over tile A1, ⊕ on ⊕.",
           "Board — tile B1: row 2 of 2, column 1 of 2: cut the bottom and left edges at the crop marks; cut off "
           "the top margin along the dashed line and lay this tile 5 mm over tile A1, ⊕ on ⊕.",
           "Board — tile B2: row 2 of 2, column 2 of 2: cut the bottom and right edges at the crop marks; cut off "
           "the top and left margins along the dashed line and lay this tile 5 mm over tiles A2 and B1, ⊕ on ⊕."],
    "zh-TW": ["Board — 拼貼 A1：第 1/2 列，第 1/2 欄：沿裁切標記裁切上與左邊。",
              "Board — 拼貼 A2：第 1/2 列，第 2/2 欄：沿裁切標記裁切上與右邊；"
              "沿虛線裁去左側的邊，把這一張疊在拼貼 A1 上 5 公釐，⊕ 對準 ⊕。",
              "Board — 拼貼 B1：第 2/2 列，第 1/2 欄：沿裁切標記裁切下與左邊；"
              "沿虛線裁去上側的邊，把這一張疊在拼貼 A1 上 5 公釐，⊕ 對準 ⊕。",
              "Board — 拼貼 B2：第 2/2 列，第 2/2 欄：沿裁切標記裁切下與右邊；"
              "沿虛線裁去上與左側的邊，把這一張疊在拼貼 A2 與 B1 上 5 公釐，⊕ 對準 ⊕。"],
    "de": ["Board — Teil A1: Zeile 1 von 2, Spalte 1 von 2: die Kanten oben und links an den Schnittmarken schneiden.",
           "Board — Teil A2: Zeile 1 von 2, Spalte 2 von 2: die Kanten oben und rechts an den Schnittmarken "
           "schneiden; den Rand links an der gestrichelten Linie abschneiden und dieses Teil 5 mm über Teil A1 "
           "legen, ⊕ auf ⊕.",
           "Board — Teil B1: Zeile 2 von 2, Spalte 1 von 2: die Kanten unten und links an den Schnittmarken "
           "schneiden; den Rand oben an der gestrichelten Linie abschneiden und dieses Teil 5 mm über Teil A1 "
           "legen, ⊕ auf ⊕.",
           "Board — Teil B2: Zeile 2 von 2, Spalte 2 von 2: die Kanten unten und rechts an den Schnittmarken "
           "schneiden; die Ränder oben und links an der gestrichelten Linie abschneiden und dieses Teil 5 mm über "
           "die Teile A2 und B1 legen, ⊕ auf ⊕."],
}


GREEN = (0x88, 0xAA, 0x66)


def _pixel(img, x_mm: float, y_mm: float, dpi: int) -> tuple[int, int, int]:
    px = dpi / 25.4
    return img.getpixel((int(x_mm * px), int(y_mm * px)))


def _is_art(c: tuple[int, int, int]) -> bool:
    return all(abs(a - b) < 24 for a, b in zip(c, GREEN, strict=True))


def _ink(gray, x0: float, y0: float, x1: float, y1: float, dpi: int) -> int:
    px = dpi / 25.4
    box = gray.crop((int(x0 * px), int(y0 * px), int(x1 * px), int(y1 * px)))
    return int((np.asarray(box) < 100).sum())


@pytest.mark.parametrize("lang", list(TILE_CAPTIONS))
def test_tiled_board_pages_read_back_with_outer_bleed_marks_and_exact_assembly_text(lang: str):
    from devkit.readback import boxes_mm, page_count, page_text, render_page

    board = Piece("big board", 400, 300, (Rect(-3, -3, 406, 306, fill="#88aa66", stroke=None),))
    pdf = render(BoardComponent("board", "Board", board), PrintSettings(paper="a4"), lang).pdf
    assert page_count(pdf) == 4
    for i, caption in enumerate(TILE_CAPTIONS[lang]):
        assert page_size_mm(pdf, i) == pytest.approx((297, 210), abs=0.01)
        text = page_text(pdf, i).replace("\r", "").replace("\n", "")
        assert caption.replace(" ", "") in text.replace(" ", ""), (i, text)
        left, top, right, bottom = boxes_mm(pdf, i)["trim"]
        assert (right - left, bottom - top) == pytest.approx((205, 155), abs=0.01)
        img = render_page(pdf, i, 150)
        row, col = divmod(i, 2)
        mid_x, mid_y = (left + right) / 2 + 13, (top + bottom) / 2 + 13  # clear of registration crosses
        # Every edge: the art runs 2 mm past the trim (into the 3 mm bleed the BleedBox claims), and stops
        # before 4 mm; on a shared edge that bleed lies under the neighbour's overlap.
        for outer, (x_in, y_in), (x_out, y_out) in (
            (row == 0, (mid_x, top - 2), (mid_x, top - 4)),
            (row == 1, (mid_x, bottom + 2), (mid_x, bottom + 4)),
            (col == 0, (left - 2, mid_y), (left - 4, mid_y)),
            (col == 1, (right + 2, mid_y), (right + 4, mid_y)),
        ):
            assert _is_art(_pixel(img, x_in, y_in, 150)), (i, outer, x_in, y_in)
            assert not _is_art(_pixel(img, x_out, y_out, 150)), (i, x_out, y_out)
        # Crop marks on the outer edges: ink on the cut line's extension, in the margin, 5 mm or more from
        # the paper edge.
        gray = render_page(pdf, i, 300).convert("L")
        if row == 0:  # a vertical mark above the top edge, on the left cut line's extension
            x = left if col == 0 else left + 5
            assert _ink(gray, x - 0.5, 5, x + 0.5, top - 3.5, 300) > 0, i
        if col == 1:  # a horizontal mark right of the right edge, on the top cut line's extension
            y = top if row == 0 else top + 5
            assert _ink(gray, right + 3.5, y - 0.5, 297 - 5, y + 0.5, 300) > 0, i


# ---------------------------------------------------------------------------------------- CLI


def _pdf(tmp_path: Path, component, name: str, lang: str = "en") -> Path:
    path = tmp_path / name
    path.write_bytes(render(component, PrintSettings(), lang).pdf)
    return path


def test_a_wide_sheet_on_small_paper_is_printed_on_the_paper_turned():
    # A half-A4 sheet (190 x 132 mm) does not fit A5 upright (148 x 210) but fits it turned (210 x 148).
    half = SheetComponent("aid", "Aid", (Piece("aid", 190, 132, (Text(6, 6, 178, 10, "Legible", size=10),)),),
                          per_page=2, cut=True)
    r = render(half, PrintSettings(paper="a5"), "en")
    assert page_size_mm(r.pdf, 0) == pytest.approx((210, 148), abs=0.01)
    assert check_log(r.log) == []
    for ch in char_boxes(r.pdf, 0):
        assert ch.left >= 5 and ch.top >= 5 and ch.right <= 205 and ch.bottom <= 143


def test_cli_preflight_exit_codes(tmp_path: Path):
    clean = _pdf(tmp_path, sheet(Text(10, 10, 150, 10, "Legible", size=10)), "clean.pdf")
    small = _pdf(tmp_path, sheet(Text(10, 10, 150, 10, "Too small", size=5, min_size=5)), "small.pdf")
    junk = tmp_path / "junk.pdf"
    junk.write_text("not a pdf")
    assert runner.invoke(app, ["preflight", str(clean)]).exit_code == 0
    result = runner.invoke(app, ["preflight", str(small)])
    assert result.exit_code == 1 and "5.00 pt" in result.output
    result = runner.invoke(app, ["preflight", str(junk)])
    assert result.exit_code == 2 and "not a readable PDF" in result.output


def test_cli_preflight_reads_fonts_and_marks_of_a_pdf_made_elsewhere(tmp_path: Path):
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "elsewhere.pdf"
    c = Canvas(str(path), pagesize=(595, 842))
    c.setFont("Helvetica", 10)
    c.drawString(100, 400, "Helvetica is never embedded")
    c.line(100, 3, 110, 3)  # a mark 1 mm from the bottom edge
    c.save()
    result = runner.invoke(app, ["preflight", str(path)])
    assert result.exit_code == 1
    assert "not embedded" in result.output and "Helvetica" in result.output
    assert "1.1 mm from the bottom paper edge" in result.output


def test_a_user_deck_warns_naming_card_and_element_and_strict_makes_it_an_error(tmp_path: Path):
    deck_file = tmp_path / "deck.yaml"
    deck_file.write_text(
        "title: Test\nsize: poker\nfront: standard\ncards:\n"
        "  - {name: Wordy, text: \"" + "so many words that the rules box overflows " * 12 + "\"}\n",
        encoding="utf-8")
    result = runner.invoke(app, ["build", str(deck_file), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0
    assert "Wordy" in result.output and "does not fit" in result.output
    # the element by its template and line (it has no id), not by a number that shifts with `when:`
    assert "standard.yaml:" in result.output and "text #" not in result.output
    result = runner.invoke(app, ["build", str(deck_file), "--out", str(tmp_path / "out2"), "-q", "--strict"])
    assert result.exit_code == 2 and "preflight" in result.output


def test_a_problem_in_a_bundled_game_is_called_printkit_s_bug():
    from printkit.engine.build import Target, _preflight_warnings
    from printkit.engine.preflight import Finding
    from printkit.engine.registry import kits

    game = kits()[0]
    (text,) = _preflight_warnings(Target(game.id, game=game), "cards", [Finding("fit", "does not fit")], [])
    assert "printkit bug" in text
    (text,) = _preflight_warnings(Target("deck", game=game, file=Path("d.yaml")), "cards",
                                  [Finding("fit", "does not fit")], [])
    assert "printkit bug" not in text


def test_char_boxes_of_a_clean_build_lie_on_the_printable_area(tmp_path: Path):
    pdf = render(deck(*[card(Text(5, 5, 53, 10, "Bridge", size=12), name=f"c{i}") for i in range(9)]),
                 PrintSettings(paper="letter"), "en").pdf
    w, h = page_size_mm(pdf, 0)
    for ch in char_boxes(pdf, 0):
        assert ch.left >= 5 and ch.top >= 5 and ch.right <= w - 5 and ch.bottom <= h - 5


def test_an_image_by_relative_or_absolute_path_gives_the_same_bytes(tmp_path: Path, monkeypatch):
    from PIL import Image as PILImage

    from printkit.engine.elements import Image

    PILImage.new("RGB", (8, 8), (200, 30, 30)).save(tmp_path / "art.png")
    monkeypatch.chdir(tmp_path)

    def pdf(path: str) -> bytes:
        return render(deck(card(Image(path, 5, 5, 20, 20))), PrintSettings(), "en").pdf

    assert pdf("art.png") == pdf(str(tmp_path / "art.png")) == pdf("./art.png")


def test_a_deck_built_with_its_image_by_relative_or_absolute_path_writes_the_same_pdf(tmp_path: Path, monkeypatch):
    # End to end through `printkit build`: the same deck, its art named relative to the deck and by an
    # absolute path, the deck itself given relative to the working folder and absolute.
    from PIL import Image as PILImage

    PILImage.new("RGB", (16, 16), (30, 120, 200)).save(tmp_path / "art.png")
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "front.yaml").write_text(
        "elements:\n  - id: art\n    image: {path: \"{{ card.art }}\", x: 5, y: 5, w: 40, h: 40}\n", encoding="utf-8")
    deck_file = tmp_path / "deck.yaml"
    monkeypatch.chdir(tmp_path)
    built = []
    for art, deck_arg in (("art.png", "deck.yaml"), (str(tmp_path / "art.png"), str(deck_file)),
                          ("./art.png", "./deck.yaml")):
        deck_file.write_text(f"title: Art\nsize: poker\nfront: templates/front.yaml\ncards:\n"
                             f"  - {{name: One, art: '{art}'}}\n", encoding="utf-8")
        out = tmp_path / f"out{len(built)}"
        result = runner.invoke(app, ["build", deck_arg, "--out", str(out), "-q"])
        assert result.exit_code == 0, result.output
        (pdf,) = [p for p in out.rglob("*.pdf") if "card" in p.name or "deck" in p.name or "art" in p.name.lower()]
        built.append(pdf.read_bytes())
    assert b"/Subtype /Image" in built[0]  # the art is in it (a missing image would also give equal bytes)
    assert built[0] == built[1] == built[2]


def test_cli_preflight_reports_page_boxes_that_do_not_nest_and_a_page_too_small(tmp_path: Path):
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "boxes.pdf"
    c = Canvas(str(path), pagesize=(595, 842))
    c.setBleedBox((-20, -20, 615, 862))  # past the page
    c.setTrimBox((-30, 100, 400, 700))  # past the bleed
    c.showPage()
    c.setPageSize((14, 14))  # 4.9 mm square
    c.showPage()
    c.save()
    result = runner.invoke(app, ["preflight", str(path)])
    assert result.exit_code == 1
    assert "the BleedBox reaches past the page (MediaBox)" in result.output
    assert "the TrimBox reaches past the BleedBox" in result.output
    assert "page is 4.9 x 4.9 mm: too small to print" in result.output
