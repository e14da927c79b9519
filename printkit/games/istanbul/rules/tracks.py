"""What the tracks on the places mean for a player count, derived from what the tiles show.

**Ruby tracks** (Sultan's Palace, Gemstone Dealer; reference C8, C9).  Each track ends in a
ruby-only space.  At setup rubies go on the ruby space and every space below it down to the
marker for the player count, *that space included*.  The Sultan asks for the goods on the
uncovered spaces; the Gemstone Dealer asks for the highest uncovered price.  Taking a ruby
uncovers its space, so each purchase costs one step more.  The Gemstone Dealer's marker
space is read the same inclusive way as the Sultan's (the reference's recommendation; BGF
reads it as uncovered and is one price higher: see docs/istanbul.md).

**Post Office** (reference C10).  The mail indicators start covering the top row; a visit
takes every uncovered space, then the leftmost indicator still in the top row moves down,
or, when all are down, all move back up.  That gives a cycle of ``columns + 1`` visits.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.istanbul.model import BlackMarket, Istanbul, Market, PostOffice, TeaHouse, Tracks, Wainwright


@dataclass(frozen=True)
class SultanTrack:
    players: int
    first_covered: int  # 1-based goods space where the rubies start (the player-count marker)
    rubies: int
    costs: tuple[tuple[str, ...], ...]  # the goods asked for each ruby in turn


@dataclass(frozen=True)
class GemTrack:
    players: int
    rubies: int
    prices: tuple[int, ...]  # the price of each ruby in turn


@dataclass(frozen=True)
class PostVisit:
    goods: tuple[str, ...]
    lira: int


def sultan(tracks: Tracks, players: int) -> SultanTrack:
    palace = tracks.sultans_palace
    marker = next(m for m in palace.markers if players in m.players)
    spaces = palace.spaces
    # covered: goods spaces marker.space .. len(spaces), plus the ruby-only space
    rubies = len(spaces) - marker.space + 2
    costs = tuple(tuple(spaces[:k]) for k in range(marker.space - 1, len(spaces) + 1))
    return SultanTrack(players, marker.space, rubies, costs)


def gemstone(tracks: Tracks, players: int) -> GemTrack:
    dealer = tracks.gemstone_dealer
    marker = next(m for m in dealer.markers if players in m.players)
    k = dealer.prices.index(marker.price)  # index of the first covered price space (never 0: see definitions)
    # covered: price spaces k .. end, plus the ruby-only space, which is bought at the last price
    return GemTrack(players, len(dealer.prices) - k + 1, tuple(dealer.prices[k - 1:]))


def post_office_cycle(post: PostOffice) -> list[PostVisit]:
    """What each visit takes, from the starting position until the indicators are back on top."""
    columns = len(post.top)
    visits = []
    for down in range(columns + 1):  # the first `down` columns have their indicator in the bottom row
        uncovered = [post.top[c] if c < down else post.bottom[c] for c in range(columns)]
        visits.append(PostVisit(tuple(s.good for s in uncovered if s.good),
                                sum(s.lira or 0 for s in uncovered)))
    return visits


def black_market_jewelry(market: BlackMarket, total: int) -> int:
    """Jewelry for a 2d6 sum at the Black Market."""
    return next((b.jewelry for b in market.dice if b.from_ <= total <= b.to), 0)


def tea_house_lira(tea: TeaHouse, called: int, rolled: int) -> int:
    if not tea.call_min <= called <= tea.call_max:
        raise ValueError(f"call a number from {tea.call_min} to {tea.call_max}")
    return called if rolled >= called else tea.otherwise_lira


def market_price(market: Market, sold: int) -> int:
    return market.prices[sold - 1] if sold > 0 else 0


def capacities(wainwright: Wainwright) -> tuple[int, ...]:
    """Goods of each kind a wheelbarrow holds with 0, 1, ... extensions."""
    return tuple(wainwright.capacity_start + k for k in range(wainwright.extensions_to_max + 1))


@dataclass(frozen=True)
class Rubies:
    """Where the rubies go at setup, and how many the box needs."""

    wainwright: int
    small_mosque: int
    great_mosque: int
    sultan: int
    gemstone: int

    @property
    def total(self) -> int:
        return self.wainwright + self.small_mosque + self.great_mosque + self.sultan + self.gemstone


def rubies_at_setup(game: Istanbul, players: int) -> Rubies:
    per = game.setup.for_players(players)
    return Rubies(
        wainwright=game.tracks.wainwright.rubies_per_player * players,
        small_mosque=per.mosque_rubies,
        great_mosque=per.mosque_rubies,
        sultan=sultan(game.tracks, players).rubies,
        gemstone=gemstone(game.tracks, players).rubies,
    )
