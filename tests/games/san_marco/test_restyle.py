"""A designer restyles the San Marco deck through --templates, without touching Python."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from devkit.readback import render_page
from printkit.cli import app

runner = CliRunner()


def _build(out: Path, *extra: str) -> bytes:
    result = runner.invoke(app, ["build", "san-marco", "--out", str(out), "-q", *extra])
    assert result.exit_code == 0, result.output
    return (out / "san-marco" / "action-cards-en-a4.pdf").read_bytes()


def test_action_cards_take_a_new_title_colour_and_an_image(tmp_path: Path) -> None:
    art = tmp_path / "mine" / "san-marco" / "art.png"
    art.parent.mkdir(parents=True)
    Image.new("RGB", (40, 40), (0, 200, 0)).save(art)
    (art.parent / "action-card.yaml").write_text(
        "extends: action-card\n"
        "elements:\n"
        "  title: {text: {color: '#0000ff'}}\n"
        "  icon: null\n"
        "add:\n"
        "  - image: {path: art.png, x: 20, y: 20, w: 23, h: 23}\n", encoding="utf-8")
    plain = _build(tmp_path / "plain")
    styled = _build(tmp_path / "styled", "--templates", str(tmp_path / "mine"))

    # Read back from the rendered page: six 23 mm green images (2 x 3 cards: districts' colours differ at the
    # edges, so a 6 mm gutter), blue title text, no icons' dark fill.
    dpi = 100
    counts = {}
    for name, pdf in (("plain", plain), ("styled", styled)):
        colours = render_page(pdf, 0, dpi=dpi).convert("RGB").getcolors(1 << 20)
        counts[name] = (sum(n for n, (r, g, b) in colours if (r, g, b) == (0, 200, 0)),
                        sum(n for n, (r, g, b) in colours if b > 180 and r < 60 and g < 60))
    image_px = (23 / 25.4 * dpi) ** 2
    assert counts["plain"] == (0, 0)
    assert 6 * image_px * 0.95 < counts["styled"][0] < 6 * image_px * 1.05  # six cards on page 1
    assert counts["styled"][1] > 9 * 30  # every title is set in blue


def test_a_typo_in_a_bundled_template_names_file_line_and_column(tmp_path: Path) -> None:
    broken = tmp_path / "mine" / "san-marco" / "limit-card.yaml"
    broken.parent.mkdir(parents=True)
    bundled = Path(__file__).resolve().parents[3] / "templates" / "san-marco" / "limit-card.yaml"
    text = bundled.read_text(encoding="utf-8").replace("{{ card.value }}", "{{ card.valeu + 1 }}", 1)
    broken.write_text(text, encoding="utf-8")
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "id: number" in s)
    result = runner.invoke(app, ["build", "san-marco", "--out", str(tmp_path / "o"), "-q",
                                 "--templates", str(tmp_path / "mine")])
    assert result.exit_code == 2
    # the element holding the typo (its `- id:` line) and what went wrong
    assert f"{broken}:{line}:5: san-marco limit card limit: text: template expression failed" in result.output
    assert "no attribute 'valeu'" in result.output
