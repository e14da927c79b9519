"""Right-to-left text: the Unicode Bidirectional Algorithm (UAX #9) as a card's text needs it.

Levels are resolved once for a whole paragraph (:func:`levels`); the text setter breaks the paragraph into lines
and reorders each line on its own (:func:`visual_order`, rule L2), so a line break never moves a word to the
wrong end of a line.  Mirrored characters (brackets in right-to-left text) are HarfBuzz's: it mirrors when it
shapes a run right to left.

Implemented here rather than taken from a library: python-bidi gives a reordered string, but neither the levels
nor which character went where, and the setter must keep each piece's face, colour and inline icons.  The
character classes are Python's own (``unicodedata.bidirectional``).

Covered: the paragraph level from its first strong character (P2, P3) or given; weak types (W1-W7); bracket
pairs (N0, for the paired brackets of :data:`BRACKETS`); neutrals (N1, N2); implicit levels (I1, I2); a line's
trailing white space and separators (L1) and its reordering (L2).  The marks LRM, RLM and ALM work as the strong
characters they are.  Not covered: explicit embeddings, overrides and isolates (U+202A-202E, U+2066-2069) are
ignored as rule X9 ignores embeddings (:func:`explicit_controls` finds them, for the build to warn).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

Direction = str  # "auto", "ltr" or "rtl"
DIRECTIONS = ("auto", "ltr", "rtl")
OBJECT = "\ufffc"  # an inline icon stands in the paragraph's text as an object replacement character (class ON)

# Characters that make a text need the algorithm: right-to-left letters (R, AL), Arabic digits (AN), the marks
# and controls.  Text with none of them, set left to right, is set as it always was.
_RTL_CLASSES = frozenset(("R", "AL", "AN", "RLE", "RLO", "RLI", "LRE", "LRO", "LRI", "FSI", "PDF", "PDI"))
_RTL_RANGES = re.compile("[\u0590-\u08ff\u200e\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff\ufe70-\ufeff"
                         "\U00010800-\U00010fff\U0001e800-\U0001efff]")
_EXPLICIT = re.compile("[\u202a-\u202e\u2066-\u2069]")
_CONTROLS = re.compile("[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]")  # marks and controls: no ink
_REMOVED = frozenset(("RLE", "LRE", "RLO", "LRO", "PDF", "BN"))  # X9: as if absent
_NEUTRAL = frozenset(("B", "S", "WS", "ON", "LRI", "RLI", "FSI", "PDI"))
_WHITE = frozenset(("WS", "LRI", "RLI", "FSI", "PDI"))  # what L1 resets before a separator or a line's end
# Bidi_Paired_Bracket pairs of Unicode's BidiBrackets.txt that card text meets (ASCII, CJK and full-width ones).
BRACKETS = dict(zip("([{\u2045\u207d\u208d\u2308\u230a\u2329\u27e6\u27e8\u27ea\u2983\u2985\u3008\u300a\u300c"
                    "\u300e\u3010\u3014\u3016\u3018\u301a\uff08\uff3b\uff5b\uff5f\uff62",
                    ")]}\u2046\u207e\u208e\u2309\u230b\u232a\u27e7\u27e9\u27eb\u2984\u2986\u3009\u300b\u300d"
                    "\u300f\u3011\u3015\u3017\u3019\u301b\uff09\uff3d\uff5d\uff60\uff63", strict=True))
_CLOSING = {v: k for k, v in BRACKETS.items()}
_CANONICAL = {"\u2329": "\u3008", "\u232a": "\u3009"}  # the angle brackets pair with their canonical equivalents
_MAX_BRACKET_DEPTH = 63  # BD16: the stack depth past which no further pairs are sought


def needed(text: str, direction: Direction = "auto") -> bool:
    """Whether ``text`` must be set by the algorithm: a right-to-left paragraph, or any right-to-left character or
    bidi mark in it."""
    if direction == "rtl":
        return True
    return _RTL_RANGES.search(text) is not None and any(
        unicodedata.bidirectional(ch) in _RTL_CLASSES for ch in _RTL_RANGES.findall(text))


def inked(text: str) -> str:
    """``text`` without its bidi marks and controls: they steer the algorithm and are not drawn."""
    return _CONTROLS.sub("", text) if _RTL_RANGES.search(text) else text


def explicit_controls(text: str) -> bool:
    """Whether ``text`` holds an embedding, override or isolate control (set as if absent)."""
    return _EXPLICIT.search(text) is not None


def base_level(text: str, direction: Direction = "auto") -> int:
    """A paragraph's level: 1 for right to left, 0 for left to right; ``auto`` takes its first strong character
    (none: left to right)."""
    if direction in ("ltr", "rtl"):
        return int(direction == "rtl")
    for ch in text:
        cls = unicodedata.bidirectional(ch)
        if cls == "L":
            return 0
        if cls in ("R", "AL"):
            return 1
    return 0


@lru_cache(maxsize=20_000)
def levels(text: str, base: int) -> tuple[int, ...]:
    """Each character's embedding level in the paragraph ``text`` of level ``base`` (W1-W7, N0-N2, I1-I2); a
    character rule X9 removes takes the level of the one before it."""
    classes = [unicodedata.bidirectional(ch) for ch in text]
    kept = [i for i, c in enumerate(classes) if c not in _REMOVED]
    types = [classes[i] for i in kept]
    chars = [text[i] for i in kept]
    edge = "R" if base % 2 else "L"  # sos and eos: the paragraph has one isolating run sequence
    _weak(types, edge)
    _brackets(types, chars, edge)
    _neutrals(types, edge)
    out = [base] * len(text)
    for i, t in zip(kept, types, strict=True):
        if base % 2 == 0:
            out[i] = base + (1 if t == "R" else 2 if t in ("AN", "EN") else 0)
        else:
            out[i] = base + (1 if t in ("L", "EN", "AN") else 0)
    last = base
    kept_set = set(kept)
    for i in range(len(text)):
        if i in kept_set:
            last = out[i]
        else:
            out[i] = last
    return tuple(out)


def _weak(t: list[str], sos: str) -> None:
    """Rules W1-W7 on the types, in place."""
    n = len(t)
    prev = sos
    for k in range(n):  # W1: a non-spacing mark takes the type of what it marks
        if t[k] == "NSM":
            t[k] = "ON" if prev in ("LRI", "RLI", "FSI", "PDI") else prev
        prev = t[k]
    last = sos
    for k in range(n):  # W2: European digits after Arabic letters are Arabic numbers
        if t[k] in ("L", "R", "AL"):
            last = t[k]
        elif t[k] == "EN" and last == "AL":
            t[k] = "AN"
    for k in range(n):  # W3
        if t[k] == "AL":
            t[k] = "R"
    for k in range(1, n - 1):  # W4: one separator between two numbers of a kind joins them
        if t[k] == "ES" and t[k - 1] == t[k + 1] == "EN":
            t[k] = "EN"
        elif t[k] == "CS" and t[k - 1] == t[k + 1] and t[k - 1] in ("EN", "AN"):
            t[k] = t[k - 1]
    k = 0
    while k < n:  # W5: terminators (%, $) beside European digits are European digits
        if t[k] != "ET":
            k += 1
            continue
        end = k
        while end < n and t[end] == "ET":
            end += 1
        if (k > 0 and t[k - 1] == "EN") or (end < n and t[end] == "EN"):
            t[k:end] = ["EN"] * (end - k)
        k = end
    for k in range(n):  # W6
        if t[k] in ("ES", "ET", "CS"):
            t[k] = "ON"
    last = sos
    for k in range(n):  # W7: European digits in left-to-right context are left to right
        if t[k] in ("L", "R"):
            last = t[k]
        elif t[k] == "EN" and last == "L":
            t[k] = "L"


def _strong(t: str) -> str | None:
    """A resolved type's direction for the neutral rules (numbers count as right to left), or None if neutral."""
    if t == "L":
        return "L"
    if t in ("R", "EN", "AN"):
        return "R"
    return None


