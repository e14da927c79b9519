"""What a game build produces, before it becomes PDF pages.

A game's layout function returns a list of components; the engine imposes and renders
each into one PDF.  Three kinds cover every bundled game:

* :class:`CardComponent` – cards or tiles cut from a sheet: n-up with bleed, crop marks
  and duplex backs;
* :class:`SheetComponent` – page-sized pieces such as score sheets, player aids, rules;
* :class:`BoardComponent` – one large piece: on one page if it fits, else tiled.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.engine.elements import Piece
from printkit.engine.errors import InputError
from printkit.engine.limits import MAX_CARDS
from printkit.engine.pieces import PieceShape
from printkit.engine.seams import KeepWhole

MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class CardComponent:
    """Cards of one size.  ``backs`` is None (no backs), one back per front, or a single
    shared back (a tuple of length 1)."""

    name: str
    title: str
    fronts: tuple[Piece, ...]
    backs: tuple[Piece, ...] | None = None
    kind: str = "cards"  # what a piece is called in summaries: cards, tiles, tokens
    sources: tuple[tuple[str, str, str], ...] = ()  # (url, sha256, url after redirects) of network data used
    notes: tuple[str, ...] = ()  # warnings from loading, reported with the build's
    subset: str = ""  # set when only some cards were built (--only/--where): goes into the file name
    numbers: tuple[int, ...] = ()  # the deck numbers of the cards built, when a subset
    corner_radius: float = 0.0  # mm: rounded corners to cut (a die line on previews, not in the print PDF)
    record: Mapping[str, Any] | None = None  # JSON-able facts for the manifest entry (e.g. a layout grid)
    warnings: tuple[str, ...] = ()  # what the build should tell the user about this component's input
    icon_dirs: tuple[Path, ...] = ()  # the deck's own icon folders, searched before the build's
    safe_zone: float = 0.0  # mm inside the trim that text and icons keep clear of (0: not checked)
    hashes: tuple[str, ...] = ()  # per front: a hash of what makes the card (data, template, style), for --changed
    names: tuple[str, ...] = ()  # each front's card name, for exports that list cards (a TTS saved object)
    shape: PieceShape | None = None  # hexes, tokens, die faces (engine/pieces.py); None: rectangles

    def back_for(self, index: int) -> Piece | None:
        if not self.backs:
            return None
        return self.backs[0] if len(self.backs) == 1 else self.backs[index]


def shared_sheets(name: str, title: str, decks: Sequence[CardComponent]) -> CardComponent:
    """``decks`` imposed one after another on the same sheets (a small deck fills the last sheet's empty slots
    of the one before, or, of another size, the room below it, instead of taking a sheet of its own); each card
    keeps its own back, so duplex printing turns each to the right one."""
    fronts = tuple(f for d in decks for f in d.fronts)
    with_backs = any(d.backs for d in decks)
    backs = tuple(d.back_for(i) or _blank_back(f) for d in decks for i, f in enumerate(d.fronts))
    return CardComponent(name, title, fronts, backs if with_backs else None, kind=decks[0].kind,
                         corner_radius=decks[0].corner_radius)


def _blank_back(front: Piece) -> Piece:
    return Piece(f"back of {front.name}", front.width, front.height, ())


@dataclass(frozen=True)
class SheetComponent:
    """Page-content pieces, ``per_page`` of them on each sheet of paper (1 or 2)."""

    name: str
    title: str
    pages: tuple[Piece, ...]
    per_page: int = 1
    kind: str = "sheets"
    cut: bool = False  # crop marks around a piece smaller than the paper (score pads), not for rules sheets
    # pages side by side that fill the sheet and are folded, never cut (a booklet): no crop marks at all
    fold: bool = False
    record: Mapping[str, Any] | None = None  # JSON-able facts for the manifest entry (e.g. a layout grid)


@dataclass(frozen=True)
class BoardComponent:
    """A board: on one page where the paper holds it, else tiled; ``keep_whole`` names what the tiles' seams must
    not cut (labels, spaces, ...), so they run where nothing is printed when the paper allows."""

    name: str
    title: str
    piece: Piece
    kind: str = "board"
    keep_whole: tuple[KeepWhole, ...] = ()
    overlap: float | None = None  # mm the sheets of a tiled board overlap (the glue margin); None: the settings'
    seams: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())  # board mm where sheets join (x, y); (): even
    icon_dirs: tuple[Path, ...] = ()  # a deck's own icon folders, searched before the build's


@dataclass(frozen=True)
class TextFile:
    """A text output, e.g. the definition file of a generated variant."""

    name: str
    filename: str
    text: str
    kind: str = "definition"


@dataclass(frozen=True)
class Edition:
    """Marks a build of something other than the game's standard kit (e.g. a generated
    variant): its files go into a folder of their own so they never replace the standard kit's."""

    id: str


