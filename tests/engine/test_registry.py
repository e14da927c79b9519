"""The registry finds every game package and reads its facts from the game's own data."""

from __future__ import annotations

from typer.testing import CliRunner

from printkit.cli import app
from printkit.engine.registry import all_games, all_options, find_game, game_for_files, kits

runner = CliRunner()


def test_bundled_games_are_found_by_looking():
    assert [g.id for g in kits()][:3] == ["ganz-schon-clever", "istanbul", "san-marco"]
    assert game_for_files().id == "deck"
    assert find_game("GSC") is find_game("clever") is find_game("ganz-schon-clever")


def test_facts_come_from_the_data():
    # Published facts, pinned: GSC is for 1-4 players; San Marco 3-4 classic, 3-6 with printkit's variants.
    gsc, sm = find_game("gsc"), find_game("san-marco")
    assert gsc is not None and sm is not None
    assert gsc.facts().players == (1, 4)
    assert gsc.facts().languages == ("en", "zh-TW", "de")
    assert sm.facts().players == (3, 6)
    assert sm.facts().languages == ("en", "zh-TW", "de")


def test_declared_languages_are_those_the_data_has_texts_in():
    """``--help`` offers the languages a game declares; building and checking use its data: the two agree."""
    for game in all_games():
        facts = game.facts()
        assert game.languages == facts.languages, game.id
        if game.checker is not None:
            assert game.checker.languages == (facts.check_languages or facts.languages), game.id
    gsc = find_game("gsc")
    assert gsc is not None and gsc.checker is not None and gsc.checker.languages == ("en", "zh-TW")


def test_the_cli_offers_the_declared_languages_and_rulings():
    build = runner.invoke(app, ["build", "--help"], terminal_width=200).output
    # any language for a user's deck; a bundled game's declared ones named
    assert "for a bundled game one of en, zh-TW, de, en+zh-TW;" in " ".join(build.replace("│", " ").split())
    check = runner.invoke(app, ["check", "--help"], terminal_width=200).output
    assert "Language of the report: en, zh-TW or de." in check  # any checker's language: de is Sanssouci's
    assert "--solo-passive" in check and "Ganz schön clever: solo passive turn: none" in check
    refused = runner.invoke(app, ["check", "--solo-passive", "plus2", "x.yaml"])
    assert refused.exit_code == 2 and "--solo-passive must be one of: none, plus1" in refused.output


def test_games_lists_what_the_registry_holds():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "ganz-schon-clever  (also: clever, gsc)  Ganz schön clever · 絕頂聰明" in result.output
    assert "players 1-4 · languages en, zh-TW, de · options --count, --per-page, --ink-saver" in result.output
    assert "players 3-6 · languages en, zh-TW, de · options --districts, --ranks, --style" in result.output
    assert "deck" not in [line.split()[0] for line in result.output.splitlines() if line and line[0] != " "][:-1]


def test_game_options_become_flags():
    opts = all_options()
    assert {"count", "per_page", "ink_saver", "districts", "ranks", "style"} <= set(opts)
    result = runner.invoke(app, ["build", "--help"], terminal_width=200)
    for flag in ("--count", "--per-page", "--ink-saver", "--districts", "--ranks", "--style"):
        assert flag in result.output


def test_the_remembered_facts_keep_the_glossary(tmp_path, monkeypatch):
    """The facts cache must give back every field: a glossary lost there lets the renderer split 警察局."""
    from printkit.engine import registry

    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path))
    game = find_game("istanbul")
    assert game is not None
    registry._facts.cache_clear()
    first = game.facts()  # read from the data and written to the cache
    registry._facts.cache_clear()
    again = game.facts()  # read back from the cache file
    assert list(tmp_path.rglob("facts-*.json"))
    assert "警察局" in first.glossary and again == first
