"""The safe-zone lint: text and icons past a deck's safe margin are warned about by card and element id."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from printkit.cli import app

# A poker card is 63 mm wide.  The title's box starts 1 mm from the left edge and its text is set from there;
# the rules text sits well inside; the icon's box ends 2 mm from the right edge; the last text's box spans the
# card but its one short word, centred, stays far from both edges.
FRONT = """\
elements:
  - id: title
    text: {x: 1, y: 10, w: 61, h: 8, text: "{{ card.name }}", size: 14, align: left}
  - id: rules
    text: {x: 8, y: 40, w: 47, h: 20, text: "{{ card.text }}", size: 9}
  - id: gem
    icon: {name: flame, x: 55, y: 80, w: 6, h: 6}
  - id: footer
    text: {x: 0, y: 60, w: 63, h: 8, text: "centred", size: 9}
"""


def _deck(tmp: Path, zone: str | None) -> Path:
    (tmp / "front.yaml").write_text(FRONT, encoding="utf-8")
    p = tmp / "zone.yaml"
    p.write_text("title: Zone\nfront: front.yaml\nback: null\n" + (f"safe_zone: {zone}\n" if zone else "")
                 + "cards:\n  - {name: Wide Title, text: Inside.}\n  - {name: Other, text: Also inside.}\n",
                 encoding="utf-8")
    return p


def _lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if "safe zone" in line]


def test_text_and_icon_past_the_deck_safe_zone_are_warned_by_id(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", str(_deck(tmp_path, "3mm")), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    lines = _lines(result.output)
    # title 2 mm past (set from x = 1 against the 3 mm margin), icon 1 mm past (ends at 61 > 60): one warning
    # each, naming both cards it hits
    assert len(lines) == 2
    (title,) = [line for line in lines if "front.yaml: title:" in line]
    assert "2.0 mm outside the 3 mm safe zone" in title and "on 2 cards: card 1 (Wide Title), card 2 (Other)" in title
    (gem,) = [line for line in lines if "front.yaml: gem:" in line]
    assert "1.0 mm outside the 3 mm safe zone" in gem and "on 2 cards" in gem
    assert not any("front.yaml: rules" in line or "front.yaml: footer" in line for line in lines)
    assert (tmp_path / "out" / "zone" / "cards-en-a4.pdf").is_file()


def test_strict_makes_it_an_error_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(_deck(tmp_path, "0.125in")), "-o", str(out), "--strict", "-q"])
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    # one error per element, the cards it hits counted (as the warnings group them), not one per card
    assert len(errors) == 2 and all("safe zone" in line and "(on 2 cards: card 1" in line for line in errors)
    # 0.125 in = 3.175 mm: the title's text is 2.2 mm past it
    assert any("front.yaml: title: 2.2 mm outside the 3.175 mm safe zone" in line for line in errors)
    assert not (out / "zone" / "cards-en-a4.pdf").exists()


def test_the_flag_sets_or_overrides_the_deck(tmp_path: Path) -> None:
    deck = _deck(tmp_path, None)
    quiet = CliRunner().invoke(app, ["build", str(deck), "-o", str(tmp_path / "a")])
    assert quiet.exit_code == 0 and not _lines(quiet.output)
    # 0.5 mm: only the title (set from 1 mm) is clear of it; the icon ends 2 mm from the edge
    narrow = CliRunner().invoke(app, ["build", str(deck), "-o", str(tmp_path / "b"), "--safe-zone", "0.5mm",
                                      "--strict"])
    assert narrow.exit_code == 0 and not _lines(narrow.output)
    wide = CliRunner().invoke(app, ["build", str(_deck(tmp_path, "3mm")), "-o", str(tmp_path / "c"),
                                    "--safe-zone", "0"])
    assert wide.exit_code == 0 and not _lines(wide.output)
    bad = CliRunner().invoke(app, ["build", str(deck), "-o", str(tmp_path / "d"), "--safe-zone", "wide"])
    assert bad.exit_code == 2 and "--safe-zone takes a length (3mm, 0.125in); found 'wide'" in bad.output
