"""Scan inputs that would cost unbounded work are refused by their size before it is done: a PDF whose
drawing instructions unpack to far more than a sheet's, an image of more frames than a pad has."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from printkit.cli import app
from printkit.engine.scan.decode.images import drawing_bytes, open_pages
from printkit.engine.scan.errors import ScanError

STROKE = b"10 10 m 500 800 l 20 700 l h S\n"  # 31 bytes: a page-sized triangle, costly to render


def _vector_pdf(path: Path, strokes: int) -> bytes:
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(595, 842))
    page.obj.Contents = pdf.make_stream(b"0.1 w\n" + STROKE * strokes)
    pdf.save(path)  # packed with FlateDecode
    return path.read_bytes()


def _scan(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(app, ["scan", *args])
    return r.exit_code, r.stderr


def test_a_vector_bomb_is_refused_before_pdfium_parses_it(tmp_path: Path) -> None:
    data = _vector_pdf(tmp_path / "bomb.pdf", 3_000_000)  # 93 MB of operators in about 230 kB
    assert len(data) < 400_000
    assert drawing_bytes(data, 1 << 20) == (1 << 20) + 1  # unpacked only one byte past the bound
    code, err = _scan(str(tmp_path / "bomb.pdf"), "--out", str(tmp_path / "out"))
    assert code == 2
    assert f"error: {tmp_path / 'bomb.pdf'}: its drawing instructions unpack to more than 1024 kB" in err
    assert not (tmp_path / "out").exists() or list((tmp_path / "out").iterdir()) == []


def test_a_page_of_a_few_strokes_is_counted_whole_and_read(tmp_path: Path) -> None:
    data = _vector_pdf(tmp_path / "few.pdf", 100)
    assert drawing_bytes(data, 1 << 20) == 6 + 31 * 100
    count, pages = open_pages(tmp_path / "few.pdf")
    assert count == 1 and len(list(pages)) == 1


def _tiff(path: Path, frames: int, size: tuple[int, int] = (8, 8)) -> None:
    first, *rest = [Image.new("RGB", size, (255, 255, 255)) for _ in range(frames)]
    buf = io.BytesIO()
    first.save(buf, format="TIFF", save_all=True, append_images=rest)
    path.write_bytes(buf.getvalue())


def test_an_image_of_more_frames_than_a_pdf_may_have_pages_is_refused(tmp_path: Path) -> None:
    _tiff(tmp_path / "many.tif", 501)
    with pytest.raises(ScanError, match=r"many.tif: 501 frames; at most 500 are read from one image"):
        open_pages(tmp_path / "many.tif")
    code, err = _scan(str(tmp_path / "many.tif"), "--out", str(tmp_path / "out"))
    assert code == 2 and "501 frames; at most 500 are read from one image" in err


def test_every_frame_of_a_short_stack_is_read(tmp_path: Path) -> None:
    _tiff(tmp_path / "three.tif", 3)
    count, pages = open_pages(tmp_path / "three.tif")
    assert count == 3 and [pg.page for pg in pages] == [1, 2, 3]


def _pages_pdf(path: Path, contents: list[bytes]) -> None:
    """A PDF of A4 pages, each drawing what ``contents`` gives it (an empty page for ``b""``)."""
    pdf = pikepdf.new()
    for content in contents:
        page = pdf.add_blank_page(page_size=(595, 842))
        if content:
            page.obj.Contents = pdf.make_stream(content)
    pdf.save(path)


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each page pdfium is asked to render, by its size in points (an oracle apart from the decoder's count)."""
    import pypdfium2 as pdfium

    done: list[int] = []
    render = pdfium.PdfPage.render

    def counted(self: pdfium.PdfPage, *args: object, **kwargs: object) -> object:
        done.append(round(self.get_width()))
        return render(self, *args, **kwargs)

    monkeypatch.setattr(pdfium.PdfPage, "render", counted)
    return done


def test_the_drawn_pages_of_a_pdf_past_its_render_budget_are_refused_unrendered(
        tmp_path: Path, renders: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from printkit.engine.scan.decode import images

    monkeypatch.setattr(images, "DECODE", replace(images.DECODE, pdf_render_a4_pages=3))
    _pages_pdf(tmp_path / "long.pdf", [b"10 10 m 500 800 l S\n"] * 40)  # 40 A4 pages of one stroke each
    code, err = _scan(str(tmp_path / "long.pdf"), "--out", str(tmp_path / "out"))
    assert len(renders) == 3  # three A4 pages rendered, not 40
    assert code == 2
    assert (f"{tmp_path / 'long.pdf'}: pages 4 to 40 not read (3 read): rendering them would pass the 3 A4 pages "
            "at 300 dpi") in " ".join(err.split())
    # each page read is named on its own (no sheet on it), and the refusal once, not once a page
    assert " ".join(err.split()).count("not read (3 read)") == 1


def test_a_pdf_within_its_render_budget_has_every_page_rendered(tmp_path: Path, renders: list[int]) -> None:
    _pages_pdf(tmp_path / "few.pdf", [b"10 10 m 500 800 l S\n"] * 4)
    count, pages = open_pages(tmp_path / "few.pdf")
    assert count == 4 and [pg.page for pg in pages] == [1, 2, 3, 4]
    assert renders == [595] * 4


def test_a_page_with_nothing_drawn_is_not_rendered(tmp_path: Path, renders: list[int]) -> None:
    # 499 empty pages (a blank document saved as PDF) and one page with a stroke, last
    _pages_pdf(tmp_path / "empty.pdf", [b""] * 499 + [b"10 10 m 500 800 l S\n"])
    count, pages = open_pages(tmp_path / "empty.pdf")
    read = list(pages)
    assert count == 500 and len(read) == 500
    assert [pg.page for pg in read if pg.blank] == list(range(1, 500)) and not read[-1].blank
    assert renders == [595]  # only the page with the stroke
    code, err = _scan(str(tmp_path / "empty.pdf"), "--out", str(tmp_path / "out"))
    assert code == 2 and "nothing is drawn on this page" in err
