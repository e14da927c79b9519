"""Spreadsheets, CSV, pictures and other files a shared definition names: shapes that made printkit abort, hang
or eat gigabytes end in exit 2 naming the file, checked before the expensive reader runs."""

from __future__ import annotations

import os
import signal
import struct
import zipfile
import zlib
from pathlib import Path

import pytest
from PIL import Image

import printkit.engine.render.draw as draw
from printkit.engine.errors import InputError
from printkit.engine.spreadsheets import read_sheet
from printkit.engine.template.sandbox import format_text
from tests.engine.deck_files import build, write
from tests.engine.workbooks import write_xlsx


@pytest.fixture
def no_hang():
    """A case that would wait for ever fails here instead (a FIFO opened for reading waits for a writer)."""
    def stop(*_):
        raise TimeoutError("waited for a file that never came")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


# --- spreadsheets: looked at before calamine builds anything ----------------------------------------------------


def _with_part(path: Path, name: str, body: bytes) -> Path:
    """``path`` (an .xlsx) with one part replaced."""
    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    parts[name] = body
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, data in parts.items():
            z.writestr(n, data)
    return path


def _sheet(cells: str) -> bytes:
    return ('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
            f'2006/main"><sheetData>{cells}</sheetData></worksheet>').encode()


def far_cell(tmp: Path) -> Path:
    """1.8 KB: cells at A1, A2 and XFD1048576; calamine would build a 17-billion-cell grid (SIGABRT)."""
    book = write_xlsx(tmp / "cards.xlsx", {"Cards": [["name"], ["A"]]})
    return _with_part(book, "xl/worksheets/sheet1.xml", _sheet(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>'
        '<row r="2"><c r="A2" t="inlineStr"><is><t>A</t></is></c></row>'
        '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'))


def zip_bomb(tmp: Path) -> Path:
    """A part that unpacks to 70 MB of zeros (a few tens of KB packed)."""
    book = write_xlsx(tmp / "cards.xlsx", {"Cards": [["name"], ["A"]]})
    return _with_part(book, "xl/media/padding.bin", bytes(70 * 2**20))


def huge_shared_string(tmp: Path) -> Path:
    book = write_xlsx(tmp / "cards.xlsx", {"Cards": [["name"], ["A"]]})
    strings = '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>name</t></si>' \
              f'<si><t>{"x" * 40_000}</t></si></sst>'
    return _with_part(book, "xl/sharedStrings.xml", strings.encode())


def shared_string_everywhere(tmp: Path) -> Path:
    """One 30,000-character shared string named by 1,000 cells (and "name"): 30,000,004 characters filled in."""
    book = write_xlsx(tmp / "cards.xlsx", {"Cards": [["name"], ["A"]]})
    strings = '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>name</t></si>' \
              f'<si><t>{"x" * 30_000}</t></si></sst>'
    rows = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' + "".join(
        f'<row r="{r}"><c r="A{r}" t="s"><v>1</v></c></row>' for r in range(2, 1_002))
    _with_part(book, "xl/sharedStrings.xml", strings.encode())
    return _with_part(book, "xl/worksheets/sheet1.xml", _sheet(rows))


@pytest.mark.parametrize(("make", "named"), [
    (far_cell, "row 1,048,576, column XFD"),
    (zip_bomb, "unpacks to"),
    (huge_shared_string, "40,000 characters"),
    (shared_string_everywhere, "30,000,004 characters"),
])
def test_hostile_workbooks_are_refused_before_calamine_reads_them(tmp_path, make, named):
    book = make(tmp_path)
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\ndata: cards.xlsx\n")
    result = build(deck, "--out", tmp_path / "o")
    assert result.exit_code == 2, result.output
    assert "cards.xlsx" in result.output and named in result.output
    with pytest.raises(InputError, match=named.split(",")[0]):  # the bytes of a `data:` URL, the same checks
        read_sheet(Path("cards.xlsx"), data=book.read_bytes(), label="https://example.org/cards.xlsx")


def test_an_ordinary_workbook_still_reads(tmp_path):
    write_xlsx(tmp_path / "cards.xlsx", {"Cards": [["name", "qty"], ["Ann", 2], ["Bo", 1]]})
    rows = read_sheet(tmp_path / "cards.xlsx")
    assert [(r.fields["name"], r.fields["qty"], r.row) for r in rows] == [("Ann", 2, 2), ("Bo", 1, 3)]


# --- CSV ---------------------------------------------------------------------------------------------------------


def test_a_csv_of_80000_columns_is_read_in_linear_time(tmp_path):
    header = ",".join(f"c{i}" for i in range(80_000)) + ",c5"
    (tmp_path / "c.csv").write_text(header + "\n" + ",".join("1" * 1 for _ in range(80_001)) + "\n")
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\ncsv: c.csv\n")
    result = build(deck, "--out", tmp_path / "o")
    assert result.exit_code == 2 and "c.csv:1:80001" in result.output and "'c5' twice" in result.output


# --- files that are not files ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "name"), [("csv", "pipe.csv"), ("data", "pipe.xlsx"), ("front", "pipe.yaml")])
def test_a_fifo_named_by_a_definition_is_refused_not_waited_on(tmp_path, no_hang, key, name):
    os.mkfifo(tmp_path / name)
    cards = "" if key in ("csv", "data") else "cards: [{name: A}]\n"
    deck = write(tmp_path / "deck.yaml", f"title: T\nback: null\n{key}: {name}\n{cards}")
    result = build(deck, "--out", tmp_path / "o")
    assert result.exit_code == 2, result.output
    assert "deck.yaml:3:" in result.output and "is a pipe (FIFO), not a file" in result.output


