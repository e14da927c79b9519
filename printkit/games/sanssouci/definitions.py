"""Load Sanssouci's data files (``data/*.yaml``) into a :class:`~.model.Game`.

Pydantic checks each file's shape; the checks here need several values at once (a row colour
that is not a colour, a pair naming the beige row, a board side breaking the balance rules)
and report the line and column of the offending value.  Every value that no source gives
is marked ``house: true`` in its file and listed in :attr:`Game.house_values`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt

from printkit.engine.definition_types import Frozen, Hex, Ident, LocalizedText
from printkit.engine.errors import InputError, Problem
from printkit.engine.source import Document, load_document, parse_text
from printkit.engine.template.files import SearchPath, merge_values
from printkit.games.sanssouci.model import (
    LANGUAGES,
    BoardSide,
    Colour,
    Element,
    EndScoring,
    Game,
    PlayCard,
    Row,
    Rules,
    Style,
    Words,
)
from printkit.games.sanssouci.rules.sides import SideRules, balance_problems, generate_sides

DATA = Path(__file__).parent / "data"
GAME = DATA / "game.yaml"
ELEMENTS = DATA / "elements.yaml"
COLOURS = DATA / "colours.yaml"
TILES = DATA / "tiles.yaml"
CARDS = DATA / "cards.yaml"
BOARDS = DATA / "boards.yaml"

Count = Annotated[int, Field(strict=True, ge=0, le=1000)]


class _Element(Frozen):
    id: Ident
    code: Annotated[str, Field(pattern=r"^[A-Z]{2}$")]
    icon: Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    name: LocalizedText


class _Elements(Frozen):
    elements: list[_Element] = Field(min_length=1, max_length=20)


class _Colour(Frozen):
    id: Ident
    hex: Hex
    name: LocalizedText
    pattern: Literal["none", "dots", "stripes", "diagonals", "grid"] = "none"


class _Colours(Frozen):
    rows: list[_Colour] = Field(min_length=2, max_length=12)
    players: list[_Colour] = Field(min_length=2, max_length=8)


class _Range(Frozen):
    min: Count
    max: Count


class _Row(Frozen):
    number: Count
    colour: Ident
    value: Count


class _RowBonus(Frozen):
    minus_from: Count
    rows: list[Count]


class _EndScoring(Frozen):
    source: Literal["seed", "source", "house"]
    row_bonus: _RowBonus
    column_bonus: Count
    gardeners_count: StrictBool
    tie_break: Literal["most_gardeners"]


class _HouseRule(Frozen):
    id: Ident
    house: StrictBool
    text: LocalizedText


class _ScoreTrack(Frozen):
    spaces: Count
    lap_card: list[Count] = Field(min_length=1, max_length=4)


class _GameFile(Frozen):
    players: _Range
    turns: Count
    hand: Count
    missions_per_player: Count
    nobles_per_player: Count
    rows: list[_Row] = Field(min_length=2, max_length=12)
    display_per_colour: Count
    stacks: Count
    score_track: _ScoreTrack
    end_scoring: _EndScoring
    house_rules: list[_HouseRule] = Field(default_factory=list)


class _Split(Frozen):
    house: StrictBool
    by_number: dict[int, Count]


class _TilesFile(Frozen):
    per_element: Count
    split: _Split


class _Pairs(Frozen):
    house: StrictBool
    list: list[tuple[Ident, Ident]]


class _PlayCards(Frozen):
    element_cards: Count
    jokers: Count
    pairs: _Pairs


class _Missions(Frozen):
    house: StrictBool
    points_by_row: dict[int, Count]


class _ScoreCards(Frozen):
    sides: list[Count] = Field(min_length=1, max_length=4)


class _CardsFile(Frozen):
    play_cards: _PlayCards
    missions: _Missions
    score_cards: _ScoreCards


class _Side(Frozen):
    side: Count
    extra: list[tuple[Count, Count]]


class _SideRules(Frozen):
    sides: Count
    extra_per_side: Count
    rows: list[Count]


class _BoardsFile(Frozen):
    house: StrictBool
    seed: StrictInt
    rules: _SideRules
    sides: list[_Side] = Field(max_length=20)


def load_style(search: SearchPath | None = None) -> Style:
    """The kit's look: the bundled ``style.yaml`` with a user's (``--templates``) merged over it."""
    search = search or SearchPath(game="sanssouci")
    places = search.candidates("style.yaml", generic=False)
    files = [p for p in places if p.is_file()]
    if not files:
        raise InputError.single(f"style.yaml not found (looked for {', '.join(map(str, places))})")
    bundled = load_document(files[-1])
    data = bundled.data
    for path in reversed(files[:-1]):
        data = merge_values(data, load_document(path).data)
    doc = Document(data, bundled.node if len(files) == 1 else None, str(files[0]))
    style = doc.validate(Style, kind="sanssouci-style")
    for section, key in (("tile", "size"), ("card", "width"), ("card", "height"), ("token", "noble_width"),
                         ("token", "noble_height"), ("token", "marker")):
        value = getattr(style, section).get(key)
        if not isinstance(value, (int, float)) or not 5 <= value <= 200:
            raise doc.error((section, key), f"expected a size in mm (5..200); found {value!r}")
    return style


@cache
def load_words() -> Words:
    """The printed kit's words (``texts.yaml`` ``print``), checked for every language."""
    doc = load_document(DATA / "texts.yaml")
    entries = doc.data.get("print") if isinstance(doc.data, dict) else None
    if not isinstance(entries, dict):
        raise doc.error((), "texts.yaml needs a `print:` mapping")
    for key, value in entries.items():
        if not isinstance(value, dict) or set(value) != set(LANGUAGES):
            raise doc.error(("print", key), f"each text needs exactly the languages {', '.join(LANGUAGES)}")
    return Words(entries)


