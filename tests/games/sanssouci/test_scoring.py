"""Scoring and impossibility checks on hand-built gardens (examples/sanssouci/end-of-game.yaml).

Every expected number is worked out by hand in the comments from the seed's rules: complete
rows 2-6 score 10 minus the row value, complete columns 5, gardeners fill, row 1 never scores,
a tie goes to the player with more gardeners; house mission table = the noble's row value.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.engine.errors import InputError
from printkit.games.sanssouci.check import check_end
from printkit.games.sanssouci.rules.legality import check, track_bounds
from printkit.games.sanssouci.rules.scoring import score_all
from printkit.games.sanssouci.transcription import parse_end

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "sanssouci" / "end-of-game.yaml"
TEXT = EXAMPLE.read_text(encoding="utf-8")


def _edit(old: str, new: str, count: int = 1) -> str:
    assert TEXT.count(old) >= count, old
    return TEXT.replace(old, new, count)


def _rules(game, text: str) -> set[str]:
    return {f.rule for f in check(game, parse_end(text, game)).violations}


def test_example_scores_by_hand(game):
    end = parse_end(TEXT, game)
    (anna, bo), places = score_all(game, end)
    # Anna: track 30; row 2 complete with a gardener on the stairway -> 10 - 2 = 8;
    # column 1 = printed, LA, printed, LA, gardener, gardener -> complete -> 5;
    # missions: labyrinth noble on row 4 -> 4, pavilion noble on the terrace -> 0.
    assert (anna.track, anna.rows, anna.columns, anna.missions) == (30, 8, 5, 4)
    assert anna.complete_rows == (2,) and anna.complete_columns == (1,)
    assert anna.total == 47 and anna.gardeners == 3
    # Bo: track 28; row 6 complete (printed stairway, a gardener in column 2) -> 10 - 6 = 4;
    # columns 1 and 5 complete, both with gardeners -> 10; stairway noble on row 5 -> 5, rose arch 0.
    assert (bo.track, bo.rows, bo.columns, bo.missions) == (28, 4, 10, 5)
    assert bo.complete_rows == (6,) and bo.complete_columns == (1, 5)
    assert bo.total == 47 and bo.gardeners == 5
    # 47 all: the seed's tie-break, most gardeners, makes Bo the winner
    assert places == [2, 1]
    verdict = check(game, end)
    assert verdict.legal, verdict
    assert verdict.notes == ()


def test_row_one_never_scores(game):
    # An untouched side 1 garden: row 1 is entirely printed and complete, but it scores nothing.
    text = _edit('"LA ST PA TO G  FO #  HS GV"', '".  .  .  .  .  .  #  .  . "')
    (anna, _), _ = score_all(game, parse_end(text, game))
    assert anna.rows == 0
    assert 1 not in anna.complete_rows


def test_gardeners_count_unless_definition_says_not(game):
    from dataclasses import replace

    no_gardeners = replace(game, scoring=replace(game.scoring, gardeners_count=False))
    (anna, bo), _ = score_all(no_gardeners, parse_end(TEXT, game))
    assert (anna.rows, anna.columns, bo.rows, bo.columns) == (0, 0, 0, 0)


def test_tie_without_gardener_difference_is_shared(game):
    # Bo's two column-5 gardeners become stairway tiles: column 5 stays complete, 47 each, 3 gardeners each.
    text = _edit('"G  .  #  TO G  .  .  .  . "', '"G  .  #  TO SW .  .  .  . "')
    text = text.replace('"G  .  .  .  G  .  #  .  . "', '"G  .  .  .  SW .  #  .  . "')
    (anna, bo), places = score_all(game, parse_end(text, game))
    assert (anna.total, bo.total, anna.gardeners, bo.gardeners) == (47, 47, 3, 3)
    assert places == [1, 1]


@pytest.mark.parametrize(
    ("old", "new", "rule"),
    [
        # a fountain tile in the statue column (Anna, row 3)
        ('"#  ST .  .  .  FO .  HS GV"', '"#  FO .  .  .  FO .  HS GV"', "wrong_column"),
        # Bo's labyrinth noble on row 3, where a gardener lies
        ("nobles: [5, 0, 0, 3, 5, 2, 0, 0, 0]", "nobles: [3, 0, 0, 3, 5, 2, 0, 0, 0]", "noble_on_gardener"),
        # Anna's pavilion noble on an empty space
        ("nobles: [4, 4, 0, 0, 0, 3, 2, 0, 4]", "nobles: [4, 4, 3, 0, 0, 3, 2, 0, 4]", "noble_on_empty"),
        # Bo's rose-arch noble on the printed (4, 7), which no filled space touches
        ("nobles: [5, 0, 0, 3, 5, 2, 0, 0, 0]", "nobles: [5, 0, 0, 3, 5, 2, 4, 0, 0]", "noble_cut_off"),
        # a sixth labyrinth tile: a 2-player game has 5
        ('"G  #  .  .  .  .  .  .  . "', '"LA #  .  .  .  .  .  .  . "', "element_supply"),
        # a 19th tile in 18 turns
        ('"G  #  .  .  .  .  .  .  . "', '"G  #  PA .  .  .  .  .  . "', "too_many_tiles"),
        # a gardener on Anna's pre-printed rose arch (2, 7)
        ('"LA ST PA TO G  FO #  HS GV"', '"LA ST PA TO G  FO G  HS GV"', "printed_space"),
        # a printed mark where side 1 has none
        ('"G  #  .  .  .  .  .  .  . "', '"G  #  #  .  .  .  .  .  . "', "not_printed"),
        # side 2 is the back of Anna's board 1
        ("side: 4", "side: 2", "board_twice"),
        ("missions: [SW, RA]", "missions: [labyrinth, RA]", "mission_twice"),
        ("missions: [SW, RA]", "missions: [SW]", "mission_count"),
        ("colour: blue", "colour: yellow", "colour_twice"),
        # Anna's nobles stand on rows 4+4+3+2+4 = 17: their last moves alone scored 17
        ("track: 30", "track: 16", "track_low"),
        # at most 1+..+4 (x3) + 1+2+3 + 1+2 = 39 in 17 moves
        ("track: 30", "track: 40", "track_high"),
    ],
)
def test_impossible_gardens(game, old, new, rule):
    assert rule in _rules(game, _edit(old, new))


def test_track_bounds_are_inclusive(game):
    assert _rules(game, _edit("track: 30", "track: 17")) == set()
    assert _rules(game, _edit("track: 30", "track: 39")) == set()


def test_the_track_maximum_counts_one_noble_move_a_turn(game):
    # Four nobles on row 6 could have made 4 x 6 = 24 moves (one to each row 1-6), worth 4 x 21 = 84; but a player
    # moves one noble a turn, 18 turns: the 18 best moves are 4 x 6, 4 x 5, 4 x 4, 4 x 3, 2 x 2 = 76.  Their last
    # moves alone scored 4 x 6 = 24.
    assert track_bounds(game, (6, 6, 6, 6, 0, 0, 0, 0, 0)) == (24, 76)
    four_deep = _edit("nobles: [4, 4, 0, 0, 0, 3, 2, 0, 4]", "nobles: [6, 6, 6, 6, 0, 0, 0, 0, 0]")
    assert "track_high" not in _rules(game, four_deep.replace("track: 30", "track: 76", 1))
    assert "track_high" in _rules(game, four_deep.replace("track: 30", "track: 77", 1))


def test_three_players_allow_seven_of_an_element(game):
    # a sixth labyrinth tile is impossible with 2 players (5 of each element) but fine with 3 (7 of each)
    text = _edit('"G  #  .  .  .  .  .  .  . "', '"LA #  .  .  .  .  .  .  . "')
    cy = """  - name: Cy
    colour: red
    side: 6
    track: 0
    missions: [TO, FO]
    nobles: [0, 0, 0, 0, 0, 0, 0, 0, 0]
    garden:
      - ".  .  .  #  .  .  .  .  # "
      - ".  .  .  .  .  .  .  #  . "
      - ".  .  .  .  .  #  .  .  . "
      - "#  .  .  .  .  .  .  .  . "
      - ".  .  .  .  #  .  .  .  . "
