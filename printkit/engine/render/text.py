"""Setting text in a box: inline markup (bold, italic, colour; see :mod:`.markup`), line
breaking (Latin words, CJK characters with kinsoku), inline ``:icon:`` tokens, and shrink-to-fit.

ReportLab's Paragraph could wrap, but it cannot report which piece overflowed nor fall back
per character from a styled face to the regular one, so the few rules we need are implemented here.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache

from printkit.engine.render import markup
from printkit.engine.render.fonts import SANS, Family, glyphs, has_glyph, string_width
from printkit.engine.units import MM_PER_PT, PT_PER_MM

# Kinsoku: these never start a line (closing punctuation) or end one (opening punctuation).
NO_LINE_START = set("，。、；：！？）」』】》〉,.;:!?)]}%…·ー～")
NO_LINE_END = set("（「『【《〈([{")
_ICON = re.compile(r":([a-z0-9][a-z0-9_-]*):")
ICON_SCALE = 1.0  # inline icons are as tall as the font size
# The smallest printed sizes a home printer sets legibly (pt): Chinese strokes need more.
LATIN_FLOOR = 6.0
CJK_FLOOR = 6.5
NBSP = "\u00a0"
# Noto Sans TC sets two hyphens 0.09 em apart, so at print size a command's "--seed" reads as one dash; a hyphen
# that follows another gets this much more room (em), and the two read as the two a user must type.
HYPHEN_PAIR_GAP = 0.15
_HYPHEN_PAIR = re.compile(r"(?<=-)(?=-)")
UNBOUNDED = 1e9  # pt: a box height no text reaches, for measuring how many lines a text takes


@dataclass(frozen=True)
class Token:
    text: str  # "" for an icon
    icon: str | None = None
    space_after: bool = False
    font: str = SANS  # ReportLab font name
    color: str | None = None  # None: the element's colour
    glued: bool = False  # continues the previous token's word (a style change inside a word): no break before


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

    # What the preflight is told of each line, worked out once per set text (fit_text remembers set texts).
    @cached_property
    def line_texts(self) -> tuple[str, ...]:
        return tuple(line_text(line) for line in self.lines)

    @cached_property
    def line_widths_mm(self) -> tuple[float, ...]:
        return tuple(line.width / PT_PER_MM for line in self.lines)

    @cached_property
    def paragraph_ends(self) -> tuple[bool, ...]:
        return tuple(line.ends_paragraph for line in self.lines)

    @cached_property
    def line_runs(self) -> tuple[tuple[tuple[str, str], ...], ...]:
        return tuple(line_runs(line) for line in self.lines)

    @cached_property
    def drawing(self) -> tuple[tuple[Run, ...], ...]:
        """Each line as what to draw: runs of text in one face and colour (word spaces as spaces), and icons,
        each at its offset from the line's start.  Worked out once per set text, drawn on every card."""
        return tuple(_runs(line, self.size) for line in self.lines)


@dataclass(frozen=True)
class Run:
    """A stretch of a set line: ``text`` in ``font`` and ``color`` (None: the element's), or an icon."""

    dx: float  # pt from the line's start
    text: str = ""
    font: str = SANS
    color: str | None = None
    icon: str | None = None
    moved: bool = False  # starts apart from where the run before it ends (a hyphen after a hyphen)


def _runs(line: SetLine, size: float) -> tuple[Run, ...]:
    out: list[Run] = []
    parts: list[str] = []
    start = x = 0.0
    face: str | None = None
    color: str | None = None
    last = len(line.tokens) - 1

    moved = False

    def flush() -> None:
        nonlocal moved
        if parts:
            out.append(Run(start, "".join(parts), face or SANS, color, moved=moved))
            parts.clear()
        moved = False

    for j, tok in enumerate(line.tokens):
        if tok.icon or tok.font != face or tok.color != color:
            flush()
            start = x
        if tok.icon:
            out.append(Run(x, icon=tok.icon))
            face = None
        else:
            face, color = tok.font, tok.color
            first, *rest = _HYPHEN_PAIR.split(tok.text)
            parts.append(first)
            end = x + string_width(first, size, tok.font) if rest else 0.0
            for piece in rest:  # each hyphen after a hyphen a run of its own, set apart
                flush()
                start, moved = end + HYPHEN_PAIR_GAP * size, True
                parts.append(piece)
                end = start + string_width(piece, size, tok.font)
        x += token_width(tok, size)
        if tok.space_after and j < last:
            if not tok.icon:
                parts.append(" ")
            x += space_width(tok, size)
    flush()
    return tuple(out)


