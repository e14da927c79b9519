"""Every build reads back the bytes it writes, as `printkit preflight` reads the file: a defect only the written PDF
shows (a renderer slip the build's own record of what it placed does not know of) is a warning, `--strict` makes
it an error (exit 2, nothing written), and `printkit preflight` on the file finds the same problem."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pikepdf
from typer.testing import CliRunner

from printkit.cli import app
from printkit.engine import build as build_module

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "examples" / "my-deck.yaml"
runner = CliRunner()


def _with_a_stray_mark(real_render):
    """The real renderer, with a 10 pt line drawn 1 mm (3 pt) above the bottom paper edge of page 1 of every PDF:
    a slip the render record knows nothing of."""

    def render(*args, **kwargs):
        rendered = real_render(*args, **kwargs)
        with pikepdf.open(io.BytesIO(rendered.pdf)) as pdf:
            page = pdf.pages[0]
            page.contents_add(pikepdf.Stream(pdf, b"q 0 0 0 RG 0.5 w 100 3 m 110 3 l S Q"), prepend=False)
            out = io.BytesIO()
            pdf.save(out, deterministic_id=True)
        rendered.pdf = out.getvalue()
        return rendered

    return render


def test_a_defect_only_the_written_pdf_shows_is_found_by_the_build_and_strict_stops_it(tmp_path: Path, monkeypatch):
    clean = runner.invoke(app, ["build", str(DECK), "--out", str(tmp_path / "clean"), "--strict", "-q"])
    assert clean.exit_code == 0, clean.output

    monkeypatch.setattr(build_module, "render", _with_a_stray_mark(build_module.render))
    strict = runner.invoke(app, ["build", str(DECK), "--out", str(tmp_path / "strict"), "--strict"])
    assert strict.exit_code == 2
    assert "preflight" in strict.output and "read back, page 1" in strict.output
    assert "1.1 mm from the bottom paper edge" in strict.output
    assert not list((tmp_path / "strict").rglob("*.pdf"))  # nothing written

    loose = runner.invoke(app, ["build", str(DECK), "--out", str(tmp_path / "loose")])
    assert loose.exit_code == 0
    assert "read back, page 1" in loose.output and "1.1 mm from the bottom paper edge" in loose.output
    (pdf,) = [p for p in (tmp_path / "loose").rglob("*.pdf")]
    checked = runner.invoke(app, ["preflight", str(pdf)])
    assert checked.exit_code == 1
    # the same finding, word for word after the file's name
    said = re.search(r"page 1: (a line outside the bleed comes 1\.1 mm from the bottom paper edge[^\[]*)",
                     checked.output.replace("\n", " "))
    assert said and " ".join(said.group(1).split()) in " ".join(loose.output.split())
