"""What each box of a sheet holds according to a transcription: the answer key for the test set."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from printkit.games.ganz_schon_clever.model.sheet import Sheet


def box_truth(sheet: Sheet, table: dict) -> dict[tuple[str, int], Any]:
    """(area, index) -> True/False (crosses), a number or None (orange, purple, score boxes), or
    "empty"/"earned"/"used" (action circles)."""
    out: dict[tuple[str, int], Any] = {}
    for b in table["boxes"]:
        area, i = b["area"], int(b["index"])
        if area == "yellow":
            out[(area, i)] = b["value"] in sheet.yellow[int(b["row"])]
        elif area == "blue":
            out[(area, i)] = b["value"] in sheet.blue
        elif area == "green":
            out[(area, i)] = i < sheet.green
        elif area in ("orange", "purple"):
            values = getattr(sheet, area)
            out[(area, i)] = values[i] if i < len(values) else None
        elif area in ("reroll", "plus1"):
            track = sheet.rerolls if area == "reroll" else sheet.extra_dice
            if track is None:
                continue
            out[(area, i)] = "used" if i < track.used else "earned" if i < track.earned else "empty"
        elif area == "score":
            out[(area, i)] = sheet.claimed.get(b["name"])
    return out


@dataclass(frozen=True)
class FieldOutcome:
    """One box of a read sheet against what was written in it."""

    key: tuple[str, Any]  # (area, box index), or ("score", claim name): as the transcription flags it
    number: bool  # a written-number box (orange, purple, score), else a cross or circle
    read: Any  # what the transcription holds
    written: Any  # what was written (None: nothing)
    flagged: bool  # listed uncertain, for a person to look at

    @property
    def right(self) -> bool:
        return self.read == self.written

    @property
    def confident_wrong(self) -> bool:
        """Read wrong and not flagged: the one outcome never allowed."""
        return not self.right and not self.flagged


@dataclass(frozen=True)
class Judgement:
    """A read sheet against the sheet written on it."""

    fields: tuple[FieldOutcome, ...]
    exact: bool  # every field as written and nothing flagged
    marks_exact: bool  # every cross and circle right, and none of them (nor the player count) flagged
    flagged: int  # fields listed uncertain


def judge(readings: Sequence[Any], read: Any, table: dict, players_printed: int | None, written: Sheet) -> Judgement:
    """How a sheet was read: ``readings`` its boxes' readings, ``read`` its transcription (``Transcribed``),
    ``players_printed`` the player count its QR code carries (None: not on the sheet, so not compared: the
    transcription then checks 1 and 2 players and flags ``players`` only when the verdicts differ)."""
    truth = box_truth(written, table)
    unsure = {(u.area, u.index) for u in read.uncertain}
    names = {int(b["index"]): b["name"] for b in table["boxes"] if b["area"] == "score"}
    out = []
    for r in readings:
        key = (r.spec.area, r.spec.index)
        if key not in truth:
            continue
        # what the transcription says (a claim written but read as "no number" at best stands as its best
        # number when the sums confirm it)
        if r.spec.area == "score":
            got, flag_key = read.sheet.claimed.get(names[r.spec.index]), ("score", names[r.spec.index])
        else:
            got, flag_key = read.values.get(key, r.value), key
        out.append(FieldOutcome(flag_key, r.spec.read == "number", got, truth[key], flag_key in unsure))
    skip = {"claimed"} if players_printed is not None else {"claimed", "players"}
    exact = (read.sheet.model_dump(exclude=skip) == written.model_dump(exclude=skip)
             and read.sheet.claimed == written.claimed and not read.uncertain)
    marks_exact = (all(f.right for f in out if not f.number)
                   and not any(u.area not in ("orange", "purple", "score") for u in read.uncertain))
    return Judgement(tuple(out), exact, marks_exact, len(read.uncertain))
