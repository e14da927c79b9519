"""Sanssouci (Michael Kiesling, 2013): garden tiles, cards, boards, score pad and checker."""
