"""Ganz schön clever: the printable score sheet, the solo page and the scanner's box table.

Pure geometry.  Every number of the game (boxes, values, bonuses, rounds) comes from
``game.yaml`` (:class:`GscGame`); every position, size, colour and word from
``sheet.yaml`` (:class:`SheetLayout`).  Drawing happens in the
layout's *design frame* and is scaled onto the sheet, so the same code serves every format.

Every box a player writes in is recorded as a :class:`SheetBox` while it is drawn, so the box
table handed to scanners (:func:`boxes_json` in
``definitions/box_table.py``) is exactly what was printed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Literal

from printkit.engine.elements import (
    Marker,
    Piece,
    QRCode,
)
from printkit.engine.errors import InputError, Problem
from printkit.engine.units import MM_PER_PT
from printkit.games.ganz_schon_clever.layout.canvas import DesignCanvas, has_cjk, hatch
from printkit.games.ganz_schon_clever.layout.legend import legend_entries
from printkit.games.ganz_schon_clever.model.game import AREAS, AreaName, Bonus, GscGame
from printkit.games.ganz_schon_clever.model.sheet_layout import Format, Region, SheetLayout

LANGS = ("en", "zh-TW", "de")
DEFAULT_COUNT = 10  # sheets in a pad when --count is not given: a handful of games
BOXES_FILENAME = "score-sheet-boxes-{format}.json"  # one per page format: box positions differ

BoxKind = Literal["cell", "track", "action", "round", "die", "score"]
Shape = Literal["rect", "circle"]


@dataclass(frozen=True)
class SheetBox:
    """A place a player writes in, in sheet millimetres (origin top-left, y down).

    ``area`` is a colour area, an action (``reroll``/``plus1``), ``round``, ``dice`` or ``score``.
    ``index`` follows the rules engine's numbering (:class:`~printkit.games.ganz_schon_clever.model.game.Box`) for the
    colour areas; it counts from 0 left to right, top to bottom everywhere else.
    """

    area: str
    kind: BoxKind
    index: int
    x: float
    y: float
    w: float
    h: float
    shape: Shape = "rect"
    row: int | None = None
    column: int | None = None
    value: int | None = None  # the number printed in it: yellow number, blue sum, green threshold, round
    multiplier: int | None = None  # orange
    name: str | None = None  # score boxes: which sum goes there

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class BonusMark:
    """Where a bonus icon was drawn and what earns it (sheet millimetres)."""

    area: str  # the area whose box, row, column or diagonal earns it; "round" for round bonuses
    group: Literal["box", "row", "column", "diagonal", "round"]
    index: int  # 0-based box, row, column or round number
    code: str  # bonus code as in game.yaml ("blue_X", "fox", ...); round 4 joins its options with "|"
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class SheetPlan:
    """One laid-out sheet: the piece to print and the geometry a scanner needs."""

    piece: Piece
    format: str
    serial: str
    qr_data: str
    rounds: int
    scale: float
    boxes: tuple[SheetBox, ...]
    bonuses: tuple[BonusMark, ...]
    markers: tuple[Marker, ...]
    qr: QRCode
    printed: tuple[str, ...] = field(default=())  # every text printed, for tests and checks


# ----------------------------------------------------------------------------------------- options


def _option_problem(message: str) -> InputError:
    return InputError([Problem(message)])


def rounds_shown(game: GscGame, players: int | None) -> int:
    """Rounds printed on the track: those of the player count, or the most any count plays."""
    if players is None:
        return max(game.rounds.by_player_count.values())
    return game.rounds_for(players)


def serial_for(seed: int, number: int) -> str:
    """Deterministic serial of sheet ``number`` (1-based) of the pad built with ``seed``.

    The pad part is a hash of the seed, so pads built with different seeds do not share serials,
    and the same command always prints the same serials.
    """
    pad = hashlib.sha256(f"ganz-schon-clever:{seed}".encode()).hexdigest()[:6]
    return f"{pad}-{number:04d}"


def qr_payload(game: GscGame, layout: SheetLayout, format_name: str, rounds: int, serial: str,
               players: int | None = None) -> str:
    """What the QR code holds; ``players`` only when the pad was printed for a player count (a scanner
    cannot tell 1 from 2 players by the rounds alone)."""
    who = f"&players={players}" if players is not None else ""
    return (f"printkit:{game.id}?layout={layout.layout_version}&format={format_name}&rounds={rounds}"
            f"&serial={serial}{who}")


# ----------------------------------------------------------------------------------------- drawing


class SheetDrawing:
    """Draws one score sheet on a :class:`DesignCanvas`; each ``_draw_*`` method owns one region of ``sheet.yaml``."""

    def __init__(self, game: GscGame, layout: SheetLayout, format_name: str, fmt: Format, lang: str,
                 players: int | None, ink_saver: bool, serial: str):
        self.game, self.layout, self.lang = game, layout, lang
        self.format_name, self.fmt = format_name, fmt
        self.players, self.ink_saver = players, ink_saver
        self.serial = serial
        self.rounds = rounds_shown(game, players)
        self.metrics = layout.metrics
        self.colors = layout.colors
        pw, ph = fmt.page
        d = layout.design
        scale = min((pw - 2 * fmt.margin) / d.width, (ph - 2 * fmt.margin) / d.height, layout.max_scale)
        origin = ((pw - d.width * scale) / 2, (ph - d.height * scale) / 2)
        self.canvas = DesignCanvas(layout, scale, origin, layout.floor(format_name))
        self.boxes: list[SheetBox] = []
        self.bonuses: list[BonusMark] = []

    # -------------------------------------------------------------- helpers
    def term(self, key: str) -> str:
        return self.game.term(key, self.lang)

    def label(self, key: str, **values: object) -> str:
        return self.layout.label(key, self.lang, **values)

    def letter(self, area: AreaName) -> str:
        return self.layout.letters[area].get(self.lang)

    def record(self, area: str, kind: BoxKind, index: int, x: float, y: float, w: float, h: float,
               shape: Shape = "rect", **meta: object) -> None:
        canvas = self.canvas
        self.boxes.append(SheetBox(area, kind, index, round(canvas.x(x), 3), round(canvas.y(y), 3),
                                   round(canvas.len(w), 3), round(canvas.len(h), 3), shape,
                                   **meta))  # type: ignore[arg-type]

    def box(self, area: str, kind: BoxKind, index: int, x: float, y: float, w: float, h: float,
            stroke: str | None = None, width: float | None = None, **meta: object) -> None:
        """A white box with an outline, recorded for the scanner."""
        self.canvas.rect(x, y, w, h, fill=self.colors.box, stroke=stroke or self.colors.ink,
                         width=width or self.metrics.stroke_box, radius=self.metrics.box_radius)
        self.record(area, kind, index, x, y, w, h, **meta)

    def panel(self, r: Region, area: AreaName) -> None:
        col = self.colors.areas[area]
        if self.ink_saver:
            self.canvas.rect(r.x, r.y, r.w, r.h, fill=None, stroke=col.dark, width=self.metrics.stroke_ink_saver,
                             radius=self.metrics.panel_radius)
        else:
            self.canvas.rect(r.x, r.y, r.w, r.h, fill=col.fill, stroke=col.dark, width=self.metrics.stroke_panel,
                             radius=self.metrics.panel_radius)

    def on_panel(self, area: AreaName) -> str:
        """Colour of text and icons drawn straight on an area's panel."""
        col = self.colors.areas[area]
        return col.dark if self.ink_saver else col.on_fill

    def badge(self, area: AreaName, cx: float, cy: float, d: float) -> None:
        """The area's letter in a white disc: names the area without relying on colour."""
        col = self.colors.areas[area]
        self.canvas.circle(cx, cy, d / 2, fill=self.colors.box, stroke=col.dark, width=self.metrics.stroke_box)
        # The text box is a little wider than the disc: two-letter names ("Ge") keep the legible size
        # on the half sheets, and their glyphs' ink still sits inside the disc.
        self.canvas.text(cx - d * 0.56, cy - d / 2, d * 1.12, d, self.letter(area), "letter", col.dark, bold=True)

    def pattern(self, area: AreaName, x: float, y: float, w: float, h: float) -> None:
        """A swatch of the area's hatching, a second non-colour cue beside its letter."""
        col = self.colors.areas[area]
        self.canvas.rect(x, y, w, h, fill=self.colors.box, stroke=col.dark, width=self.metrics.stroke_box, radius=0.6)
        kind = self.layout.patterns[area]
        step = min(w, h) / 4
        if kind == "dots":
            for i in range(1, 4):
                for j in range(1, 4):
                    self.canvas.circle(x + w * i / 4, y + h * j / 4, step / 4.5, fill=col.dark)
            return
        for seg in hatch(x + 0.4, y + 0.4, w - 0.8, h - 0.8, float(kind), step):
            self.canvas.line(*seg, stroke=col.dark, width=step / 3.2)

    def bonus(self, b: Bonus, cx: float, cy: float, where: tuple[str, str, int]) -> None:
        """Draw bonus ``b`` centred on (cx, cy) and record what earns it."""
        h = self.metrics.bonus
        w = self.bonus_width(b)
        x, y = cx - w / 2, cy - h / 2
        self._chip(b, x, y, w, h)
        area, group, index = where
        canvas = self.canvas
        self.bonuses.append(BonusMark(area, group, index, b.code, round(canvas.x(x), 3), round(canvas.y(y), 3),
                                      round(canvas.len(w), 3), round(canvas.len(h), 3)))  # type: ignore[arg-type]

    def bonus_width(self, b: Bonus) -> float:
        # X and number chips are wider: they also carry the target area's letter.
        return self.metrics.bonus * (1.5 if b.is_mark else 1.0)

    def _chip(self, b: Bonus, x: float, y: float, w: float, h: float, black: bool = False) -> None:
        canvas, colors = self.canvas, self.colors
        if b.kind in ("reroll", "plus1", "fox"):
            canvas.rect(x, y, w, h, fill=colors.box, stroke=colors.ink, width=self.metrics.stroke_box, radius=1.0)
            color = {"reroll": colors.reroll, "plus1": colors.plus1, "fox": colors.fox}[b.kind]
            pad = h * 0.12
            canvas.icon(f"gsc-{b.kind}", x + pad, y + pad, w - 2 * pad, h - 2 * pad, color)
            return
        if black:
            fill, stroke, ink = colors.black_bonus, colors.black_bonus, colors.box
        else:
            assert b.area is not None
            col = colors.areas[b.area]
            fill, stroke, ink = ((colors.box, col.dark, col.dark) if self.ink_saver
                                 else (col.fill, col.dark, col.on_fill))
        canvas.rect(x, y, w, h, fill=fill, stroke=stroke,
                    width=self.metrics.stroke_box * (2 if self.ink_saver else 1), radius=1.0)
        glyph_w = h if not black else w
        if b.kind == "X":
            pad = h * 0.16
            canvas.icon("gsc-x", x + pad, y + pad, glyph_w - 2 * pad, h - 2 * pad, ink)
        else:
            canvas.text(x, y, glyph_w, h, str(b.value), "bonus", ink, bold=True)
        if not black and b.area is not None:
            canvas.text(x + h * 0.8, y + h * 0.3, w - h * 0.82, h * 0.62, self.letter(b.area), "letter", ink,
                        bold=True)

    # -------------------------------------------------------------- regions
    def draw(self) -> SheetPlan:
        self._draw_title()
        self._draw_rounds()
        self._draw_actions()
        self._draw_yellow()
        self._draw_dice()
        self._draw_blue()
        self._draw_green()
        self._draw_orange()
        self._draw_purple()
        self._draw_score()
        self._draw_legend()
        markers = self._markers()
        qr = self._qr()
        self.canvas.elements.extend(markers)
        self.canvas.elements.append(qr)
        piece = Piece(f"{self.game.id} score sheet {self.serial}", self.fmt.page[0], self.fmt.page[1],
                      tuple(self.canvas.elements))
        return SheetPlan(piece, self.format_name, self.serial, qr.data, self.rounds, self.canvas.scale,
                         tuple(self.boxes), tuple(self.bonuses), tuple(markers), qr, tuple(self.canvas.printed))

    def _draw_title(self) -> None:
        r = self.layout.regions.title
        name = self.game.names.get(self.lang) or self.game.names["en"]  # type: ignore[call-overload]
        if self.players is None:
            sub = self.label("players_any")
        elif self.players == 1:
            sub = self.label("players_line_one", rounds=self.rounds)
        else:
            sub = self.label("players_line", n=self.players, rounds=self.rounds)
        split = r.w * 0.62
        self.canvas.text(r.x, r.y, split, r.h, name, "title", self.colors.ink, align="left", bold=True)
        self.canvas.text(r.x + split, r.y, r.w - split, r.h, sub, "subtitle", self.colors.ink, align="right")
        self.canvas.line(r.x, r.bottom, r.right, r.bottom, stroke=self.colors.ink, width=self.metrics.stroke_box)

    def _draw_rounds(self) -> None:
        r = self.layout.regions.rounds
        metrics, canvas, colors = self.metrics, self.canvas, self.colors
        head_h = metrics.heading
        canvas.text(r.x, r.y, r.w, head_h, self.label("rounds_heading"), "heading", colors.ink, align="left", bold=True)
        cy = r.y + head_h + 1 + metrics.round / 2
        bonus_cy = cy + metrics.round / 2 + 1.2 + metrics.bonus / 2
        ends: dict[int, list[int]] = {}
        for players, n in sorted(self.game.rounds.by_player_count.items()):
            ends.setdefault(n, []).append(players)
        compact = self.fmt.round_ends == "compact"
        first_end: tuple[float, float] | None = None
        for i in range(self.rounds):
            number = i + 1
            cx = r.x + metrics.round_pitch * (i + 0.5)
            if i + 1 < self.rounds:  # the track reads as one line from round to round
                canvas.line(cx + metrics.round / 2, cy, cx + metrics.round_pitch - metrics.round / 2, cy,
                            stroke=colors.ink, width=0.5)
            canvas.circle(cx, cy, metrics.round / 2, fill=colors.box, stroke=colors.ink, width=metrics.stroke_box * 1.4)
            self.record("round", "round", i, cx - metrics.round / 2, cy - metrics.round / 2, metrics.round,
                        metrics.round, "circle", value=number)
            canvas.text(cx - metrics.round / 2, cy - metrics.round / 2, metrics.round, metrics.round, str(number),
                        "small_number", colors.ink, bold=True)
            options = self.game.rounds.start_bonus.get(number)
            if options:
                self._round_bonus(options, cx, bonus_cy, i)
            if (self.players is None and number in ends and number != self.rounds) or (
                self.players is None and number == self.rounds and len(ends) > 1
            ):
                who = ends[number]
                span = f"{who[0]}–{who[-1]}" if len(who) > 1 else str(who[0])
                if compact:
                    text = self.label("players_compact", n=span)
                else:
                    text = self.label("round_ends", players=self.label("players_short", n=span))
                ty = bonus_cy + metrics.bonus / 2 + 0.4
                canvas.text(cx - metrics.round_pitch / 2, ty, metrics.round_pitch, r.bottom - ty, text, "tiny",
                            colors.ink, wrap=True)
                if compact and first_end is None:
                    first_end = (cx - metrics.round_pitch / 2, ty)
        if first_end is not None:  # "last round:" leads into the player counts, on their line
            kx, ky = first_end
            canvas.text(r.x, ky, kx - r.x, r.bottom - ky, self.label("round_ends_key"), "tiny", colors.ink,
                        align="right")

    def _round_bonus(self, options: tuple[Bonus, ...], cx: float, cy: float, index: int) -> None:
        """One bonus, or the round-4 choice drawn as a black X and a black number."""
        if len(options) == 1:
            self.bonus(options[0], cx, cy, ("round", "round", index))
            return
        # Options that share a kind and value are one black icon: "an X in yellow, blue or green".
        shown: list[Bonus] = []
        for b in options:
            generic = Bonus(kind=b.kind, value=b.value)
            if generic not in shown:
                shown.append(generic)
        h = self.metrics.bonus
        slash = h * 0.45
        total = len(shown) * h + (len(shown) - 1) * slash
        x = cx - total / 2
        for k, b in enumerate(shown):
            self._chip(b, x, cy - h / 2, h, h, black=True)
            x += h
            if k < len(shown) - 1:
                self.canvas.text(x, cy - h / 2, slash, h, "/", "small_number", self.colors.ink, bold=True)
                x += slash
        code = "|".join(b.code for b in options)
        canvas = self.canvas
        self.bonuses.append(BonusMark("round", "round", index, code, round(canvas.x(cx - total / 2), 3),
                                      round(canvas.y(cy - h / 2), 3), round(canvas.len(total), 3),
                                      round(canvas.len(h), 3)))

    def _draw_actions(self) -> None:
        r = self.layout.regions.actions
        metrics, canvas, colors = self.metrics, self.canvas, self.colors
        row_h = r.h / len(self.game.action_tracks)
        label_h = metrics.action_label
        for k, (name, track) in enumerate(self.game.action_tracks.items()):
            top = r.y + k * row_h
            canvas.text(r.x, top, r.w, label_h, self.term(name), "caption", colors.ink, align="left", bold=True)
            cy = top + label_h + 0.6 + metrics.action / 2
            icon_color = colors.reroll if name == "reroll" else colors.plus1
            canvas.icon(f"gsc-{name}", r.x, cy - metrics.action / 2, metrics.action, metrics.action, icon_color)
            for i in range(track.boxes):
                cx = r.x + metrics.action_pitch * (i + 1) + metrics.action / 2
                canvas.circle(cx, cy, metrics.action / 2, fill=colors.box, stroke=colors.ink, width=metrics.stroke_box)
                inner = metrics.action * 0.5
                canvas.icon(f"gsc-{name}", cx - inner / 2, cy - inner / 2, inner, inner, colors.muted)
                self.record(name, "action", i, cx - metrics.action / 2, cy - metrics.action / 2, metrics.action,
                            metrics.action, "circle")

    def _grid_header(self, r: Region, area: AreaName, hint: str) -> None:
        metrics, canvas = self.metrics, self.canvas
        col = self.on_panel(area)
        d = metrics.header - 2
        self.badge(area, r.x + 1.5 + d / 2, r.y + metrics.header / 2 + 0.3, d)
        self.pattern(area, r.x + 2.5 + d, r.y + 1.3, d, d)
        name_x = r.x + 3.5 + 2 * d
        canvas.text(name_x, r.y + 0.5, r.w * 0.4, metrics.header, self.term(area), "heading", col, align="left",
                    bold=True)
        canvas.text(r.x + r.w * 0.45, r.y + 0.5, r.w * 0.55 - 2, metrics.header, hint, "caption", col, align="right")

    def _draw_yellow(self) -> None:
        r = self.layout.regions.yellow
        metrics, canvas, colors, game = self.metrics, self.canvas, self.colors, self.game
        col = colors.areas["yellow"]
        self.panel(r, "yellow")
        self._grid_header(r, "yellow", self.label("yellow_hint"))
        pitch = metrics.cell + metrics.cell_gap
        gx, gy = r.x + metrics.panel_inset, r.y + metrics.header + 2
        grid = game.yellow.grid
        rows, cols = len(grid), len(grid[0])
        index = {(b.row, b.column): b for b in game.boxes["yellow"]}
        diag = [(rr - 1, cc - 1) for rr, cc in game.yellow.diagonal.cells]
        # The diagonal is a dashed guide from its first cell to its bonus, under the boxes.
        first, last = diag[0], diag[-1]
        x0, y0 = gx + first[1] * pitch + metrics.cell / 2, gy + first[0] * pitch + metrics.cell / 2
        x1, y1 = gx + (last[1] + 1) * pitch + metrics.badge / 2, gy + (last[0] + 1) * pitch + metrics.badge / 2
        canvas.line(x0, y0, x1, y1, stroke=self.on_panel("yellow"), width=0.6, dash=(1.2, 0.8))
        for rr in range(rows):
            for cc in range(cols):
                x, y = gx + cc * pitch, gy + rr * pitch
                if (rr, cc) not in index:  # pre-printed X: not a box, shown crossed
                    canvas.rect(x, y, metrics.cell, metrics.cell, fill=col.tint if not self.ink_saver else None,
                                stroke=col.dark, width=metrics.stroke_box, radius=metrics.box_radius)
                    pad = metrics.cell * 0.22
                    canvas.icon("gsc-x", x + pad, y + pad, metrics.cell - 2 * pad, metrics.cell - 2 * pad, col.dark)
                    continue
                b = index[(rr, cc)]
                on_diag = (rr, cc) in diag
                self.box("yellow", "cell", b.index, x, y, metrics.cell, metrics.cell,
                         width=metrics.stroke_box * (2.2 if on_diag else 1), row=rr, column=cc, value=b.value)
                canvas.text(x, y, metrics.cell, metrics.cell, str(b.value), "number", colors.ink, bold=True)
        bx = gx + cols * pitch
        for rr, bonus in enumerate(game.yellow.row_bonus):
            self.bonus(bonus, bx + metrics.badge / 2, gy + rr * pitch + metrics.cell / 2, ("yellow", "row", rr))
        by = gy + rows * pitch
        for cc, points in enumerate(game.yellow.column_points):
            cx = gx + cc * pitch + metrics.cell / 2
            self._points_badge(cx, by + metrics.badge / 2, points, "yellow")
        self.bonus(game.yellow.diagonal.bonus, bx + metrics.badge / 2, by + metrics.badge / 2,
                   ("yellow", "diagonal", 0))

    def _points_badge(self, cx: float, cy: float, points: int, area: AreaName) -> None:
        """Points a completed column scores: a disc under the column."""
        col = self.colors.areas[area]
        d = self.metrics.badge * 0.92
        self.canvas.circle(cx, cy, d / 2, fill=self.colors.box, stroke=col.dark, width=self.metrics.stroke_box * 1.6)
        self.canvas.text(cx - d / 2, cy - d / 2, d, d, str(points), "small_number", self.colors.ink, bold=True)

    def _draw_dice(self) -> None:
        r = self.layout.regions.dice
        metrics, canvas, colors = self.metrics, self.canvas, self.colors
        head = metrics.dice_heading
        canvas.text(r.x, r.y, r.w, head, self.label("dice_fields"), "caption", colors.ink, bold=True, wrap=True)
        n = self.game.turns.active_picks
        space = (r.h - head - n * metrics.die) / n
        for i in range(n):
            x = r.x + (r.w - metrics.die) / 2
            y = r.y + head + space / 2 + i * (metrics.die + space)
            canvas.rect(x, y, metrics.die, metrics.die, fill=None, stroke=colors.muted, width=0.45, radius=2.4,
                        dash=(1.6, 1.0))
            inner = metrics.die * 0.34
            canvas.icon("gsc-die", x + (metrics.die - inner) / 2, y + (metrics.die - inner) / 2, inner, inner,
                        colors.muted)
            self.record("dice", "die", i, x, y, metrics.die, metrics.die)

    def _draw_blue(self) -> None:
        r = self.layout.regions.blue
        metrics, canvas, colors, game = self.metrics, self.canvas, self.colors, self.game
        col = colors.areas["blue"]
        self.panel(r, "blue")
        self._grid_header(r, "blue", self.label("blue_hint"))
        pitch = metrics.cell + metrics.cell_gap
        gx = r.x + metrics.panel_inset
        # Points by number of crosses: a two-row table over the grid.
        table = game.blue.points_by_crosses[1:]
        ty = r.y + metrics.header + 1.5
        tw = r.w - 2 * metrics.panel_inset
        label_w = metrics.blue_table.label
        cw = (tw - label_w) / len(table)
        row1, row2 = metrics.blue_table.crosses_row, metrics.blue_table.points_row
        canvas.rect(gx, ty, tw, row1 + row2, fill=colors.box, stroke=col.dark, width=metrics.stroke_box, radius=0.8)
        canvas.line(gx, ty + row1, gx + tw, ty + row1, stroke=col.dark, width=metrics.stroke_box * 0.7)
        canvas.text(gx, ty, label_w, row1, self.label("crosses"), "table", col.dark)
        canvas.text(gx, ty + row1, label_w, row2, self.label("points"), "table", col.dark, bold=True)
        for k, pts in enumerate(table):
            x = gx + label_w + k * cw
            canvas.line(x, ty, x, ty + row1 + row2, stroke=col.dark, width=metrics.stroke_box * 0.7)
            canvas.text(x, ty, cw, row1, str(k + 1), "table", col.dark)
            canvas.text(x, ty + row1, cw, row2, str(pts), "table", colors.ink, bold=True)
        gy = ty + row1 + row2 + 2.2
        index = {(b.row, b.column): b for b in game.boxes["blue"]}
        rows, cols = len(game.blue.grid), len(game.blue.grid[0])
        for rr in range(rows):
            for cc in range(cols):
                x, y = gx + cc * pitch, gy + rr * pitch
                if (rr, cc) not in index:  # the corner that shows what blue counts
                    canvas.icon("gsc-blue-white", x + 0.6, y + 0.6, metrics.cell - 1.2, metrics.cell - 1.2, col.fill)
                    continue
                b = index[(rr, cc)]
                self.box("blue", "cell", b.index, x, y, metrics.cell, metrics.cell, row=rr, column=cc, value=b.value)
                canvas.text(x, y, metrics.cell, metrics.cell, str(b.value), "number", colors.ink, bold=True)
        bx = gx + cols * pitch
        for rr, bonus in enumerate(game.blue.row_bonus):
            self.bonus(bonus, bx + metrics.badge / 2, gy + rr * pitch + metrics.cell / 2, ("blue", "row", rr))
        by = gy + rows * pitch
        for cc, bonus in enumerate(game.blue.column_bonus):
            self.bonus(bonus, gx + cc * pitch + metrics.cell / 2, by + metrics.badge / 2, ("blue", "column", cc))

    def _track_frame(self, area: AreaName) -> tuple[Region, float, float, float]:
        """Panel and name tab of a track area; returns (region, first box x, pitch, box width)."""
        r: Region = getattr(self.layout.regions, area)
        metrics, canvas = self.metrics, self.canvas
        self.panel(r, area)
        col = self.on_panel(area)
        # Letter and hatching side by side at the top, the name reading upwards below them.
        d = (metrics.tab - 3.0) / 2
        self.badge(area, r.x + 1.0 + d / 2, r.y + 1.6 + d / 2, d)
        self.pattern(area, r.x + 2.0 + d, r.y + 1.6, d, d)
        name_top = r.y + 2.6 + d
        name = self.term(area)
        if _is_cjk_word(name):  # Chinese stands upright, one character under the other
            canvas.text(r.x + 0.5, name_top, metrics.tab - 1, r.bottom - 1.0 - name_top, "\n".join(name), "tab", col,
                        bold=True, wrap=False)
        else:
            canvas.text(r.x + 0.5, name_top, metrics.tab - 1, r.bottom - 1.0 - name_top, name, "tab", col, bold=True,
                        rotation=90)
        # A pointer beside the first box: these rows fill from the left, no box skipped.
        aw = 2.6
        ay = r.y + 1.6 + metrics.track_box / 2 + (metrics.green_points + 0.6 if area == "green" else 0.0)
        ay = max(ay, r.y + 1.6 + d + 0.6 + aw * 0.8)  # level with the boxes, but clear of the swatch
        ax = r.x + metrics.tab - aw - 0.2
        canvas.polygon([(ax, ay - aw * 0.8), (ax + aw, ay), (ax, ay + aw * 0.8)], fill=col)
        n = len(self.game.boxes[area])
        gap = metrics.purple_gap if area == "purple" else metrics.track_gap
        left = r.x + metrics.tab + 1.0
        pitch = (r.right - 1.6 - left + gap) / n
        return r, left, pitch, pitch - gap

    def _track_bonuses(self, area: AreaName, left: float, pitch: float, bw: float, cy: float) -> None:
        for box in self.game.boxes[area]:
            if box.bonus is not None:
                self.bonus(box.bonus, left + box.index * pitch + bw / 2, cy, (area, "box", box.index))

    def _draw_green(self) -> None:
        metrics, canvas, colors, game = self.metrics, self.canvas, self.colors, self.game
        r, left, pitch, bw = self._track_frame("green")
        col = colors.areas["green"]
        strip = metrics.green_points
        ty = r.y + 1.4
        by = ty + strip + 0.8
        for box in game.boxes["green"]:
            x = left + box.index * pitch
            # What the row scores once this box is the last one crossed.
            pts = game.green.points_by_crosses[box.index + 1]
            canvas.rect(x + bw * 0.18, ty, bw * 0.64, strip, fill=colors.box, stroke=col.dark,
                        width=metrics.stroke_box * 0.8, radius=strip / 2)
            canvas.text(x, ty, bw, strip, str(pts), "table", colors.ink, bold=True)
            self.box("green", "track", box.index, x, by, bw, metrics.track_box, column=box.index, value=box.threshold)
            canvas.text(x, by, bw, metrics.track_box, f"≥{box.threshold}", "small_number", col.dark, bold=True)
        self._track_bonuses("green", left, pitch, bw, by + metrics.track_box + 1.0 + metrics.bonus / 2)

    def _draw_orange(self) -> None:
        metrics, canvas, colors, game = self.metrics, self.canvas, self.colors, self.game
        r, left, pitch, bw = self._track_frame("orange")
        col = colors.areas["orange"]
        by = r.y + 1.6
        for box in game.boxes["orange"]:
            x = left + box.index * pitch
            mult = box.multiplier or 1
            self.box("orange", "track", box.index, x, by, bw, metrics.track_box,
                     width=metrics.stroke_box * (2.2 if mult > 1 else 1), column=box.index, multiplier=mult)
            if mult > 1:
                canvas.text(x + bw * 0.4, by + metrics.track_box * 0.58, bw * 0.5, metrics.track_box * 0.38, f"×{mult}",
                            "caption", col.dark, bold=True, align="right")
        self._track_bonuses("orange", left, pitch, bw, by + metrics.track_box + 1.0 + metrics.bonus / 2)

    def _draw_purple(self) -> None:
        metrics, canvas, colors, game = self.metrics, self.canvas, self.colors, self.game
        r, left, pitch, bw = self._track_frame("purple")
        col = colors.areas["purple"]
        by = r.y + 1.6
        n = len(game.boxes["purple"])
        for box in game.boxes["purple"]:
            x = left + box.index * pitch
            self.box("purple", "track", box.index, x, by, bw, metrics.track_box, column=box.index)
            if box.index < n - 1:
                gap = pitch - bw
                canvas.text(x + bw, by, gap, metrics.track_box, "<", "small_number", self.on_panel("purple"), bold=True)
        bonus_cy = by + metrics.track_box + 1.0 + metrics.bonus / 2
        self._track_bonuses("purple", left, pitch, bw, bonus_cy)
        hy = bonus_cy + metrics.bonus / 2 + 0.5
        hint = self.label("purple_hint", reset=game.purple.reset_after)
        canvas.text(left, hy, r.right - 1.6 - left, r.bottom - hy - 0.6, hint, "caption", col.dark if self.ink_saver
                    else col.on_fill, align="left")

    def _draw_score(self) -> None:
        r = self.layout.regions.score
        metrics, canvas, colors = self.metrics, self.canvas, self.colors
        label_h = metrics.score_label
        bh = metrics.score_box
        by = r.y + label_h + 0.8
        widths = metrics.score_widths
        x = r.x
        index = 0

        def op(symbol: str) -> None:
            nonlocal x
            canvas.text(x, by, widths["op"], bh, symbol, "number", colors.ink, bold=True)
            x += widths["op"]

        for area in AREAS:
            colr = colors.areas[area]
            canvas.text(x, r.y, widths["area"], label_h, self.term(area), "caption", colr.dark, bold=True)
            self.box("score", "score", index, x, by, widths["area"], bh, stroke=colr.dark,
                     width=metrics.stroke_box * 2.4, name=area)
            index += 1
            x += widths["area"]
            op("+")
        fox_w = widths["fox_icon"] + widths["fox_count"] + widths["op"] + widths["lowest"] + 2.0
        # Its label may reach over the "+" before and the "=" after: they have no label of their own.
        # (half a millimetre more each side: the bold face is a little wider than the regular one it was sized for)
        canvas.text(x - widths["op"] - 0.5, r.y, fox_w + 2 * widths["op"] + 1.0, label_h,
                    self.label("foxes_times_lowest"), "caption", colors.ink, bold=True)
        canvas.rect(x, by - 0.8, fox_w, bh + 1.6, fill=None, stroke=colors.fox, width=metrics.stroke_box * 1.4,
                    radius=2.0)
        canvas.icon("gsc-fox", x + 1.0, by + (bh - widths["fox_icon"]) / 2, widths["fox_icon"], widths["fox_icon"],
                    colors.fox)
        x += widths["fox_icon"] + 1.0
        self.box("score", "score", index, x, by, widths["fox_count"], bh, name="foxes")
        index += 1
        x += widths["fox_count"]
        op("×")
        self.box("score", "score", index, x, by, widths["lowest"], bh, name="lowest")
        index += 1
        x += widths["lowest"] + 1.0
        op("=")
        canvas.text(x, r.y, r.right - x, label_h, self.term("total"), "caption", colors.ink, bold=True)
        self.box("score", "score", index, x, by, r.right - x, bh, width=metrics.stroke_box * 3.2, name="total")

    def _draw_legend(self) -> None:
        """The icon key: entries side by side in rows, each icon followed by its meaning, a clear gap
        between entries; an entry that does not fit on the row starts the next one."""
        if self.fmt.legend:
            self._set_legend(self.layout.regions.legend, LEGEND_ROWS)
        elif self.fmt.legend_below:
            self._legend_below()

    def _legend_below(self) -> None:
        """A small sheet's key: at the print floor, in the design's legend row stretched down to the bottom
        margin, in as many rows as that band holds; left out when the entries need more."""
        canvas, r = self.canvas, self.layout.regions.legend
        floor = max(canvas.floor.cjk, canvas.floor.latin)
        row_h = floor * MM_PER_PT * LEGEND_LINE / canvas.scale  # design mm: one line at the floor
        bottom = (self.fmt.page[1] - self.fmt.margin - canvas.top) / canvas.scale  # the bottom margin, design mm
        band = Region(x=r.x, y=r.y, w=r.w, h=max(row_h, bottom - r.y))
        rows = int(band.h // row_h)
        placed = self._legend_rows(band, band.h / rows if rows else row_h)
        if rows and max(row for row, *_ in placed) < rows:
            self._set_legend(band, rows)

    def _legend_rows(self, r: Region, row_h: float) -> list[tuple[int, float, str | None, str, float]]:
        """Where each entry goes: (row, x, icon, text, text width), all in design mm."""
        canvas = self.canvas
        spec = self.layout.fonts["legend"]
        from printkit.engine.render.fonts import string_width  # measuring needs the font; checking sheets does not

        out = []
        row, x = 0, r.x
        for icon, text in legend_entries(self.label("legend")):
            floor = canvas.floor.cjk if has_cjk(text) else canvas.floor.latin
            printed = max(spec.size * canvas.scale, floor)
            text_w = string_width(text, printed) * MM_PER_PT / canvas.scale + 0.6  # design mm
            icon_w = row_h if icon else 0.0
            if x > r.x and x + icon_w + text_w > r.right:
                row, x = row + 1, r.x
            out.append((row, x, icon, text, text_w))
            x += icon_w + (0.4 if icon else 0.0) + text_w + LEGEND_GAP
        return out

    def _set_legend(self, r: Region, rows: int) -> None:
        canvas = self.canvas
        row_h = r.h / rows
        for row, x, icon, text, text_w in self._legend_rows(r, row_h):
            y = r.y + row * row_h
            if icon:
                canvas.icon(icon, x, y + 0.35, row_h - 0.7, row_h - 0.7, None if icon == "gsc-fox" else self.colors.ink)
                x += row_h + 0.4
            canvas.text(x, y, min(text_w, r.right - x), row_h, text, "legend", self.colors.ink, align="left")

    # -------------------------------------------------------------- scan furniture
    def _markers(self) -> list[Marker]:
        pw, ph = self.fmt.page
        s, i = self.fmt.marker.size, self.fmt.marker.inset
        corners = [(i, i), (pw - i - s, i), (pw - i - s, ph - i - s), (i, ph - i - s)]
        return [Marker(k, x, y, s) for k, (x, y) in enumerate(corners)]

    def _qr(self) -> QRCode:
        r = self.layout.regions.qr
        data = qr_payload(self.game, self.layout, self.format_name, self.rounds, self.serial, self.players)
        size = min(r.w, r.h)
        s = self.layout.regions.serial
        self.canvas.text(s.x, s.y, s.w, s.h, self.serial, "caption", self.colors.muted, align="right")
        return QRCode(data, self.canvas.x(r.x + r.w - size), self.canvas.y(r.y), self.canvas.len(size))


LEGEND_GAP = 4.0  # design mm between two entries of the icon key
LEGEND_ROWS = 2  # the full-size key's rows in its region
LEGEND_LINE = 1.4  # a key row's height in font sizes: the icon a little taller than the text, a hair between rows


def _is_cjk_word(text: str) -> bool:
    return bool(text) and all("\u3400" <= ch <= "\u9fff" for ch in text)


# ----------------------------------------------------------------------------------------- public API


def build_sheet(game: GscGame, layout: SheetLayout, format_name: str, lang: str = "en",
                players: int | None = None, ink_saver: bool = False, serial: str = "000000-0001") -> SheetPlan:
    """Lay out one score sheet in format ``format_name`` of ``sheet.yaml``."""
    fmt = layout.formats[format_name]
    return SheetDrawing(game, layout, format_name, fmt, lang, players, ink_saver, serial).draw()


def sheet_boxes(game: GscGame, layout: SheetLayout, format_name: str, players: int | None = None
                ) -> tuple[SheetBox, ...]:
    """Every box of a sheet in ``format_name`` (the same geometry the drawing uses)."""
    return build_sheet(game, layout, format_name, players=players).boxes


def solo_page(game: GscGame, layout: SheetLayout, format_name: str, lang: str = "en") -> Piece:
    """The solo rules in our own words and the rating table, on a sheet of the format's paper."""
    from printkit.games.ganz_schon_clever.layout.solo import solo_piece

    return solo_piece(game, layout, format_name, lang)

