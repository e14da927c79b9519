from __future__ import annotations

import pytest

from printkit.definitions.gsc import load_gsc_game
from printkit.model.gsc import GscGame
from printkit.model.gsc_sheet import Sheet


@pytest.fixture(scope="session")
def game() -> GscGame:
    return load_gsc_game()


def sheet(**kw: object) -> Sheet:
    """A sheet with empty areas unless given; 1 player unless given."""
    kw.setdefault("players", 1)
    kw.setdefault("yellow", ((), (), (), ()))
    return Sheet(**kw)  # type: ignore[arg-type]
