"""Options from scripts: every value validated, only the documented exit codes, never a traceback.

The property tests drive the whole CLI with random option values; CI runs a CI-sized number of
examples (PRINTKIT_FUZZ_EXAMPLES raises it for a longer hunt).
"""

from __future__ import annotations

import itertools
import json
import os
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from devkit.readback import page_count
from printkit.cli import app

runner = CliRunner()
EXAMPLES = int(os.environ.get("PRINTKIT_FUZZ_EXAMPLES", "25"))
BUILD_EXITS = {0, 2}  # `printkit build --help`: built, or a problem with input or options
CHECK_EXITS = {0, 1, 2}  # `printkit check --help`: legal, illegal or a wrong claim, malformed
SHEET = "game: gsc\nplayers: 1\nyellow: [[3], [], [], []]\nblue: [2]\n"


def invoke(args: list[str], stdin: str | None = None):
    result = runner.invoke(app, args, input=stdin)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("cli")
    (d / "deck.yaml").write_text("title: T\nback: standard-back\ncards:\n  - {name: A, qty: 2}\n", encoding="utf-8")
    (d / "sheet.yaml").write_text(SHEET, encoding="utf-8")
    (d / "templates" / "cards").mkdir(parents=True)
    return d


@pytest.mark.parametrize(("flag", "value", "message"), [
    ("--offset-y", "inf", "--offset-y must be a finite number"),
    ("--offset-x", "nan", "--offset-x must be a finite number"),
    ("--offset-x", "1e9", "--offset-x must be between -10 and 10 mm"),
    ("--offset-x", "-11", "--offset-x must be between -10 and 10 mm"),
    ("--seed", "-5", "--seed must be a whole number from 0"),
    ("--templates", "/nonexistent", "--templates /nonexistent: does not exist"),
    ("--max-cards", "0", "--max-cards must be from 1"),
    ("--players", "0", "--players must be from 1 to 99"),
])
def test_each_bad_option_is_named(files, tmp_path, flag, value, message):
    result = invoke(["build", "-q", str(files / "deck.yaml"), flag, value, "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and message in result.output, result.output
    assert not (tmp_path / "o").exists()


def test_seed_minus_5_with_a_san_marco_variant_is_an_error_not_a_traceback(tmp_path):
    result = invoke(["build", "-q", "san-marco", "--districts", "7", "--seed", "-5", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--seed" in result.output


def test_a_templates_file_is_not_a_folder(files, tmp_path):
    result = invoke(["build", "-q", str(files / "deck.yaml"), "--templates", str(files / "deck.yaml"),
                     "--out", str(tmp_path)])
    assert result.exit_code == 2 and "is not a folder" in result.output


def test_an_offset_in_range_moves_the_backs_and_prints_them(files, tmp_path):
    result = invoke(["build", "-q", str(files / "deck.yaml"), "--offset-x", "2.5", "--out", str(tmp_path)])
    assert result.exit_code == 0
    assert page_count((tmp_path / "deck" / "cards-en-a4.pdf").read_bytes()) == 2


FLOATS = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.0, 1.5, -3.0, 10.0, 1e9]))
BUILD_OPTIONS = st.fixed_dictionaries({}, optional={
    "--offset-x": FLOATS.map(repr), "--offset-y": FLOATS.map(repr), "--bleed": FLOATS.map(repr),
    "--gap": FLOATS.map(repr),
    "--seed": st.integers(-(2**70), 2**70).map(str), "--players": st.integers(-5, 200).map(str),
    "--max-cards": st.integers(-3, 20).map(str),
    "--paper": st.sampled_from(["a4", "letter", "a3", "b5", ""]),
    "--lang": st.sampled_from(["en", "zh-TW", "de", "fr"]),
    "--duplex": st.sampled_from(["long", "short", "off", "fold", "diagonal"]),
    "--templates": st.sampled_from(["TEMPLATES", "/nonexistent", "DECK"]),
    "--count": st.integers(-2, 3).map(str),
})


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(options=BUILD_OPTIONS)
def test_build_with_random_options_exits_0_or_2_never_a_traceback(files, tmp_path, options):
    args = ["build", "-q", str(files / "deck.yaml"), "--out", str(tmp_path / "o"), "--force"]
    for flag, value in options.items():
        value = {"TEMPLATES": str(files / "templates"), "DECK": str(files / "deck.yaml")}.get(value, value)
        args += [flag, value]
    result = invoke(args)
    assert result.exit_code in BUILD_EXITS, (args, result.output)
    if result.exit_code == 2:
        assert result.output.strip(), "an error always says what is wrong"


CHECK_ARGS = st.lists(st.sampled_from(["SHEET", "MISSING", "DECK", "-", "--json", "--lang", "en", "zh-TW", "fr",
                                       "-q", "--bogus"]), max_size=6)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=CHECK_ARGS)
