"""A user's deck as a card component: every card through its front and back template."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from printkit.engine.components import BoardComponent, BuildOptions, CardComponent, Component
from printkit.engine.elements import Image, Line, Piece, Rect, Text
from printkit.engine.errors import InputError
from printkit.engine.selection import parse_only, subset_label, where_filter
from printkit.engine.template.evaluate import CardRenderer
from printkit.games.deck.changes import card_hashes, changed_cards
from printkit.games.deck.definition import LoadedDeck, deck_containment, element_fields
from printkit.games.deck.model import Card


def _card_label(card: Card, title: object, where: str) -> str:
    return f"card {card.index} ({title}, {where})" if title else f"card {card.index} ({where})"


def _rendered(renderer: CardRenderer, values: dict, label: str, card: Card, reads: tuple[tuple[str, ...], ...],
              side: str = "") -> Piece:
    """One side of a card, each element knowing the cells of the card's data it reads (its ``places``): an error
    about a value names the cell it came from (file, row, column letter and header), not only the card's row."""
    place = card.place
    places = tuple(side + _card_label(card, card.fields.get("name"), place.cells(f)) if f and place else None
                   for f in reads)
    try:
        piece = renderer.render(values, side + label)
    except InputError as exc:  # a value a template could not use: named by its element's cells, where known
        by_line = {(s.file, s.line): i for i, s in enumerate(renderer.template.sources)}
        head = side + label + ": "
        for n, p in enumerate(exc.problems):
            i = by_line.get((p.file, p.line))
            if i is not None and places[i] is not None and p.message.startswith(head):
                exc.problems[n] = replace(p, message=f"{places[i]}: {p.message[len(head):]}")
        raise
    if not any(places):
        return piece
    index = {name: i for i, name in reversed(list(enumerate(renderer.labels)))}
    return replace(piece, places=tuple(places[index[lb]] if lb in index else None for lb in piece.labels))


def chosen_cards(deck: LoadedDeck, options: BuildOptions) -> tuple[Card, ...]:
    """The cards ``--only`` and ``--where`` keep (all of them when neither is given)."""
    cards = deck.cards
    if options.only:
        numbers = set(parse_only(options.only, len(cards)))
        cards = tuple(c for c in cards if c.index in numbers)
    if options.where:
        names = list(dict.fromkeys(k for c in deck.cards for k in c.fields))
        keep = where_filter(options.where, [*names, "index", "copy"])
        cards = tuple(c for c in cards if keep({**c.fields, "index": c.index, "copy": c.copy},
                                               f"card {c.index} ({c.source})"))
    return cards


def with_families(piece: Piece, families: tuple[tuple[str, str], ...]) -> Piece:
    """``piece`` with each text's ``font:`` naming a family of the deck's ``fonts:`` given that family's faces;
    a name that is neither a family, a font file nor ``sans`` is an error naming the card."""
    elements = list(piece.elements)
    changed = False
    for i, el in enumerate(elements):
        if isinstance(el, Text) and el.font:
            font = _family_font(el.font, families)
            if isinstance(font, InputError):
                raise InputError.single(f"{piece.name}: {font.problems[0].message}")
            if font != el.font:
                elements[i] = replace(el, font=font)
                changed = True
    return replace(piece, elements=tuple(elements)) if changed else piece


@lru_cache(maxsize=1024)
def _family_font(font: str, families: tuple[tuple[str, str], ...]) -> str | InputError:
    named = dict(families)
    parts = []
    for part in (p.strip() for p in font.split(",")):
        if part in named:
            part = named[part]
        elif not part.lower().endswith((".ttf", ".otf")) and part.lower() not in ("sans", "printkitsans") \
                and not part.startswith("family:"):
            declared = ", ".join(named) or "none"
            return InputError.single(f"font: no font family `{part}`; the deck declares: {declared} (under "
                                     "`fonts:`), or give a .ttf/.otf file or `sans`")
        parts.append(part)
    return ", ".join(parts)


