"""Setting text in a box: inline markup (bold, italic, colour; see :mod:`.markup`), line
breaking (Latin words, CJK characters with kinsoku), inline ``:icon:`` tokens, and shrink-to-fit.

Words are measured and drawn as HarfBuzz shapes them (:mod:`.shaping`: the font's kerning, ligatures and mark
positions).  A paragraph may be hyphenated by language (``pyphen``'s dictionaries; never Chinese) and justified
(every line but a paragraph's last stretched to the box at its break opportunities: word spaces, and between
Chinese characters).  An inline icon stays with the word it touches, and one set apart by a space goes with the
word before it (or, first in a paragraph, the word after), so an icon never stands alone on a line.

ReportLab's Paragraph could wrap, but it cannot report which piece overflowed nor fall back
per character from a styled face to the regular one, so the few rules we need are implemented here.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from printkit.engine.render import bidi, markup, punctuation
from printkit.engine.render.fonts import SANS, Family, glyphs, has_glyph
from printkit.engine.render.hyphenation import hyphenator
from printkit.engine.render.shaping import Shaped, shape
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
    tied: bool = False  # glued only to keep an icon with its word: the line may still break here if it must
    # Set by the bidi algorithm (None: left-to-right text, set as it always was): each character's level (an icon
    # one), then, when ``space_after``, the level of the space.
    levels: tuple[int, ...] | None = None
    # The Arabic letters its word continues with before and after it in another face or colour, which its own
    # letters join to (bidi text only)
    joins: tuple[str, str] = ("", "")


@dataclass(frozen=True)
class SetLine:
    tokens: tuple[Token, ...]
    width: float  # pt
    ends_paragraph: bool = False
    stretch: float = 0.0  # pt added at each break opportunity of the line when it is justified
    level: int | None = None  # its paragraph's bidi level (1: right to left); None: left-to-right text, not reordered


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
        return tuple(_runs(line, self.size) if line.level is None else _bidi_runs(line, self.size)
                     for line in self.lines)

    @cached_property
    def line_rtl(self) -> tuple[bool, ...]:
        """Which lines belong to a right-to-left paragraph."""
        return tuple(bool(line.level) for line in self.lines)


@dataclass(frozen=True)
class Run:
    """A stretch of a set line: ``text`` in ``font`` and ``color`` (None: the element's), or an icon.

    A text run's glyphs as shaped: ``codes`` (one character per glyph, what the PDF writes), their ``advances``
    and ``offsets`` in thousandths of an em, and ``extra`` space after each glyph in pt (a justified line's
    stretch; None: none)."""

    dx: float  # pt from the line's start
    text: str = ""
    font: str = SANS
    color: str | None = None
    icon: str | None = None
    codes: str = ""
    advances: tuple[float, ...] = ()
    offsets: tuple[tuple[float, float], ...] | None = None
    extra: tuple[float, ...] | None = None
    moved: bool = False  # starts apart from where the run before it ends (a hyphen after a hyphen)

    def glyph_starts(self, size: float) -> tuple[float, ...]:
        """Where each glyph's advance starts, pt from the line's start (for cutting a run to a window)."""
        out = []
        x = self.dx
        for i, adv in enumerate(self.advances):
            out.append(x)
            x += adv * size / 1000 + (self.extra[i] if self.extra else 0.0)
        out.append(x)
        return tuple(out)


def _opportunity(tokens: tuple[Token, ...], j: int) -> bool:
    """Whether the line may break (and a justified line stretches) between token ``j`` and the next."""
    return tokens[j].space_after or not tokens[j + 1].glued


def _runs(line: SetLine, size: float) -> tuple[Run, ...]:
    out: list[Run] = []
    parts: list[str] = []
    pieces: list[Shaped] = []
    extra: list[float] = []  # stretch after each glyph of the open run
    start = x = 0.0
    face: str | None = None
    color: str | None = None
    tokens = line.tokens
    last = len(tokens) - 1
    stretch = line.stretch
    moved = False

    def flush() -> None:
        nonlocal moved
        if parts:
            codes = "".join(p.codes for p in pieces)
            advances = tuple(a for p in pieces for a in p.advances)
            shifted = any(p.offsets for p in pieces)
            offsets = tuple(o for p in pieces for o in (p.offsets or ((0.0, 0.0),) * len(p.codes))) if shifted else None
            out.append(Run(start, "".join(parts), face or SANS, color, None, codes, advances, offsets,
                           tuple(extra) if any(extra) else None, moved))
            parts.clear()
            pieces.clear()
            extra.clear()
        moved = False

    for j, tok in enumerate(tokens):
        if tok.icon or tok.font != face or tok.color != color:
            flush()
            start = x
        if tok.icon:
            out.append(Run(x, icon=tok.icon))
            face = None
        else:
            face, color = tok.font, tok.color
            end = x
            for k, piece in enumerate(_HYPHEN_PAIR.split(tok.text)):
                if k:  # each hyphen after a hyphen starts a run of its own, set apart (a text origin of its own
                    # reads back as "--"; a TJ adjustment that wide would read as "- -")
                    flush()
                    start = end = end + HYPHEN_PAIR_GAP * size
                    moved = True
                parts.append(piece)
                got = shape(piece, tok.font)
                pieces.append(got)
                extra.extend([0.0] * len(got.codes))
                end += got.width * size / 1000
        x += token_width(tok, size)
        if j < last:
            if tok.space_after:
                if not tok.icon:
                    parts.append(" ")
                    got = shape(" ", tok.font)
                    pieces.append(got)
                    extra.extend([0.0] * len(got.codes))
                x += space_width(tok, size)
            if stretch and _opportunity(tokens, j):
                x += stretch
                if extra and not tok.icon:
                    extra[-1] += stretch
    flush()
    return tuple(out)


@dataclass(frozen=True)
class _Piece:
    """A stretch of a bidi line of one level, face and colour (or an icon), shaped in its direction; ``after`` is
    stretch added after it (a justified line's break opportunity with no space to widen)."""

    level: int
    text: str = ""
    font: str = SANS
    color: str | None = None
    icon: str | None = None
    shaped: Shaped | None = None
    after: float = 0.0


def _level_runs(text: str, levels: tuple[int, ...]) -> list[tuple[int, int]]:
    """``text`` cut where its level changes: (start, end) pairs."""
    out = []
    start = 0
    for k in range(1, len(text) + 1):
        if k == len(text) or levels[k] != levels[start]:
            out.append((start, k))
            start = k
    return out


def _bidi_pieces(line: SetLine) -> list[_Piece]:
    """A bidi line's pieces in logical order (the line's trailing space, never drawn, left out)."""
    tokens = line.tokens
    last = len(tokens) - 1
    stretch = line.stretch
    out: list[_Piece] = []
    pending = 0.0
    for j, tok in enumerate(tokens):
        lv = tok.levels or (0,) * (len(tok.text) + 1)
        start = len(out)
        if tok.icon:
            out.append(_Piece(lv[0], icon=tok.icon))
        else:
            runs = _level_runs(tok.text, lv)
            for k, (a, b) in enumerate(runs):
                seg = bidi.inked(tok.text[a:b])
                if seg:
                    got = shape(seg, tok.font, lv[a] % 2 == 1, _context(tok, runs, k))
                    out.append(_Piece(lv[a], seg, tok.font, tok.color, shaped=got))
        if pending and len(out) > start:
            out[-1] = replace(out[-1], after=out[-1].after + pending)
            pending = 0.0
        if j == last:
            break
        gap = stretch if stretch and _opportunity(tokens, j) else 0.0
        if tok.space_after:
            out.append(_Piece(lv[-1], " ", tok.font, tok.color, shaped=shape(" ", tok.font), after=gap))
        elif gap and out:
            out[-1] = replace(out[-1], after=out[-1].after + gap)
        elif gap:  # the line opens with bidi marks alone: their stretch goes after the first piece drawn
            pending += gap
    return out


def _bidi_runs(line: SetLine, size: float) -> tuple[Run, ...]:
    """A bidi line as runs from left to right: its pieces reordered by their levels (rule L2), each right-to-left
    piece's glyphs already standing left to right as HarfBuzz gave them.  A piece's stretch (``after``, in reading
    order) stands on its left when it reads right to left, so a justified line's ends stay flush."""
    pieces = _bidi_pieces(line)
    ordered = [pieces[k] for k in bidi.visual_order([p.level for p in pieces])]
    out: list[Run] = []
    x = 0.0
    pen: float | None = None  # where the open text run's glyphs end
    for piece in ordered:
        lead, trail = (piece.after, 0.0) if piece.level % 2 else (0.0, piece.after)
        if lead:
            prev = out[-1] if out else None
            if prev is not None and prev.icon is None and pen is not None and abs(pen - x) < 1e-9:
                gaps = list(prev.extra or (0.0,) * len(prev.codes))  # the room after the glyph before it
                gaps[-1] += lead
                out[-1] = replace(prev, extra=tuple(gaps))
                pen = x + lead
            x += lead
        if piece.icon:
            out.append(Run(x, icon=piece.icon))
            x += size * ICON_SCALE + trail
            pen = None
            continue
        got = piece.shaped
        assert got is not None
        n = len(got.codes)
        offsets = got.offsets or ((0.0, 0.0),) * n
        extra = (0.0,) * (n - 1) + (trail,) if n else ()
        prev = out[-1] if out else None
        if prev is not None and prev.icon is None and prev.font == piece.font and prev.color == piece.color \
                and pen is not None and abs(pen - x) < 1e-9:
            joined_extra = (prev.extra or (0.0,) * len(prev.codes)) + extra
            out[-1] = replace(prev, text=prev.text + piece.text, codes=prev.codes + got.codes,
                              advances=prev.advances + got.advances,
                              offsets=None if prev.offsets is None and got.offsets is None
                              else (prev.offsets or ((0.0, 0.0),) * len(prev.codes)) + offsets,
                              extra=joined_extra if any(joined_extra) else None)
        else:
            out.append(Run(x, piece.text, piece.font, piece.color, None, got.codes, got.advances, got.offsets,
                           extra if any(extra) else None, moved=pen is not None and abs(pen - x) >= 1e-9))
        x += got.width * size / 1000 + trail
        pen = x
    return tuple(out)


def _with_levels(paragraphs: list[list[Token]], direction: str) -> tuple[list[list[Token]], list[int]]:
    """Each paragraph's tokens with their characters' bidi levels, and each paragraph's level."""
    out, bases = [], []
    for tokens in paragraphs:
        parts = []
        for tok in tokens:
            parts.append(bidi.OBJECT if tok.icon else tok.text)
            if tok.space_after:
                parts.append(" ")
        text = "".join(parts)
        base = bidi.base_level(text, direction)
        lv = bidi.levels(text, base)
        got, k = [], 0
        for j, tok in enumerate(tokens):
            n = (1 if tok.icon else len(tok.text)) + (1 if tok.space_after else 0)
            got.append(_with(tok, levels=lv[k:k + n], joins=_joins(tokens, j)))
            k += n
        out.append(got)
        bases.append(base)
    return out, bases


# Letters that join to their neighbours in a word: Arabic, Syriac, Thaana, N'Ko and the Arabic supplements.
_JOINING = re.compile("[\u0600-\u07ff\u0860-\u08ff\ufb50-\ufdff\ufe70-\ufeff]")


def _joins(tokens: list[Token], j: int) -> tuple[str, str]:
    """The joining letters token ``j``'s word continues with in the tokens beside it (a style change inside an
    Arabic word), as shaping context."""
    tok = tokens[j]
    if tok.icon:
        return ("", "")
    before = after = ""
    if j and tok.glued and not tokens[j - 1].space_after and not tokens[j - 1].icon \
            and _JOINING.match(tok.text[:1]) and _JOINING.match(tokens[j - 1].text[-1:]):
        before = tokens[j - 1].text[-1:]
    nxt = tokens[j + 1] if j + 1 < len(tokens) else None
    if nxt is not None and nxt.glued and not tok.space_after and not nxt.icon \
            and _JOINING.match(tok.text[-1:]) and _JOINING.match(nxt.text[:1]):
        after = nxt.text[:1]
    return before, after


def _context(tok: Token, runs: list[tuple[int, int]], k: int) -> tuple[str, str]:
    """The shaping context of level run ``k`` of ``tok``: its word's letters beyond the token, at the token's ends."""
    return (tok.joins[0] if k == 0 else "", tok.joins[1] if k == len(runs) - 1 else "")


def _bidi_width(tok: Token, size: float) -> float:
    """A bidi token's width: its level runs each shaped in its direction."""
    levels = tok.levels
    assert levels is not None
    runs = _level_runs(tok.text, levels)
    return sum(shape(bidi.inked(tok.text[a:b]), tok.font, levels[a] % 2 == 1, _context(tok, runs, k)).width
               for k, (a, b) in enumerate(runs)) * size / 1000


def is_cjk(ch: str) -> bool:
    o = ord(ch)
    return (
        0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF
        or 0x3000 <= o <= 0x303F or 0x20000 <= o <= 0x2FA1F
    )


_is_cjk = is_cjk  # the older private name, still imported by tests


# Kana and half-width katakana: text holding any is Japanese (Chinese writes none; Japanese writes Han too).
KANA = re.compile("[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]")

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
                    # An icon touching a word ("3:coin:", "支付:coin:") stays with it, as a word's letters do;
                    # one after a space is tied to its word when the paragraph is finished (_tie_icons).
                    prev = tokens[-1] if tokens else None
                    touching = prev is not None and not prev.space_after
                    tokens.append(Token("", icon, glued=touching))
                    continue
                for seg, seg_face, fell_back in _segments(chunk, face, regular, fam, run):
                    color = run.color
                    if fell_back and run.italic and color is None:
                        color = emphasis
                    prev = tokens[-1] if tokens else None
                    glue = prev is not None and not prev.space_after and seg[:1] not in (" ", "") \
                        and (prev.icon is not None or (not is_cjk(seg[0]) and not is_cjk(prev.text[-1:] or " ")))
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
    return _tie_icons(_glue_kinsoku(tokens))


def _tie_icons(tokens: list[Token]) -> list[Token]:
    """Icons set apart by a space go with the word before them ("gain 2 :coin:"), or, first in a paragraph, with
    the word after (":fire: Deal 3"): a line never holds an icon alone while a word beside it went to another
    line.  A row of icons ties together; the line may break inside such a tie if the whole is wider than it."""
    out = list(tokens)
    for j in range(1, len(out)):
        if out[j].icon is not None and not out[j].glued and out[j - 1].space_after:
            out[j] = _with(out[j], glued=True, tied=True)
    lead = 0
    while lead < len(out) and out[lead].icon is not None and (lead == 0 or out[lead].glued):
        lead += 1
    if 0 < lead < len(out) and out[lead - 1].space_after and not out[lead].glued:
        out[lead] = _with(out[lead], glued=True, tied=True)
    return out


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
        squeezed = prev is not None and _squeezed_pair(prev, tok)
        if prev is not None and (closes or opens or squeezed) and prev.font == tok.font and prev.color == tok.color:
            out[-1] = _with(prev, text=prev.text + tok.text, space_after=tok.space_after)
        elif prev is not None and (closes or opens or squeezed):
            out.append(_with(tok, glued=True))
        else:
            out.append(tok)
    return out


def _squeezed_pair(prev: Token, tok: Token) -> bool:
    """Whether ``prev`` ends with a mark and ``tok`` opens a bracket right after it ("》（", "：「"): the two are
    set close (:mod:`.punctuation`) only within one shaped word, so the line does not break between them."""
    return (prev.icon is None and tok.icon is None and not prev.space_after and tok.text[:1] in punctuation.OPENING
            and prev.text[-1:] in punctuation.SQUEEZABLE)


_WIDTHS: dict[tuple[str, float, str, tuple[int, ...] | None, tuple[str, str]], float] = {}


def token_width(tok: Token, size: float) -> float:
    if tok.icon:
        return size * ICON_SCALE
    key = (tok.text, size, tok.font, tok.levels, tok.joins)
    w = _WIDTHS.get(key)
    if w is None:
        if len(_WIDTHS) > 100_000:  # bound the memory of a long-running process
            _WIDTHS.clear()
        if tok.levels is not None:
            w = _bidi_width(tok, size)
        else:
            pieces = _HYPHEN_PAIR.split(tok.text)
            shaped = sum(shape(p, tok.font).width for p in pieces) / 1000
            w = (shaped + (len(pieces) - 1) * HYPHEN_PAIR_GAP) * size
        _WIDTHS[key] = w
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
           grouped: list[list[list[Token]]] | None = None, max_lines: int | None = None,
           hyphenate: str | None = None, bases: list[int] | None = None) -> tuple[list[SetLine], bool]:
    """Break the paragraphs into lines ``width`` wide at ``size``; ``grouped``: each paragraph's :func:`_words`
    (the same at every size).  With ``max_lines``, stop (not fitting) as soon as the lines are more.  With
    ``hyphenate`` (a pyphen language), a word that does not fit is split at the dictionary's last break point
    that leaves its first part, with a hyphen, on the line.  ``bases``: each paragraph's bidi level, for text
    the bidi algorithm sets (None: left-to-right text)."""
    lines: list[SetLine] = []
    ok = True
    for n, tokens in enumerate(paragraphs):
        level = bases[n] if bases is not None else None
        start = len(lines)
        current: list[Token] = []
        cur_w = 0.0
        queue = list(reversed(grouped[n] if grouped is not None else _words(tokens)))
        while queue:
            word = queue.pop()
            w = token_width(word[0], size) if len(word) == 1 else _width(tuple(word), size)
            gap = space_width(current[-1], size) if current and current[-1].space_after else 0.0
            if wrap and cur_w + gap + w > width:
                if len(word) > 1 and w > width and any(t.tied for t in word):
                    # icons tied to a word make a unit wider than the line: break it where the ties are
                    queue.extend(reversed(_untie(word)))
                    continue
                split = _hyphenated(word, size, width - cur_w - gap if current else width, hyphenate)
                if split is not None:
                    head, tail = split
                    current.append(head)
                    cur_w += gap + token_width(head, size)
                    queue.append([tail])
                    word, w, gap = [], 0.0, 0.0
                if current:
                    lines.append(SetLine(tuple(current), cur_w, level=level))
                    if max_lines is not None and len(lines) > max_lines:
                        return lines, False
                    current, cur_w, gap = [], 0.0, 0.0
                if not word:
                    continue
            current.extend(word)
            cur_w += gap + w
        if wrap and len(_words(current)) == 1 and _lone_cjk(current) and len(lines) > start \
                and len(_words(list(lines[-1].tokens))) > 2:
            # Never leave one Chinese character alone on a paragraph's last line: take one along.
            prev = lines.pop()
            cut = len(prev.tokens) - len(_words(list(prev.tokens))[-1])
            moved, kept = prev.tokens[cut:], prev.tokens[:cut]
            current[:0] = moved
            lines.append(SetLine(kept, _width(kept, size), level=level))
            cur_w = _width(tuple(current), size)
        lines.append(SetLine(tuple(current), cur_w, True, level=level))
    for line in lines:
        if line.width > width + 1e-6:
            ok = False
    return lines, ok


def _untie(word: list[Token]) -> list[list[Token]]:
    """A word whose icons were tied to it, as the units it was made of."""
    out: list[list[Token]] = []
    for tok in word:
        if tok.tied or not out:
            out.append([_with(tok, glued=False, tied=False)] if tok.tied else [tok])
        else:
            out[-1].append(tok)
    return out


HYPHEN = "-"  # the hyphen drawn at a break: every font has it, where U+2010 is often missing


_CORE = re.compile(r"^([^\w]*)(\w+?)([^\w]*)$")


@lru_cache(maxsize=20_000)
def _pairs(text: str, lang: str) -> tuple[tuple[str, str], ...]:
    """The ways ``text`` (a word, perhaps with punctuation round it) may be hyphenated: (first part with its
    hyphen, rest), the longest first part first."""
    m = _CORE.match(text)
    dic = hyphenator(lang)
    if m is None or dic is None or not m.group(2).isalpha() or has_cjk(text):
        return ()
    lead, core, trail = m.groups()
    return tuple((lead + left + HYPHEN, right + trail) for left, right in dic.iterate(core))


def _hyphenated(word: list[Token], size: float, room: float, lang: str | None) -> tuple[Token, Token] | None:
    """``word`` split so its first part and a hyphen fill at most ``room`` pt, or None (no language, not a plain
    word, no break point, or no break point that fits)."""
    if lang is None or len(word) != 1 or word[0].icon is not None or room <= 0:
        return None
    tok = word[0]
    lv = tok.levels
    if not has_glyph(tok.font, HYPHEN) or (lv is not None and any(v % 2 for v in lv[:len(tok.text)])):
        return None  # right-to-left words are not hyphenated (Arabic and Hebrew break between words)
    for head, tail in _pairs(tok.text, lang):
        cut = len(head) - len(HYPHEN)
        first = _with(tok, text=head, space_after=False,
                      levels=None if lv is None else lv[:cut] + (lv[cut - 1],) * len(HYPHEN))
        if token_width(first, size) <= room:
            return first, _with(tok, text=tail, glued=False, tied=False, levels=None if lv is None else lv[cut:])
    return None


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
    hyphenate: str | None = None, justify: bool = False, direction: str = "auto",
) -> SetText:
    """Set ``text`` in a ``width`` x ``height`` pt box at the largest size that fits.

    Tries ``size`` first and shrinks in 0.25 pt steps down to ``min_size``.  The result's
    ``fits`` is False when even ``min_size`` overflows; it is then set at ``min_size``.  Remembered: a deck
    sets the same text in the same box on many cards (copies, titles, backs), and the result is immutable.
    ``hyphenate``: the language to hyphenate in (None: no hyphenation); ``justify``: every line but a
    paragraph's last is stretched to ``width`` (:attr:`SetLine.stretch`).  ``direction`` (``auto``, ``ltr`` or
    ``rtl``): each paragraph's direction, ``auto`` from its first strong character; text that is right to left or
    holds right-to-left characters is set by the bidi algorithm (:mod:`.bidi`), each line reordered after
    breaking, and other text as always.
    """
    if not (math.isfinite(size) and 0 < min_size <= size):
        raise ValueError(f"text sizes must satisfy 0 < min_size <= size; got {size!r}, {min_size!r}")
    paragraphs = tokenize(text, icons, fam, emphasis, glossary)
    bases = None
    if bidi.needed(text, direction):
        paragraphs, bases = _with_levels(paragraphs, direction)
    grouped = [_words(tokens) for tokens in paragraphs]
    s = size
    while True:
        # A size that will be shrunk past if its lines outgrow the box stops breaking once they do.
        bound = _max_lines(s, leading, height) if s > min_size else None
        lines, ok = _break(paragraphs, s, width, wrap, grouped, bound, hyphenate, bases)
        total = block_height(len(lines), s, leading)
        if ok and total <= height + 1e-6:
            return SetText(s, _justified(lines, width) if justify else tuple(lines), True)
        if s <= min_size:
            return SetText(s, _justified(lines, width) if justify else tuple(lines), False)
        s = max(min_size, s - 0.25)


def _justified(lines: list[SetLine], width: float) -> tuple[SetLine, ...]:
    """The lines with the stretch that brings each (but a paragraph's last, and one already too wide) to ``width``,
    shared out evenly over its break opportunities."""
    out = []
    for line in lines:
        slots = sum(1 for j in range(len(line.tokens) - 1) if _opportunity(line.tokens, j))
        if line.ends_paragraph or not slots or line.width >= width:
            out.append(line)
        else:
            out.append(replace(line, stretch=(width - line.width) / slots))
    return tuple(out)


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
