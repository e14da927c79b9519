"""A quick reader for the flat YAML that transcribed sheets are written in; anything else is left to PyYAML.

``printkit check`` reads thousands of small files such as::

    game: gsc
    players: 2
    yellow: [[3, 5], [2, 1], [1], [4]]   # a comment
    rerolls: {earned: 4, used: 4}

PyYAML builds a node tree (with a position for every value) and then the data from it in Python;
for a file like this that is most of the time ``check`` spends.  Positions are only needed when
something must be reported, so :func:`read_flat` turns this shape straight into data: each line is
``key: value`` at column 1, the value a flow collection or scalar made only of decimal integers,
plain words, brackets, braces, commas and ``: ``.  Once plain words are quoted, such a value is JSON
that means exactly what the YAML means, so the C JSON decoder reads it.

Whatever falls outside that (a block collection, a quote, a float, an octal-looking ``012``, a word
YAML reads as a boolean or null, a key given twice, a tab, an anchor, ...) returns :data:`NOT_FLAT` and
the caller parses the text with PyYAML as before; so the result is always what PyYAML would build.
"""

from __future__ import annotations

import json
import re
from typing import Any

NOT_FLAT: Any = object()  # "not in the flat shape": parse with PyYAML

# key: value  # comment -- the value only of the characters the flat shape allows (no "#" among them)
_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*): +([\[\]{}, :0-9A-Za-z_-]*?) *(?:(?<= )#.*)?")
# The same for a line without "#" (most): the value runs to the end, its trailing spaces stripped
# after, which is quicker than the lazy match above.
_PLAIN_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*): +([\[\]{}, :0-9A-Za-z_-]*)")
_WORD = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)")  # split() gives: text, word, text, word, ..., text
_COLON_WITHOUT_SPACE = re.compile(r":(?! )")
# Plain words that YAML 1.1 (PyYAML's resolver) reads as booleans or null, not as strings.
_NOT_STRINGS = frozenset(
    w for base in ("yes", "no", "true", "false", "on", "off", "null") for w in (base, base.title(), base.upper())
)


class _Duplicate(Exception):
    pass


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Duplicate  # a key given twice: PyYAML's reading reports it with its line
    return out


_DECODE = json.JSONDecoder(object_pairs_hook=_pairs).decode




def read_flat(text: str) -> Any:
    """The data of ``text`` if it is flat YAML (see the module docstring), else :data:`NOT_FLAT`."""
    if "\t" in text or "\r" in text or "\\" in text:
        return NOT_FLAT
    parts: list[str] = []
    for line in text.split("\n"):
        if not line or line[0] == "#" or line.isspace():
            continue
        m = (_LINE if "#" in line else _PLAIN_LINE).fullmatch(line)
        if m is None:
            return NOT_FLAT
        key, value = m.groups()
        value = value.rstrip(" ")
        if not value:
            return NOT_FLAT  # an empty value may open a block collection on the next lines
        parts.append(f"{key}: {value}")  # the key is a plain word: quoted with the others below
    if not parts:
        return NOT_FLAT
    doc = "{" + ", ".join(parts) + "}"
    if _COLON_WITHOUT_SPACE.search(doc):
        return NOT_FLAT
    pieces = _WORD.split(doc)
    if not _NOT_STRINGS.isdisjoint(pieces[1::2]):
        return NOT_FLAT  # a word YAML reads as a boolean or null, not a string: leave it to PyYAML
    try:
        return _DECODE('"'.join(pieces))  # a quote on each side of every word
    except (_Duplicate, ValueError):  # ValueError: not JSON either (e.g. `[1 2]`, a number too long)
        return NOT_FLAT
