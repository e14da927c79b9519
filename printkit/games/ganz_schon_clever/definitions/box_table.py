"""The box table handed to scanners: every box of a printed sheet, as JSON text."""

from __future__ import annotations

import json
from dataclasses import asdict

from printkit.games.ganz_schon_clever.layout.sheet import SheetPlan
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet_layout import SheetLayout


def boxes_json(plan: SheetPlan, game: GscGame, layout: SheetLayout) -> str:
    """The box table a scanner reads: sheet size, markers, QR and every box, in sheet mm."""
    doc = {
        "game": game.id,
        "layout_version": layout.layout_version,
        "format": plan.format,
        "units": "mm",
        "origin": "top-left corner of the sheet (trim), x right, y down",
        "sheet": {"width": plan.piece.width, "height": plan.piece.height},
        "rounds": plan.rounds,
        "markers": [{"kind": mk.kind, "x": round(mk.x, 3), "y": round(mk.y, 3), "size": mk.size}
                    for mk in plan.markers],
        "qr": {"x": round(plan.qr.x, 3), "y": round(plan.qr.y, 3), "size": round(plan.qr.size, 3)},
        "boxes": [{k: v for k, v in asdict(b).items() if v is not None} for b in plan.boxes],
        "bonuses": [asdict(b) for b in plan.bonuses],
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