def side_rules(raw: dict[str, Any], columns: int = 9) -> SideRules:
    """The balance rules of ``boards.yaml`` (its ``rules`` mapping)."""
    r = _SideRules.model_validate(raw)
    return SideRules(sides=r.sides, extra_per_side=r.extra_per_side, rows=tuple(r.rows), columns=columns)


@cache
def load_game() -> Game:
    """The bundled game (read once)."""
    return load_game_from(DATA)


def load_game_from(folder: Path) -> Game:
    """Read the six data files of ``folder``; every problem is reported, with its line."""
    docs = {name: load_document(folder / f"{name}.yaml") for name in
            ("game", "elements", "colours", "tiles", "cards", "boards")}
    g = docs["game"].validate(_GameFile, kind="sanssouci-game")
    el = docs["elements"].validate(_Elements, kind="sanssouci-elements")
    co = docs["colours"].validate(_Colours, kind="sanssouci-colours")
    ti = docs["tiles"].validate(_TilesFile, kind="sanssouci-tiles")
    ca = docs["cards"].validate(_CardsFile, kind="sanssouci-cards")
    bo = docs["boards"].validate(_BoardsFile, kind="sanssouci-boards")
    problems: list[Problem] = []

    def bad(doc: Document, path: tuple[Any, ...], message: str) -> None:
        problems.append(doc.problem(path, message))

    _unique(docs["elements"], [e.id for e in el.elements], "elements", "id", bad)
    _unique(docs["elements"], [e.code for e in el.elements], "elements", "code", bad)
    colour_ids = [c.id for c in co.rows]
    _unique(docs["colours"], colour_ids, "rows", "id", bad)
    _unique(docs["colours"], [c.id for c in co.players], "players", "id", bad)
    for i, row in enumerate(g.rows):
        if row.number != i + 1:
            bad(docs["game"], ("rows", i, "number"), f"rows are numbered 1, 2, ... from the palace; expected {i + 1}")
        if row.colour not in colour_ids:
            bad(docs["game"], ("rows", i, "colour"), f"unknown colour {row.colour!r}; colours.yaml has "
                f"{', '.join(colour_ids)}")
    depth = len(g.rows)
    display = [r.colour for r in g.rows[1:]]
    if not 2 <= g.players.min <= g.players.max <= len(co.players):
        bad(docs["game"], ("players",), f"players must be a range within 2..{len(co.players)} (player colours)")
    for k, r in enumerate(g.end_scoring.row_bonus.rows):
        if not 2 <= r <= depth:
            bad(docs["game"], ("end_scoring", "row_bonus", "rows", k), f"row {r} is not a row 2..{depth}")
    for k, pair in enumerate(ca.play_cards.pairs.list):
        for j, colour in enumerate(pair):
            if colour not in display:
                bad(docs["cards"], ("play_cards", "pairs", "list", k, j),
                    f"{colour!r} is not a display colour ({', '.join(display)})")
        if pair[0] == pair[1]:
            bad(docs["cards"], ("play_cards", "pairs", "list", k), "a two-colour card needs two different colours")
    _unique(docs["cards"], [frozenset(p) for p in ca.play_cards.pairs.list], "play_cards.pairs.list", None, bad)
    missing_rows = set(range(depth + 1)) - set(ca.missions.points_by_row)
    if missing_rows:
        bad(docs["cards"], ("missions", "points_by_row"), f"points needed for rows {sorted(missing_rows)} "
            "(0 = terrace)")
    numbers = sorted(ti.split.by_number)
    if sum(ti.split.by_number.values()) != ti.per_element:
        bad(docs["tiles"], ("split", "by_number"), f"the split must add up to {ti.per_element} tiles per element; "
            f"found {sum(ti.split.by_number.values())}")
    if numbers and (numbers[0] != g.players.min or numbers[-1] > g.players.max):
        bad(docs["tiles"], ("split", "by_number"), f"tile numbers must run from {g.players.min} to at most "
            f"{g.players.max}; found {numbers}")
    columns = len(el.elements)
    rules = SideRules(sides=bo.rules.sides, extra_per_side=bo.rules.extra_per_side, rows=tuple(bo.rules.rows),
                      columns=columns)
    sides = [tuple((r, c) for r, c in s.extra) for s in bo.sides]
    for i, s in enumerate(bo.sides):
        if s.side != i + 1:
            bad(docs["boards"], ("sides", i, "side"), f"sides are numbered 1, 2, ...; expected {i + 1}")
    for message in balance_problems(sides, rules):
        bad(docs["boards"], ("sides",), f"board sides break the balance rules: {message}")
    if problems:
        raise InputError(problems)

    house = []
    if ti.split.house:
        house.append("tiles.split")
    if ca.play_cards.pairs.house:
        house.append("cards.play_cards.pairs")
    if ca.missions.house:
        house.append("cards.missions")
    if bo.house:
        house.append("boards.sides")
    house += [f"game.house_rules.{r.id}" for r in g.house_rules if r.house]

    elements = tuple(Element(e.id, e.code, e.icon, e.name) for e in el.elements)
    deck = tuple(
        [PlayCard("element", element=e.id) for e in elements for _ in range(ca.play_cards.element_cards)]
        + [PlayCard("pair", colours=tuple(p)) for p in ca.play_cards.pairs.list]
        + [PlayCard("joker") for _ in range(ca.play_cards.jokers)]
    )
    bonus = g.end_scoring.row_bonus
    return Game(
        elements=elements,
        rows=tuple(Row(r.number, r.colour, r.value) for r in g.rows),
        row_colours=tuple(Colour(c.id, c.hex, c.name, c.pattern) for c in co.rows),
        player_colours=tuple(Colour(c.id, c.hex, c.name) for c in co.players),
        players=(g.players.min, g.players.max),
        turns=g.turns,
        hand=g.hand,
        missions_per_player=g.missions_per_player,
        nobles_per_player=g.nobles_per_player,
        display_per_colour=g.display_per_colour,
        stacks=g.stacks,
        score_track=g.score_track.spaces,
        lap_card=tuple(g.score_track.lap_card),
        tiles_per_element=ti.per_element,
        tile_split=dict(sorted(ti.split.by_number.items())),
        deck=deck,
        mission_points=dict(sorted(ca.missions.points_by_row.items())),
        sides=tuple(BoardSide(i, (i + 1) // 2, s) for i, s in enumerate(sides, 1)),
        scoring=EndScoring(
            row_bonus={r: bonus.minus_from - g.rows[r - 1].value for r in bonus.rows},
            column_bonus=g.end_scoring.column_bonus,
            gardeners_count=g.end_scoring.gardeners_count,
        ),
        house_values=tuple(house),
    )


def _unique(doc: Document, values: list[Any], where: str, key: str | None, bad: Any) -> None:
    seen: set[Any] = set()
    for i, v in enumerate(values):
        if v in seen:
            path = (*where.split("."), i) + ((key,) if key else ())
            bad(doc, path, f"{key or 'entry'} given twice")
        seen.add(v)


def load_board_seed() -> int:
    """The seed the board sides were drawn from (printed with them)."""
    return load_document(BOARDS).validate(_BoardsFile, kind="sanssouci-boards").seed


GENERATED_MARKER = "# --- generated"


def boards_yaml(text: str, seed: int | None = None) -> tuple[str, list[tuple[tuple[int, int], ...]]]:
    """``boards.yaml`` with its ``sides`` drawn anew from ``seed`` (default: the file's own seed).

    The comments and settings above the "--- generated" line are kept; a new seed replaces the
    ``seed:`` line.  Returns the text and the sides.
    """
    doc = parse_text(text, "boards.yaml")
    raw = doc.validate(_BoardsFile, kind="sanssouci-boards")
    if GENERATED_MARKER not in text:
        raise doc.error(("sides",), f"boards.yaml needs the line {GENERATED_MARKER!r} above `sides:`")
    chosen = raw.seed if seed is None else seed
    sides = generate_sides(chosen, SideRules(sides=raw.rules.sides, extra_per_side=raw.rules.extra_per_side,
                                             rows=tuple(raw.rules.rows)))
    head = text[: text.index(GENERATED_MARKER)]
    if seed is not None:
        head = re.sub(r"(?m)^seed: .*$", f"seed: {seed}", head)
    marker_line = text[text.index(GENERATED_MARKER):].splitlines()[0]
    body = "".join(
        f"  - {{side: {n}, extra: [{', '.join(f'[{r}, {c}]' for r, c in side)}]}}\n"
        for n, side in enumerate(sides, 1)
    )
    return f"{head}{marker_line}\nsides:\n{body}", sides


def with_sides(game: Game, sides: list[tuple[tuple[int, int], ...]]) -> Game:
    """``game`` played on other board sides (a generated edition)."""
    return replace(game, sides=tuple(BoardSide(i, (i + 1) // 2, s) for i, s in enumerate(sides, 1)))


def load_sides(path: Path, columns: int = 9) -> list[tuple[tuple[int, int], ...]]:
    """The board sides of another ``boards.yaml`` (a generated edition), checked like the bundled one."""
    doc = load_document(path)
    raw = doc.validate(_BoardsFile, kind="sanssouci-boards")
    rules = SideRules(sides=raw.rules.sides, extra_per_side=raw.rules.extra_per_side, rows=tuple(raw.rules.rows),
                      columns=columns)
    sides = [tuple((r, c) for r, c in s.extra) for s in raw.sides]
    problems = [doc.problem(("sides",), f"board sides break the balance rules: {m}")
                for m in balance_problems(sides, rules)]
    if problems:
        raise InputError(problems)
    return sides


RULES = DATA / "rules"
RULE_TEXTS = ("booklet_title", "cover_note", "mission_item", "terrace_item", "list_separator", "setup_title",
              "notes_title")
RULE_BLOCKS = ("booklet", "setup", "notes")


def load_rules(lang: str) -> Rules:
    """The rules booklet, setup sheet and notes text of one language (``data/rules/<lang>.yaml``)."""
    from printkit.engine.rulebook import load_rule_texts

    raw = load_rule_texts(RULES / f"{lang}.yaml", RULE_TEXTS, RULE_BLOCKS, ("setup_picture", "setup_table"))
    return Rules(texts=raw.texts, picture=raw.labels["setup_picture"], table=raw.labels["setup_table"],
                 booklet=raw.blocks["booklet"],
                 setup=raw.blocks["setup"], notes=raw.blocks["notes"])


def load_glossary() -> tuple[str, ...]:
    """Chinese words the line breaker keeps whole (``texts.yaml`` ``glossary``) and every element's name."""
    doc = load_document(DATA / "texts.yaml")
    words = doc.data.get("glossary", []) if isinstance(doc.data, dict) else []
    if not isinstance(words, list) or not all(isinstance(w, str) and w for w in words):
        raise doc.error(("glossary",), "`glossary:` needs a list of words")
    names = [e.name.get("zh-TW") for e in load_game().elements]
    return tuple(dict.fromkeys([*words, *names]))