"""
    assert "element_supply" in _rules(game, text)
    verdict = check(game, parse_end(text + cy, game))
    assert verdict.legal, verdict
    assert [(n.rule, n.player) for n in verdict.notes] == [("few_tiles", 2)]


def test_fewer_tiles_is_a_note_not_impossible(game):
    verdict = check(game, parse_end(_edit('"G  #  .  .  .  .  .  .  . "', '".  #  .  .  .  .  .  .  . "'), game))
    # Anna's column 1 is no longer complete, and she placed 17 tiles: possible (a set-aside gardener)
    assert verdict.legal
    assert [(n.rule, n.params["n"]) for n in verdict.notes] == [("few_tiles", 17)]


def test_unknown_token_located_at_its_column(game):
    text = _edit('"#  ST .  .  .  FO .  HS GV"', '"#  ST .  XX .  FO .  HS GV"')
    line_no, line = next((i, t) for i, t in enumerate(text.splitlines(), 1) if "XX" in t)
    with pytest.raises(InputError) as exc:
        parse_end(text, game, "end.yaml")
    assert f"end.yaml:{line_no}:{line.index('XX') + 1}:" in str(exc.value)
    assert "unknown space 'XX'" in str(exc.value)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("side: 4", "side: 9", "board side must be 1..8; found 9"),
        ("colour: blue", "colour: purple", "unknown colour 'purple'"),
        ("nobles: [5, 0, 0, 3, 5, 2, 0, 0, 0]", "nobles: [5, 0, 0, 3, 5, 2, 0, 0]", "nobles needs 9 rows"),
        ("nobles: [5, 0, 0, 3, 5, 2, 0, 0, 0]", "nobles: [7, 0, 0, 3, 5, 2, 0, 0, 0]", "row 0 (terrace) to 6; found 7"),
        ('"LA #  .  .  SW .  .  .  . "', '"LA #  .  .  SW .  .  . "', "row 5 needs 9 spaces"),
        ("track: 28", "track: lots", "Input should be a valid integer"),
        ("game: sanssouci", "game: sansouci", "expected game: sanssouci"),
        ("missions: [SW, RA]", "missions: [SW, XY]", "unknown element 'XY'"),
    ],
)
def test_bad_input_named_with_line(game, old, new, message):
    text = _edit(old, new)
    line_no = next(i for i, (a, b) in enumerate(zip(text.splitlines(), TEXT.splitlines(), strict=True), 1)
                   if a != b)  # the edited line
    with pytest.raises(InputError) as exc:
        parse_end(text, game, "end.yaml")
    assert message in str(exc.value)
    assert f"end.yaml:{line_no}:" in str(exc.value)


def test_report_words_in_every_language(game):
    text = _edit("track: 30", "track: 40")
    report = check_end(game, parse_end(text, game))
    from printkit.games.sanssouci.check import as_text

    assert "score track 40 is more than the nobles' moves can score (39 at most)" in as_text(game, report, "en")
    assert "計分軌 40 超過貴族移動最多可得的 39 分" in as_text(game, report, "zh-TW")
    assert "Leiste 40 ist mehr" in as_text(game, report, "de")
