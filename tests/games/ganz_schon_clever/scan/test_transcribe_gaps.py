"""A number box read empty ahead of a written one never loses the later values (issue 38).

Orange and purple are written left to right, so a box read empty before a written box is a misreading
(faint pencil, say). The transcription once ended the area's list at such a box: the 3 in the next purple
box was lost from the YAML while the overlay showed it. The readings here are built by hand; the expected
lists are the numbers the test writes in the boxes.
"""

from __future__ import annotations

from printkit.engine.scan.boxes import BoxReading
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.scan.tables import box_specs, box_table
from printkit.games.ganz_schon_clever.scan.transcribe import Transcribed, transcribe

GAME = load_gsc_game()
TABLE = box_table(2, "a4").table
SURE = 0.99
Reading = tuple[object, float, tuple[tuple[object, float], ...]]


def _readings(given: dict[tuple[str, int], Reading]) -> list[BoxReading]:
    """Every box of layout 2 (A4): the given ones as given, every other one read empty with confidence."""
    out = []
    for spec in box_specs(TABLE, GAME):
        empty = {"mark": False, "loop": "empty", "number": None}[spec.read]
        value, conf, alts = given.get((spec.area, spec.index), (empty, SURE, ((empty, SURE),)))
        out.append(BoxReading(spec, value, conf, alts))
    return out


def _sure(v: int) -> Reading:
    return v, SURE, ((v, SURE),)


def _flagged(t: Transcribed) -> dict[tuple[str, object], object]:
    return {(u.area, u.index): u.read for u in t.uncertain}


def test_a_purple_box_read_surely_empty_keeps_the_three_after_it() -> None:
    faint = (None, 0.97, ((None, 0.97), (2, 0.02)))  # a faint 2 the reader took for an empty box
    t = transcribe(GAME, TABLE, _readings({("purple", 0): _sure(1), ("purple", 1): faint,
                                           ("purple", 2): _sure(3)}), rounds=6, players=1)
    assert t.sheet.purple == (1, 2, 3)  # the 3 is there; the empty-read box holds its likeliest number
    assert _flagged(t)[("purple", 1)] == 2  # and a person is shown that box
    assert t.values[("purple", 2)] == 3 and t.values[("purple", 1)] == 2  # the overlay shows what the YAML holds


def test_the_rules_never_pick_empty_for_a_box_ahead_of_a_written_one() -> None:
    # Empty is this box's top reading: a shorter purple list (1) would be a legal sheet, so a decoder
    # that could end the list there would prefer it and lose the 3.
    # Two blue crosses give the round-4 bonus somewhere to land, and the action tracks show what the
    # rounds give (2 rerolls, one +1), so purple 1 alone is a legal sheet; purple 1, 2, 3 earns a third
    # reroll (purple box 3) that the track does not show: an illegal sheet, but what the player wrote.
    unsure = (None, 0.6, ((None, 0.6), (2, 0.3)))
    marked: dict[tuple[str, int], Reading] = {("blue", i): (True, SURE, ((True, SURE),)) for i in (0, 1)}
    for area, n in (("reroll", 2), ("plus1", 1)):
        marked |= {(area, i): ("earned", SURE, (("earned", SURE),)) for i in range(n)}
    t = transcribe(GAME, TABLE, _readings({**marked, ("purple", 0): _sure(1), ("purple", 1): unsure,
                                           ("purple", 2): _sure(3)}), rounds=6, players=1)
    assert t.sheet.purple == (1, 2, 3)
    assert ("purple", 1) in _flagged(t)
    assert [v.rule for v in t.result.violations] == ["track-earned"]


def test_an_orange_box_read_empty_keeps_every_value_after_it() -> None:
    empty = (None, 0.95, ((None, 0.95), (4, 0.03), (5, 0.02)))
    t = transcribe(GAME, TABLE, _readings({("orange", 0): _sure(3), ("orange", 1): empty,
                                           ("orange", 2): _sure(6), ("orange", 3): _sure(10)}),
                   rounds=6, players=1)
    assert t.sheet.orange == (3, 4, 6, 10)
    assert _flagged(t)[("orange", 1)] == 4


def test_an_area_ending_in_empty_boxes_is_not_lengthened() -> None:
    t = transcribe(GAME, TABLE, _readings({("purple", 0): _sure(1), ("purple", 1): _sure(4)}),
                   rounds=6, players=1)
    assert t.sheet.purple == (1, 4) and not t.uncertain


def test_a_stand_in_goes_with_the_written_box_it_stood_before() -> None:
    # purple 1, a box read surely empty, then an unsure 3 that the rules read as empty (purple 1 alone is
    # the legal sheet, as above): nothing is written after the empty box, so it holds nothing either
    faint = (None, 0.97, ((None, 0.97), (2, 0.02)))
    unsure_three = (3, 0.6, ((3, 0.6), (None, 0.4)))
    marked: dict[tuple[str, int], Reading] = {("blue", i): (True, SURE, ((True, SURE),)) for i in (0, 1)}
    for area, n in (("reroll", 2), ("plus1", 1)):
        marked |= {(area, i): ("earned", SURE, (("earned", SURE),)) for i in range(n)}
    t = transcribe(GAME, TABLE, _readings({**marked, ("purple", 0): _sure(1), ("purple", 1): faint,
                                           ("purple", 2): unsure_three}), rounds=6, players=1)
    assert t.sheet.purple == (1,) and t.result.legal
    assert ("purple", 1) not in t.values and ("purple", 1) not in _flagged(t)
    assert ("purple", 2) in _flagged(t)
