"""Freeze the printed-ink reference of every Ganz schön clever sheet format, for ``printkit scan``.

Next to each frozen box table ``data/box-tables/layout-<v>-<format>.json`` goes
``layout-<v>-<format>.ink.png``: 8 px/mm, three levels (255 where the blank sheet has dark ink, 128
where it has faint ink such as the grey icons in the action circles, 0 where it is blank), so the
reader can tell printed numbers and icons from pen.

The QR code says the layout version and format, not the language, the ink-saver style or the player
count the sheet was printed with, and each of them prints other text (a zh-TW heading runs further
than the English one, into the reach of the action circles below it). So the reference is where *any*
printing of that version has ink: every language, with and without ink-saver, for any player count, and
what an earlier reference already held (sheets printed before a font changed stay covered). Running the
script again only ever adds ink; it rewrites a file only when it added some. Run it after freezing a new
layout version's tables, or when a sheet of a known version prints something new (a language).

    python scripts/freeze_gsc_ink.py

A layout an older printkit printed is frozen from that printkit's own builds: its box tables as it wrote
them and its ink from its PDFs, every language, ink-saver and player count of every paper and pad
(``--from-builds DIR``: folders each holding one ``printkit build ganz-schon-clever --count 1`` of that
version, as ``scripts/build_old_gsc_pads.sh`` makes them; layout 1, printed until commit 84c5704).

    python scripts/freeze_gsc_ink.py --from-builds /tmp/layout1-builds
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
from PIL import Image

from devkit.ganz_schon_clever.pad import print_pad, sheet_origins
from printkit.games.ganz_schon_clever.definitions.sheet_layout import load_sheet_layout
from printkit.games.ganz_schon_clever.layout.sheet import LANGS

DATA = Path(__file__).resolve().parents[1] / "printkit/games/ganz_schon_clever/data/box-tables"
REF_PX_PER_MM = 8
FAINT, DARK = 0.15, 0.62  # darkness (0 paper .. 1 black) of faint and of dark printed ink
PLAYERS = (None, 1, 2, 3, 4)  # a pad printed for a player count prints its rounds and count


def _levels(paper: str, per_page: int, lang: str, ink_saver: bool, players: int | None) -> np.ndarray:
    """One printing of the first sheet of a page, as reference levels."""
    pad = print_pad(paper, per_page, lang, ink_saver, players)
    return _pdf_levels(pad.pdf, pad.table, per_page)


def _pdf_levels(pdf: bytes, table: dict, per_page: int) -> np.ndarray:
    """The first sheet of a pad's first page, as reference levels."""
    doc = pdfium.PdfDocument(pdf)
    page = doc[0]
    pw_pt, ph_pt = page.get_size()
    scale = REF_PX_PER_MM * 25.4 / 72
    rgb = np.asarray(page.render(scale=scale).to_pil().convert("RGB"), dtype=np.float32)
    img = rgb.min(axis=2)  # the darkest channel, as the reader measures pen
    doc.close()
    w, h = table["sheet"]["width"], table["sheet"]["height"]
    ox, oy = sheet_origins((pw_pt / 72 * 25.4, ph_pt / 72 * 25.4), (w, h), per_page)[0]
    x0, y0 = round(ox * REF_PX_PER_MM), round(oy * REF_PX_PER_MM)
    crop = img[y0:y0 + round(h * REF_PX_PER_MM), x0:x0 + round(w * REF_PX_PER_MM)]
    dark = cv2.dilate(1 - crop / 255.0, np.ones((3, 3), np.uint8))  # antialiased edges count in full
    return np.where(dark > DARK, 255, np.where(dark > FAINT, 128, 0)).astype(np.uint8)


def _write(path: Path, level: np.ndarray, old: np.ndarray | None) -> None:
    if old is not None and np.array_equal(level, old):
        print(f"kept {path.name} (nothing printed outside it)")
        return
    Image.fromarray(level).save(path, optimize=True)
    added = int((level != old).sum()) if old is not None else int((level > 0).sum())
    print(f"wrote {path.name} ({added} pixels of ink added)")


def _old(path: Path) -> np.ndarray | None:
    return np.asarray(Image.open(path).convert("L")) if path.exists() else None


def from_builds(folder: Path) -> int:
    """Freeze the layout an older printkit printed, from its builds in ``folder`` (see the module's doc)."""
    per_page = {name: fmt.per_page for name, fmt in load_sheet_layout().formats.items()}  # the same formats
    tables: dict[str, str] = {}  # format -> its box table, as that printkit wrote it
    built: dict[str, list[tuple[Path, dict]]] = {}  # every build's table, pads printed for fewer rounds too
    levels: dict[str, np.ndarray] = {}
    for build in sorted(p for p in folder.iterdir() if (p / "ganz-schon-clever").is_dir()):
        pad = build / "ganz-schon-clever"
        [boxes] = pad.glob("score-sheet-boxes-*.json")
        [pdf] = pad.glob("score-sheets-*.pdf")
        fmt = boxes.stem.removeprefix("score-sheet-boxes-")
        text = boxes.read_text(encoding="utf-8")
        table = json.loads(text)
        if table["rounds"] == 6 and tables.setdefault(fmt, text) != text:
            raise SystemExit(f"{boxes}: another table than the other builds of {fmt} (one layout, one table)")
        built.setdefault(fmt, []).append((boxes, table))
        one = _pdf_levels(pdf.read_bytes(), table, per_page[fmt])
        levels[fmt] = np.maximum(levels[fmt], one) if fmt in levels else one
    if missing := sorted(set(built) - set(tables)):
        raise SystemExit(f"{folder}: no build of {', '.join(missing)} for 6 rounds (no --players, or 1 or 2)")
    for fmt, text in sorted(tables.items()):
        # a pad printed for 3 or 4 players prints 5 or 4 round circles and says so in its table: that table is
        # the 6-round one without the last round circles (the frozen table is the 6-round one, as for the
        # current layout: a sheet's QR code says its rounds)
        full = json.loads(text)
        for boxes, table in built[fmt]:
            n = table["rounds"]
            cut = [b for b in full["boxes"] if not (b["area"] == "round" and int(b["index"]) >= n)]
            if table != {**full, "rounds": n, "boxes": cut}:
                raise SystemExit(f"{boxes}: another table than the other builds of {fmt} (one layout, one table)")
        version = full["layout_version"]
        table = DATA / f"layout-{version}-{fmt}.json"
        if table.exists() and table.read_text(encoding="utf-8") != text:
            raise SystemExit(f"{table}: frozen already, and not as these builds wrote it")
        table.write_text(text, encoding="utf-8")
        ink = DATA / f"layout-{version}-{fmt}.ink.png"
        old = _old(ink)
        _write(ink, levels[fmt] if old is None else np.maximum(levels[fmt], old), old)
    return 0


def main() -> int:
    if sys.argv[1:2] == ["--from-builds"] and len(sys.argv) == 3:
        return from_builds(Path(sys.argv[2]))
    layout = load_sheet_layout()
    DATA.mkdir(parents=True, exist_ok=True)
    for name, fmt in layout.formats.items():
        path = DATA / f"layout-{layout.layout_version}-{name}.ink.png"
        old = _old(path)
        level = old
        for lang, ink_saver, players in itertools.product(LANGS, (False, True), PLAYERS):
            one = _levels(fmt.paper, fmt.per_page, lang, ink_saver, players)
            level = one if level is None else np.maximum(level, one)
        assert level is not None
        _write(path, level, old)
    return 0


if __name__ == "__main__":
    sys.exit(main())
