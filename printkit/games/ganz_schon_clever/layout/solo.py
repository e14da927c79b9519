"""Ganz schön clever: the solo page (rules summary in our own words and the rating table).

The rules text is ``sheet.yaml``'s ``solo_rules``; the rounds and the rating bands come from
``game.yaml``.  One page, on the paper of the pad, which also carries the sheet's icon legend.
"""

from __future__ import annotations

from printkit.engine.elements import Element, Icon, Line, Piece, Rect, Text
from printkit.engine.render.text import text_height
from printkit.engine.units import MM_PER_PT
from printkit.games.ganz_schon_clever.layout.legend import legend_entries
from printkit.games.ganz_schon_clever.model.game import GscGame, RatingBand
from printkit.games.ganz_schon_clever.model.sheet_layout import SheetLayout


def band_range(band: RatingBand, layout: SheetLayout, lang: str) -> str:
    """How a band's points read: "260–280", "281 or more", "139 or less"."""
    if band.min is not None and band.max is not None:
        return f"{band.min}–{band.max}"
    if band.min is not None:
        return layout.label("solo_range_min", lang, min=band.min)
    return layout.label("solo_range_max", lang, max=band.max)


def solo_piece(game: GscGame, layout: SheetLayout, format_name: str, lang: str) -> Piece:
    fmt = layout.formats[format_name]
    pw, ph = fmt.page
    m = fmt.margin
    c = layout.colors
    f = layout.fonts
    w = pw - 2 * m
    els: list[Element] = []
    name = game.names.get(lang) or game.names["en"]  # type: ignore[call-overload]
    title = f"{name} – {layout.label('solo_title', lang)}"
    els.append(Text(m, m, w, 12, title, size=f["solo_title"].size, min_size=f["solo_title"].min, color=c.ink,
                    align="left", bold=True, wrap=False))
    # A band of the five area colours under the title: the page belongs with the pad.
    band_w = w / len(c.areas)
    for k, col in enumerate(c.areas.values()):
        els.append(Rect(m + k * band_w, m + 13, band_w, 1.6, fill=col.fill, stroke=None))
    rounds = game.rounds_for(1)
    rules = layout.label("solo_rules", lang, rounds=rounds)
    size, leading = f["solo_text"].size, 1.45
    # The box is as tall as the text set at its size, plus a line to spare (so a slightly different
    # line break at render time still fits without shrinking); the variant follows right under it.
    rules_h = min(text_height(rules, size, w, leading) + size * leading * MM_PER_PT, 52.0)
    els.append(Text(m, m + 20, w, rules_h, rules, size=size, min_size=f["solo_text"].min, color=c.ink,
                    align="left", valign="top", wrap=True, leading=leading))
    # The disputed ruling (game.yaml turns.solo_passive): the other reading, marked as a variant, never as fact.
    variant_top = m + 20 + rules_h + 2
    els.append(Rect(m, variant_top, w, 10, fill="#f1f0ec", stroke=c.muted, stroke_width=0.3, radius=1.5,
                    dash=(1.2, 0.8)))
    els.append(Text(m + 3, variant_top, w - 6, 10, layout.label("solo_variant", lang), size=size - 1.5,
                    min_size=f["solo_text"].min - 2, color=c.ink, align="left", wrap=True))
    # Rating table: points | rating, best first.
    top = variant_top + 14
    row_h = 11.0
    col1 = 42.0
    head = (layout.label("solo_points", lang), layout.label("solo_rating", lang))
    ts = f["solo_table"]
    els.append(Rect(m, top, w, row_h, fill=c.ink, stroke=None, radius=1.5))
    els.append(Text(m + 4, top, col1 - 4, row_h, head[0], size=ts.size, min_size=ts.min, color=c.box, align="left",
                    bold=True, wrap=False))
    els.append(Text(m + col1 + 4, top, w - col1 - 8, row_h, head[1], size=ts.size, min_size=ts.min, color=c.box,
                    align="left", bold=True, wrap=False))
    for i, band in enumerate(game.solo_rating):
        y = top + row_h * (i + 1)
        if i % 2 == 1:
            els.append(Rect(m, y, w, row_h, fill="#f1f0ec", stroke=None))
        els.append(Text(m + 4, y, col1 - 4, row_h, band_range(band, layout, lang), size=ts.size, min_size=ts.min,
                        color=c.ink, align="left", bold=True, wrap=False))
        els.append(Text(m + col1 + 4, y, w - col1 - 8, row_h, band.label(lang), size=ts.size, min_size=ts.min,
                        color=c.ink, align="left", wrap=False))
    bottom = top + row_h * (len(game.solo_rating) + 1)
    els.append(Rect(m, top, w, bottom - top, fill=None, stroke=c.ink, stroke_width=0.4, radius=1.5))
    els.append(Line(m + col1, top + row_h, m + col1, bottom, stroke=c.ink, stroke_width=0.25))
    els.append(Icon("gsc-fox", pw - m - 14, bottom + 6, 14, 14, c.fox))
    # The icon legend: printed here for every pad too (the half sheets carry only a small key at the print floor).
    legend_top = bottom + 6
    els.append(Text(m, legend_top, w - 18, 7, layout.label("solo_legend_title", lang), size=ts.size,
                    min_size=ts.min, color=c.ink, align="left", bold=True, wrap=False))
    # A key: one entry a line, its icon in a column of its own, the meaning beside it.
    y = legend_top + 8
    line_h = 7.5
    for icon, meaning in legend_entries(layout.label("legend", lang)):
        if icon:
            els.append(Icon(icon, m, y + 0.75, 6, 6, None if icon == "gsc-fox" else c.ink))
        els.append(Text(m + 9, y, w - 27, line_h, meaning, size=f["solo_text"].size - 1,
                        min_size=f["solo_text"].min - 2, color=c.ink, align="left", wrap=True))
        y += line_h
    return Piece(f"{game.id} solo page", pw, ph, tuple(els))