def _brackets(t: list[str], chars: list[str], edge: str) -> None:
    """Rule N0: a bracket pair takes the paragraph's direction when its content has it, else the direction of
    its content when what precedes the pair has that direction too."""
    pairs: list[tuple[int, int]] = []
    stack: list[tuple[str, int]] = []
    for k, ch in enumerate(chars):
        if t[k] != "ON":
            continue
        if ch in BRACKETS:
            if len(stack) == _MAX_BRACKET_DEPTH:
                break
            stack.append((_CANONICAL.get(BRACKETS[ch], BRACKETS[ch]), k))
        elif ch in _CLOSING:
            want = _CANONICAL.get(ch, ch)
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == want:
                    pairs.append((stack[depth][1], k))
                    del stack[depth:]
                    break
    for open_, close in sorted(pairs):
        inside = {_strong(x) for x in t[open_ + 1:close]} - {None}
        if not inside:
            continue
        if edge in inside:
            got = edge
        else:
            other = "R" if edge == "L" else "L"
            before = next((s for s in (_strong(x) for x in reversed(t[:open_])) if s is not None), edge)
            got = other if before == other else edge
        for k in (open_, close):
            t[k] = got
            j = k + 1
            while j < len(t) and unicodedata.bidirectional(chars[j]) == "NSM":  # marks on a bracket follow it
                t[j] = got
                j += 1


