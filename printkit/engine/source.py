"""Read a YAML (or JSON) document and keep where every value came from.

Validation errors from pydantic carry a *path* into the data (``("cards", 3, "qty")``);
:meth:`Document.locate` turns that path back into the line and column of the file, so a
user is told exactly where to look.
"""

from __future__ import annotations

import codecs
import json
import os
import stat
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from printkit.engine.errors import InputError, Problem, input_problem
from printkit.engine.flat_yaml import NOT_FLAT, read_flat
from printkit.engine.limits import MAX_YAML_NODES

try:  # the C loader is ~10x faster; fall back to pure Python where libyaml is absent
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader

M = TypeVar("M", bound=BaseModel)


class Document:
    """Parsed data plus the node tree that remembers line and column of each value.

    A file read by the quick path (:mod:`printkit.engine.flat_yaml`) keeps its text instead of a
    node tree; the tree is built from the text the first time a position is asked for (to report a
    problem), so a file that is fine never pays for positions.
    """

    __slots__ = ("_node", "_text", "data", "file", "problems")

    def __init__(self, data: Any, node: yaml.Node | None, file: str, problems: tuple[Problem, ...] = (),
                 text: str | None = None) -> None:
        self.data = data
        self.file = file
        self.problems = problems  # found while parsing but not fatal (see ``parse_text(strict=False)``)
        self._node = node
        self._text = text  # positions not computed yet: compose ``text`` when first needed

    @property
    def node(self) -> yaml.Node | None:
        if self._node is None and self._text is not None:
            self._node = _positions(self._text)
            self._text = None
        return self._node

    def locate(self, path: Sequence[Any]) -> tuple[int | None, int | None]:
        """Return (line, column), both 1-based, of the deepest node on ``path`` that exists."""
        node = self.node
        if node is None:
            return None, None
        best = node
        for key in path:
            child = _child(node, key)
            if child is None:
                continue  # pydantic inserts tags such as union member names; skip them
            node = best = child
        return best.start_mark.line + 1, best.start_mark.column + 1

    def problem(self, path: Sequence[Any], message: str) -> Problem:
        line, column = self.locate(path)
        return Problem(message, self.file, line, column, ".".join(str(p) for p in path))

    def error(self, path: Sequence[Any], message: str) -> InputError:
        return InputError([self.problem(path, message)])

    def validate(self, model: type[M], context: dict[str, Any] | None = None, kind: str | None = None) -> M:
        """Validate the data against ``model``; raise :class:`InputError` naming every problem.

        ``kind`` names the file's schema (``printkit schema KIND``) in hints about unknown keys.
        """
        try:
            return model.model_validate(self.data, context=context)
        except ValidationError as exc:
            raise self.validation_error(exc, kind) from None

    def validation_error(self, exc: ValidationError, kind: str | None = None) -> InputError:
        errors = exc.errors(include_url=False)
        # A missing key is named by the last part of its location, which is (of course) not in the data.
        tagged = [(err, _tag_index(self.data, err["loc"][:-1] if err["type"] == "missing" else err["loc"]))
                  for err in errors]
        problems = []
        for err, tag in tagged:
            if tag is not None and any(
                other is not err and otag == tag and other["loc"][:tag] == err["loc"][:tag]
                and len(other["loc"]) > len(err["loc"])
                for other, otag in tagged
            ):
                continue  # a union member that failed earlier than another: report the closer miss only
            loc = [p for i, p in enumerate(err["loc"]) if i != tag]
            problems.append(self.problem(loc, _describe(err, kind)))
        return InputError(problems)


def _tag_index(data: Any, loc: Sequence[Any]) -> int | None:
    """Index of the first element of a pydantic ``loc`` that names a union member, not data."""
    for i, key in enumerate(loc):
        in_dict = isinstance(data, dict) and key in data
        in_list = isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data)
        if in_dict or in_list:
            data = data[key]
        elif isinstance(key, str):
            return i
        else:
            return None
    return None


