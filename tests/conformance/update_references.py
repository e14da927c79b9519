"""Write tests/conformance/reference/<game>.json from fresh builds: run after a deliberate change to
what a game prints (components, piece or page counts, file names), read the diff, commit it.

    python -m tests.conformance.update_references [GAME-ID ...]
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from tests.conformance.cases import build, cases, reference_file


def main(only: list[str]) -> None:
    by_game: dict[str, dict[str, object]] = {}
    for case in cases():
        if only and case.game.id not in only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            by_game.setdefault(case.game.id, {})[case.name] = build(case, Path(tmp))
        print(f"built {case.id}", file=sys.stderr)
    for game_id, entries in by_game.items():
        game = next(c.game for c in cases() if c.game.id == game_id)
        reference_file(game).write_text(json.dumps(entries, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {reference_file(game)}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
