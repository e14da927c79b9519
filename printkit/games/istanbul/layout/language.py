"""Which language(s) a piece is printed in: one of en, zh-TW, de, or both English and Chinese.

``en+zh-TW`` prints every text twice, English first, as the bilingual edition does.  Cards
give the second language a line of its own (``name2``, ``action2``); short labels inside
tables are joined with a slash.
"""

from __future__ import annotations

from printkit.games.istanbul.model import Localized, Texts

MODES = ("en", "zh-TW", "de", "en+zh-TW")


class Words:
    def __init__(self, texts: Texts, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"Istanbul prints in {', '.join(MODES)}; not {mode!r}")
        self.mode = mode
        self.langs = tuple(mode.split("+"))
        self.texts = texts.texts

    @property
    def bilingual(self) -> bool:
        return len(self.langs) > 1

    def pair(self, loc: Localized, **values: object) -> tuple[str, str]:
        """(first language, second language or '')."""
        first = loc.get(self.langs[0]).format(**values) if values else loc.get(self.langs[0])
        if not self.bilingual:
            return first, ""
        second = loc.get(self.langs[1]).format(**values) if values else loc.get(self.langs[1])
        return first, second

    def one(self, loc: Localized, sep: str = " / ", **values: object) -> str:
        a, b = self.pair(loc, **values)
        return f"{a}{sep}{b}" if b and b != a else a

    def label(self, key: str, sep: str = " / ", **values: object) -> str:
        return self.one(self.texts[key], sep, **values)
