"""Reading a sheet without pydantic's shape model (the quick path for plainly well-formed files) gives
exactly what reading it through the model gives: the same Sheet, or the same errors, file, line, column."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import printkit.games.ganz_schon_clever.definitions.transcription as transcription
from printkit.engine.errors import InputError
from printkit.engine.source import parse_text
from printkit.games.ganz_schon_clever.model.game import GscGame

INTS = st.integers(-2, 15)
ODD = st.sampled_from([True, None, "3", 2.0, [], {}, [1, "x"], [[True]], {"earned": 1}, {"earned": 1, "used": -1},
                       {"earned": 1, "used": 2, "x": 3}, {"total": True}, {"nope": 1}, {"total": None}])


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    rows = ((3, 6, 5), (2, 1, 5), (1, 2, 4), (3, 4, 6))  # the printed yellow numbers, row by row
    doc: dict[str, Any] = {
        "game": draw(st.sampled_from(["gsc", "clever", "ganz-schon-clever", "nope"])),
        "players": draw(st.integers(1, 4) | st.integers(0, 5)),
        "yellow": [draw(st.lists(st.sampled_from(r), unique=True, max_size=3)) for r in rows],
        "blue": draw(st.lists(st.integers(2, 12), unique=True, max_size=6) | st.lists(st.integers(1, 13), max_size=3)),
        "green": draw(st.integers(0, 11) | st.integers(-1, 12)),
        "orange": draw(st.lists(INTS, max_size=12)),
        "purple": draw(st.lists(INTS, max_size=12)),
        "rerolls": {"earned": draw(st.integers(0, 7)), "used": draw(st.integers(0, 7))},
        "extra_dice": {"earned": draw(st.integers(0, 7)), "used": draw(st.integers(0, 7))},
        "claimed": draw(st.dictionaries(st.sampled_from(["total", "foxes", "yellow", "lowest"]), INTS, max_size=2)),
    }
    if draw(st.booleans()):
        doc["yellow"][draw(st.integers(0, 3))].append(draw(st.integers(0, 7)))  # perhaps not printed there
    for key in draw(st.lists(st.sampled_from(sorted(doc)), max_size=1)):  # a key left out
        doc.pop(key, None)
    for key in draw(st.lists(st.sampled_from([*sorted(doc), "extra"]), max_size=1)):  # a value of another shape
        doc[key] = draw(ODD)
    return doc


def _read(doc: dict[str, Any], game: GscGame) -> object:
    import json

    try:
        return transcription.transcription_from_document(parse_text(json.dumps(doc), "s.json", strict=False,
                                                                    as_json=True), game)
    except InputError as err:
        return [str(p) for p in err.problems]


@settings(max_examples=300, deadline=None)
@given(documents())
def test_the_quick_path_reads_what_the_shape_model_reads(game: GscGame, doc: dict[str, Any]) -> None:
    quick = _read(doc, game)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(transcription, "_plain", lambda data: None)  # every file through pydantic, as before
        model = _read(doc, game)
    event("errors" if isinstance(quick, list) else "a sheet")
    assert quick == model
