"""Card exports besides the print PDF: one PNG per card (``--png-cards DPI``) and Tabletop Simulator
deck sheets (``--tts``).  Both draw each card with the print renderer, then rasterise it."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from printkit.engine.components import CardComponent
from printkit.engine.errors import InputError
from printkit.engine.exporters import MakeEntry
from printkit.engine.outputs import PlannedFile
from printkit.engine.pod import PodLayout
from printkit.engine.render import tts
from printkit.engine.render.pdf import size_runs
from printkit.engine.render.raster import MAX_DPI, page_images, pieces_pdf, png_bytes, rounded


def _distinct_backs(comp: CardComponent) -> bool:
    """Whether the backs differ in what they draw (their names always differ)."""
    return len({(b.elements, b.bleed_color) for b in comp.backs or ()}) > 1


def _numbers(comp: CardComponent) -> list[int]:
    return list(comp.numbers) if comp.numbers else list(range(1, len(comp.fronts) + 1))


def png_cards(comp: CardComponent, dpi: int, stem: str, icons: tuple[Path, ...], warnings: list[str],
              entry: MakeEntry) -> list[PlannedFile]:
    if not 30 <= dpi <= MAX_DPI:
        raise InputError.single(f"--png-cards takes a dpi from 30 to {MAX_DPI}; found {dpi}")
    out: list[PlannedFile] = []
    pdf, _ = pieces_pdf(comp.fronts, icons)  # its warnings were given by the print render
    radius = comp.corner_radius / 25.4 * dpi
    for number, img in zip(_numbers(comp), page_images(pdf, dpi), strict=True):
        data = png_bytes(rounded(img, radius), dpi)
        path = f"{stem}-png/card-{number:03d}.png"
        out.append(PlannedFile(path, data, entry(path, "card image", 1, data, {"dpi": dpi, "card": number})))
    if comp.backs:
        backs = comp.backs if _distinct_backs(comp) else comp.backs[:1]
        pdf, _ = pieces_pdf(backs, icons)
        images = [rounded(img, radius) for img in page_images(pdf, dpi)]
        if len(backs) == 1:
            data = png_bytes(images[0], dpi)
            path = f"{stem}-png/back.png"
            out.append(PlannedFile(path, data, entry(path, "card image", 1, data, {"dpi": dpi})))
        else:
            for number, img in zip(_numbers(comp), images, strict=True):
                data = png_bytes(img, dpi)
                path = f"{stem}-png/card-{number:03d}-back.png"
                out.append(PlannedFile(path, data, entry(path, "card image", 1, data, {"dpi": dpi, "card": number})))
    return out


def tts_sheets(comp: CardComponent, stem: str, icons: tuple[Path, ...], warnings: list[str],
               entry: MakeEntry, url_base: str | None = None) -> list[PlannedFile]:
    runs = size_runs(comp.fronts)
    if len(runs) > 1:  # a TTS deck has one card size: pieces of each size make a deck of their own
        out: list[PlannedFile] = []
        for run in runs:
            first = comp.fronts[run.start]
            part = CardComponent(comp.name, comp.title, comp.fronts[run.start:run.stop],
                                 tuple(b for i in run if (b := comp.back_for(i)) is not None) or None,
                                 names=comp.names[run.start:run.stop],
                                 numbers=tuple(_numbers(comp)[run.start:run.stop]))
            out += tts_sheets(part, f"{stem}-{first.width:g}x{first.height:g}mm", icons, warnings, entry, url_base)
        return out
    w, h = comp.fronts[0].width, comp.fronts[0].height
    grids = tts.sheet_grids(len(comp.fronts), w, h)
    px = grids[0].card_px
    fronts_pdf, _ = pieces_pdf(comp.fronts, icons)
    fronts = page_images(fronts_pdf, size=px)
    unique_backs = _distinct_backs(comp)
    backs = []
    if comp.backs:
        backs_pdf, _ = pieces_pdf(comp.backs if unique_backs else comp.backs[:1], icons)
        backs = page_images(backs_pdf, size=px)
    hidden = backs[0] if backs and not unique_backs else None
    out: list[PlannedFile] = []
    back_path = f"{stem}-tts/back.png" if backs and not unique_backs else None
    if back_path:
        data = png_bytes(backs[0])
        out.append(PlannedFile(back_path, data, entry(back_path, "tts back", 1, data, {"tts": {"card_px": list(px)}})))
    start = 0
    decks: list[tts.SavedSheet] = []
    for k, grid in enumerate(grids, start=1):
        if grid.card_px != px:  # every sheet of one deck uses one card size, so cards look alike in TTS
            grid = tts.SheetGrid(grid.columns, grid.rows, grid.cards, px)
        chunk = fronts[start:start + grid.cards]
        sheet = tts.compose(grid, chunk, hidden if hidden is not None else backs[start] if backs else None)
        data = png_bytes(sheet)
        path = f"{stem}-tts/sheet-{k:02d}.png"
        info = {"columns": grid.columns, "rows": grid.rows, "cards": grid.cards, "card_px": list(px),
                "sheet_px": list(grid.size), "hidden_slot": grid.hidden_slot + 1,
                "first_card": _numbers(comp)[start], "back": back_path}
        if unique_backs:
            back_sheet = tts.compose(grid, backs[start:start + grid.cards], backs[start])
            bdata = png_bytes(back_sheet)
            bpath = f"{stem}-tts/sheet-{k:02d}-backs.png"
            info["back"] = bpath
            info["unique_backs"] = True
            out.append(PlannedFile(bpath, bdata, entry(bpath, "tts backs", grid.cards, bdata, {"tts": info})))
        out.append(PlannedFile(path, data, entry(path, "tts sheet", grid.cards, data, {"tts": info})))
        if back_path or unique_backs:
            decks.append(tts.SavedSheet(path, str(info["back"]), grid.columns, grid.rows, grid.cards, unique_backs))
        start += grid.cards
    if decks:
        path = f"{stem}-tts/saved-object.json"
        folder = path.rsplit("/", 1)[0]
        names = list(comp.names) or [f"{comp.title} {n}" for n in _numbers(comp)]

        def url(file: str) -> str:
            if url_base is None:  # relative to the JSON file, for a folder uploaded as it is
                return quote(file.removeprefix(folder + "/"))
            return url_base.rstrip("/") + "/" + quote(file)

        saved = tts.saved_object(comp.title, decks, names, url, "\x1f".join([comp.title, *names]))
        data = (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        out.append(PlannedFile(path, data, entry(path, "tts object", len(comp.fronts), data,
                                                 {"tts": {"sheets": len(decks), "url_base": url_base}})))
    if not backs:
        warnings.append(f"{comp.name}: the deck has no backs; TTS needs a back image, so none was written "
                        "(give the deck a back: template)")
    return out


def pod_images(pdf: bytes, comp: CardComponent, pod: PodLayout, stem: str, entry: MakeEntry) -> list[PlannedFile]:
    """Each page of a print-on-demand PDF as the service's card image: exactly ``width_px`` x ``height_px``,
    bleed included, tagged with its dpi; named by card number (``card-003.png``, ``card-003-back.png``)."""
    out: list[PlannedFile] = []
    images = page_images(pdf, size=(pod.width_px, pod.height_px))
    per_card = len(images) // max(1, len(comp.fronts))
    for k, img in enumerate(images):
        number = _numbers(comp)[k // per_card]
        back = per_card == 2 and (k % 2 == 0) == pod.back_first
        data = png_bytes(img, pod.dpi)
        path = f"{stem}/card-{number:03d}{'-back' if back else ''}.png"
        out.append(PlannedFile(path, data, entry(path, "card image", 1, data, {"dpi": pod.dpi, "card": number,
                                                                                "pod": pod.name})))
    return out
