"""Everything `check` says about many sheets, one JSON line each: run it on two checkouts and compare.

A change meant to make the checker faster must not change a word of what it says.  This writes, per
sheet, the JSON report in English and the text report in Traditional Chinese (verdict, score, every
violation and note with its message, claims, dice count, solo ruling), under each solo passive ruling
(either / none / plus1).  The sheets: strong play (bench/strong_play.py, the throughput benchmark's),
simulated random play, solo games played under the +1-on-the-passive-turn ruling, nearby mutants of all
of them, the legal solo ones among these with no die to spare (the sheets that make the solo passive search
work), and random sheets (mostly illegal).

    PYTHONPATH=/tmp/before python bench/check_dump.py --out /tmp/before.jsonl
    PYTHONPATH=. python bench/check_dump.py --out /tmp/after.jsonl && cmp /tmp/before.jsonl /tmp/after.jsonl

Run it with the checkout under test first on PYTHONPATH (the script itself may come from either).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from strong_play import strong_sheets

from printkit.games.ganz_schon_clever.check import as_json, as_text
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.definitions.messages import load_check_texts
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.rules.legality import check
from printkit.games.ganz_schon_clever.rules.play import random_sheets, simulated_sheets

RULINGS = (None, "none", "plus1")


def mutant(game: GscGame, s: Sheet, rng: random.Random) -> Sheet:
    """A nearby sheet, often impossible: one or two marks added or taken away, a track moved."""
    for _ in range(rng.randint(1, 2)):
        k = rng.randrange(6)
        if k == 0:
            s = s.model_copy(update={"blue": tuple(sorted(set(s.blue) ^ {rng.choice(game.blue_sums)}))})
        elif k == 1:
            s = s.model_copy(update={"green": max(0, min(len(game.green.thresholds), s.green + rng.choice((-1, 1))))})
        elif k == 2:
            purple = s.purple[:-1] if s.purple and rng.random() < 0.5 else (*s.purple, rng.randint(1, 6))
            s = s.model_copy(update={"purple": purple[: game.purple.boxes]})
        elif k == 3:
            mults = game.orange.multipliers
            orange = s.orange[:-1] if s.orange and rng.random() < 0.5 else (
                *s.orange, rng.randint(1, 6) * mults[min(len(s.orange), len(mults) - 1)])
            s = s.model_copy(update={"orange": orange[: len(mults)]})
        elif k == 4:
            rows = [list(r) for r in s.yellow]
            r = rng.randrange(len(rows))
            printed = [b.value for b in game.boxes["yellow"] if b.row == r and b.value]
            v = rng.choice(printed)
            rows[r] = sorted(set(rows[r]) ^ {v}, key=printed.index)
            s = s.model_copy(update={"yellow": tuple(tuple(x) for x in rows)})
        else:
            extra = s.extra_dice or ActionCount(earned=0, used=0)
            earned = max(0, extra.earned + rng.choice((-1, 0, 1)))
            s = s.model_copy(update={"extra_dice": ActionCount(earned=earned, used=min(earned, extra.used + 1))})
    return s


def random_sheet(game: GscGame, rng: random.Random) -> Sheet:
    """Any sheet the format can hold, marks at random (almost always impossible)."""
    rows = []
    for r in range(len(game.yellow.grid)):
        printed = [b.value for b in game.boxes["yellow"] if b.row == r and b.value]
        rows.append(tuple(v for v in printed if rng.random() < 0.5))
    mults = game.orange.multipliers
    return Sheet(
        players=rng.randint(1, 4),
        yellow=tuple(rows),
        blue=tuple(v for v in game.blue_sums if rng.random() < 0.5),
        green=rng.randint(0, len(game.green.thresholds)),
        orange=tuple(rng.randint(1, 6) * m for m in mults[: rng.randint(0, len(mults))]),
        purple=tuple(rng.randint(1, 6) for _ in range(rng.randint(0, game.purple.boxes))),
        rerolls=ActionCount(earned=(e := rng.randint(0, 7)), used=rng.randint(0, e)),
        extra_dice=ActionCount(earned=(e := rng.randint(0, 7)), used=rng.randint(0, e)),
    )


def sheets_for(game: GscGame, strong: int, simulated: int, solo: int, randoms: int, seed: int
               ) -> list[tuple[str, Sheet]]:
    rng = random.Random(seed)
    out = [("strong", s) for s in strong_sheets(strong)]
    out += [("simulated", s) for s in simulated_sheets(game, simulated, rng_offset=70_000 + seed)]
    for k in range(solo):
        out += [("solo plus1", s) for s in random_sheets(game, 1, random.Random(90_000 + seed * 7919 + k), "plus1")]
    out += [(f"{kind} mutant", mutant(game, s, rng)) for kind, s in list(out)]
    out += [("tight solo", t) for _, s in list(out) if s.players == 1 and (t := tight(game, s)) is not None]
    out += [("random", random_sheet(game, rng)) for _ in range(randoms)]
    return out


def tight(game: GscGame, s: Sheet) -> Sheet | None:
    """The solo sheet with just as many +1 crossed out as its dice need (None if it has too few): every
    die pick is then needed, and the check asks whether the last passive turn needed a +1."""
    r = check(s, game)
    if not r.legal or s.extra_dice is None or s.extra_dice.used < r.dice.available - r.dice.dice:
        return None
    used = s.extra_dice.used - (r.dice.available - r.dice.dice)
    return s.model_copy(update={"extra_dice": ActionCount(earned=s.extra_dice.earned, used=used)})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strong", type=int, default=3000)
    ap.add_argument("--simulated", type=int, default=5000)
    ap.add_argument("--solo", type=int, default=2000, help="solo games under the plus1 ruling")
    ap.add_argument("--random", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    game, texts = load_gsc_game(), load_check_texts()
    sheets = sheets_for(game, args.strong, args.simulated, args.solo, args.random, args.seed)
    t0 = time.perf_counter()
    illegal = 0
    with args.out.open("w", encoding="utf-8") as f:
        for i, (kind, s) in enumerate(sheets):
            for ruling in RULINGS if s.players == 1 else (None,):
                r = check(s, game, ruling)  # type: ignore[arg-type]
                illegal += not r.legal
                path = Path(f"{kind}-{i}")
                entry = {"kind": kind, "ruling": ruling, "sheet": s.model_dump(mode="json"),
                         "json": as_json(path, s.players, r, game, texts, "en"),
                         "text": as_text(path, s.players, r, game, texts, "zh-TW")}
                f.write(json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(sheets)} sheets ({illegal} verdicts illegal) in {time.perf_counter() - t0:.1f} s -> {args.out}")


if __name__ == "__main__":
    main()
