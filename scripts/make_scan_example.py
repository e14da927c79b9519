"""Make the README's `printkit scan` example: a synthetic phone photo of a filled-in sheet and the
overlay `printkit scan` draws of it.

The photo comes from the scan test set's generator (``devkit.ganz_schon_clever.synthetic``) at a fixed *tuning*
seed, so it is reproducible and never one of the held-out benchmark pages; the overlay is what `printkit scan` writes
for it, shrunk for the page.  Run it again whenever the sheet or the reader changes, then update the
README's caption from what it prints.

    PYTHONPATH=. python scripts/make_scan_example.py [--seed 700]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

from devkit.ganz_schon_clever.synthetic import PadOptions, make_samples

ROOT = Path(__file__).resolve().parents[1]
PHOTO = ROOT / "docs" / "images" / "scan-example-photo.jpg"
OVERLAY = ROOT / "docs" / "images" / "scan-example-overlay.png"
PHOTO_SIZE = (3000, 2250)  # a phone photo scaled down for the repository; the QR code still reads
OVERLAY_WIDTH = 900


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=700, help="tuning seed (< 1000) of the synthetic photo")
    args = ap.parse_args()
    if args.seed >= 1000:
        ap.error("seeds from 1000 on are the benchmark's held-out pages")
    sample = make_samples(1, args.seed, ("photo",), pads=(PadOptions(),), photo_size=PHOTO_SIZE)[0]
    PHOTO.write_bytes(sample.data)
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run([sys.executable, "-m", "printkit", "scan", str(PHOTO), "--out", tmp],
                             capture_output=True, text=True, cwd=ROOT)
        print(run.stdout + run.stderr)
        print(f"exit code {run.returncode}")
        overlays = sorted(Path(tmp).glob("*.read.png"))
        if not overlays:
            return 1
        with Image.open(overlays[0]) as im:
            im.thumbnail((OVERLAY_WIDTH, OVERLAY_WIDTH * 2))
            # 256 colours keep the outlines and labels exact and the file a tenth of full colour's size
            im.convert("RGB").quantize(256, dither=Image.Dither.NONE).save(OVERLAY, optimize=True)
        print((Path(tmp) / overlays[0].name.replace(".read.png", ".yaml")).read_text(encoding="utf-8"))
    print(f"wrote {PHOTO.relative_to(ROOT)} and {OVERLAY.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
