"""A filled-in Ganz schön clever score sheet, as a player transcribed it.

The type holds what is *written* on the paper, nothing derived.  Shape rules that make a
transcription meaningless (a yellow number that is not in its row, a blue sum given twice, more
than 11 orange boxes, ...) are enforced when a transcription is loaded
(:mod:`printkit.games.ganz_schon_clever.definitions.transcription`); everything that a real sheet could show but the
rules forbid is left to :func:`printkit.rules.gsc.check`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ClaimKey = Literal["yellow", "blue", "green", "orange", "purple", "foxes", "lowest", "total"]
CLAIM_KEYS: tuple[ClaimKey, ...] = ("yellow", "blue", "green", "orange", "purple", "foxes", "lowest", "total")


class ActionCount(BaseModel):
    """An action track: boxes circled (earned) and circled boxes crossed out again (used)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    earned: int = Field(ge=0)
    used: int = Field(ge=0)


class Sheet(BaseModel):
    """What is written on one player's sheet at the end of a game.

    ``yellow`` lists the crossed numbers of each row, top to bottom (pre-printed X implied);
    ``blue`` the crossed sums; ``green`` how many boxes are crossed from the left; ``orange`` and
    ``purple`` the numbers written, left to right (orange already multiplied).  Action tracks and
    claims are optional.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int = Field(ge=1, le=4)
    yellow: tuple[tuple[int, ...], ...] = ((), (), (), ())
    blue: tuple[int, ...] = ()
    green: int = Field(default=0, ge=0)
    orange: tuple[int, ...] = ()
    purple: tuple[int, ...] = ()
    rerolls: ActionCount | None = None
    extra_dice: ActionCount | None = None
    claimed: dict[ClaimKey, int] = Field(default_factory=dict)
