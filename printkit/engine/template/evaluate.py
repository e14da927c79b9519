"""Evaluating a card template for one card: Jinja2 values → validated elements → a Piece.

Every string value containing ``{{`` or ``{%`` is a Jinja2 template, evaluated in a
sandbox (templates may come from anyone) with ``card``, ``style``, ``deck``, ``vars``, ``width``
and ``height`` in scope (a game may add its own names, e.g. ``game``).  Numbers may be
expressions too: ``w: "{{ width - 8 }}"``.  An element with ``when:`` is drawn only if that
expression is true; one with ``for: "i in range(4)"`` is drawn once per value, with ``i`` in scope.
The template's ``vars`` are evaluated first, for each card, in the order they are written (a var may
read the ones above it); a lone expression keeps its type, so ``top: "{{ 3 + card.shift }}"`` is a number.
The filters and functions of :mod:`printkit.engine.template.functions` are there for every template.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import fields, is_dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import TemplateError, Undefined, meta, nodes
from jinja2.utils import missing
from pydantic import TypeAdapter, ValidationError

from printkit.engine.containment import Containment
from printkit.engine.elements import (
    ELEMENT_KINDS,
    MAX_DRAWN_NUMBER,
    MAX_STAR_POINTS,
    MAX_TEXT_SIZE,
    QR_MAX_BYTES,
    Image,
    Line,
    PathShape,
    Piece,
    QRCode,
    Rect,
    Star,
    Text,
)
from printkit.engine.errors import InputError, Problem, input_problem
from printkit.engine.limits import MAX_CARD_TEXT_CHARS, MAX_CARD_TEXTS, MAX_LOOP_ELEMENTS
from printkit.engine.paths import templates_root
from printkit.engine.render.hyphenation import hyphenation_problem, hyphenation_setting
from printkit.engine.svgpath import PathDataError
from printkit.engine.template.functions import FILTERS, GLOBALS
from printkit.engine.template.sandbox import BudgetedSandbox, BudgetExceeded, budget, check_size, place, spend
from printkit.engine.units import POINT_FIELDS, parse_length

if TYPE_CHECKING:
    from printkit.engine.template.files import CardTemplate

_FALSE = {"", "false", "False", "0", "none", "None", "no"}

_env = BudgetedSandbox(autoescape=False, keep_trailing_newline=False)
_env.filters.update(FILTERS)
_env.globals.update(GLOBALS)


@cache
def _compiled(source: str):
    return _env.from_string(source)


@cache
def _adapter(cls: type) -> TypeAdapter:
    return TypeAdapter(cls)


@cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in fields(cls))


class _Done:
    """A value evaluated once for every card: it is never evaluated again, even if its text holds ``{{``."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


class _Mixed:
    """A mapping of values some of which were evaluated once for every card (``done``); only ``todo`` is
    evaluated per card."""

    __slots__ = ("done", "todo")

    def __init__(self, done: dict[str, Any], todo: list[tuple[str, Any]]) -> None:
        self.done, self.todo = done, todo


class _Keyed:
    """A template string whose text depends only on some fields of the varying names (``card.cost``) and on
    names that are the same for every card: its text is remembered per distinct value of those fields, so a
    deck of 500 cards with eleven different costs evaluates ``card.cost is defined and card.cost != ''``
    eleven times.  Sound for the reasons :class:`CardRenderer` gives, and only for strings that read nothing
    else: see :func:`_field_reads`."""

    __slots__ = ("reads", "source", "texts")

    def __init__(self, source: str, reads: tuple[tuple[str, str], ...]) -> None:
        self.source, self.reads = source, reads
        self.texts: dict[tuple, str] = {}

    def evaluate(self, scope: dict[str, Any]) -> Any:
        key = _field_key(self.reads, scope)
        if key is None:
            return _evaluate(self.source, scope)
        text = self.texts.get(key)
        if text is None:
            text = _evaluate(self.source, scope)
            if type(text) is not str:  # a list an expression made (polygon points): made afresh each time
                return text
            if len(self.texts) < MAX_REMEMBERED:
                self.texts[key] = text
        return text


_MISSING = object()


def _field_key(reads: tuple[tuple[str, str], ...], scope: dict[str, Any]) -> tuple | None:
    """The values of the fields ``reads`` names, each with its type (``1``, ``1.0`` and ``True`` print
    differently; a float by its repr, so ``-0.0`` is not ``0.0``), or None when one is not a plain value."""
    key: list[Any] = []
    for name, field in reads:
        fields = scope.get(name)
        if type(fields) is not dict:
            return None
        v = fields.get(field, _MISSING)
        t = type(v)
        if t is float:
            key.append((t, repr(v)))
        elif t in (str, int, bool) or v is None or v is _MISSING:
            key.append((t, v))
        else:
            return None
    return tuple(key)


# Names a template may read besides its scope whose results depend only on their arguments.
_PURE_GLOBALS = frozenset({"range", "dict", "pips", "zigzag"})
# dict methods: ``card.items`` is the method (Jinja prefers attributes), which depends on every field
_DICT_ATTRS = frozenset(dir(dict))


@cache
def _field_reads(source: str, varying: frozenset[str], constant: frozenset[str]) -> tuple[tuple[str, str], ...] | None:
    """The (name, field) pairs of the varying names ``source`` reads, when those fields and the ``constant``
    names are all it reads (``card.cost``, ``card['cost']``); None when it reads a varying name whole
    (``card is defined``, ``card | length``), a dict method, a loop variable, an impure global (``lipsum``)
    or the ``random`` filter, or cannot be parsed."""
    try:
        tree = _env.parse(source)
    except TemplateError:
        return None
    if any(f.name == "random" for f in tree.find_all(nodes.Filter)):
        return None
    reads: set[tuple[str, str]] = set()
    fielded: set[int] = set()
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        inner = node.node
        if not (isinstance(inner, nodes.Name) and inner.name in varying):
            continue
        if isinstance(node, nodes.Getattr):
            field = node.attr
        elif isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
            field = node.arg.value
        else:
            return None
        if field in _DICT_ATTRS or field.startswith("_"):
            return None
        reads.add((inner.name, field))
        fielded.add(id(inner))
    for name in tree.find_all(nodes.Name):
        if name.name in varying:
            if id(name) not in fielded:
                return None
        elif name.name not in constant and name.name not in _PURE_GLOBALS:
            return None
    return tuple(sorted(reads))


_LITERAL = re.compile(r"[^{}\r\n]*")
_OUTPUT = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*\}\}")


