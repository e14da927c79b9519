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
NO_LINE_START = set("，。、；：！？）」』】》〉,.;:!?)]}%…·ー～")
NO_LINE_END = set("（「『【《〈([{")
_ICON = re.compile(r":([a-z0-9][a-z0-9_-]*):")
ICON_SCALE = 1.0  # inline icons are as tall as the font size
# The smallest printed sizes a home printer sets legibly (pt): Chinese strokes need more.
LATIN_FLOOR = 6.0
CJK_FLOOR = 6.5


@dataclass(frozen=True)
class Token:
    text: str  # "" for an icon
    icon: str | None = None
    space_after: bool = False


@dataclass(frozen=True)
class SetLine:
    tokens: tuple[Token, ...]
    width: float  # pt
    ends_paragraph: bool = False


@dataclass(frozen=True)
class SetText:
    """Text broken into lines at a chosen size."""

    size: float
    lines: tuple[SetLine, ...]
    fits: bool


def is_cjk(ch: str) -> bool:
    o = ord(ch)
    return (
        0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF
        or 0x3000 <= o <= 0x303F or 0x20000 <= o <= 0x2FA1F
    )


_is_cjk = is_cjk  # the older private name, still imported by tests


def has_cjk(text: str) -> bool:
    return any(is_cjk(ch) for ch in text)


def floor_for(text: str) -> float:
    """The smallest size ``text`` may print at: the CJK floor when it holds any Chinese."""
    return CJK_FLOOR if has_cjk(text) else LATIN_FLOOR


def line_text(line: SetLine) -> str:
    """A set line as text (icons as ``:name:``), spaces where the line has them."""
    parts = []
    for j, tok in enumerate(line.tokens):
        parts.append(f":{tok.icon}:" if tok.icon else tok.text)
        if tok.space_after and j < len(line.tokens) - 1:
            parts.append(" ")
    return "".join(parts)


def tokenize(text: str, icons: frozenset[str] | None = None, glossary: tuple[str, ...] = ()) -> list[list[Token]]:
    """Split ``text`` into paragraphs (on newlines) of unbreakable tokens.

    ``:name:`` becomes an icon token when ``name`` is in ``icons`` (None: any name); a Chinese
    word of ``glossary`` stays one token, so it is never split across lines.
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
        paragraphs.append(_glue_kinsoku(_glue_words(tokens, glossary) if glossary else tokens))
    return paragraphs


def _glue_words(tokens: list[Token], glossary: tuple[str, ...]) -> list[Token]:
    """Merge the single-character tokens spelling a glossary word into one token."""
    words = sorted((w for w in glossary if len(w) > 1), key=len, reverse=True)
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        for w in words:
            run = tokens[i:i + len(w)]
            if len(run) == len(w) and all(t.icon is None and len(t.text) == 1 and not t.space_after
                                          for t in run[:-1]) and "".join(t.text for t in run) == w:
                out.append(Token(w, None, run[-1].space_after))
                i += len(w)
                break
        else:
            out.append(tokens[i])
            i += 1
    return out


def _split_words(chunk: str, out: list[Token]) -> None:
    word = ""
    for ch in chunk:
        if ch == " ":
            if word:
                out.append(Token(word, space_after=True))
                word = ""
            elif out:
                out[-1] = Token(out[-1].text, out[-1].icon, True)
        elif is_cjk(ch) and ch not in NO_LINE_START:
            if word:
                out.append(Token(word))
                word = ""
            out.append(Token(ch))
        else:
            word += ch
            if is_cjk(ch):  # CJK closing punctuation ends the unit it closes
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
            and tok.icon is None and tok.text[:1] in NO_LINE_START
        )
        opens = prev is not None and prev.icon is None and prev.text[-1:] in NO_LINE_END and tok.icon is None
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
        start = len(lines)
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
        if wrap and len(current) == 1 and _lone_cjk(current[0]) and len(lines) > start \
                and len(lines[-1].tokens) > 2:
            # Never leave one Chinese character alone on a paragraph's last line: take one along.
            prev = lines.pop()
            moved = prev.tokens[-1]
            kept = prev.tokens[:-1]
            current.insert(0, moved)
            lines.append(SetLine(kept, _width(kept, size, space)))
            cur_w = _width(tuple(current), size, space)
        lines.append(SetLine(tuple(current), cur_w, True))
    for line in lines:
        if line.width > width + 1e-6:
            ok = False
    return lines, ok


def _lone_cjk(tok: Token) -> bool:
    """One Chinese character, perhaps with the punctuation glued to it."""
    core = "".join(ch for ch in tok.text if ch not in NO_LINE_START and ch not in NO_LINE_END)
    return tok.icon is None and len(core) == 1 and is_cjk(core)


def _width(tokens: tuple[Token, ...], size: float, space: float) -> float:
    w = 0.0
    for j, tok in enumerate(tokens):
        w += token_width(tok, size)
        if tok.space_after and j < len(tokens) - 1:
            w += space
    return w


def fit_text(
    text: str, width: float, height: float, size: float, min_size: float,
    leading: float = 1.2, wrap: bool = True, icons: frozenset[str] | None = None,
    glossary: tuple[str, ...] = (),
) -> SetText:
    """Set ``text`` in a ``width`` x ``height`` pt box at the largest size that fits.

    Tries ``size`` first and shrinks in 0.25 pt steps down to ``min_size``.  The result's
    ``fits`` is False when even ``min_size`` overflows; it is then set at ``min_size``.
    """
    if not (math.isfinite(size) and 0 < min_size <= size):
        raise ValueError(f"text sizes must satisfy 0 < min_size <= size; got {size!r}, {min_size!r}")
    paragraphs = tokenize(text, icons, glossary)
    s = size
    while True:
        lines, ok = _break(paragraphs, s, width, wrap)
        total = s * (leading * (len(lines) - 1) + 1.0)
        if ok and total <= height + 1e-6:
            return SetText(s, tuple(lines), True)
        if s <= min_size:
            return SetText(s, tuple(lines), False)
        s = max(min_size, s - 0.25)
