"""Which language(s) a piece is printed in: one of en, zh-TW, de, or both English and Chinese.

``en+zh-TW`` prints every text twice, English first, as the bilingual edition does.  Cards
give the second language a line of its own (``name2``, ``action2``); short labels inside
tables are joined with a slash.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from printkit.games.istanbul.model import Localized, Texts

MODES = ("en", "zh-TW", "de", "en+zh-TW")


class Words:
    def __init__(self, texts: Texts, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"Istanbul prints in {', '.join(MODES)}; not {mode!r}")
        self.mode = mode
        self.langs = tuple(mode.split("+"))
        self.source = texts
        self.texts = texts.texts

    def single(self, lang: str) -> Words:
        """The same texts in one of this mode's languages."""
        return Words(self.source, lang)

    @property
    def bilingual(self) -> bool:
        return len(self.langs) > 1

    @property
    def chinese_last(self) -> bool:
        """Does a composed text end in Chinese (zh-TW, or the second half of en+zh-TW)?"""
        return self.langs[-1] == "zh-TW"

    @property
    def colon(self) -> str:
        """After a label: full-width after Chinese, which takes no space after it."""
        return "：" if self.chinese_last else ": "

    @property
    def clause(self) -> str:
        """Between two clauses of one line (a value and the next).  The no-break space keeps the dot at the end
        of a line: a wrapped line never starts with it."""
        return "；" if self.mode == "zh-TW" else "\u00a0· "

    @property
    def listing(self) -> str:
        """Between the items of a short list of numbers or names."""
        return "、" if self.mode == "zh-TW" else "\u00a0· "

    def listing_of(self, items: Iterable[str]) -> str:
        """Names in a running list: "a, b, c" (Chinese: "a、b、c")."""
        return ("、" if self.chinese_last else ", ").join(items)

    def paren(self, text: str) -> str:
        """`` (text)`` to follow a word: full-width brackets, without the space, after Chinese."""
        return f"（{text}）" if self.chinese_last else f" ({text})"

    def each(self, compose: Callable[[Words], str], sep: str = " / ") -> str:
        """A text composed of several labels, composed in each language and the results joined: a bilingual
        line reads "Sultan's Palace: rubies / 蘇丹皇宮：紅寶石", not a mix of both inside one phrase."""
        out: list[str] = []
        for lang in self.langs:
            text = compose(self.single(lang))
            if text not in out:
                out.append(text)
        return sep.join(out)

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
