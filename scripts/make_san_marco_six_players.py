"""Write the bundled six-player San Marco variant (run after changing the generator).

    PYTHONPATH=. python scripts/make_san_marco_six_players.py
"""

from printkit.games.san_marco import definitions as loader
from printkit.games.san_marco.definitions import definition_yaml
from printkit.games.san_marco.rules.variant import generate_variant

PLAYERS, DISTRICTS, RANKS, SEED, STYLE = 6, 9, 3, 2001, "lagoon"

if __name__ == "__main__":
    game = generate_variant(loader.load(), loader.load_generator(), PLAYERS, DISTRICTS, RANKS, SEED, STYLE)
    loader.SIX_PLAYERS.write_text(definition_yaml(game), encoding="utf-8")
    print(f"wrote {loader.SIX_PLAYERS}")
