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
from typing import Any

from jinja2 import TemplateSyntaxError, nodes
from jinja2.environment import Template
from jinja2.sandbox import ImmutableSandboxedEnvironment

from printkit.engine.limits import MAX_TEMPLATE_OPERATIONS, MAX_TEMPLATE_STRING

MAX_INT_BITS = 4096  # an integer an expression makes; far beyond any coordinate or count
_WIDTH = re.compile(r"\d{6,}")  # a format width of 100000 characters or more
_SIZED_METHODS = frozenset({"ljust", "rjust", "center", "zfill", "expandtabs"})
_ITER_NAME = "__printkit_budget_iter"


class BudgetExceeded(Exception):
    """A template asked for more work or a larger value than one card may take."""


@dataclass
class Budget:
    """Work done for one card so far."""

    operations: int = 0
    limit: int = MAX_TEMPLATE_OPERATIONS

    def spend(self, n: int = 1) -> None:
        self.operations += n
        if self.operations > self.limit:
            raise BudgetExceeded(f"more than {self.limit:,} loop steps and calls for one card (a loop too large?)")


_current: ContextVar[Budget | None] = ContextVar("printkit_template_budget", default=None)


@contextmanager
def budget(limit: int = MAX_TEMPLATE_OPERATIONS) -> Iterator[Budget]:
    """Count the template work inside the block against one fresh budget (one card)."""
    b = Budget(limit=limit)
    token = _current.set(b)
    try:
        yield b
    finally:
        _current.reset(token)


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
    return len(value) if isinstance(value, str | list | tuple | bytes) else None


def _budget_iter(values: Iterable[Any]) -> Iterator[Any]:
    for v in values:
        spend()
        yield v


def _checked_int(value: Any) -> Any:
    if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        raise BudgetExceeded(f"a number with more than {MAX_INT_BITS} bits")
    return value


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
        for name in ("center", "indent", "replace", "format", "wordwrap", "join"):
            self.filters[name] = _guarded_filter(name, self.filters[name])

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        """Every ``{% for %}`` loop iterates through the budget.  An expression nested past the parser's
        recursion (``((((…))))`` 5,000 deep) is a syntax error naming the template, not a crash."""
        try:
            tree = super()._parse(source, name, filename)
        except RecursionError:
            raise TemplateSyntaxError("nested too deeply to read", 1, name, filename) from None
        for loop in tree.find_all(nodes.For):
            loop.iter = nodes.Call(nodes.Name(_ITER_NAME, "load"), [loop.iter], [], None, None,
                                   lineno=loop.lineno)
        return tree

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        spend()
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if _size(seq) is not None and isinstance(n, int):
                    check_size(_size(seq) * max(n, 0), "`*`")  # type: ignore[operator]
        elif operator == "**" and isinstance(left, int) and isinstance(right, int) and abs(left) > 1 and right > 0:
            if right * math.log2(abs(left)) > MAX_INT_BITS:
                raise BudgetExceeded(f"{left} ** {right} is a number with more than {MAX_INT_BITS} bits")
        elif operator == "%" and isinstance(left, str) and _WIDTH.search(left):
            raise BudgetExceeded("a `%` format with a width of 100000 or more")
        elif operator == "+" and _size(left) is not None and _size(right) is not None:
            check_size(_size(left) + _size(right), "`+`")  # type: ignore[operator]
        return _checked_int(super().call_binop(context, operator, left, right))

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        spend()
        inner = getattr(__obj, "__wrapped__", __obj)  # the sandbox wraps str.format
        owner = getattr(inner, "__self__", None)
        name = getattr(inner, "__name__", "")
        if isinstance(owner, str):
            if name in _SIZED_METHODS:
                check_size(max([len(owner), *(a for a in args if isinstance(a, int))]), f"str.{name}")
            elif name == "format" and _WIDTH.search(owner):
                raise BudgetExceeded("a format with a width of 100000 or more")
            elif name == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
                check_size(_replaced_size(owner, args[0], args[1]), "str.replace")
            elif name == "join" and args:
                check_size(len(owner) * _len_or_zero(args[0]), "str.join")
        return _checked_int(super().call(__context, __obj, *args, **kwargs))


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
    """Jinja2's own filter, refusing arguments that would make a huge string."""

    def guarded(*args: Any, **kwargs: Any) -> Any:
        spend()
        values = [a for a in args if not hasattr(a, "environment")]  # skip the eval context some filters take
        if name == "join" and values:
            items = [str(v) for v in _budget_iter(values[0])]
            sep = values[1] if len(values) > 1 else kwargs.get("d", "")
            check_size(sum(map(len, items)) + len(str(sep)) * max(len(items) - 1, 0), "join")
            args = tuple(items if a is values[0] else a for a in args)
        elif name == "replace" and len(values) >= 3:
            check_size(_replaced_size(str(values[0]), str(values[1]), str(values[2])), "replace")
        elif name == "format" and values and _WIDTH.search(str(values[0])):
            raise BudgetExceeded("a format with a width of 100000 or more")
        elif name == "indent" and values:
            width = next((a for a in (*values[1:2], kwargs.get("width")) if isinstance(a, int)), 4)
            text = str(values[0])
            check_size(len(text) + (text.count("\n") + 1) * max(width, 0), name)
        else:
            ints = [a for a in (*values[1:], *kwargs.values()) if isinstance(a, int)]
            check_size(max([len(str(values[0])) if values else 0, *ints]), name)
        return fn(*args, **kwargs)

    for attr in ("jinja_pass_arg",):  # Jinja2 passes the environment/context to filters marked so
        if hasattr(fn, attr):
            setattr(guarded, attr, getattr(fn, attr))
    guarded.__name__ = getattr(fn, "__name__", name)
    return guarded