def is_cjk(ch: str) -> bool:
    o = ord(ch)
    return (
        0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF
        or 0x3000 <= o <= 0x303F or 0x20000 <= o <= 0x2FA1F
    )


_is_cjk = is_cjk  # the older private name, still imported by tests


# The ranges of is_cjk, for looking through a whole string at once.
_CJK = re.compile("[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0002fa1f]")


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


@lru_cache(maxsize=20_000)
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


def line_runs(line: SetLine) -> tuple[tuple[str, str], ...]:
    """A set line's text runs as (text, font), one per token (icons as ``:name:``): the face each is set in."""
    return tuple((f":{tok.icon}:" if tok.icon else tok.text, "" if tok.icon else tok.font) for tok in line.tokens)


def tokenize(text: str, icons: frozenset[str] | None = None, fam: Family | None = None,
             emphasis: str | None = None, glossary: tuple[str, ...] = ()) -> list[list[Token]]:
    """Split ``text`` into paragraphs (on newlines) of unbreakable tokens.

    ``:name:`` becomes an icon token when ``name`` is in ``icons`` (None: any name).  Markup picks
    each token's face from ``fam``; a character that face lacks is set in the regular face, and
    italic that falls back so (Chinese) takes the ``emphasis`` colour.  A Chinese word of
    ``glossary`` stays one token, so it is never split across lines.
    """
    regular = fam.regular if fam is not None else SANS
    paragraphs: list[list[Token]] = [[]]
    for run in markup.parse(text):
        face = fam.pick(run.bold, run.italic) if fam is not None else SANS
        for k, para in enumerate(run.text.split("\n")):
            if k:
                paragraphs[-1] = _finish(paragraphs[-1], glossary)
                paragraphs.append([])
            tokens = paragraphs[-1]
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
                    # An icon touching a word ("3:coin:") stays with it, as a word's letters do; after a
                    # space or a Chinese character the line may break before it.
                    prev = tokens[-1] if tokens else None
                    touching = prev is not None and not prev.space_after and not is_cjk(prev.text[-1:] or " ")
                    tokens.append(Token("", icon, glued=touching))
                    continue
                for seg, seg_face, fell_back in _segments(chunk, face, regular, fam, run):
                    color = run.color
                    if fell_back and run.italic and color is None:
                        color = emphasis
                    prev = tokens[-1] if tokens else None
                    glue = prev is not None and not prev.space_after \
                        and seg[:1] not in (" ", "") and not is_cjk(seg[0]) and not is_cjk(prev.text[-1:] or " ")
                    start = len(tokens)
                    _split_words(seg, tokens, seg_face, color)
                    if glue and len(tokens) > start:
                        tokens[start] = _with(tokens[start], glued=True)
    paragraphs[-1] = _finish(paragraphs[-1], glossary)
    return paragraphs


def _finish(tokens: list[Token], glossary: tuple[str, ...]) -> list[Token]:
    """A paragraph's tokens with glossary words kept whole and kinsoku applied."""
    if glossary:
        tokens = _glue_phrases(_glue_words(tokens, glossary), glossary)
    return _glue_kinsoku(tokens)


# In a glossary term, this stands for a run of digits: "# 分" keeps "8 分" (eight points) on one line.
DIGITS = "#"
_PHRASE_TOKENS = 8  # the most tokens a spaced glossary term spans ("# 名貴族" is three)


