"""``printkit games``, ``printkit sizes`` and ``printkit schema``."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated

import typer

from printkit.catalog import GAMES
from printkit.cli.common import out


def games() -> None:
    """List the bundled games and the components each one prints."""
    for g in GAMES:
        lo, hi = g.players
        aliases = f"  (also: {', '.join(g.aliases)})" if g.aliases else ""
        out.print(f"[bold]{g.id}[/]{aliases}  {g.title} · {g.title_zh}")
        options = ", ".join(f"--{o.replace('_', '-')}" for o in g.options)
        out.print(f"  players {lo}-{hi} · languages {', '.join(g.languages)} · options {options}")
        for line in g.components:
            out.print(f"  - {line}", markup=False)
        out.print()
    out.print("Your own deck: printkit build my-deck.yaml  (see `printkit schema deck`)", markup=False)


def sizes() -> None:
    """List the named card sizes a deck definition may use."""
    from printkit.definitions.deck import card_sizes

    for name, s in card_sizes().items():
        out.print(f"{name:>14}  {s['width']:g} x {s['height']:g} mm  {s.get('note', '')}")


class SchemaKind(StrEnum):
    deck = "deck"
    template = "template"
    san_marco = "san-marco"
    gsc_sheet = "gsc-sheet"


def schema(
    kind: Annotated[SchemaKind, typer.Argument(
        help="deck: your own deck; template: a card template; san-marco: a San Marco (variant) definition; "
             "gsc-sheet: a Ganz schön clever transcription for `printkit check`.")] = SchemaKind.deck,
) -> None:
    """Print the JSON Schema of a definition or template file, for editor completion and checks."""
    if kind is SchemaKind.template:
        from printkit.layout.templates import template_json_schema

        body = template_json_schema()
    elif kind is SchemaKind.san_marco:
        from printkit.model.san_marco import SanMarcoDefinition

        body = SanMarcoDefinition.model_json_schema()
    elif kind is SchemaKind.gsc_sheet:
        from printkit.definitions.gsc_transcription import transcription_json_schema

        body = transcription_json_schema()
    else:
        from printkit.model.deck import DeckDefinition

        body = DeckDefinition.model_json_schema()
    out.print_json(json.dumps(body))
