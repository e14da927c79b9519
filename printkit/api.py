"""printkit for designers who script: load a deck, build it, read what was written (docs/api.md).

    from printkit import Deck, PrintkitError, build

    deck = Deck.load("my-deck/deck.yaml")        # or Deck.load({...}, folder="my-deck")
    entries = build(deck, "out", paper="letter", tts=True)

:func:`build` takes the options ``printkit build`` takes (as keyword arguments, with its defaults) and returns
the manifest entries of the files it wrote, as ``manifest.json`` lists them.  Every problem with the input or the
options raises :class:`PrintkitError` with the message the command line prints after ``error:``; what the command
line prints as ``warning:`` is issued as a :class:`PrintkitWarning` (the ``warnings`` module).
"""

from __future__ import annotations

import json
import os
import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.engine.errors import InputError
from printkit.engine.limits import MAX_CARDS

PrintkitError = InputError
"""What every problem with a deck, its files or the options raises: ``str(error)`` is what ``printkit build``
prints (one line per problem, naming file, line and column); ``error.problems`` holds them one by one."""

__all__ = ["Deck", "PrintkitError", "PrintkitWarning", "build"]

# The choices the command line offers for these options (its --help lists them too).
DUPLEX = ("long", "short", "off", "fold")
ROTATE = ("off", "auto")
BLEED_MM = (0.0, 10.0)
GAP_MM = (0.0, 20.0)
PNG_DPI = (30, 1200)


class PrintkitWarning(UserWarning):
    """A warning a build gave (``printkit build`` prints it after ``warning:``)."""


@dataclass(frozen=True)
class Deck:
    """A deck definition, read and checked: from a file, or from a dict as the file would hold it.

    A dict deck stands in for the file ``<folder>/<name>.json``: the files it names (``data:``, templates, art,
    fonts) are found from ``folder`` as they would be from a file there, its output goes into ``<name>/``, and its
    errors name that file and the position in the dict's JSON form (written with an indent of 2).
    """

    path: Path
    title: str
    cards: tuple[Mapping[str, Any], ...]  # each printed card's fields (``qty`` expanded), with ``index`` and ``copy``
    text: str | None = field(default=None, repr=False)  # the dict deck's JSON text; None: read from ``path``

    @classmethod
    def load(cls, source: str | os.PathLike[str] | Mapping[str, Any], *, folder: str | os.PathLike[str] = ".",
             name: str | None = None, templates: str | os.PathLike[str] | None = None, allow_outside: bool = False,
             allow_network: bool = False, max_cards: int = MAX_CARDS) -> Deck:
        """Read a deck from a ``.yaml``/``.json`` path or from a dict; every problem raises :class:`PrintkitError`.
        ``name`` (a dict deck's file name, without ``.json``) defaults to its title in lower case with hyphens."""
        from printkit.engine.source import given_documents
        from printkit.games.deck.definition import load_deck

        if isinstance(source, Mapping):
            try:
                text = json.dumps(source, indent=2, ensure_ascii=False)
            except (TypeError, ValueError) as exc:
                raise PrintkitError.single(f"a deck given as a dict holds what JSON can: {exc}") from None
            stem = name or re.sub(r"[^a-z0-9_]+", "-", str(source.get("title", "deck")).lower()).strip("-") or "deck"
            path: Path = Path(folder) / f"{stem}.json"
        else:
            text, path = None, Path(source)
            if path.suffix.lower() not in (".yaml", ".yml", ".json"):
                raise PrintkitError.single("a deck definition is a .yaml, .yml or .json file", path)
        with given_documents({str(path): text} if text is not None else {}):
            loaded = load_deck(path, Path(templates) if templates else None, max_cards, allow_outside,
                               allow_network)
        cards = tuple({**c.fields, "index": c.index, "copy": c.copy} for c in loaded.cards)
        return cls(path, loaded.definition.title, cards, text)


