"""``printkit preflight`` of a PDF whose content streams unpack to far more than any print file's drawing (a vector
bomb) is refused before pdfium parses them: counted unpacked to one byte past the bound, pdfium never opened."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from printkit.cli import app
from printkit.engine.pdf_drawing import drawing_bytes
from printkit.engine.preflight import pdf_checks

STROKE = b"10 10 m 500 800 l 20 700 l h S\n"  # 31 bytes: a page-sized triangle


def _vector_pdf(path: Path, strokes: int) -> Path:
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(595, 842))
    page.obj.Contents = pdf.make_stream(b"0.1 w\n" + STROKE * strokes)
    pdf.save(path)  # packed with FlateDecode
    return path


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each document pdfium is asked to open for the preflight."""
    done: list[str] = []
    real = pdfium.PdfDocument

    def counted(source: object, *args: object, **kwargs: object) -> pdfium.PdfDocument:
        done.append(str(source)[:40])
        return real(source, *args, **kwargs)

    monkeypatch.setattr(pdf_checks.pdfium, "PdfDocument", counted)
    return done


def test_a_vector_bomb_is_refused_before_pdfium_opens_it(tmp_path: Path, opened: list[str]) -> None:
    bomb = _vector_pdf(tmp_path / "bomb.pdf", 1_200_000)  # 37 MB of operators
    assert bomb.stat().st_size < 200_000
    r = CliRunner().invoke(app, ["preflight", str(bomb)])
    assert r.exit_code == 2, r.output
    assert "bomb.pdf" in r.output and "drawing instructions unpack to more than 32 MB" in " ".join(r.output.split())
    assert "Traceback" not in r.output
    assert opened == []


def test_the_bound_is_counted_to_one_byte_past_it_from_bytes_too(tmp_path: Path, opened: list[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdf_checks, "MAX_DRAWING_BYTES", 1 << 20)
    data = _vector_pdf(tmp_path / "b.pdf", 100_000).read_bytes()  # 3.1 MB of operators
    assert drawing_bytes(data, 1 << 20) == (1 << 20) + 1
    with pytest.raises(pdf_checks.InputError, match=r"upload\.pdf: its drawing instructions unpack to more than 1 MB"):
        pdf_checks.read_back(data, "upload.pdf")
    assert opened == []


def test_a_page_of_a_few_strokes_is_read(tmp_path: Path, opened: list[str]) -> None:
    few = _vector_pdf(tmp_path / "few.pdf", 100)
    assert drawing_bytes(few.read_bytes(), pdf_checks.MAX_DRAWING_BYTES) == 6 + 31 * 100
    pdf_checks.read_back(few)
    assert opened == [str(few)[:40]]


def test_a_missing_file_is_still_named_as_unreadable(tmp_path: Path) -> None:
    r = CliRunner().invoke(app, ["preflight", str(tmp_path / "nope.pdf")])
    assert r.exit_code == 2 and "nope.pdf" in r.output and "Traceback" not in r.output
