"""printkit scan's files: named after each image, never one sheet's over another's, a person's corrections
kept, its own overlays skipped when given again; and a --players the sheet's QR code contradicts."""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from devkit.ganz_schon_clever.pad import print_pad
from devkit.ganz_schon_clever.synthetic import filled_pages
from printkit.cli import app
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.scan import sheet_players

runner = CliRunner()
LEGAL = Sheet(players=1, yellow=((3,), (), (), ()), blue=(2,), rerolls=ActionCount(earned=2, used=0),
              extra_dice=ActionCount(earned=1, used=0))


def _png(sheets: tuple[Sheet, ...] = (LEGAL,), players: int | None = None, seed: int = 3, dpi: int = 200) -> bytes:
    """A page of printkit's A4 pad (two half sheets for two ``sheets``) with ``sheets`` written on it, as PNG."""
    pad = print_pad("a4", len(sheets), players=players, count=len(sheets))
    [page] = filled_pages(pad, list(sheets), random.Random(seed), dpi=dpi)
    buf = io.BytesIO()
    Image.fromarray(page).save(buf, format="PNG")
    return buf.getvalue()


@pytest.fixture(scope="module")
def legal_png() -> bytes:
    """A 1-player legal sheet (no numbers written), printed without a player count: 6 rounds."""
    return _png()


def _scan(*args: str) -> tuple[int, str, str]:
    r = runner.invoke(app, ["scan", *args])
    return r.exit_code, r.stdout, r.stderr


def test_a_name_with_dots_keeps_them_and_two_such_images_keep_their_own_files(tmp_path: Path, legal_png: bytes
                                                                             ) -> None:
    for name in ("sheet.1.png", "sheet.2.png"):
        (tmp_path / name).write_bytes(legal_png)
    code, out, _ = _scan(str(tmp_path / "sheet.1.png"), str(tmp_path / "sheet.2.png"))
    assert code == 0, out
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "sheet.1.png", "sheet.1.read.png", "sheet.1.yaml", "sheet.2.png", "sheet.2.read.png", "sheet.2.yaml"]
    for n in (1, 2):
        first = (tmp_path / f"sheet.{n}.yaml").read_text(encoding="utf-8").splitlines()[0]
        assert first == f"# printkit scan of sheet.{n}.png (layout 2, a4, serial 51304a-0001)"


def test_scanning_a_folder_again_skips_the_overlays_and_transcriptions_it_wrote(tmp_path: Path, legal_png: bytes
                                                                                ) -> None:
    (tmp_path / "sheet.png").write_bytes(legal_png)
    assert _scan(str(tmp_path / "sheet.png"))[0] == 0
    yaml_before = (tmp_path / "sheet.yaml").read_bytes()
    overlay = tmp_path / "sheet.read.png"
    assert b"printkit scan overlay" in overlay.read_bytes()[:200]  # a tEXt chunk before the pixels
    # `printkit scan *` the second time: the photo, its overlay and its transcription
    everything = sorted(str(p) for p in tmp_path.iterdir())
    code, out, err = _scan(*everything)
    assert code == 0, (out, err)  # the sheet's own code: the overlay and the YAML are skipped, not failures
    assert f"warning: {overlay}: an overlay printkit scan wrote" in err
    assert f"warning: {tmp_path / 'sheet.yaml'}: a transcription printkit scan wrote, not a photo or a scan: " \
        "skipped" in err
    assert "read " + str(overlay) not in out
    assert (tmp_path / "sheet.yaml").read_bytes() == yaml_before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.png", "sheet.read.png", "sheet.yaml"]
    assert "warning" not in _scan("-q", *everything)[2]  # -q: errors only
    # the overlay alone: nothing to read
    code, out, err = _scan(str(overlay))
    assert code == 2
    assert "error: nothing read: every file given is an overlay or a transcription printkit scan wrote" in err


