"""San Marco's kit notes page: where the kit's rules come from, from ``data/rules/<lang>.yaml``.

Kept apart from the other layouts: the engine's :mod:`printkit.engine.rulebook` lays it out.
"""

from __future__ import annotations

from printkit.engine.components import SheetComponent
from printkit.engine.paper import paper_dimensions
from printkit.engine.rulebook import PageStyle, RuleTexts, sheet_pages

NOTES_STYLE = PageStyle(margin=14.0, size=9.0, head=11.5, accent="#7a2e1f")


def notes_page(rules: RuleTexts, title: str, lang: str, paper: str, glossary: tuple[str, ...]) -> SheetComponent:
    pw, ph = paper_dimensions(paper)
    w, h = min(pw, ph), max(pw, ph)
    name = rules.texts["notes_title"]
    pages = sheet_pages("san-marco notes", f"{title} — {name}", rules.blocks["notes"], w, h, NOTES_STYLE, lang,
                        columns=1, glossary=glossary)
    return SheetComponent("kit-notes", name, pages)
