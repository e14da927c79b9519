"""``printkit scan`` reads a multi-page PDF page by page: each sheet's files are written as soon as its
page is read and its images are let go, so memory does not grow with the number of pages (issue 10:
peak memory < 500 MB; a rectified sheet is 12 MB).  The figures per page count are in bench/RESULTS.md."""

from __future__ import annotations

import io
import random
import weakref
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from devkit.ganz_schon_clever.pad import print_pad
from devkit.ganz_schon_clever.synthetic import filled_pages
from printkit.engine.scan import reader
from printkit.engine.scan.decode.images import PageImage, load_pages
from printkit.engine.scan.errors import ScanError
from printkit.engine.scan.locate.sheets import PX_PER_MM
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.rules.play import simulated_sheets
from printkit.games.ganz_schon_clever.scan.run import scan_one, worst

GAME = load_gsc_game()
DPI = 200  # as a sheet-feeder's economy setting; full A4 sheets read at 200 dpi


def _pages(n: int, seed: int) -> list[np.ndarray]:
    """``n`` A4 pages, each a different simulated game filled in by its own writer."""
    sheets = simulated_sheets(GAME, n, rng_offset=seed * 100_003)
    return filled_pages(print_pad("a4", 1, count=n, seed=seed), sheets, random.Random(seed), dpi=DPI)


def _pdf(pages: list[np.ndarray], path: Path) -> Path:
    """The pages as a scanner's PDF: one JPEG filling each page."""
    first, *rest = [Image.fromarray(p) for p in pages]
    first.save(path, save_all=True, append_images=rest, resolution=DPI)
    return path


def _png(img: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(img).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def test_each_page_of_a_pdf_gives_the_files_that_page_gives_alone(tmp_path: Path) -> None:
    pdf = _pdf(_pages(3, seed=11), tmp_path / "stack.pdf")
    outcomes = scan_one(str(pdf), str(tmp_path / "out"), None, False, numbers=False)
    assert [(o.page, o.position, o.error) for o in outcomes] == [(1, "full", ""), (2, "full", ""),
                                                                 (3, "full", "")]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "stack-p1.read.png", "stack-p1.yaml", "stack-p2.read.png", "stack-p2.yaml",
        "stack-p3.read.png", "stack-p3.yaml"]
    # The same pixels, each page a file of its own (read as one image, never as a PDF): the same
    # transcription (but for the first line, which names the file read), overlay and JSON.
    for page in load_pages(pdf):
        alone = tmp_path / f"alone{page.page}.png"
        alone.write_bytes(_png(page.pixels))
        [single] = scan_one(str(alone), str(tmp_path / "single"), None, False, numbers=False)
        assert not single.error
        ours = (tmp_path / "out" / f"stack-p{page.page}.yaml").read_text().splitlines()
        theirs = Path(single.yaml_path).read_text().splitlines()
        rest = theirs[0].removeprefix(f"# printkit scan of ../{alone.name}")
        assert ours[0] == f"# printkit scan of ../stack.pdf{rest}"
        assert ours[1:] == theirs[1:]
        assert (tmp_path / "out" / f"stack-p{page.page}.read.png").read_bytes() == Path(single.png_path).read_bytes()
        [o] = [o for o in outcomes if o.page == page.page]
        assert {**o.json, "file": "", "page": 0} == {**single.json, "file": "", "page": 0}
        assert (o.code, o.uncertain) == (single.code, single.uncertain)


