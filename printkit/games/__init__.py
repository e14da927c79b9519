"""One package per game: its data, model, rules, layouts and kit entry point, side by side.

Each package declares ``GAME`` (:class:`printkit.engine.registry.Game`) in its ``__init__.py``;
the registry finds it there.  ``deck`` is the generic case: the user's own decks.
"""
