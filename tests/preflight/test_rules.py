"""Each preflight rule, broken on purpose, is reported; the fixes it asks for hold."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printkit.cli import app
from printkit.engine.components import BoardComponent, CardComponent, SheetComponent
from printkit.engine.elements import Line, Piece, Rect, Text
from printkit.engine.paper import PrintSettings
from printkit.engine.preflight import check_log
from printkit.engine.preflight.language import language_problem, typography_problems
from printkit.engine.readback import char_boxes, page_size_mm
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


# ---------------------------------------------------------------------------------------- CLI


def _pdf(tmp_path: Path, component, name: str, lang: str = "en") -> Path:
    path = tmp_path / name
    path.write_bytes(render(component, PrintSettings(), lang).pdf)
    return path


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
    assert "from the paper edge" in result.output


def test_a_user_deck_warns_naming_card_and_element_and_strict_makes_it_an_error(tmp_path: Path):
    deck_file = tmp_path / "deck.yaml"
    deck_file.write_text(
        "title: Test\nsize: poker\nfront: standard\ncards:\n"
        "  - {name: Wordy, text: \"" + "so many words that the rules box overflows " * 12 + "\"}\n",
        encoding="utf-8")
    result = runner.invoke(app, ["build", str(deck_file), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0
    assert "Wordy" in result.output and "does not fit" in result.output and "text #" in result.output
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
