"""Sweep: the San Marco map property over hundreds of seeds per style (the tests do 50).

    PYTHONPATH=. python bench/bench_san_marco_maps.py            # 300 seeds per style, every size 6-10
    PYTHONPATH=. python bench/bench_san_marco_maps.py --seeds 40

Prints, per style, how many maps were made, how many broke the property (must be 0), how many
seeds found no map at all, and the time per map.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit.games.san_marco import definitions as loader
from printkit.games.san_marco.rules.map import MapGenerationError, generate_map
from tests.games.san_marco.map_property import adjacency_problems


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=300)
    args = ap.parse_args()
    gen = loader.load_generator()
    broken = 0
    for style in gen.styles:
        made = failed = bad = 0
        start = time.perf_counter()
        for seed in range(args.seeds):
            n = 6 + seed % 5
            try:
                m = generate_map(n, 10_000 + seed, style, gen.map, sites_per_pair=3)
            except MapGenerationError:
                failed += 1
                continue
            made += 1
            pairs = {(p.a, p.b): [(s.x, s.y, s.angle) for s in p.sites] for p in m.pairs}
            problems = adjacency_problems([d.outline for d in m.districts], pairs, m.canal_width, 3)
            if problems:
                bad += 1
                print(f"  {style.name} seed {10_000 + seed} ({n} districts): {problems[0]}")
        per = (time.perf_counter() - start) / max(1, made + failed)
        print(f"{style.name}: {made} maps, {bad} break the property, {failed} seeds without a map, {per:.2f} s/map")
        broken += bad
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