def test_a_photo_named_like_an_overlay_is_never_written_over(tmp_path: Path, legal_png: bytes) -> None:
    (tmp_path / "x.png").write_bytes(legal_png)
    (tmp_path / "x.read.png").write_bytes(legal_png)  # a real photo, not an overlay
    for force in ([], ["--force"]):
        code, out, err = _scan(str(tmp_path / "x.png"), *force)
        assert code == 2 and out == ""
        assert (f"{tmp_path / 'x.read.png'}: not overwritten: it is not an overlay printkit scan wrote (a photo "
                "named like one, or an overlay of a printkit before 2026-12-04?): move it away or delete it") in err
        assert (tmp_path / "x.read.png").read_bytes() == legal_png and not (tmp_path / "x.yaml").exists()
    # given with it, the photo named like an overlay is read as what it is
    code, out, err = _scan(str(tmp_path / "x.read.png"))
    assert code == 0 and (tmp_path / "x.read.yaml").exists()


def test_a_blank_sheet_claims_no_name(tmp_path: Path, legal_png: bytes) -> None:
    blank = Sheet(players=1, rerolls=ActionCount(earned=0, used=0), extra_dice=ActionCount(earned=0, used=0))
    (tmp_path / "x.png").write_bytes(_png((blank,)))
    (tmp_path / "x.jpg").write_bytes(legal_png)
    code, _, err = _scan(str(tmp_path / "x.png"), str(tmp_path / "x.jpg"))
    assert code == 2 and "x.png: nothing is written on this sheet" in err and "of this run writes it" not in err
    assert (tmp_path / "x.yaml").read_text(encoding="utf-8").startswith("# printkit scan of x.jpg (layout 2")


