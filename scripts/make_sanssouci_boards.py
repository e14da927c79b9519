"""Write the 8 Sanssouci board sides into printkit/games/sanssouci/data/boards.yaml.

    PYTHONPATH=. python scripts/make_sanssouci_boards.py

Reads `seed` and `rules` from the file, draws the sides (printkit.games.sanssouci.rules.sides)
and replaces everything after the "--- generated" line; the comments above it are kept.
"""

from pathlib import Path

from printkit.games.sanssouci.definitions import BOARDS, boards_yaml


def render(text: str) -> str:
    return boards_yaml(text)[0]


if __name__ == "__main__":
    path = Path(BOARDS)
    path.write_text(render(path.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {path}")
