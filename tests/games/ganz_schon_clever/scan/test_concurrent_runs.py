"""Two ``printkit scan`` processes started together into one folder: each checks what the other wrote before
it writes, as if run one after the other (the check and the write were once 35 ms apart, and both wrote)."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from devkit.ganz_schon_clever.pad import print_pad
from devkit.ganz_schon_clever.synthetic import filled_pages
from printkit.games.ganz_schon_clever.model.sheet import Sheet

# Each process waits for the other at two barriers (files in a folder of the test): before it starts, and when
# it is about to write, for at most 100 looks 20 ms apart.  A process that finds the other at the second
# barrier says so in an "overlapped" file: both were past their checks at once.
RUN = """
import os, sys, time
from pathlib import Path
import printkit.games.ganz_schon_clever.scan.run as run

barrier = Path(sys.argv[1])
real = run.write_together

def at_the_barrier(files):
    me = barrier / f"writing-{os.getpid()}"
    me.touch()
    for _ in range(100):
        if any(p != me for p in barrier.glob("writing-*")):
            (barrier / f"overlapped-{os.getpid()}").touch()
            break
        time.sleep(0.02)
    try:
        real(files)
    finally:
        me.unlink()

run.write_together = at_the_barrier
(barrier / f"ready-{os.getpid()}").touch()
for _ in range(3000):
    if len(list(barrier.glob("ready-*"))) >= 2:
        break
    time.sleep(0.01)
sys.argv = ["printkit", "scan", *sys.argv[2:]]
from printkit.cli import main
main()
"""


@pytest.fixture(scope="module")
def sheet_png() -> bytes:
    pad = print_pad("a4", 1, count=1)
    [page] = filled_pages(pad, [Sheet(players=1, yellow=((3,), (), (), ()), blue=(2,))], random.Random(3), dpi=200)
    buf = io.BytesIO()
    Image.fromarray(page).save(buf, format="PNG")
    return buf.getvalue()


def _together(barrier: Path, *runs: list[str]) -> list[tuple[int, str]]:
    barrier.mkdir()
    procs = [subprocess.Popen([sys.executable, "-c", RUN, str(barrier), *args, "-q"], env=dict(os.environ),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for args in runs]
    done = [(p.wait(timeout=300), p.communicate()[1].decode()) for p in procs]
    assert not list(barrier.glob("overlapped-*")), done  # never both past their checks at once
    assert len(list(barrier.glob("ready-*"))) == 2
    return done


@pytest.mark.skipif(sys.platform == "win32", reason="fork-free subprocess timing on POSIX only")
def test_two_runs_of_two_images_named_alike_write_one_transcription(tmp_path: Path, sheet_png: bytes) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "x.png").write_bytes(sheet_png)
    out = tmp_path / "out"
    done = _together(tmp_path / "barrier", [str(tmp_path / "a" / "x.png"), "--out", str(out)],
                     [str(tmp_path / "b" / "x.png"), "--out", str(out)])
    codes = sorted(code for code, _ in done)
    assert codes[0] in (0, 1) and codes[1] == 2, done  # one wrote, the other was refused
    [(winner, _)] = [(i, err) for i, (code, err) in enumerate(done) if code != 2]
    [refusal] = [err for code, err in done if code == 2]
    won, lost = "ab"[winner], "ab"[1 - winner]
    assert f"{out / 'x.yaml'}: not overwritten: it is the transcription of ../{won}/x.png, not of ../{lost}/x.png" \
        in refusal
    assert sorted(p.name for p in out.iterdir()) == ["x.read.png", "x.yaml"]  # no lock or part file left
    assert (out / "x.yaml").read_text(encoding="utf-8").startswith(f"# printkit scan of ../{won}/x.png (layout ")


@pytest.mark.skipif(sys.platform == "win32", reason="fork-free subprocess timing on POSIX only")
def test_two_runs_of_one_image_write_one_after_the_other(tmp_path: Path, sheet_png: bytes) -> None:
    (tmp_path / "x.png").write_bytes(sheet_png)
    out = tmp_path / "out"
    done = _together(tmp_path / "barrier", [str(tmp_path / "x.png"), "--out", str(out)],
                     [str(tmp_path / "x.png"), "--out", str(out)])
    # both written (illegal: no bonus taken), the second over the first's own unchanged file
    assert [code for code, _ in done] == [1, 1], done
    assert sorted(p.name for p in out.iterdir()) == ["x.read.png", "x.yaml"]
