"""Files written together (a scan's overlay and transcription) are all new or all old after any interruption."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from printkit.engine import outputs
from printkit.engine.outputs import write_together

real_replace = os.replace
real_fsync = os.fsync


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_a_signal_between_the_renames_waits_for_the_last(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          sig: str) -> None:
    renames: list[str] = []

    def replace_then_signal(src: str, dst: Path) -> None:
        real_replace(src, dst)
        renames.append(Path(dst).name)
        if len(renames) == 1:
            os.kill(os.getpid(), getattr(signal, sig))  # arrives between the two renames

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(outputs.os, "replace", replace_then_signal)
    before = signal.signal(signal.SIGTERM, interrupt)  # as printkit's main process does (stop_on_signals)
    try:
        with pytest.raises(KeyboardInterrupt):
            write_together([(tmp_path / "a.read.png", b"png"), (tmp_path / "a.yaml", b"yaml")])
    finally:
        signal.signal(signal.SIGTERM, before)
    assert renames == ["a.read.png", "a.yaml"]  # the signal was held until both were in place
    assert _names(tmp_path) == ["a.read.png", "a.yaml"]
    assert (tmp_path / "a.yaml").read_bytes() == b"yaml"


def test_interrupted_while_writing_the_second_leaves_neither_and_no_part_file(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.yaml").write_bytes(b"old yaml")
    synced: list[int] = []

    def fsync_interrupted_on_the_second(fd: int) -> None:
        synced.append(fd)
        if len(synced) == 2:
            raise KeyboardInterrupt
        real_fsync(fd)

    monkeypatch.setattr(outputs.os, "fsync", fsync_interrupted_on_the_second)
    with pytest.raises(KeyboardInterrupt):
        write_together([(tmp_path / "a.read.png", b"png"), (tmp_path / "a.yaml", b"new yaml")])
    assert len(synced) == 2
    assert _names(tmp_path) == ["a.yaml"]  # the old file, and nothing of this run
    assert (tmp_path / "a.yaml").read_bytes() == b"old yaml"


def test_a_rename_that_fails_takes_back_the_files_placed_before_it(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").mkdir()  # a folder where the second file goes
    with pytest.raises(OSError):
        write_together([(tmp_path / "a.read.png", b"png"), (tmp_path / "a.yaml", b"yaml")])
    assert _names(tmp_path) == ["a.yaml"]
    assert (tmp_path / "a.yaml").is_dir()


def test_files_written_together_are_there_whole_with_the_umask_permissions(tmp_path: Path) -> None:
    write_together([(tmp_path / "sub" / "a.read.png", b"png"), (tmp_path / "sub" / "a.yaml", b"yaml")])
    assert _names(tmp_path / "sub") == ["a.read.png", "a.yaml"]
    assert (tmp_path / "sub" / "a.read.png").read_bytes() == b"png"
    mask = os.umask(0o022)
    os.umask(mask)
    assert (tmp_path / "sub" / "a.yaml").stat().st_mode & 0o777 == 0o666 & ~mask
