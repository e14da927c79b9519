"""Load Istanbul's data files into :class:`~printkit.games.istanbul.model.Istanbul`.

Pydantic checks each value's shape; the checks here need a whole file or several files (a
layout that names every place exactly once, a marker for every player count) and report
the line and column of the offending value.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from printkit.engine.errors import InputError, Problem
from printkit.engine.rulebook import RuleTexts
from printkit.engine.source import load_document
from printkit.engine.template.files import SearchPath, merged_style
from printkit.games.istanbul.model import Istanbul, Layouts, Pieces, Places, Setup, Style, Texts, Tracks

DATA = Path(__file__).parent / "data"
FILES = ("places", "tracks", "layouts", "pieces", "setup", "texts")

Issue = tuple[str, Sequence[Any], str]  # (file key, path inside it, message)


def load(data_dir: str | Path = DATA) -> Istanbul:
    """Every file of ``data_dir`` validated and cross-checked; all problems reported at once."""
    docs = {name: load_document(Path(data_dir) / f"{name}.yaml") for name in FILES}
    models = {"places": Places, "tracks": Tracks, "layouts": Layouts, "pieces": Pieces, "setup": Setup,
              "texts": Texts}
    parsed: dict[str, Any] = {}
    problems: list[Problem] = []
    for name, doc in docs.items():
        if not isinstance(doc.data, dict):
            problems.append(doc.problem([], f"{name}.yaml must be a YAML mapping"))
            continue
        try:
            parsed[name] = doc.validate(models[name], kind=f"istanbul-{name}")
        except InputError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InputError(problems)
    game = Istanbul(**parsed)
    issues = check(game)
    if issues:
        raise InputError([docs[file].problem(path, msg) for file, path, msg in issues])
    return game


def load_style(search: SearchPath | None = None) -> Style:
    """The kit's look: the bundled ``templates/istanbul/style.yaml`` with a user's ``style.yaml``
    (``--templates DIR/istanbul/``) merged over it, so a restyle names only what it changes."""
    return merged_style(search or SearchPath(game="istanbul")).validate(Style, kind="istanbul-style")


def check(game: Istanbul) -> list[Issue]:
    """Rules that span files; each issue is (file, path into it, message)."""
    out: list[Issue] = []
    numbers = [p.number for p in game.places.places]
    for i, n in enumerate(numbers):
        if numbers.index(n) != i:
            out.append(("places", ("places", i, "number"), f"place number {n} appears twice"))
    ids = [p.id for p in game.places.places]
    for i, pid in enumerate(ids):
        if ids.index(pid) != i:
            out.append(("places", ("places", i, "id"), f"place id {pid!r} appears twice"))
    known = set(numbers)

    lay = game.layouts
    cells = lay.rows * lay.columns
    if cells != len(known):
        out.append(("layouts", ("rows",), f"{lay.rows}×{lay.columns} grid has {cells} cells for {len(known)} places"))
    for i, fixed in enumerate(lay.fixed):
        where = ("fixed", i, "grid")
        if len(fixed.grid) != lay.rows or any(len(r) != lay.columns for r in fixed.grid):
            out.append(("layouts", where, f"layout {fixed.id!r} must be {lay.rows} rows of {lay.columns}"))
            continue
        flat = [n for row in fixed.grid for n in row]
        if sorted(flat) != sorted(known):
            missing = sorted(known - set(flat))
            twice = sorted({n for n in flat if flat.count(n) > 1})
            out.append(("layouts", where, f"layout {fixed.id!r} must name every place once; "
                                          f"missing {missing}, twice {twice}"))
    fixed_ids = [f.id for f in lay.fixed]
    for i, name in enumerate(lay.printed_positions):
        if name not in fixed_ids:
            out.append(("layouts", ("printed_positions", i), f"unknown layout {name!r}; known: {fixed_ids}"))
    rnd = lay.random
    for i, pos in enumerate(rnd.centre_positions):
        if not 1 <= pos <= cells:
            out.append(("layouts", ("random", "centre_positions", i), f"position {pos} is not in 1..{cells}"))
    for path, n in [(("random", "centre_place"), rnd.centre_place),
                    *((("random", "apart", "places", i), n) for i, n in enumerate(rnd.apart.places))]:
        if n not in known:
            out.append(("layouts", path, f"unknown place {n}"))
    if rnd.centre_place in rnd.apart.places:
        out.append(("layouts", ("random", "apart", "places"), "the centre place cannot be one of the apart places"))

    tracks = game.tracks
    counts = game.player_counts
    sultan = tracks.sultans_palace
    _one_marker_each(counts, [m.players for m in sultan.markers], ("sultans_palace", "markers"), out)
    for i, m in enumerate(sultan.markers):
        if m.space == 1:
            out.append(("tracks", ("sultans_palace", "markers", i, "space"),
                        "a marker on the first space leaves no goods to deliver"))
        if m.space > len(sultan.spaces):
            out.append(("tracks", ("sultans_palace", "markers", i, "space"),
                        f"space {m.space} is beyond the track's {len(sultan.spaces)} goods spaces"))
    gem = tracks.gemstone_dealer
    if list(gem.prices) != sorted(set(gem.prices)):
        out.append(("tracks", ("gemstone_dealer", "prices"), "prices must rise along the track"))
    _one_marker_each(counts, [m.players for m in gem.markers], ("gemstone_dealer", "markers"), out)
    for i, m in enumerate(gem.markers):
        if m.price not in gem.prices:
            out.append(("tracks", ("gemstone_dealer", "markers", i, "price"), f"no price space {m.price} on the track"))
        elif m.price == gem.prices[0]:
            out.append(("tracks", ("gemstone_dealer", "markers", i, "price"),
                        "a marker on the first price leaves no price uncovered"))
    for i, market in enumerate(tracks.markets):
        if market.place not in known:
            out.append(("tracks", ("markets", i, "place"), f"unknown place {market.place}"))
    bands = sorted((b.from_, b.to) for b in tracks.black_market.dice)
    for k, (a, b) in enumerate(bands):
        if a > b or (k and a <= bands[k - 1][1]):
            out.append(("tracks", ("black_market", "dice"), "dice bands must be increasing and not overlap"))
            break
    if tracks.tea_house.call_min > tracks.tea_house.call_max:
        out.append(("tracks", ("tea_house", "call_min"), "call_min is above call_max"))
    goods_seen = [a.good for a in tracks.mosques.abilities]
    for i, g in enumerate(goods_seen):
        if goods_seen.index(g) != i:
            out.append(("tracks", ("mosques", "abilities", i, "good"), f"good {g!r} has two mosque stacks"))

    setup = game.setup
    have = [p.players for p in setup.per_players]
    for n in counts:
        if n not in have:
            out.append(("setup", ("per_players",), f"no setup for {n} players"))
    if len(setup.starting_lira) < setup.players.max:
        out.append(("setup", ("starting_lira",), f"{len(setup.starting_lira)} amounts for up to "
                                                 f"{setup.players.max} players"))
    for i, pp in enumerate(setup.per_players):
        for k, t in enumerate(pp.mosque_tiles):
            if t not in tracks.mosques.tile_goods:
                out.append(("setup", ("per_players", i, "mosque_tiles", k), f"no mosque tile showing {t} goods"))
        for k, n in enumerate(pp.neutral_merchants):
            if n not in known:
                out.append(("setup", ("per_players", i, "neutral_merchants", k), f"unknown place {n}"))
    if len(setup.player_colors) < setup.players.max:
        out.append(("setup", ("player_colors",), f"{len(setup.player_colors)} colours for up to "
                                                 f"{setup.players.max} players"))
    for path, n in ((("start", "merchant_place"), setup.start.merchant_place),
                    (("start", "family_place"), setup.start.family_place)):
        if n not in known:
            out.append(("setup", path, f"unknown place {n}"))
    for i, card in enumerate(game.pieces.bonus_cards):
        if card.place is not None and card.place not in known:
            out.append(("pieces", ("bonus_cards", i, "place"), f"unknown place {card.place}"))
    return out


def _one_marker_each(counts: Sequence[int], markers: list[tuple[int, ...]], where: tuple[str, str],
                     out: list[Issue]) -> None:
    flat = [n for m in markers for n in m]
    for n in counts:
        if flat.count(n) != 1:
            out.append(("tracks", where, f"{flat.count(n)} markers for {n} players; a track needs exactly 1"))


RULE_TEXTS = ("booklet_title", "cover_note", "list_separator", "item", "nothing_else", "notes_title")
RULE_BLOCKS = ("booklet", "notes")


def load_rules(lang: str) -> RuleTexts:
    """The rules booklet and kit notes of one language (``data/rules/<lang>.yaml``)."""
    from printkit.engine.rulebook import load_rule_texts

    return load_rule_texts(DATA / "rules" / f"{lang}.yaml", RULE_TEXTS, RULE_BLOCKS)
