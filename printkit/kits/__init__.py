"""The catalog's entry points: each loads one bundled game's definitions (the only game-specific
file reading) and hands plain data to that game's pure layout."""
