"""Template fields for every repeated Istanbul piece besides the places: one mapping per printed piece.

Counts come from the data (bonus-card counts, demand tiles, coins ...) and, where the table matters,
from the setup for ``players`` (mosque tiles, player pieces).  Without ``players`` everything for the
largest table is printed, and each mosque tile says which tables use it.
"""

from __future__ import annotations

from typing import Any

from printkit.engine.colors import REC_709, contrast_ink
from printkit.games.istanbul.layout.language import Words
from printkit.games.istanbul.layout.places import icon, players_label
from printkit.games.istanbul.model import Istanbul

Fields = dict[str, Any]


DARK_INK = "#2b2118"  # Istanbul's brown-black
# Dark ink from 55 % lightness (sRGB's weights) up: white stays on the mid-tone player colours.
INK_THRESHOLD = 0.55


def ink_on(color: str) -> str:
    """Dark or white ink, whichever reads on ``color``."""
    return contrast_ink(color, DARK_INK, threshold=INK_THRESHOLD, weights=REC_709)


def table(game: Istanbul, players: int | None) -> tuple[int, ...]:
    """The player counts a build is for: the chosen one, or all."""
    return (players,) if players is not None else game.player_counts


def colors_for(game: Istanbul, players: int | None) -> list[Any]:
    return list(game.setup.player_colors[: players or game.setup.players.max])


def mosque_tiles(game: Istanbul, words: Words, players: int | None) -> list[Fields]:
    counts = table(game, players)
    out = []
    for ability in game.tracks.mosques.abilities:
        good = game.tracks.good(ability.good)
        mosque = game.place(ability.place)
        for n in game.tracks.mosques.tile_goods:
            used = tuple(p for p in counts if n in game.setup.for_players(p).mosque_tiles)
            if not used:
                continue
            every = used == game.player_counts
            first, second = words.pair(ability.text)
            out.append({
                "goods": n, "good": good.id, "color": good.color, "icon": icon(good.id),
                "row": icon(good.id) * n,
                "mosque": words.one(mosque.name), "mosque_number": mosque.number,
                "ability": first, "ability2": second,
                "pay": words.label("mosque_tile", n=n),
                "used_by": "" if every or players is not None else players_label(words, used),
            })
    return out


def demand_tiles(game: Istanbul, words: Words) -> list[Fields]:
    out = []
    for kind, tiles, number in (("dark", game.pieces.demand_tiles.dark, 10),
                                ("light", game.pieces.demand_tiles.light, 11)):
        for k, tile in enumerate(tiles, start=1):
            goods = [g for g, n in tile.goods().items() for _ in range(n)]
            out.append({
                "kind": kind, "index": k, "market": words.one(game.place(number).name, sep="\n"),
                "number": number, "row1": "".join(icon(g) for g in goods[:3]),
                "row2": "".join(icon(g) for g in goods[3:]),
            })
    return out


def bonus_cards(game: Istanbul, words: Words, icons: dict[str, str]) -> list[Fields]:
    out = []
    for card in game.pieces.bonus_cards:
        first, second = words.pair(card.text)
        place = game.place(card.place) if card.place is not None else None
        for copy in range(1, card.count + 1):
            out.append({
                "id": card.id, "copy": copy, "count": card.count, "icon": icons.get(card.icon, ""),
                "text": first, "text2": second, "title": words.label("bonus", sep="\n"),
                "place": place.number if place else "", "place_name": words.one(place.name) if place else "",
            })
    return out


SMALL = ("ruby", "indicator", "mail")  # tokens that sit on printed spaces: made small to fit them


def all_tokens(game: Istanbul, words: Words, players: int | None) -> list[Fields]:
    """Rubies, coins, and the paper stand-ins: assistant discs, goods and mail indicators, start player."""
    out: list[Fields] = []
    rubies = game.pieces.component("rubies").count
    out += [{"kind": "ruby", "icon": "ist-ruby", "label": "", "color": "#f6e3e6"}] * rubies
    for coin in game.pieces.coins:
        out += [{"kind": "coin", "icon": "", "label": str(coin.value), "color": "#e8c15a"}] * coin.count
    assistants = game.pieces.component("assistants").per_player or 0
    indicators = game.pieces.component("goods_indicators").per_player or 0
    for pc in colors_for(game, players):
        out += [{"kind": "assistant", "icon": "ist-assistant", "label": "", "color": pc.color}] * assistants
        for good in game.tracks.goods[:indicators]:
            out.append({"kind": "indicator", "icon": icon(good.id).strip(":"), "label": "", "color": pc.color})
    mail = game.pieces.component("mail_indicators").count
    out += [{"kind": "mail", "icon": "ist-mail", "label": "", "color": "#f3ead6"}] * mail
    out.append({"kind": "start", "icon": "ist-flag", "label": words.label("start_player", sep="\n"),
                "color": "#f3ead6"})
    return [{**t, "ink": ink_on(t["color"])} for t in out]