def is_phrase(term: str) -> bool:
    """A glossary term the single-character merge cannot match: it holds a space or a digit run."""
    return " " in term or DIGITS in term


@lru_cache(maxsize=256)
def phrase_pattern(term: str) -> re.Pattern[str]:
    """``term`` as a regular expression: ``#`` a digit run, everything else itself."""
    return re.compile(r"\d+".join(re.escape(part) for part in term.split(DIGITS)))


def _glue_words(tokens: list[Token], glossary: tuple[str, ...]) -> list[Token]:
    """Merge the single-character tokens spelling a glossary word into one token."""
    words = sorted((w for w in glossary if len(w) > 1 and not is_phrase(w)), key=len, reverse=True)
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        for w in words:
            run = tokens[i:i + len(w)]
            if len(run) == len(w) and all(t.icon is None and len(t.text) == 1 and not t.space_after
                                          and t.font == run[0].font and t.color == run[0].color
                                          for t in run[:-1]) and run[-1].font == run[0].font \
                    and run[-1].color == run[0].color and "".join(t.text for t in run) == w:
                out.append(_with(run[0], text=w, space_after=run[-1].space_after))
                i += len(w)
                break
        else:
            out.append(tokens[i])
            i += 1
    return out


def _glue_phrases(tokens: list[Token], glossary: tuple[str, ...]) -> list[Token]:
    """Glue the tokens spelling a spaced or numbered glossary term (``# 分``) into one unbreakable word; its
    tokens keep their spaces (a glued word's width counts them)."""
    patterns = [phrase_pattern(w) for w in glossary if is_phrase(w)]
    if not patterns:
        return tokens
    out = list(tokens)
    i = 0
    while i < len(out):
        text, end = "", i
        for j in range(i, min(len(out), i + _PHRASE_TOKENS)):
            if out[j].icon is not None:
                break
            text += out[j].text
            if any(p.fullmatch(text) for p in patterns):
                end = j
            if out[j].space_after:
                text += " "
        for j in range(i + 1, end + 1):
            out[j] = _with(out[j], glued=True)
        i = end + 1
    return out


def _with(tok: Token, **changes) -> Token:
    from dataclasses import replace

    return replace(tok, **changes)


def _segments(chunk: str, face: str, regular: str, fam: Family | None, run: markup.Run):
    """``chunk`` split where ``face`` lacks a glyph: (text, face, fell_back) pieces, each character set in
    the first face of the family's chain that has it."""
    chain = fam.chain(run.bold, run.italic) if fam is not None else (face,)
    if len(chain) == 1 or not chunk or set(map(ord, chunk)) <= glyphs(chain[0]):
        yield chunk, face, False  # (the first face of the chain is ``face``: it has every character)
        return
    cur: list[str] = []
    cur_face, cur_fb = face, False
    for ch in chunk:
        f = face if ch == " " else next((c for c in chain if has_glyph(c, ch)), chain[-1])
        fb = f != face
        if cur and (f, fb) != (cur_face, cur_fb) and ch != " ":
            yield "".join(cur), cur_face, cur_fb
            cur = []
        if not cur:
            cur_face, cur_fb = f, fb
        cur.append(ch)
    if cur:
        yield "".join(cur), cur_face, cur_fb


