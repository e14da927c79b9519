"""Malformed transcriptions are InputErrors naming file, line and column."""

from __future__ import annotations

import pytest

from printkit.engine.errors import InputError
from printkit.games.ganz_schon_clever.definitions.transcription import parse_transcription

GOOD = """\
game: ganz-schon-clever
players: 1
yellow: [[3, 6], [2, 1, 5], [], [3, 4, 6]]
blue: [2, 3, 7, 12]
green: 5
orange: [3, 8, 5, 12]
purple: [2, 4, 6, 1]
rerolls: {earned: 3, used: 2}
extra_dice: {earned: 2, used: 1}
claimed: {total: 187}
"""


def _error(text: str) -> InputError:
    with pytest.raises(InputError) as info:
        parse_transcription(text, "sheet.yaml")
    return info.value


def test_issue_example_parses() -> None:
    s = parse_transcription(GOOD, "sheet.yaml")
    assert s.yellow[1] == (2, 1, 5) and s.claimed == {"total": 187} and s.extra_dice is not None


@pytest.mark.parametrize("game", ["clever", "gsc"])
def test_game_aliases(game: str) -> None:
    assert parse_transcription(GOOD.replace("ganz-schon-clever", game)).players == 1


def test_json_accepted() -> None:
    s = parse_transcription('{"game": "gsc", "players": 2, "blue": [12], "green": 1}', "s.json")
    assert s.players == 2 and s.blue == (12,)


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "words"),
    [
        ("players: 1", "players: 5", 2, 10, "players must be 1..4"),
        ("players: 1", "players: 0", 2, 10, "players must be 1..4"),
        ("[[3, 6],", "[[3, 4],", 3, 14, "not a number of yellow row 1"),
        ("[[3, 6],", "[[3, 3],", 3, 14, "crossed twice"),
        ("[2, 3, 7, 12]", "[2, 3, 7, 13]", 4, 17, "not on the sheet"),
        ("[2, 3, 7, 12]", "[2, 3, 7, 2]", 4, 17, "crossed twice"),
        ("[2, 3, 7, 12]", "[1, 3]", 4, 8, "not on the sheet"),
        ("green: 5", "green: 12", 5, 8, "0..11"),
        ("green: 5", 'green: "5"', 5, 8, "valid integer"),
        ("green: 5", "green: 5.5", 5, 8, "valid integer"),
        ("orange: [3, 8, 5, 12]", "orange: [1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3, 1]", 6, 43, "11 boxes"),
        ("purple: [2, 4, 6, 1]", "purple: [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]", 7, 43, "11 boxes"),
        ("purple: [2, 4, 6, 1]", "purple: [2, four]", 7, 13, "valid integer"),
        ("claimed: {total: 187}", "claimed: {totl: 187}", 10, 17, "unknown key"),
        ("claimed: {total: 187}", "claimed: {total: 187}\ncolour: red", 11, 9, "unknown key"),
        ("rerolls: {earned: 3, used: 2}", "rerolls: {earned: 3, used: -1}", 8, 28, "greater than or equal"),
        ("game: ganz-schon-clever", "game: qwixx", 1, 7, "unknown game"),
        ("yellow: [[3, 6], [2, 1, 5], [], [3, 4, 6]]", "yellow: [[3, 6], [2, 1, 5], []]", 3, 9, "4 rows"),
    ],
)
def test_malformed(old: str, new: str, line: int, column: int, words: str) -> None:
    assert old in GOOD
    err = _error(GOOD.replace(old, new))
    p = err.problems[0]
    assert (p.file, p.line, p.column) == ("sheet.yaml", line, column), str(err)
    assert words in p.message


def test_missing_players_and_not_a_mapping() -> None:
    assert "required" in str(_error("game: gsc\n"))
    assert _error("- 1\n- 2\n").problems[0].line == 1


def test_yaml_syntax_error_located() -> None:
    err = _error("game: gsc\nplayers: [1\n")
    assert err.problems[0].line is not None and "YAML syntax" in err.problems[0].message


def test_every_problem_reported() -> None:
    err = _error(GOOD.replace("players: 1", "players: 9").replace("green: 5", "green: 40"))
    assert [p.line for p in err.problems] == [2, 5]


def test_shape_errors_do_not_hide_rule_errors() -> None:
    """One file, a problem in nearly every field: each is reported, with its line, in file order."""
    text = """\
game: gsc
players: "2"
yellow: [[3, 6], [2, 4, 5], [], [3, 4, 6]]
blue: [2, 3, 3]
green: 12
orange: [3, "8"]
purple: [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]
rerolls: {earned: 3, used: -2}
claimed: {totl: 187}
colour: red
"""
    err = _error(text)
    found = [(p.line, p.path, p.message) for p in err.problems]
    expected = [
        (2, "players", "valid integer"),  # a shape error ...
        (3, "yellow.1.1", "4 is not a number of yellow row 2"),  # ... hides none of the rule errors
        (4, "blue.2", "blue sum 3 is crossed twice"),
        (5, "green", "0..11"),
        (6, "orange.1", "valid integer"),
        (7, "purple.11", "11 boxes"),
        (8, "rerolls.used", "greater than or equal"),
        (9, "claimed.totl", "unknown key"),
        (10, "colour", "unknown key"),
    ]
    assert len(found) == len(expected), str(err)
    for (line, path, message), (want_line, want_path, words) in zip(found, expected, strict=True):
        assert (line, path) == (want_line, want_path) and words in message, str(err)


def test_players_out_of_range_with_other_errors() -> None:
    err = _error(GOOD.replace("players: 1", "players: 7").replace("[[3, 6],", "[[3, 4],").replace(
        "[2, 3, 7, 12]", "[2, 3, 7, 2]"))
    assert [(p.line, p.path) for p in err.problems] == [(2, "players"), (3, "yellow.0.1"), (4, "blue.3")]


def test_a_duplicate_key_is_reported_with_every_other_problem(tmp_path):
    from printkit.engine.errors import InputError
    from printkit.games.ganz_schon_clever.definitions.transcription import load_transcription

    p = tmp_path / "dup.yaml"
    p.write_text("game: gsc\nplayers: 1\nplayers: 2\nyellow: [[9], [], [], []]\nblue: [2, 2]\ngreen: 12\n",
                 encoding="utf-8")
    try:
        load_transcription(p)
    except InputError as exc:
        lines = [(pr.line, pr.message) for pr in exc.problems]
    else:
        raise AssertionError("a malformed sheet must not load")
    assert [line for line, _ in lines] == [3, 4, 5, 6]
    assert "appears twice" in lines[0][1]


def test_lowest_area_claim_is_checked_against_the_fox_value() -> None:
    # Yellow column 1 (3, 2, 1 and the pre-printed X) scores 10; every other area is 0, so the lowest is 0.
    from printkit.gsc import check, parse_transcription

    sheet = parse_transcription("game: gsc\nplayers: 1\nyellow: [[3], [2], [1], []]\nclaimed: {lowest: 0, total: 11}\n")
    claims = {c.key: (c.claimed, c.computed, c.ok) for c in check(sheet).claims}
    assert claims == {"lowest": (0, 0, True), "total": (11, 10, False)}