def test_a_long_pdf_is_written_out_page_by_page_keeping_no_sheet_image(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    pages = _pages(6, seed=12)
    pages[2] = np.full_like(pages[2], 245)  # a blank page in the middle (a sheet fed twice, a cover)
    pdf = _pdf(pages, tmp_path / "stack.pdf")
    del pages
    out = tmp_path / "out"
    # Watch each sheet's rectified images (at most 12 MB at the reader's resolution, and its overview):
    # when the next sheet is rectified, how many earlier ones are still alive, and which files have been
    # written; and the page each was cut from (26 MB at 300 dpi): whether it is still alive when the
    # sheet's boxes are read.
    alive: list[weakref.ref[np.ndarray]] = []
    pages_alive: list[weakref.ref[np.ndarray]] = []
    seen: list[tuple[int, set[str]]] = []
    page_when_read: list[int] = []
    rectify, read_boxes = reader.rectify, reader.read_boxes

    def watched_rectify(source: np.ndarray, sheet: object, px_per_mm: float, *args: object) -> np.ndarray:
        if px_per_mm == PX_PER_MM:  # a sheet's first: the image it is read from (its overview follows)
            seen.append((sum(r() is not None for r in alive), {p.name for p in out.glob("*")}))
        img = rectify(source, sheet, px_per_mm, *args)  # type: ignore[arg-type]
        alive.append(weakref.ref(img))
        pages_alive.append(weakref.ref(source))
        return img

    def watched_read_boxes(*args: object) -> object:
        page_when_read.append(sum(r() is not None for r in pages_alive))
        return read_boxes(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(reader, "rectify", watched_rectify)
    monkeypatch.setattr(reader, "read_boxes", watched_read_boxes)
    outcomes = scan_one(str(pdf), str(out), None, False, numbers=False)
    assert len(seen) == 5  # pages 1, 2, 4, 5, 6
    assert [n for n, _ in seen] == [0] * 5  # no earlier sheet's image outlives its files being written
    assert page_when_read == [0] * 5  # and a page is let go before its sheet's boxes are read
    assert {"stack-p1.yaml", "stack-p1.read.png", "stack-p4.yaml", "stack-p4.read.png"} <= seen[-1][1]
    assert not any("p6" in name or name.startswith(".") for name in seen[-1][1])  # nor a half-written file
    # The blank page is named and makes the batch exit 2; every other page was read and written.
    [blank] = [o for o in outcomes if o.error]
    assert blank.page == 3 and "no corner markers" in blank.error and blank.code == 2
    assert sorted(o.page for o in outcomes if not o.error) == [1, 2, 4, 5, 6]  # type: ignore[type-var]
    assert worst(outcomes) == 2
    assert {p.name for p in out.iterdir()} == {f"stack-p{k}{ext}" for k in (1, 2, 4, 5, 6)
                                               for ext in (".yaml", ".read.png")}


def test_a_page_that_cannot_be_decoded_keeps_the_sheets_read_before_it(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    [page] = _pages(1, seed=13)

    def pages_then_damage(path: object, four: bool = False) -> tuple[int, object]:
        def pages():  # type: ignore[no-untyped-def]
            yield PageImage(page, 1)
            raise ScanError(f"{path}: the image is damaged or truncated: page 2")
        return 3, pages()

    monkeypatch.setattr(reader, "open_pages", pages_then_damage)
    outcomes = scan_one(str(tmp_path / "stack.tif"), str(tmp_path / "out"), None, False, numbers=False)
    assert [(o.page, bool(o.error)) for o in outcomes] == [(2, True), (1, False)]
    assert "page 2" in outcomes[0].error and outcomes[0].code == 2
    assert (tmp_path / "out" / "stack-p1.yaml").is_file()


def test_a_single_image_is_let_go_before_its_boxes_are_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A 12-megapixel photo is 36 MB: the reader holds the only reference to it, and drops it once the
    # sheet is rectified.
    [page] = _pages(1, seed=14)
    img = tmp_path / "sheet.png"
    img.write_bytes(_png(page))
    del page
    pages_alive: list[weakref.ref[np.ndarray]] = []
    page_when_read: list[int] = []
    rectify, read_boxes = reader.rectify, reader.read_boxes

    def watched_rectify(source: np.ndarray, *args: object) -> np.ndarray:
        pages_alive.append(weakref.ref(source))
        return rectify(source, *args)  # type: ignore[arg-type]

    def watched_read_boxes(*args: object) -> object:
        page_when_read.append(sum(r() is not None for r in pages_alive))
        return read_boxes(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(reader, "rectify", watched_rectify)
    monkeypatch.setattr(reader, "read_boxes", watched_read_boxes)
    [o] = scan_one(str(img), None, None, False, numbers=False)
    assert not o.error and Path(o.yaml_path).is_file()
    assert page_when_read == [0]
