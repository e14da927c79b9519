"""Resource limits for files people share with each other.

A definition, template or sheet may come from anyone, so every way it could make printkit work
without end has a budget here: YAML nodes after alias expansion, cards in a deck, and the
operations and string sizes of template expressions.  Crossing one is the user's problem
(:class:`~printkit.engine.errors.InputError`, exit 2) with a message naming the cap.
"""

from __future__ import annotations

MAX_YAML_NODES = 200_000  # values in one file once aliases are expanded; the largest bundled file has ~20,000
MAX_CARDS = 10_000  # cards in one deck; `printkit build --max-cards N` raises it, the file never does
MAX_TEMPLATE_OPERATIONS = 200_000  # loop iterations and calls in one card's template expressions
# all cards of one deck together: ~4 s at ~1.3 M steps/s here; a bundled kit's deck spends under 3,000
MAX_DECK_TEMPLATE_OPERATIONS = 5_000_000
MAX_TEMPLATE_STRING = 100_000  # characters in one value a template expression makes
MAX_LOOP_ELEMENTS = 2_000  # elements one `for:` may draw on one card
# Text layout per card (fitting each text, then the preflight comparing texts pairwise): 500 texts of a few
# words took 1.3 s here, 2,000 took 28 s and 1.3 GB; the busiest bundled card has a few dozen.
MAX_CARD_TEXTS = 500
MAX_CARD_TEXT_CHARS = 200_000  # characters all the texts of one card hold together (a 10 MB field is refused)
# What all the cards of one deck draw together, beside the card cap: a deck of 10,000 cards each at its own caps
# ran past 120 s.  Placing an element (evaluated, validated, drawn) took some 65 us here, 200 rects on each of 1,000
# cards 13 s, so 100,000 elements are about 7 s; a character of text some 2.5 us to fit and draw, so 2,000,000 are
# about 5 s.  A 10,000-card deck of a few texts and shapes a card stays within both; `--max-cards N` above
# MAX_CARDS raises both in proportion (sandbox.deck_budget).
MAX_DECK_ELEMENTS = 100_000
MAX_DECK_TEXT_CHARS = 2_000_000