def test_check_with_random_arguments_keeps_its_exit_codes_and_json(files, words):
    args = ["check", *({"SHEET": str(files / "sheet.yaml"), "MISSING": str(files / "nope.yaml"),
                        "DECK": str(files / "deck.yaml")}.get(w, w) for w in words)]
    result = invoke(args, stdin=SHEET)
    assert result.exit_code in CHECK_EXITS, (args, result.output)
    if "--json" in words and result.exit_code in (0, 1):
        assert result.stdout.strip()
    if "--json" in words and result.stdout.strip():
        json.loads(result.stdout)


def test_help_of_every_command_exits_0():
    for command in ([], ["build"], ["check"], ["games"], ["schema"], ["sizes"], ["calibrate"]):
        assert invoke([*command, "--help"]).exit_code == 0


def test_check_json_is_always_valid_json(files, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: gsc\nplayers: [\n", encoding="utf-8")
    one = invoke(["check", "--json", str(bad)])
    assert one.exit_code == 2
    entry = json.loads(one.stdout)
    assert entry["file"] == str(bad) and entry["errors"][0]["line"] == 3
    several = invoke(["check", "--json", str(files / "sheet.yaml"), str(bad), str(tmp_path / "missing.yaml")])
    listed = json.loads(several.stdout)
    assert isinstance(listed, list) and len(listed) == 3 and several.exit_code == 2
    assert "score" in listed[0] and "errors" in listed[1] and "not found" in listed[2]["errors"][0]["message"]


def test_check_reads_stdin_as_dash(files):
    result = invoke(["check", "--json", "-"], stdin=SHEET)
    assert result.exit_code in (0, 1)
    assert json.loads(result.stdout)["file"] == "<stdin>"


def test_json_files_are_strict_json(tmp_path):
    yamlish = tmp_path / "s.json"
    yamlish.write_text(textwrap.dedent("""
        {"game": "gsc", "players": 1,
         yellow: [[3], [], [], []]}
    """), encoding="utf-8")
    result = invoke(["check", "--json", str(yamlish)])
    assert result.exit_code == 2
    entry = json.loads(result.stdout)
    assert "JSON syntax error" in entry["errors"][0]["message"] and entry["errors"][0]["line"] == 3
    strict = tmp_path / "t.json"
    strict.write_text(json.dumps({"game": "gsc", "players": 1, "yellow": [[3], [], [], []], "blue": [2]}))
    assert invoke(["check", "--json", str(strict)]).exit_code in (0, 1)


def test_quiet_means_errors_only(files, tmp_path):
    empty = tmp_path / "empty.yaml"
    empty.write_text("title: T\nback: null\ncards: [{name: A, qty: 0}]\n", encoding="utf-8")
    loud = runner.invoke(app, ["build", str(empty), "--out", str(tmp_path / "a")])
    quiet = runner.invoke(app, ["build", "-q", str(empty), "--out", str(tmp_path / "b")])
    assert "warning:" in loud.output and "nothing to print" in loud.output
    assert quiet.exit_code == 0 and quiet.output == ""
    checked = runner.invoke(app, ["check", "-q", str(files / "sheet.yaml")])
    assert checked.output == "" and checked.exit_code in (0, 1)


def test_piped_build_prints_a_line_per_component(files, tmp_path):
    result = runner.invoke(app, ["build", str(files / "deck.yaml"), "--out", str(tmp_path)])
    assert result.exit_code == 0
    (line,) = [x for x in result.output.splitlines() if x.startswith("deck/cards:")]
    assert line.startswith("deck/cards: 2 cards, 2 pages  [2/2 pieces, ")


def test_a_terminal_gets_a_progress_bar_with_pieces_and_pages():
    import io

    from rich.console import Console

    from printkit.cli.progress import BuildProgress
    from printkit.engine.build import Step

    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=120)
    with BuildProgress(console, quiet=False) as progress:
        progress(Step("deck: cards", 0, 40))
        progress(Step("deck: cards", 30, 40, finished="deck/cards: 30 cards", pages=4))
        assert progress.bar is not None
        task = progress.bar.tasks[0]
        assert (task.completed, task.total, task.fields["pages"]) == (30, 40, 4)
    assert "30/40" in screen.getvalue()


def test_many_files_are_checked_in_parallel_with_the_same_answer(files, tmp_path, monkeypatch):
    import sys

    check_cli = sys.modules["printkit.cli.check"]  # (printkit.cli.check is also the command's name)
    paths = []
    for i in range(40):
        p = tmp_path / f"s{i:02d}.yaml"
        p.write_text(SHEET if i != 17 else "game: gsc\nplayers: [\n", encoding="utf-8")
        paths.append(str(p))
    serial = invoke(["check", "--json", *paths])
    monkeypatch.setattr(check_cli, "PARALLEL_FROM", 10)
    parallel = invoke(["check", "--json", *paths])
    assert parallel.exit_code == serial.exit_code == 2
    assert json.loads(parallel.stdout) == json.loads(serial.stdout)
    assert [e["file"] for e in json.loads(parallel.stdout)] == paths


def test_a_long_build_reports_each_sheet_and_its_pages_as_it_goes():
    """The bar moves during a component, not only between components: a pad tells each sheet done."""
    from printkit.engine.build import BuildRequest, Step, plan
    from printkit.engine.components import BuildOptions

    steps: list[Step] = []
    plan(BuildRequest(targets=("ganz-schon-clever",), options=BuildOptions(extra={"count": 6, "per_page": 2})),
         steps.append)
    pad = [s for s in steps if s.text.endswith("score-sheets")]
    during = [(s.done, s.pages) for s in pad if not s.finished and s.done]
    assert during == [(2, 1), (4, 2), (6, 3)]  # two sheets to a page
    (finished,) = [s for s in pad if s.finished]
    assert (finished.done, finished.total, finished.pages) == (6, 7, 3)  # 6 sheets + the solo page


JSON_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=8))
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.tuples(inner, inner),
    st.dictionaries(st.one_of(st.text(max_size=6), st.integers()), inner, max_size=4)), max_leaves=20)