@cache
def _interpolation(source: str) -> tuple[str, ...] | None:
    """``source`` as text, path, text, path, ..., text when it is nothing but plain text and ``{{ a.b }}``
    outputs (``"{{ deck.title }} · {{ card.index }}"``); None for anything else Jinja2 must render."""
    parts = _OUTPUT.split(source)
    if len(parts) < 3 or not all(_LITERAL.fullmatch(text) for text in parts[0::2]):
        return None
    return tuple(parts)


def _interpolate(parts: tuple[str, ...], scope: dict[str, Any]) -> str | None:
    """What Jinja2 renders for an :func:`_interpolation` (each value as ``str``, an undefined one as nothing),
    counted against the card's budget as Jinja2 counts it; None when only Jinja2 itself can say."""
    out: list[str] = []
    total = 0
    for n, part in enumerate(parts):
        if n % 2:
            value = _lookup(part, scope)
            if value is _NOT_FOUND:
                return None
            part = "" if isinstance(value, Undefined) else str(value)
        if part:
            total += len(part)
            check_size(total, "the text this template writes")
            spend()
            out.append(part)
    return "".join(out)


def _evaluate(value: Any, scope: dict[str, Any]) -> Any:
    if type(value) is _Done:
        return value.value
    if type(value) is _Keyed:
        return value.evaluate(scope)
    if type(value) is _Mixed:
        out = dict(value.done)
        for key, v in value.todo:
            out[key] = _evaluate(v, scope)
        return out
    if isinstance(value, str) and ("{{" in value or "{%" in value):
        whole = value.strip()
        if whole.startswith("{{") and whole.endswith("}}") and whole.count("{{") == 1 and "{%" not in whole \
                and whole == value:
            # one expression: evaluated once; its text is what rendering it would print
            expr = whole[2:-2].strip()
            native = _lookup(expr, scope) if _PATH.fullmatch(expr) else _NOT_FOUND
            if native is _NOT_FOUND:
                native = _value_expression(expr)(**scope)
            if isinstance(native, list | tuple):  # e.g. polygon points computed by an expression
                return native
            return "" if isinstance(native, Undefined) else str(native)
        parts = _interpolation(value)
        if parts is not None:
            text = _interpolate(parts, scope)
            if text is not None:
                return text
        return _compiled(value).render(scope)
    if isinstance(value, list):
        return [_evaluate(v, scope) for v in value]
    if isinstance(value, dict):
        return {k: _evaluate(v, scope) for k, v in value.items()}
    return value


