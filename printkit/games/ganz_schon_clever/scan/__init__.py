"""Reading photographed and scanned Ganz schön clever sheets (``printkit scan``).

The generic reader (:mod:`printkit.engine.scan`) finds the sheet, reads its QR code and every box;
this package knows which table to use (:mod:`.tables`), what each box means and how the readings
become a transcription for ``printkit check`` (:mod:`.transcribe`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.engine.scan.reader import PageFailure, SheetImage, read_file
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.scan.tables import BoxTable, SheetId, all_geometries, box_specs, resolve
from printkit.games.ganz_schon_clever.scan.transcribe import Transcribed, transcribe


@dataclass
class ScannedSheet:
    image: SheetImage
    sheet_id: SheetId
    table: BoxTable
    read: Transcribed


def _specs(resolved: object) -> tuple[list, object]:
    _, bt = resolved  # type: ignore[misc]
    return box_specs(bt.table), bt.reference


def scan_file(path: str | Path, game: GscGame, players: int | None = None, numbers: object = None
              ) -> tuple[list[ScannedSheet], list[PageFailure]]:
    """Every sheet in ``path`` read and transcribed.  ``numbers``: the digit reader (default: the bundled
    model; ``False`` for none)."""
    from printkit.engine.scan.reader import default_numbers

    reader = default_numbers() if numbers is None else (numbers or None)
    found, failures = read_file(path, resolve, _specs, reader, all_geometries())  # type: ignore[arg-type]
    out = []
    for s in found:
        sid, bt = s.located.geometry  # type: ignore[misc]
        who = players if players is not None else sid.players
        if who is None and len({p for p, r in game.rounds.by_player_count.items() if r == sid.rounds}) == 1:
            who = next(p for p, r in game.rounds.by_player_count.items() if r == sid.rounds)
        out.append(ScannedSheet(s, sid, bt, transcribe(game, bt.table, s.readings, sid.rounds, who)))
    return out, failures