def build(deck: Deck | str | os.PathLike[str], out: str | os.PathLike[str] = "output", *, paper: str = "a4",
          lang: str | None = None, seed: int | None = None, templates: str | os.PathLike[str] | None = None,
          max_cards: int = MAX_CARDS, allow_outside: bool = False, allow_network: bool = False, bleed: float = 3.0,
          gap: float | None = None, duplex: str = "long", offset_x: float = 0.0, offset_y: float = 0.0,
          rotate: str = "off", cmyk: bool = False, icc_profile: str | os.PathLike[str] | None = None,
          pod: str | None = None, force: bool = False, strict: bool = False, only: str | None = None,
          where: str | None = None, changed: bool = False, png: bool = False, png_cards: int | None = None,
          tts: bool = False, tts_url: str | None = None, safe_zone: str | float | None = None) -> list[dict[str, Any]]:
    """Build ``deck`` into the folder ``out`` as ``printkit build`` does with the same options (a length
    such as ``safe_zone`` may be a number of mm or text with a unit, ``"3mm"``).  Returns the manifest entries
    of the files this build wrote or found unchanged, in the order written, each with its ``status``
    (``new``, ``updated``, ``unchanged``).  Without ``tts_url`` the TTS saved object names its sheets relative
    to its own folder."""
    from printkit.engine.build import BuildRequest
    from printkit.engine.build import build as run_build
    from printkit.engine.components import BuildOptions
    from printkit.engine.outputs import read_manifest
    from printkit.engine.paper import PrintSettings, paper_dimensions
    from printkit.engine.pod import pod_layout
    from printkit.engine.source import given_documents
    from printkit.engine.units import parse_length

    if not isinstance(deck, Deck):
        deck = Deck.load(deck, templates=templates, allow_outside=allow_outside, allow_network=allow_network,
                         max_cards=max_cards)
    _choice("duplex", duplex, DUPLEX)
    _choice("rotate", rotate, ROTATE)
    _within("bleed", bleed, BLEED_MM)
    if gap is not None:
        _within("gap", gap, GAP_MM)
    if png_cards is not None:
        _within("png_cards", png_cards, PNG_DPI)
    try:
        paper_dimensions(paper)
    except ValueError as exc:
        raise PrintkitError.single(f"paper: {exc}") from None
    zone = None
    if safe_zone is not None:
        zone = parse_length(safe_zone)
        if isinstance(zone, bool) or not isinstance(zone, int | float) or not 0 <= zone <= 50:
            raise PrintkitError.single(f"safe_zone takes a length from 0 to 50 mm (3, \"3mm\", \"0.125in\"); "
                                       f"found {safe_zone!r}")
    request = BuildRequest(
        targets=(str(deck.path),),
        options=BuildOptions(paper=paper, lang=lang or "en", lang_given=lang is not None,
                             seed=1 if seed is None else seed, seed_given=seed is not None,
                             max_cards=max_cards, allow_outside=allow_outside, allow_network=allow_network,
                             only=only, where=where, changed=changed),
        settings=PrintSettings(paper=paper, bleed=bleed, gap=gap, duplex=duplex, offset_x=offset_x,
                               offset_y=offset_y, rotate=rotate, cmyk=cmyk,
                               icc_profile=str(icc_profile) if icc_profile else None,
                               pod=pod_layout(pod) if pod else None),
        png=png, templates=Path(templates) if templates else None, strict=strict, png_cards=png_cards, tts=tts,
        tts_url=tts_url, safe_zone=float(zone) if zone is not None else None)
    folder = Path(out)
    with given_documents({str(deck.path): deck.text} if deck.text is not None else {}):
        report = run_build(request, folder, force)
    for text in report.warnings:
        warnings.warn(text, PrintkitWarning, stacklevel=2)
    manifest = read_manifest(folder)
    return [{**manifest[r.path], "status": r.status} for r in report.files if r.path in manifest]


def _choice(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise PrintkitError.single(f"{name} must be one of {', '.join(allowed)}; found {value!r}")


def _within(name: str, value: float, bounds: tuple[float, float]) -> None:
    lo, hi = bounds
    if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
        raise PrintkitError.single(f"{name} must be from {lo:g} to {hi:g}; found {value!r}")
