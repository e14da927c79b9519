"""``printkit games``, ``printkit sizes`` and ``printkit schema``."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated

import typer

from printkit.cli.common import out
from printkit.engine.registry import json_schemas, kits, named_sizes


def games() -> None:
    """List the bundled games and the components each one prints."""
    for g in kits():
        facts = g.facts()
        lo, hi = facts.players
        aliases = f"  (also: {', '.join(g.aliases)})" if g.aliases else ""
        titles = " · ".join(dict.fromkeys(g.titles.values()))
        # typer.echo, not rich: `games` should start as fast as --help (rich is slow to import)
        typer.echo(f"{typer.style(g.id, bold=True)}{aliases}  {titles}")
        options = ", ".join(o.flag for o in g.options)
        typer.echo(f"  players {lo}-{hi} · languages {', '.join(facts.languages)} · options {options}")
        for name, what in g.components:
            typer.echo(f"  - {name}: {what}")
        typer.echo()
    typer.echo("Your own deck: printkit build my-deck.yaml  (see `printkit schema deck`)")


def sizes() -> None:
    """List the named card sizes a deck definition may use."""
    for name, s in named_sizes().items():
        out.print(f"{name:>14}  {s['width']:g} x {s['height']:g} mm  {s.get('note', '')}")


def _schema_kinds() -> dict[str, str]:
    kinds = {"template": "a card template"}
    kinds.update({kind: what for kind, (what, _) in json_schemas().items()})
    return dict(sorted(kinds.items(), key=lambda kv: kv[0] != "deck"))


SchemaKind = StrEnum("SchemaKind", {k: k for k in _schema_kinds()})  # type: ignore[misc]


def schema(
    kind: Annotated[SchemaKind, typer.Argument(  # type: ignore[valid-type]
        help="; ".join(f"{k}: {what}" for k, what in _schema_kinds().items()) + ".",
        show_default=True)] = "deck",  # type: ignore[assignment]
) -> None:
    """Print the JSON Schema of a definition or template file, for editor completion and checks."""
    if kind == "template":
        from printkit.engine.template.evaluate import template_json_schema

        body = template_json_schema()
    else:
        body = json_schemas()[str(kind)][1]()
    out.print_json(json.dumps(body))
