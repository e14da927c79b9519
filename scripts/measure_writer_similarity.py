"""How alike one writer's sure digit parts are, in the digit model's last hidden layer (bench/notes/scan-digits.md,
"The writer's own digits"): leave one out among each sheet's sure parts, the best cosine of a part to the same
writer's other sure parts of its own class and of every other class (classes with two or more parts).

Tuning seeds only (below 1000; never the held-out seeds of bench/bench_scan.py):

    PYTHONPATH=. python scripts/measure_writer_similarity.py 6 100   # pages, seed; a few minutes
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import numpy as np

from devkit.ganz_schon_clever.synthetic import make_samples, read_back
from printkit.engine.scan.numbers import adaptation, network, ranking
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game

same: list[float] = []
other: list[float] = []
pairs: dict[tuple[int, int], list[float]] = {}
_adapt = adaptation.adapt


def _measure(readings: Sequence[ranking.Reading | None], sure: Sequence[bool],
             model: network.DigitModel | None = None) -> list[ranking.Reading | None]:
    """The sheet reader's own call, with the sure parts' similarities recorded on the way."""
    model = model or network.default_model()
    embeds, labels = [], []
    for r, s in zip(readings, sure, strict=True):
        if s and r is not None and r.basis is not None and r.value is not None:
            parts = adaptation._parts_of(r.basis, r.value)
            if parts is not None:
                embeds.append(model.hidden(r.basis.prepared.images[list(parts)]))
                labels += [int(d) for d in str(r.value)]
    if embeds:
        ex = adaptation._unit(np.concatenate(embeds))
        lab = np.array(labels)
        sim = ex @ ex.T
        np.fill_diagonal(sim, -1)
        for i in range(len(lab)):
            for c in range(10):
                mask = lab == c
                mask[i] = False
                if mask.sum() < 2:
                    continue
                best = float(sim[i, mask].max())
                (same if c == lab[i] else other).append(best)
                if c != lab[i]:
                    pairs.setdefault((int(lab[i]), c), []).append(best)
    return _adapt(readings, sure, model)


def main() -> int:
    n, seed = int(sys.argv[1]), int(sys.argv[2])
    assert seed < 1000, "tuning seeds only"
    adaptation.adapt = _measure  # type: ignore[assignment]
    for _ in read_back(make_samples(n, seed), load_gsc_game()):
        pass
    q = [5, 10, 25, 50, 75, 90, 95]
    print("percentiles", q)
    print("own class", len(same), np.percentile(same, q).round(3))
    print("other class", len(other), np.percentile(other, q).round(3))
    for k in [(1, 7), (7, 1), (2, 1), (1, 2), (2, 7), (7, 2), (9, 1), (1, 9)]:
        if k in pairs:
            print(k, len(pairs[k]), np.percentile(pairs[k], q).round(3))
    return 0


if __name__ == "__main__":
    sys.exit(main())
