from __future__ import annotations

import pytest

from printkit.definitions import san_marco as loader
from printkit.model.san_marco import GeneratorConfig, SanMarcoDefinition
from printkit.model.san_marco_print import SanMarcoStyle, SanMarcoTexts


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