def test_two_images_of_a_run_never_write_the_same_files(tmp_path: Path, legal_png: bytes) -> None:
    for name in ("x.png", "x.jpg", "a/x.png", "b/x.png"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes(legal_png)  # (a PNG named .jpg: read as what it is)
    for args in ([], ["--force"], ["--jobs", "2"]):
        for f in tmp_path.glob("*.yaml"):
            f.unlink()
        code, _, err = _scan(str(tmp_path / "x.png"), str(tmp_path / "x.jpg"), *args)
        assert code == 2
        first = (tmp_path / "x.yaml").read_text(encoding="utf-8").splitlines()[0]
        winner, loser = ("x.png", "x.jpg") if first.startswith("# printkit scan of x.png ") else ("x.jpg", "x.png")
        assert first.startswith(f"# printkit scan of {winner} (layout 2")
        assert (f"error: {tmp_path / loser}: {tmp_path / 'x.yaml'}: not written: {tmp_path / winner} of this run "
                "writes it; read one of them into another folder (--out) or rename it") in err
    code, _, err = _scan(str(tmp_path / "a/x.png"), str(tmp_path / "b/x.png"), "--out", str(tmp_path / "o"))
    assert code == 2 and f"{tmp_path / 'o' / 'x.yaml'}: not written: {tmp_path / 'a/x.png'} of this run" in err
    assert (tmp_path / "o" / "x.yaml").read_text(encoding="utf-8").startswith("# printkit scan of ../a/x.png")
    # one image named twice, or by two paths: refused before any is read
    code, _, err = _scan(str(tmp_path / "x.png"), str(tmp_path / "x.png"))
    assert code == 2 and f"error: {tmp_path / 'x.png'} is given 2 times" in err
    (tmp_path / "c").symlink_to(tmp_path / "a")
    code, _, err = _scan(str(tmp_path / "a/x.png"), str(tmp_path / "c/x.png"), "--out", str(tmp_path / "p"))
    assert code == 2 and f"error: {tmp_path / 'a/x.png'} and {tmp_path / 'c/x.png'} are one image given 2 times" in err
    assert not (tmp_path / "p").exists()


def test_a_page_of_two_half_sheets_and_an_image_named_like_its_top_half(tmp_path: Path, legal_png: bytes) -> None:
    (tmp_path / "x.png").write_bytes(_png((LEGAL, LEGAL), seed=4, dpi=240))
    (tmp_path / "x-top.png").write_bytes(legal_png)
    code, _, err = _scan(str(tmp_path / "x.png"), str(tmp_path / "x-top.png"))
    assert code == 2
    assert (f"error: {tmp_path / 'x-top.png'}: {tmp_path / 'x-top.yaml'}: not written: {tmp_path / 'x.png'} of "
            "this run writes it") in err
    assert (tmp_path / "x-top.yaml").read_text(encoding="utf-8").startswith("# printkit scan of x.png (layout 2")
    assert (tmp_path / "x-bottom.yaml").exists()
    # a two-page TIFF and a PNG of the same name write different files (y-p1, y-p2 and y): all read
    (tmp_path / "y.png").write_bytes(legal_png)
    frame = Image.open(io.BytesIO(legal_png)).convert("RGB")
    frame.save(tmp_path / "y.tiff", save_all=True, append_images=[frame], compression="tiff_deflate")
    code, out, err = _scan(str(tmp_path / "y.tiff"), str(tmp_path / "y.png"))
    assert code == 0, (out, err)
    assert {"y-p1.yaml", "y-p2.yaml", "y.yaml"} <= {p.name for p in tmp_path.iterdir()}


def test_the_transcription_of_another_image_is_not_replaced_without_force(tmp_path: Path, legal_png: bytes
                                                                          ) -> None:
    for name in ("a/x.png", "b/x.png"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes(legal_png)
    out = tmp_path / "o"
    assert _scan(str(tmp_path / "a/x.png"), "--out", str(out))[0] == 0
    first = (out / "x.yaml").read_bytes()
    assert first.startswith(b"# printkit scan of ../a/x.png (layout 2")
    overlay = (out / "x.read.png").stat().st_mtime_ns
    code, stdout, err = _scan(str(tmp_path / "b/x.png"), "--out", str(out))
    assert code == 2
    assert (f"{out / 'x.yaml'}: not overwritten: it is the transcription of ../a/x.png, not of ../b/x.png; "
            "use --force to replace it") in err
    assert stdout == ""  # no report of a reading that was not written
    assert (out / "x.yaml").read_bytes() == first and (out / "x.read.png").stat().st_mtime_ns == overlay
    # the same image again replaces its own transcription; --force replaces another's
    assert _scan(str(tmp_path / "a/x.png"), "--out", str(out))[0] == 0
    assert _scan(str(tmp_path / "b/x.png"), "--out", str(out), "--force")[0] == 0
    assert (out / "x.yaml").read_bytes().startswith(b"# printkit scan of ../b/x.png (layout 2")


def test_a_transcription_typed_by_hand_is_kept_and_said_to_be_so(tmp_path: Path, legal_png: bytes) -> None:
    (tmp_path / "x.png").write_bytes(legal_png)
    (tmp_path / "x.yaml").write_text("game: ganz-schon-clever\nplayers: 1\n", encoding="utf-8")
    code, stdout, err = _scan(str(tmp_path / "x.png"))
    assert code == 2 and stdout == ""
    assert "x.yaml: not overwritten: printkit scan did not write it (a transcription typed by hand?)" in err
    assert (tmp_path / "x.yaml").read_text(encoding="utf-8") == "game: ganz-schon-clever\nplayers: 1\n"
    assert not (tmp_path / "x.read.png").exists()


def test_the_qr_codes_player_count_stands_over_players(tmp_path: Path) -> None:
    img = tmp_path / "three.png"
    img.write_bytes(_png(players=3))  # a pad printed for 3 players: 5 rounds, the count in its QR code
    code, out, err = _scan(str(img), "--players", "1")
    assert code in (0, 1), (out, err)  # read, and checked for 3 players
    assert f"warning: {img}: --players 1 ignored: the sheet's QR code says 3" in err
    assert "3 player(s), 5 rounds" in out
    assert "players: 3\n" in (tmp_path / "three.yaml").read_text(encoding="utf-8")


GAME = load_gsc_game()


@pytest.mark.parametrize(("printed", "rounds", "given", "expected"), [
    (None, 6, None, (None, None)),  # 1 or 2 players: the transcription checks both
    (None, 6, 2, (2, None)),
    (None, 6, 1, (1, None)),
    (None, 6, 3, (None, "--players 3 ignored: the sheet has 6 rounds, the rounds of 1 or 2 players")),
    (None, 5, None, (3, None)),  # only 3 players play 5 rounds
    (None, 4, 2, (4, "--players 2 ignored: the sheet has 4 rounds, the rounds of 4 players")),
    (3, 5, None, (3, None)),
    (3, 5, 3, (3, None)),
    (3, 5, 1, (3, "--players 1 ignored: the sheet's QR code says 3")),
    (2, 6, 1, (2, "--players 1 ignored: the sheet's QR code says 2")),
])
def test_sheet_players(printed: int | None, rounds: int, given: int | None,
                       expected: tuple[int | None, str | None]) -> None:
    assert sheet_players(printed, rounds, given, GAME) == expected


def test_jobs_0_is_one_process_per_core_and_never_more_than_the_files(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from printkit.games.ganz_schon_clever.scan.run import workers

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    assert [workers(0, 10), workers(0, 2), workers(0, 1), workers(2, 10), workers(5, 3), workers(1, 10)] == \
        [3, 2, 1, 2, 3, 1]


def test_a_transcription_beside_its_image_is_not_taken_for_another_of_that_name(tmp_path: Path,
                                                                                  legal_png: bytes) -> None:
    for name in ("d/x.png", "other/x.png"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes(legal_png)
    assert _scan(str(tmp_path / "d/x.png"))[0] == 0  # "# printkit scan of x.png": beside it
    mine = (tmp_path / "d/x.yaml").read_bytes()
    code, _, err = _scan(str(tmp_path / "other/x.png"), "--out", str(tmp_path / "d"))
    assert code == 2 and "it is the transcription of x.png, not of ../other/x.png; use --force" in err
    assert (tmp_path / "d/x.yaml").read_bytes() == mine


def test_a_name_with_a_line_break_still_gives_a_transcription_check_reads(tmp_path: Path, legal_png: bytes) -> None:
    odd = tmp_path / "two\nlines.png"
    odd.write_bytes(legal_png)
    assert _scan(str(odd))[0] == 0
    yaml_path = tmp_path / "two\nlines.yaml"
    assert yaml_path.read_text(encoding="utf-8").startswith("# printkit scan of two?lines.png (layout 2")
    checked = runner.invoke(app, ["check", str(yaml_path)])
    assert checked.exit_code == 0, checked.output
    assert _scan(str(odd))[0] == 0  # its own transcription, named the same way, is replaced


def test_names_one_case_or_unicode_form_apart_are_one_name_on_every_disk(tmp_path: Path, legal_png: bytes) -> None:
    # macOS and Windows disks ignore case, and macOS the Unicode form: X.yaml and x.yaml, or café in its
    # two forms, are one file there, so one run writes only one of them anywhere
    (tmp_path / "X.png").write_bytes(legal_png)
    (tmp_path / "x.jpg").write_bytes(legal_png)
    code, _, err = _scan(str(tmp_path / "X.png"), str(tmp_path / "x.jpg"))
    assert code == 2 and f"{tmp_path / 'x.yaml'}: not written: {tmp_path / 'X.png'} of this run writes it" in err
    assert sorted(p.name for p in tmp_path.glob("*.yaml")) == ["X.yaml"]
    composed, decomposed = tmp_path / "caf\u00e9.png", tmp_path / "cafe\u0301.jpg"
    composed.write_bytes(legal_png)
    decomposed.write_bytes(legal_png)
    code, _, err = _scan(str(composed), str(decomposed))
    assert code == 2 and f"{composed} of this run writes it" in err


def test_json_holds_what_was_not_read_too(tmp_path: Path, legal_png: bytes) -> None:
    (tmp_path / "x.png").write_bytes(legal_png)
    (tmp_path / "notes.txt").write_text("not an image", encoding="utf-8")
    (tmp_path / "x.jpg").write_bytes(legal_png)
    code, out, err = _scan("--json", str(tmp_path / "x.png"), str(tmp_path / "notes.txt"), str(tmp_path / "x.jpg"))
    assert code == 2
    objs = json.loads(out)
    assert [(o["file"], "error" in o, "check" in o) for o in objs] == [
        (str(tmp_path / "x.png"), False, True), (str(tmp_path / "notes.txt"), True, False),
        (str(tmp_path / "x.jpg"), True, False)]
    assert objs[1] == {"file": str(tmp_path / "notes.txt"), "page": None, "position": "full",
                       "error": f"{tmp_path / 'notes.txt'}: not an image printkit can read (JPEG, PNG, TIFF, HEIC "
                                "or PDF)"}
    assert objs[2]["error"].endswith(f"not written: {tmp_path / 'x.png'} of this run writes it; read one of them "
                                     "into another folder (--out) or rename it")
    assert "error:" in err  # said on stderr as well
    # one image not read: one object
    code, out, _ = _scan("--json", str(tmp_path / "notes.txt"))
    assert code == 2 and json.loads(out)["error"].endswith("not an image printkit can read (JPEG, PNG, TIFF, HEIC "
                                                           "or PDF)")


def test_an_action_circle_is_marked_below_so_its_loop_and_cross_stay_in_sight(tmp_path: Path, legal_png: bytes
                                                                               ) -> None:
    """The overlay outlines a box around it; a circle only along its lower half: a ring over a loop drawn
    round the circle hid the very pen a person checks."""
    (tmp_path / "x.png").write_bytes(legal_png)
    assert _scan(str(tmp_path / "x.png"))[0] == 0
    overlay = np.asarray(Image.open(tmp_path / "x.read.png").convert("RGB")).astype(int)
    green = np.abs(overlay - (20, 150, 60)).sum(axis=2) < 60
    table = json.loads((Path(__file__).parents[4] / "printkit/games/ganz_schon_clever/data/box-tables/"
                        "layout-2-a4.json").read_text(encoding="utf-8"))
    px = 5.0  # the overlay's pixels per mm
    for b in table["boxes"]:
        if b["area"] not in ("reroll", "plus1") or b["index"] < 3:  # unwritten circles: no label over them
            continue
        cx, cy, r = (b["x"] + b["w"] / 2) * px, (b["y"] + b["h"] / 2) * px, b["w"] / 2 * px + 3
        yy, xx = np.mgrid[0:overlay.shape[0], 0:overlay.shape[1]]
        ring = np.abs(np.hypot(xx - cx, yy - cy) - r) <= 1.5
        assert green[ring & (yy > cy + 0.3 * r)].mean() > 0.6, b  # lower half: outlined
        assert green[ring & (yy < cy - 0.3 * r)].mean() < 0.05, b  # upper half: left clear


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(("jobs", "sig", "to"), [("1", "SIGTERM", "process"), ("2", "SIGTERM", "process"),
                                                 ("2", "SIGTERM", "group"), ("2", "SIGHUP", "group")],
                         ids=["kill", "kill --jobs 2", "kill the job's processes", "close the terminal"])
def test_kill_stops_a_batch_as_ctrl_c_does_leaving_no_part_file_and_no_claims(tmp_path: Path, legal_png: bytes,
                                                                               jobs: str, sig: str, to: str) -> None:
    images = tmp_path / "in"
    images.mkdir()
    for i in range(40):
        (images / f"p{i:02d}.png").write_bytes(legal_png)
    tmp, out = tmp_path / "tmp", tmp_path / "out"
    tmp.mkdir()
    # a session of its own: its process group is what a terminal signals when it closes
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "scan", *sorted(map(str, images.iterdir())),
                             "--out", str(out), "--jobs", jobs, "-q"], start_new_session=True,
                            env={**os.environ, "TMPDIR": str(tmp)}, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not list(out.glob("*.yaml")) and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    if to == "group":
        os.killpg(proc.pid, getattr(signal, sig))
    else:
        proc.send_signal(getattr(signal, sig))
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert err.decode().strip() == "printkit: interrupted; files already in place are unchanged"  # no traceback
    assert list(tmp.iterdir()) == []  # the run's claims folder is gone
    written = sorted(p.name for p in out.iterdir())
    assert not [n for n in written if n.startswith(".") or n.endswith(".part")]
    yamls = [n for n in written if n.endswith(".yaml")]
    assert 1 <= len(yamls) < 40  # stopped: the images not begun are not read
    overlays = {n.removesuffix(".read.png") for n in written if n.endswith(".read.png")}
    assert {n.removesuffix(".yaml") for n in yamls} == overlays  # written together: never one without the other
