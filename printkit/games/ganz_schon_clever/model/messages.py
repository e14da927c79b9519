"""The words of the Ganz schön clever checker (``messages.yaml``) and how findings become text.

One catalogue holds every user-facing word of ``printkit check``: the findings of the rules
engine (by rule id), the report around them, and the pieces a finding is built from (names of
areas and tracks, places that earn bonuses, bonuses).  Area, action and fox names fall back to
the game's ``terms`` (the printed sheet's words), so a word lives in one file only.

Rendering is pure: the catalogue and the game are passed in; nothing here reads a file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from string import Formatter
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from printkit.games.ganz_schon_clever.model.game import Bonus, GscGame

Text = dict[str, str]  # language -> text (a format template where it has {fields})

# Violation areas that are action tracks, and the game term that names each.
_TRACK_TERMS = {"rerolls": "reroll", "extra_dice": "plus1"}


@dataclass(frozen=True)
class FieldPlace:
    """Where a field of a scanned sheet is: the box table's area and index (a score box's name for a
    claim, ``""`` for the player count), with the row and column of a grid's cell (from 0)."""

    area: str
    index: int | str
    row: int | None = None
    column: int | None = None


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


class CheckTexts(BaseModel):
    """``messages.yaml`` of the GSC checker; see the file for what each section is."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    languages: tuple[str, ...]
    names: dict[str, Text]
    labels: dict[str, Text]
    places: dict[str, Text]
    bonuses: dict[str, Text]
    report: dict[str, Text]
    findings: dict[str, Text]

    @model_validator(mode="after")
    def _complete(self) -> CheckTexts:
        if "en" not in self.languages:
            raise ValueError("languages must include en (the fallback)")
        problems = []
        for section in ("names", "labels", "places", "bonuses", "report", "findings"):
            for key, text in getattr(self, section).items():
                if "en" not in text:
                    problems.append(f"{section}.{key}: no en text")
                    continue
                if section in ("places", "bonuses", "report", "findings", "labels"):
                    missing = [lang for lang in self.languages if lang not in text]
                    if missing:
                        problems.append(f"{section}.{key}: no text in {', '.join(missing)}")
                want = _fields(text["en"])
                for lang, t in text.items():
                    if _fields(t) != want:
                        problems.append(
                            f"{section}.{key}.{lang}: fields {sorted(_fields(t))} differ from en's {sorted(want)}"
                        )
        if problems:
            raise ValueError("; ".join(problems))
        return self

    # ------------------------------------------------------------------ words
    @staticmethod
    def _pick(text: Mapping[str, str], lang: str) -> str:
        return text.get(lang) or text["en"]

    def name(self, game: GscGame, key: str, lang: str) -> str:
        """An area or track inside a sentence (``orange`` / ``橘色區``)."""
        text = self.names.get(key, {})
        return text.get(lang) or game.term(key, lang)

    def label(self, game: GscGame, key: str, lang: str) -> str:
        """A heading: score line, violation place, claim (``Yellow`` / ``黃色區`` / ``Total``)."""
        key = _TRACK_TERMS.get(key, key)
        text = self.labels.get(key)
        return self._pick(text, lang) if text else game.term(key, lang)

    def report_text(self, key: str, lang: str, **values: Any) -> str:
        template = self._pick(self.report[key], lang)
        return template.format(**values) if values else template

    def place(self, game: GscGame, area: str, kind: str, index: int, lang: str) -> str:
        """What earned a bonus: ``yellow row 2`` / ``黃色區第 2 列`` / ``round 4``."""
        return self._pick(self.places[kind], lang).format(area=self.name(game, area, lang), n=index + 1)

    def scan_field(self, game: GscGame, place: FieldPlace, lang: str) -> str:
        """An uncertain field of a scanned sheet as a player finds it: ``yellow row 2 column 4`` /
        ``橘色區第 4 格`` / ``claimed total`` / ``狐狸數量（填寫的數字）`` / ``玩家人數（...）``."""
        if place.area == "players":
            return self._pick(self.places["players"], lang)
        if place.area == "score":
            own = self.places.get(f"claim_{place.index}")
            return self._pick(own, lang) if own else self._pick(self.places["claim"], lang).format(
                area=self.name(game, str(place.index), lang))
        if place.row is not None and place.column is not None:
            return self._pick(self.places["cell"], lang).format(
                area=self.name(game, place.area, lang), row=place.row + 1, column=place.column + 1)
        if isinstance(place.index, int):
            return self.place(game, place.area, "box", place.index, lang)
        return f"{self.name(game, place.area, lang)} {place.index}"  # no area of today's tables: said as it is

    def scan_fields(self, game: GscGame, places: Iterable[FieldPlace], lang: str) -> str:
        sep = self._pick(self.places["separator"], lang)
        return sep.join(self.scan_field(game, place, lang) for place in places)

    def places_list(self, game: GscGame, sources: Iterable[tuple[str, str, int]], lang: str) -> str:
        sep = self._pick(self.places["separator"], lang)
        return sep.join(self.place(game, *src, lang) for src in sources)

    def bonus(self, game: GscGame, bonus: Bonus, lang: str) -> str:
        """``orange 4`` / ``橘色區 4``; ``blue X``; an action or fox by its term."""
        if bonus.area is None:
            return game.term(bonus.kind, lang)
        return self._pick(self.bonuses[bonus.kind], lang).format(
            area=self.name(game, bonus.area, lang), value=bonus.value
        )

    def choice(self, options: list[str], lang: str) -> str:
        """``a, b or c`` / ``a、b或c``."""
        if len(options) == 1:
            return options[0]
        sep = self._pick(self.places["separator"], lang)
        return self._pick(self.bonuses["choice"], lang).format(first=sep.join(options[:-1]), last=options[-1])

    # ------------------------------------------------------------------ findings
    def finding(self, game: GscGame, rule: str, params: Mapping[str, Any], lang: str = "en") -> str:
        """The text of a finding (``Violation.rule`` with its ``params``) in ``lang``."""
        shown: dict[str, Any] = {}
        for k, v in params.items():
            if k in ("area", "track"):
                shown[k] = self.name(game, v, lang)
            elif k == "sources":
                shown[k] = self.places_list(game, v, lang)
            elif k == "bonus":
                shown[k] = self.bonus(game, v, lang)
            elif k == "bonuses":
                shown[k] = self.choice([self.bonus(game, b, lang) for b in v], lang)
            else:
                shown[k] = v
        return self._pick(self.findings[rule], lang).format(**shown)