def _child(node: yaml.Node, key: Any) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if str(k.value) == str(key):
                return v
        return None
    if isinstance(node, yaml.SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
        return node.value[key]
    return None


def _describe(err: dict[str, Any], schema: str | None = None) -> str:
    found = err.get("input")
    kind = err["type"]
    if kind == "extra_forbidden":
        hint = f"; `printkit schema {schema}` lists the keys" if schema else ""
        return f"unknown key (check its spelling{hint})"
    if kind == "missing":
        return "required key is missing"  # the key's name is the last part of the path shown
    shown = repr(found)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return f"{err['msg']}; found {shown}"


def _expanded_size(root: yaml.Node, file: str, budget: int = MAX_YAML_NODES) -> int:
    """How many values the file holds once every alias is expanded (as a validator walking the data
    sees it), counted without expanding anything: each node's size is computed once.

    A few hundred bytes of nested aliases ("billion laughs") stand for billions of values; a file over
    ``budget`` is refused here, before anything walks it.
    """
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        if isinstance(node, yaml.MappingNode):
            kids = [n for pair in node.value for n in pair]
        elif isinstance(node, yaml.SequenceNode):
            kids = list(node.value)
        else:
            sizes[id(node)] = 1
            continue
        if not children_done:
            stack.append((node, True))
            stack.extend((k, False) for k in kids if id(k) not in sizes)
            continue
        total = 1 + sum(sizes.get(id(k), 0) for k in kids)
        if total > budget:
            raise InputError.single(
                f"this file expands to more than {budget:,} values (YAML aliases: `*name` repeats a whole `&name` "
                "block); printkit refuses files that large", file, node.start_mark.line + 1, node.start_mark.column + 1)
        sizes[id(node)] = total
    return sizes[id(root)]


def _duplicate_keys(root: yaml.Node, file: str) -> list[Problem]:
    """PyYAML keeps the last of two equal keys silently; a user's first value would be lost.

    Each node is looked at once, so a block repeated through aliases costs nothing more.
    """
    found: list[Problem] = []
    seen_nodes: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen_nodes:
            continue
        seen_nodes.add(id(node))
        if isinstance(node, yaml.MappingNode):
            seen: dict[str, yaml.Node] = {}
            for k, _ in node.value:
                name = str(k.value)
                if name in seen:
                    first = seen[name].start_mark.line + 1
                    found.append(Problem(f"key {name!r} appears twice (first on line {first})", file,
                                         k.start_mark.line + 1, k.start_mark.column + 1))
                else:
                    seen[name] = k
            stack.extend(v for _, v in reversed(node.value))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
    found.sort(key=lambda p: (p.line or 0, p.column or 0))
    return found


def parse_text(text: str, file: str = "<input>", strict: bool = True, as_json: bool = False) -> Document:
    """Parse YAML or JSON text into a :class:`Document`; syntax errors become InputError.

    The text is parsed once: the node tree (which keeps positions) is built, its size after alias
    expansion checked against :data:`~printkit.engine.limits.MAX_YAML_NODES`, and the data constructed
    from it.  A key given twice is an error at once when ``strict``; otherwise it is kept in
    ``Document.problems`` (the last value wins) so a checker can report it with the rest.
    ``as_json``: the text must be strict JSON (a ``.json`` file), not merely YAML that looks like it.
    """
    return _parse_cached(text, file, strict, as_json)


def _positions(text: str) -> yaml.Node | None:
    """The node tree of text that has been read before (so it is known to be valid), for positions."""
    loader = _Loader(text)
    try:
        return loader.get_single_node()
    except yaml.YAMLError:  # valid JSON that YAML cannot read (a tab, a long key): no positions
        return None
    finally:
        loader.dispose()


class _DuplicateKey(Exception):
    pass


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _DuplicateKey  # reported, with its line, by the YAML reading below
    return out


@lru_cache(maxsize=32)
def _parse_cached(text: str, file: str, strict: bool, as_json: bool) -> Document:
    duplicates: list[Problem] = []
    json_data: Any = None
    if as_json:
        try:
            json_data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique_pairs)
            return Document(json_data, None, file, text=text)  # positions when asked for
        except _DuplicateKey:
            json_data = json.loads(text, parse_constant=_no_constant)
        except json.JSONDecodeError as exc:
            raise InputError.single(f"JSON syntax error: {exc.msg}", file, exc.lineno, exc.colno) from None
        except (ValueError, RecursionError) as exc:
            raise InputError.single(input_problem(exc) or f"JSON syntax error: {exc}", file) from None
    else:
        flat = read_flat(text)
        if flat is not NOT_FLAT:  # the common shape of a sheet: no node tree unless a problem is reported
            return Document(flat, None, file, text=text)
    loader = _Loader(text)
    node = None
    try:
        node = loader.get_single_node()
        if node is not None and "*" in text:  # without an alias nothing expands: the size is the text's
            _expanded_size(node, file)
        if node is not None:
            duplicates = _duplicate_keys(node, file)
            if duplicates and strict:
                raise InputError(duplicates[:1])
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        if as_json:  # valid JSON that YAML cannot read (a tab, a long key): keep the JSON data, lose positions
            return Document(json_data, None, file)
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        what = exc.problem or "not valid YAML"
        if exc.context:
            started = exc.context_mark
            if started is not None and mark is not None and started.line != mark.line:
                what = f"{exc.context} (started at line {started.line + 1}, column {started.column + 1}): {what}"
            else:
                what = f"{exc.context}: {what}"
        raise InputError.single(f"YAML syntax error: {what}", file, line, column) from None
    except yaml.reader.ReaderError as exc:  # a character YAML refuses (a NUL byte): named by its line
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise InputError.single(f"YAML syntax error: {exc.reason} (character {exc.character!r})", file, line,
                                column) from None
    except yaml.YAMLError as exc:
        raise InputError.single(f"YAML syntax error: {exc}", file) from None
    except (ValueError, RecursionError) as exc:
        problem = input_problem(exc)
        if problem is None:
            raise
        line, column = _long_number(node) if isinstance(exc, ValueError) and node is not None else (None, None)
        raise InputError.single(problem, file, line, column) from None
    finally:
        loader.dispose()
    return Document(json_data if as_json else data, node, file, tuple(duplicates))