def tokens(game: Istanbul, words: Words, players: int | None) -> list[Fields]:
    """The large tokens: coins, assistant discs, the start-player marker."""
    return [t for t in all_tokens(game, words, players) if t["kind"] not in SMALL]


def small_tokens(game: Istanbul, words: Words, players: int | None) -> list[Fields]:
    """The tokens that sit on printed spaces: rubies, goods indicators, mail indicators."""
    return [t for t in all_tokens(game, words, players) if t["kind"] in SMALL]


def standees(game: Istanbul, words: Words, players: int | None) -> list[Fields]:
    """The Governor and the Smuggler; a merchant per player colour in play (with 2 players also the neutral
    merchants, in the unused colours) and a family member per player."""
    out = []
    for cid, figure, color in (("governor", "ist-governor", "#6b3a8c"), ("smuggler", "ist-smuggler", "#2b2b2b")):
        out.append({"id": cid, "icon": figure, "color": color, "ink": "#ffffff",
                    "name": words.one(game.pieces.component(cid).name, sep="\n")})
    colours = game.setup.player_colors
    if players is None:
        merchants = len(colours)
    else:
        merchants = min(len(colours), players + len(game.setup.for_players(players).neutral_merchants))
    for kind, figure, count in (("merchant", "ist-merchant", merchants),
                                ("family_member", "ist-family", len(colors_for(game, players)))):
        for pc in colours[:count]:
            out.append({"id": f"{kind}-{pc.id}", "icon": figure, "color": pc.color, "ink": ink_on(pc.color),
                        "name": words.label(kind, sep="\n")})
    return out


def wheelbarrows(game: Istanbul, words: Words, players: int | None) -> list[Fields]:
    wr = game.tracks.wainwright
    target = max(p.ruby_target for p in game.setup.per_players)
    out = []
    for pc in colors_for(game, players):
        out.append({
            "player": words.one(pc.name), "color": pc.color,
            "goods": [g.id for g in game.tracks.goods], "goods_colors": [g.color for g in game.tracks.goods],
            "capacity": wr.capacity_start, "rubies": target,
            "title": words.label("wheelbarrow", sep=" · "), "lira": words.label("lira"), "ink": ink_on(pc.color),
        })
    return out


def extensions(game: Istanbul, words: Words, players: int | None) -> list[Fields]:
    per = game.tracks.wainwright.extensions_per_player
    out = []
    for pc in colors_for(game, players):
        for k in range(1, per + 1):
            out.append({"player": words.one(pc.name), "color": pc.color, "index": k, "ink": ink_on(pc.color),
                        "goods": [g.id for g in game.tracks.goods], "title": words.label("extension", sep=" · "),
                        "goods_colors": [g.color for g in game.tracks.goods],
                        "capacity": game.tracks.wainwright.capacity_start + k})
    return out


def overviews(game: Istanbul, words: Words, players: int | None) -> list[Fields]:
    places = [f"{p.number}  {words.one(p.name)}{words.colon}{words.pair(p.action)[0]}"
              for p in sorted(game.places.places, key=lambda p: p.number)]
    turn = [words.label(f"turn_{k}", sep="\n") for k in (1, 2, 3, 4)]
    target = game.setup.for_players(players).ruby_target if players else \
        game.setup.for_players(game.setup.players.max).ruby_target
    fields = {
        "title": words.label("overview", sep=" · "), "turn_title": words.label("turn", sep=" · "),
        "turn": "\n".join(turn),
        "meet": words.label("governor_does", sep="\n") + "\n" + words.label("smuggler_does", sep="\n"),
        "end": words.label("game_end", sep="\n", n=target),
        "places_title": words.label("places", sep=" · "), "places": "\n".join(places),
    }
    return [fields] * game.pieces.component("overviews").count
