"""End-game scoring: the score-track total plus the seed's bonuses and the missions.

The seed (the user's rules) says: every completely filled row but the first scores 10 minus
that row's value, every completely filled column 5, gardeners fill their space for both, and
a tie goes to the player with the most gardeners.  Each mission card scores by the row where
the holder's noble of that element stands.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.sanssouci.model import EndOfGame, Game, Garden, Kind, PlayerEnd


@dataclass(frozen=True)
class MissionScore:
    element: str
    row: int  # where the noble of that column stands (0 = terrace)
    points: int


@dataclass(frozen=True)
class Score:
    """One player's final score with its parts."""

    track: int
    rows: int
    columns: int
    missions: int
    complete_rows: tuple[int, ...]  # the rows that scored
    complete_columns: tuple[int, ...]
    mission_detail: tuple[MissionScore, ...]
    gardeners: int  # the tie-break

    @property
    def total(self) -> int:
        return self.track + self.rows + self.columns + self.missions


def _filled(game: Game, garden: Garden, row: int, column: int) -> bool:
    cell = garden.at(row, column)
    if cell.kind is Kind.GARDENER:
        return game.scoring.gardeners_count
    return cell.built


def score(game: Game, player: PlayerEnd) -> Score:
    """Score one player's end of game."""
    g = player.garden
    rows = tuple(
        r for r in game.scoring.row_bonus
        if all(_filled(game, g, r, c) for c in range(1, game.columns + 1))
    )
    columns = tuple(
        c for c in range(1, game.columns + 1)
        if all(_filled(game, g, r, c) for r in range(1, game.depth + 1))
    )
    missions = tuple(
        MissionScore(m, row, game.mission_points[row])
        for m in player.missions
        for row in (g.nobles[game.column_of(m) - 1],)
    )
    return Score(
        track=player.track,
        rows=sum(game.scoring.row_bonus[r] for r in rows),
        columns=game.scoring.column_bonus * len(columns),
        missions=sum(m.points for m in missions),
        complete_rows=rows,
        complete_columns=columns,
        mission_detail=missions,
        gardeners=g.gardeners(),
    )


def standings(scores: list[Score]) -> list[int]:
    """Each player's place (1 = winner): highest total, then most gardeners; still equal = shared."""
    keys = [(s.total, s.gardeners) for s in scores]
    return [1 + sum(other > key for other in keys) for key in keys]


def score_all(game: Game, end: EndOfGame) -> tuple[list[Score], list[int]]:
    scores = [score(game, p) for p in end.players]
    return scores, standings(scores)