@settings(max_examples=500, deadline=None)
@given(JSON_VALUES)
def test_check_json_entries_are_written_as_json_dumps_indent_2_writes_them(value: object) -> None:
    """`printkit check --json` writes its entries with its own indenting encoder (faster than the
    standard library's pure-Python one): character for character what json.dumps writes."""
    import json
    import sys

    import printkit.cli.check  # noqa: F401

    check_cli = sys.modules["printkit.cli.check"]  # (printkit.cli.check is also the command's name)
    assert check_cli._dump({"value": value}) == json.dumps({"value": value}, ensure_ascii=False, indent=2)


def test_a_one_page_component_says_page_not_pages(tmp_path):
    deck = tmp_path / "one.yaml"
    deck.write_text("title: One\nback: null\ncards: [{name: A}]\n", encoding="utf-8")
    result = runner.invoke(app, ["build", str(deck), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0
    (line,) = [x for x in result.output.splitlines() if x.startswith("one/cards:")]
    assert line.startswith("one/cards: 1 card, 1 page  [1/1 pieces, ")


@pytest.mark.parametrize("command", ["build", "games", "check", "scan", "schema", "sizes", "calibrate", "preflight",
                                     "serve", "showcase"])
def test_help_paragraphs_flow_without_ragged_breaks(command: str) -> None:
    # A hard line break in a command's docstring shows in its --help as a line cut short mid-sentence.
    out = runner.invoke(app, [command, "--help"], terminal_width=80).output
    head = out.split("╭")[0].splitlines()
    body = [line.rstrip() for line in head[head.index(next(x for x in head if "Usage:" in x)) + 1:]]
    for line, after in itertools.pairwise(body):
        if line and after:  # a line inside a paragraph is filled to near the width
            assert len(line) > 60, f"{command} --help breaks early: {line!r} / {after!r}"


def test_the_command_list_gives_each_command_a_filled_summary() -> None:
    # The list shows a command's first docstring paragraph: a hard break in it cut preflight's line short.
    out = runner.invoke(app, ["--help"], terminal_width=80).output
    panel = out.split("Commands")[1].split("╰")[0].splitlines()[1:]
    rows = [line.strip("│").rstrip() for line in panel]
    assert len([r for r in rows if not r.startswith("  ")]) == 10  # one row per command
    for line, after in itertools.pairwise(rows):
        if after.startswith(" " * 4):  # the summary goes on: the line before is filled to near the width
            assert len(line) > 58, f"the command list breaks early: {line!r} / {after!r}"
