"""Every layout printkit has printed stays readable: sheets of layout 1, printed by printkit up to commit
84c5704 (before the action circles moved down 0.4 mm and the font floor rose), are read with layout 1's
frozen table.

``data/layout-1/`` holds what that printkit wrote (``scripts/build_old_gsc_pads.sh 84c5704``): an English
A4 pad and a zh-TW pad of two half sheets, each with the box table it wrote beside it, which places the
simulated handwriting here; the reader takes its own frozen copy of the tables.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from devkit.ganz_schon_clever.pad import PrintedPad
from devkit.ganz_schon_clever.synthetic import filled_pages
from printkit.cli import app
from printkit.engine.scan.errors import ScanError
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.scan.tables import resolve

DATA = Path(__file__).parent / "data" / "layout-1"
runner = CliRunner()
# crosses in every cross area and loops and crosses on both action tracks; legal for one player
SHEET = Sheet(players=1, yellow=((3, 6), (2,), (), (6,)), blue=(2, 3), green=1,
              rerolls=ActionCount(earned=2, used=1), extra_dice=ActionCount(earned=1, used=1))


def _pad(pdf: str, table: str, per_page: int) -> PrintedPad:
    return PrintedPad((DATA / pdf).read_bytes(), json.loads((DATA / table).read_text(encoding="utf-8")), per_page,
                      "a4", per_page)


def _png(img: object) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(img).save(buf, format="PNG")  # type: ignore[arg-type]
    return buf.getvalue()


@pytest.mark.parametrize(("pdf", "table", "per_page", "positions"), [
    ("score-sheets-en-a4.pdf", "score-sheet-boxes-a4.json", 1, ["full"]),
    ("score-sheets-zh-TW-a4-half.pdf", "score-sheet-boxes-a4-half.json", 2, ["top", "bottom"]),
])
def test_a_layout_1_sheet_is_read_with_its_own_table(tmp_path: Path, pdf: str, table: str, per_page: int,
                                                     positions: list[str]) -> None:
    pad = _pad(pdf, table, per_page)
    assert pad.table["layout_version"] == 1
    [page] = filled_pages(pad, [SHEET] * per_page, random.Random(5), dpi=240)
    (tmp_path / "old.png").write_bytes(_png(page))
    result = runner.invoke(app, ["scan", "--json", str(tmp_path / "old.png")])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    found = found if isinstance(found, list) else [found]
    assert [o["position"] for o in found] == positions
    for o in found:
        assert o["sheet"]["layout_version"] == 1 and o["sheet"]["rounds"] == 6
        t = o["transcription"]
        assert t["yellow"] == [[3, 6], [2], [], [6]] and t["blue"] == [2, 3] and t["green"] == 1
        assert t["rerolls"] == {"earned": 2, "used": 1} and t["extra_dice"] == {"earned": 1, "used": 1}
        assert o["uncertain"] == [] and o["check"]["legal"] is True


def test_a_layout_after_the_newest_may_be_known_to_a_newer_printkit_one_before_never_was() -> None:
    with pytest.raises(ScanError, match=r"reads 1-a3, 1-a3-half, .*2-letter-half; a newer printkit may know it"):
        resolve("printkit:ganz-schon-clever?layout=3&format=a4&rounds=6&serial=000000-0001")
    with pytest.raises(ScanError, match="no printkit printed layout 0 in that format"):
        resolve("printkit:ganz-schon-clever?layout=0&format=a4&rounds=6&serial=000000-0001")
    with pytest.raises(ScanError, match=r"unknown sheet format 'tabloid' of layout 1: .*no printkit printed layout 1 "
                                        "in that format"):
        resolve("printkit:ganz-schon-clever?layout=1&format=tabloid&rounds=6&serial=000000-0001")
