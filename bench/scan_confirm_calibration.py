"""Calibrate ``DECIDE.confirm`` (``printkit/games/ganz_schon_clever/scan/agreement.py``) on *tuning* seeds.

Reads the synthetic test set's pages of the given seeds (all below 1000: never the held-out bench's),
keeps every box reading, then for each belief the sheet's sums could confirm (it rests on an agreeing
claim and holds a field read below 0.9 alone) records its posterior and whether any of its fields is
wrong; prints how many would be confirmed, and how many wrongly, at each threshold, and the sheets
exactly right at the shipped threshold.

    PYTHONPATH=. python bench/scan_confirm_calibration.py --seeds 100 200 300 [--n 24] [--cache DIR]

``--cache DIR`` keeps the readings of each seed (pickle, this machine only) so a second run is quick.
"""

from __future__ import annotations

# ruff: noqa: E402  (the thread settings below must come before NumPy loads)
import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import importlib
import pickle
from collections import Counter
from pathlib import Path
from typing import Any

from devkit.ganz_schon_clever.synthetic import make_samples, read_back
from devkit.ganz_schon_clever.truth import box_truth
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.rules.score import score
from printkit.games.ganz_schon_clever.scan import agreement
from printkit.games.ganz_schon_clever.scan.tables import box_table
from printkit.games.ganz_schon_clever.scan.thresholds import DECIDE

# the package re-exports the function transcribe under the module's name
transcribe = importlib.import_module("printkit.games.ganz_schon_clever.scan.transcribe")
THRESHOLDS = (0.5, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999)


def harvest(seed: int, n: int, game: GscGame, cache: Path | None) -> list[dict[str, Any]]:
    """Every sheet of the seed's pages: its readings, what its QR code said, and the truth."""
    path = cache / f"readings-{seed}-{n}.pkl" if cache else None
    if path is not None and path.exists():
        return pickle.loads(path.read_bytes())  # type: ignore[no-any-return]
    rows = [{"name": s.name, "kind": s.kind, "truth": s.truth_at(sh.image.position),
             "layout": sh.sheet_id.layout, "format": sh.sheet_id.format, "rounds": sh.sheet_id.rounds,
             "qr_players": sh.sheet_id.players, "readings": sh.image.readings}
            for s, sh in read_back(make_samples(n, seed, ("scan", "photo")), game)]
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(rows))
    return rows


def evaluate(rows: list[dict[str, Any]], game: GscGame) -> tuple[list[tuple[float, bool]], dict[str, Counter]]:
    """(posterior, any field wrong) of every confirmable belief; per capture, sheets exactly right."""
    beliefs = []
    sheets: dict[str, Counter] = {"scan": Counter(), "photo": Counter()}
    for row in rows:
        # the player count scan_file hands the transcription: the QR code's, else the one the rounds imply
        counts = {p for p, r in game.rounds.by_player_count.items() if r == row["rounds"]}
        who = row["qr_players"] if row["qr_players"] is not None else (counts.pop() if len(counts) == 1 else None)
        table = box_table(row["layout"], row["format"]).table
        truth = box_truth(row["truth"], table)
        names = {int(b["index"]): b["name"] for b in table["boxes"] if b["area"] == "score"}

        def key(r: Any, names: dict[int, str] = names) -> tuple[str, Any]:
            return ("score", names[r.spec.index]) if r.spec.area == "score" else (r.spec.area, r.spec.index)

        by_key = {key(r): r for r in row["readings"]}

        def score_of(values: Any, table: dict = table, players: int = who or 1) -> Any:
            kept = {k: v for k, v in values.items() if v is not None}
            return score(transcribe._sheet_from(game, table, kept, players, {}), game)

        for b in agreement.beliefs(row["readings"], names, score_of):
            if not b.agreeing or all(by_key[k].confidence >= DECIDE.confident for k in b.fields):
                continue
            wrong = False
            for k in b.fields:
                r = by_key[k]
                read = agreement.read_value(r) if r.spec.read == "number" else r.value
                wrong |= read != truth.get((r.spec.area, r.spec.index))
            beliefs.append((b.posterior, wrong))
        t = transcribe.transcribe(game, table, row["readings"], row["rounds"], who)
        skip = {"claimed"} if row["qr_players"] is not None else {"claimed", "players"}
        exact = (t.sheet.model_dump(exclude=skip) == row["truth"].model_dump(exclude=skip)
                 and t.sheet.claimed == row["truth"].claimed and not t.uncertain)
        sheets[row["kind"]]["sheets"] += 1
        sheets[row["kind"]]["exact"] += exact
    return beliefs, sheets


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, nargs="+", required=True)
    ap.add_argument("--n", type=int, default=24, help="pages per seed (half scans, half photos)")
    ap.add_argument("--cache", type=Path)
    a = ap.parse_args()
    if any(s >= 1000 for s in a.seeds):
        ap.error("seeds from 1000 on are held out: calibrate on seeds below 1000 only")
    game = load_gsc_game()
    rows = [r for seed in a.seeds for r in harvest(seed, a.n, game, a.cache)]
    beliefs, sheets = evaluate(rows, game)
    wrong = sorted(p for p, w in beliefs if w)
    print(f"seeds {' '.join(map(str, a.seeds))}, {a.n} pages each: {len(rows)} sheets; {len(beliefs)} beliefs "
          f"the sums could confirm, {len(wrong)} with a wrong field (posteriors "
          f"{', '.join(f'{p:.4f}' for p in wrong) or '-'})")
    print("| threshold | confirmed | of them wrong |")
    print("|---|---|---|")
    for t in THRESHOLDS:
        print(f"| {t} | {sum(p >= t for p, _ in beliefs)} | {sum(p >= t and w for p, w in beliefs)} |")
    for kind, c in sheets.items():
        print(f"{kind}: {c['exact']} of {c['sheets']} sheets exactly right at DECIDE.confirm = {DECIDE.confirm}")


if __name__ == "__main__":
    main()