# The stand-in for art not drawn yet: a dashed, crossed box labelled with the file it waits for; greys that
# read as "not final" on screen and in print, unlike any colour a designer would pick for the real art.
PLACEHOLDER_FILL = "#e6e1d8"
PLACEHOLDER_INK = "#8a8072"
PLACEHOLDER_DASH = (1.5, 1.0)  # mm on, mm off
PLACEHOLDER_LABEL_PT = 7.0
PLACEHOLDER_LABEL_W = 30.0  # mm: the label's plain band, wide enough for "missing art" and a file name at 7 pt
_ESCAPE = str.maketrans({c: "\\" + c for c in "*{}\\"})


def with_placeholders(piece: Piece, missing: dict[str, list[str]], art_exists: Callable[[str], bool]) -> Piece:
    """``piece`` with each image whose file does not exist (``art_exists``, the kit's look at the disk) replaced
    by a labelled stand-in; the cards hit are added to ``missing`` by file."""
    out: list = []
    labels: list[str | None] = []
    places: list[str | None] = []
    for i, el in enumerate(piece.elements):
        label = piece.labels[i] if i < len(piece.labels) else None
        place = piece.places[i] if i < len(piece.places) else None
        if not isinstance(el, Image) or art_exists(el.path):
            out.append(el)
            labels.append(label)
            places.append(place)
            continue
        missing.setdefault(el.path, []).append(piece.name)
        x2, y2 = el.x + el.w, el.y + el.h
        label_w = max(min(el.w - 2, PLACEHOLDER_LABEL_W), 1)
        label = f"**missing art**<br>{el.path.replace(chr(92), '/').rsplit('/', 1)[-1].translate(_ESCAPE)}"
        out += [Rect(el.x, el.y, el.w, el.h, fill=PLACEHOLDER_FILL, stroke=PLACEHOLDER_INK, radius=el.radius,
                     dash=PLACEHOLDER_DASH),
                Line(el.x, el.y, x2, y2, stroke=PLACEHOLDER_INK), Line(el.x, y2, x2, el.y, stroke=PLACEHOLDER_INK),
                Rect(el.x + (el.w - label_w) / 2, el.y + el.h / 2 - 4, label_w, 8, fill=PLACEHOLDER_FILL, stroke=None),
                Text(el.x + (el.w - label_w) / 2, el.y + el.h / 2 - 4, label_w, 8, label, size=PLACEHOLDER_LABEL_PT,
                     min_size=4, color=PLACEHOLDER_INK)]
        labels += [label] * (len(out) - len(labels))
        places += [place] * (len(out) - len(places))
    if len(out) == len(piece.elements):
        return piece
    return replace(piece, elements=tuple(out), labels=tuple(labels) if piece.labels else (),
                   places=tuple(places) if piece.places else ())


def _placeholder_notes(missing: dict[str, list[str]], deck: LoadedDeck) -> tuple[str, ...]:
    notes = []
    base = deck.file.parent
    for path, cards in missing.items():
        full = base.joinpath(path)  # an absolute path stays as it is
        shown = full.relative_to(base) if full.is_relative_to(base) else full
        first = ", ".join(c.split(" (")[0] for c in cards[:3]) + (", …" if len(cards) > 3 else "")
        notes.append(f"{shown} does not exist: drew a placeholder on {len(cards)} "
                     f"{'card' if len(cards) == 1 else 'cards'} ({first}) (--placeholders)")
    return tuple(notes)


def deck_components(deck: LoadedDeck, options: BuildOptions, art_exists: Callable[[str], bool]) -> list[Component]:
    """The deck's cards, then each of its sections (tiles, tokens, a board, dice), each a component of its own.

    ``--only`` and ``--where`` pick among the deck's own cards (their numbers and fields), so a subset build leaves
    the sections out, and says so."""
    if (options.only or options.where) and deck.sections:
        names = ", ".join(s.name for s in deck.sections)
        note = f"--only/--where pick among the deck's own cards: its sections ({names}) were not built"
        return _part_components(replace(deck, notes=(*deck.notes, note)), options, art_exists)
    out: list[Component] = []
    for part in (deck, *deck.sections):
        out.extend(_part_components(part, options, art_exists))
    return out


def _piece_facts(part: LoadedDeck) -> dict[str, object]:
    """``piece`` as its templates read it: the shape's name, size, centre and outline points."""
    if part.shape is not None:
        return part.shape.facts()
    shape = part.definition.piece.shape
    return {"shape": shape, "width": part.width, "height": part.height, "cx": part.width / 2,
            "cy": part.height / 2, "outline": [[0, 0], [part.width, 0], [part.width, part.height], [0, part.height]]}


