"""Building just some cards: ``--only 3,7-10`` and ``--where "type == 'Spell'"``.

Cards are numbered as the deck numbers them (after quantities, as the footer prints them), so
``--only 7`` is the card whose footer says 7.  ``--where`` is a template expression (the same sandbox
as templates) over the card's fields, which are in scope by name and as ``card``.
A subset build gets its own file name, so it never replaces the full deck's PDF.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from jinja2 import TemplateError, nodes
from jinja2.sandbox import SandboxedEnvironment

from printkit.engine.errors import InputError

_RANGE = re.compile(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?")
MAX_SPEC = 200  # characters: a longer --only is a mistake


def parse_only(spec: str, count: int) -> list[int]:
    """The 1-based card numbers ``spec`` names (``"3,7-10"``), in deck order, each once."""
    if len(spec) > MAX_SPEC:
        raise InputError.single(f"--only is {len(spec)} characters long; give at most {MAX_SPEC}")
    wanted: set[int] = set()
    for part in spec.split(","):
        m = _RANGE.fullmatch(part)
        if not m:
            raise InputError.single(f"--only reads card numbers and ranges such as 3,7-10; found {part.strip()!r}")
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else lo
        if lo < 1 or hi < lo:
            raise InputError.single(f"--only: {part.strip()!r} is not a range of card numbers from 1 up")
        if hi > count:
            raise InputError.single(f"--only: the deck has {count} cards; there is no card {hi}")
        wanted.update(range(lo, hi + 1))
    return sorted(wanted)


_env = SandboxedEnvironment(autoescape=False)


def where_filter(expression: str, fields: Sequence[str] | None = None) -> Any:
    """A function of a card's fields that says whether ``--where`` keeps the card.

    ``fields`` (the deck's field names, in column order): a name the expression reads that no card has
    is a typo, refused naming the fields, rather than matching no card.
    """
    if len(expression) > 500:
        raise InputError.single("--where is longer than 500 characters")
    try:
        compiled = _env.compile_expression(expression, undefined_to_none=True)
    except TemplateError as exc:
        raise InputError.single(f"--where {expression!r} is not an expression: {exc}") from None
    if fields is not None:
        unknown = [n for n in read_names(expression) if n not in fields]
        if unknown:
            raise InputError.single(f"--where {expression!r}: no field `{unknown[0]}`; fields: {', '.join(fields)}")

    def keep(fields: Mapping[str, Any], label: str) -> bool:
        try:
            return bool(compiled(**fields, card=dict(fields)))
        except Exception as exc:  # the expression's own error, e.g. comparing text with a number
            raise InputError.single(f"--where {expression!r} failed for {label}: {type(exc).__name__}: {exc}") \
                from None

    return keep


_IN_SCOPE = frozenset({"card", "true", "false", "none", "True", "False", "None", "range", "loop"})


def read_names(expression: str) -> list[str]:
    """The card fields ``expression`` reads, by bare name (``type``) or through ``card`` (``card.type``,
    ``card['type']``), in order of first use."""
    tree = _env.parse("{{ " + expression + " }}")
    names: list[str] = []
    for node in tree.find_all((nodes.Name, nodes.Getattr, nodes.Getitem)):
        if isinstance(node, nodes.Name) and node.ctx == "load" and node.name not in _IN_SCOPE:
            names.append(node.name)
        elif isinstance(node, nodes.Getattr) and isinstance(node.node, nodes.Name) and node.node.name == "card":
            names.append(node.attr)
        elif (isinstance(node, nodes.Getitem) and isinstance(node.node, nodes.Name) and node.node.name == "card"
              and isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str)):
            names.append(node.arg.value)
    return list(dict.fromkeys(names))


def subset_label(only: str | None, where: str | None) -> str:
    """A file-name part for a subset build: ``only-3_7-10``, ``where-1a2b3c4d``; '' for the whole deck."""
    parts = []
    if only:
        parts.append("only-" + re.sub(r"[^0-9-]+", "_", only.strip()).strip("_"))
    if where:
        parts.append("where-" + hashlib.sha256(where.encode("utf-8")).hexdigest()[:8])
    return "-".join(parts)
