"""What `printkit build san-marco` accepts: languages from texts.yaml, variant limits from generator.yaml."""

from __future__ import annotations

import pytest
import yaml
from pydantic import ValidationError
from typer.testing import CliRunner

from printkit.cli import app
from printkit.engine.components import BuildOptions, SheetComponent, TextFile
from printkit.engine.errors import InputError
from printkit.games.san_marco import definitions as loader
from printkit.games.san_marco import kit as K
from printkit.games.san_marco.layout import components as L
from printkit.games.san_marco.model.game import GeneratorConfig
from printkit.games.san_marco.rules.variant import VariantRequest, check_request, generate_variant


def _messages(exc: pytest.ExceptionInfo[InputError]) -> list[str]:
    return [p.message for p in exc.value.problems]


# --- languages -------------------------------------------------------------------------------


def test_texts_say_which_languages_san_marco_prints(texts):
    assert texts.languages() == ("en", "zh-TW", "de")


def test_a_language_without_texts_is_an_error_not_english(texts):
    from printkit.games.san_marco.layout.components import choose_lang

    with pytest.raises(InputError) as exc:
        choose_lang("fr", texts)
    assert _messages(exc) == ["San Marco has texts in en, zh-TW, de; --lang fr is not available"]


def test_cli_lang_de_builds_the_whole_kit_in_german(tmp_path):
    result = CliRunner().invoke(app, ["build", "san-marco", "--lang", "de", "--out", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    names = {p.name for p in tmp_path.rglob("*-de-*.pdf")}
    assert {"action-cards-de-a4.pdf", "board-de-a4.pdf", "rules-booklet-de-a4.pdf", "pieces-de-a4.pdf"} <= names
    assert not list(tmp_path.rglob("*-en-*.pdf"))


# --- variant limits: one check, numbers from generator.yaml ----------------------------------


@pytest.mark.parametrize(
    ("extra", "players", "message"),
    [
        ({"districts": 12}, None, "--districts: choose 6 to 10 districts, not 12"),
        ({"districts": 5}, 6, "--districts: choose 6 to 10 districts, not 5"),
        ({"ranks": 4}, None, "--ranks: choose 2 or 3 scoring ranks, not 4"),
        ({"ranks": 1}, 5, "--ranks: choose 2 or 3 scoring ranks, not 1"),
        ({"style": "moon"}, None, "--style: choose lagoon, ring or island, not 'moon'"),
        ({}, 7, "--players: a San Marco variant is for 3 to 6 players, not 7"),
        ({"districts": "many"}, None, "--districts: a whole number, not 'many'"),
        ({"districts": True}, None, "--districts: a whole number, not True"),
    ],
)
def test_build_names_the_option_and_the_allowed_values(extra, players, message):
    with pytest.raises(InputError) as exc:
        K.components(BuildOptions(players=players, extra=extra))
    assert _messages(exc) == [message]


def test_every_problem_is_reported_at_once(gen):
    with pytest.raises(InputError) as exc:
        check_request(gen, 2, 12, 4, "moon")
    assert [m.split(":")[0] for m in _messages(exc)] == ["--players", "--districts", "--ranks", "--style"]


@pytest.mark.parametrize(
    ("players", "expected"),
    [(3, (6, 2)), (4, (6, 2)), (5, (8, 3)), (6, (9, 3))],
)
def test_defaults_come_from_generator_yaml(gen, players, expected):
    req = check_request(gen, players)
    assert (req.districts, req.ranks) == expected
    assert (req.districts, req.ranks) == (gen.variant.default_districts[players], gen.default_ranks[players])
    assert req.style == gen.styles[0].name == "lagoon"


def test_explicit_values_win(gen):
    assert check_request(gen, 4, 10, 3, "ring") == VariantRequest(players=4, districts=10, ranks=3, style="ring")


def test_the_limits_are_data(gen):
    narrower = gen.model_copy(update={"variant": gen.variant.model_copy(update={"districts": (4, 8),
                                                                                "ranks": (2,)})})
    with pytest.raises(InputError) as exc:
        check_request(narrower, 4, 9, 3)
    assert _messages(exc) == ["--districts: choose 4 to 8 districts, not 9", "--ranks: choose 2 scoring ranks, not 3"]
    assert check_request(narrower, 4, 4).districts == 4


def test_generate_variant_uses_the_same_check(classic, gen):
    with pytest.raises(InputError) as exc:
        generate_variant(classic, gen, 6, 12)
    assert _messages(exc) == ["--districts: choose 6 to 10 districts, not 12"]


def _raw_generator() -> dict:
    return yaml.safe_load(loader.GENERATOR.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda g: g["variant"].update(players=[3, 7]), "roles has no entry for 7 players"),
        (lambda g: g["variant"]["default_districts"].pop(5), "no map size for 5 players"),
        (lambda g: g["variant"]["default_districts"].update({6: 11}), "outside districts"),
        (lambda g: g["default_ranks"].update({6: 1}), "not one of variant.ranks"),
        (lambda g: g["variant"].update(districts=[6, 14]), "need a die with 14 faces"),
        (lambda g: g["variant"].update(districts=[10, 6]), "not a range"),
        (lambda g: g["variant"].update(die_sizes=[8, 6]), "smallest to largest"),
    ],
)
def test_generator_yaml_limits_are_checked_when_loaded(change, match):
    data = _raw_generator()
    GeneratorConfig.model_validate(data)
    change(data)
    with pytest.raises(ValidationError, match=match):
        GeneratorConfig.model_validate(data)


# --- default table size from the definition --------------------------------------------------


def test_default_players_come_from_the_definition(classic, texts, style):
    assert classic.rules.default_players == 4
    three_only = classic.model_copy(update={"rules": classic.rules.model_copy(
        update={"player_counts": (classic.rules.for_players(3),)})})
    assert three_only.rules.default_players == 3
    aids = next(c for c in L.build(three_only, texts, style, "en", K.deck_templates()) if c.name == "player-aids")
    assert isinstance(aids, SheetComponent) and len(aids.pages) == 3


def test_players_beyond_the_classic_rules_make_a_variant_with_data_defaults(gen):
    comps = K.components(BuildOptions(players=5, seed=3))
    (definition,) = [c for c in comps if isinstance(c, TextFile)]
    req = check_request(gen, 5)
    assert definition.filename.startswith(f"variant_lagoon_{req.districts}d_5p_{req.ranks}r_seed3")
