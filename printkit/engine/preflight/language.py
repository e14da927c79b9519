"""Is a printed string in the build's language?  Chinese typography rules for zh-TW text.

Pure functions on strings and set lines; the layout checks call them for every text placed.
"""

from __future__ import annotations

import re

from printkit.engine.render.text import DIGITS, NO_LINE_END, NO_LINE_START, is_cjk, is_phrase, phrase_pattern

# Latin words a Chinese page may carry: units, codes, the tool's name.
_LATIN_OK_IN_CJK = {"mm", "pt", "qr", "pdf", "printkit", "offset", "id", "cm", "a4", "a3", "letter", "max", "min"}
# Common English words that are not German words: one of them in a German build means a text fell back.
_ENGLISH_ONLY = {
    "the", "and", "with", "your", "each", "points", "point", "round", "rounds", "player", "players", "take",
    "this", "that", "score", "write", "cross", "any", "turn", "when", "sheet", "print", "house", "value",
    "fold", "card", "cards", "tile", "row", "column", "trim", "overlap", "of", "to", "for", "you", "is", "are",
    "may", "must", "one", "two", "three", "four", "five", "six", "great", "good", "poor", "excellent", "not",
    "bad", "okay", "solid", "legendary", "average", "every", "first", "last", "next",
}
_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
_ICON = re.compile(r":[a-z0-9][a-z0-9_-]*:")
_HALF_PUNCT = ",.:;!?()[]"
_FULL = "\u3000-\u303f\uff00-\uffef"
_HAN = "\u3400-\u9fff"


def language_problem(text: str, lang: str, allowed: frozenset[str] = frozenset()) -> str | None:
    """Why ``text`` does not read as ``lang`` (None when it does)."""
    visible = _ICON.sub(" ", text)
    words = _WORD.findall(visible)
    if lang == "zh-TW":
        foreign = [w for w in words if len(w) >= 3 and w.lower() not in _LATIN_OK_IN_CJK and w not in allowed]
        if foreign and not any(is_cjk(ch) for ch in visible):
            return f"no Chinese in a zh-TW build: {text[:50]!r}"
        if len(foreign) >= 2:
            return f"English words in a zh-TW build ({' '.join(foreign[:4])}): {text[:50]!r}"
    elif lang == "de":
        english = [w for w in words if w.lower() in _ENGLISH_ONLY and w not in allowed]
        if english:
            return f"English in a German build ({' '.join(english[:4])}): {text[:50]!r}"
    return None


def typography_problems(text: str, lines: tuple[str, ...], ends: tuple[bool, ...],
                        glossary: tuple[str, ...] = ()) -> list[str]:
    """Chinese typography: full-width punctuation, no stray spaces, no orphan, kinsoku, glossary words whole.

    ``lines`` are the lines as set and ``ends`` says which of them ends a paragraph.
    """
    visible = _ICON.sub("\ufffc", text)
    if not any(is_cjk(ch) for ch in visible):
        return []
    out = []
    m = re.search(rf"[{_HAN}][{re.escape(_HALF_PUNCT)}]|[{re.escape(_HALF_PUNCT)}][{_HAN}]", visible)
    if m:
        out.append(f"half-width punctuation next to Chinese ({m.group()!r}): use full-width")
    m = re.search(rf" [{_FULL}]|[{_FULL}] |[{_HAN}] [{_HAN}]", visible)
    if m:
        out.append(f"stray ASCII space in Chinese text ({m.group()!r})")
    lines = tuple(_ICON.sub("\ufffc", line) for line in lines)
    for i, line in enumerate(lines):
        if i > 0 and line[:1] in NO_LINE_START:
            out.append(f"line {i + 1} starts with closing punctuation {line[:1]!r}")
        if not ends[i] and line[-1:] in NO_LINE_END:
            out.append(f"line {i + 1} ends with opening punctuation {line[-1:]!r}")
        starts_paragraph = i == 0 or ends[i - 1]
        core = "".join(ch for ch in line if ch not in NO_LINE_START and ch not in NO_LINE_END)
        if ends[i] and not starts_paragraph and len(core) == 1 and is_cjk(core):
            out.append(f"a single character alone on the paragraph's last line ({line!r})")
        if not ends[i] and i + 1 < len(lines):
            for word in glossary:
                if _split_between(word, line, lines[i + 1]):
                    out.append(f"glossary word {word!r} split across lines")
    return out


def _split_between(word: str, line: str, following: str) -> bool:
    """Does ``line`` end with a head of glossary ``word`` and ``following`` start with the rest?  A space of the
    word may be the one the break took; ``#`` in the word is a digit run (:func:`text.phrase_pattern`)."""
    if not is_phrase(word):
        return any(line.endswith(word[:k]) and following.startswith(word[k:]) for k in range(1, len(word)))
    atoms = re.findall(rf"{re.escape(DIGITS)}|.", word)
    for k in range(1, len(atoms)):
        head, tail = "".join(atoms[:k]).rstrip(" "), "".join(atoms[k:]).lstrip(" ")
        if head and tail and re.search(phrase_pattern(head).pattern + "$", line) \
                and phrase_pattern(tail).match(following):
            return True
    return False
