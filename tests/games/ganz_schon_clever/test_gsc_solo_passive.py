"""The disputed solo passive turn (issue 14): ``none`` (no action on it, the printed rule) or ``plus1``.

The sheets below are written by hand; the verdicts are worked out by hand in the comments
(docs/gsc-solo-passive.md has the general argument), never taken from the checker.
"""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from printkit.cli import app
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.rules.legality import check
from printkit.games.ganz_schon_clever.rules.play import random_sheets

runner = CliRunner()

# Every die pick and every +1 is needed, and every way the game can end earns a +1 in its last
# turn.  Counted by hand from game.yaml's sheet:
#   marks: yellow 4 (the diagonal 3, 1, 2, 6) + blue 6 + green 9 + orange 11 + purple 11 = 41.
#   mark bonuses fired: blue row 5-8 (yellow X), green 6 (blue X), green 9 (purple 6), orange 5
#     (yellow X), orange 10 (purple 6), purple 4 (blue X), purple 6 (yellow X), purple 9 (green X),
#     purple 10 (orange 6), round 4 (black X) = 10, all landing (yellow has 3 X for 4 cells, blue 2 X
#     for 3 column cells, purple shows two 6s, orange box 11 shows 18 = 6 x 3, green has room).
#   dice: 41 - 10 = 31 = 6 active turns x 3 + 6 passive turns x 1 + 7 extra dice.
#   +1 earned: round 2, yellow diagonal, blue column 4-8-12, green 4, orange 6, purple 5, purple 11 = 7.
# So all 7 +1 were used.  With no action on the passive turn, nothing may follow the last passive
# pick, so the +1 it earns are wasted; yet every mark that can be that pick earns one:
#   a yellow cell completes the diagonal; blue 4, 8 or 12 completes column 4-8-12; blue 5, 6 or 7
#   completes row 5-8, whose yellow X (yellow is not full) lands on a yellow cell that completes the
#   diagonal; purple 11 is a +1 box; green 9's purple 6 lands on purple 11 (a +1) or is lost on a full
#   purple, which makes a 32nd die; orange 11 (18) is the only box the purple-10 orange 6 can take,
#   so it is never a die, and a last turn of purple 10 -> orange 11 leaves purple 11 unexplained.
TIGHT = Sheet(players=1, yellow=((3,), (1,), (2,), (6,)), blue=(4, 8, 12, 5, 6, 7), green=9,
              orange=(1, 2, 3, 4, 5, 4, 8, 5, 10, 5, 18), purple=(1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 6))
# The same without blue 5: row 5-8 is open, so no yellow X from it (40 marks, 9 bonus marks, still
# 31 dice); blue 6 (or 7) completes nothing and can be the last passive pick: both rulings allow it.
PLAIN_LAST = TIGHT.model_copy(update={"blue": (4, 8, 12, 6, 7)})


def _rules(r: object) -> list[str]:
    return [v.rule for v in r.violations]  # type: ignore[attr-defined]


def test_a_sheet_that_needs_the_plus1_on_the_last_passive_turn(game: GscGame) -> None:
    either = check(TIGHT, game)
    assert either.legal and either.dice.dice == 31 and either.dice.available == 31
    assert [n.rule for n in either.notes] == ["solo-passive-needed"] and either.needs_ruling == ("plus1",)
    strict = check(TIGHT, game, "none")
    assert not strict.legal and _rules(strict) == ["solo-passive"]
    generous = check(TIGHT, game, "plus1")
    assert generous.legal and generous.notes == () and generous.needs_ruling is None


def test_the_track_showing_every_plus1_used_gives_the_same_verdicts(game: GscGame) -> None:
    tracked = TIGHT.model_copy(update={"extra_dice": ActionCount(earned=7, used=7)})
    assert check(tracked, game).legal and check(tracked, game).needs_ruling == ("plus1",)
    assert _rules(check(tracked, game, "none")) == ["solo-passive"]
    # One +1 fewer used: 31 dice do not fit 30 under either ruling.
    fewer = TIGHT.model_copy(update={"extra_dice": ActionCount(earned=7, used=6)})
    assert _rules(check(fewer, game)) == _rules(check(fewer, game, "none")) == ["dice-budget"]


