"""Art at speed: printkit against a hand-written ReportLab script on a deck of pictures, side by side.

The deck: 500 poker cards, 20 distinct pictures of 1500 x 1000 px (PNG, drawn here with Pillow so the bench needs
no files), 25 cards each, every card its picture in a 56 x 38 mm window with ``fit: cover`` and 2.5 mm rounded
corners, and a title. printkit builds it (``printkit build``, bleed, crop marks, preflight, manifest and overview
included); the floor (``bench/floor_reportlab_art.py``) draws the same cards with plain ReportLab, each image
embedded once. Each run is a fresh Python process timed by the parent (wall); both also report their own work time.

Usage: python bench/bench_art.py [--repeat 3]   (prints a Markdown table and the ratio)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PICTURES = 20
PIXELS = (1500, 1000)
COPIES = 25  # 20 x 25 = 500 cards
AIM = 2.0  # printkit within 2x of the floor

TEMPLATE = """\
elements:
  - id: art
    image: {path: "{{ card.art }}", x: 3.5, y: 3.5, w: 56, h: 38, fit: cover, radius: 2.5}
  - id: title
    text: {x: 3.5, y: 45, w: 56, h: 10, text: "{{ card.name }}", size: 14, min_size: 8}
"""


def make_deck(folder: Path) -> None:
    """The pictures (smooth gradients with a few discs: PNG-compressible like painted art, not like noise)."""
    from PIL import Image, ImageDraw

    (folder / "art").mkdir(parents=True, exist_ok=True)
    rows = ["name,qty,art"]
    w, h = PIXELS
    for k in range(PICTURES):
        base = Image.linear_gradient("L").resize((w, h))
        rgb = Image.merge("RGB", (base, base.rotate(90, expand=False).resize((w, h)),
                                  Image.new("L", (w, h), 40 + 10 * k)))
        draw = ImageDraw.Draw(rgb)
        for j in range(6):
            cx, cy, r = (97 * (j + 1) * (k + 3)) % w, (61 * (j + 2) * (k + 1)) % h, 60 + 23 * j
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=((40 * j + 9 * k) % 256, 180 - 20 * j, 90 + 7 * k))
        rgb.save(folder / "art" / f"art-{k:02d}.png")
        rows.append(f"Picture {k + 1},{COPIES},art/art-{k:02d}.png")
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (folder / "front.yaml").write_text(TEMPLATE, encoding="utf-8")
    (folder / "deck.yaml").write_text("title: Art bench\nsize: poker\ndata: cards.csv\nfront: front.yaml\n"
                                      "back: null\n", encoding="utf-8")


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run: CPU (user + system of the child) is what a loaded machine inflates least."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory(prefix="printkit-art-bench-") as tmp:
        deck = Path(tmp) / "deck"
        make_deck(deck)
        printkit = [sys.executable, "-m", "printkit", "build", str(deck / "deck.yaml"), "-o", str(Path(tmp) / "out"),
                    "-q", "--force"]
        floor = [sys.executable, str(ROOT / "bench" / "floor_reportlab_art.py"), str(deck), str(Path(tmp) / "f.pdf")]
        timed(printkit, env)  # warm: the font cache, the OS file cache
        runs: dict[str, list[tuple[float, float]]] = {"printkit": [], "floor": []}
        for _ in range(args.repeat):
            runs["printkit"].append(timed(printkit, env))
            runs["floor"].append(timed(floor, env))
        pdf = next((Path(tmp) / "out" / "deck").glob("cards-*.pdf")).read_bytes()
        sizes = {"printkit": len(pdf), "floor": (Path(tmp) / "f.pdf").stat().st_size}
        images = {"printkit": pdf.count(b"/Subtype /Image"), "floor": (Path(tmp) / "f.pdf").read_bytes()
                  .count(b"/Subtype /Image")}
    print("| workload | best wall | median wall | median CPU | PDF size | image XObjects |\n|---|---|---|---|---|---|")
    wall = {k: statistics.median(t[0] for t in v) for k, v in runs.items()}
    cpu = {k: statistics.median(t[1] for t in v) for k, v in runs.items()}
    for name, times in runs.items():
        print(f"| {name} | {min(t[0] for t in times):.2f} s | {wall[name]:.2f} s | {cpu[name]:.2f} s "
              f"| {sizes[name] / 1e6:.1f} MB | {images[name]} |")
    print(f"\nprintkit takes {wall['printkit'] / wall['floor']:.2f}x the floor's time (median wall) and "
          f"{cpu['printkit'] / cpu['floor']:.2f}x its CPU time; the aim is at most {AIM:g}x")
    print(json.dumps({"wall": wall, "cpu": cpu}))


if __name__ == "__main__":
    main()
