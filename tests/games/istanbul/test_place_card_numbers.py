"""A place card's numbers stand as on the real tile: the long-paths position (green) left, the short-paths
position (blue) beside it, the big place number right."""

from __future__ import annotations

from devkit.readback import find_text
from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.registry import find_game
from printkit.engine.render.pdf import render

# The Post Office is place 5: position 2 in the short-paths grid and 10 in the long-paths grid (the reference's
# layout tables, read from the tile photos).
PLACE, SHORT, LONG = "5", "2", "10"
HEADER = 12.0  # mm: the header band's half height around the name's line


def test_post_office_numbers_read_green_blue_big_from_left():
    game = find_game("istanbul")
    assert game is not None
    places = next(c for c in game.build(BuildOptions(paper="a4", lang="en")) if c.name == "place-cards")
    pdf = render(places, PrintSettings(paper="a4"), "en").pdf
    (name_x, name_y), = find_text(pdf, "Post Office", 0)

    def in_header(needle: str) -> float:
        xs = [x for x, y in find_text(pdf, needle, 0) if abs(y - name_y) < HEADER and abs(x - name_x) < 60]
        assert len(xs) >= 1, needle
        return min(xs, key=lambda x: abs(x - name_x))

    green, blue, big = in_header(LONG), in_header(SHORT), in_header(PLACE)
    assert green < blue < name_x < big