def _split_words(chunk: str, out: list[Token], font: str = SANS, color: str | None = None) -> None:
    if not has_cjk(chunk):  # words between spaces (the loop below, a word at a time instead of a character)
        *spaced, last = chunk.split(" ")
        for word in spaced:
            if word:
                out.append(Token(word, space_after=True, font=font, color=color))
            elif out:
                out[-1] = _with(out[-1], space_after=True)
        if last:
            out.append(Token(last, font=font, color=color))
        return
    word = ""
    start = len(out)

    def add(tok: Token) -> None:
        # a no-break space glues what is on either side of it, even beside a Chinese character (where a line
        # may otherwise break between any two): "貨物\u00a0·\u00a04" never leaves "· 4" to start a line
        prev = out[-1] if len(out) > start else None
        if prev is not None and not prev.space_after and NBSP in (tok.text[:1], prev.text[-1:]):
            tok = _with(tok, glued=True)
        out.append(tok)

    for ch in chunk:
        if ch == " ":
            if word:
                add(Token(word, space_after=True, font=font, color=color))
                word = ""
            elif out:
                out[-1] = _with(out[-1], space_after=True)
        elif is_cjk(ch) and ch not in NO_LINE_START:
            if word:
                add(Token(word, font=font, color=color))
                word = ""
            add(Token(ch, font=font, color=color))
        else:
            word += ch
            if is_cjk(ch):  # CJK closing punctuation ends the unit it closes
                add(Token(word, font=font, color=color))
                word = ""
    if word:
        add(Token(word, font=font, color=color))


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
        if prev is not None and (closes or opens) and prev.font == tok.font and prev.color == tok.color:
            out[-1] = _with(prev, text=prev.text + tok.text, space_after=tok.space_after)
        elif prev is not None and (closes or opens):
            out.append(_with(tok, glued=True))
        else:
            out.append(tok)
    return out


_WIDTHS: dict[tuple[str, float, str], float] = {}


def token_width(tok: Token, size: float) -> float:
    if tok.icon:
        return size * ICON_SCALE
    key = (tok.text, size, tok.font)
    w = _WIDTHS.get(key)
    if w is None:
        if len(_WIDTHS) > 100_000:  # bound the memory of a long-running process
            _WIDTHS.clear()
        w = _WIDTHS[key] = string_width(tok.text, size, tok.font) + hyphen_pairs(tok.text) * HYPHEN_PAIR_GAP * size
    return w


def hyphen_pairs(text: str) -> int:
    """How many hyphens of ``text`` follow a hyphen (each set :data:`HYPHEN_PAIR_GAP` apart)."""
    return len(_HYPHEN_PAIR.findall(text)) if "--" in text else 0


def space_width(tok: Token, size: float) -> float:
    """The word space after ``tok``, in its own face."""
    key = (" ", size, tok.font)
    w = _WIDTHS.get(key)
    if w is None:
        w = token_width(Token(" ", font=tok.font), size)
    return w


def _words(tokens: list[Token]) -> list[list[Token]]:
    """Tokens grouped into unbreakable words (a style change inside a word glues its parts)."""
    words: list[list[Token]] = []
    for tok in tokens:
        if tok.glued and words:
            words[-1].append(tok)
        else:
            words.append([tok])
    return words


def _break(paragraphs: list[list[Token]], size: float, width: float, wrap: bool,
           grouped: list[list[list[Token]]] | None = None, max_lines: int | None = None) -> tuple[list[SetLine], bool]:
    """Break the paragraphs into lines ``width`` wide at ``size``; ``grouped``: each paragraph's :func:`_words`
    (the same at every size).  With ``max_lines``, stop (not fitting) as soon as the lines are more."""
    lines: list[SetLine] = []
    ok = True
    for n, tokens in enumerate(paragraphs):
        start = len(lines)
        current: list[Token] = []
        cur_w = 0.0
        for word in (grouped[n] if grouped is not None else _words(tokens)):
            w = token_width(word[0], size) if len(word) == 1 else _width(tuple(word), size)
            gap = space_width(current[-1], size) if current and current[-1].space_after else 0.0
            if current and wrap and cur_w + gap + w > width:
                lines.append(SetLine(tuple(current), cur_w))
                if max_lines is not None and len(lines) > max_lines:
                    return lines, False
                current, cur_w, gap = [], 0.0, 0.0
            current.extend(word)
            cur_w += gap + w
        if wrap and len(_words(current)) == 1 and _lone_cjk(current) and len(lines) > start \
                and len(_words(list(lines[-1].tokens))) > 2:
            # Never leave one Chinese character alone on a paragraph's last line: take one along.
            prev = lines.pop()
            cut = len(prev.tokens) - len(_words(list(prev.tokens))[-1])
            moved, kept = prev.tokens[cut:], prev.tokens[:cut]
            current[:0] = moved
            lines.append(SetLine(kept, _width(kept, size)))
            cur_w = _width(tuple(current), size)
        lines.append(SetLine(tuple(current), cur_w, True))
    for line in lines:
        if line.width > width + 1e-6:
            ok = False
    return lines, ok


