"""The box tables of every Ganz schön clever layout printkit has printed, found by QR payload.

``data/box-tables/layout-<version>-<format>.json`` is the box table written next to the pad and
``.ink.png`` where the blank sheet has ink (see ``scripts/freeze_gsc_ink.py``).  They are frozen: a
sheet printed years ago with layout 2 is still read with layout 2's table.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import numpy as np
from PIL import Image

from printkit.engine.scan.boxes import BoxSpec
from printkit.engine.scan.errors import ScanError
from printkit.engine.scan.locate.sheets import PrintedMarker, SheetGeometry
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.messages import FieldPlace
from printkit.games.ganz_schon_clever.rules.score import highest_score
from printkit.games.ganz_schon_clever.scan.thresholds import DECIDE

DATA = Path(__file__).resolve().parents[1] / "data" / "box-tables"
GAME_ID = "ganz-schon-clever"
COLOUR_AREAS = ("yellow", "blue", "green", "orange", "purple")


@dataclass(frozen=True)
class SheetId:
    """What the QR code says."""

    layout: int
    format: str
    rounds: int
    serial: str
    players: int | None


@dataclass(frozen=True)
class BoxTable:
    sheet_id: SheetId
    table: dict
    reference: np.ndarray  # uint8: 255 dark printed ink, 128 faint printed ink, 0 blank
    ref_px_per_mm: float

    @property
    def geometry(self) -> SheetGeometry:
        t = self.table
        return SheetGeometry(
            float(t["sheet"]["width"]), float(t["sheet"]["height"]),
            tuple(PrintedMarker(int(m["kind"]), float(m["x"]), float(m["y"]), float(m["size"])) for m in t["markers"]),
            (float(t["qr"]["x"]), float(t["qr"]["y"]), float(t["qr"]["size"])),
        )


def parse_payload(payload: str) -> SheetId:
    """``printkit:ganz-schon-clever?layout=2&format=a4&rounds=6&serial=51304a-0001[&players=2]``."""
    parts = urlsplit(payload)
    if parts.scheme != "printkit" or not parts.path:
        raise ScanError(f"the QR code is not a printkit sheet's ({payload[:60]!r})")
    if parts.path != GAME_ID:
        raise ScanError(f"the QR code names game {parts.path!r}; printkit scan reads {GAME_ID} sheets")
    q = {k: v[0] for k, v in parse_qs(parts.query).items()}
    try:
        players = int(q["players"]) if "players" in q else None
        return SheetId(int(q["layout"]), q["format"], int(q["rounds"]), q.get("serial", ""), players)
    except (KeyError, ValueError):
        raise ScanError(f"the QR code lacks the layout, format or rounds ({payload[:80]!r})") from None


def known_layouts() -> list[str]:
    return sorted(p.stem.removeprefix("layout-") for p in DATA.glob("layout-*.json"))


@functools.cache
def box_table(layout: int, fmt: str) -> BoxTable:
    stem = DATA / f"layout-{layout}-{fmt}"
    if not stem.with_suffix(".json").is_file() or "/" in fmt or "\\" in fmt:
        versions = {int(name.split("-", 1)[0]) for name in known_layouts()}
        what = (f"unknown sheet format {fmt!r} of layout {layout}" if layout in versions else
                f"unknown layout version {layout} (format {fmt!r})")
        why = ("a newer printkit may know it" if layout > max(versions) else
               f"no printkit printed layout {layout} in that format")
        raise ScanError(f"{what}: this printkit reads {', '.join(known_layouts())}; {why}")
    table = json.loads(stem.with_suffix(".json").read_text(encoding="utf-8"))
    ref = np.asarray(Image.open(stem.with_suffix(".ink.png")).convert("L"))
    p = ref.shape[1] / float(table["sheet"]["width"])
    return BoxTable(SheetId(layout, fmt, int(table["rounds"]), "", None), table, ref, p)


def played(sid: SheetId, game: GscGame) -> SheetId:
    """``sid`` when its rounds and player count are a game the rules know (a pad printed for ``players``
    has that many players' rounds), else :class:`ScanError`: a QR code printkit did not print (or printed by
    hand) must not reach the transcription, which takes only counts the rules play."""
    rounds = game.rounds.by_player_count
    counts = f"{min(rounds)} to {max(rounds)} players, {min(rounds.values())} to {max(rounds.values())} rounds"
    if sid.players is not None and sid.players not in rounds:
        raise ScanError(f"the QR code says {sid.players} players; {GAME_ID} is played by {counts}")
    if sid.rounds not in rounds.values():
        raise ScanError(f"the QR code says {sid.rounds} rounds; {GAME_ID} is played by {counts}")
    if sid.players is not None and rounds[sid.players] != sid.rounds:
        raise ScanError(f"the QR code says {sid.players} players and {sid.rounds} rounds; "
                        f"{sid.players} players play {rounds[sid.players]} rounds")
    return sid


def resolve(payload: str, game: GscGame | None = None) -> tuple[tuple[SheetId, BoxTable], SheetGeometry]:
    """The locate step's resolver: QR payload -> (id, table) and the geometry to find the sheet by;
    ``game``: the rules its counts are checked by (:func:`played`; the bundled game by default)."""
    from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game

    sid = played(parse_payload(payload), game or load_gsc_game())
    bt = box_table(sid.layout, sid.format)
    return (sid, bt), bt.geometry


def box_specs(table: dict, game: GscGame) -> list[BoxSpec]:
    """What to read in each box: crosses in yellow, blue, green; numbers in orange, purple and the
    score boxes; loops on the action tracks.  Round circles and dice fields are not read.

    A die's faces bound orange and purple.  A score box may hold 0 up to the most its field can score
    (:func:`~printkit.games.ganz_schon_clever.rules.score.highest_score`) and the largest mistake the sums'
    decoder allows a player (``DECIDE.mistake_spread`` points, ``DECIDE.fox_mistake_spread``
    foxes): a blue 16 is never read as 116, and an orange 101 written by a player who added 96 wrongly has its
    three digits read as three.  A value above that is no reading's: its box is read unsure."""
    highest = highest_score(game)
    faces = range(1, game.die_faces + 1)
    specs = []
    for b in table["boxes"]:
        area, kind = b["area"], b["kind"]
        geo = (float(b["x"]), float(b["y"]), float(b["w"]), float(b["h"]))
        if area in ("yellow", "blue", "green"):
            specs.append(BoxSpec(area, int(b["index"]), *geo, b.get("shape", "rect"), "mark"))
        elif area == "orange":
            mult = int(b.get("multiplier", 1))
            specs.append(BoxSpec(area, int(b["index"]), *geo, "rect", "number", tuple(v * mult for v in faces)))
        elif area == "purple":
            specs.append(BoxSpec(area, int(b["index"]), *geo, "rect", "number", tuple(faces)))
        elif kind == "action":
            specs.append(BoxSpec(area, int(b["index"]), *geo, "circle", "loop"))
        elif kind == "score":
            name = str(b["name"])
            top = getattr(highest, name) + (DECIDE.fox_mistake_spread if name == "foxes" else DECIDE.mistake_spread)
            specs.append(BoxSpec("score", int(b["index"]), *geo, "rect", "number", tuple(range(top + 1))))
    return specs


def field_places(table: dict[str, Any], fields: list[tuple[str, int | str]]) -> list[FieldPlace]:
    """Each field (area, box table index) with the row and column of its box where the table gives both (the
    cells of the yellow and blue grids; a track's box has a column only and is named by its number)."""
    grid = {(b["area"], int(b["index"])): (int(b["row"]), int(b["column"])) for b in table["boxes"]
            if "row" in b and "column" in b}
    return [FieldPlace(area, index, *grid.get((area, index), (None, None))) for area, index in fields]


def score_name(table: dict, index: int) -> str:
    for b in table["boxes"]:
        if b["area"] == "score" and int(b["index"]) == index:
            return str(b["name"])
    raise KeyError(index)


def all_geometries() -> list[SheetGeometry]:
    """Every sheet geometry printkit has printed (distinct ones), as hints for finding QR codes."""
    seen: list[SheetGeometry] = []
    for name in known_layouts():
        version, fmt = name.split("-", 1)
        g = box_table(int(version), fmt).geometry
        if g not in seen:
            seen.append(g)
    return seen