_PATH = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_NOT_FOUND = object()


def _lookup(path: str, scope: dict[str, Any]) -> Any:
    """``card.name``, the commonest expression, looked up as Jinja2 would (its sandboxed ``getattr``: an
    attribute, else an item) without making a template context; ``_NOT_FOUND`` when only Jinja2 itself can
    say (a name it would take from its globals, or a lookup on an undefined value, which is its error)."""
    root, *attrs = path.split(".")
    if root not in scope:
        return _NOT_FOUND
    value = scope[root]
    for attr in attrs:
        if isinstance(value, Undefined):
            return _NOT_FOUND
        value = _env.getattr(value, attr)
    return value


@cache
def _optional_fields(cls: type) -> frozenset[str]:
    assert is_dataclass(cls)
    return frozenset(f.name for f in fields(cls) if "None" in str(f.type))


@cache
def _field_order(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def _finite(value: Any) -> bool:
    if type(value) is float:
        return math.isfinite(value)
    if isinstance(value, tuple):
        return all(_finite(v) for v in value)
    return True


def _largest(value: Any) -> float:
    if type(value) is float or type(value) is int:
        return abs(value)
    if isinstance(value, tuple):
        return max((_largest(v) for v in value), default=0.0)
    return 0.0


def _check_values(element: Any) -> str | None:
    """What is wrong with a validated element's values, or None.

    Whatever the drawing library would refuse is refused here, where the template line is known: a NaN,
    infinite or absurdly large number (a broken PDF, or ReportLab's own error), an absurd text size
    (shrink-to-fit would run for ever), a dash pattern of no length, more data than a QR code holds.
    """
    for name in _field_order(type(element)):
        value = getattr(element, name)
        if not _finite(value):
            return f"{name} must be a finite number; found {value!r}"
        if _largest(value) > MAX_DRAWN_NUMBER:
            return f"{name} must lie within ±{MAX_DRAWN_NUMBER:,.0f}; found {_largest(value):g}"
    if isinstance(element, Rect | Line) and element.dash and (min(element.dash) < 0 or sum(element.dash) <= 0):
        return f"dash lengths must be 0 or more, and not all 0; found {list(element.dash)}"
    if isinstance(element, QRCode) and len(element.data.encode("utf-8")) > QR_MAX_BYTES:
        return (f"data: a QR code holds at most {QR_MAX_BYTES:,} bytes (UTF-8); found "
                f"{len(element.data.encode('utf-8')):,}")
    if isinstance(element, Star) and not 3 <= element.points <= MAX_STAR_POINTS:
        return f"points: a star has 3 to {MAX_STAR_POINTS} tips; found {element.points}"
    if isinstance(element, PathShape):
        return _path_problem(element)
    if isinstance(element, Text) and not 0 < element.min_size <= element.size <= MAX_TEXT_SIZE:
        return (f"text sizes must satisfy 0 < min_size <= size <= {MAX_TEXT_SIZE:g} pt; "
                f"found size {element.size:g}, min_size {element.min_size:g}")
    if isinstance(element, Text) and isinstance(element.hyphenate, str):
        return hyphenation_problem(element.hyphenate)
    return None


def _path_problem(element: PathShape) -> str | None:
    """What is wrong with a path's data or view box: the character where the data goes wrong, and what is there."""
    if element.viewbox is not None and not (element.viewbox[2] > 0 and element.viewbox[3] > 0):
        return f"viewbox is [min_x, min_y, width, height], width and height above 0; found {list(element.viewbox)}"
    if not element.w > 0 or not element.h > 0:
        return f"a path's box needs a width and height above 0; found w {element.w:g}, h {element.h:g}"
    if not element.d.strip():
        return "d: the path data is empty (SVG path data: \"M 0 0 L 10 0 L 5 8 Z\")"
    try:
        element.segments_mm()
    except PathDataError as exc:
        return f"d: at character {exc.offset + 1}: {exc}" if exc.offset is not None else f"d: {exc}"
    return None


def _loop(spec: str, scope: dict[str, Any]) -> tuple[str, list[Any]]:
    """``for: "i in range(4)"``: the loop variable and the values it takes."""
    name, _, expr = spec.partition(" in ")
    name = name.strip()
    if not name.isidentifier():
        raise ValueError(f"`for:` needs a name before `in`; found {name!r}")
    values = list(itertools.islice(_expression(expr.strip())(**scope), MAX_LOOP_ELEMENTS + 1))
    if len(values) > MAX_LOOP_ELEMENTS:
        raise BudgetExceeded(f"`for:` would draw more than {MAX_LOOP_ELEMENTS:,} elements on one card")
    return name, values


@cache
def _expression(source: str) -> Any:
    return _env.compile_expression(source)


@cache
def _value_expression(source: str) -> Any:
    """An expression whose undefined result prints as nothing, as ``{{ card.missing }}`` renders."""
    return _env.compile_expression(source, undefined_to_none=False)


@cache
def _names(source: str) -> frozenset[str]:
    """The scope names a template string reads (``card``, ``style``, a loop's variable, ...)."""
    try:
        return frozenset(meta.find_undeclared_variables(_env.parse(source)))
    except TemplateError:
        return frozenset({"*"})  # not valid: left to each card, where its error names the card


def _reads(value: Any, names: frozenset[str]) -> bool:
    """Whether any expression in ``value`` reads one of ``names`` (or cannot be parsed)."""
    if isinstance(value, str):
        return ("{{" in value or "{%" in value) and bool(_names(value) & (names | {"*"}))
    if isinstance(value, list):
        return any(_reads(v, names) for v in value)
    if isinstance(value, dict):
        return any(_reads(v, names) for v in value.values())
    return False


def _element_reads(raw: dict[str, Any], names: frozenset[str]) -> bool:
    """Whether an element reads one of ``names``: in its values, its ``when:`` or its ``for:`` (a bare expression)."""
    if "for" in raw:
        expr = str(raw["for"]).partition(" in ")[2]
        if _reads("{{ " + expr + " }}", names):
            return True
    return _reads({k: v for k, v in raw.items() if k != "for"}, names)


def _partial(value: Any, scope: dict[str, Any], varying: frozenset[str]) -> Any:
    """``value`` with every expression that reads none of ``varying`` evaluated now (as :class:`_Done`), and
    each that reads only some of their fields remembered per value of those fields (as :class:`_Keyed`)."""
    if isinstance(value, str) and ("{{" in value or "{%" in value):
        if _reads(value, varying):
            reads = _field_reads(value, varying, frozenset(scope) - varying)
            return _Keyed(value, reads) if reads else value
        try:
            return _Done(_evaluate(value, scope))
        except Exception:  # its error is reported by each card's own evaluation, naming the card
            return value
    if isinstance(value, list):
        return [_partial(v, scope, varying) for v in value]
    if isinstance(value, dict):
        parts = {k: _partial(v, scope, varying) for k, v in value.items()}
        done = {k: v.value if type(v) is _Done else v for k, v in parts.items() if _settled(v)}
        return _Mixed(done, [(k, v) for k, v in parts.items() if k not in done])
    return value


def _settled(value: Any) -> bool:
    """Whether a partly evaluated value needs no more evaluation: done once, or a plain value."""
    if type(value) is _Done:
        return True
    if type(value) is _Keyed:
        return False
    if isinstance(value, str):
        return "{{" not in value and "{%" not in value
    return not isinstance(value, list | dict | _Mixed)


class CardRenderer:
    """One template drawn for many cards (a deck): compiled once, and whatever does not read the names that
    change from card to card (``varying``) is evaluated on the first card and reused for the others.

    An element none of whose values, ``when:`` or ``for:`` reads a varying name is drawn the same on every
    card: it is evaluated, validated and its files checked once.  In the other elements, each value that
    reads no varying name (nor the element's loop variable) is evaluated once.  This is sound because
    templates cannot change the values they are given (the sandbox is immutable) and an expression's
    result depends only on the names it reads.
    """

    def __init__(self, template: CardTemplate, shared: dict[str, Any], width: float, height: float,
                 base_dir: Path | None = None, contain: Containment | None = None,
                 varying: tuple[str, ...] = ("card",)) -> None:
        self.template = template
        self.width, self.height = width, height
        self.base_dir = base_dir
        self.contain = contain or Containment(())
        self.varying = frozenset(varying)
        # The vars that read no varying name (nor a var that does) are evaluated once, here; the others per card.
        self.card_vars = _varying_vars(template.vars, self.varying)
        self.fixed_vars: dict[str, Any] | None = None
        plain = {**shared, "width": width, "height": height}
        try:
            with budget():
                self.fixed_vars = _template_vars(template, plain, "", skip=self.card_vars)
        except Exception:  # reported by each card's own evaluation, naming the card
            self.card_vars = frozenset(template.vars)
        if self.card_vars:
            self.varying = self.varying | {"vars"}  # what reads vars changes from card to card
        self.scope = {**plain, "vars": self.fixed_vars or {}}
        self.constant = [not _element_reads(raw, self.varying) for raw in template.elements]
        self.fixed: dict[int, list[Any]] = {}  # element index → what it draws on every card
        self.labels = element_labels(template)
        self.made: dict[tuple, Any] = {}  # (raw element, its evaluated values) → the validated element
        self.partial: dict[int, dict[str, Any]] = {}  # element index → its raw values, the constant ones done
        self.background_constant = not _reads(template.background, self.varying)
        self.background: Any = _UNSET  # the background, once evaluated, when it is the same on every card
        self.grounds: dict[str, Rect] = {}  # the background's rectangle, per colour
        # otherwise remembered per value of the fields it reads (``card.color``); worked out under a card's
        # budget like everything a template evaluates (over it, each card evaluates it and reports it)
        with budget():
            self.background_value = _partial(template.background, self.scope, self.varying) \
                if template.background and not self.background_constant else template.background

    def render(self, values: dict[str, Any], name: str) -> Piece:
        """The piece for one card: ``values`` holds the varying names (``{"card": {...}}``)."""
        with budget():
            return _render(self.template, {**self.scope, **values}, self.width, self.height, name, self.base_dir,
                           self.contain, self)

    def element(self, index: int, raw: dict[str, Any], scope: dict[str, Any]) -> dict[str, Any]:
        """``raw`` with its constant values evaluated (on the first card; then remembered)."""
        done = self.partial.get(index)
        if done is None:
            varying = self.varying
            if "for" in raw:
                varying = varying | {str(raw["for"]).partition(" in ")[0].strip()}
            done = self.partial[index] = {k: v if k == "for" else _partial(v, scope, varying) for k, v in raw.items()}
        return done


def _failure(exc: Exception, fail: Callable[[str], InputError]) -> InputError:
    """What went wrong in an expression, for ``fail`` to place: too much work, or the expression's own error."""
    if isinstance(exc, BudgetExceeded):
        return fail(f"too much work: {exc}")
    if isinstance(exc, TemplateError):
        return fail(f"template expression failed: {exc}")
    # too big, too deep (input_problem), or the expression's own error, e.g. 10 / 0 or "3" + 1
    return fail(input_problem(exc) or f"template expression failed: {type(exc).__name__}: {exc}")


def _var_value(value: Any, scope: dict[str, Any]) -> Any:
    """A var's value: a lone expression keeps the type it makes (``{{ 3 + card.shift }}`` a number, ``{{ style.colors
    }}`` a mapping); text with expressions in it is text; lists and mappings hold values of either kind."""
    if isinstance(value, str) and ("{{" in value or "{%" in value):
        whole = value.strip()
        if whole.startswith("{{") and whole.endswith("}}") and whole.count("{{") == 1 and "{%" not in whole:
            expr = whole[2:-2].strip()
            native = _lookup(expr, scope) if _PATH.fullmatch(expr) else _NOT_FOUND
            if native is _NOT_FOUND:
                native = _value_expression(expr)(**scope)
            if isinstance(native, Undefined) and native._undefined_obj is missing:
                native._fail_with_undefined_error()  # a name nothing defines is a typo, not an empty value
            return native  # a card's missing field stays undefined: printed, it prints nothing, as in an element
        return _evaluate(value, scope)
    if isinstance(value, list):
        return [_var_value(v, scope) for v in value]
    if isinstance(value, dict):
        return {k: _var_value(v, scope) for k, v in value.items()}
    return value


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        if "{{" in value or "{%" in value:
            yield value
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


@cache
def _vars_named(source: str) -> frozenset[str] | None:
    """The vars ``source`` reads by name (``vars.top``, ``vars['top']``); None when it reads ``vars`` whole
    (``vars | length``) or cannot be parsed."""
    try:
        tree = _env.parse(source)
    except TemplateError:
        return None
    named: set[str] = set()
    seen: set[int] = set()
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        inner = node.node
        if not (isinstance(inner, nodes.Name) and inner.name == "vars"):
            continue
        if isinstance(node, nodes.Getattr):
            named.add(node.attr)
        elif isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
            named.add(node.arg.value)
        else:
            return None
        seen.add(id(inner))
    if any(n.name == "vars" and id(n) not in seen for n in tree.find_all(nodes.Name)):
        return None
    return frozenset(named)


def _var_reads(value: Any) -> frozenset[str] | None:
    """The vars a var's value reads by name; None when it reads ``vars`` whole."""
    out: set[str] = set()
    for source in _strings(value):
        named = _vars_named(source)
        if named is None:
            return None
        out |= named
    return frozenset(out)


def _varying_vars(vars_: dict[str, Any], varying: frozenset[str]) -> frozenset[str]:
    """The vars whose value changes from card to card: those reading a ``varying`` name or such a var."""
    out: set[str] = set()
    for key, value in vars_.items():
        reads = _var_reads(value)
        if _reads(value, varying) or (out and (reads is None or reads & out)):
            out.add(key)
    return frozenset(out)


def _template_vars(template: CardTemplate, scope: dict[str, Any], name: str, skip: frozenset[str] = frozenset(),
                   fixed: dict[str, Any] | None = None) -> dict[str, Any]:
    """The template's vars for one card, in the order they are written, each evaluated with the ones above it
    in scope; ``fixed`` holds those already evaluated (once for every card), ``skip`` those left out."""
    order = list(template.vars)
    out: dict[str, Any] = dict(fixed or {})
    for i, key in enumerate(order):
        if key in out or key in skip:
            continue
        raw = template.vars[key]
        src = template.var_sources.get(key)

        def fail(message: str, key: str = key, src: Any = src) -> InputError:
            where = (src.file, src.line, src.column) if src is not None else (template.file, None, None)
            return InputError([Problem(f"{name + ': ' if name else ''}vars.{key}: {message}", *where)])

        later = sorted((_var_reads(raw) or frozenset()) - set(order[:i]))
        if later:
            if later[0] in template.vars:
                raise fail(f"reads vars.{later[0]}, which is written after it; vars are evaluated in the order "
                           "they are written, so move it above")
            raise fail(f"reads vars.{later[0]}, which the template does not define; its vars are "
                       f"{', '.join(order)}")
        try:
            out[key] = _var_value(raw, {**scope, "vars": out})
        except Exception as exc:
            raise _failure(exc, fail) from None
    return {key: out[key] for key in order if key in out}


_UNSET = object()
MAX_REMEMBERED = 50_000  # validated elements one renderer keeps: a few per distinct card


def render_template(
    template: CardTemplate, scope: dict[str, Any], width: float, height: float, name: str,
    base_dir: Path | None = None, contain: Containment | None = None,
) -> Piece:
    """The piece ``template`` draws for one card (``scope`` holds card, style, deck...).

    Relative image paths are taken from ``base_dir`` (a deck definition's folder) when given, else
    from the folder of the template file that names the image.  An image must lie inside that folder,
    printkit's bundled templates or a root of ``contain`` (unless it allows files outside).  The work
    the template's expressions do is counted against one budget per card (:mod:`.sandbox`).
    """
    with budget():
        return _render(template, {**scope, "width": width, "height": height}, width, height, name, base_dir,
                       contain or Containment(()))


def _render(
    template: CardTemplate, scope: dict[str, Any], width: float, height: float, name: str, base_dir: Path | None,
    contain: Containment, memo: CardRenderer | None = None,
) -> Piece:
    """``scope`` already holds ``width`` and ``height`` (and, from ``memo``, the vars that are the same on every
    card); ``memo`` keeps what is the same on every card."""
    if memo is None:
        scope = {**scope, "vars": _template_vars(template, scope, name)}
    elif memo.card_vars:
        scope = {**scope, "vars": _template_vars(template, scope, name, fixed=memo.fixed_vars)}
    elements: list[Any] = []
    labels: list[str | None] = []
    names = memo.labels if memo is not None else element_labels(template)
    for index, (raw, source) in enumerate(zip(template.elements, template.sources, strict=True)):
        if memo is not None:
            fixed = memo.fixed.get(index)
            if fixed is not None:
                elements.extend(fixed)
                labels.extend([names[index]] * len(fixed))
                continue
            drawn = len(elements)
            if not memo.constant[index]:
                raw = memo.element(index, raw, scope)
        kind = next(k for k in raw if k in ELEMENT_KINDS)

        def fail(message: str, source: Any = source, kind: str = kind) -> InputError:
            return InputError([Problem(f"{name}: {kind}: {message}", source.file, source.line, source.column)])

        try:
            if "for" in raw:
                if "when" in raw and str(_evaluate(raw["when"], scope)).strip() in _FALSE:
                    scopes = []  # `when:` decides whether the loop runs at all
                else:
                    var, values = _loop(str(raw["for"]), scope)
                    scopes = [{**scope, var: v} for v in values]
            else:
                scopes = [scope]
        except Exception as exc:
            raise _failure(exc, fail) from None
        for each in scopes:
            element = _element(raw, kind, each, fail, memo.made if memo is not None else None)
            if element is None:
                continue
            if isinstance(element, Image):
                folder = base_dir if base_dir is not None else source.folder
                path = Path(element.path) if Path(element.path).is_absolute() else folder / element.path
                contain.with_roots(folder, templates_root()).check(path, f"{name}: image", source.file,
                                                                   source.line, source.column)
                element = replace(element, path=str(path))
            if isinstance(element, Text) and element.font:
                folder = base_dir if base_dir is not None else source.folder
                fonts_in = contain.with_roots(folder, templates_root())
                element = replace(element, font=_font_paths(
                    element.font, folder,
                    lambda p, c=fonts_in, s=source: c.check(p, f"{name}: font", s.file, s.line, s.column)))
            elements.append(element)
            labels.append(names[index])
        if memo is not None and memo.constant[index]:
            memo.fixed[index] = elements[drawn:]
    _check_text_load(elements, name, template.file)
    try:
        if memo is not None and memo.background is not _UNSET:
            background = memo.background
        else:
            raw_background = memo.background_value if memo is not None else template.background
            background = _evaluate(raw_background, scope) if template.background else None
            if memo is not None and memo.background_constant:
                memo.background = background
    except BudgetExceeded as exc:
        raise InputError.single(f"{name}: background: too much work: {exc}", template.file) from None
    except Exception as exc:
        raise InputError.single(f"{name}: background: template expression failed: {type(exc).__name__}: {exc}",
                                template.file) from None
    if background:
        ground = memo.grounds.get(str(background)) if memo is not None else None
        if ground is None:
            ground = Rect(-10, -10, width + 20, height + 20, fill=str(background), stroke=None)
            if memo is not None and len(memo.grounds) < MAX_REMEMBERED:
                memo.grounds[str(background)] = ground  # one object per colour: the preflight sees it repeat
        elements.insert(0, ground)
        labels.insert(0, None)
    try:
        place(len(elements), sum(len(e.text) for e in elements if isinstance(e, Text)))
    except BudgetExceeded as exc:
        raise InputError.single(f"{name}: {exc}", template.file) from None
    return Piece(name, width, height, tuple(elements), bleed_color=str(background) if background else None,
                 labels=tuple(labels))


def element_labels(template: CardTemplate) -> tuple[str, ...]:
    """Each element's name in warnings: its template file and ``id``, else the line it is written on (an id or a
    line stays put when ``when:`` leaves other elements out, as an element's number would not)."""
    out = []
    for raw, source in zip(template.elements, template.sources, strict=True):
        kind = next((k for k in raw if k in ELEMENT_KINDS), "element")
        where = Path(source.file).name
        out.append(f"{where}: {raw['id']}" if raw.get("id") else f"{where}:{source.line} {kind}")
    return tuple(out)


def _check_text_load(elements: list[Any], name: str, file: str) -> None:
    """Refuse a card whose texts would take text layout past its bounds, before any is laid out."""
    texts = [e.text for e in elements if isinstance(e, Text)]
    chars = sum(map(len, texts))
    if len(texts) > MAX_CARD_TEXTS or chars > MAX_CARD_TEXT_CHARS:
        raise InputError.single(f"{name}: {len(texts):,} texts of {chars:,} characters on one card; a card holds at "
                                f"most {MAX_CARD_TEXTS:,} texts and {MAX_CARD_TEXT_CHARS:,} characters", file)


def _font_paths(font: str, folder: Path, check: Callable[[Path], Path] | None = None) -> str:
    """``font:`` with its font files taken relative to ``folder`` (``sans`` and absolute paths stay);
    every font file passes ``check`` (the definition's containment)."""
    parts = []
    for part in (p.strip() for p in font.split(",")):
        if part.lower().endswith((".ttf", ".otf")):
            path = Path(part) if Path(part).is_absolute() else folder / part
            if check is not None:
                check(path)
            part = str(path)
        parts.append(part)
    return ", ".join(parts)


def _element(raw: dict[str, Any], kind: str, scope: dict[str, Any], fail: Any,
             made: dict[tuple, Any] | None = None) -> Any:
    """One element evaluated in ``scope``, or None when its ``when:`` is false.  ``made`` remembers the element
    each set of evaluated values made (copies of a card, a field many cards share), so it is validated once."""
    try:
        if "when" in raw and str(_evaluate(raw["when"], scope)).strip() in _FALSE:
            return None
        cls = ELEMENT_KINDS[kind]
        values = _evaluate(raw[kind], scope)
    except Exception as exc:
        raise _failure(exc, fail) from None
    if cls is Text and isinstance(values, dict):
        deck = scope.get("deck")
        # a deck's own `hyphenate:` is the default of its text elements (deck.hyphenate)
        chosen = values["hyphenate"] if "hyphenate" in values else deck.get("hyphenate") if isinstance(deck, dict) \
            else None
        if chosen is not None:
            values["hyphenate"] = hyphenation_setting(chosen, scope.get("lang"))
        # and its `direction:` (deck.direction), for a deck in Arabic or Hebrew
        if "direction" not in values and isinstance(deck, dict) and deck.get("direction", "auto") != "auto":
            values["direction"] = deck["direction"]
    seen: tuple | None = None
    if made is not None:
        try:
            seen = (id(raw), *values.items())
            hit = made.get(seen)
        except TypeError:  # a list among the values (polygon points): not remembered
            seen = hit = None
        if hit is not None:
            return hit
    unknown = sorted(set(values) - _field_names(cls))
    if unknown:
        raise fail(f"no setting {unknown[0]!r}; it has {', '.join(sorted(_field_names(cls)))}")
    for key in _optional_fields(cls) & values.keys():
        if values[key] == "":
            values[key] = None  # an empty expression means "no paint"
    for key, value in values.items():
        if isinstance(value, str) and key not in ("text", "path", "name", "data", "font", "d"):
            values[key] = parse_length(value, "pt" if key in POINT_FIELDS else "mm")
    try:
        element = _adapter(cls).validate_python(values)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in err["loc"])
        raise fail(f"{where}: {err['msg']}; found {err.get('input')!r}") from None
    problem = _check_values(element)
    if problem:
        raise fail(problem)
    if seen is not None and made is not None and len(made) < MAX_REMEMBERED:
        made[seen] = element
    return element


def template_json_schema() -> dict[str, Any]:
    """JSON Schema of a card template file: each element is one of the kinds, plus ``when``.

    Expressions are strings, so every number also accepts a string.
    """
    defs: dict[str, Any] = {}
    variants = []
    for kind, cls in ELEMENT_KINDS.items():
        schema = TypeAdapter(cls).json_schema()
        for prop in schema.get("properties", {}).values():
            prop.pop("default", None)
            if prop.get("type") in ("number", "integer", "boolean"):
                prop["anyOf"] = [{"type": prop.pop("type")}, {"type": "string"}]
        schema["additionalProperties"] = False
        defs[kind] = schema
        variants.append({
            "type": "object",
            "properties": {kind: {"$ref": f"#/$defs/{kind}"}, "when": {"type": ["string", "boolean"]}},
            "required": [kind],
            "additionalProperties": False,
        })
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "printkit card template",
        "type": "object",
        "properties": {
            "description": {"type": "string"},
            "background": {"type": ["string", "null"]},
            "elements": {"type": "array", "items": {"oneOf": variants}},
        },
        "required": ["elements"],
        "additionalProperties": False,
        "$defs": defs,
    }
