"""Write the 8 Sanssouci board sides into printkit/games/sanssouci/data/boards.yaml.

    PYTHONPATH=. python scripts/make_sanssouci_boards.py

Reads `seed` and `rules` from the file, draws the sides (printkit.games.sanssouci.rules.sides)
and replaces everything after the "--- generated" line; the comments above it are kept.
"""

from pathlib import Path

import yaml

from printkit.games.sanssouci.definitions import BOARDS, side_rules
from printkit.games.sanssouci.rules.sides import generate_sides

MARKER = "# --- generated"


def render(text: str) -> str:
    data = yaml.safe_load(text)
    sides = generate_sides(data["seed"], side_rules(data["rules"]))
    head = text[: text.index(MARKER)]
    line = text[text.index(MARKER):].splitlines()[0]
    body = "".join(
        f"  - {{side: {n}, extra: [{', '.join(f'[{r}, {c}]' for r, c in side)}]}}\n"
        for n, side in enumerate(sides, 1)
    )
    return f"{head}{line}\nsides:\n{body}"


if __name__ == "__main__":
    path = Path(BOARDS)
    path.write_text(render(path.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {path}")