def _long_number(root: yaml.Node) -> tuple[int | None, int | None]:
    """Line and column of the first plain scalar too long for Python to read as an integer."""
    limit = sys.get_int_max_str_digits()
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.ScalarNode):
            if len(node.value) > limit and not node.style:  # plain: '' (libyaml) or None
                return node.start_mark.line + 1, node.start_mark.column + 1
        elif isinstance(node, yaml.MappingNode):
            stack.extend(n for pair in reversed(node.value) for n in reversed(pair))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
    return None, None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def read_text(path: str | Path, what: str = "file") -> str:
    """A user's UTF-8 text file (a byte-order mark is dropped); problems become InputError."""
    try:
        # Bytes decoded here rather than a "utf-8-sig" text file: the same text (byte-order mark
        # dropped, line ends made "\n" as text mode does) at half the cost, which `check` pays per file.
        # The name is made a Path only for an error's message (making one costs as much as the read).
        data = _read_bytes(path)
        text = (data[3:] if data[:3] == codecs.BOM_UTF8 else data).decode("utf-8")
        return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
    except FileNotFoundError:
        raise InputError.single(f"{what} not found", Path(path)) from None
    except UnicodeDecodeError as exc:
        raise InputError.single(f"not UTF-8 text (byte {exc.start})", Path(path)) from None
    except OSError as exc:
        raise InputError.single(f"cannot read {what}: {exc.strerror}", Path(path)) from None


def _read_bytes(path: str | Path) -> bytes:
    """The whole file, read without a buffered file object (a quarter of the cost for the small files
    `check` reads by the thousand): a regular file in one read of its size, anything else to its end."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    try:
        st = os.fstat(fd)
        data = os.read(fd, st.st_size + 1)  # one byte more: the size read back exactly means the end
        if len(data) != st.st_size or not stat.S_ISREG(st.st_mode):  # grew, a huge file, a pipe, ...
            parts = [data]
            while parts[-1]:
                parts.append(os.read(fd, 1 << 16))
            data = b"".join(parts)
        return data
    finally:
        os.close(fd)


# Definitions a program hands over as data (the Python API's ``Deck.load(dict)``), by the path they stand in
# for: read as if they were that file, so the files they name resolve from its folder.
_GIVEN: ContextVar[Mapping[str, str]] = ContextVar("printkit_given_documents",
                                                                   default=MappingProxyType({}))


@contextmanager
def given_documents(texts: Mapping[str, str]) -> Iterator[None]:
    """While inside, :func:`load_document` reads each path of ``texts`` (its ``str``) as that text."""
    token = _GIVEN.set(MappingProxyType({**_GIVEN.get(), **texts}))
    try:
        yield
    finally:
        _GIVEN.reset(token)


def is_document(path: Path) -> bool:
    """A definition file on disk, or one given as data."""
    return str(path) in _GIVEN.get() or path.is_file()


def load_document(path: str | Path) -> Document:
    """Read and parse a YAML/JSON file (``.json``: strict JSON); a missing or unreadable file is an InputError.

    A file read again in the same run with the same text is not parsed again.
    """
    given = _GIVEN.get().get(str(path))
    text = given if given is not None else read_text(path)
    return parse_text(text, str(path), as_json=Path(path).suffix.lower() == ".json")