def _neutrals(t: list[str], edge: str) -> None:
    """Rules N1-N2: neutrals between two of one direction take it; the rest take the paragraph's."""
    n = len(t)
    k = 0
    while k < n:
        if t[k] not in _NEUTRAL:
            k += 1
            continue
        end = k
        while end < n and t[end] in _NEUTRAL:
            end += 1
        before = _strong(t[k - 1]) if k > 0 else edge
        after = _strong(t[end]) if end < n else edge
        got = before if before == after else edge
        t[k:end] = [got] * (end - k)
        k = end


def line_levels(text: str, lv: Sequence[int], base: int) -> tuple[int, ...]:
    """Rule L1 on a line: segment and paragraph separators, the white space before them and the line's trailing
    white space go back to the paragraph's level."""
    out = list(lv)
    trailing = True
    for k in range(len(text) - 1, -1, -1):
        cls = unicodedata.bidirectional(text[k])
        if cls in ("S", "B"):
            out[k] = base
            trailing = True
        elif trailing and (cls in _WHITE or cls in _REMOVED):
            out[k] = base
        else:
            trailing = False
    return tuple(out)


def visual_order(lv: Sequence[int]) -> list[int]:
    """Rule L2: the logical indices of a line's items in the order they stand from left to right."""
    order = list(range(len(lv)))
    if not lv:
        return order
    top = max(lv)
    low = min((v for v in lv if v % 2), default=top + 1)
    for level in range(top, low - 1, -1):
        k = 0
        n = len(order)
        while k < n:
            if lv[order[k]] < level:
                k += 1
                continue
            end = k
            while end < n and lv[order[end]] >= level:
                end += 1
            order[k:end] = order[k:end][::-1]
            k = end
    return order


def line_side(align: str, rtl: bool, stretched: bool = False) -> str:
    """Where a line of a text aligned ``align`` stands in its box: ``left``, ``right`` or ``center``.  ``start`` and
    ``end`` follow the line's paragraph (start is right in right-to-left text), as does a justified paragraph's
    last line; a stretched line fills the box from either side."""
    if align == "justify":
        return "right" if rtl and not stretched else "left"
    if align == "start":
        return "right" if rtl else "left"
    if align == "end":
        return "left" if rtl else "right"
    return align
