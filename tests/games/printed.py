"""Reading a game's printed components back as a player would: text from the PDF, facts looked up in it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from devkit.readback import all_text
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render


def text_of(comp, lang: str) -> str:  # type: ignore[no-untyped-def]
    """Every page's text as one string.  Lines are joined: Chinese without spaces (a line may break at the space
    around a number), other languages with one space."""
    joined = "\n".join(all_text(render(comp, PrintSettings(), lang).pdf)).replace("\r", "")
    return re.sub(r"\s", "", joined) if "zh-TW" in lang else re.sub(r"\s+", " ", joined)


def missing(facts: Iterable[str], text: str, lang: str) -> list[str]:
    """The facts not found in ``text`` (read by :func:`text_of` in ``lang``)."""
    return [f for f in facts if (re.sub(r"\s", "", f) if "zh-TW" in lang else f) not in text]


def kit_talk(comps: Mapping[str, object], lang: str, words: Iterable[str], allowed: str = "kit-notes"
             ) -> dict[str, list[str]]:
    """Components other than ``allowed`` that print any of ``words`` (how the kit was made), with the words."""
    found = {}
    for name, comp in comps.items():
        if name == allowed:
            continue
        text = text_of(comp, lang).lower()
        hits = [w for w in words if (re.sub(r"\s", "", w) if "zh-TW" in lang else w).lower() in text]
        if hits:
            found[name] = hits
    return found