@dataclass(frozen=True)
class SeedUsed:
    """Marks a build that made random choices: the seed they were drawn from (the user's ``--seed``, or a fresh
    one when none was given), recorded in the manifest and shown after the build so it can be built again."""

    seed: int


Component = CardComponent | SheetComponent | BoardComponent | TextFile | Edition | SeedUsed


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked for, shared by every game.

    ``extra`` holds game options (by :class:`~printkit.engine.registry.Option` name); ``definition`` is
    the user's definition file when one is built; ``templates`` the user's own templates folder,
    searched before the game's bundled templates.
    """

    paper: str = "a4"
    lang: str = "en"
    players: int | None = None
    seed: int = 1
    seed_given: bool = True  # False: the user gave no --seed (a game may then draw a fresh one and print it)
    extra: dict[str, object] = field(default_factory=dict)
    definition: Path | None = None
    templates: Path | None = None
    max_cards: int = MAX_CARDS  # cards one deck may have; only the command line raises it
    allow_outside: bool = False  # a definition may name files outside its own folder (and --templates)
    allow_network: bool = False  # may a definition's data be fetched from a URL
    only: str | None = None  # "3,7-10": build just these cards (numbered as the deck numbers them)
    changed: bool = False  # build just the cards that changed since the last full build (--changed)
    # with ``changed``: per component, the card hashes the last full build recorded ({"3": "9f0c..."}); None:
    # there was none
    previous_cards: Mapping[str, Mapping[str, str]] | None = None
    where: str | None = None  # "type == 'Spell'": build just the cards for which this is true
    placeholders: bool = False  # missing art is drawn as a labelled stand-in (and warned about), not an error
    lang_given: bool = True  # False: no --lang; a deck then prints in its own language (its ``language:``)

    def __post_init__(self) -> None:
        from printkit.engine.languages import LANG_FORM, canonical_lang_option

        tag = canonical_lang_option(self.lang)
        if tag is None:
            raise InputError.single(f"--lang takes {LANG_FORM}; found {self.lang!r}")
        object.__setattr__(self, "lang", tag)  # zh-tw and zh-TW are one language, in one file name
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed <= MAX_SEED:
            raise InputError.single(f"--seed must be a whole number from 0 to {MAX_SEED}; found {self.seed!r}")
        if self.players is not None and not 1 <= self.players <= 99:
            raise InputError.single(f"--players must be from 1 to 99; found {self.players}")
        if not 1 <= self.max_cards <= 10_000_000:
            raise InputError.single(f"--max-cards must be from 1 to 10000000; found {self.max_cards}")
        if self.templates is not None and not self.templates.is_dir():
            what = "is not a folder" if self.templates.exists() else "does not exist"
            raise InputError.single(f"--templates {self.templates}: {what}")


FRESH_SEEDS = 1_000_000  # a fresh seed is below this: short enough to read off a sheet and type again


def random_seed(options: BuildOptions) -> int:
    """The seed for a build's random choices: the user's ``--seed``, else a fresh one each build.

    Call it only where a random choice is made (and return a :class:`SeedUsed` with it): a build that
    makes none must not depend on it."""
    return options.seed if options.seed_given else secrets.randbelow(FRESH_SEEDS)


IRREGULAR_SINGULARS = {"dice": "die"}  # plural kinds whose singular is not the plural less its s


def count_label(count: int, kind: str) -> str:
    """``"62 cards"``, ``"1 sheet"``, ``"1 die"``: a count of pieces for people to read."""
    if count == 1:
        kind = IRREGULAR_SINGULARS.get(kind, kind[:-1] if kind.endswith("s") else kind)
    return f"{count} {kind}"
