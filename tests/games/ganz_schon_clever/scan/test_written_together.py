"""A scan interrupted while its sheet's files are written leaves neither: no overlay without its transcription."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from devkit.ganz_schon_clever.pad import print_pad
from devkit.ganz_schon_clever.synthetic import filled_pages
from printkit.cli import app
from printkit.engine import outputs
from printkit.games.ganz_schon_clever.model.sheet import Sheet

real_fsync = os.fsync


def test_interrupted_between_the_overlay_and_the_transcription_leaves_no_file(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    pad = print_pad("a4", 1, count=1)
    [page] = filled_pages(pad, [Sheet(players=1, yellow=((3,), (), (), ()), blue=(2,))], random.Random(3), dpi=200)
    buf = io.BytesIO()
    Image.fromarray(page).save(buf, format="PNG")
    img = tmp_path / "x.png"
    img.write_bytes(buf.getvalue())
    synced: list[int] = []

    def interrupted_on_the_second(fd: int) -> None:  # the overlay is on disk, the transcription being written
        synced.append(fd)
        if len(synced) == 2:
            raise KeyboardInterrupt
        real_fsync(fd)

    monkeypatch.setattr(outputs.os, "fsync", interrupted_on_the_second)
    r = CliRunner().invoke(app, ["scan", str(img), "--out", str(tmp_path / "out")])
    assert r.exit_code == 130, (r.stdout, r.stderr)
    assert len(synced) == 2
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == []
