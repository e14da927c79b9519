"""Quotes in German and English print beside their words.  The bundled face (Noto Sans TC) sets “ ” ‘ ’ an em wide
with the ink to one side, as Chinese wants them: in a Latin word that leaves most of an em blank (San Marco's German
notes printed „Hauswerte  “).  So Latin texts quote with characters the face sets at their own width (» «, „ and
straight quotes); Chinese keeps its own."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2
import yaml

from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.san_marco import kit as san_marco

GAMES = Path(__file__).resolve().parents[2] / "printkit" / "games"
ENGINE_DATA = Path(__file__).resolve().parents[2] / "printkit" / "engine" / "data"
FULL_WIDTH = set("“”‘’")


def _latin_strings(node, lang: str | None = None):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _latin_strings(value, key if key in ("en", "de", "zh-TW") else lang)
    elif isinstance(node, list):
        for value in node:
            yield from _latin_strings(value, lang)
    elif isinstance(node, str) and lang != "zh-TW":
        yield node


def test_no_latin_text_quotes_with_full_width_quotes():
    found = []
    for path in [*GAMES.glob("*/data/**/*.yaml"), *ENGINE_DATA.glob("*.yaml")]:
        if path.stem == "zh-TW":
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found += [f"{path.name}: {s[:60]}" for s in _latin_strings(data)
                  if FULL_WIDTH & set(s) and not any("\u4e00" <= ch <= "\u9fff" for ch in s)]
    assert found == []


def test_the_german_notes_quote_hauswerte_without_a_gap():
    notes = next(c for c in san_marco.components(BuildOptions(paper="a4", lang="de")) if c.name == "kit-notes")
    page = pypdfium2.PdfDocument(io.BytesIO(render(notes, PrintSettings(), "de").pdf))[0]
    tp = page.get_textpage()
    hit = tp.search("»Hauswerte«").get_next()
    assert hit is not None
    first, n = hit
    boxes = [tp.get_charbox(i) for i in range(first, first + n)]
    size = boxes[1][3] - boxes[1][1]  # the H's height, about 0.73 em
    gaps = [(boxes[i + 1][0] - boxes[i][2]) / size for i in range(n - 1)]
    # between the quotes and the word as between its letters (was 0.6 em before the closing “)
    assert max(gaps[0], gaps[-1]) < 0.25, gaps
