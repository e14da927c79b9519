"""Which final gardens cannot come from a game played by the rules.

Each finding names a rule (its message lives in ``data/texts.yaml`` under ``check``), the
player, and where possible the space.  Checks run across all players, because the tiles,
boards and mission cards are shared: at most the tiles of an element in play at that player
count over all gardens together, one board per player, each mission card once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from printkit.games.sanssouci.model import TERRACE, EndOfGame, Game, Garden, Kind
from printkit.games.sanssouci.rules.garden import reachable


@dataclass(frozen=True)
class Finding:
    rule: str
    player: int | None = None  # index into EndOfGame.players
    space: tuple[int, int] | None = None  # (row, column)
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Verdict:
    violations: tuple[Finding, ...]  # the garden cannot be the end of a legal game
    notes: tuple[Finding, ...]  # worth saying, not impossible (an unfinished game)

    @property
    def legal(self) -> bool:
        return not self.violations


def track_bounds(game: Game, nobles: tuple[int, ...]) -> tuple[int, int]:
    """Least and most the score track can show for nobles standing on ``nobles``.

    A noble off the terrace scored its row on its last move, so the least is the sum of those
    rows.  A noble on row ``r`` made at most one move to each row from 1 to ``r``; at most one
    move a turn, so the most is the sum of the ``turns`` best such moves.
    """
    least = sum(game.row_value(r) for r in nobles if r != TERRACE)
    moves = sorted((game.row_value(k) for r in nobles for k in range(1, r + 1)), reverse=True)
    return least, sum(moves[: game.turns])


def check(game: Game, end: EndOfGame) -> Verdict:
    """Every impossibility in a transcribed end of game, in player then board order."""
    bad: list[Finding] = []
    notes: list[Finding] = []
    n = len(end.players)
    if not game.players[0] <= n <= game.players[1]:
        bad.append(Finding("player_count", params={"n": n, "low": game.players[0], "high": game.players[1]}))

    colours = Counter(p.colour for p in end.players)
    boards: dict[int, int] = {}
    held: dict[str, int] = {}
    for i, p in enumerate(end.players):
        if colours[p.colour] > 1 and [q.colour for q in end.players].index(p.colour) != i:
            bad.append(Finding("colour_twice", i, params={"colour": p.colour}))
        board = game.side(p.garden.side).board
        if board in boards:
            bad.append(Finding("board_twice", i, params={"side": p.garden.side, "board": board,
                                                         "other": boards[board] + 1}))
        boards.setdefault(board, i)
        if len(p.missions) != game.missions_per_player:
            bad.append(Finding("mission_count", i, params={"n": len(p.missions), "dealt": game.missions_per_player}))
        for m in p.missions:
            if m in held:
                bad.append(Finding("mission_twice", i, params={"element": m, "other": held[m] + 1}))
            held.setdefault(m, i)
        bad.extend(_garden(game, i, p.garden))
        tiles = p.garden.tiles()
        if tiles > game.turns:
            bad.append(Finding("too_many_tiles", i, params={"n": tiles, "turns": game.turns}))
        elif tiles < game.turns:
            notes.append(Finding("few_tiles", i, params={"n": tiles, "turns": game.turns}))
        least, most = track_bounds(game, p.garden.nobles)
        if p.track < least:
            bad.append(Finding("track_low", i, params={"track": p.track, "least": least}))
        elif p.track > most:
            bad.append(Finding("track_high", i, params={"track": p.track, "most": most}))

    if game.players[0] <= n <= game.players[1]:
        supply = game.tiles_used(n)
        laid = Counter(
            c.element for p in end.players for row in p.garden.cells for c in row if c.kind is Kind.TILE
        )
        for e in game.elements:
            if laid[e.id] > supply:
                bad.append(Finding("element_supply", params={"element": e.id, "n": laid[e.id], "supply": supply,
                                                             "players": n}))
        total = sum(p.garden.tiles() for p in end.players)
        if total > supply * game.columns:
            bad.append(Finding("tile_supply", params={"n": total, "supply": supply * game.columns, "players": n}))
    return Verdict(tuple(bad), tuple(notes))


def _garden(game: Game, i: int, garden: Garden) -> list[Finding]:
    out: list[Finding] = []
    side = game.side(garden.side)
    for r in range(1, game.depth + 1):
        for c in range(1, game.columns + 1):
            cell = garden.at(r, c)
            here = game.elements[c - 1].id
            if side.printed(r, c) and cell.kind is not Kind.PRINTED:
                out.append(Finding("printed_space", i, (r, c), {"side": garden.side}))
            elif not side.printed(r, c) and cell.kind is Kind.PRINTED:
                out.append(Finding("not_printed", i, (r, c), {"side": garden.side}))
            elif cell.kind is Kind.TILE and cell.element != here:
                out.append(Finding("wrong_column", i, (r, c), {"element": cell.element, "column": here}))
    # every noble walked from the terrace into row 1, then over built spaces only
    walk = reachable(garden, *((1, c) for c in range(1, game.columns + 1)))
    for c, row in enumerate(garden.nobles, 1):
        if row == TERRACE:
            continue
        cell = garden.at(row, c)
        if cell.kind is Kind.GARDENER:
            out.append(Finding("noble_on_gardener", i, (row, c)))
        elif not cell.built:
            out.append(Finding("noble_on_empty", i, (row, c)))
        elif (row, c) not in walk:
            out.append(Finding("noble_cut_off", i, (row, c)))
    return out
