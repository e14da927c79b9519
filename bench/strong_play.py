"""Sheets from strong play, for benchmarking `printkit check` where its bonus-order search is hardest.

Random play leaves areas half empty; a strong player fills them and chains many bonuses, which is
what makes a final sheet expensive to prove legal.  This greedy player plays the game's own rules
(printkit.games.ganz_schon_clever.rules.play) but, at every choice, takes the mark, bonus target or
die that raises its score the most (bonuses it earns count a few points each), and always uses its
+1 actions.  It is a benchmark workload, not a product feature.

    PYTHONPATH=. python bench/strong_play.py --sheets 3000 --out /tmp/strong   # writes sheet-00001.yaml ...
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path

import printkit.games.ganz_schon_clever.rules.play as play
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import Sheet
from printkit.games.ganz_schon_clever.rules.score import score

BONUS_WORTH = 3  # points a pending bonus or an unused action is worth to the greedy player


def _value(game: GscGame, state: play.PlayerState) -> float:
    s = score(state.to_sheet(game, 1), game)
    area_sum = s.yellow + s.blue + s.green + s.orange + s.purple
    progress = 2 * bin(state.yellow).count("1") + bin(state.blue).count("1") + state.green  # toward columns/rows
    spare = (state.rerolls - state.rerolls_used) + (state.plus1 - state.plus1_used) + len(state.pending)
    return area_sum + progress + s.foxes * 10 + spare * BONUS_WORTH


_seen: dict[str, object] = {}  # the state and dice the player is choosing among (see _watch_dice_marks)
_dice_marks = play.dice_marks


def _watch_dice_marks(game: GscGame, state: play.PlayerState, die: play.Die, dice: Sequence[play.Die]) -> list:
    _seen["state"], _seen["dice"] = state, dice
    return _dice_marks(game, state, die, dice)


def _best_mark_value(game: GscGame, state: play.PlayerState, die: play.Die, dice: Sequence[play.Die]) -> float:
    marks = _dice_marks(game, state, die, dice)
    return max((_value(game, play.apply_mark(game, state, m)) for m in marks), default=-1.0)


class StrongPlayer(random.Random):
    """Random only where the game is (dice); every choice of the player is greedy."""

    game: GscGame
    state: play.PlayerState | None = None

    def choice(self, seq: Sequence):  # type: ignore[override]
        items = list(seq)
        if items and isinstance(items[0], play.Die) and "state" in _seen:
            state, dice = _seen["state"], _seen["dice"]
            return max(items, key=lambda d: (_best_mark_value(self.game, state, d, dice), -d.value))  # type: ignore[arg-type]
        if self.state is not None and items and isinstance(items[0], tuple) and len(items[0]) == 2:
            state = self.state  # bonus moves: (pending index, target mark)
            return max(items, key=lambda m: _value(self.game, play.apply_bonus(self.game, state, *m)))
        return super().choice(items)

    def random(self) -> float:
        return 0.0  # always take a die, always use a +1 action ("< 0.9", "< 0.6"), reroll freely ("< 0.3")

    def getrandbits(self, k: int) -> int:  # the dice stay random: randint draws from here, not random()
        return super().getrandbits(k)


def _greedy_use_die(game: GscGame, state: play.PlayerState, die: play.Die, dice: Sequence[play.Die],
                    rng: random.Random) -> play.PlayerState | None:
    marks = _dice_marks(game, state, die, dice)
    if not marks:
        return None
    best = max(marks, key=lambda m: _value(game, play.apply_mark(game, state, m)))
    return play.resolve(game, play.apply_mark(game, state, best), rng)


def _greedy_resolve(game: GscGame, state: play.PlayerState, rng: random.Random) -> play.PlayerState:
    while state.pending:
        if isinstance(rng, StrongPlayer):
            rng.state = state
        i, mark = rng.choice(play.bonus_moves(game, state))
        state = play.apply_bonus(game, state, i, mark)
    return state


def strong_sheets(n: int, seed: int = 0) -> list[Sheet]:
    """``n`` final sheets of greedy games, 1-4 players in turn; deterministic for a ``seed``."""
    game = load_gsc_game()
    saved = play._use_die, play.resolve, play.dice_marks
    play._use_die, play.resolve, play.dice_marks = _greedy_use_die, _greedy_resolve, _watch_dice_marks
    try:
        sheets: list[Sheet] = []
        k = 0
        while len(sheets) < n:
            rng = StrongPlayer(seed * 1_000_003 + k)
            rng.game = game
            sheets.extend(play.random_sheets(game, k % 4 + 1, rng))
            k += 1
        return sheets[:n]
    finally:
        play._use_die, play.resolve, play.dice_marks = saved


def sheet_yaml(s: Sheet) -> str:
    rows = ", ".join(f"[{', '.join(map(str, r))}]" for r in s.yellow)
    assert s.rerolls is not None and s.extra_dice is not None
    return (f"game: gsc\nplayers: {s.players}\nyellow: [{rows}]\nblue: {list(s.blue)}\ngreen: {s.green}\n"
            f"orange: {list(s.orange)}\npurple: {list(s.purple)}\n"
            f"rerolls: {{earned: {s.rerolls.earned}, used: {s.rerolls.used}}}\n"
            f"extra_dice: {{earned: {s.extra_dice.earned}, used: {s.extra_dice.used}}}\n")


def write_sheets(folder: Path, n: int, seed: int = 0) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, s in enumerate(strong_sheets(n, seed), start=1):
        p = folder / f"sheet-{i:05d}.yaml"
        p.write_text(sheet_yaml(s), encoding="utf-8")
        paths.append(p)
    return paths


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sheets", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    write_sheets(args.out, args.sheets, args.seed)
