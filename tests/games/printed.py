"""Reading a game's printed components back as a player would: text from the PDF, facts looked up in it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from itertools import pairwise

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



def split_words(pdf: bytes, words: Iterable[str]) -> list[str]:
    """The ``words`` a line break of ``pdf`` falls inside, as "before|after" (Chinese: a reader expects a word
    kept on one line)."""
    found = []
    for page in all_text(pdf):
        lines = [line.strip() for line in page.replace("\r", "").split("\n")]
        for a, b in pairwise(lines):
            found += [f"{w[:i]}|{w[i:]}" for w in words for i in range(1, len(w))
                      if a.endswith(w[:i]) and b.startswith(w[i:])]
    return found


def built_split_words(game: str, paper: str, words: Iterable[str], out) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Build ``game`` in zh-TW as a user does (the CLI hands the renderer the game's glossary) into ``out`` and
    read back every PDF: the PDFs that split any of ``words`` across lines, with the splits."""
    from typer.testing import CliRunner

    from printkit.cli import app

    result = CliRunner().invoke(app, ["build", game, "--lang", "zh-TW", "--paper", paper, "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    pdfs = sorted((out / game).glob("*.pdf"))
    assert len(pdfs) > 5
    splits = {pdf.name: split_words(pdf.read_bytes(), words) for pdf in pdfs}
    return {name: s for name, s in splits.items() if s}
