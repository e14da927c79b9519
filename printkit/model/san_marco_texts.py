"""The words San Marco prints besides card names: player aid, variant sheet, board labels.

Texts are data (``bundled/san-marco/texts.yaml``) with ``{placeholders}`` that layout fills
from the definition, so the aid always states the numbers of the game being printed.
"""

from __future__ import annotations

from pydantic import RootModel, model_validator

from printkit.model.san_marco import Lang, Localized


class SanMarcoTexts(RootModel[dict[str, Localized]]):
    def get(self, key: str, lang: Lang, **values: object) -> str:
        text = self.root[key].get(lang)
        return text.format(**values) if values else text

    @model_validator(mode="after")
    def _complete(self) -> SanMarcoTexts:
        REQUIRED: list[str] = []

        missing = [k for k in REQUIRED if k not in self.root]
        if missing:
            raise ValueError(f"texts missing: {', '.join(missing)}")
        return self
