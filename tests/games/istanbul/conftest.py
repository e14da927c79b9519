from __future__ import annotations

import pytest

from printkit.games.istanbul import definitions
from printkit.games.istanbul.model import Istanbul


@pytest.fixture(scope="session")
def game() -> Istanbul:
    return definitions.load()
