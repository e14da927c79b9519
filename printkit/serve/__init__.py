"""``printkit serve``: a small web app reading photographed score sheets at the table.

The pages and the JSON API call the same functions as ``printkit scan --json`` and ``printkit check --json``
(the games' declared scanners and checkers, through the registry): this package knows no game.  See
docs/serve.md.
"""
