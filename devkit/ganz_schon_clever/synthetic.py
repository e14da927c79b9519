"""A synthetic test set for ``printkit scan``: final sheets of simulated games, written onto
printkit's own PDFs by simulated writers, then scanned or photographed (simulated).

The numbers are written in the synthetic hand (:mod:`devkit.scan.handwriting`) or, with :class:`RealDigits`,
with real people's handwritten digits of one part of the real-digit split (:mod:`devkit.real_digits`); the
crosses and circles are synthetic either way.

The truth of every sample is the transcription it was drawn from (with the claims the writer
made), so a reading is compared with what was written, never with what the reader computes.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np
import pypdfium2 as pdfium

from devkit.ganz_schon_clever.pad import PrintedPad, print_pad, sheet_origins
from devkit.scan import capture
from devkit.scan.handwriting import INKS, Pen, Writer
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import Sheet
from printkit.games.ganz_schon_clever.rules.play import simulated_sheets
from printkit.games.ganz_schon_clever.rules.score import score

if TYPE_CHECKING:
    from printkit.games.ganz_schon_clever.scan import ScannedSheet

Kind = Literal["scan", "photo", "clean"]


@dataclass(frozen=True)
class RealDigits:
    """Write a sheet's numbers with real handwritten digits of ``part`` of :data:`devkit.real_digits.SPLIT`.

    One writer's digits sit together in the data, so a sheet's digits are drawn from ``window`` consecutive
    digits of the part (the whole part where those lack a digit); each number 5-8 mm tall (never taller than
    its box), touching or overlapping sometimes, in the writer's pen, or in light grainy pencil on
    :data:`devkit.real_digits.PENCIL_SHARE` of the sheets, as :func:`devkit.real_digits.write` writes them."""

    part: str
    window: int = 150  # about one writer's share of a block of 500


@dataclass
class _RealHand:
    """One sheet's writer of real digits: where its digits come from, pencil or which pen."""

    rng: np.random.Generator
    pool: np.ndarray  # the part's digit indexes
    mine: np.ndarray  # this writer's: a window of them
    pencil: bool
    pen: tuple[float, float, float]

    @classmethod
    def new(cls, real: RealDigits, rng: np.random.Generator, ink: tuple[int, int, int]) -> _RealHand:
        from devkit import real_digits as rd

        pool = rd.indices(real.part)
        start = int(rng.integers(0, max(1, len(pool) - real.window)))
        pencil = bool(rng.random() < rd.PENCIL_SHARE)
        # the writer's pen writes its numbers too; a synthetic pencil's numbers get a real pen if not pencil
        pen = ink if ink != INKS["pencil"] else rd.PENS[int(rng.integers(len(rd.PENS)))]
        return cls(rng, pool, pool[start:start + real.window], pencil, tuple(float(c) for c in pen))

    def number(self, page: np.ndarray, px_per_mm: float, box: tuple[float, float, float, float], value: int) -> None:
        """``value`` written into ``box`` (x, y, w, h in mm on ``page``), the ink blended into the page in place."""
        from devkit import real_digits as rd

        _, labels = rd.load()
        digits = []
        for c in str(value):
            of = self.mine[labels[self.mine] == int(c)]
            digits.append(int(self.rng.choice(of if len(of) else self.pool[labels[self.pool] == int(c)])))
        x, y, w, h = box
        height = min(float(self.rng.uniform(*rd.HEIGHT_MM)), rd.BOX_FILL * h) * px_per_mm
        m = 2.0  # mm of page kept round the box: a digit may run over its outline
        x0, y0 = max(0, int((x - m) * px_per_mm)), max(0, int((y - m) * px_per_mm))
        x1 = min(page.shape[1], int((x + w + m) * px_per_mm) + 1)
        y1 = min(page.shape[0], int((y + h + m) * px_per_mm) + 1)
        patch = page[y0:y1, x0:x1].astype(np.float32)
        alpha, _ = rd.number_ink(patch.shape[:2], (x * px_per_mm - x0, y * px_per_mm - y0, w * px_per_mm,
                                                   h * px_per_mm), digits, height, self.rng)
        alpha, colour = rd.pen_or_pencil(alpha, self.pencil, self.rng, self.pen)
        page[y0:y1, x0:x1] = np.clip(patch * (1 - alpha[..., None] * (1 - colour / 255.0)), 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class PadOptions:
    paper: str = "a4"
    per_page: int = 1
    lang: str = "en"
    ink_saver: bool = False
    players: int | None = None  # printed for this many players (the QR then says so)


@dataclass
class Sample:
    name: str
    data: bytes
    suffix: str
    kind: Kind
    pad: PadOptions
    truths: list[Sheet]  # one per sheet on the page, in reading order (left to right, top to bottom)
    notes: list[str] = field(default_factory=list)

    def truth_at(self, position: str) -> Sheet:
        """What was written on the sheet read at ``position`` (``full``, ``top`` or ``bottom``)."""
        return self.truths[1 if position == "bottom" else 0]


def _with_claims(sheet: Sheet, game: GscGame, rng: random.Random) -> Sheet:
    """The sheet with what its player wrote in the score boxes; sometimes a mistake in adding up."""
    sc = score(sheet, game)
    claims = {"yellow": sc.yellow, "blue": sc.blue, "green": sc.green, "orange": sc.orange, "purple": sc.purple,
              "foxes": sc.foxes, "lowest": sc.fox_value, "total": sc.total}
    if rng.random() < 0.15:
        key = rng.choice(["total", "yellow", "orange"])
        claims[key] = max(0, claims[key] + rng.choice([-10, -2, 1, 3, 10]))
    return sheet.model_copy(update={"claimed": claims})


def _boxes(table: dict) -> dict[tuple[str, int], dict]:
    return {(b["area"], int(b["index"])): b for b in table["boxes"]}


def write_sheet(pen: Pen, w: Writer, sheet: Sheet, table: dict, origin: tuple[float, float],
                rng: random.Random, stray: bool = True, real: _RealHand | None = None) -> None:
    """Write ``sheet`` onto the printed sheet at ``origin`` (mm on the page); its numbers with real digits
    where ``real`` is given."""
    ox, oy = origin
    boxes = table["boxes"]

    def cross(b: dict) -> None:
        pen.cross(w, ox + b["x"], oy + b["y"], b["w"], b["h"])

    def number(b: dict, v: int) -> None:
        if real is not None:
            real.number(pen.page, pen.p, (ox + b["x"], oy + b["y"], b["w"], b["h"]), v)
        else:
            pen.number(w, v, ox + b["x"], oy + b["y"], b["w"], b["h"])

    crossed: set[tuple[str, int]] = set()
    for r, row in enumerate(sheet.yellow):
        for b in boxes:
            if b["area"] == "yellow" and b.get("row") == r and b.get("value") in row:
                cross(b)
                crossed.add(("yellow", b["index"]))
    for b in boxes:
        if b["area"] == "blue" and b.get("value") in sheet.blue:
            cross(b)
            crossed.add(("blue", b["index"]))
        if b["area"] == "green" and b["index"] < sheet.green:
            cross(b)
            crossed.add(("green", b["index"]))
    by = _boxes(table)
    for area, values in (("orange", sheet.orange), ("purple", sheet.purple)):
        for i, v in enumerate(values):
            number(by[(area, i)], v)
    for area, track in (("reroll", sheet.rerolls), ("plus1", sheet.extra_dice)):
        if track is None:
            continue
        for i in range(track.earned):
            b = by[(area, i)]
            pen.loop(w, ox + b["x"] + b["w"] / 2, oy + b["y"] + b["h"] / 2, b["w"] / 2)
            if i < track.used:
                pen.cross(w, ox + b["x"] + b["w"] * 0.15, oy + b["y"] + b["h"] * 0.15, b["w"] * 0.7, b["h"] * 0.7)
    for b in boxes:
        if b["area"] == "score" and b["name"] in sheet.claimed:
            number(b, sheet.claimed[b["name"]])
        if b["area"] == "round" and b["index"] < 4 + rng.randrange(3):  # rounds played, crossed off: ignored
            cross(b)
    if stray:
        empty = [b for b in boxes
                 if b["area"] in ("yellow", "blue", "green") and (b["area"], b["index"]) not in crossed]
        for b in rng.sample(empty, min(len(empty), rng.choice([0, 0, 1, 2]))):
            pen.dot(w, ox + b["x"] + rng.uniform(0.25, 0.75) * b["w"], oy + b["y"] + rng.uniform(0.25, 0.75) * b["h"])
        for _ in range(rng.choice([0, 0, 1])):
            b = rng.choice(boxes)
            pen.smudge(ox + b["x"] + b["w"] / 2, oy + b["y"] + b["h"] / 2, rng.uniform(3, 8))


def filled_pages(pad: PrintedPad, sheets: list[Sheet], rng: random.Random, dpi: float = 300,
                 real: tuple[RealDigits, np.random.Generator] | None = None) -> list[np.ndarray]:
    """The pad's pages rendered at ``dpi`` with ``sheets`` written on them (one writer per sheet); ``real``:
    their numbers written with real digits, drawn with that generator."""
    doc = pdfium.PdfDocument(pad.pdf)
    pages = []
    w_mm, h_mm = pad.table["sheet"]["width"], pad.table["sheet"]["height"]
    try:
        k = 0
        for i in range(len(doc)):
            page = doc[i]
            pw, ph = page.get_size()
            img = np.asarray(page.render(scale=dpi / 72).to_pil().convert("RGB")).copy()
            pen = Pen(img, dpi / 25.4, rng)
            for origin in sheet_origins((pw / 72 * 25.4, ph / 72 * 25.4), (w_mm, h_mm), pad.per_page):
                if k < len(sheets):
                    w = Writer.random(rng)
                    hand = _RealHand.new(real[0], real[1], w.ink) if real else None
                    write_sheet(pen, w, sheets[k], pad.table, origin, rng, real=hand)
                k += 1
            pages.append(img)
    finally:
        doc.close()
    return pages


def _cut_sheet(page: np.ndarray, pad: PrintedPad, dpi: float) -> np.ndarray:
    h, w = page.shape[:2]
    f = dpi / 25.4
    sw, sh = pad.table["sheet"]["width"], pad.table["sheet"]["height"]
    ox, oy = sheet_origins((w / f, h / f), (sw, sh), 1)[0]
    return page[round(oy * f):round((oy + sh) * f), round(ox * f):round((ox + sw) * f)].copy()


def make_samples(n: int, seed: int, kinds: tuple[Kind, ...] = ("scan", "photo"),
                 pads: tuple[PadOptions, ...] | None = None, photo_size: tuple[int, int] = (4000, 3000),
                 game: GscGame | None = None, digits: RealDigits | None = None) -> list[Sample]:
    """``n`` samples (pages), deterministic in ``seed``: simulated games with 1-4 players, pads of
    the given options in turn (by default A4/Letter, one or two to a page, every language, ink-saver);
    ``digits``: the numbers written with real handwritten digits instead of the synthetic hand."""
    game = game or load_gsc_game()
    pads = pads or (PadOptions(), PadOptions("letter", 1, "de"), PadOptions("a4", 2, "zh-TW"),
                    PadOptions("a4", 1, "zh-TW", True), PadOptions("letter", 2, "en", True), PadOptions("a3", 1))
    rng = random.Random(seed)
    pool = simulated_sheets(game, 4 * n, rng_offset=seed * 100_003)
    out: list[Sample] = []
    for i in range(n):
        opts = pads[i % len(pads)]
        kind = kinds[i % len(kinds)]
        picked = [pool[(4 * i + j) % len(pool)] for j in range(opts.per_page)]
        # A sheet of 3 or 4 players comes from a pad printed for them (rounds 5 or 4 in its QR); 1 or 2
        # players use the 6-round pad, printed for the count half of the time.
        players = max(s.players for s in picked)
        printed_for = players if players >= 3 or rng.random() < 0.5 else None
        picked = [s.model_copy(update={"players": players}) if s.players != players else s for s in picked]
        truths = [_with_claims(s, game, rng) for s in picked]
        opts = PadOptions(opts.paper, opts.per_page, opts.lang, opts.ink_saver, printed_for)
        pad = print_pad(opts.paper, opts.per_page, opts.lang, opts.ink_saver, opts.players, 1 if opts.per_page == 1
                        else 2, seed=seed * 1000 + i)
        dpi = 200 if opts.paper == "a3" else 300
        real = (digits, np.random.default_rng([seed, i])) if digits else None
        page = filled_pages(pad, truths, rng, dpi, real)[0]
        if kind == "scan":
            # Half sheets' scans stay at 300 dpi, as they were when 200 dpi did not read (their 12 mm QR code):
            # changing that would change every later sample of a seed, and the bench's figures with them.
            # 200 and 240 dpi were measured separately (docs/gsc-scan.md).
            data, suffix = capture.scan(page, dpi, rng, 300 if opts.per_page == 2 else None)
        elif kind == "photo":
            if opts.paper == "a3" and opts.per_page == 1:
                # A3 pads are cut along their crop marks: the photo shows the A4-sized sheet, not the A3 page.
                page = _cut_sheet(page, pad, dpi)
            data, suffix = capture.photo(page, rng, photo_size)
        else:
            data, suffix = capture._png(page), ".png"
        name = f"s{seed}-{i:04d}-{kind}-{opts.paper}{'-2up' if opts.per_page == 2 else ''}-{opts.lang}" \
               f"{'-ink' if opts.ink_saver else ''}{f'-real-{digits.part}' if digits else ''}"
        out.append(Sample(name, data, suffix, kind, opts, truths))
    return out


def read_back(samples: Iterable[Sample], game: GscGame, numbers: object = None, whole: bool = False
              ) -> Iterator[tuple[Sample, ScannedSheet]]:
    """Each sample written to a temporary file and read as ``printkit scan`` reads it: (sample, sheet)
    for every sheet read; a page that is not read yields nothing.  ``numbers`` and ``whole`` as for
    ``scan_file``."""
    from printkit.engine.scan.errors import ScanError
    from printkit.games.ganz_schon_clever.scan import scan_file

    with tempfile.TemporaryDirectory() as tmp:
        for s in samples:
            path = Path(tmp) / f"{s.name}{s.suffix}"
            path.write_bytes(s.data)
            try:
                sheets, _ = scan_file(path, game, numbers=numbers, whole=whole)
            except ScanError:
                continue
            for sheet in sheets:
                yield s, sheet


def read_sheet(sample: Sample, position: str, game: GscGame, numbers: object = None, whole: bool = False
               ) -> ScannedSheet:
    """The sheet of ``sample`` at ``position`` read as ``printkit scan`` reads it (:func:`read_back`);
    :class:`LookupError` when it is not read."""
    for _, sheet in read_back([sample], game, numbers, whole):
        if sheet.image.position == position:
            return sheet
    raise LookupError(f"{sample.name}: no {position} sheet read")
