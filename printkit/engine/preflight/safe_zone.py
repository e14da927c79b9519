"""The safe-zone lint: text and icons a designer wants clear of the cut keep ``margin`` mm inside the trim.

A cutter drifts by a millimetre or two; whatever matters (rules text, costs, icons) belongs inside a safe
margin, while art and backgrounds may run to the bleed.  Set text is judged by where its glyphs lie (a wide
box with short centred text is fine), an icon by its box.
"""

from __future__ import annotations

from printkit.engine.elements import Icon, Text, bounds
from printkit.engine.pieces import depth
from printkit.engine.preflight.findings import Finding
from printkit.engine.preflight.layout_checks import TOL, element_label, ink_box
from printkit.engine.preflight.record import RenderLog


def check_safe_zone(log: RenderLog, margin: float) -> list[Finding]:
    """A finding for every text and icon of a cut piece that reaches past ``margin`` mm inside its trim (its
    outline, for a hex or a token: judged by the corners of the text's ink or the icon's box),
    saying by how much.  Each piece is judged once, however often it is placed."""
    out: list[Finding] = []
    seen: set[str] = set()
    for p in log.placements:
        if p.role not in ("cut", "shaped") or p.piece.name in seen:
            continue
        seen.add(p.piece.name)
        piece = p.piece
        inks = {rec.index: ink_box(rec) for rec in p.texts if any(w > 0 for w in rec.line_widths)}
        for i, e in enumerate(piece.elements):
            if isinstance(e, Text):
                ink = inks.get(i)
                if ink is None:
                    continue  # nothing was set
                left, top, right, bottom = ink.x, ink.y, ink.x + ink.w, ink.y + ink.h
            elif isinstance(e, Icon):
                left, top, right, bottom = bounds(e)
            else:
                continue
            if piece.outline:  # a hex or a token: the safe zone is its outline moved in by the margin
                past = max(margin - depth(piece.outline, c) for c in ((left, top), (right, top), (right, bottom),
                                                                       (left, bottom)))
            else:
                past = max(margin - left, margin - top, right - (piece.width - margin),
                           bottom - (piece.height - margin))
            if past > TOL:
                out.append(Finding("safe-zone", f"{past:.1f} mm outside the {margin:g} mm safe zone", log.component,
                                   p.page + 1, piece.name, element_label(piece, i)))
    return out
