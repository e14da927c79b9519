from __future__ import annotations

import pytest

from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import Sheet


@pytest.fixture(scope="session")
def game() -> GscGame:
    return load_gsc_game()


def sheet(**kw: object) -> Sheet:
    """A sheet with empty areas unless given; 1 player unless given."""
    kw.setdefault("players", 1)
    kw.setdefault("yellow", ((), (), (), ()))
    return Sheet(**kw)  # type: ignore[arg-type]
