"""The central board's two tiles on A4 and Letter, measured on the PDF: each prints 5 mm of board past the
registration cross (a 10 mm strip both print, cut in its middle), so laid ⊕ on ⊕ one covers the other by the
5 mm its caption names, as README.md says."""

from __future__ import annotations

import re

import pytest

from devkit.readback import all_text, boxes_mm, shapes
from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.sanssouci import kit

CROSS_MM = 4.4  # the registration circle's diameter
LAY_OVER_MM = 5.0  # pinned: half of the 10 mm strip the README names


def _crosses(pdf: bytes, page: int) -> list[tuple[float, float]]:
    return sorted({(round((s.left + s.right) / 2, 2), round((s.top + s.bottom) / 2, 2)) for s in shapes(pdf, page)
                   if abs(s.width - CROSS_MM) < 0.2 and abs(s.height - CROSS_MM) < 0.2})


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_two_tiles_overlap_by_what_the_caption_says(paper):
    comps = {c.name: c for c in kit.components(BuildOptions(paper=paper, lang="en"))}
    pdf = render(comps["central-board"], PrintSettings(paper=paper), "en").pdf
    assert len(all_text(pdf)) == 2
    said = {float(m) for m in re.findall(r"lay this tile (\d+) mm over", " ".join(all_text(pdf)).replace("\r\n", " "))}
    assert said == {LAY_OVER_MM}
    # the crosses away from the corner's crop furniture: two on the seam of each tile, one above the other
    left = [c for c in _crosses(pdf, 0) if c[0] > 100]
    right = [c for c in _crosses(pdf, 1) if c[0] < 100]
    assert len(left) == len(right) == 2
    assert [y for _, y in left] == [y for _, y in right]
    trim_left_tile, trim_right_tile = boxes_mm(pdf, 0)["trim"], boxes_mm(pdf, 1)["trim"]
    assert trim_left_tile[2] - left[0][0] == pytest.approx(LAY_OVER_MM, abs=0.1)  # board past the cross, tile A1
    assert right[0][0] - trim_right_tile[0] == pytest.approx(LAY_OVER_MM, abs=0.1)  # board before the cross, A2
