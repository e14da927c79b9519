"""Do the piles last?  A passage of San Marco simulated card by card, to count empty piles.

Only the draws matter here, not the board: each round every group's distributor draws its
action and limit cards; the limit cards are split at random into the group's offers and every
member of the group takes one offer (a player who is near the limit avoids the offer with the
most limit points when they can choose).  Action cards are played at once and go to the used
pile; limit cards stay with their player until the passage ends.

Rules that cover an empty pile (printed in the rules booklet and on the aid):

* action pile empty: shuffle the used action cards into a new pile (house rule ``reshuffle``);
  :func:`simulate_passage` reports if that could ever leave a distributor short;
* limit pile empty: the distributor draws what is left, and the round in progress is the
  passage's last (house rule ``limit_pile_empty``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from printkit.games.san_marco.model.game import PlayerCount, RoleGroup


@dataclass(frozen=True)
class PassageResult:
    rounds: int
    action_drawn: int
    limit_drawn: int
    action_reshuffles: int
    action_short: bool  # a draw could not be completed even after reshuffling the used cards
    limit_ran_out: bool  # the limit pile was empty (or too thin) for a draw
    action_left: tuple[int, int]  # (pile, used) at the end, carried into the next passage


def pair_of(tables: Mapping[int, PlayerCount]) -> RoleGroup:
    """The group two players play in a final round: a pair of the 4-player game."""
    return tables[4].groups[0] if 4 in tables else min((g for pc in tables.values() for g in pc.groups),
                                                           key=lambda g: g.deciders)


def _roles_for(active: int, tables: Mapping[int, PlayerCount], pair: RoleGroup) -> tuple[RoleGroup, ...]:
    """The groups for ``active`` players; 2 players play one pair (house rule ``final_round_roles``)."""
    return tables[active].groups if active in tables else (pair,)


def simulate_passage(players: int, action_cards: int, limit_values: Sequence[int],
                     tables: Mapping[int, PlayerCount], threshold: int, rng: random.Random,
                     pair: RoleGroup, action_state: tuple[int, int] | None = None) -> PassageResult:
    """One passage with a shuffled deck of ``action_cards`` and the given limit cards."""
    limit_pile = list(limit_values)
    rng.shuffle(limit_pile)
    action_pile, used = action_state or (action_cards, 0)
    totals = [0] * players
    active = list(range(players))
    rounds = action_drawn = limit_drawn = reshuffles = 0
    short = ran_out = False
    final = False
    while True:
        rounds += 1
        seats = active[:]
        rng.shuffle(seats)
        for g in _roles_for(len(active), tables, pair):
            members, seats = seats[:1 + g.deciders], seats[1 + g.deciders:]
            if action_pile < g.action_cards:
                action_pile, used, reshuffles = action_pile + used, 0, reshuffles + 1
                short = short or action_pile < g.action_cards
            take = min(g.action_cards, action_pile)
            action_pile -= take
            used += take
            action_drawn += take
            if len(limit_pile) < g.limit_cards:
                ran_out = True
            drawn, limit_pile = limit_pile[:g.limit_cards], limit_pile[g.limit_cards:]
            limit_drawn += len(drawn)
            offers: list[list[int]] = [[] for _ in range(g.offers)]
            for v in drawn:
                offers[rng.randrange(g.offers)].append(v)
            # deciders pick in turn, the distributor takes the last offer
            for p in [*members[1:], members[0]]:
                near = totals[p] + min((sum(o) for o in offers), default=0) >= threshold - 3
                pick = min(range(len(offers)), key=lambda k: sum(offers[k])) if near else rng.randrange(len(offers))
                totals[p] += sum(offers.pop(pick))
        if final or ran_out:
            break
        if any(t >= threshold for t in totals):
            below = [p for p in range(players) if totals[p] < threshold]
            if len(below) < 2:
                break
            active, final = below, True
    return PassageResult(rounds, action_drawn, limit_drawn, reshuffles, short, ran_out, (action_pile, used))


@dataclass(frozen=True)
class SupplyReport:
    passages: int
    limit_ran_out: int
    action_reshuffles: int
    action_short: int
    most_rounds: int


def simulate(players: int, action_cards: int, limit_values: Sequence[int], tables: Mapping[int, PlayerCount],
             threshold: int, passages: int, seed: int, pair: RoleGroup,
             game_passages: int = 3) -> SupplyReport:
    """About ``passages`` passages (whole games of ``game_passages``) from one seeded generator."""
    rng = random.Random(f"san-marco-supply/{players}/{seed}")
    results: list[PassageResult] = []
    while len(results) < passages:  # whole games: the action pile carries over, limit cards are reshuffled
        state: tuple[int, int] | None = None
        for _ in range(game_passages):
            r = simulate_passage(players, action_cards, limit_values, tables, threshold, rng, pair, state)
            results.append(r)
            state = r.action_left
    return SupplyReport(len(results), sum(r.limit_ran_out for r in results),
                        sum(r.action_reshuffles for r in results), sum(r.action_short for r in results),
                        max(r.rounds for r in results))
