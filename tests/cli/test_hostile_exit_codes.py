"""Hostile or unlucky input ends in exit 2 and a message naming the file, never exit 3 "internal error".

Each case is one input the README promises a clear answer for; the family runs them all through the CLI
(Typer's runner) so an exception escaping any layer fails the case instead of being printed as a bug.
"""

from __future__ import annotations

import errno
import os
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printkit.cli import app

runner = CliRunner()
_PATCHES: list[tuple[object, str, object]] = []  # (module, name, stand-in) a case asks for while it runs
BIG_INT = "9" * 5_000  # past Python's 4,300-digit limit on int(str)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def deck(tmp: Path, cards: str = "- {name: A}", extra: str = "") -> Path:
    return write(tmp / "deck.yaml", "title: T\nback: null\n" + extra + "cards:\n" + textwrap.indent(cards, "  "))


def front(tmp: Path, element: str, extra: str = "") -> Path:
    """A deck whose front template (next to it, named by ``front:``) holds one element."""
    write(tmp / "front.yaml", extra + "elements:\n  - " + element + "\n")
    return deck(tmp, extra="front: front.yaml\n")


def icon(tmp: Path, svg: str) -> Path:
    write(tmp / "t" / "icons" / "bad.svg", svg)
    return deck(tmp, "- {name: A, icon: bad}")


# Each case: (id, make(tmp) -> (argv, the file the message must name)).
Case = Callable[[Path], tuple[list[str], str]]


def _build(d: Path, tmp: Path, *more: str) -> list[str]:
    return ["build", "-q", str(d), "--out", str(tmp / "o"), *more]


def yaml_huge_int(tmp: Path) -> tuple[list[str], str]:
    return _build(deck(tmp, f"- {{name: A, cost: {BIG_INT}}}"), tmp), "deck.yaml"


def yaml_huge_qty(tmp: Path) -> tuple[list[str], str]:
    return _build(deck(tmp, f"- {{name: A, qty: {BIG_INT}}}"), tmp), "deck.yaml"


def csv_huge_qty(tmp: Path) -> tuple[list[str], str]:
    write(tmp / "c.csv", f"name,qty\nA,{BIG_INT}\n")
    return _build(write(tmp / "deck.yaml", "title: T\nback: null\ncsv: c.csv\n"), tmp), "c.csv"


def json_deep_deck(tmp: Path) -> tuple[list[str], str]:
    d = write(tmp / "deck.json", '{"title": "T", "cards": ' + "[" * 100_000 + "]" * 100_000 + "}")
    return _build(d, tmp), "deck.json"


def json_deep_sheet(tmp: Path) -> tuple[list[str], str]:
    s = write(tmp / "sheet.json", '{"game": "ganz-schon-clever", "yellow": ' + "[" * 100_000 + "]" * 100_000 + "}")
    return ["check", str(s)], "sheet.json"


def yaml_huge_int_sheet(tmp: Path) -> tuple[list[str], str]:
    s = write(tmp / "sheet.yaml", f"game: ganz-schon-clever\nplayers: {BIG_INT}\n")
    return ["check", str(s)], "sheet.yaml"


def yaml_huge_int_sheet_json(tmp: Path) -> tuple[list[str], str]:
    s = write(tmp / "sheet.yaml", f"game: ganz-schon-clever\nplayers: {BIG_INT}\n")
    return ["check", "--json", str(s)], '"message": "a number with more than 4,300 digits"'


def nul_in_csv_path(tmp: Path) -> tuple[list[str], str]:
    return _build(write(tmp / "deck.yaml", 'title: T\nback: null\ncsv: "c\\0.csv"\n'), tmp), "deck.yaml"


def nul_in_front_path(tmp: Path) -> tuple[list[str], str]:
    return _build(write(tmp / "deck.yaml", 'title: T\nback: null\nfront: "f\\0.yaml"\ncards: [{name: A}]\n'),
                  tmp), "deck.yaml"


def nested_parentheses(tmp: Path) -> tuple[list[str], str]:
    expr = "(" * 5_000 + "1" + ")" * 5_000
    return _build(front(tmp, f'text: {{x: 5, y: 5, w: 40, h: 10, text: "{{{{ {expr} }}}}"}}'), tmp), "front.yaml"


def csv_long_field(tmp: Path) -> tuple[list[str], str]:
    write(tmp / "c.csv", "name,text\nA," + "x" * 140_000 + "\n")
    return _build(write(tmp / "deck.yaml", "title: T\nback: null\ncsv: c.csv\n"), tmp), "c.csv"


def csv_unclosed_quote(tmp: Path) -> tuple[list[str], str]:
    write(tmp / "c.csv", 'name,text\nA,"never closed\nB,b\n')
    return _build(write(tmp / "deck.yaml", "title: T\nback: null\ncsv: c.csv\n"), tmp), "c.csv"


SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="10" viewBox="0 0 10 10"><rect width="10" ' \
      'height="10"/></svg>'


