"""A name claimed for checking and writing it: held against other processes, and gone after."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from printkit.engine.outputs import claimed


def _claim_and_say(target: str, said: str) -> None:
    with claimed(Path(target)):
        Path(said).write_text("in", encoding="utf-8")


def test_a_claim_leaves_no_file_and_can_be_made_again(tmp_path: Path) -> None:
    for _ in range(2):
        with claimed(tmp_path / "x.yaml"):
            assert [p.name for p in tmp_path.iterdir()] == [".x.yaml.lock"]
    assert list(tmp_path.iterdir()) == []


def test_another_process_waits_for_the_claim(tmp_path: Path) -> None:
    said = tmp_path / "said"
    ctx = multiprocessing.get_context("spawn")
    with claimed(tmp_path / "x.yaml"):
        p = ctx.Process(target=_claim_and_say, args=(str(tmp_path / "x.yaml"), str(said)))
        p.start()
        p.join(timeout=3)  # it cannot get in while this holds the name
        assert p.is_alive() and not said.exists()
    p.join(timeout=60)
    assert p.exitcode == 0 and said.read_text(encoding="utf-8") == "in"
    assert [q.name for q in tmp_path.iterdir()] == ["said"]


def test_a_folder_that_cannot_hold_the_claim_is_named(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    with pytest.raises(OSError) as caught, claimed(tmp_path / "file" / "x.yaml"):
        pass
    assert caught.value.filename == str(tmp_path / "file")
