"""--icc-profile: the user's CMYK profile read back from the PDF as its output intent, and bad profiles refused."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from typer.testing import CliRunner

from devkit.readback import qpdf_problems
from printkit.cli import app

from .iccprofiles import icc_profile


def _deck(tmp: Path) -> Path:
    (tmp / "deck.yaml").write_text("title: C\nback: null\ncards:\n  - {name: A, text: 'Deal 3 damage.'}\n",
                                   encoding="utf-8")
    return tmp / "deck.yaml"


def _build(tmp: Path, *flags: str):
    return CliRunner().invoke(app, ["build", str(_deck(tmp)), "-o", str(tmp / "out"), "-q", "--force", *flags])


def test_profile_embedded_as_pdfx_output_intent(tmp_path: Path) -> None:
    profile = icc_profile(description="Test press CMYK")
    (tmp_path / "press.icc").write_bytes(profile)
    result = _build(tmp_path, "--cmyk", "--icc-profile", str(tmp_path / "press.icc"))
    assert result.exit_code == 0, result.output
    pdf_path = tmp_path / "out" / "deck" / "cards-en-a4.pdf"
    with pikepdf.open(pdf_path) as pdf:
        assert qpdf_problems(pdf_path.read_bytes()) == []
        (intent,) = pdf.Root.OutputIntents
        assert intent.Type == "/OutputIntent" and intent.S == "/GTS_PDFX"
        assert str(intent.OutputConditionIdentifier) == "Custom" and str(intent.Info) == "Test press CMYK"
        stream = intent.DestOutputProfile
        assert int(stream.N) == 4 and stream.read_bytes() == profile  # the user's bytes, unchanged
    if shutil.which("qpdf"):
        check = subprocess.run(["qpdf", "--check", str(pdf_path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
    again = tmp_path / "again"
    CliRunner().invoke(app, ["build", str(tmp_path / "deck.yaml"), "-o", str(again), "-q", "--cmyk",
                             "--icc-profile", str(tmp_path / "press.icc")])
    assert (again / "deck" / "cards-en-a4.pdf").read_bytes() == pdf_path.read_bytes()


def test_no_output_intent_without_a_profile(tmp_path: Path) -> None:
    assert _build(tmp_path, "--cmyk").exit_code == 0
    with pikepdf.open(tmp_path / "out" / "deck" / "cards-en-a4.pdf") as pdf:
        assert "/OutputIntents" not in pdf.Root


@pytest.mark.parametrize(("data", "flags", "expected"), [
    (icc_profile(space=b"RGB "), ("--cmyk",), "a RGB profile; a CMYK output intent for --cmyk needs a CMYK profile"),
    (icc_profile(device_class=b"mntr"), ("--cmyk",), "a display profile; an output intent needs an output device"),
    (b"%PDF-1.4 not a profile" + b"\0" * 200, ("--cmyk",), "not an ICC profile (no 'acsp' signature"),
    (icc_profile()[:-8], ("--cmyk",), "the header says the profile has 328 bytes, the file has 320"),
    (icc_profile(), (), "--icc-profile names the output intent of a CMYK PDF; add --cmyk"),
])
def test_bad_profiles_refused(tmp_path: Path, data: bytes, flags: tuple[str, ...], expected: str) -> None:
    (tmp_path / "p.icc").write_bytes(data)
    result = _build(tmp_path, *flags, "--icc-profile", str(tmp_path / "p.icc"))
    assert result.exit_code == 2
    assert expected in " ".join(result.output.split()), result.output
    assert not (tmp_path / "out").exists()
