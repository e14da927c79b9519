"""The rules weighing a sheet's uncertain readings stop at a bound on their work (issue 38: the slow photo
spent 30-54 s in the legality decoder, 259 bonus-order searches while trying other readings).

The sheet is the hardest of bench/check_dump.py's 23,966 for the bonus-order search (54,748 nodes to prove
it impossible), read with eight crosses unsure: 256 readings, each a search about as hard (weighing them
all takes 1,463,089 nodes, about 8 s).  Counts are asserted, never seconds.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from devkit.ganz_schon_clever.truth import box_truth
from printkit.engine.scan.boxes import BoxReading
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.scan import transcribe as decoder
from printkit.games.ganz_schon_clever.scan.tables import box_specs, box_table
from printkit.games.ganz_schon_clever.scan.thresholds import DECIDE

GAME = load_gsc_game()
TABLE = box_table(2, "a4").table
SURE = 0.99
# check_dump's random #21069: purple out of order, blue full, bonuses that take the search 54,748 nodes
TANGLED = Sheet(players=2, yellow=((3, 6, 5), (), (1, 2, 4), (3, 4, 6)), blue=(3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
                green=9, orange=(4, 6, 5, 4, 6, 6, 10, 5), purple=(1, 1, 1, 4, 6, 1, 1, 6, 1),
                rerolls=ActionCount(earned=6, used=1), extra_dice=ActionCount(earned=0, used=0))


def _readings(sheet: Sheet, unsure: int) -> tuple[list[BoxReading], list[tuple[str, int]]]:
    """The sheet's boxes read surely, but for its first ``unsure`` crosses (yellow, then blue), each read
    crossed at 0.6, empty at 0.4."""
    truth: dict[tuple[str, int], Any] = box_truth(sheet, TABLE)
    out, doubtful = [], []
    for spec in box_specs(TABLE, GAME):
        key = (spec.area, spec.index)
        value = truth.get(key, {"mark": False, "loop": "empty", "number": None}[spec.read])
        if spec.area == "score":
            value = None
        if value is True and spec.area in ("yellow", "blue") and len(doubtful) < unsure:
            doubtful.append(key)
            out.append(BoxReading(spec, True, 0.6, ((True, 0.6), (False, 0.4))))
        else:
            out.append(BoxReading(spec, value, SURE, ((value, SURE),)))
    return out, doubtful


def test_the_rules_stop_at_their_bound_and_leave_every_unsure_box_as_read() -> None:
    readings, doubtful = _readings(TANGLED, 8)
    assert len(doubtful) == 8  # 2^8 = 256 readings to weigh, as many as the rules ever try
    t = decoder.transcribe(GAME, TABLE, readings, GAME.rounds_for(2), players=2)
    assert 0 < t.work <= DECIDE.max_decode_work
    assert decoder.OUT_OF_WORK in t.notes
    unsure = {(u.area, u.index): u for u in t.uncertain}
    for key in doubtful:  # every unsure cross is still shown to a person, as read, chosen by nothing
        assert unsure[key].read is True and not unsure[key].decided_by_rules
    assert t.sheet.blue == TANGLED.blue and t.sheet.yellow == TANGLED.yellow


def test_a_bound_too_small_for_one_reading_decides_nothing(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(decoder, "DECIDE", dataclasses.replace(DECIDE, max_decode_work=40))
    readings, doubtful = _readings(TANGLED, 3)
    t = decoder.transcribe(GAME, TABLE, readings, GAME.rounds_for(2), players=2)
    assert 0 < t.work <= 40 and decoder.OUT_OF_WORK in t.notes
    assert not any(u.decided_by_rules for u in t.uncertain)
    assert {(u.area, u.index) for u in t.uncertain if u.read is True} >= set(doubtful)

