"""A game's declared flags join a command's own; one that would replace a flag of the command is refused."""

from __future__ import annotations

from typing import Annotated

import pytest
import typer
from typer.testing import CliRunner

from printkit.cli.common import with_declared
from printkit.engine.registry import Game, Option, Ruling

GAME = Game(id="flag-game", titles={"en": "Flag Game"}, kit="x:y", facts_from="x:z")


def _command(lang: Annotated[str, typer.Option("--lang")] = "en", **declared: object) -> None:
    typer.echo(f"{lang} {sorted(declared.items())}")


def test_declared_flags_reach_the_command_by_name() -> None:
    command = with_declared({"size": (Option("size", int, "how big.", min=1, max=3), (GAME,)),
                             "rule": (Ruling("rule", "which way.", ("a", "b")), (GAME,))})(_command)
    app = typer.Typer()
    app.command()(command)
    result = CliRunner().invoke(app, ["--size", "2", "--rule", "b", "--lang", "fr"])
    assert result.exit_code == 0 and result.output == "fr [('rule', 'b'), ('size', 2)]\n"
    assert CliRunner().invoke(app, ["--size", "4"]).exit_code == 2  # the declared range holds


def test_a_declared_flag_may_not_replace_the_commands_own() -> None:
    with pytest.raises(RuntimeError, match="flag-game declares 'lang', which `printkit _command` has as its own"):
        with_declared({"lang": (Ruling("lang", "which language.", ("en",)), (GAME,))})(_command)
