"""`printkit preflight` passes on every PDF printkit bundles: every game in every language and paper and at both
ends of its player range (the conformance cases), its variants and options, every duplex mode, CMYK, and the
example decks.  And no board PDF writes a glyph beyond the paper edge (a tiled board writes what each tile shows).

The whole set, not a sample: it builds in about half a minute of CPU."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from devkit.readback import char_boxes, page_count, page_size_mm
from printkit.cli import app
from printkit.engine.registry import kits
from tests.conformance.cases import cases

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

# Each game's options and print modes beyond the conformance cases, at the ends of their ranges.
VARIANTS: dict[str, tuple[tuple[str, ...], ...]] = {
    "ganz-schon-clever": (
        ("--per-page", "2"),
        ("--per-page", "2", "--lang", "zh-TW", "--paper", "letter"),
        ("--per-page", "2", "--lang", "de"),
        ("--ink-saver",),
        ("--count", "3"),
        ("--paper", "a5", "--lang", "zh-TW"),
    ),
    "istanbul": (
        ("--layout", "long"),
        ("--layout", "in-order"),
        ("--layout", "random", "--layouts", "3"),
        ("--layout", "random", "--apart-lines", "--lang", "zh-TW"),
    ),
    "san-marco": (
        ("--districts", "6"),
        ("--districts", "10", "--lang", "zh-TW"),
        ("--ranks", "2"),
        ("--districts", "8", "--style", "island", "--paper", "letter"),
        ("--districts", "8", "--style", "ring", "--lang", "de"),
    ),
    "sanssouci": (("--board-seed", "1"), ("--paper", "a5"), ("--paper", "a5", "--lang", "zh-TW")),
}
MODES: tuple[tuple[str, ...], ...] = (
    ("--paper", "letter", "--duplex", "short"),
    ("--paper", "letter", "--duplex", "off"),
    ("--paper", "letter", "--duplex", "fold"),
    ("--cmyk",),
)
DECKS = ("examples/my-deck.yaml", "examples/designer-deck/deck.yaml")


def _builds() -> list[tuple[str, tuple[str, ...]]]:
    out = [(c.id, (c.game.id, *c.args)) for c in cases()]
    for game in kits():
        variants = (*VARIANTS.get(game.id, ()), *MODES)
        out += [(f"{game.id}:{' '.join(v)}", (game.id, *v)) for v in variants]
    out += [(f"deck:{d}", (str(ROOT / d),)) for d in DECKS]
    return out


BUILDS = _builds()


def test_every_registered_game_has_its_options_swept():
    assert set(VARIANTS) == {g.id for g in kits()}
    for game in kits():
        swept = {a for v in VARIANTS[game.id] for a in v if a.startswith("--")}
        assert {f"--{o.name.replace('_', '-')}" for o in game.options} <= swept, game.id


@pytest.mark.parametrize("build", BUILDS, ids=[b[0] for b in BUILDS])
def test_printkit_preflight_passes_on_every_bundled_pdf(build, tmp_path: Path):
    name, args = build
    result = runner.invoke(app, ["build", *args, "--out", str(tmp_path), "-q", "--seed", "7"])
    if result.exit_code == 2 and "--paper" in args and "a5" in args and "laid out for" in result.output:
        pytest.skip(f"{name}: refuses A5 by name")  # a game either lays out for A5 or says it does not
    assert result.exit_code == 0, result.output
    pdfs = sorted(tmp_path.rglob("*.pdf"))
    assert pdfs
    checked = runner.invoke(app, ["preflight", *map(str, pdfs)])
    assert checked.exit_code == 0, checked.output
    assert checked.output.count("clean  ") == len(pdfs)
    for pdf in (p for p in pdfs if "board" in p.name):
        data = pdf.read_bytes()
        for i in range(page_count(data)):
            w, h = page_size_mm(data, i)
            beyond = [
                c.char
                for c in char_boxes(data, i)
                if c.char.strip() and (c.left < 0 or c.top < 0 or c.right > w or c.bottom > h)
            ]
            assert beyond == [], f"{pdf.name} page {i + 1}: {len(beyond)} glyphs beyond the paper edge"


# `printkit calibrate` writes a PDF too: every language of its instructions, on the smallest and a US paper.
CALIBRATIONS: tuple[tuple[str, ...], ...] = (
    (),
    ("--lang", "zh-TW", "--paper", "letter"),
    ("--lang", "de", "--paper", "a5"),
    ("--lang", "en+zh-TW"),
)


@pytest.mark.parametrize("args", CALIBRATIONS, ids=[" ".join(a) or "default" for a in CALIBRATIONS])
def test_printkit_preflight_passes_on_the_calibration_sheet(args, tmp_path: Path):
    made = runner.invoke(app, ["calibrate", *args, "--out", str(tmp_path)])
    assert made.exit_code == 0, made.output
    (pdf,) = sorted(tmp_path.glob("*.pdf"))
    checked = runner.invoke(app, ["preflight", str(pdf)])
    assert checked.exit_code == 0 and checked.output.startswith("clean  "), checked.output
