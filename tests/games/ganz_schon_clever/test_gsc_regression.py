"""A faster checker says what the checker said before: verdicts, scores, violations and dice counts.

tests/games/ganz_schon_clever/data/strong_verdicts.jsonl holds 600 sheets (strong play from
bench/strong_play.py, simulated random play, and a mutant of each, often impossible) with the answers of
the bonus-order search as it was on main before the speed work (recorded by
``bench/check_regression.py --record``; the full sweep over thousands of sheets is that script without ``--record``).
"""

from __future__ import annotations

import json
from pathlib import Path

from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import Sheet
from printkit.games.ganz_schon_clever.rules.legality import check

RECORDED = Path(__file__).parent / "data" / "strong_verdicts.jsonl"
SCORE_KEYS = ("yellow", "blue", "green", "orange", "purple", "foxes", "fox_value", "total")


def test_same_answers_as_before_on_strong_and_simulated_sheets(game: GscGame) -> None:
    rows = [json.loads(line) for line in RECORDED.read_text(encoding="utf-8").splitlines()]
    kinds = {r["kind"] for r in rows}
    assert kinds == {"strong", "strong mutant", "simulated", "simulated mutant"}
    assert sum(not r["legal"] for r in rows) > 30  # refutations are compared, not only successes
    for row in rows:
        r = check(Sheet(**row["sheet"]), game)
        got = {"legal": r.legal, "total": r.score.total, "score": [getattr(r.score, k) for k in SCORE_KEYS],
               "violations": [[v.area, v.box, v.rule] for v in r.violations], "notes": [n.rule for n in r.notes],
               "dice": [r.dice.marks, r.dice.bonus_marks, r.dice.dice, r.dice.available]}
        assert got == {k: row[k] for k in got}, row["sheet"]
