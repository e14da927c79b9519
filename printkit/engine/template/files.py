"""Finding and reading card and tile templates (Squib-style YAML layouts with Jinja2 values).

Templates resolve through one search path, first match wins:

1. the user's ``--templates DIR`` (a mirror of printkit's ``templates/`` folder),
2. the game's own templates (``templates/<game-id>/``, or ``templates/`` inside a game package kept
   outside printkit),
3. the generic templates every deck may use (``templates/cards/``).

So ``DIR/san-marco/action-card.yaml`` replaces the bundled San Marco action card, and
``DIR/cards/standard.yaml`` the generic deck front.

A template may ``extends:`` another and change only what differs::

    extends: action-card            # the next template of that name on the search path
    vars: {title_color: "#12355b"}  # merged into the parent's vars
    elements:                       # by id: merged into the parent's element; null removes it
      title: {text: {color: "#ffd700"}}
    add:                            # new elements, drawn after (on top of) the parent's
      - image: {path: art/lion.png, x: 10, y: 20, w: 43, h: 30}
    under: []                       # new elements drawn before (under) the parent's

A file that extends a template of its own name (a user's ``action-card.yaml`` extending the bundled
``action-card``) gets the next one on the search path, never itself.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.engine.containment import Containment, check_name
from printkit.engine.elements import ELEMENT_KINDS
from printkit.engine.errors import InputError, Problem
from printkit.engine.paths import templates_root
from printkit.engine.source import Document, load_document

TEMPLATE_KEYS = ("description", "extends", "vars", "background", "elements", "under", "add")
ELEMENT_KEYS = ("id", "when", "for")
MAX_EXTENDS = 8  # a chain longer than this is a loop or a mistake


@dataclass(frozen=True)
class SearchPath:
    """Where templates, styles and icons are looked for: the user's folder, the game's, the generic one."""

    user: Path | None = None  # --templates DIR
    game: str | None = None  # the game's id: its folder name under templates/
    game_dir: Path | None = None  # the game's own templates folder (default: templates/<game>)

    def _dirs(self, generic: bool) -> list[Path]:
        root = templates_root()
        dirs: list[Path] = []
        if self.game is not None:
            if self.user is not None:
                dirs.append(self.user / self.game)
            dirs.append(self.game_dir if self.game_dir is not None else root / self.game)
        if generic:
            if self.user is not None:
                dirs.append(self.user / "cards")
            dirs.append(root / "cards")
        return dirs

    def candidates(self, filename: str, generic: bool = True) -> list[Path]:
        """Every place ``filename`` may be, in search order (whether it exists or not)."""
        return [d / filename for d in self._dirs(generic)]

    def find(self, name: str, after: Path | None = None, generic: bool = True) -> Path:
        """The template called ``name`` (``action-card`` or ``action-card.yaml``); with ``after``, the
        first match that comes after that file on the path (for ``extends:`` of one's own name)."""
        check_name(name, "template")
        filename = name if name.endswith((".yaml", ".yml")) else f"{name}.yaml"
        found = [c for c in self.candidates(filename, generic) if c.is_file()]
        if after is not None:
            resolved = [c.resolve() for c in found]
            if after.resolve() in resolved:
                found = found[resolved.index(after.resolve()) + 1:]
            found = [c for c in found if c.resolve() != after.resolve()]
        if found:
            return found[0]
        looked = ", ".join(str(c) for c in self.candidates(filename, generic))
        raise InputError.single(f"template {name!r} not found (looked for {looked})")

    def icon_dirs(self) -> tuple[Path, ...]:
        """Icon folders, the user's first so they can replace any bundled icon."""
        dirs: list[Path] = []
        if self.user is not None:
            dirs.append(self.user / "icons")
        if self.game is not None and self.game_dir is not None:
            dirs.append(self.game_dir / "icons")
        dirs.append(templates_root() / "icons")
        return tuple(dirs)


@dataclass(frozen=True)
class Source:
    """Where one element (or value) of a template was written: for errors that name the line."""

    file: str
    line: int | None
    column: int | None

    @property
    def folder(self) -> Path:
        return Path(self.file).parent


@dataclass(frozen=True)
class CardTemplate:
    """A parsed template, ``extends:`` already applied: raw element mappings with their sources,
    evaluated per card by :mod:`printkit.engine.template.evaluate`."""

    name: str
    file: str
    background: Any
    elements: tuple[dict[str, Any], ...]
    sources: tuple[Source, ...]  # where each element was written (the parent's file or the child's)
    vars: dict[str, Any]  # in the order they are evaluated: the parent's first, then the ones a child adds
    var_sources: dict[str, Source] = field(default_factory=dict)  # where each var was written

    @property
    def positions(self) -> tuple[tuple[int | None, int | None], ...]:
        return tuple((s.line, s.column) for s in self.sources)


def find_template(name: str, user_dir: Path | None, relative_to: Path | None,
                  contain: Containment | None = None) -> Path:
    """A deck's template by name (the user's folder first, then bundled) or by path (relative to
    the deck definition, and inside ``contain``'s folders)."""
    if name.endswith((".yaml", ".yml")):
        p = Path(name)
        path = p if p.is_absolute() or relative_to is None else relative_to / p
        if contain is not None:
            contain.check(path, "card template")
        if path.is_file():
            return path
        raise InputError.single(f"card template {name!r} not found (looked for {path})")
    check_name(name, "card template")
    try:
        return SearchPath(user=user_dir).find(name)
    except InputError:
        looked = ", ".join(str(c) for c in SearchPath(user=user_dir).candidates(f"{name}.yaml"))
        raise InputError.single(f"card template {name!r} not found (looked for {looked})") from None


def _check_element(doc: Document, where: tuple[Any, ...], el: Any, partial: bool) -> None:
    if not isinstance(el, dict):
        raise doc.error(where, "each element is a mapping such as `text: {x: .., y: .., ...}`")
    kinds = [k for k in el if k in ELEMENT_KINDS]
    extra = [k for k in el if k not in ELEMENT_KINDS and k not in ELEMENT_KEYS]
    if extra or len(kinds) > 1 or (not partial and len(kinds) != 1):
        raise doc.error(where, f"each element needs exactly one of {', '.join(ELEMENT_KINDS)}"
                               f" (and optionally {', '.join(ELEMENT_KEYS)}); found {', '.join(el) or 'nothing'}")
    if kinds and not isinstance(el[kinds[0]], dict):
        raise doc.error((*where, kinds[0]), "expected a mapping of the element's settings")
    if "id" in el and not isinstance(el["id"], str):
        raise doc.error((*where, "id"), f"an element id is a name; found {el['id']!r}")
    if "for" in el and not (isinstance(el["for"], str) and " in " in el["for"]):
        raise doc.error((*where, "for"), f"`for:` reads NAME in EXPRESSION, e.g. `i in range(4)`; found {el['for']!r}")


def merge_values(base: Any, over: Any) -> Any:
    """``over`` on top of ``base``: mappings merge key by key, anything else replaces."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for k, v in over.items():
            out[k] = merge_values(base.get(k), v)
        return out
    return copy.deepcopy(over)


def merged_style(search: SearchPath, filename: str = "style.yaml") -> Document:
    """A game's ``style.yaml`` with every copy found earlier on ``search`` (the user's
    ``--templates``) merged over the bundled one, so a restyle names only what it changes.  Line
    and column stay known when only the bundled file is read."""
    files = [p for p in search.candidates(filename, generic=False) if p.is_file()]
    if not files:
        looked = ", ".join(str(c) for c in search.candidates(filename, generic=False))
        raise InputError.single(f"{filename} not found (looked for {looked})")
    bundled = load_document(files[-1])
    data = bundled.data
    for path in reversed(files[:-1]):
        data = merge_values(data, load_document(path).data)
    return Document(data, bundled.node if len(files) == 1 else None, str(files[0]))


def load_template(path: Path, search: SearchPath | None = None, _depth: int = 0) -> CardTemplate:
    """Read a template file, following ``extends:`` through ``search`` (default: generic templates)."""
    doc: Document = load_document(path)
    data = doc.data
    if not isinstance(data, dict):
        raise doc.error((), "a template is a mapping with an `elements:` list (or `extends:` another template)")
    unknown = sorted(set(data) - set(TEMPLATE_KEYS))
    if unknown:
        raise doc.error((unknown[0],), f"unknown key; a template has {', '.join(TEMPLATE_KEYS)}")
    vars_ = data.get("vars") or {}
    if not isinstance(vars_, dict):
        raise doc.error(("vars",), "vars is a mapping of names to values")
    for key in vars_:
        if not (isinstance(key, str) and key.isidentifier()):
            raise doc.error(("vars", key), f"a var's name is a name such as `top` (read as `vars.top`); found {key!r}")

    def src(where: tuple[Any, ...]) -> Source:
        line, col = doc.locate(where)
        return Source(str(path), line, col)

    parent_name = data.get("extends")
    if parent_name is None:
        elements = data.get("elements")
        if not isinstance(elements, list):
            raise doc.error((), "a template is a mapping with an `elements:` list (or `extends:` another template)")
        els: list[dict[str, Any]] = []
        sources: list[Source] = []
        for i, el in enumerate(elements):
            _check_element(doc, ("elements", i), el, partial=False)
            els.append(el)
            sources.append(src(("elements", i)))
        background = data.get("background")
        merged_vars = vars_
        var_sources = {key: src(("vars", key)) for key in vars_}
    else:
        if not isinstance(parent_name, str):
            raise doc.error(("extends",), f"extends names a template; found {parent_name!r}")
        if _depth >= MAX_EXTENDS:
            raise doc.error(("extends",), f"templates extend each other more than {MAX_EXTENDS} deep (a loop?)")
        search = search or SearchPath()
        try:
            parent_path = search.find(parent_name, after=path)
        except InputError as exc:
            line, col = doc.locate(("extends",))
            raise InputError([Problem(p.message, str(path), line, col) for p in exc.problems]) from None
        parent = load_template(parent_path, search, _depth + 1)
        els, sources = list(parent.elements), list(parent.sources)
        ids = [el.get("id") for el in els]
        overrides = data.get("elements") or {}
        if not isinstance(overrides, dict):
            raise doc.error(("elements",), "in a template that extends another, `elements:` maps element ids to "
                                           "changes (null removes one); new elements go under `add:`")
        removed: set[int] = set()
        for key, change in overrides.items():
            if key not in ids:
                known = ", ".join(str(i) for i in ids if i) or "none"
                raise doc.error(("elements", key), f"{parent_path.name} has no element with id {key!r}; ids: {known}")
            i = ids.index(key)
            if change is None:
                removed.add(i)
                continue
            _check_element(doc, ("elements", key), change, partial=True)
            kinds = [k for k in change if k in ELEMENT_KINDS]
            base_kind = next(k for k in els[i] if k in ELEMENT_KINDS)
            if kinds and kinds[0] != base_kind:
                merged = {k: v for k, v in els[i].items() if k in ELEMENT_KEYS} | change  # a new kind of element
            else:
                merged = merge_values(els[i], change)
            els[i] = merged
            sources[i] = src(("elements", key))
        els = [e for i, e in enumerate(els) if i not in removed]
        sources = [s for i, s in enumerate(sources) if i not in removed]
        background = data.get("background", parent.background)
        merged_vars = merge_values(parent.vars, vars_)
        var_sources = {**parent.var_sources, **{key: src(("vars", key)) for key in vars_}}
    for key, on_top in (("under", False), ("add", True)):
        extra = data.get(key) or []
        if not isinstance(extra, list):
            raise doc.error((key,), f"{key}: is a list of elements drawn {'on top' if on_top else 'underneath'}")
        new_els, new_sources = [], []
        for i, el in enumerate(extra):
            _check_element(doc, (key, i), el, partial=False)
            new_els.append(el)
            new_sources.append(src((key, i)))
        els, sources = (els + new_els, sources + new_sources) if on_top else (new_els + els, new_sources + sources)
    return CardTemplate(path.stem, str(path), background, tuple(els), tuple(sources), merged_vars, var_sources)
