"""Which language a text is hyphenated in, and pyphen's dictionary for it.

A text element's ``hyphenate:`` is ``false`` (the default), ``true`` (the build's language, ``--lang``; English when
the build has none) or a language (``en``, ``en-GB``, ``de``, ``de-CH``, ...).  Chinese, Japanese and Korean are
never hyphenated: a line breaks between their characters instead, so asking for them hyphenates nothing.  A
language pyphen has no dictionary for is an error where the template says it, never a silent no-op.
"""

from __future__ import annotations

from functools import lru_cache

import pyphen

# The least letters either side of a break that English and German typesetting accept: two before, three after
# ("ex-" may end a line, "-ly" and "-en" never start one).
HYPHEN_LEFT = 2
HYPHEN_RIGHT = 3
DEFAULT_LANGUAGE = "en"
_FALSE = frozenset({"", "false", "no", "off", "0"})
_TRUE = frozenset({"true", "yes", "on", "1"})
_UNHYPHENATED = ("zh", "ja", "ko")  # languages set without hyphens: lines break between characters


def hyphenation_setting(value: object, build_lang: object = None) -> bool | str:
    """A template's ``hyphenate:`` value as the element keeps it: False, or the language to hyphenate in."""
    if value is None or value is False:
        return False
    if isinstance(value, str):
        word = value.strip()
        if word.lower() in _FALSE:
            return False
        if word.lower() not in _TRUE:
            return word
    elif value is not True:
        return value  # type: ignore[return-value]  # validation names the wrong type
    return build_lang if isinstance(build_lang, str) and build_lang else DEFAULT_LANGUAGE


def _code(lang: str) -> str:
    return lang.strip().replace("-", "_")


def unhyphenated(lang: str) -> bool:
    """Whether ``lang`` is one whose lines break between characters (never hyphenated)."""
    return _code(lang).lower().split("_")[0] in _UNHYPHENATED


def hyphenation_problem(lang: str) -> str | None:
    """What is wrong with hyphenating in ``lang``, or None."""
    if unhyphenated(lang) or pyphen.language_fallback(_code(lang)):
        return None
    return (f"hyphenate: no hyphenation dictionary for {lang!r}; give true (the build's language) or a language "
            f"such as en, en-GB, de, de-CH, fr, nl")


@lru_cache(maxsize=16)
def hyphenator(lang: str) -> pyphen.Pyphen | None:
    """pyphen's hyphenator for ``lang``; None for a language never hyphenated (or one it has no dictionary for)."""
    if unhyphenated(lang):
        return None
    found = pyphen.language_fallback(_code(lang))
    return pyphen.Pyphen(lang=found, left=HYPHEN_LEFT, right=HYPHEN_RIGHT) if found else None
