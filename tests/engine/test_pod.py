"""--pod: one card a page at a print-on-demand service's size; page sizes, boxes, order and pixels read back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from devkit.readback import all_text, boxes_mm, open_pdf, page_count
from printkit.cli import app

FRONT = ("background: '#203040'\nelements:\n"
         "  - text: {x: 5, y: 40, w: 53.5, h: 10, text: '{{ card.name }}', size: 12, color: '#ffffff'}\n")
BACK = "background: '#aa3300'\nelements:\n  - text: {x: 5, y: 40, w: 53.5, h: 10, text: 'BACKSIDE', size: 12}\n"


def page_points(pdf: bytes, index: int) -> tuple[float, float]:
    return open_pdf(pdf)[index].get_size()


def _deck(tmp: Path, size: str = "poker-inch") -> Path:
    (tmp / "front.yaml").write_text(FRONT, encoding="utf-8")
    (tmp / "back.yaml").write_text(BACK, encoding="utf-8")
    (tmp / "deck.yaml").write_text(f"title: P\nsize: {size}\nfront: front.yaml\nback: back.yaml\n"
                                   "cards:\n  - {name: Alpha}\n  - {name: Beta}\n  - {name: Gamma}\n",
                                   encoding="utf-8")
    return tmp / "deck.yaml"


def _build(tmp: Path, *flags: str, size: str = "poker-inch"):
    return CliRunner().invoke(app, ["build", str(_deck(tmp, size)), "-o", str(tmp / "out"), "--force", *flags])


def test_drivethrucards_poker(tmp_path: Path) -> None:
    result = _build(tmp_path, "--pod", "drivethrucards-poker", "--png-cards", "300")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    pdf = (tmp_path / "out" / "deck" / "cards-drivethrucards-poker-en.pdf").read_bytes()
    # DriveThruCards: a poker card is laid out at 2.75 x 3.75 in with 1/8 in bleed, one PDF for the deck,
    # the back of card 1 first, then its front, and so on.
    assert page_count(pdf) == 6
    texts = all_text(pdf)
    assert ["BACKSIDE" in t for t in texts] == [True, False] * 3
    assert [t.strip() for t in texts[1::2]] == ["Alpha", "Beta", "Gamma"]
    boxes = boxes_mm(pdf, 1)
    assert boxes["media"] == pytest.approx((0, 0, 2.75 * 25.4, 3.75 * 25.4), abs=0.01)
    assert boxes["trim"] == pytest.approx((3.175, 3.175, 3.175 + 63.5, 3.175 + 88.9), abs=0.01)
    assert page_points(pdf, 1) == pytest.approx((198, 270), abs=1e-3)  # 825 x 1125 px at 300 dpi, in points
    # the card images: the service's 825 x 1125 px at 300 dpi, the card's colour out to every edge
    folder = tmp_path / "out" / "deck" / "cards-drivethrucards-poker-en-png"
    assert sorted(p.name for p in folder.iterdir()) == ["card-001-back.png", "card-001.png", "card-002-back.png",
                                                         "card-002.png", "card-003-back.png", "card-003.png"]
    img = Image.open(folder / "card-002.png")
    assert img.size == (825, 1125) and round(img.info["dpi"][0]) == 300
    for xy in ((0, 0), (824, 0), (0, 1124), (824, 1124)):
        assert img.convert("RGB").getpixel(xy) == (0x20, 0x30, 0x40)
    assert Image.open(folder / "card-002-back.png").convert("RGB").getpixel((0, 0)) == (0xAA, 0x33, 0x00)
    assert "no crop mark" not in result.output
    entry = next(e for e in json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]
                 if e["file"].endswith(".pdf"))
    assert entry["pod"]["width_px"] == 825 and entry["pod"]["order"] == "back-front"
    assert entry["pod"]["sources"][0].startswith("https://")


def test_generic_service_numbers(tmp_path: Path) -> None:
    result = _build(tmp_path, "--pod", "width_px=900,height_px=1200,dpi=300,bleed=3mm", size="{width: 70.2, "
                    "height: 95.6}")
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / "out" / "deck" / "cards-pod-900x1200-en.pdf").read_bytes()
    assert page_count(pdf) == 6
    assert [t.strip() for t in all_text(pdf)[0::2]] == ["Alpha", "Beta", "Gamma"]  # front, then its back
    assert boxes_mm(pdf, 0)["media"] == pytest.approx((0, 0, 76.2, 101.6), abs=0.01)  # 3 x 4 in
    assert boxes_mm(pdf, 0)["trim"] == pytest.approx((3, 3, 73.2, 98.6), abs=0.01)
    assert page_points(pdf, 0) == pytest.approx((216, 288), abs=1e-3)  # 900 x 1200 px at 300 dpi
    assert not (tmp_path / "out" / "deck" / "cards-en-a4.pdf").exists()


def test_a_card_off_the_service_size_is_warned(tmp_path: Path) -> None:
    result = _build(tmp_path, "--pod", "drivethrucards-poker", size="poker")
    assert result.exit_code == 0, result.output
    assert "the cards are 63 x 88 mm, drivethrucards-poker cuts 63.50 x 88.90 mm" in " ".join(result.output.split())


@pytest.mark.parametrize(("spec", "size", "expected"), [
    ("makeplayingcards", "poker", "unknown preset 'makeplayingcards'; presets: drivethrucards-poker"),
    ("width_px=825,dpi=300", "poker", "height_px, bleed missing"),
    ("width_px=825,height_px=1125,dpi=300,bleed=0.125in,colour=red", "poker", "no setting 'colour'"),
    ("width_px=825,height_px=1125,dpi=300,bleed=3mm", "tarot", "a 70 x 120 mm card does not fit"),
])
def test_bad_pod_settings(tmp_path: Path, spec: str, size: str, expected: str) -> None:
    result = _build(tmp_path, "--pod", spec, size=size)
    assert result.exit_code == 2
    assert expected in " ".join(result.output.split()), result.output


def test_pod_is_for_decks(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", "sanssouci", "-o", str(tmp_path), "--pod", "drivethrucards-poker"])
    assert result.exit_code == 2
    assert "--pod prints your own deck files one card a page" in " ".join(result.output.split())
