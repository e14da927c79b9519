"""Language tags as ``--lang`` and a deck's columns write them: ``de``, ``ja``, ``zh-TW``, ``pt-BR``, ``sr-Latn``.

A tag is compared in its canonical case (BCP 47: language lower case, script title case, region upper case), so a
spreadsheet whose headers were lower-cased (``name@zh-tw``) and ``--lang zh-TW`` name the same language.
"""

from __future__ import annotations

import re

# language (2-3 letters), an optional script (4 letters), an optional region (2 letters or 3 digits): the part of
# BCP 47 a print run needs; variants and extensions name nothing a deck would print differently
_TAG = re.compile(r"([A-Za-z]{2,3})(?:-([A-Za-z]{4}))?(?:-([A-Za-z]{2}|[0-9]{3}))?")
# a bundled game's bilingual edition: both languages on every piece ("en+zh-TW")
_COMBINED = "+"


def canonical_tag(text: str) -> str | None:
    """``text`` as a canonical language tag (``zh-tw`` → ``zh-TW``), or None when it is not one."""
    m = _TAG.fullmatch(text.strip()) if isinstance(text, str) else None
    if m is None:
        return None
    lang, script, region = m.groups()
    return "-".join(p for p in (lang.lower(), script and script.title(), region and region.upper()) if p)


def canonical_lang_option(text: str) -> str | None:
    """A ``--lang`` value in canonical case: one tag, or tags joined by ``+`` (a bilingual edition); None when
    it is neither."""
    parts = [canonical_tag(p) for p in text.split(_COMBINED)] if isinstance(text, str) else [None]
    return _COMBINED.join(parts) if all(parts) else None  # type: ignore[arg-type]


LANG_FORM = "a language tag such as de, ja, zh-TW or pt-BR"