def test_when_a_plain_mark_can_be_last_the_ruling_makes_no_difference(game: GscGame) -> None:
    for ruling in (None, "none", "plus1"):
        r = check(PLAIN_LAST, game, ruling)  # type: ignore[arg-type]
        assert r.legal and r.dice.dice == 31 and r.notes == () and r.needs_ruling is None, ruling


def test_a_sheet_with_a_pick_to_spare_and_multiplayer_sheets_ignore_the_ruling(game: GscGame) -> None:
    # PLAIN_LAST without blue 7: 39 marks, 9 bonus marks, 30 dice of 31: the last passive pick is
    # not even needed.
    spare = PLAIN_LAST.model_copy(update={"blue": (4, 8, 12, 6)})
    r = check(spare, game, "none")
    assert r.legal and r.dice.dice == 30 and check(spare, game).needs_ruling is None
    duo = TIGHT.model_copy(update={"players": 2})
    assert check(duo, game, "none").legal == check(duo, game, "plus1").legal
    assert check(duo, game).needs_ruling is None


def test_games_played_without_actions_on_the_passive_turn_pass_under_none(game: GscGame) -> None:
    # Soundness: random solo games that never use a +1 after a passive turn are legal under "none".
    for k in range(150):
        sheet = random_sheets(game, 1, random.Random(10_000 + k), "none")[0]
        result = check(sheet, game, "none")
        assert result.legal, (k, _rules(result))


def test_cli_check_takes_the_ruling_and_says_when_the_sheet_needed_plus1(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "tight.yaml"
    path.write_text(
        "game: gsc\nplayers: 1\nyellow: [[3], [1], [2], [6]]\nblue: [4, 8, 12, 5, 6, 7]\ngreen: 9\n"
        "orange: [1, 2, 3, 4, 5, 4, 8, 5, 10, 5, 18]\npurple: [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 6]\n",
        encoding="utf-8")
    either = runner.invoke(app, ["check", str(path)])
    assert either.exit_code == 0, either.output
    assert "Verdict: LEGAL" in either.stdout
    assert "legal only with the variant ruling that allows the extra-die (+1) action on the solo passive turn" \
        in either.stdout
    strict = runner.invoke(app, ["check", str(path), "--solo-passive", "none"])
    assert strict.exit_code == 1 and "Verdict: ILLEGAL" in strict.stdout
    assert "impossible under the ruling 'none'" in strict.stdout
    zh = runner.invoke(app, ["check", str(path), "--solo-passive", "none", "--lang", "zh-TW"])
    assert zh.exit_code == 1 and "判定：不合法" in zh.stdout and "擔任其他玩家" in zh.stdout
    generous = runner.invoke(app, ["check", str(path), "--solo-passive", "plus1", "--json"])
    assert generous.exit_code == 0
    assert json.loads(generous.stdout)["solo_passive"] == {"ruling": "plus1", "needs": None}
    default_json = json.loads(runner.invoke(app, ["check", str(path), "--json"]).stdout)
    assert default_json["solo_passive"] == {"ruling": "either", "needs": ["plus1"]}
    assert default_json["legal"] is True and len(default_json["notes"]) == 1


@pytest.mark.parametrize("command", ["check", "scan"])
@pytest.mark.parametrize(("option", "expected"), [
    (["--solo-passive", "some"], "--solo-passive must be one of: none, plus1"),
    (["--lang", "fr"], "--lang must be one of: en, zh-TW"),
])
def test_an_unknown_ruling_or_language_exits_2(command: str, option: list[str], expected: str,
                                               tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "x.yaml"
    path.write_text("game: gsc\nplayers: 1\n", encoding="utf-8")
    result = runner.invoke(app, [command, str(path), *option])
    assert result.exit_code == 2 and f"error: {expected}" in result.output


def test_the_python_api_takes_the_ruling() -> None:
    from printkit import gsc

    assert gsc.check(TIGHT).legal and not gsc.check(TIGHT, solo_passive="none").legal
    (note,) = gsc.check(TIGHT).notes
    assert gsc.describe(note).startswith("legal only with the variant ruling")
