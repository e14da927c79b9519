"""Does a faster checker still say the same?  Old vs new `check` verdicts over strong-play and simulated sheets.

"Old" is the bonus-order search of another git revision (``--against``, default ``main``), read with
``git show`` and put in place of today's for a second run of the whole legality check; every sheet's
verdict, score, violations, notes and dice count must be the same.  The sheets: final sheets of
strong play (bench/strong_play.py), of simulated random play, and nearby mutants of both (often
impossible, so refutations are compared too).

    PYTHONPATH=. python bench/check_regression.py [--strong 3000] [--simulated 20000] [--against main]
    PYTHONPATH=. python bench/check_regression.py --strong 150 --simulated 150 \
        --record tests/games/ganz_schon_clever/data/strong_verdicts.jsonl

``--record`` writes the old revision's answers for a small sample instead (the fixture that
tests/games/ganz_schon_clever/test_gsc_regression.py compares today's checker with in CI).
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from strong_play import strong_sheets

import printkit.games.ganz_schon_clever.rules.legality as legality
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import Sheet
from printkit.games.ganz_schon_clever.rules.play import simulated_sheets

SCHEDULE = "printkit/games/ganz_schon_clever/rules/schedule.py"


def old_scheduler(rev: str) -> type:
    """The ``Scheduler`` class of ``rev``'s bonus-order search."""
    source = subprocess.run(["git", "show", f"{rev}:{SCHEDULE}"], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).parent).stdout
    spec = importlib.util.spec_from_loader("old_schedule", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_schedule"] = module  # dataclasses look their module up
    exec(compile(source, f"{rev}:{SCHEDULE}", "exec"), module.__dict__)
    if "work" in inspect.signature(module.Scheduler.solve).parameters:
        return module.Scheduler  # type: ignore[no-any-return]

    class Scheduler(module.Scheduler):  # type: ignore[name-defined,misc]
        """A search from before the work bound: it bounds itself (NODE_LIMIT)."""

        def solve(self, loss_limit: int, work: object = None) -> Any:
            return super().solve(loss_limit)

    return Scheduler


def mutant(game: GscGame, s: Sheet, rng: random.Random) -> Sheet:
    """A nearby sheet, often impossible: a blue sum toggled, green moved by one, a 6 added in purple."""
    k = rng.randrange(3)
    if k == 0:
        return s.model_copy(update={"blue": tuple(sorted(set(s.blue) ^ {rng.choice(game.blue_sums)}))})
    if k == 1:
        green = max(0, min(len(game.green.thresholds), s.green + rng.choice((-1, 1))))
        return s.model_copy(update={"green": green})
    purple = s.purple[:-1] if s.purple and rng.random() < 0.5 else (*s.purple, 6)[: game.purple.boxes]
    return s.model_copy(update={"purple": purple})


def answer(s: Sheet, game: GscGame) -> dict[str, Any]:
    r = legality.check(s, game)
    return {"legal": r.legal, "total": r.score.total, "score": list(vars_of(r.score)),
            "violations": [[v.area, v.box, v.rule] for v in r.violations], "notes": [n.rule for n in r.notes],
            "dice": [r.dice.marks, r.dice.bonus_marks, r.dice.dice, r.dice.available]}


def vars_of(score: Any) -> tuple[int, ...]:
    return tuple(getattr(score, k) for k in ("yellow", "blue", "green", "orange", "purple", "foxes", "fox_value",
                                             "total"))


def sheets_for(game: GscGame, strong: int, simulated: int, seed: int) -> list[tuple[str, Sheet]]:
    rng = random.Random(seed)
    out = [("strong", s) for s in strong_sheets(strong, seed)]
    out += [("simulated", s) for s in simulated_sheets(game, simulated, rng_offset=50_000 + seed)]
    out += [(f"{kind} mutant", mutant(game, s, rng)) for kind, s in list(out)]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strong", type=int, default=3000)
    ap.add_argument("--simulated", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--against", default="main", help="the git revision whose search is 'old'")
    ap.add_argument("--record", type=Path, help="write the old revision's answers (JSON lines) instead")
    args = ap.parse_args()
    game = load_gsc_game()
    sheets = sheets_for(game, args.strong, args.simulated, args.seed)
    new_scheduler = legality.Scheduler
    t0 = time.perf_counter()
    new = [answer(s, game) for _, s in sheets]
    t_new = time.perf_counter() - t0
    legality.Scheduler = old_scheduler(args.against)  # type: ignore[misc]
    try:
        t0 = time.perf_counter()
        old = [answer(s, game) for _, s in sheets]
        t_old = time.perf_counter() - t0
    finally:
        legality.Scheduler = new_scheduler  # type: ignore[misc]
    if args.record:
        args.record.parent.mkdir(parents=True, exist_ok=True)
        with args.record.open("w", encoding="utf-8") as f:
            for (kind, s), a in zip(sheets, old, strict=True):
                f.write(json.dumps({"kind": kind, "sheet": s.model_dump(mode="json"), **a}) + "\n")
        print(f"recorded {len(sheets)} sheets' answers of {args.against} in {args.record}")
    differ = [(kind, s, o, n) for (kind, s), o, n in zip(sheets, old, new, strict=True) if o != n]
    kinds = sorted({k for k, _ in sheets})
    print(f"{len(sheets)} sheets ({', '.join(f'{sum(1 for k, _ in sheets if k == kind)} {kind}' for kind in kinds)}); "
          f"illegal: {sum(not a['legal'] for a in new)}; check {t_old:.2f} s with {args.against}'s search, "
          f"{t_new:.2f} s with this tree's")
    for kind, s, o, n in differ[:10]:
        print(f"DIFFERENT ({kind}): {s.model_dump(mode='json')}\n  old {o}\n  new {n}")
    print(f"{len(differ)} answers differ" if differ else "every answer is the same")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
