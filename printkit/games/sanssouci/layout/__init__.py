"""Sanssouci's layouts: pure functions from the model, words and style to printable pieces."""
