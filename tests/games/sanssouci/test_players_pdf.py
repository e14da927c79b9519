"""`printkit build sanssouci --players N`, read back from the PDFs it writes: a table of N gets N colours of play
cards, nobles, score markers and 50/100 cards, N garden boards, and the tiles numbered up to N.

Pinned from the rules by hand: 18 play cards a colour (9 element cards, 8 two-colour cards, 1 joker), 9 nobles
a colour (one per garden element), 9 missions whatever the table, 5 / 7 / 9 tiles of each element for 2 / 3 / 4
players (the kit's split, 45 / 63 / 81 tiles)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from devkit.readback import all_text
from printkit.cli import app

ELEMENTS = ("Labyrinth", "Statue", "Pavilion", "Topiary", "Stairway", "Fountain", "Rose arch", "Herb spiral",
            "Grape vine")
COLOURS = ("yellow", "blue", "green", "red")


def _pages(folder, name: str) -> list[str]:
    return [t.replace("\r\n", "\n") for t in all_text((folder / name).read_bytes())]


@pytest.mark.parametrize(("players", "per_element"), [(2, 5), (3, 7), (4, 9)])
def test_the_printed_kit_holds_what_a_table_of_n_uses(tmp_path, players, per_element):
    result = CliRunner().invoke(app, ["build", "sanssouci", "--players", str(players), "-o", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    out = tmp_path / "sanssouci"
    tiles = _pages(out, "tiles-en-a4.pdf")
    fronts = "\n".join(tiles[0::2]).split("\n")  # duplex: fronts on odd pages, gardener backs on even ones
    assert {e: fronts.count(e) for e in ELEMENTS} == dict.fromkeys(ELEMENTS, per_element)
    assert not any("Gardener" in t for t in tiles[0::2]) and all("Gardener" in t for t in tiles[1::2])

    cards = _pages(out, "cards-en-a4.pdf")
    card_fronts, card_backs = "\n".join(cards[0::2]), "\n".join(cards[1::2])
    assert card_fronts.count("this element from any colour") == 9 * players
    assert card_fronts.count("any tile on these two colours") == 8 * players
    assert card_fronts.count("take any tile") == players  # one joker a colour
    assert card_fronts.count("Mission\n") == 9
    assert card_fronts.count("score track lap") == players
    assert len([c for c in COLOURS if c in card_backs.split("\n")]) == players  # backs in N player colours

    tokens = _pages(out, "tokens-en-a4.pdf")[0]
    nobles = [w for line in tokens.split("\n") for w in ELEMENTS if w in line for _ in range(line.count(w))]
    assert len(nobles) == 9 * players and {nobles.count(e) for e in ELEMENTS} == {players}
    assert tokens.split().count("Score") == players  # one score marker a colour

    boards = sorted(p.name for p in out.glob("garden-board-*.pdf"))
    assert boards == sorted(f"garden-board-{s}-en-a4.pdf" for s in range(1, 2 * players + 1))
