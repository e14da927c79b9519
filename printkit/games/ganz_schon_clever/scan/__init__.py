"""Reading photographed and scanned Ganz schön clever sheets (``printkit scan``).

The generic reader (:mod:`printkit.engine.scan`) finds the sheet, reads its QR code and every box;
this package knows which table to use (:mod:`.tables`), what each box means and how the readings
become a transcription for ``printkit check`` (:mod:`.transcribe`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

# The reader (OpenCV, NumPy, the digit model: large) is imported where a file is read, not with this
# package: the ``--jobs`` parent imports it only to hand out files and collect their outcomes.
if TYPE_CHECKING:
    from printkit.engine.scan.reader import PageFailure, SheetImage
    from printkit.games.ganz_schon_clever.model.game import GscGame
    from printkit.games.ganz_schon_clever.scan.tables import BoxTable, SheetId
    from printkit.games.ganz_schon_clever.scan.transcribe import Transcribed


@dataclass
class ScannedSheet:
    image: SheetImage
    sheet_id: SheetId
    table: BoxTable
    read: Transcribed
    warnings: list[str] = field(default_factory=list)  # about how it was read: a --players the sheet contradicts


def _specs(game: GscGame, resolved: object) -> tuple[list, object]:
    from printkit.games.ganz_schon_clever.scan.tables import box_specs

    _, bt = resolved  # type: ignore[misc]
    return box_specs(bt.table, game), bt.reference


def scan_file(path: str | Path, game: GscGame, players: int | None = None, numbers: object = None,
              whole: bool = False) -> tuple[list[ScannedSheet], list[PageFailure]]:
    """Every sheet in ``path`` read and transcribed.  ``numbers``: the digit reader (default: the bundled
    model; ``False`` for none).  Holds every sheet's image: ``printkit scan`` reads with
    :func:`iter_scan_file`.  ``whole``: each sheet rectified whole at full resolution, not only where its
    boxes are (for tools that crop round them)."""
    from printkit.engine.scan.reader import PageFailure

    out: list[ScannedSheet] = []
    failures: list[PageFailure] = []
    for item in iter_scan_file(path, game, players, numbers, whole):
        (failures if isinstance(item, PageFailure) else out).append(item)  # type: ignore[arg-type]
    return out, failures


def iter_scan_file(path: str | Path, game: GscGame, players: int | None = None, numbers: object = None,
                   whole: bool = False) -> Iterator[ScannedSheet | PageFailure]:
    """The sheets of ``path`` read and transcribed as each page is read, and the pages not read, in page
    order (:func:`printkit.engine.scan.reader.iter_file`: nothing of a sheet is kept here once the next
    is asked for).  A file that is no image raises :class:`ScanError` here, before any page."""
    from printkit.engine.scan.reader import default_numbers, iter_file
    from printkit.games.ganz_schon_clever.scan.tables import all_geometries, resolve

    reader = default_numbers() if numbers is None else (numbers or None)
    items = iter_file(path, functools.partial(resolve, game=game), functools.partial(_specs, game),  # type: ignore[arg-type]
                      reader, all_geometries(), whole)
    return _transcribed(items, game, players)


def _writer_adapted(readings: list) -> list:
    """One writer wrote every number on a sheet: its unsure numbers are read again beside its sure ones
    (:func:`printkit.engine.scan.numbers.crops.adapt_numbers`)."""
    from printkit.engine.scan.numbers.crops import adapt_numbers
    from printkit.engine.scan.numbers.thresholds import NUMBERS

    sure = NUMBERS.confident
    return adapt_numbers(readings, [r.spec.read == "number" and r.value is not None and r.confidence >= sure
                                    for r in readings])


def sheet_players(printed: int | None, rounds: int, given: int | None, game: GscGame) -> tuple[int | None, str | None]:
    """The player count a sheet is checked for, and why ``given`` (``--players``) was not taken, if it was not.

    The count in the sheet's QR code (``printed``) stands; else ``given``, when the sheet's printed
    ``rounds`` are those of that many players; else the one count those rounds allow, or None when they
    allow several (a 6-round sheet: the transcription checks 1 and 2 players)."""
    fits = game.players_for(rounds)
    if printed is not None:
        ignored = given is not None and given != printed
        return printed, f"--players {given} ignored: the sheet's QR code says {printed}" if ignored else None
    warning = None
    if given is not None and given not in fits:
        warning = (f"--players {given} ignored: the sheet has {rounds} rounds, the rounds of "
                   f"{' or '.join(map(str, fits)) or 'no'} players")
        given = None
    if given is None and len(fits) == 1:
        return fits[0], warning
    return given, warning


def _transcribed(items: Iterator[SheetImage | PageFailure], game: GscGame, players: int | None
                 ) -> Iterator[ScannedSheet | PageFailure]:
    from printkit.engine.scan.reader import PageFailure
    from printkit.games.ganz_schon_clever.scan.transcribe import transcribe

    for item in items:
        if isinstance(item, PageFailure):
            yield item
            continue
        sid, bt = item.located.geometry  # type: ignore[misc]
        who, warning = sheet_players(sid.players, sid.rounds, players, game)
        item.readings = _writer_adapted(item.readings)
        read = transcribe(game, bt.table, item.readings, sid.rounds, who)
        yield ScannedSheet(item, sid, bt, read, [warning] if warning else [])
        del item, read  # not kept while the next page is read
