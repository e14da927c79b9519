"""A shared definition reads only files in its own folder (and --templates) unless --allow-outside."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from typer.testing import CliRunner

from devkit.readback import all_text
from printkit.cli import app
from printkit.engine.containment import Containment
from tests.engine.deck_files import write

runner = CliRunner()
SECRET = "TOP-SECRET-LINE"


@pytest.fixture
def layout(tmp_path: Path) -> tuple[Path, Path]:
    """``home/secret.*`` outside the shared folder ``home/shared/``."""
    home = tmp_path / "home"
    write(home / "secret.csv", f"name\n{SECRET}\n")
    write(home / "secret.yaml", f'elements:\n  - text: {{x: 2, y: 2, w: 50, h: 9, text: "{SECRET}"}}\n')
    Image.new("RGB", (20, 20), (200, 0, 0)).save(home / "secret.png")
    write(home / "icons" / "secret.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                         '<rect width="10" height="10"/></svg>')
    return home, home / "shared"


def build(deck: Path, out: Path, *extra: str):
    result = runner.invoke(app, ["build", "-q", str(deck), "--out", str(out), *extra])
    assert "Traceback" not in result.output
    return result


def pdf_text(out: Path, name: str) -> str:
    return "\n".join(all_text((out / name / "cards-en-a4.pdf").read_bytes()))


def test_csv_outside_is_refused_and_allowed_on_request(layout, tmp_path):
    _home, shared = layout
    deck = write(shared / "deck.yaml", "title: T\nback: null\ncsv: ../secret.csv\n")
    refused = build(deck, tmp_path / "o")
    assert refused.exit_code == 2
    assert f"{deck}:3:6" in refused.output and "outside" in refused.output and "--allow-outside" in refused.output
    assert not (tmp_path / "o").exists()
    allowed = build(deck, tmp_path / "o", "--allow-outside")
    assert allowed.exit_code == 0 and SECRET in pdf_text(tmp_path / "o", "deck")


@pytest.mark.parametrize("front", ["../secret.yaml", "ABSOLUTE"])
def test_front_template_path_outside_is_refused(layout, tmp_path, front):
    home, shared = layout
    front = str(home / "secret.yaml") if front == "ABSOLUTE" else front
    deck = write(shared / "deck.yaml", f"title: T\nback: null\nfront: {front}\ncards: [{{name: A}}]\n")
    result = build(deck, tmp_path / "o")
    assert result.exit_code == 2 and f"{deck}:3:8" in result.output and "outside" in result.output
    assert build(deck, tmp_path / "o", "--allow-outside").exit_code == 0
    assert SECRET in pdf_text(tmp_path / "o", "deck")


@pytest.mark.parametrize(("name", "says"), [
    ("../../secret", "is not a name"), ("/etc/passwd", "is not a name"), (".hidden", "is not a name"),
    ("../secret.yaml", "is outside the folders a definition may read"),  # a file name: checked as a path
])
def test_template_names_are_names_not_paths(layout, tmp_path, name, says):
    _, shared = layout
    deck = write(shared / "deck.yaml", f"title: T\nback: null\nfront: '{name}'\ncards: [{{name: A}}]\n")
    result = build(deck, tmp_path / "o")
    assert result.exit_code == 2 and f"{deck}:3:8" in result.output
    assert says in result.output


@pytest.mark.parametrize("path", ["../secret.png", "ABSOLUTE", "link.png"])
def test_images_outside_are_refused(layout, tmp_path, path):
    home, shared = layout
    shared.mkdir(parents=True, exist_ok=True)
    (shared / "link.png").symlink_to(home / "secret.png")  # a link inside pointing outside counts as outside
    path = str(home / "secret.png") if path == "ABSOLUTE" else path
    t = write(shared / "face.yaml", f"elements:\n  - image: {{path: '{path}', x: 0, y: 0, w: 20, h: 20}}\n")
    deck = write(shared / "deck.yaml", "title: T\nback: null\nfront: face.yaml\ncards: [{name: Ann}]\n")
    result = build(deck, tmp_path / "o")
    assert result.exit_code == 2, result.output
    assert f"{t}:2:5" in result.output and "card 1 (Ann" in result.output and "outside" in result.output
    assert build(deck, tmp_path / "o", "--allow-outside").exit_code == 0


def test_an_image_next_to_the_deck_is_fine(layout, tmp_path):
    _home, shared = layout
    Image.new("RGB", (20, 20), (0, 0, 200)).save(write(shared / "art" / "x.txt", "").parent / "ok.png")
    write(shared / "face.yaml", "elements:\n  - image: {path: art/ok.png, x: 0, y: 0, w: 20, h: 20}\n")
    deck = write(shared / "deck.yaml", "title: T\nback: null\nfront: face.yaml\ncards: [{name: Ann}]\n")
    assert build(deck, tmp_path / "o").exit_code == 0


def test_icon_names_with_folders_are_refused_even_with_allow_outside(layout, tmp_path):
    """(Inline ``:name:`` icons in text only ever match icons found in the icon folders.)"""
    _home, shared = layout
    element = "icon: {name: ../../secret, x: 0, y: 0, w: 9, h: 9}"
    write(shared / "t" / "cards" / "standard.yaml", f"elements:\n  - {element}\n")
    (shared / "t" / "icons").mkdir(parents=True)
    deck = write(shared / "deck.yaml", "title: T\nback: null\ncards: [{name: Ann}]\n")
    for extra in ((), ("--allow-outside",)):
        result = build(deck, tmp_path / "o", "--templates", str(shared / "t"), *extra)
        assert result.exit_code == 2, result.output
        assert "icon '../../secret' is not a name" in result.output


SEGMENTS = st.lists(st.sampled_from(["..", ".", "a", "b", "c"]), min_size=1, max_size=6)


@settings(max_examples=200, deadline=None)
@given(parts=SEGMENTS)
def test_containment_matches_normalised_paths(tmp_path_factory, parts):
    """Oracle: os.path.normpath of the joined parts stays inside iff it does not start with '..'."""
    root = tmp_path_factory.getbasetemp() / "root"
    rel = os.path.join(*parts)
    expected = not os.path.normpath(rel).startswith("..")
    assert Containment((root,)).inside(root / rel) == expected
    assert Containment((root,), allow_outside=True).inside(root / rel)