def svg_width_zero(tmp: Path) -> tuple[list[str], str]:
    return _build(icon(tmp, SVG.format(w=0)), tmp, "--templates", str(tmp / "t")), "bad.svg"


def svg_width_huge(tmp: Path) -> tuple[list[str], str]:
    return _build(icon(tmp, SVG.format(w="1e308")), tmp, "--templates", str(tmp / "t")), "bad.svg"


def qr_too_long(tmp: Path) -> tuple[list[str], str]:
    return _build(front(tmp, "qrcode: {data: '" + "x" * 3_000 + "', x: 5, y: 5, size: 30}"), tmp), "front.yaml"


def dash_zero(tmp: Path) -> tuple[list[str], str]:
    return _build(front(tmp, "rect: {x: 5, y: 5, w: 20, h: 20, stroke: '#000000', dash: [0, 0]}"), tmp), "front.yaml"


def stroke_width_huge(tmp: Path) -> tuple[list[str], str]:
    return _build(front(tmp, "rect: {x: 5, y: 5, w: 20, h: 20, stroke: '#000000', stroke_width: 1e300}"),
                  tmp), "front.yaml"


def out_under_a_file(tmp: Path) -> tuple[list[str], str]:
    write(tmp / "file", "a file")
    return ["build", "-q", str(deck(tmp)), "--out", str(tmp / "file" / "o")], str(tmp / "file")


def out_on_read_only_file_system(tmp: Path) -> tuple[list[str], str]:
    """``--out`` where the file system refuses every write (EROFS), as on a read-only mount."""
    ro = tmp / "ro"
    ro.mkdir()
    real = os.open

    def read_only(path, flags, *args, **kwargs):
        if str(path).startswith(str(ro)) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real(path, flags, *args, **kwargs)

    def no_folder(path, *args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    _PATCHES.extend([(os, "open", read_only), (os, "mkdir", no_folder)])
    named = f"{ro / 'o'}: cannot write the output folder here: Read-only file system"
    return ["build", "-q", str(deck(tmp)), "--out", str(ro / "o")], named


def showcase_bad_background(tmp: Path) -> tuple[list[str], str]:
    return ["showcase", str(deck(tmp)), "--out", str(tmp / "o"), "--background", "#zzzzzz"], "--background"


def png_cards_too_big(tmp: Path) -> tuple[list[str], str]:
    d = deck(tmp, extra="size: {width: 400, height: 400}\n")
    return _build(d, tmp, "--paper", "20x20in", "--png-cards", "1200"), "at 1200 dpi"


def _rects_pdf(path: Path, pages: int, per_page: int) -> Path:
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=(595, 842))
    for _ in range(pages):
        for i in range(per_page):
            c.rect(10 + i % 50, 10 + i // 50, 0.5, 0.5)
        c.showPage()
    c.save()
    return path


def preflight_vector_bomb_page(tmp: Path) -> tuple[list[str], str]:
    """A page drawing more objects than the cap (lowered to 50 here: the real one is 100,000)."""
    import printkit.engine.preflight.pdf_checks as pdf_checks

    _PATCHES.append((pdf_checks, "MAX_PAGE_OBJECTS", 50))
    return ["preflight", str(_rects_pdf(tmp / "bomb.pdf", 1, 51))], "bomb.pdf: page 1 draws more than 50 objects"


def preflight_vector_bomb_file(tmp: Path) -> tuple[list[str], str]:
    import printkit.engine.preflight.pdf_checks as pdf_checks

    _PATCHES.append((pdf_checks, "MAX_DOCUMENT_OBJECTS", 100))
    return ["preflight", str(_rects_pdf(tmp / "bomb.pdf", 3, 40))], "bomb.pdf: pages 1-3 draw more than 100"


def check_nul_byte(tmp: Path) -> tuple[list[str], str]:
    s = tmp / "sheet.yaml"
    s.write_bytes(b"game: ganz-schon-clever\nplayers: 2\nyellow: [\x00]\n")
    return ["check", str(s)], "sheet.yaml:3"


CASES = [yaml_huge_int, yaml_huge_qty, csv_huge_qty, json_deep_deck, json_deep_sheet, yaml_huge_int_sheet,
         yaml_huge_int_sheet_json, nul_in_csv_path, nul_in_front_path, nested_parentheses, csv_long_field,
         csv_unclosed_quote, svg_width_zero, svg_width_huge, qr_too_long, dash_zero, stroke_width_huge,
         out_under_a_file, out_on_read_only_file_system, showcase_bad_background, png_cards_too_big, check_nul_byte,
         preflight_vector_bomb_page, preflight_vector_bomb_file]


@pytest.mark.parametrize("case", CASES, ids=[c.__name__ for c in CASES])
def test_hostile_input_exits_2_naming_the_file(tmp_path, monkeypatch, case):
    _PATCHES.clear()
    argv, named = case(tmp_path)
    for module, name, stand_in in _PATCHES:
        monkeypatch.setattr(module, name, stand_in)
    result = runner.invoke(app, argv)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, result.output
    assert named in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