def _part_components(deck: LoadedDeck, options: BuildOptions, art_exists: Callable[[str], bool]) -> list[Component]:
    d = deck.definition
    name = deck.name
    base = deck.file.parent
    contain = deck_containment(deck.file, options.templates, options.allow_outside)
    deck_info = {"title": d.title, "count": len(deck.cards), "hyphenate": d.hyphenate,
                 "direction": d.direction}
    cards = chosen_cards(deck, options)
    hashes = card_hashes(deck)
    notes = deck.notes
    record = None
    if options.changed:
        previous = (options.previous_cards or {}).get(name)
        if previous is None:
            raise InputError.single("--changed reprints the cards that differ from the last full build of this deck "
                                    "in the output folder, and its manifest.json records none with this --lang and "
                                    "--paper; build once without --changed", deck.file)
        cards = changed_cards(cards, hashes, previous)
        numbers = [c.index for c in cards]
        record = {"changed": {"cards": numbers, "of": len(deck.cards)}}
        if not cards:
            notes = (*notes, f"no card changed since the last full build (of {len(deck.cards)} cards)")
    fronts: list[Piece] = []
    backs: list[Piece] = []
    missing: dict[str, list[str]] = {}  # --placeholders: art file → the cards drawn without it
    shared = {"style": d.style, "deck": deck_info, "lang": options.lang, "piece": _piece_facts(deck)}
    outline = deck.shape.outline if deck.shape is not None else ()
    # each template compiled once for the deck: what does not read `card` is evaluated once
    front = CardRenderer(deck.front, shared, deck.width, deck.height, base, contain)
    back = CardRenderer(deck.back, shared, deck.width, deck.height, base, contain) if deck.back else None
    die = d.piece.shape == "die"
    front_reads = element_fields(deck.front)
    back_reads = element_fields(deck.back) if deck.back is not None else ()
    for card in cards:
        fields = {**card.fields, "index": card.index, "copy": card.copy}
        if die:
            fields["face"] = (card.index - 1) % 6 + 1
        title = card.fields.get("name")
        label = _card_label(card, title, card.source)
        pieces = [with_families(_rendered(front, {"card": fields}, label, card, front_reads), deck.families)]
        if back is not None:
            pieces.append(with_families(_rendered(back, {"card": {**fields, **d.back_fields}}, label, card,
                                                  back_reads, "back of "), deck.families))
        if options.placeholders:
            pieces = [with_placeholders(p, missing, art_exists) for p in pieces]
        if outline:
            pieces = [replace(p, outline=outline) for p in pieces]
        fronts.append(pieces[0])
        if back is not None:
            backs.append(pieces[1])
    picked = ("changed" if options.changed else "", subset_label(options.only, options.where))
    subset = "-".join(p for p in picked if p)
    placeholder_notes = _placeholder_notes(missing, deck)
    if d.piece.shape == "board":
        many = len(fronts) > 1
        given = d.piece.seams
        seams = (tuple(given.x), tuple(given.y)) if given is not None else ((), ())
        return [BoardComponent(f"{name}-{i + 1}" if many else name, d.title if not many else f"{d.title} {i + 1}",
                               piece, overlap=d.piece.overlap, icon_dirs=deck.icon_dirs, seams=seams)
                for i, piece in enumerate(fronts)]
    kind = {"card": "cards", "square": "tiles", "hex": "tiles", "die": "dice"}.get(d.piece.shape, "tokens")
    return [CardComponent(name, d.title, tuple(fronts), tuple(backs) if deck.back is not None else None,
                          kind=kind, sources=deck.sources, notes=notes + placeholder_notes, subset=subset,
                          corner_radius=d.corner_radius, record=record, hashes=tuple(hashes[c.index] for c in cards),
                          numbers=tuple(c.index for c in cards) if subset else (), warnings=deck.warnings,
                          icon_dirs=deck.icon_dirs, safe_zone=d.safe_zone or 0.0, shape=deck.shape,
                          names=tuple(str(c.fields.get("name") or f"{d.title} {c.index}") for c in cards))]
