"""Read a transcribed Sanssouci end of game (``game: sanssouci``) into an :class:`EndOfGame`.

The format is described in ``docs/sanssouci.md``.  What cannot be a garden at all -- an
unknown key or token, a row of 8 spaces, a board side that does not exist, a noble row off
the board -- is an :class:`InputError` naming file, line and column.  Gardens that can be
written down but not played (a tile in the wrong column, a noble on a gardener) are the
checker's business (:mod:`.rules.legality`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from printkit.engine.errors import InputError, Problem
from printkit.engine.source import Document, load_document, parse_text, read_text
from printkit.games.sanssouci.definitions import DATA, load_sides, with_sides
from printkit.games.sanssouci.model import EMPTY, GARDENER, Cell, EndOfGame, Game, Garden, Kind, PlayerEnd

GAME_IDS = ("sanssouci",)
MAX_BYTES = 256 * 1024  # a 4-player transcription is ~2 KB; refuse anything far bigger before parsing
PRINTED_TOKEN = "#"
EMPTY_TOKEN = "."
GARDENER_TOKEN = "G"


class _Player(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: StrictStr | None = Field(default=None, max_length=40)
    colour: StrictStr
    side: StrictInt
    track: StrictInt = Field(ge=0, le=10_000)
    missions: list[StrictStr] = Field(max_length=9)
    nobles: list[StrictInt] = Field(max_length=20)
    garden: list[StrictStr | list[StrictStr]] = Field(max_length=20)


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: StrictStr
    boards: StrictStr | None = Field(default=None, max_length=500)  # another edition's boards.yaml
    players: list[_Player] = Field(min_length=1, max_length=8)


def json_schema() -> dict[str, Any]:
    """JSON Schema of the transcription file, for editors (``printkit schema sanssouci-end``)."""
    schema = _File.model_json_schema()
    schema["title"] = "Sanssouci end-of-game transcription"
    return schema


@cache
def _input_texts() -> dict[str, dict[str, str]]:
    return load_document(DATA / "texts.yaml").data["check"]["input"]


def say(key: str, lang: str, **values: Any) -> str:
    """An input problem in ``lang`` (``data/texts.yaml``, ``check: input:``)."""
    return _input_texts()[key][lang].format(**values)


def load_end(path: str | Path, game: Game, lang: str = "en") -> EndOfGame:
    """Read a transcription file; every problem found is reported (in ``lang``) in one InputError."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError:
        size = 0  # read_text reports the missing file
    if size > MAX_BYTES:
        raise InputError.single(say("too_big", lang, size=size, most=MAX_BYTES), p)
    return end_from_document(parse_text(read_text(p, "transcription"), str(p), strict=False), game, lang)


def parse_end(text: str, game: Game, file: str = "<input>", lang: str = "en") -> EndOfGame:
    """Like :func:`load_end`, from text (for tests)."""
    return end_from_document(parse_text(text, file, strict=False), game, lang)


def end_from_document(doc: Document, game: Game, lang: str = "en") -> EndOfGame:
    """The end of game a parsed transcription describes; its board sides are ``game``'s unless the
    file names another edition's ``boards:`` (then :attr:`EndOfGame.game` carries those sides).  The game's
    own input problems are worded in ``lang``; a wrong type or key is the engine's (English) wording."""
    if not isinstance(doc.data, dict):
        raise doc.error((), say("not_mapping", lang))
    problems: list[Problem] = list(doc.problems)
    try:
        raw = _File.model_validate(doc.data)
    except ValidationError as exc:
        problems.extend(doc.validation_error(exc, "sanssouci-end").problems)
        raise InputError(_in_order(problems)) from None

    def bad(path: tuple[Any, ...], message: str, offset: int | None = None) -> None:
        problem = doc.problem(path, message)
        if offset is not None and problem.column is not None:
            problem = Problem(problem.message, problem.file, problem.line, problem.column + offset, problem.path)
        problems.append(problem)

    if raw.game not in GAME_IDS:
        bad(("game",), say("game", lang, found=repr(raw.game)))
    if raw.boards is not None:
        # the game was played on the boards of a generated edition (`printkit build sanssouci --board-seed N`)
        where = Path(doc.file).parent / raw.boards if not Path(raw.boards).is_absolute() else Path(raw.boards)
        if not where.is_file():
            bad(("boards",), say("boards", lang, where=where))
        else:
            game = with_sides(game, load_sides(where, game.columns))
    colours = [c.id for c in game.player_colours]
    by_name = {e.id: e.id for e in game.elements} | {e.code.lower(): e.id for e in game.elements}
    players: list[PlayerEnd] = []
    for i, p in enumerate(raw.players):
        where = ("players", i)
        if p.colour not in colours:
            bad((*where, "colour"), say("colour", lang, found=repr(p.colour), expected=", ".join(colours)))
        if not 1 <= p.side <= len(game.sides):
            bad((*where, "side"), say("side", lang, sides=len(game.sides), found=p.side))
        missions = []
        for k, m in enumerate(p.missions):
            if m.lower() not in by_name:
                codes = ", ".join(e.code for e in game.elements)
                bad((*where, "missions", k), say("mission", lang, found=repr(m), codes=codes))
            else:
                missions.append(by_name[m.lower()])
        if len(p.nobles) != game.columns:
            bad((*where, "nobles"), say("nobles", lang, columns=game.columns, found=len(p.nobles)))
        for k, r in enumerate(p.nobles):
            if not 0 <= r <= game.depth:
                bad((*where, "nobles", k), say("noble_row", lang, depth=game.depth, found=r))
        cells = _garden(doc, game, p, where, bad, lang)
        if cells is not None and len(p.nobles) == game.columns and 1 <= p.side <= len(game.sides):
            garden = Garden(p.side, cells, tuple(p.nobles))
            players.append(PlayerEnd(p.name or f"{i + 1}", p.colour, garden, tuple(missions), p.track))
    if problems:
        raise InputError(_in_order(problems))
    return EndOfGame(tuple(players), game if raw.boards is not None else None)


