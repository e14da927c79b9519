"""`printkit build` end to end on a user's deck: files, manifest, safety, determinism, errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from devkit.readback import all_text, page_count
from printkit.cli import app

REPO = Path(__file__).resolve().parents[2]
runner = CliRunner()


def deck_file(tmp_path: Path, cards: str = "- {name: Fireball, qty: 10, text: 火球術}") -> Path:
    p = tmp_path / "spells.yaml"
    p.write_text("title: Spells\ncards:\n" + textwrap.indent(cards, "  ") + "\n", encoding="utf-8")
    return p


def build(*args: str):
    return runner.invoke(app, ["build", "--quiet", *args])


def test_builds_a_deck_with_manifest(tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(deck_file(tmp_path)), "--out", str(out)])
    assert result.exit_code == 0, result.output
    pdf = out / "spells" / "cards-en-a4.pdf"
    assert f"new  {pdf}" in result.output and "(10 cards, 4 pages)" in result.output
    data = pdf.read_bytes()
    assert page_count(data) == 4
    assert "火球術" in all_text(data)[0]
    manifest = json.loads((out / "manifest.json").read_text())
    entry = next(e for e in manifest["files"] if e["file"] == "spells/cards-en-a4.pdf")
    assert entry["game"] == "spells" and entry["pieces"] == 10 and entry["pages"] == 4
    assert entry["paper"] == "a4" and entry["lang"] == "en" and entry["seed"] == 1
    import hashlib

    assert entry["sha256"] == hashlib.sha256(data).hexdigest()
    from PIL import Image

    with Image.open(out / "spells" / "overview-en-a4.png") as overview:
        assert overview.format == "PNG" and len(overview.convert("RGB").getcolors(1 << 20) or []) > 2  # not blank


def test_png_previews_one_per_page(tmp_path):
    out = tmp_path / "out"
    assert build(str(deck_file(tmp_path)), "--out", str(out), "--png").exit_code == 0
    pngs = sorted((out / "spells" / "png").glob("*.png"))
    assert [p.name for p in pngs] == [f"cards-en-a4-p0{i}.png" for i in range(1, 5)]
    from PIL import Image

    with Image.open(pngs[0]) as im:
        w, h = im.size
        assert abs(w - 210 / 25.4 * 150) <= 1 and abs(h - 297 / 25.4 * 150) <= 1


def test_rebuild_is_byte_identical_and_reported_unchanged(tmp_path):
    out = tmp_path / "out"
    deck = deck_file(tmp_path)
    assert build(str(deck), "--out", str(out)).exit_code == 0
    first = (out / "spells" / "cards-en-a4.pdf").read_bytes()
    result = runner.invoke(app, ["build", str(deck), "--out", str(out)])
    assert "unchanged" in result.output
    assert (out / "spells" / "cards-en-a4.pdf").read_bytes() == first


def test_same_bytes_in_another_process_with_another_hash_seed(tmp_path):
    deck = deck_file(tmp_path)
    outs = []
    for seed in ("1", "987"):
        out = tmp_path / f"out{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(REPO)}
        subprocess.run([sys.executable, "-m", "printkit", "build", str(deck), "--out", str(out), "-q"],
                       check=True, env=env, cwd=tmp_path)
        outs.append((out / "spells" / "cards-en-a4.pdf").read_bytes())
    assert outs[0] == outs[1]


def test_never_overwrites_a_file_the_user_changed(tmp_path):
    out = tmp_path / "out"
    deck = deck_file(tmp_path)
    assert build(str(deck), "--out", str(out)).exit_code == 0
    pdf = out / "spells" / "cards-en-a4.pdf"
    pdf.write_bytes(b"my annotated copy")
    result = build(str(deck), "--out", str(out))
    assert result.exit_code == 2
    assert "was changed since printkit wrote it" in result.output and "--force" in result.output
    assert pdf.read_bytes() == b"my annotated copy"
    assert build(str(deck), "--out", str(out), "--force").exit_code == 0
    assert pdf.read_bytes().startswith(b"%PDF")


def test_never_overwrites_a_file_printkit_did_not_write(tmp_path):
    out = tmp_path / "out"
    (out / "spells").mkdir(parents=True)
    mine = out / "spells" / "cards-en-a4.pdf"
    mine.write_bytes(b"someone else's file")
    result = build(str(deck_file(tmp_path)), "--out", str(out))
    assert result.exit_code == 2 and "was not written by printkit" in result.output
    assert mine.read_bytes() == b"someone else's file"
    assert not (out / "manifest.json").exists()


def test_failed_build_writes_nothing(tmp_path):
    out = tmp_path / "out"
    good = deck_file(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: Bad\ncards:\n  - {name: A, qty: many}\n", encoding="utf-8")
    result = build(str(good), str(bad), "--out", str(out))
    assert result.exit_code == 2
    assert f"{bad}:3:" in result.output and "'many'" in result.output
    assert not out.exists() or not any(out.rglob("*"))


def test_interrupted_write_keeps_the_previous_good_file(tmp_path, monkeypatch):
    out = tmp_path / "out"
    deck = deck_file(tmp_path)
    assert build(str(deck), "--out", str(out)).exit_code == 0
    pdf = out / "spells" / "cards-en-a4.pdf"
    good = pdf.read_bytes()
    deck.write_text(deck.read_text().replace("qty: 10", "qty: 3"), encoding="utf-8")

    def boom(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr("printkit.engine.outputs.os.replace", boom)
    with pytest.raises(KeyboardInterrupt):
        from printkit.engine.build import BuildRequest
        from printkit.engine.build import build as run_build

        run_build(BuildRequest(targets=(str(deck),)), out)
    assert pdf.read_bytes() == good
    assert not list(out.rglob("*.part"))


def test_malformed_yaml_exits_2_without_traceback(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: Bad\ncards: [ {name: A}\n", encoding="utf-8")
    result = build(str(bad), "--out", str(tmp_path / "o"))
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert f"{bad}:" in result.output and "YAML syntax error" in result.output


def test_missing_glyph_exits_2_naming_card_and_character(tmp_path):
    deck = deck_file(tmp_path, "- {name: Dice, text: 'Roll ⚀'}")
    result = build(str(deck), "--out", str(tmp_path / "o"))
    assert result.exit_code == 2
    assert "'⚀' (U+2680)" in result.output and "Dice" in result.output


def test_unknown_game_exits_2(tmp_path):
    result = build("monopoly", "--out", str(tmp_path))
    assert result.exit_code == 2 and "unknown game 'monopoly'" in result.output


def test_own_templates_folder_overrides_bundled(tmp_path):
    tdir = tmp_path / "mytemplates" / "cards"
    tdir.mkdir(parents=True)
    (tdir / "standard.yaml").write_text(
        "elements:\n  - text: {x: 5, y: 5, w: 50, h: 10, text: 'MINE {{ card.name }}'}\n", encoding="utf-8")
    out = tmp_path / "out"
    result = build(str(deck_file(tmp_path)), "--out", str(out), "--templates", str(tmp_path / "mytemplates"))
    assert result.exit_code == 0, result.output
    assert "MINE Fireball" in all_text((out / "spells" / "cards-en-a4.pdf").read_bytes())[0]


def test_template_cannot_reach_python_internals(tmp_path):
    tdir = tmp_path / "t" / "cards"
    tdir.mkdir(parents=True)
    (tdir / "standard.yaml").write_text(
        "elements:\n  - text: {x: 5, y: 5, w: 50, h: 10, text: \"{{ card.__class__.__mro__ }}\"}\n",
        encoding="utf-8")
    result = build(str(deck_file(tmp_path)), "--out", str(tmp_path / "o"), "--templates", str(tmp_path / "t"))
    assert result.exit_code == 2
    assert "standard.yaml:2:" in result.output and "unsafe" in result.output


def test_bad_template_setting_points_at_the_template_line(tmp_path):
    tdir = tmp_path / "t" / "cards"
    tdir.mkdir(parents=True)
    (tdir / "standard.yaml").write_text(
        "elements:\n  - rect: {x: 0, y: 0, w: 10, h: 10}\n  - text: {x: 5, y: 5, w: 50, h: 10, txt: hi}\n",
        encoding="utf-8")
    result = build(str(deck_file(tmp_path)), "--out", str(tmp_path / "o"), "--templates", str(tmp_path / "t"))
    assert result.exit_code == 2
    assert "standard.yaml:3:" in result.output and "'txt'" in result.output


def test_zero_cards_warns_and_writes_no_pdf(tmp_path):
    deck = deck_file(tmp_path, "- {name: A, qty: 0}")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(deck), "--out", str(out)])
    assert result.exit_code == 0
    assert "nothing to print (0 cards)" in result.output
    assert not (out / "spells" / "cards-en-a4.pdf").exists()


def test_help_explains_every_build_option():
    result = runner.invoke(app, ["build", "--help"])
    for option in ("--out", "--paper", "--lang", "--players", "--seed", "--png", "--templates", "--bleed", "--gap",
                   "--duplex", "--offset-x", "--offset-y", "--quiet", "--force"):
        assert option in result.output


def test_games_lists_bundled_games():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "ganz-schon-clever" in result.output and "san-marco" in result.output


def test_schema_is_json_schema_of_the_deck_file():
    result = runner.invoke(app, ["schema", "deck"])
    schema = json.loads(result.output)
    assert schema["title"] == "DeckDefinition" and "cards" in schema["properties"]


def test_calibration_sheet_has_front_and_back(tmp_path):
    result = runner.invoke(app, ["calibrate", "--out", str(tmp_path)])
    assert result.exit_code == 0
    data = (tmp_path / "calibration-en-a4.pdf").read_bytes()
    texts = all_text(data)
    assert len(texts) == 2 and "offset" in texts[1] and "+2" in texts[1]


def test_template_schema_lists_every_element_kind():
    result = runner.invoke(app, ["schema", "template"])
    schema = json.loads(result.output)
    kinds = {next(iter(v["required"])) for v in schema["properties"]["elements"]["items"]["oneOf"]}
    assert kinds == {"rect", "line", "circle", "polygon", "star", "path", "text", "icon", "image", "qrcode"}
    assert "min_size" in schema["$defs"]["text"]["properties"]


def test_schemas_for_every_kind_of_user_file():
    titles = {}
    for kind in ("deck", "template", "san-marco", "gsc-sheet"):
        result = runner.invoke(app, ["schema", kind])
        assert result.exit_code == 0, result.output
        titles[kind] = json.loads(result.output)["title"]
    assert titles == {"deck": "DeckDefinition", "template": "printkit card template",
                      "san-marco": "SanMarcoDefinition", "gsc-sheet": "Ganz schön clever sheet transcription"}


def test_a_bundled_game_refuses_a_language_it_has_no_texts_in_naming_its_own(tmp_path):
    result = build("sanssouci", "--lang", "ja", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "has texts in en, zh-TW, de; --lang ja is not available" in result.output
    assert not any(tmp_path.iterdir())


def test_a_deck_s_language_names_its_files_and_the_manifest(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("title: 火\nlanguage: zh-TW\ncards:\n  - {name: 火球術, name@en: Fireball}\n", encoding="utf-8")
    assert build(str(deck), "--out", str(tmp_path / "out")).exit_code == 0
    assert build(str(deck), "--lang", "en", "--out", str(tmp_path / "out")).exit_code == 0
    files = json.loads((tmp_path / "out" / "manifest.json").read_text(encoding="utf-8"))["files"]
    langs = {e["file"]: e["lang"] for e in files if e["file"].endswith(".pdf")}
    assert langs == {"deck/cards-zh-TW-a4.pdf": "zh-TW", "deck/cards-en-a4.pdf": "en"}
    assert "火球術" in "".join(all_text((tmp_path / "out" / "deck" / "cards-zh-TW-a4.pdf").read_bytes()))
    assert "Fireball" in "".join(all_text((tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()))
