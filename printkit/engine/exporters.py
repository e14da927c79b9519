"""The formats a build writes beside each component's print PDF, as registered exporters.

An :class:`Exporter` says which components it wants under a build's flags and makes their files; the build
walks :data:`EXPORTERS` (the engine's: card images for a print-on-demand service, one PNG per card, Tabletop
Simulator sheets, page previews) and then the exporters the component's game declares
(:attr:`~printkit.engine.registry.Game.exporters`), in that order, for every component it rendered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.engine.components import CardComponent, Component
from printkit.engine.outputs import ManifestEntry, PlannedFile

if TYPE_CHECKING:
    from printkit.engine.build import BuildRequest

MakeEntry = Callable[..., ManifestEntry]  # (path, kind, pieces, data, details=None): the file's manifest entry


@dataclass(frozen=True)
class Rendition:
    """One component as rendered for print, with what an exporter needs to name and record its files.

    ``stem``: the component's file name (with its card subset); ``suffix``: the language and paper (or
    print-on-demand service) the print PDF is named with; ``preview``: the print PDF, with a rounded
    card's cut outline drawn on (for looking at, never for printing); ``warnings``: where an exporter
    says what it could not do as asked.
    """

    request: BuildRequest
    target: str
    component: Component
    pdf: bytes
    preview: bytes
    pieces: int
    folder: str
    stem: str
    suffix: str
    icons: tuple[Path, ...]
    entry: MakeEntry
    warnings: list[str]

    @property
    def label(self) -> str:
        """The component's name in warnings: ``deck/cards``."""
        return f"{self.target}/{self.component.name}"


@dataclass(frozen=True)
class Exporter:
    """An output format: ``wanted`` says, from the build's flags, whether a component gets it; ``make``
    returns the planned files (nothing is written until the whole build has been planned)."""

    name: str
    wanted: Callable[[BuildRequest, Component], bool]
    make: Callable[[Rendition], list[PlannedFile]]


def _pod_images(r: Rendition) -> list[PlannedFile]:
    from printkit.engine.exports import pod_images  # only for card images: not every build loads them

    pod, dpi = r.request.settings.pod, r.request.png_cards
    assert pod is not None and isinstance(r.component, CardComponent)
    if dpi != pod.dpi:
        r.warnings.append(f"{r.label}: --png-cards {dpi}: with --pod the card images are {pod.name}'s, "
                          f"{pod.width_px} x {pod.height_px} px at {pod.dpi} dpi")
    return pod_images(r.pdf, r.component, pod, f"{r.folder}/{r.stem}-{r.suffix}-png", r.entry)


def _card_images(r: Rendition) -> list[PlannedFile]:
    from printkit.engine.exports import png_cards

    assert isinstance(r.component, CardComponent) and r.request.png_cards
    return png_cards(r.component, r.request.png_cards, f"{r.folder}/{r.stem}-{r.request.options.lang}", r.icons,
                     r.warnings, r.entry)


def _tts_sheets(r: Rendition) -> list[PlannedFile]:
    from printkit.engine.exports import tts_sheets

    assert isinstance(r.component, CardComponent)
    return tts_sheets(r.component, f"{r.folder}/{r.stem}-{r.request.options.lang}", r.icons, r.warnings, r.entry,
                      r.request.tts_url)


def _page_previews(r: Rendition) -> list[PlannedFile]:
    from printkit.engine.render.preview import page_pngs

    out = []
    for i, png in enumerate(page_pngs(r.preview), start=1):
        # named by the stem: a subset's pages (``--watch --only 12``) never replace the whole deck's
        path = f"{r.folder}/png/{r.stem}-{r.suffix}-p{i:02d}.png"
        out.append(PlannedFile(path, png, r.entry(path, "preview", r.pieces, png)))
    return out


EXPORTERS: tuple[Exporter, ...] = (
    Exporter("print-on-demand card images (--pod with --png-cards)",
             lambda q, c: isinstance(c, CardComponent) and q.settings.pod is not None and bool(q.png_cards)
             and (c.shape is None or c.shape.kind == "rect"),  # shaped pieces print on sheets, not a service's pages
             _pod_images),
    Exporter("one PNG per card (--png-cards)",
             lambda q, c: isinstance(c, CardComponent) and q.settings.pod is None and bool(q.png_cards),
             _card_images),
    # a die's faces are no deck of cards: Tabletop Simulator makes dice from a net, not from deck sheets
    Exporter("Tabletop Simulator deck sheets (--tts)",
             lambda q, c: isinstance(c, CardComponent) and q.tts and (c.shape is None or c.shape.kind != "die"),
             _tts_sheets),
    Exporter("a PNG preview of every page (--png)", lambda q, c: q.png, _page_previews),
)
