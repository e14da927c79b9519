"""The Jinja2 sandbox templates run in, with a work budget per card.

Jinja2's sandbox keeps a template away from Python's internals but not from work without end:
``{% for i in range(100000) %}{% for j in range(100000) %}`` runs 10^10 times and ``'a' * 10**9``
allocates a gigabyte.  Here every loop iteration and call is counted against
:data:`~printkit.engine.limits.MAX_TEMPLATE_OPERATIONS`, and every operation that can make a large
value (``*``, ``**``, ``%``, ``+``, padding and replacing) is checked *before* it runs against
:data:`~printkit.engine.limits.MAX_TEMPLATE_STRING`.  Crossing either raises :class:`BudgetExceeded`,
which the evaluator reports with the card and the template line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any

from jinja2 import TemplateSyntaxError, Undefined, nodes
from jinja2.environment import Environment, Template
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedFormatter
from jinja2.visitor import NodeTransformer

from printkit.engine.limits import (
    MAX_CARDS,
    MAX_DECK_ELEMENTS,
    MAX_DECK_TEMPLATE_OPERATIONS,
    MAX_DECK_TEXT_CHARS,
    MAX_TEMPLATE_OPERATIONS,
    MAX_TEMPLATE_STRING,
)

MAX_INT_BITS = 4096  # an integer an expression makes; far beyond any coordinate or count
_WIDTH = re.compile(r"\d{6,}")  # a format width of 100000 characters or more
_SIZED_METHODS = frozenset({"ljust", "rjust", "center", "zfill", "expandtabs"})
_ITER_NAME = "__printkit_budget_iter"
_SIZING = frozenset({"center", "wordwrap", "truncate", "batch", "slice"})  # filters whose numbers size the result
MAX_JSON_INDENT = 8  # spaces per level `tojson` may indent: more only pads the value towards the budget
_LIPSUM_WORD = 12  # characters a lorem-ipsum word and its space take at most
_COPIES_PER_OPERATION = 1_000  # list items `sum(start=[])` copies for the cost of one counted operation


class BudgetExceeded(Exception):
    """A template asked for more work or a larger value than one card may take."""


@dataclass
class Budget:
    """Work done for one card (or, as a card's ``parent``, for a whole deck) so far."""

    operations: int = 0
    limit: int = MAX_TEMPLATE_OPERATIONS
    parent: Budget | None = None
    what: str = "one card (a loop too large?)"

    def spend(self, n: int = 1) -> None:
        self.operations += n
        if self.operations > self.limit:
            raise BudgetExceeded(f"more than {self.limit:,} loop steps and calls for {self.what}")
        if self.parent is not None:
            self.parent.spend(n)


@dataclass
class Drawing:
    """What the cards of one deck (``deck``: its file, or the game) have placed so far, against the deck's caps."""

    deck: str
    most_elements: int
    most_chars: int
    elements: int = 0
    chars: int = 0


_current: ContextVar[Budget | None] = ContextVar("printkit_template_budget", default=None)
_deck: ContextVar[Budget | None] = ContextVar("printkit_deck_budget", default=None)
_drawing: ContextVar[Drawing | None] = ContextVar("printkit_deck_drawing", default=None)


@contextmanager
def budget(limit: int = MAX_TEMPLATE_OPERATIONS) -> Iterator[Budget]:
    """Count the template work inside the block against one fresh budget (one card), and against the
    deck's (:func:`deck_budget`) when one is open."""
    b = Budget(limit=limit, parent=_deck.get())
    token = _current.set(b)
    try:
        yield b
    finally:
        _current.reset(token)


@contextmanager
def deck_budget(limit: int | None = None, deck: str = "one deck", cards: int = MAX_CARDS) -> Iterator[Budget]:
    """One budget for all the cards made inside the block (one game or deck of a build, named by ``deck``): each
    card has its own, and together they may not do more than ``limit`` (:data:`MAX_DECK_TEMPLATE_OPERATIONS`)
    nor draw more than :data:`MAX_DECK_ELEMENTS` elements and :data:`MAX_DECK_TEXT_CHARS` characters
    (:func:`place`).  ``cards``: the card cap (``--max-cards``); raised past :data:`MAX_CARDS`, it raises the
    drawing caps in proportion (a user who allows more cards allows them their drawing)."""
    b = Budget(limit=limit or MAX_DECK_TEMPLATE_OPERATIONS,
               what="all the cards of one deck together (too many cards doing too much work?)")
    scale = max(1.0, cards / MAX_CARDS)
    drawing = Drawing(deck, round(MAX_DECK_ELEMENTS * scale), round(MAX_DECK_TEXT_CHARS * scale))
    token, drawn = _deck.set(b), _drawing.set(drawing)
    try:
        yield b
    finally:
        _drawing.reset(drawn)
        _deck.reset(token)


def place(elements: int, chars: int) -> None:
    """Count one card's ``elements`` and ``chars`` of text against its deck's caps (when a deck is open):
    :class:`BudgetExceeded`, naming the deck, once they are passed."""
    d = _drawing.get()
    if d is None:
        return
    d.elements += elements
    d.chars += chars
    if d.elements > d.most_elements or d.chars > d.most_chars:
        raise BudgetExceeded(
            f"the cards of {d.deck} up to this one place {d.elements:,} elements and {d.chars:,} characters of "
            f"text; one deck's cards place at most {d.most_elements:,} elements and {d.most_chars:,} "
            "characters together (too many cards, or too much on each? `--max-cards N` raises both with the "
            "card cap)")


def spend(n: int = 1) -> None:
    """Count ``n`` operations against the current card's budget (if any)."""
    b = _current.get()
    if b is not None:
        b.spend(n)


def check_size(size: float, what: str) -> None:
    """Refuse a value of ``size`` characters or items larger than a card allows."""
    if size > MAX_TEMPLATE_STRING:
        raise BudgetExceeded(f"{what} would make a value of {size:,.0f} characters or items; "
                             f"a card allows {MAX_TEMPLATE_STRING:,}")




def _size(value: Any) -> int | None:
    return len(value) if isinstance(value, str | list | tuple | bytes | dict | set | frozenset) else None


class _Counted(Iterator[Any]):
    """An iterable's items, each one operation against the budget as it is taken."""

    __slots__ = ("_items",)

    def __init__(self, values: Iterable[Any]) -> None:
        self._items = iter(values)

    def __next__(self) -> Any:
        item = next(self._items)
        spend()
        return item


def _budget_iter(values: Iterable[Any]) -> Iterator[Any]:
    return values if isinstance(values, _Counted) else _Counted(values)


def _checked_int(value: Any) -> Any:
    if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        raise BudgetExceeded(f"a number with more than {MAX_INT_BITS} bits")
    return value


_CONCAT_NAME = "__printkit_concat"


def _concat(*parts: Any) -> str:
    """``a ~ b ~ c``, sized before it is made."""
    texts = [p if type(p) is str else str(p) for p in parts]
    check_size(sum(map(len, texts)), "`~`")
    return "".join(texts)


class _Budgeted(NodeTransformer):
    """Loops through :func:`_budget_iter`, ``~`` through :func:`_concat`."""

    def visit_For(self, node: nodes.For) -> nodes.For:
        self.generic_visit(node)
        node.iter = nodes.Call(nodes.Name(_ITER_NAME, "load"), [node.iter], [], None, None, lineno=node.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Call:
        self.generic_visit(node)
        return nodes.Call(nodes.Name(_CONCAT_NAME, "load"), list(node.nodes), [], None, None, lineno=node.lineno)


def checked_result(value: Any, what: str) -> Any:
    """What an operation made, refused when it is larger than a card allows; an iterator it made is
    iterated through the budget (each step one operation), so ``list``, ``join`` or a loop pay for it."""
    size = _size(value)
    if size is not None:
        check_size(size, what)
    elif isinstance(value, Iterator):
        return _budget_iter(value)  # counted once: an iterator already counted is returned as it is
    return _checked_int(value)


class BudgetedTemplate(Template):
    """A template whose output is counted as it is made, not after."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        ctx = self.new_context(dict(*args, **kwargs))
        parts: list[str] = []
        total = 0
        try:
            for part in self.root_render_func(ctx):
                total += len(part)
                check_size(total, "the text this template writes")
                spend()
                parts.append(part)
        except Exception:
            self.environment.handle_exception()
        return "".join(parts)


class BudgetedSandbox(ImmutableSandboxedEnvironment):
    """Jinja2's sandbox, with loops, calls and value sizes counted (see the module's docstring).

    Immutable: a template cannot change the values it is given (``style.update(...)``, ``list.append``), so
    one card's template cannot change what the next card sees, and what does not depend on the card can be
    evaluated once for the whole deck (:class:`~printkit.engine.template.evaluate.CardRenderer`)."""

    intercepted_binops = frozenset({"*", "**", "%", "+", "//"})
    template_class = BudgetedTemplate

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.globals[_ITER_NAME] = _budget_iter
        self.globals[_CONCAT_NAME] = _concat
        for name in list(self.filters):  # every filter: counted, its arguments and its result sized
            self.filters[name] = _guarded_filter(name, self.filters[name])
        for name in ("lipsum", "namespace", "dict", "cycler", "joiner"):
            self.globals[name] = _guarded_filter(name, self.globals[name])

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        """An expression nested past the parser's recursion (``((((…))))`` 5,000 deep) is a syntax error
        naming the template, not a crash."""
        try:
            return super()._parse(source, name, filename)
        except RecursionError:
            raise TemplateSyntaxError("nested too deeply to read", 1, name, filename) from None

    def compile_expression(self, source: str, undefined_to_none: bool = True) -> Any:
        try:
            return super().compile_expression(source, undefined_to_none)
        except RecursionError:
            raise TemplateSyntaxError("nested too deeply to read", 1) from None

    def _generate(self, source: nodes.Template, name: str | None, filename: str | None,
                  defer_init: bool = False) -> str:
        """Every tree, a template's or an expression's, is compiled with its ``{% for %}`` loops iterating
        through the budget and its ``~`` concatenations sized before they are made."""
        try:
            return super()._generate(_Budgeted().visit(source), name, filename, defer_init)
        except RecursionError:
            raise TemplateSyntaxError("nested too deeply to read", 1, name, filename) from None

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        spend()
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if _size(seq) is not None and isinstance(n, int):
                    check_size(_size(seq) * max(n, 0), "`*`")  # type: ignore[operator]
        elif operator == "**" and isinstance(left, int) and isinstance(right, int) and abs(left) > 1 and right > 0:
            if right * math.log2(abs(left)) > MAX_INT_BITS:
                raise BudgetExceeded(f"{left} ** {right} is a number with more than {MAX_INT_BITS} bits")
        elif operator == "%" and isinstance(left, str):
            if _WIDTH.search(left):
                raise BudgetExceeded("a `%` format with a width of 100000 or more")
            given = right if isinstance(right, tuple) else (*right.values(),) if isinstance(right, dict) else (right,)
            check_size(_formatted_size(left, left.count("%"), given, isinstance(right, dict)), "`%`")
        elif operator == "+" and _size(left) is not None and _size(right) is not None:
            check_size(_size(left) + _size(right), "`+`")  # type: ignore[operator]
        return checked_result(super().call_binop(context, operator, left, right), f"`{operator}`")

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        spend()
        inner = getattr(__obj, "__wrapped__", __obj)  # the sandbox wraps str.format
        owner = getattr(inner, "__self__", None)
        name = getattr(inner, "__name__", "")
        if isinstance(owner, str):
            args = _checked_str_call(owner, name, args, kwargs)
        return checked_result(super().call(__context, __obj, *args, **kwargs), f"{name or 'a call'}()")


def _formatted_size(fmt: str, fields: int, given: Iterable[Any], repeats: bool = True) -> int:
    """At most how long ``fmt`` is once its ``fields`` are filled from the values ``given`` (an integer counts
    as its value too: it may be a width, as in ``'%*s'`` or ``'{:>{w}}'``).  ``repeats``: a field may name a
    value that another field used already (``{0}{0}``, ``%(a)s%(a)s``), so each may be the longest; else
    each value is used at most once."""
    sizes = [v if type(v) is int else len(v) if type(v) is str else len(str(v)) for v in given]
    widths = sum(int(w) for w in _LITERAL_WIDTH.findall(fmt))  # `{:>99999}` ten thousand times is 1 GB
    if repeats:
        return len(fmt) + widths + fields * max(sizes, default=0)
    return len(fmt) + widths + sum(sizes)


# a width or precision written in a field: `{:>99999}`, `{0:.500}`, `%99999s`, `%.9d` (runs of 6+ digits are
# refused outright by _WIDTH)
_LITERAL_WIDTH = re.compile(r"(?:\{[^{}]*?[:][^{}]*?|%[-+ #0]*\.?)(\d{1,5})")


_NESTED_FIELD = re.compile(r"\{[^{}]*\{")  # `{:>{w}}`: a value may be (part of) another field's spec, "1000000000"
_NAMED_FIELD = re.compile(r"\{[^{}:!]*[0-9A-Za-z_]|%\(")  # a format field that names its value: may repeat it


def _checked_str_call(owner: str, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """Refuse a string method whose result would be larger than a card allows, before it runs (its
    arguments, an iterable to join made a list through the budget)."""
    if name in _SIZED_METHODS and name != "expandtabs":
        check_size(max([len(owner), *(a for a in args if isinstance(a, int))]), f"str.{name}")
    elif name == "expandtabs":
        tab = args[0] if args else kwargs.get("tabsize", 8)
        check_size(len(owner) + owner.count("\t") * max(tab if isinstance(tab, int) else 8, 0), "str.expandtabs")
    elif name in ("format", "format_map"):
        if _WIDTH.search(owner):
            raise BudgetExceeded("a format with a width of 100000 or more")
        given = [*args, *kwargs.values()]
        if name == "format_map" and args and isinstance(args[0], dict):
            given = list(args[0].values())
        if _NESTED_FIELD.search(owner) and any(isinstance(v, str) and _WIDTH.search(v) for v in given):
            raise BudgetExceeded("a format whose nested field gives a width of 100000 or more")
        check_size(_formatted_size(owner, owner.count("{"), given, name == "format_map" or bool(
            _NAMED_FIELD.search(owner))), f"str.{name}")
    elif name == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
        check_size(_replaced_size(owner, args[0], args[1]), "str.replace")
    elif name == "join" and args:
        items = list(_budget_iter(args[0]))
        check_size(sum(len(i) if type(i) is str else 0 for i in items) + len(owner) * max(len(items) - 1, 0),
                   "str.join")
        args = (items, *args[1:])
    elif name == "translate" and args and isinstance(args[0], dict):
        longest = max((len(v) for v in args[0].values() if isinstance(v, str)), default=1)
        check_size(len(owner) * max(longest, 1), "str.translate")
    return args


def _len_or_zero(value: Any) -> int:
    try:
        return len(value)
    except TypeError:
        return 0


def _replaced_size(text: str, old: str, new: str) -> int:
    if not old:
        return len(text) + (len(text) + 1) * len(new)
    return len(text) + text.count(old) * max(len(new) - len(old), 0)


def _guarded_filter(name: str, fn: Any) -> Any:
    """A Jinja2 filter or global, counted, refusing arguments that would make a huge value before it runs,
    and its result sized (:func:`checked_result`)."""

    def guarded(*args: Any, **kwargs: Any) -> Any:
        spend()
        # skip the environment or context some filters take first
        values = [a for a in args if not isinstance(a, Environment) and not hasattr(a, "environment")]
        if values and isinstance(values[0], Iterator):  # a generator's items are paid for as they are taken
            first = _budget_iter(values[0])
            args = tuple(first if a is values[0] else a for a in args)
            values[0] = first
        if name == "join" and values:
            items = [str(v) for v in _budget_iter(values[0])]
            sep = values[1] if len(values) > 1 else kwargs.get("d", "")
            check_size(sum(map(len, items)) + len(str(sep)) * max(len(items) - 1, 0), "join")
            args = tuple(items if a is values[0] else a for a in args)
        elif name == "replace" and len(values) >= 3:
            check_size(_replaced_size(str(values[0]), str(values[1]), str(values[2])), "replace")
        elif name == "format" and values:
            if _WIDTH.search(str(values[0])):
                raise BudgetExceeded("a format with a width of 100000 or more")
            fmt = str(values[0])
            check_size(_formatted_size(fmt, fmt.count("%"), [*values[1:], *kwargs.values()], bool(kwargs)), "format")
        elif name == "indent" and values:
            width = next((a for a in (*values[1:2], kwargs.get("width")) if isinstance(a, int)), 4)
            text = str(values[0])
            check_size(len(text) + (text.count("\n") + 1) * max(width, 0), name)
        elif name == "tojson":
            indent = kwargs.get("indent", values[1] if len(values) > 1 else None)
            if isinstance(indent, int) and indent > MAX_JSON_INDENT:
                raise BudgetExceeded(f"tojson indents by at most {MAX_JSON_INDENT}; found {indent}")
        elif name == "lipsum":
            n = kwargs.get("n", values[0] if values else 5)
            most = kwargs.get("max", values[3] if len(values) > 3 else 100)
            if isinstance(n, int) and isinstance(most, int):
                check_size(max(n, 0) * max(most, 0) * _LIPSUM_WORD, "lipsum")
        elif name == "sum" and values:
            start = kwargs.get("start", values[2] if len(values) > 2 else 0)
            if _size(start) is not None:  # adding lists or strings: each step copies all so far
                items = list(_budget_iter(values[0]))
                total = _size(start) + sum(_size(i) or 0 for i in items)  # type: ignore[operator]
                check_size(total, "sum")
                spend(len(items) * total // _COPIES_PER_OPERATION)
                args = tuple(items if a is values[0] else a for a in args)
        elif name in _SIZING:
            ints = [a for a in (*values[1:], *kwargs.values()) if isinstance(a, int)]
            check_size(max([len(values[0]) if values and isinstance(values[0], str) else 0, *ints]), name)
        return checked_result(fn(*args, **kwargs), name)

    for attr in ("jinja_pass_arg",):  # Jinja2 passes the environment/context to filters marked so
        if hasattr(fn, attr):
            setattr(guarded, attr, getattr(fn, attr))
    guarded.__name__ = getattr(fn, "__name__", name)
    return guarded


class _StrictFormatter(SandboxedFormatter):
    """The sandbox's formatter, with a field that names nothing (an unsafe attribute, a missing one) an error
    rather than printed empty, and one that names anything but a word or a number (a method) an error too."""

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        obj, first = super().get_field(field_name, args, kwargs)
        if isinstance(obj, Undefined):
            raise ValueError(getattr(obj, "_undefined_hint", None) or f"{{{field_name}}} names nothing to print")
        if type(obj) not in (str, int, float, bool):  # a method or an object prints its memory address
            raise ValueError(f"{{{field_name}}} is a {type(obj).__name__}; a text prints words and numbers only")
        return obj, first


@cache
def _format_env() -> BudgetedSandbox:
    return BudgetedSandbox(autoescape=False)


def format_text(text: str, where: str, **values: Any) -> str:
    """``text.format(**values)`` for a text a definition writes (``"Move to {district}"``), through Jinja2's
    sandboxed formatter as every template's ``format`` is: a field reaches no attribute a template could not
    (``{district.__class__}`` prints no memory address), the result is sized before it is made, and a field
    with no value or a bad format spec is the definition's error, named by ``where``."""
    from printkit.engine.errors import InputError

    try:
        _checked_str_call(text, "format", (), values)
        return _StrictFormatter(_format_env()).vformat(text, (), values)
    except KeyError as exc:
        problem = f"no value for {{{exc.args[0]}}}; it may use {', '.join('{' + k + '}' for k in values) or 'none'}"
    except (BudgetExceeded, SecurityError, IndexError, ValueError, AttributeError, TypeError) as exc:
        problem = str(exc) or type(exc).__name__
    shown = text if len(text) <= 60 else text[:57] + "..."
    raise InputError.single(f"{where}: cannot fill in {shown!r}: {problem}")
