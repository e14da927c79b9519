"""Load San Marco definitions, the variant generator settings and the aid texts.

Pydantic checks each value; the checks here need the whole document (a die face used twice,
a bridge site for an unknown district) and report the exact line of the offending value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import yaml

from printkit.engine.errors import InputError
from printkit.engine.source import Document, load_document, parse_text
from printkit.engine.template.files import SearchPath, merged_style
from printkit.games.san_marco.model.game import GeneratorConfig, SanMarcoDefinition
from printkit.games.san_marco.model.printing import SanMarcoStyle, SanMarcoTexts
from printkit.games.san_marco.rules.geometry import point_in_polygon

BUNDLED = Path(__file__).resolve().parent / "data"
CLASSIC = BUNDLED / "classic.yaml"
SIX_PLAYERS = BUNDLED / "six-players.yaml"
GENERATOR = BUNDLED / "generator.yaml"
TEXTS = BUNDLED / "texts.yaml"
# The texts added since texts.yaml: the aid's worked example, the booklet, the setup sheet, the kit notes.
# Each file holds its own keys; a key in two files is an error, so one never silently shadows another.
MORE_TEXTS = (BUNDLED / "aid.yaml", BUNDLED / "booklet.yaml", BUNDLED / "setup.yaml", BUNDLED / "notes.yaml")


def load(path: str | Path = CLASSIC) -> SanMarcoDefinition:
    return from_document(load_document(path))


def parse(text: str, file: str = "<input>") -> SanMarcoDefinition:
    return from_document(parse_text(text, file))


def from_document(doc: Document) -> SanMarcoDefinition:
    if not isinstance(doc.data, dict):
        raise doc.error([], "a San Marco definition must be a YAML mapping (schema:, map:, decks:, rules: ...)")
    game = doc.validate(SanMarcoDefinition, kind="san-marco")
    problems = [doc.problem(path, msg) for path, msg in check(game)]
    if problems:
        raise InputError(problems)
    return game


def load_generator(path: str | Path = GENERATOR) -> GeneratorConfig:
    return load_document(path).validate(GeneratorConfig)


def load_texts(path: str | Path = TEXTS, more: Sequence[Path] = MORE_TEXTS) -> SanMarcoTexts:
    """The texts of ``path`` and of the ``more`` files, merged; a key given twice names both files."""
    root = dict(load_document(path).validate(SanMarcoTexts).root)
    where = dict.fromkeys(root, Path(path).name)
    for extra in more:
        doc = load_document(extra)
        for key, text in doc.validate(SanMarcoTexts).root.items():
            if key in root:
                raise doc.error([key], f"text `{key}` is already given in {where[key]}")
            root[key], where[key] = text, extra.name
    return SanMarcoTexts(root)


def load_style(search: SearchPath | None = None) -> SanMarcoStyle:
    """The kit's look: the bundled ``style.yaml`` with a user's ``style.yaml`` (``--templates``) merged
    over it, so a restyle names only what it changes."""
    return merged_style(search or SearchPath(game="san-marco")).validate(SanMarcoStyle)


Issue = tuple[Sequence[Any], str]


def check(game: SanMarcoDefinition) -> list[Issue]:
    """Cross-field rules; each issue is (path into the document, message)."""
    out: list[Issue] = []
    districts = game.map.districts
    ids = [d.id for d in districts]
    _duplicates(ids, lambda i: ("map", "districts", i, "id"), "district id", out)

    faces: dict[int, str] = {}
    for i, d in enumerate(districts):
        for k, f in enumerate(d.die):
            if not 1 <= f <= game.die.sides:
                out.append((("map", "districts", i, "die", k), f"die face {f} is not on a d{game.die.sides}"))
            elif f in faces:
                out.append((("map", "districts", i, "die", k), f"die face {f} already means {faces[f]}"))
            else:
                faces[f] = d.id
    for k, f in enumerate(game.die.reroll):
        if f in faces:
            out.append((("die", "reroll", k), f"face {f} is both 'roll again' and {faces[f]}"))
        faces.setdefault(f, "roll again")
    missing = [f for f in range(1, game.die.sides + 1) if f not in faces]
    if missing:
        out.append((("die", "sides"),
                    f"die faces {missing} name no district; add them to a district's die or to die.reroll"))

    for i, d in enumerate(districts):
        if not point_in_polygon(d.label, d.outline):
            out.append((("map", "districts", i, "label"), f"label point {list(d.label)} is outside {d.id}'s outline"))

    limit = max(pc.bridge_limit_per_pair for pc in game.rules.player_counts)
    seen_pairs: dict[frozenset[str], int] = {}
    for i, a in enumerate(game.map.adjacency):
        for end in ("a", "b"):
            if getattr(a, end) not in ids:
                out.append((("map", "adjacency", i, end),
                            f"unknown district {getattr(a, end)!r}; known: {', '.join(ids)}"))
        if a.a == a.b:
            out.append((("map", "adjacency", i, "b"), "a district cannot neighbour itself"))
        key = frozenset((a.a, a.b))
        if key in seen_pairs:
            out.append((("map", "adjacency", i), f"{a.a}–{a.b} is listed twice (also entry {seen_pairs[key]})"))
        seen_pairs[key] = i
        if len(a.sites) < limit:
            out.append((("map", "adjacency", i, "sites"),
                        f"{len(a.sites)} bridge sites, but the rules allow {limit} bridges per pair"))
    if not out and not _connected(ids, [(a.a, a.b) for a in game.map.adjacency]):
        out.append((("map", "adjacency"), "some districts cannot be reached over bridges from the others"))

    if game.rules.tie_break_district not in ids:
        out.append((("rules", "tie_break_district"), f"unknown district {game.rules.tie_break_district!r}"))

    types = [c.type for c in game.decks.action]
    _duplicates(types, lambda i: ("decks", "action", i, "type"), "card type", out)
    if "district" not in types:
        out.append((("decks", "action"), "the action deck needs a 'district' entry (count_per_district)"))

    counts = [pc.players for pc in game.rules.player_counts]
    _duplicates(counts, lambda i: ("rules", "player_counts", i, "players"), "player count", out)
    for i, pc in enumerate(game.rules.player_counts):
        if pc.players > len(game.player_colors):
            out.append((("rules", "player_counts", i, "players"), f"only {len(game.player_colors)} player_colors"))
        need = pc.players * pc.start_bridges
        if need > game.rules.bridge_supply:
            out.append((("rules", "bridge_supply"),
                        f"{pc.players} players place {need} bridges at setup, more than the supply"))
    return out


def _duplicates(values: list[Any], where: Callable[[int], Sequence[Any]], what: str, out: list[Issue]) -> None:
    seen: set[Any] = set()
    for i, v in enumerate(values):
        if v in seen:
            out.append((where(i), f"{what} {v!r} appears twice"))
        seen.add(v)


def _connected(ids: list[str], edges: list[tuple[str, str]]) -> bool:
    if not ids:
        return True
    seen = {ids[0]}
    todo = [ids[0]]
    while todo:
        x = todo.pop()
        for a, b in edges:
            for u, v in ((a, b), (b, a)):
                if u == x and v not in seen:
                    seen.add(v)
                    todo.append(v)
    return len(seen) == len(ids)


# --- YAML text ------------------------------------------------------------------------------

HEADER = """\
# {title}
# Generated by `printkit build san-marco --players {players} --districts {districts} --ranks {ranks}
#   --style {style} --seed {seed}`; the same command always writes this same file.
# Edit anything (names, values, die faces, bridge sites, card counts) and rebuild with
#   printkit build THIS-FILE.yaml
# provenance: source = published rules, seed = the Chinese write-up, house = printkit's choice.
# Coordinates are millimetres on the map area, y pointing down.
"""


class _Dumper(yaml.SafeDumper):
    pass


def _is_scalar(v: Any) -> bool:
    return isinstance(v, str | int | float | bool) or v is None


def _repr_list(d: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    # short lists of numbers and point lists read best on one line: [1, 2] / [[x, y], ...]
    flow = all(_is_scalar(v) for v in data) or all(isinstance(v, list) and all(map(_is_scalar, v)) for v in data)
    return d.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow and bool(data))


def _repr_dict(d: yaml.SafeDumper, data: dict[str, Any]) -> yaml.Node:
    flow = len(data) <= 4 and all(_is_scalar(v) for v in data.values())
    return d.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


_Dumper.add_representer(list, _repr_list)
_Dumper.add_representer(dict, _repr_dict)


def _plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    if isinstance(v, float) and v.is_integer():
        return int(v)  # "278" not "278.0": easier to read and edit
    return v


def definition_yaml(game: SanMarcoDefinition) -> str:
    data = _plain(game.model_dump(mode="python", by_alias=True, exclude_defaults=False))
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110)
    v = game.variant
    if v is None:
        return body
    head = HEADER.format(title=game.title.en, players=v.players, districts=v.districts, ranks=v.ranks,
                         style=v.style, seed=v.seed)
    return head + body
