"""Setting text in a box: line breaking (Latin words, CJK characters with kinsoku),
inline ``:icon:`` tokens, and shrink-to-fit.

ReportLab's Paragraph could wrap, but it cannot fake a bold weight for our single-weight
font nor report which piece overflowed, so the few rules we need are implemented here.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from printkit.engine.render.fonts import string_width

# Kinsoku: these never start a line (closing punctuation) or end one (opening punctuation).
_NO_LINE_START = set("，。、；：！？）」』】》〉,.;:!?)]}%…·ー～")
_NO_LINE_END = set("（「『【《〈([{")
_ICON = re.compile(r":([a-z0-9][a-z0-9_-]*):")
ICON_SCALE = 1.0  # inline icons are as tall as the font size


@dataclass(frozen=True)
class Token:
    text: str  # "" for an icon
    icon: str | None = None
    space_after: bool = False


@dataclass(frozen=True)
class SetLine:
    tokens: tuple[Token, ...]
    width: float  # pt


@dataclass(frozen=True)
class SetText:
    """Text broken into lines at a chosen size."""

    size: float
    lines: tuple[SetLine, ...]
    fits: bool


def _is_cjk(ch: str) -> bool:
    o = ord(ch)
    return (
        0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF
        or 0x3000 <= o <= 0x303F or 0x20000 <= o <= 0x2FA1F
    )


def tokenize(text: str, icons: frozenset[str] | None = None) -> list[list[Token]]:
    """Split ``text`` into paragraphs (on newlines) of unbreakable tokens.

    ``:name:`` becomes an icon token when ``name`` is in ``icons`` (None: any name).
    """
    paragraphs: list[list[Token]] = []
    for para in text.split("\n"):
        tokens: list[Token] = []
        pos = 0
        pieces: list[tuple[str, str | None]] = []
        for m in _ICON.finditer(para):
            if icons is not None and m.group(1) not in icons:
                continue
            pieces.append((para[pos:m.start()], None))
            pieces.append(("", m.group(1)))
            pos = m.end()
        pieces.append((para[pos:], None))
        for chunk, icon in pieces:
            if icon is not None:
                tokens.append(Token("", icon))
                continue
            _split_words(chunk, tokens)
        paragraphs.append(_glue_kinsoku(tokens))
    return paragraphs


def _split_words(chunk: str, out: list[Token]) -> None:
    word = ""
    for ch in chunk:
        if ch == " ":
            if word:
                out.append(Token(word, space_after=True))
                word = ""
            elif out:
                out[-1] = Token(out[-1].text, out[-1].icon, True)
        elif _is_cjk(ch) and ch not in _NO_LINE_START:
            if word:
                out.append(Token(word))
                word = ""
            out.append(Token(ch))
        else:
            word += ch
            if _is_cjk(ch):  # CJK closing punctuation ends the unit it closes
                out.append(Token(word))
                word = ""
    if word:
        out.append(Token(word))


def _glue_kinsoku(tokens: list[Token]) -> list[Token]:
    """Merge tokens so closing punctuation sticks to what precedes it, opening to what follows."""
    out: list[Token] = []
    for tok in tokens:
        prev = out[-1] if out else None
        closes = (
            prev is not None and prev.icon is None and not prev.space_after
            and tok.icon is None and tok.text[:1] in _NO_LINE_START
        )
        opens = prev is not None and prev.icon is None and prev.text[-1:] in _NO_LINE_END and tok.icon is None
        if prev is not None and (closes or opens):
            out[-1] = Token(prev.text + tok.text, None, tok.space_after)
        else:
            out.append(tok)
    return out


_WIDTHS: dict[tuple[str, float], float] = {}


def token_width(tok: Token, size: float) -> float:
    if tok.icon:
        return size * ICON_SCALE
    key = (tok.text, size)
    w = _WIDTHS.get(key)
    if w is None:
        if len(_WIDTHS) > 100_000:  # bound the memory of a long-running process
            _WIDTHS.clear()
        w = _WIDTHS[key] = string_width(tok.text, size)
    return w


def _break(paragraphs: list[list[Token]], size: float, width: float, wrap: bool) -> tuple[list[SetLine], bool]:
    space = string_width(" ", size)
    lines: list[SetLine] = []
    ok = True
    for tokens in paragraphs:
        current: list[Token] = []
        cur_w = 0.0
        for tok in tokens:
            w = token_width(tok, size)
            gap = space if current and current[-1].space_after else 0.0
            if current and wrap and cur_w + gap + w > width:
                lines.append(SetLine(tuple(current), cur_w))
                current, cur_w, gap = [], 0.0, 0.0
            current.append(tok)
            cur_w += gap + w
        lines.append(SetLine(tuple(current), cur_w))
    for line in lines:
        if line.width > width + 1e-6:
            ok = False
    return lines, ok


def fit_text(
    text: str, width: float, height: float, size: float, min_size: float,
    leading: float = 1.2, wrap: bool = True, icons: frozenset[str] | None = None,
) -> SetText:
    """Set ``text`` in a ``width`` x ``height`` pt box at the largest size that fits.

    Tries ``size`` first and shrinks in 0.25 pt steps down to ``min_size``.  The result's
    ``fits`` is False when even ``min_size`` overflows; it is then set at ``min_size``.
    """
    if not (math.isfinite(size) and 0 < min_size <= size):
        raise ValueError(f"text sizes must satisfy 0 < min_size <= size; got {size!r}, {min_size!r}")
    paragraphs = tokenize(text, icons)
    s = size
    while True:
        lines, ok = _break(paragraphs, s, width, wrap)
        total = s * (leading * (len(lines) - 1) + 1.0)
        if ok and total <= height + 1e-6:
            return SetText(s, tuple(lines), True)
        if s <= min_size:
            return SetText(s, tuple(lines), False)
        s = max(min_size, s - 0.25)
