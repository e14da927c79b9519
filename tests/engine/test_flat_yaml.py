"""The quick reader for flat YAML (printkit/engine/flat_yaml.py) reads exactly what PyYAML reads, or declines.

The oracle is PyYAML itself: for any text, the quick reader either returns :data:`NOT_FLAT` or the very
data ``yaml.safe_load`` builds; texts PyYAML refuses, or where a key is given twice, are declined.
"""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.engine.flat_yaml import NOT_FLAT, read_flat
from printkit.engine.source import parse_text

PLAIN = ["gsc", "a", "b-c", "x_1", "_y", "e5", "NaN", "Infinity", "0", "7", "-3", "12", "-0", "99999999999999999999"]
TRICKY = ["yes", "No", "null", "NULL", "on", "true", "Off", "012", "1_0", "0x1F", "1e5", "1.5", "1:20", "+4"]
WORDS = PLAIN[:8] + TRICKY[:7]


def _scalar() -> st.SearchStrategy[str]:
    return st.sampled_from(PLAIN * 12 + TRICKY)  # mostly plain: a tricky word declines the whole text


def _value(depth: int = 2) -> st.SearchStrategy[str]:
    if depth == 0:
        return _scalar()
    inner = _value(depth - 1)
    seq = st.lists(inner, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]")
    mapping = st.lists(st.tuples(st.sampled_from(PLAIN[:8] * 3 + TRICKY[:7]), inner), max_size=3).map(
        lambda kv: "{" + ", ".join(f"{k}: {v}" for k, v in kv) + "}")
    return st.one_of(_scalar(), seq, mapping)


NOISE = st.sampled_from([" ", "  ", ",", ":", ":x", "#", " # note", "[", "]", "{", "}", "'", '"', "\t", "-", "- ",
                         "&a ", "*a", "!!str ", "\n", "\n  ", "\n- ", "~", "|", ">", "\r\n", "---\n", "<<: "])


@st.composite
def documents(draw: st.DrawFn) -> str:
    lines = []
    keys = draw(st.lists(st.sampled_from(PLAIN[:5] * 4 + WORDS + ["players", "yellow", "1", "extra-dice"]),
                         min_size=1, max_size=5))
    for key in keys:
        line = f"{key}: {draw(_value())}"
        if draw(st.booleans()):
            line += draw(st.sampled_from(["  # a comment", " #x", "#x", "   "]))
        lines.append(line)
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from(["", "# comment", "   ", "  # indented comment"])))
    text = "\n".join(lines)
    for _ in range(draw(st.sampled_from([0, 0, 1, 2]))):  # break it in places
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(NOISE) + text[at:]
    return text


@settings(max_examples=1500, deadline=None)
@given(documents())
def test_reads_what_pyyaml_reads_or_declines(text: str) -> None:
    got = read_flat(text)
    if got is NOT_FLAT:
        return
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        expected = loader.construct_document(node)
    finally:
        loader.dispose()
    assert got == expected
    assert _types(got) == _types(expected)  # 1 and True compare equal: the types must match too
    keys = [k.value for k, _ in node.value]
    assert len(keys) == len(set(keys))  # a key given twice is declined (the checker reports it)


def _types(data: object) -> object:
    if isinstance(data, dict):
        return {k: _types(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_types(v) for v in data]
    return type(data)


def test_a_transcribed_sheet_is_read_quickly_and_positions_still_follow() -> None:
    text = "game: gsc\nplayers: 2   # two\nyellow: [[3, 5], [], [1], []]\nrerolls: {earned: 4, used: 4}\n"
    assert read_flat(text) == {"game": "gsc", "players": 2, "yellow": [[3, 5], [], [1], []],
                               "rerolls": {"earned": 4, "used": 4}}
    doc = parse_text(text, "sheet.yaml", strict=False)
    assert doc.locate(("yellow", 2, 0)) == (3, 23)  # computed from the text when first asked for
    assert doc.locate(("rerolls", "used")) == (4, 28)
    assert str(doc.problem(("players",), "players must be 1..4")) == "sheet.yaml:2:10: players: players must be 1..4"


def test_shapes_left_to_pyyaml() -> None:
    for text in ("a:\n  b: 1\n", "a: yes\n", "a: 012\n", "a: 1\na: 2\n", "a: 'x'\n", "a: [1, 2,]\n", "a: b#c\n",
                 "a: {x: 1, x: 2}\n", "a: [b: 1]\n", "a: 1:20\n", "a: &x [1]\nb: *x\n", "# only a comment\n"):
        assert read_flat(text) is NOT_FLAT, text

