"""Finding and reading card templates (Squib-style YAML layouts with Jinja2 values)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.engine.elements import ELEMENT_KINDS
from printkit.engine.errors import InputError
from printkit.engine.paths import templates_root
from printkit.engine.source import Document, load_document


@dataclass(frozen=True)
class CardTemplate:
    """A parsed template: raw element mappings, evaluated per card by the layout layer."""

    name: str
    file: str
    background: Any
    elements: tuple[dict[str, Any], ...]
    positions: tuple[tuple[int | None, int | None], ...]  # (line, column) of each element


def find_template(name: str, user_dir: Path | None, relative_to: Path | None) -> Path:
    """A template by name (user folder first, then bundled) or by path (relative to the definition)."""
    candidates: list[Path] = []
    if name.endswith((".yaml", ".yml")):
        p = Path(name)
        candidates.append(p if p.is_absolute() or relative_to is None else relative_to / p)
    else:
        if user_dir is not None:
            candidates.append(user_dir / "cards" / f"{name}.yaml")
        candidates.append(templates_root() / "cards" / f"{name}.yaml")
    for c in candidates:
        if c.is_file():
            return c
    looked = ", ".join(str(c) for c in candidates)
    raise InputError.single(f"card template {name!r} not found (looked for {looked})")


def load_template(path: Path) -> CardTemplate:
    doc: Document = load_document(path)
    data = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("elements"), list):
        raise doc.error((), "a card template is a mapping with an `elements:` list")
    unknown = set(data) - {"description", "background", "elements"}
    if unknown:
        key = sorted(unknown)[0]
        raise doc.error((key,), "unknown key; a template has description, background and elements")
    elements = []
    positions = []
    for i, el in enumerate(data["elements"]):
        if not isinstance(el, dict):
            raise doc.error(("elements", i), "each element is a mapping such as `text: {x: .., y: .., ...}`")
        kinds = [k for k in el if k in ELEMENT_KINDS]
        extra = [k for k in el if k not in ELEMENT_KINDS and k != "when"]
        if len(kinds) != 1 or extra:
            raise doc.error(("elements", i), f"each element needs exactly one of {', '.join(ELEMENT_KINDS)}"
                                             f" (and optionally when:); found {', '.join(el) or 'nothing'}")
        if not isinstance(el[kinds[0]], dict):
            raise doc.error(("elements", i, kinds[0]), "expected a mapping of the element's settings")
        elements.append(el)
        positions.append(doc.locate(("elements", i)))
    return CardTemplate(path.stem, str(path), data.get("background"), tuple(elements), tuple(positions))
