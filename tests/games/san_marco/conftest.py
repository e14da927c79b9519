from __future__ import annotations

import pytest

from printkit.games.san_marco import definitions as loader
from printkit.games.san_marco.model.game import GeneratorConfig, SanMarcoDefinition
from printkit.games.san_marco.model.printing import SanMarcoStyle, SanMarcoTexts


@pytest.fixture(scope="session")
def classic() -> SanMarcoDefinition:
    return loader.load()


@pytest.fixture(scope="session")
def gen() -> GeneratorConfig:
    return loader.load_generator()


@pytest.fixture(scope="session")
def texts() -> SanMarcoTexts:
    return loader.load_texts()


@pytest.fixture(scope="session")
def style() -> SanMarcoStyle:
    return loader.load_style()
