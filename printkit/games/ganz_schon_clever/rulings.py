"""The rulings a player may pick for a check: kept light, so the game's declaration (read for every
``printkit --help``) names them without loading the model."""

from typing import Literal

SoloPassiveRuling = Literal["none", "plus1"]  # the disputed solo passive turn: no actions, or +1 allowed
SOLO_PASSIVE_RULINGS: tuple[SoloPassiveRuling, ...] = ("none", "plus1")
