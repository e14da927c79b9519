"""San Marco variants for 3–6 players on 6–10 districts: the rules we wrote, as functions.

A variant starts from the classic definition and changes only what the bigger table
needs.  Every number below is derived from the classic values in ``classic.yaml`` and the
settings in ``generator.yaml``; nothing here is a game constant.  What a variant may be
(table sizes, map sizes, ranks, dice) is ``variant:`` in ``generator.yaml``, and
:func:`check_request` is the one place that checks a request against it.

**Roles** (from the role table in ``generator.yaml``).  A round is played by *groups*: one
distributor (分牌者) and the deciders (選牌者) who pick from the offers.  The 3-player game is
one group of 1 + 2 (6 action + 4 limit cards, 3 offers); the 4-player game is two groups of
1 + 1 (5 + 3 cards, 2 offers).  Five players play one 3-player group and one 4-player pair;
six players play two 3-player groups.  The first distributor draws all other roles at random;
the groups play one after the other, as the two pairs of the 4-player game do.

**Deck scaling.**  Let A be the action cards and L the limit cards drawn per round
(summed over the groups), and A0 = 10, L0 = 6 the largest values of the classic role table
(4 players).  With f_A = max(1, A / A0) and f_L = max(1, L / L0):

* district cards per district = max(min_district_cards, ⌈5 · 6 · f_A / n⌉) for n districts
  (the classic 30 district cards, spread over the map, grown with the table);
* bridge, transfer, Doge and banishment cards = classic count · f_A, rounded half up;
* limit cards = 28 · f_L rounded half up, split 8 : 10 : 10 over the values 1, 2, 3 by
  largest remainder (ties to the smaller value);
* bridge supply = max(12, players · start bridges + bridge cards): every start bridge and
  every bridge card can get a new bridge, as in the classic game (3 × 2 + 6 = 12);
* bridges per pair of districts: from the role table (2 for 3 players as the seed prefers,
  else 3), and each pair of neighbours gets that many bridge sites.

The classic game is the fixed point: for 6 districts and 3 or 4 players the formulas give
the published counts (checked in the tests).

**Die.**  The setup die is the smallest of ``variant.die_sizes`` (d6, d8, d10, d12) with a
face per district;
faces above the district count mean "roll again".  Banishment keeps the classic d6, so a
bigger die does not make banishment stronger.

**Scoring ranks.**  2 (classic) or 3 per district (``variant.ranks``).  Ties: the tied players get the value of
the next lower rank (nothing if there is none) and use up the ranks they share; the next
player after them ranks below all of them.  With 2 ranks this is the classic rule: a tie for
first pays everyone tied the second value and nobody else scores; a tie for second pays
nothing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from printkit.engine.errors import InputError, Problem
from printkit.games.san_marco.model.game import (
    ActionCard,
    Adjacency,
    BridgeSite,
    DieScheme,
    District,
    GeneratorConfig,
    LimitCard,
    Localized,
    MapDef,
    PlayerCount,
    SanMarcoDefinition,
    VariantInfo,
)
from printkit.games.san_marco.rules.map import GenMap, MapGenerationError, generate_map

__all__ = [
    "MapGenerationError",
    "VariantRequest",
    "check_request",
    "die_sides",
    "generate_map",
    "generate_variant",
    "round_half_up",
    "scale_limit_cards",
    "scaled_counts",
    "score_district",
]

GENERATOR_NAME = "printkit san-marco variant v2"


@dataclass(frozen=True)
class VariantRequest:
    """A checked request for a variant, with the defaults of ``generator.yaml`` filled in."""

    players: int
    districts: int
    ranks: int
    style: str


def _or(values: Sequence[object]) -> str:
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _whole(option: str, value: object, problems: list[Problem]) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    try:
        return int(str(value))
    except ValueError:
        problems.append(Problem(f"{option}: a whole number, not {value!r}"))
        return None


def check_request(gen: GeneratorConfig, players: object, districts: object = None, ranks: object = None,
                  style: object = None) -> VariantRequest:
    """Check a variant request against ``variant:`` in ``generator.yaml`` and fill in defaults.

    ``players`` is required (the caller picks the default table); ``None`` for the others
    means "the default for this table" (districts, ranks) or the first style.  Every
    problem is reported at once, named by its command-line option, as an :class:`InputError`.
    """
    v = gen.variant
    problems: list[Problem] = []
    p = _whole("--players", players, problems)
    if p is not None and not v.players[0] <= p <= v.players[1]:
        problems.append(Problem(f"--players: a San Marco variant is for {v.players[0]} to {v.players[1]} "
                                f"players, not {p}"))
        p = None
    n = None if districts is None else _whole("--districts", districts, problems)
    if n is not None and not v.districts[0] <= n <= v.districts[1]:
        problems.append(Problem(f"--districts: choose {v.districts[0]} to {v.districts[1]} districts, not {n}"))
    r = None if ranks is None else _whole("--ranks", ranks, problems)
    if r is not None and r not in v.ranks:
        problems.append(Problem(f"--ranks: choose {_or(v.ranks)} scoring ranks, not {r}"))
    name = gen.styles[0].name if style is None else str(style)
    if gen.style(name) is None:
        problems.append(Problem(f"--style: choose {_or([s.name for s in gen.styles])}, not {name!r}"))
    if problems:
        raise InputError(problems)
    assert p is not None  # every problem above was reported
    return VariantRequest(players=p, districts=v.default_districts[p] if n is None else n,
                          ranks=gen.default_ranks[p] if r is None else r, style=name)


def round_half_up(x: float) -> int:
    # Python's round() rounds halves to even; the written rule says "half up"
    return math.floor(x + 0.5 + 1e-9)


def die_sides(n_districts: int, sizes: Sequence[int]) -> int:
    """The smallest die in ``sizes`` (``variant.die_sizes``) with a face per district."""
    for s in sizes:
        if s >= n_districts:
            return s
    raise ValueError(f"no die for {n_districts} districts (at most d{max(sizes)})")


def _per_round(pc: PlayerCount) -> tuple[int, int]:
    return sum(g.action_cards for g in pc.groups), sum(g.limit_cards for g in pc.groups)


def scaled_counts(base: SanMarcoDefinition, roles: PlayerCount, n_districts: int,
                  min_district_cards: int) -> dict[str, int]:
    """Action-card counts per type (district: per district) and the bridge supply."""
    a0 = max(_per_round(pc)[0] for pc in base.rules.player_counts)
    a, _ = _per_round(roles)
    f_a = max(1.0, a / a0)
    n0 = len(base.map.districts)
    out: dict[str, int] = {}
    for card in base.decks.action:
        if card.type == "district":
            total = (card.count_per_district or 0) * n0 * f_a
            out["district"] = max(min_district_cards, math.ceil(total / n_districts - 1e-9))
        else:
            out[card.type] = round_half_up((card.count or 0) * f_a)
    out["bridge_supply"] = max(base.rules.bridge_supply,
                               roles.players * roles.start_bridges + out.get("bridge", 0))
    return out


def scale_limit_cards(base: SanMarcoDefinition, roles: PlayerCount) -> tuple[LimitCard, ...]:
    l0 = max(_per_round(pc)[1] for pc in base.rules.player_counts)
    _, lim = _per_round(roles)
    f_l = max(1.0, lim / l0)
    base_total = sum(c.count for c in base.decks.limit)
    total = round_half_up(base_total * f_l)
    shares = [(c.value, c.count * total / base_total) for c in base.decks.limit]
    counts = {v: math.floor(s) for v, s in shares}
    left = total - sum(counts.values())
    # largest remainder first; equal remainders go to the smaller value
    for v, _s in sorted(shares, key=lambda vs: (-(vs[1] - math.floor(vs[1])), vs[0]))[:left]:
        counts[v] += 1
    return tuple(LimitCard(value=v, count=counts[v]) for v, _ in shares)


def score_district(nobles: Mapping[str, int], prestige: tuple[int, ...]) -> dict[str, int]:
    """Points each player gets when a district is scored (players with no noble get 0)."""
    groups: dict[int, list[str]] = {}
    for player, n in nobles.items():
        if n > 0:
            groups.setdefault(n, []).append(player)
    out = dict.fromkeys(nobles, 0)
    rank = 0  # 0-based index into prestige
    for n in sorted(groups, reverse=True):
        tied = groups[n]
        value_rank = rank if len(tied) == 1 else rank + 1
        value = prestige[value_rank] if value_rank < len(prestige) else 0
        for p in tied:
            out[p] = value
        rank += len(tied)
    return out


def _neighbours(gm: GenMap) -> dict[int, set[int]]:
    nb: dict[int, set[int]] = {i: set() for i in range(len(gm.districts))}
    for p in gm.pairs:
        nb[p.a].add(p.b)
        nb[p.b].add(p.a)
    return nb


def _prestige(rng: random.Random, gen: GeneratorConfig, ranks: int, capital: bool) -> tuple[int, ...]:
    cfg = gen.prestige
    if capital:
        return tuple(cfg.capital[:ranks])
    top = min(cfg.first[1], cfg.capital[0] - 1)
    values = [rng.randint(cfg.first[0], max(cfg.first[0], top))]
    for _ in range(ranks - 1):
        values.append(max(cfg.minimum, values[-1] - rng.randint(cfg.drop[0], cfg.drop[1])))
    return tuple(values)


def generate_variant(base: SanMarcoDefinition, gen: GeneratorConfig, players: int, districts: int,
                     ranks: int | None = None, seed: int = 1, style: str = "lagoon") -> SanMarcoDefinition:
    """A complete, playable definition; the same arguments always give the same definition.

    Raises :class:`InputError` for a request outside ``variant:`` in ``generator.yaml``.
    """
    req = check_request(gen, players, districts, ranks, style)
    ranks = req.ranks
    st = gen.style(style)
    assert st is not None  # checked
    roles_all = {pc.players: pc for pc in gen.roles}
    roles = roles_all[players]
    # the variant also carries the roles of every smaller table it allows
    counts_for = [pc for n, pc in sorted(roles_all.items()) if gen.variant.players[0] <= n <= players]
    per_pair = max(pc.bridge_limit_per_pair for pc in counts_for)

    gm = generate_map(districts, seed, st, gen.map, sites_per_pair=per_pair)
    rng = random.Random(f"san-marco-variant/{style}/{districts}/{players}/{ranks}/{seed}")
    nb = _neighbours(gm)
    # the capital (tie-breaks, top values) is the best-connected district, then the roomiest
    capital = min(range(districts), key=lambda i: (-len(nb[i]), -gm.districts[i].room, i))
    others = [i for i in range(districts) if i != capital]
    names = list(st.names[1:])
    rng.shuffle(names)
    colors = list(st.colors[1:])
    rng.shuffle(colors)
    sides = die_sides(districts, gen.variant.die_sizes)
    faces = list(range(1, districts + 1))
    rng.shuffle(faces)

    made: list[District] = []
    for i, g in enumerate(gm.districts):
        k = others.index(i) if i != capital else -1
        name = st.names[0] if i == capital else names[k]
        made.append(District(
            id=_ident(name.en, i),
            name=name,
            die=(faces[i],),
            prestige=_prestige(rng, gen, ranks, i == capital),
            color=st.colors[0] if i == capital else colors[k],
            outline=g.outline,
            label=g.label,
            provenance={"name": "house", "die": "house", "prestige": "house", "outline": "house"},
        ))
    ids = [d.id for d in made]
    adjacency = tuple(
        Adjacency(a=ids[p.a], b=ids[p.b], sites=tuple(BridgeSite(x=s.x, y=s.y, angle=s.angle) for s in p.sites))
        for p in gm.pairs
    )
    map_def = MapDef(style=style, sea_color=st.sea_color, land_color=st.land_color, width=gm.width,
                     height=gm.height, canal_width=gm.canal_width, land=gm.land,
                     districts=tuple(made), adjacency=adjacency,
                     provenance={"adjacency": "house", "shapes": "house"})

    counts = scaled_counts(base, roles, districts, gen.min_district_cards)
    action: list[ActionCard] = []
    for card in base.decks.action:
        if card.type == "district":
            action.append(card.model_copy(update={"count_per_district": counts["district"]}))
        else:
            action.append(card.model_copy(update={"count": counts[card.type]}))
    decks = base.decks.model_copy(update={
        "action": tuple(action),
        "limit": scale_limit_cards(base, roles),
        "provenance": {**base.decks.provenance, "action": "house", "limit": "house"},
    })
    rules = base.rules.model_copy(update={
        "bridge_supply": counts["bridge_supply"],
        "tie_break_district": ids[capital],
        "player_counts": tuple(counts_for),
        "provenance": {**base.rules.provenance, "bridge_supply": "house", "tie_break_district": "house",
                       "banishment_die": "house"},
    })
    title = Localized(en=f"San Marco — {players} players, {districts} districts",
                      de=f"San Marco — {players} Spieler, {districts} Viertel",
                      **{"zh-TW": f"聖馬可 — {players} 人、{districts} 區"})
    return SanMarcoDefinition(
        schema="printkit/san-marco/1",
        id=f"variant_{style}_{districts}d_{players}p_{ranks}r_seed{seed}",
        title=title,
        variant=VariantInfo(seed=seed, players=players, districts=districts, ranks=ranks, style=style,
                            generator=GENERATOR_NAME, min_district_cards=gen.min_district_cards),
        map=map_def,
        die=DieScheme(sides=sides, reroll=tuple(range(districts + 1, sides + 1)), provenance="house"),
        decks=decks,
        rules=rules,
        player_colors=base.player_colors,
        house_rules=base.house_rules,
    )


def _ident(name: str, i: int) -> str:
    s = "".join(ch if ch.isalnum() else "_" for ch in name.lower()).strip("_")
    while "__" in s:
        s = s.replace("__", "_")
    return s if s and s[0].isalpha() else f"district_{i + 1}"
