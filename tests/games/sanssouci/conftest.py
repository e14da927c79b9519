from __future__ import annotations

import pytest

from printkit.games.sanssouci.definitions import load_game
from printkit.games.sanssouci.model import Game


@pytest.fixture(scope="session")
def game() -> Game:
    return load_game()
