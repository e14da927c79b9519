"""The 16 place cards as template fields: number, names, action, positions and the values that matter.

A card printed for a player count (``players``) shows that count's values.  Without one it shows the
values of the largest table (4–5 players, as the real tiles do) and marks each value that changes with
the player count: the marked line starts with a flag, and the card's ``note`` lists the other counts.
Every number comes from the model through :mod:`printkit.games.istanbul.rules`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printkit.games.istanbul.layout.language import Words
from printkit.games.istanbul.model import Istanbul
from printkit.games.istanbul.rules import grid, tracks

FLAG = ":ist-flag:"


def icon(name: str) -> str:
    return f":ist-{name}:"


def counted(n: object, name: str) -> str:
    """``4 ♦``: a number and the icon it counts, joined by a no-break space so a line never splits them."""
    return f"{n}\u00a0{icon(name)}"


def groups(game: Istanbul, key: Callable[[int], object]) -> list[tuple[tuple[int, ...], object]]:
    """Player counts grouped by equal value, largest table first: [((4, 5), v), ((2, 3), w)]."""
    out: dict[object, list[int]] = {}
    for n in sorted(game.player_counts, reverse=True):
        out.setdefault(key(n), []).append(n)
    return [(tuple(sorted(ns)), v) for v, ns in out.items()]


def players_label(words: Words, counts: tuple[int, ...], sep: str = " / ") -> str:
    if len(counts) == 1:
        return words.label("players_n", sep, n=counts[0])
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        return words.label("players_range", sep, a=counts[0], b=counts[-1])
    return words.label("players_n", sep, n="/".join(map(str, counts)))


class PlaceText:
    """The per-place lines for one language mode and player count."""

    def __init__(self, game: Istanbul, words: Words, players: int | None) -> None:
        self.game, self.w, self.players = game, words, players
        self.counts = (players,) if players is not None else game.player_counts

    def _by_players(self, key: Callable[[int], object], line: Callable[[object], str]) -> tuple[list[str], list[str]]:
        """(lines for the shown table, marked notes for the others)."""
        found = groups(self.game, key) if self.players is None else [((self.players,), key(self.players))]
        shown_counts, shown = found[0]
        mark = len(found) > 1
        first = f"{FLAG} " if mark else ""
        head = players_label(self.w, shown_counts)
        lines = [f"{first}{head}{self.w.colon}{line(shown)}"]
        notes = [f"{players_label(self.w, counts)}{self.w.colon}{line(value)}" for counts, value in found[1:]]
        return lines, notes

    def details(self, number: int) -> tuple[str, str]:
        """(details, note) for a place; either may be ''."""
        method = getattr(self, f"_{self.game.place(number).id}", None)
        if method is None:
            return "", ""
        lines, notes = method()
        # two languages make each table's note long: one table a line, so none wraps into the next
        note = f"{FLAG} " + ("\n" if self.w.bilingual else self.w.clause).join(notes) if notes else ""
        return "\n".join(lines), note

    # --- one method per place with values --------------------------------------------------------------------

    def _wainwright(self) -> tuple[list[str], list[str]]:
        wr = self.game.tracks.wainwright
        caps = " → ".join(map(str, tracks.capacities(wr)))
        lines = [f"{icon('lira')} {wr.price} → {counted('+1', 'extension')}",
                 f"{self.w.label('capacity')}{self.w.colon}{caps}",
                 f"{self.w.label('nth', n=wr.ruby_with_extension)} {icon('extension')} → {icon('ruby')}"]
        if self.players is None:
            lines.append(f"{self.w.label('setup')}{self.w.colon}{counted(wr.extensions_per_player, 'extension')} + "
                         f"{counted(wr.rubies_per_player, 'ruby')} {self.w.label('per_player')}")
        else:
            n = self.players
            lines.append(f"{self.w.label('setup')}{self.w.colon}{counted(wr.extensions_per_player * n, 'extension')}"
                         f" + {counted(wr.rubies_per_player * n, 'ruby')}"
                         + self.w.paren(self.w.label('players_n', n=n)))
        return lines, []

    def _warehouse(self, good: str) -> tuple[list[str], list[str]]:
        return [f"{icon(good)} {icon(good)} {icon(good)} … {self.w.label('fill_up')}"], []

    def _fabric_warehouse(self) -> tuple[list[str], list[str]]:
        return self._warehouse("fabric")

    def _spice_warehouse(self) -> tuple[list[str], list[str]]:
        return self._warehouse("spice")

    def _fruit_warehouse(self) -> tuple[list[str], list[str]]:
        return self._warehouse("fruit")

    def _post_office(self) -> tuple[list[str], list[str]]:
        post = self.game.tracks.post_office  # the two rows are drawn (see ``track``); this is the cycle
        cycle = [f"{k}{self.w.colon}{''.join(icon(g) for g in v.goods)}+{v.lira}"
                 for k, v in enumerate(tracks.post_office_cycle(post), start=1)]
        # the label on its own line, then three visits a line, so a visit's goods and lira are never split
        rows = [self.w.clause.join(cycle[i:i + 3]) for i in range(0, len(cycle), 3)]
        head = self.w.label("mail_cycle") + self.w.colon.rstrip() + "\n"
        return [head + (self.w.clause.rstrip() + "\n").join(rows)], []

    def _fountain(self) -> tuple[list[str], list[str]]:
        return [self.w.label("start_here")], []

    def _black_market(self) -> tuple[list[str], list[str]]:
        bm = self.game.tracks.black_market
        take = " / ".join(icon(g) for g in bm.take_one_of)
        rolls = [f"{b.from_}–{b.to}{self.w.colon}{icon('jewelry') * b.jewelry}" for b in bm.dice]
        return [f"+1 {take}", f"{icon('dice')}{icon('dice')} " + "   ".join(rolls)], []

    def _tea_house(self) -> tuple[list[str], list[str]]:
        tea = self.game.tracks.tea_house
        return [self.w.label("call"),
                f"{self.w.label('otherwise')}{self.w.colon}{counted(tea.otherwise_lira, 'lira')}"], []

    def _market(self, number: int) -> tuple[list[str], list[str]]:
        market = self.game.tracks.market(number)
        sold = "  ".join(f"{k}→{p}" for k, p in enumerate(market.prices, start=1))
        return [f"{self.w.label('goods')} → {icon('lira')}{self.w.colon}{sold}"], []

    def _large_market(self) -> tuple[list[str], list[str]]:
        return self._market(10)

    def _small_market(self) -> tuple[list[str], list[str]]:
        return self._market(11)

    def _police_station(self) -> tuple[list[str], list[str]]:
        return [self.w.label("family_start"),
                f"{self.w.label('catch')}{self.w.colon}{counted(3, 'lira')} {self.w.label('or')} "
                f"{counted(1, 'card')}"], []

    def _sultans_palace(self) -> tuple[list[str], list[str]]:
        tr = self.game.tracks  # the track itself is drawn (see ``track``); these lines give the numbers

        def line(value: object) -> str:
            rubies, costs = value  # type: ignore[misc]
            return (f"{counted(rubies, 'ruby')}{self.w.clause}{self.w.label('goods')}{self.w.colon}"
                    + " → ".join(str(c) for c in costs))

        lines, notes = self._by_players(
            lambda n: (tracks.sultan(tr, n).rubies, tuple(len(c) for c in tracks.sultan(tr, n).costs)), line)
        return lines, notes

    def _gemstone_dealer(self) -> tuple[list[str], list[str]]:
        tr = self.game.tracks

        def line(value: object) -> str:
            rubies, prices = value  # type: ignore[misc]
            return f"{counted(rubies, 'ruby')}{self.w.clause}{icon('lira')} " + " ".join(str(p) for p in prices)

        return self._by_players(lambda n: (tracks.gemstone(tr, n).rubies, tracks.gemstone(tr, n).prices), line)

    def _mosque(self, number: int) -> tuple[list[str], list[str]]:
        # the action says what a tile costs and that both tiles give a ruby: the details add the abilities and
        # the tiles in play per table
        abilities = [a for a in self.game.tracks.mosques.abilities if a.place == number]
        # two languages: each ability's second language on a line of its own (a " / " run wraps mid-phrase)
        sep = "\n" if self.w.bilingual else " / "
        lines = [f"{icon(a.good)} {self.w.one(a.text, sep)}" for a in abilities]

        # the rubies close the line with the goods they follow: "5 goods · 4 ♦" never leaves "· 4 ♦" alone
        tight = self.w.clause.replace(" ", "\u00a0")

        def line(value: object) -> str:
            tiles, rubies = value  # type: ignore[misc]
            return (self.w.listing.join(str(t) for t in tiles)
                    + f" {self.w.label('goods')}{tight}{counted(rubies, 'ruby')}")

        more, notes = self._by_players(
            lambda n: (self.game.setup.for_players(n).mosque_tiles, self.game.setup.for_players(n).mosque_rubies),
            line)
        lines += more
        return lines, notes

    def _small_mosque(self) -> tuple[list[str], list[str]]:
        return self._mosque(14)

    def _great_mosque(self) -> tuple[list[str], list[str]]:
        return self._mosque(15)


# --- drawn tracks -----------------------------------------------------------------------------------------------

TRACK_X, TRACK_Y, TRACK_W = 5.0, 45.0, 80.0  # mm on the card: the top of the details area
# A space holds a 9 mm small token (a ruby, a mail indicator) with 0.5 mm of play: 10 mm high, and a ruby
# track runs in two rows so its spaces are wide enough too; both rows end above the details and the note box.
CELL_H = 10.0
ROW_GAP = 3.4  # mm between a track's rows: room for the player-count marks under the first row
MARK_ROOM = 4.5  # mm under a row that carries marks, before the details start
COVERED = "#f6dfe3"  # a space holding a ruby at setup


def _cells(count: int, y: float = TRACK_Y, h: float = CELL_H, gap: float = 0.4) -> list[dict[str, float]]:
    w = (TRACK_W - gap * (count - 1)) / count
    return [{"x": TRACK_X + k * (w + gap), "y": y, "w": w, "h": h} for k in range(count)]


def _two_rows(count: int) -> list[dict[str, float]]:
    """``count`` spaces in two rows, read left to right, the first row one longer when ``count`` is odd."""
    first = (count + 1) // 2
    return _cells(first) + _cells(first, TRACK_Y + CELL_H + ROW_GAP)[: count - first]


def track(game: Istanbul, words: Words, number: int, players: int | None, colors: dict[str, str]) -> dict[str, Any]:
    """What a place draws as a track above its details: cells (rects), icons and texts in cells, the rubies
    on the cells covered at setup for the shown table, and small marks under cells (player-count markers).
    Empty for places without a track.  ``below`` is where the details text starts."""
    shown = players if players is not None else max(game.player_counts)
    tr = game.tracks
    place_id = game.place(number).id
    out: dict[str, Any] = {"cells": [], "icons": [], "texts": [], "rubies": [], "mails": [], "marks": [],
                           "below": TRACK_Y}
    if place_id == "sultans_palace":
        palace = tr.sultans_palace
        cells = _two_rows(len(palace.spaces) + 1)
        first = tracks.sultan(tr, shown).first_covered
        for k, (c, space) in enumerate(zip(cells, (*palace.spaces, "ruby"), strict=True), start=1):
            out["cells"].append({**c, "fill": COVERED if k >= first else "#fffaf0"})
            if space != "ruby":
                out["icons"].append({**c, "icon": f"ist-{space}"})
            if k >= first:
                out["rubies"].append(c)
        for marker in palace.markers:
            c = cells[marker.space - 1]
            out["marks"].append({**c, "text": "/".join(map(str, marker.players))})
    elif place_id == "gemstone_dealer":
        dealer = tr.gemstone_dealer
        cells = _two_rows(len(dealer.prices) + 1)
        covered_from = dealer.prices.index(next(m.price for m in dealer.markers if shown in m.players))
        for k, (c, price) in enumerate(zip(cells, (*dealer.prices, None), strict=True)):
            out["cells"].append({**c, "fill": COVERED if k >= covered_from else "#fffaf0"})
            if price is not None:
                out["texts"].append({**c, "text": str(price)})
            if k >= covered_from:
                out["rubies"].append(c)
        for marker in dealer.markers:
            c = cells[dealer.prices.index(marker.price)]
            label = f"{marker.players[0]}+" if marker.players[-1] == max(game.player_counts) and \
                len(marker.players) > 1 else "/".join(map(str, marker.players))
            out["marks"].append({**c, "text": label})
    elif place_id == "post_office":
        post = tr.post_office
        for row, spaces in enumerate((post.top, post.bottom)):
            for c, space in zip(_cells(len(spaces), TRACK_Y + row * (CELL_H + 0.6)), spaces, strict=True):
                out["cells"].append({**c, "fill": "#fffaf0" if row else "#efe4cf"})
                if row == 0:  # the mail indicators start on the top row
                    out["mails"].append(c)
                if space.good:
                    out["icons"].append({**c, "icon": f"ist-{space.good}"})
                else:
                    out["texts"].append({**c, "text": f"{space.lira} :ist-lira:"})
        out["marks"] = [{**c, "text": roman} for c, roman in zip(_cells(len(post.top), TRACK_Y + CELL_H + 0.6),
                                                                 ("Ⅰ", "Ⅱ", "Ⅲ", "Ⅳ"), strict=False)]
    if out["cells"]:
        bottom = max(c["y"] + c["h"] for c in out["cells"])
        marked = max((m["y"] + m["h"] + MARK_ROOM for m in out["marks"]), default=0.0)
        out["below"] = max(bottom + 1.5, marked)
    return out


def place_fields(game: Istanbul, words: Words, players: int | None, colors: dict[str, str],
                 icons: dict[str, str]) -> list[dict[str, Any]]:
    """One mapping of template fields per place, in place-number order."""
    short, long_ = (grid.position_map(game.layouts.layout(i).grid) for i in game.layouts.printed_positions)
    text = PlaceText(game, words, players)
    out = []
    for place in sorted(game.places.places, key=lambda p: p.number):
        name, name2 = words.pair(place.name)
        action, action2 = words.pair(place.action)
        details, note = text.details(place.number)
        ways = grid.dice_ways(place.number)
        drawn = track(game, words, place.number, players, colors)
        out.append({
            "track": drawn,
            # room for a large icon under short details (warehouses, caravansary, and with one language the Black
            # Market, Tea House and Police Station's two lines); bilingual lines wrap, so there only one line
            "big_icon": not drawn["cells"] and not note and details.count("\n") < (1 if words.bilingual else 2),
            "number": place.number, "id": place.id,
            "name": name, "name2": name2, "action": action, "action2": action2,
            "details": details, "note": note,
            "short": short[place.number], "long": long_[place.number],
            "dots": "•" * ways if ways else "",
            "color": colors.get(place.id, colors["default"]),
            "icon": icons.get(place.id, ""),
            "house": "",  # that the size is ours is said on the kit notes page, not on every card
            "bilingual": words.bilingual,
        })
    return out
