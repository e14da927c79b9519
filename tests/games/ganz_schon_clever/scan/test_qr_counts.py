"""A QR code whose player count or rounds no game plays: the sheet is refused with exit 2 and a message, and
nothing is written (it once reached the transcription, whose validation error escaped as exit 3)."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

import printkit.games.ganz_schon_clever.layout.sheet as sheet_layout
from devkit.ganz_schon_clever.pad import print_pad
from devkit.ganz_schon_clever.synthetic import filled_pages
from printkit.cli import app
from printkit.games.ganz_schon_clever.model.sheet import Sheet

LEGAL = Sheet(players=1, yellow=((3,), (), (), ()), blue=(2,))


def _sheet_with_qr(monkeypatch: pytest.MonkeyPatch, counts: str) -> bytes:
    """A written A4 sheet whose QR code says ``counts`` in place of the ``rounds=6`` printkit prints."""
    printed = sheet_layout.qr_payload
    with monkeypatch.context() as m:
        m.setattr(sheet_layout, "qr_payload", lambda *a, **k: printed(*a, **k).replace("rounds=6", counts))
        pad = print_pad("a4", 1, count=1)
    [page] = filled_pages(pad, [LEGAL], random.Random(3), dpi=200)
    buf = io.BytesIO()
    Image.fromarray(page).save(buf, format="PNG")
    return buf.getvalue()


@pytest.mark.parametrize(("counts", "said"), [
    ("rounds=6&players=99999", "the QR code says 99999 players; ganz-schon-clever is played by 1 to 4 players, "
                               "4 to 6 rounds"),
    ("rounds=99999", "the QR code says 99999 rounds; ganz-schon-clever is played by 1 to 4 players, 4 to 6 rounds"),
    ("rounds=0&players=1", "the QR code says 0 rounds; ganz-schon-clever is played by 1 to 4 players, 4 to 6 rounds"),
    ("rounds=5&players=2", "the QR code says 2 players and 5 rounds; 2 players play 6 rounds"),
])
def test_counts_no_game_plays_end_in_exit_2_naming_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         counts: str, said: str) -> None:
    img = tmp_path / "x.png"
    img.write_bytes(_sheet_with_qr(monkeypatch, counts))
    r = CliRunner().invoke(app, ["scan", str(img), "--out", str(tmp_path / "out")])
    assert r.exit_code == 2, (r.stdout, r.stderr)
    assert f"error: {img}: {said}" in r.stderr
    assert "bug" not in r.stderr and "Traceback" not in r.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == []


def test_counts_a_game_plays_are_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    img = tmp_path / "x.png"
    img.write_bytes(_sheet_with_qr(monkeypatch, "rounds=5&players=3"))
    r = CliRunner().invoke(app, ["scan", str(img), "--out", str(tmp_path / "out")])
    assert r.exit_code in (0, 1), (r.stdout, r.stderr)
    assert "3 player(s), 5 rounds" in r.stdout
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["x.read.png", "x.yaml"]