def test_a_fifo_as_an_image_is_refused(tmp_path, no_hang):
    os.mkfifo(tmp_path / "art.png")
    write(tmp_path / "front.yaml", "elements:\n  - image: {path: art.png, x: 5, y: 5, w: 20, h: 20}\n")
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\nfront: front.yaml\ncards: [{name: A}]\n")
    result = build(deck, "--out", tmp_path / "o")
    assert result.exit_code == 2 and "front.yaml:2:" in result.output and "is a pipe (FIFO)" in result.output


# --- pictures ----------------------------------------------------------------------------------------------------


def _png_header_only(path: Path, width: int, height: int) -> Path:
    """A PNG that claims ``width`` × ``height`` (what a small, highly compressed one does) with no pixels."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b""))
    return path


def image_deck(tmp: Path, *names: str) -> Path:
    elements = "".join(f"  - image: {{path: {n}, x: 5, y: 5, w: 20, h: 20}}\n" for n in names)
    write(tmp / "front.yaml", "elements:\n" + elements)
    return write(tmp / "deck.yaml", "title: T\nback: null\nfront: front.yaml\ncards: [{name: A}]\n")


def test_a_picture_over_the_pixel_budget_is_refused_before_decoding(tmp_path):
    _png_header_only(tmp_path / "huge.png", 13_000, 13_000)
    result = build(image_deck(tmp_path, "huge.png"), "--out", tmp_path / "o")
    assert result.exit_code == 2, result.output
    assert "huge.png" in result.output and "13,000 × 13,000 px" in result.output


def test_pictures_together_have_a_pixel_budget_per_pdf(tmp_path, monkeypatch):
    monkeypatch.setattr(draw, "MAX_DOCUMENT_PIXELS", 2_000)  # three 30 × 30 pictures: 2,700 px
    for n in ("a", "b", "c"):
        Image.new("RGB", (30, 30), "#336699").save(tmp_path / f"{n}.png")
    result = build(image_deck(tmp_path, "a.png", "b.png", "a.png", "c.png"), "--out", tmp_path / "o")
    assert result.exit_code == 2, result.output
    assert "c.png" in result.output and "3 pictures hold" in result.output


def test_the_cmyk_picture_cache_is_bounded(tmp_path):
    names = [f"p{i}.png" for i in range(9)]
    for i, n in enumerate(names):
        Image.new("RGB", (40, 40), (i * 20, 90, 120)).save(tmp_path / n)
    draw._cmyk_reader.cache_clear()
    result = build(image_deck(tmp_path, *names), "--out", tmp_path / "o", "--cmyk")
    assert result.exit_code == 0, result.output
    assert draw._cmyk_reader.cache_info().misses >= 9 and draw._cmyk_reader.cache_info().currsize == 4


def test_an_svg_too_large_to_read_whole_is_refused_not_left_blank(tmp_path):
    d = "M0 0 " + "L1 1 " * 2_200_000  # an 11 MB path
    (tmp_path / "big.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="{d}"/>'
                                      "</svg>")
    result = build(image_deck(tmp_path, "big.svg"), "--out", tmp_path / "o")
    assert result.exit_code == 2 and "big.svg" in result.output and "11.0 MB" in result.output


# --- texts a definition fills in: the sandbox's formatter ---------------------------------------------------------


@pytest.mark.parametrize(("text", "problem"), [
    ("{district.__class__}", "unsafe"),
    ("{district.upper}", "builtin_function_or_method"),
    ("{nope}", "no value for {nope}; it may use {district}"),
    ("{district:>1500000000}", "width of 100000 or more"),
    ("Move {", "Single '{'"),
])
def test_definition_texts_are_filled_in_by_the_sandboxed_formatter(text, problem):
    with pytest.raises(InputError) as exc:
        format_text(text, "decks.action 'Move': effect", district="Rialto")
    assert "decks.action 'Move': effect" in str(exc.value) and problem in str(exc.value)
    assert format_text("Move to {district}, {n:>3}.", "x", district="Rialto", n=7) == "Move to Rialto,   7."


def test_svg_files_together_have_a_budget_per_pdf_counted_before_parsing(tmp_path, monkeypatch):
    """Five icons of ~1 KB under a budget of 2,500 bytes: the third is refused, and never parsed."""
    monkeypatch.setattr(draw, "MAX_DOCUMENT_SVG_BYTES", 2_500)
    parsed: list[str] = []
    real = draw.svg2rlg
    monkeypatch.setattr(draw, "svg2rlg", lambda source, *a, **k: parsed.append("svg") or real(source, *a, **k))
    points = " ".join(f"L{i % 97} {i % 89}" for i in range(120))
    for i in range(5):
        write(tmp_path / "t" / "icons" / f"i{i}.svg", f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
              f'<path d="M{i} 0 {points}"/></svg>')
    sizes = [(tmp_path / "t" / "icons" / f"i{i}.svg").stat().st_size for i in range(5)]
    assert sizes[0] + sizes[1] <= 2_500 < sizes[0] + sizes[1] + sizes[2]
    cards = "".join(f"  - {{name: C{i}, icon: i{i}}}\n" for i in range(5))
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\ncards:\n" + cards)
    result = build(deck, "--templates", tmp_path / "t", "--out", tmp_path / "o")
    assert result.exit_code == 2, result.output
    assert "i2.svg" in result.output and "3 SVG files hold" in result.output
    assert len(parsed) == 2
