"""A simple random self-play of the rules, to make final gardens for tests and benchmarks.

Every choice (card, tile, gardener space, noble move) is drawn at random among the legal
ones, so each final garden is legal by construction and its score-track total is known move
by move.  Deterministic for a given seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from printkit.games.sanssouci.model import GARDENER, Cell, EndOfGame, Game, Garden, Kind, PlayCard, PlayerEnd
from printkit.games.sanssouci.rules.garden import (
    gardener_spaces,
    new_garden,
    noble_destinations,
    target,
    with_cell,
    with_noble,
)

Slot = tuple[str, int]  # a display space: (colour, index)


@dataclass(frozen=True)
class PlayedGame:
    end: EndOfGame
    noble_points: tuple[tuple[int, ...], ...]  # per player, the points of each noble move in order
    set_aside: tuple[int, ...]  # per player, tiles whose gardener found no free space


def allowed_slots(card: PlayCard, display: dict[Slot, str | None]) -> list[Slot]:
    """Display spaces a card may take a tile from.

    A pair takes from its two colours; an element card takes that element from any colour, or
    any tile when the display has none of it; the joker takes any tile.
    """
    full = [s for s, e in display.items() if e is not None]
    if card.kind == "pair":
        return [s for s in full if s[0] in card.colours]
    if card.kind == "element":
        same = [s for s in full if display[s] == card.element]
        return same or full
    return full


def play(game: Game, players: int, seed: int, move_chance: float = 0.75) -> PlayedGame:
    """Play one whole game of ``players`` with random legal choices."""
    rng = random.Random(seed)
    per_element = game.tiles_used(players)
    bag = [e.id for e in game.elements for _ in range(per_element)]
    rng.shuffle(bag)
    display: dict[Slot, str | None] = {
        (colour, k): bag.pop() for colour in game.display_colours() for k in range(game.display_per_colour)
    }
    stacks: list[list[str]] = [bag[k::game.stacks] for k in range(game.stacks)]

    boards = rng.sample(range(1, len(game.sides) // 2 + 1), players)
    sides = [2 * b - 1 + rng.randrange(2) for b in boards]
    colours = [c.id for c in game.player_colours[:players]]
    mission_pile = [e.id for e in game.elements]
    rng.shuffle(mission_pile)
    missions = [tuple(mission_pile.pop() for _ in range(game.missions_per_player)) for _ in range(players)]
    decks = []
    for _ in range(players):
        deck = list(game.deck)
        rng.shuffle(deck)
        decks.append(deck)
    hands = [[d.pop() for _ in range(game.hand)] for d in decks]
    gardens = [new_garden(game, s) for s in sides]
    points: list[list[int]] = [[] for _ in range(players)]
    aside = [0] * players

    for _turn in range(game.turns):
        for p in range(players):
            hand = hands[p]
            playable = [c for c in hand if allowed_slots(c, display)]
            if not playable:  # the display ran dry: cannot happen with the tile split, kept safe
                hand.pop(rng.randrange(len(hand)))
            else:
                card = rng.choice(playable)
                hand.remove(card)
                slot = rng.choice(allowed_slots(card, display))
                element = display[slot]
                assert element is not None
                display[slot] = None
                gardens[p], placed = _place(game, gardens[p], element, slot[0], rng)
                aside[p] += not placed
                gardens[p] = _maybe_move(game, gardens[p], points[p], rng, move_chance)
                filled = [s for s in stacks if s]
                if filled:
                    display[slot] = rng.choice(filled).pop()
            if decks[p]:
                hand.append(decks[p].pop())

    ends = tuple(
        PlayerEnd(name=f"P{p + 1}", colour=colours[p], garden=gardens[p], missions=missions[p],
                  track=sum(points[p]))
        for p in range(players)
    )
    return PlayedGame(EndOfGame(ends), tuple(tuple(x) for x in points), tuple(aside))


def _place(game: Game, garden: Garden, element: str, colour: str, rng: random.Random) -> tuple[Garden, bool]:
    row, column = target(game, element, colour)
    if not garden.at(row, column).built:
        return with_cell(garden, row, column, Cell(Kind.TILE, element)), True
    free = gardener_spaces(garden, row, column)
    if not free:
        return garden, False  # house rule: the tile is set aside
    r, c = rng.choice(free)
    return with_cell(garden, r, c, GARDENER), True


def _maybe_move(game: Game, garden: Garden, points: list[int], rng: random.Random, chance: float) -> Garden:
    if rng.random() >= chance:
        return garden
    options = [(c, r) for c in range(1, game.columns + 1) for r in noble_destinations(garden, c)]
    if not options:
        return garden
    column, row = rng.choice(options)
    points.append(game.row_value(row))
    return with_noble(garden, column, row)
