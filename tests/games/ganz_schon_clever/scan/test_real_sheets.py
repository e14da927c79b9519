"""Whole sheets whose numbers real people wrote, read as ``printkit scan`` reads them (issue 38).

The numbers are written with real handwritten digits of the held-out blocks (``devkit/real_digits.py``: blocks
8-9, never trained on nor looked at while choosing anything) into the boxes of a pad printkit prints, the sheet
filled from a simulated game with synthetic crosses, then scanned or photographed
(``devkit.ganz_schon_clever.synthetic``, ``RealDigits``). What a user must be able to trust: a number is read
right or shown to them, never wrong with confidence; and a box that reads empty ahead of a written one (faint
pencil) loses nothing after it. The first is not met yet (a few sure readings a player's slip could explain);
the figures of the full set are bench/RESULTS.md's (bench/bench_real_sheets.py).
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from devkit import real_digits as rd
from devkit.ganz_schon_clever.pad import print_pad, sheet_origins
from devkit.ganz_schon_clever.synthetic import RealDigits, filled_pages, make_samples
from devkit.ganz_schon_clever.truth import judge
from devkit.scan import capture
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.scan import scan_file

GAME = load_gsc_game()
SEED = 10907  # the sheets' seed: not the bench's (10800), held out like it
PAGES = 3  # an A4 scan, a German Letter photo, a scan of two zh-TW half sheets: four sheets, about 10 s
# The aim is none (issue 38), not met: on this sample one sheet of the four holds three numbers read wrong and not
# flagged (an orange 3 read 5, a 6 read 4, a claimed green 10 read 19 over boxes scoring 10: each one a value a
# player's slip could give, so the sums cannot tell it from one). Held out: measured once, nothing tuned on it.
CONFIDENT_WRONG_AT_MOST = 3


@pytest.fixture(scope="module", autouse=True)
def _digits() -> None:
    if not rd.available():
        if rd.ci():
            pytest.fail(f"the real handwritten digits are missing on CI: {rd.data_path()}")
        pytest.skip(f"real handwritten digits not found at {rd.data_path()}")


def test_no_number_of_a_real_writer_is_read_wrong_with_confidence(tmp_path: Path) -> None:
    samples = make_samples(PAGES, SEED, ("scan", "photo"), digits=RealDigits("held-out"))
    numbers = right = 0
    silent: list[tuple[str, str, object, object, object]] = []
    for s in samples:
        path = tmp_path / f"{s.name}{s.suffix}"
        path.write_bytes(s.data)
        sheets, _ = scan_file(path, GAME)
        assert len(sheets) == len(s.truths), s.name
        for sh in sheets:
            j = judge(sh.image.readings, sh.read, sh.table.table, sh.sheet_id.players, s.truth_at(sh.image.position))
            silent += [(s.name, sh.image.position, f.key, f.read, f.written) for f in j.fields if f.confident_wrong]
            written = [f for f in j.fields if f.number and f.written is not None]
            numbers += len(written)
            right += sum(f.right for f in written)
    assert len(silent) <= CONFIDENT_WRONG_AT_MOST, silent
    # a three-digit total (the leading 1 the cutting drops) is read right or shown: never among the silent ones
    assert not [x for x in silent if x[2] == ("score", "total")], silent
    # the sheets hold real numbers, most read right (the reader's share is bench/RESULTS.md's, about 85%)
    assert numbers >= 40 and right >= 0.6 * numbers


def _sheet() -> Sheet:
    """A sheet of one player (the claims as the boxes score them): orange 3, 4, 5, 6, purple 2, 5."""
    from printkit.games.ganz_schon_clever.rules.score import score

    sheet = Sheet(players=1, yellow=((), (), (), ()), blue=(), green=0, orange=(3, 4, 5, 6), purple=(2, 5),
                  rerolls=ActionCount(earned=0, used=0), extra_dice=ActionCount(earned=0, used=0), claimed={})
    sc = score(sheet, GAME)
    return sheet.model_copy(update={"claimed": {"orange": sc.orange, "purple": sc.purple, "total": sc.total}})


def test_an_orange_box_too_faint_to_read_keeps_every_value_after_it(tmp_path: Path) -> None:
    # the second orange value written so lightly that nothing of it is seen: the box reads empty, ahead of three
    # written ones; they must all be in the transcription, and the faint box shown to a person
    pad = print_pad("a4", 1, "en", players=1, seed=SEED)
    rng = random.Random(SEED)
    sheet = _sheet()
    [page] = filled_pages(pad, [sheet], rng, 300, (RealDigits("held-out"), np.random.default_rng(SEED)))
    f = 300 / 25.4
    h, w = page.shape[:2]
    ox, oy = sheet_origins((w / f, h / f), (pad.table["sheet"]["width"], pad.table["sheet"]["height"]), 1)[0]
    box = next(b for b in pad.table["boxes"] if b["area"] == "orange" and int(b["index"]) == 1)
    inset = 0.6  # mm: the pen inside the printed outline goes, the outline stays
    x0, y0 = round((ox + box["x"] + inset) * f), round((oy + box["y"] + inset) * f)
    x1, y1 = round((ox + box["x"] + box["w"] - inset) * f), round((oy + box["y"] + box["h"] - inset) * f)
    page[y0:y1, x0:x1] = 255
    data, suffix = capture.scan(page, 300, rng, 300)
    path = tmp_path / f"faint{suffix}"
    path.write_bytes(data)
    [sh] = scan_file(path, GAME)[0]
    assert len(sh.read.sheet.orange) == 4  # the values after the faint box are there
    assert ("orange", 1) in {(u.area, u.index) for u in sh.read.uncertain}  # and it is shown to a person
    j = judge(sh.image.readings, sh.read, sh.table.table, sh.sheet_id.players, sheet)
    assert not [(f.key, f.read, f.written) for f in j.fields if f.confident_wrong]
