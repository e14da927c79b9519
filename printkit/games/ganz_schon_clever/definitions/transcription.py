"""Read a transcribed Ganz schön clever sheet into a :class:`Sheet`.

The format is YAML (JSON is YAML too).  Anything that cannot be a sheet at all -- wrong types,
unknown keys, a yellow number that is not printed in its row, a blue sum that is not on the sheet
or given twice, more boxes than an area has, a player count the game does not have -- is an
:class:`InputError` naming file, line and column.  Sheets that *could* be written but break the
rules are not rejected here; that is the checker's job.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from printkit.engine.errors import InputError, Problem
from printkit.engine.source import Document, parse_text, read_text
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import Sheet


class _Track(BaseModel):
    model_config = ConfigDict(extra="forbid")

    earned: StrictInt = Field(ge=0)
    used: StrictInt = Field(ge=0)


class _Claims(BaseModel):
    model_config = ConfigDict(extra="forbid")

    yellow: StrictInt | None = None
    blue: StrictInt | None = None
    green: StrictInt | None = None
    orange: StrictInt | None = None
    purple: StrictInt | None = None
    foxes: StrictInt | None = None
    lowest: StrictInt | None = None  # the "lowest area" box: what each fox is worth
    total: StrictInt | None = None


class _Transcription(BaseModel):
    """The shape of the file; strict so that ``"3"`` or ``true`` is not taken for a number."""

    model_config = ConfigDict(extra="forbid")

    game: StrictStr
    players: StrictInt
    yellow: list[list[StrictInt]] | None = None
    blue: list[StrictInt] = Field(default_factory=list)
    green: StrictInt = 0
    orange: list[StrictInt] = Field(default_factory=list)
    purple: list[StrictInt] = Field(default_factory=list)
    rerolls: _Track | None = None
    extra_dice: _Track | None = None
    claimed: _Claims | None = None


class _Fields(_Transcription):
    """The fields that did validate, when others did not: everything may be missing."""

    game: StrictStr | None = None  # type: ignore[assignment]
    players: StrictInt | None = None  # type: ignore[assignment]


_FIELDS = frozenset(_Transcription.model_fields)
_TRACK_FIELDS = ("earned", "used")
_CLAIM_FIELDS = tuple(_Claims.model_fields)


class _Plain:
    """The fields of a transcription whose shape is plainly right, read without pydantic."""

    __slots__ = ("blue", "claimed", "extra_dice", "game", "green", "orange", "players", "purple", "rerolls",
                 "yellow")


_JUST_INT = {int}


def _ints(value: Any) -> bool:
    """A list of ints (not booleans: ``type``, not ``isinstance``)."""
    return type(value) is list and (not value or set(map(type, value)) == _JUST_INT)


def _track(value: Any) -> dict[str, int] | bool | None:
    """An action track, ``{earned, used}`` of ints >= 0 (None when absent; the Sheet model makes the
    ActionCount, quicker than making it here); False when anything is off."""
    if value is None:
        return None
    if type(value) is not dict or len(value) != 2 or any(type(value.get(k)) is not int or value[k] < 0
                                                         for k in _TRACK_FIELDS):
        return False
    return value


def _plain(data: dict[str, Any]) -> _Plain | None:
    """The fields of ``data`` when each key is known and each value has exactly the type
    :class:`_Transcription` asks for (ints that are not booleans, lists, mappings with known
    keys), so that validating it could not fail and would give the same values; else None, and
    pydantic reads the file and says what is wrong.  Checking many sheets, most are like this."""
    if not _FIELDS.issuperset(data):
        return None
    raw = _Plain()
    raw.game = data.get("game")
    raw.players = data.get("players")
    raw.green = data.get("green", 0)
    if type(raw.game) is not str or type(raw.players) is not int or type(raw.green) is not int:
        return None
    raw.yellow = data.get("yellow")
    if raw.yellow is not None and not (type(raw.yellow) is list and all(map(_ints, raw.yellow))):
        return None
    raw.blue = data.get("blue", [])
    raw.orange = data.get("orange", [])
    raw.purple = data.get("purple", [])
    if not (_ints(raw.blue) and _ints(raw.orange) and _ints(raw.purple)):
        return None
    raw.rerolls = _track(data.get("rerolls"))
    raw.extra_dice = _track(data.get("extra_dice"))
    if raw.rerolls is False or raw.extra_dice is False:
        return None
    claimed = data.get("claimed")
    if claimed is None:
        raw.claimed = {}
    elif type(claimed) is dict and set(claimed).issubset(_CLAIM_FIELDS) and all(
        v is None or type(v) is int for v in claimed.values()
    ):
        raw.claimed = {k: claimed[k] for k in _CLAIM_FIELDS if claimed.get(k) is not None}  # the model's order
    else:
        return None
    return raw


class _Shape:
    """What a transcription of ``game`` is checked against, made once per game (``check`` reads thousands)."""

    __slots__ = ("game", "row_sets", "rows", "sums")

    def __init__(self, game: GscGame) -> None:
        self.game = game
        self.rows = [[v for v in row if v != 0] for row in game.yellow.grid]  # each yellow row's printed numbers
        self.row_sets = [frozenset(row) for row in self.rows]
        self.sums = frozenset(game.blue_sums)


_SHAPES: dict[int, _Shape] = {}


def _shape(game: GscGame) -> _Shape:
    hit = _SHAPES.get(id(game))
    if hit is None or hit.game is not game:
        hit = _SHAPES[id(game)] = _Shape(game)
    return hit


def transcription_json_schema() -> dict:
    """JSON Schema of the transcription file, for editors (``printkit schema gsc-sheet``)."""
    schema = _Transcription.model_json_schema()
    schema["title"] = "Ganz schön clever sheet transcription"
    return schema


def load_transcription(path: str | Path, game: GscGame | None = None) -> Sheet:
    """Read one transcription file; every problem found is reported in one InputError."""
    return transcription_from_document(parse_text(read_text(path), str(path), strict=False), game)


def parse_transcription(text: str, file: str = "<input>", game: GscGame | None = None) -> Sheet:
    """Like :func:`load_transcription`, from text (for tests and stdin)."""
    return transcription_from_document(parse_text(text, file, strict=False), game)


def transcription_from_document(doc: Document, game: GscGame | None = None) -> Sheet:
    game = game or load_gsc_game()
    if not isinstance(doc.data, dict):
        raise doc.error((), "a transcription must be a mapping with keys game, players, yellow, ...")
    problems: list[Problem] = list(doc.problems)
    raw: _Transcription | _Fields | _Plain | None = _plain(doc.data)
    if raw is not None:
        rerolls, extra_dice, claims = raw.rerolls, raw.extra_dice, raw.claimed
    else:
        try:
            raw = _Transcription.model_validate(doc.data)
        except ValidationError as exc:
            # Report the shape errors, then still run the rule checks on every field that validated.
            problems.extend(doc.validation_error(exc, "gsc-sheet").problems)
            failed = {err["loc"][0] for err in exc.errors() if err["loc"]}
            good = {k: v for k, v in doc.data.items() if k in _Transcription.model_fields and k not in failed}
            raw = _Fields.model_validate(good)  # cannot fail: each of these fields validated above
        rerolls = raw.rerolls.model_dump() if raw.rerolls else None
        extra_dice = raw.extra_dice.model_dump() if raw.extra_dice else None
        claims = raw.claimed.model_dump(exclude_none=True) if raw.claimed else {}

    def bad(path: tuple[Any, ...], message: str) -> None:
        problems.append(doc.problem(path, message))

    if raw.game is not None and raw.game not in game.aliases:
        bad(("game",), f"unknown game {raw.game!r}; expected one of {', '.join(game.aliases)}")
    shape = _shape(game)
    if raw.players is not None and raw.players not in game.rounds.by_player_count:
        counts = sorted(game.rounds.by_player_count)
        bad(("players",), f"players must be {counts[0]}..{counts[-1]}; found {raw.players}")

    rows = shape.rows
    yellow = raw.yellow if raw.yellow is not None else [[] for _ in rows]
    if len(yellow) != len(rows):
        bad(
            ("yellow",),
            f"yellow needs {len(rows)} rows (top to bottom, [] for an empty row); found {len(yellow)}",
        )
    else:
        for r, (row, printed, known) in enumerate(zip(yellow, rows, shape.row_sets, strict=True)):
            if len(set(row)) == len(row) and known.issuperset(row):
                continue  # each number printed in the row, none twice (the usual case: nothing to say)
            seen: set[int] = set()
            for i, v in enumerate(row):
                if v not in printed:
                    bad(
                        ("yellow", r, i),
                        f"{v} is not a number of yellow row {r + 1} "
                        f"(its numbers are {', '.join(map(str, printed))})",
                    )
                elif v in seen:
                    bad(("yellow", r, i), f"{v} is crossed twice in yellow row {r + 1}")
                seen.add(v)

    sums = shape.sums
    seen_blue: set[int] = set()
    plain_blue = len(set(raw.blue)) == len(raw.blue) and sums.issuperset(raw.blue)
    for i, v in enumerate(() if plain_blue else raw.blue):
        if v not in sums:
            bad(("blue", i), f"blue sum {v} is not on the sheet (sums are {min(sums)}..{max(sums)})")
        elif v in seen_blue:
            bad(("blue", i), f"blue sum {v} is crossed twice")
        seen_blue.add(v)

    green_boxes = len(game.green.thresholds)
    if not 0 <= raw.green <= green_boxes:
        bad(("green",), f"green counts crossed boxes, 0..{green_boxes}; found {raw.green}")
    for area, values, boxes in (
        ("orange", raw.orange, len(game.orange.multipliers)),
        ("purple", raw.purple, game.purple.boxes),
    ):
        if len(values) > boxes:
            bad((area, boxes), f"{area} has {boxes} boxes; found {len(values)} numbers")
    if problems:
        problems.sort(key=lambda p: (p.line or 0, p.column or 0))  # file order (sort is stable)
        raise InputError(problems)
    assert raw.players is not None  # no problem: every field validated, players is required

    return Sheet(
        players=raw.players,
        yellow=tuple(tuple(row) for row in yellow),
        blue=tuple(raw.blue),
        green=raw.green,
        orange=tuple(raw.orange),
        purple=tuple(raw.purple),
        rerolls=rerolls,
        extra_dice=extra_dice,
        claimed=claims,
    )