def _lone_cjk(word: list[Token]) -> bool:
    """One Chinese character, perhaps with the punctuation glued to it."""
    core = "".join(ch for tok in word for ch in tok.text if ch not in NO_LINE_START and ch not in NO_LINE_END)
    return all(tok.icon is None for tok in word) and len(core) == 1 and is_cjk(core)


def _width(tokens: tuple[Token, ...], size: float) -> float:
    w = 0.0
    for j, tok in enumerate(tokens):
        w += token_width(tok, size)
        if tok.space_after and j < len(tokens) - 1:
            w += space_width(tok, size)
    return w


def _max_lines(size: float, leading: float, height: float) -> int | None:
    """The most lines at ``size`` whose block (as :func:`fit_text` measures it) fits ``height``; None: no bound."""
    if not leading > 0:
        return None
    n = 0
    while size * (leading * n + 1.0) <= height + 1e-6:  # the block of n + 1 lines fits
        n += 1
        if n > 10_000:
            return None
    return n


@lru_cache(maxsize=4096)
def fit_text(
    text: str, width: float, height: float, size: float, min_size: float,
    leading: float = 1.2, wrap: bool = True, icons: frozenset[str] | None = None,
    fam: Family | None = None, emphasis: str | None = None, glossary: tuple[str, ...] = (),
) -> SetText:
    """Set ``text`` in a ``width`` x ``height`` pt box at the largest size that fits.

    Tries ``size`` first and shrinks in 0.25 pt steps down to ``min_size``.  The result's
    ``fits`` is False when even ``min_size`` overflows; it is then set at ``min_size``.  Remembered: a deck
    sets the same text in the same box on many cards (copies, titles, backs), and the result is immutable.
    """
    if not (math.isfinite(size) and 0 < min_size <= size):
        raise ValueError(f"text sizes must satisfy 0 < min_size <= size; got {size!r}, {min_size!r}")
    paragraphs = tokenize(text, icons, fam, emphasis, glossary)
    grouped = [_words(tokens) for tokens in paragraphs]
    s = size
    while True:
        # A size that will be shrunk past if its lines outgrow the box stops breaking once they do.
        bound = _max_lines(s, leading, height) if s > min_size else None
        lines, ok = _break(paragraphs, s, width, wrap, grouped, bound)
        total = block_height(len(lines), s, leading)
        if ok and total <= height + 1e-6:
            return SetText(s, tuple(lines), True)
        if s <= min_size:
            return SetText(s, tuple(lines), False)
        s = max(min_size, s - 0.25)


def block_height(lines: int, size: float, leading: float = 1.2) -> float:
    """Height in pt of ``lines`` lines set at ``size``: the first line's size, then ``leading`` times the size
    for each further line; what :func:`fit_text` and the renderer take a text block to be."""
    return size * (leading * (lines - 1) + 1.0)


def wrapped_lines(text: str, size: float, width_mm: float, leading: float = 1.2) -> int:
    """How many lines ``text`` breaks into at ``size`` in a column ``width_mm`` wide, by the renderer's own
    line breaking (so a layout stacks what the PDF will print, with no guessed slack)."""
    return len(fit_text(text, width_mm / MM_PER_PT, UNBOUNDED, size, size, leading).lines)


def text_height(text: str, size: float, width_mm: float, leading: float = 1.2) -> float:
    """Height in mm of ``text`` set at ``size`` in a column ``width_mm`` wide (:func:`block_height`)."""
    return block_height(wrapped_lines(text, size, width_mm, leading), size, leading) * MM_PER_PT