def _garden(doc: Document, game: Game, p: _Player, where: tuple[Any, ...], bad: Any, lang: str) -> (
        tuple[tuple[Cell, ...], ...] | None):
    """Row 1 is always printed and is not written; rows 2.. are, one token per space."""
    want = game.depth - 1
    if len(p.garden) != want:
        bad((*where, "garden"), say("garden", lang, want=want, depth=game.depth, found=len(p.garden)))
        return None
    codes = {e.code: e.id for e in game.elements}
    printed_row = tuple(Cell(Kind.PRINTED, e.id) for e in game.elements)
    rows: list[tuple[Cell, ...]] = [printed_row]
    ok = True
    for k, line in enumerate(p.garden):
        path = (*where, "garden", k)
        tokens = _tokens(doc, path, line)
        if len(tokens) != game.columns:
            bad(path, say("row", lang, row=k + 2, columns=game.columns, found=len(tokens)))
            ok = False
            continue
        row: list[Cell] = []
        for c, (token, token_path, offset) in enumerate(tokens, 1):
            t = token.upper()
            if t == EMPTY_TOKEN:
                row.append(EMPTY)
            elif t == GARDENER_TOKEN:
                row.append(GARDENER)
            elif t == PRINTED_TOKEN:
                row.append(Cell(Kind.PRINTED, game.elements[c - 1].id))
            elif t in codes:
                row.append(Cell(Kind.TILE, codes[t]))
            else:
                bad(token_path, say("space", lang, found=repr(token), codes=", ".join(codes)), offset)
                ok = False
                row.append(EMPTY)
        rows.append(tuple(row))
    if not ok:
        return None
    # A pre-printed space written as its own element's code is read as printed: that is what is there.
    side = game.side(p.side) if 1 <= p.side <= len(game.sides) else None
    if side is not None:
        for r in range(2, game.depth + 1):
            cells = list(rows[r - 1])
            for c in range(1, game.columns + 1):
                cell = cells[c - 1]
                if side.printed(r, c) and cell.kind is Kind.TILE and cell.element == game.elements[c - 1].id:
                    cells[c - 1] = Cell(Kind.PRINTED, cell.element)
            rows[r - 1] = tuple(cells)
    return tuple(rows)


Token = tuple[str, tuple[Any, ...], int | None]  # text, path in the document, column offset in its string


def _tokens(doc: Document, path: tuple[Any, ...], line: str | list[str]) -> list[Token]:
    """Each token with where it is: its own path (list form) or its offset in the string."""
    if isinstance(line, list):
        return [(t.strip(), (*path, j), None) for j, t in enumerate(line)]
    start = _string_start(doc, path)
    out = []
    j = 0
    for part in line.split(" "):
        if part:
            out.append((part, path, None if start is None else start + j))
        j += len(part) + 1
    return out


def _string_start(doc: Document, path: tuple[Any, ...]) -> int | None:
    """Columns from a one-line string node's start to its first character (its quote, if any)."""
    node = doc.node
    for key in path:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if str(k.value) == str(key)), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            node = node.value[key]
        else:
            node = None
        if node is None:
            return None
    if not isinstance(node, yaml.ScalarNode) or node.start_mark.line != node.end_mark.line:
        return None
    return 1 if node.style in ("'", '"') else 0


def _in_order(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.line or 0, p.column or 0))


def dump_end(game: Game, end: EndOfGame) -> str:
    """Write an end of game in the transcription format (what :func:`parse_end` reads)."""
    tokens = {Kind.EMPTY: EMPTY_TOKEN, Kind.GARDENER: GARDENER_TOKEN, Kind.PRINTED: PRINTED_TOKEN}
    codes = {e.id: e.code for e in game.elements}
    lines = ["game: sanssouci", "players:"]
    for p in end.players:
        lines += [
            f"  - name: {p.name}",
            f"    colour: {p.colour}",
            f"    side: {p.garden.side}",
            f"    track: {p.track}",
            f"    missions: [{', '.join(p.missions)}]",
            f"    nobles: [{', '.join(map(str, p.garden.nobles))}]",
            "    garden:",
        ]
        for row in p.garden.cells[1:]:
            cells = [codes[c.element] if c.kind is Kind.TILE and c.element else tokens[c.kind] for c in row]
            lines.append('      - "' + " ".join(f"{t:<2}" for t in cells).rstrip() + '"')
    return "\n".join(lines) + "\n"
