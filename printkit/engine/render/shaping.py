"""Shaping with HarfBuzz: the glyphs a string is set in, with the font's own kerning, ligatures and mark positions,
and how to write them into a PDF text object so that the text still reads back as written.

A string is shaped once per face (:func:`shape` remembers it) in the font's units, so one shaping serves every size.
A glyph that has a character of its own in the font's character map is written by that character, as ReportLab
always did.  A glyph that has none (a ligature such as "fi", a contextual form) is written by a code of the
supplementary private use plane worked out from its glyph number, so the same glyph is the same code in every build;
the font's ToUnicode map (:func:`to_unicode_cmap`) gives that code the characters it was shaped from, so searching,
copying and printkit's own read-back see "fi", never a private character.

Where HarfBuzz cannot shape a face (it refuses the font) the face is set unshaped, by its characters' own advances,
as before, and :func:`unshaped_reason` says why, for the build to warn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import uharfbuzz as hb
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics

from printkit.engine.render import punctuation
from printkit.engine.render.fonts import FONT_DIR, ensure, register

# Glyphs without a character of their own are written by U+F0000 + glyph number: plane 15 is private use
# (65,534 codes, as many as a TrueType font has glyphs), and no printable text of a card lies there.
GLYPH_PLANE = 0xF0000
_PLANE_END = 0xFFFFD
_THOUSAND = 1000.0  # PDF text space: glyph widths and TJ adjustments are in thousandths of the font size
_QUANTUM = 100  # TJ numbers are written to 1/100 of a thousandth of an em: far below a printer's dot


@dataclass(frozen=True)
class Shaped:
    """A string set in one face: per glyph, the character the PDF draws it by, its advance and its offset
    (thousandths of an em); ``width`` is the advances' sum."""

    codes: str
    advances: tuple[float, ...]
    offsets: tuple[tuple[float, float], ...] | None  # None: every glyph sits at its pen position
    width: float


_FAILED: dict[str, str] = {}  # face → why HarfBuzz could not shape it


def any_unshaped() -> bool:
    """Whether any face has been set without shaping in this process."""
    return bool(_FAILED)


def unshaped_reason(font_name: str) -> str | None:
    """Why ``font_name`` is set without shaping (no kerning, no ligatures), or None when it is shaped."""
    return _FAILED.get(font_name)


def _font(font_name: str):
    """ReportLab's font of that name, the bundled faces registered on first use."""
    register()
    return pdfmetrics.getFont(ensure(font_name))


def _blob(face) -> hb.Blob:
    """HarfBuzz's view of a face's font file.  A bundled font (printkit's own folder, never edited while printkit
    runs) is mapped from its file, HarfBuzz reading only the tables shaping needs; a copy of its bytes was 6.6 MB and
    ~4 ms of CPU for each of the two Noto Sans TC faces.  Any other font is copied from the bytes ReportLab read:
    a designer may rewrite their font file in place during ``--watch``, under a mapping."""
    path = getattr(face, "filename", None)
    if isinstance(path, str) and Path(path).parent == FONT_DIR:
        try:
            if Path(path).stat().st_size == len(face._ttf_data):  # the very file ReportLab read
                return hb.Blob.from_file_path(path)
        except OSError:
            pass
    return hb.Blob(face._ttf_data)


@cache
def _hb_font(font_name: str) -> tuple[hb.Font, float] | None:
    """HarfBuzz's font for a registered face and its scale to thousandths of an em; None when it cannot shape."""
    font = _font(font_name)
    try:
        face = hb.Face(_blob(font.face))
        upem = face.upem
        if not upem:
            raise ValueError("the font gives no units per em")
        return hb.Font(face), _THOUSAND / upem
    except Exception as exc:  # HarfBuzz raises several kinds for a font it refuses
        _FAILED[font_name] = f"{type(exc).__name__}: {str(exc)[:80]}"
        return None


# Shapings remembered at most (a deck's distinct strings are a few thousand): bounds the memory of a long-running
# process (--watch, serve), which starts afresh when it is reached.
SHAPED_REMEMBERED = 200_000
_SHAPED: dict[tuple[str, str, bool | None, tuple[str, str]], Shaped] = {}


def shape(text: str, font_name: str, rtl: bool | None = None, context: tuple[str, str] = ("", "")) -> Shaped:
    """``text`` shaped in the registered face ``font_name``; remembered, as a deck sets the same words on many
    cards.  ``rtl``: a run of one direction the bidi algorithm gave (True: right to left, its glyphs given from
    left to right as they stand, the Arabic letters joined and mirrored characters mirrored); None: the direction
    HarfBuzz guesses from the script, adjacent Chinese punctuation set close.  ``context`` (with ``rtl`` only): the
    characters just before and after ``text`` in its word, set in another face or colour, which Arabic letters
    join to across the change."""
    key = (text, font_name, rtl, context)
    got = _SHAPED.get(key)
    if got is None:
        if len(_SHAPED) > SHAPED_REMEMBERED:
            _SHAPED.clear()
        if rtl is None:
            got = squeezed(_shape(text, font_name), font_name)
        else:
            got = _shape(text, font_name, "rtl" if rtl else "ltr", context)
        _SHAPED[key] = got
    return got


def squeezed(shaped: Shaped, font_name: str) -> Shaped:
    """``shaped`` with adjacent Chinese punctuation set close (:mod:`.punctuation`): each trimmed glyph's advance
    shortened and its ink moved left by what its left side gave, so the marks keep their ink and lose only blank."""
    cut = punctuation.trims(shaped.codes, shaped.advances, lambda ch: _blank(font_name, ch))
    if cut is None:
        return shaped
    advances = tuple(a - left - right for a, (left, right) in zip(shaped.advances, cut, strict=True))
    old = shaped.offsets or ((0.0, 0.0),) * len(cut)
    offsets = tuple((x - left, y) for (x, y), (left, _) in zip(old, cut, strict=True))
    return Shaped(shaped.codes, advances, offsets, sum(advances))


@cache
def _blank(font_name: str, ch: str) -> tuple[float, float]:
    """The blank the face leaves left and right of ``ch``'s ink, thousandths of an em; none when it cannot tell."""
    got = _hb_font(font_name)
    gid = got[0].get_nominal_glyph(ord(ch)) if got is not None else None
    extents = got[0].get_glyph_extents(gid) if gid is not None else None
    if got is None or gid is None or extents is None:
        return 0.0, 0.0
    hb_font, scale = got
    left = extents.x_bearing * scale
    return left, hb_font.get_glyph_h_advance(gid) * scale - left - extents.width * scale


def _unshaped(text: str, font_name: str, rtl: bool = False) -> Shaped:
    face = _font(font_name).face
    if rtl:  # the characters as they stand from left to right, unjoined
        text = text[::-1]
    advances = tuple(float(face.getCharWidth(ord(ch))) for ch in text)
    return Shaped(text, advances, None, sum(advances))


def _shape(text: str, font_name: str, direction: str | None = None, context: tuple[str, str] = ("", "")) -> Shaped:
    if not text:
        return Shaped("", (), None, 0.0)
    got = _hb_font(font_name)
    if got is None:
        return _unshaped(text, font_name, direction == "rtl")
    hb_font, scale = got
    buf = hb.Buffer()
    before, after = context
    if before or after:  # HarfBuzz shapes the item between them, as part of the whole word
        buf.add_str(before + text + after, len(before), len(text))
    else:
        buf.add_str(text)
    if direction is not None:
        buf.direction = direction
    buf.guess_segment_properties()
    buf.cluster_level = hb.BufferClusterLevel.MONOTONE_CHARACTERS
    try:
        hb.shape(hb_font, buf, {})
    except Exception as exc:  # a damaged table HarfBuzz stumbles over: this string is set unshaped
        _FAILED.setdefault(font_name, f"{type(exc).__name__}: {str(exc)[:80]}")
        return _unshaped(text, font_name, direction == "rtl")
    infos, positions = buf.glyph_infos, buf.glyph_positions
    font = _font(font_name)
    cmap = font.face.charToGlyph
    starts = [info.cluster - len(before) for info in infos]
    codes: list[str] = []
    advances: list[float] = []
    offsets: list[tuple[float, float]] = []
    moved = False
    for i, (info, pos) in enumerate(zip(infos, positions, strict=True)):
        gid = info.codepoint
        start = starts[i]
        if i and starts[i - 1] == start:
            source = ""  # a further glyph of the same cluster: its characters went with the first
        else:
            if direction is None:
                end = next((s for s in starts[i + 1:] if s != start), len(text))
            else:  # right to left, the clusters run down: a cluster ends where the next higher one starts
                end = min((s for s in starts if s > start), default=len(text))
            source = text[start:end]
        if gid == 0 and source.strip():
            # the glyph check let the text through: draw what the cmap has
            return _unshaped(text, font_name, direction == "rtl")
        if len(source) == 1 and cmap.get(ord(source)) == gid:
            codes.append(source)
        else:
            codes.append(_glyph_code(font, gid, source, hb_font, scale))
        advances.append(pos.x_advance * scale)
        if pos.x_offset or pos.y_offset:
            moved = True
        offsets.append((pos.x_offset * scale, pos.y_offset * scale))
    return Shaped("".join(codes), tuple(advances), tuple(offsets) if moved else None, sum(advances))


def _glyph_code(font, gid: int, source: str, hb_font: hb.Font, scale: float) -> str:
    """The code a glyph without a character of its own is written by; its width and the characters it reads back
    as are given to the font (the first characters a glyph was shaped from are the ones it reads back as)."""
    code = GLYPH_PLANE + gid
    if code > _PLANE_END:
        raise ValueError(f"glyph {gid} lies beyond the private use plane")
    face = font.face
    if code not in face.charToGlyph:
        face.charToGlyph[code] = gid
        face.charWidths[code] = hb_font.get_glyph_h_advance(gid) * scale
    texts = glyph_texts(font)
    texts.setdefault(code, source)
    return chr(code)


def glyph_texts(font) -> dict[int, str]:
    """A font's private codes and the characters each reads back as (kept on the font object)."""
    texts = font.__dict__.get("_printkit_glyph_texts")
    if texts is None:
        texts = font.__dict__["_printkit_glyph_texts"] = {}
    return texts


def to_unicode_cmap(fontname: str, subset: list[int], texts: dict[int, str]) -> str:
    """A subset's ToUnicode CMap as ReportLab writes it, each private glyph code mapped to the characters it was
    shaped from (UTF-16, so a ligature reads back as its letters); a code of no characters is left unmapped."""
    pairs = []
    for i, v in enumerate(subset):
        text = texts.get(v, chr(v)) if v >= GLYPH_PLANE else chr(v)
        if text:
            pairs.append(f"<{i:02X}> <{text.encode('utf-16-be').hex().upper()}>")
    return "\n".join([
        "/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap", "/CIDSystemInfo",
        f"<< /Registry ({fontname})", f"/Ordering ({fontname})", "/Supplement 0", ">> def",
        f"/CMapName /{fontname} def", "/CMapType 2 def", "1 begincodespacerange", f"<00> <{len(subset) - 1:02X}>",
        "endcodespacerange", f"{len(pairs)} beginbfchar", *pairs, "endbfchar", "endcmap",
        "CMapName currentdict /CMap defineresource pop", "end", "end",
    ])


def _num(v: float) -> str:
    return fp_str(round(v * _QUANTUM) / _QUANTUM)


def text_operators(t, font_name: str, codes: str, advances: tuple[float, ...],
                   offsets: tuple[tuple[float, float], ...] | None, extra: tuple[float, ...] | None) -> None:
    """Write glyphs into ReportLab text object ``t`` (its font ``font_name`` at its size): glyph ``i`` drawn at its
    shaped place, the pen left where the last glyph's advance ends.  ``extra`` (pt per glyph, or None) is space
    added after a glyph (justification).  Adjustments go into ``TJ`` arrays; a subset change sets its font as
    ReportLab does; a glyph raised or lowered (a mark) is set with a text rise.

    The operators of a run are worked out once per document and size (a deck draws the same words on many
    cards); only the font changes between subsets depend on what the text object drew before."""
    canvas = t._canvas
    doc = canvas._doc
    size = t._fontsize
    memo: dict = doc.__dict__.setdefault("_printkit_glyph_runs", {})
    key = (font_name, size, codes, advances, offsets, extra)
    segments = memo.get(key)
    if segments is None:
        segments = memo[key] = _segments(canvas, font_name, size, codes, advances, offsets, extra)
    code = t._code
    font = None
    for subset, ops in segments:
        if subset != t._curSubset:
            if font is None:
                font = pdfmetrics.getFont(font_name)
            code.append(f"{font.getSubsetInternalName(subset, doc)} {fp_str(size)} Tf {fp_str(t._leading)} TL")
            t._curSubset = subset
        code.extend(ops)


def _segments(canvas, font_name: str, size: float, codes: str, advances: tuple[float, ...],
              offsets: tuple[tuple[float, float], ...] | None, extra: tuple[float, ...] | None
              ) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """A run's text operators, one group per font subset it uses, in order."""
    font = pdfmetrics.getFont(font_name)
    doc = canvas._doc
    width_of = font.face.getCharWidth
    per_pt = _THOUSAND / size
    segments: list[tuple[int, list[str]]] = []
    items: list[str] = []  # the current TJ array: literals and adjustments
    pending = bytearray()  # glyph codes not yet written: no adjustment between them
    pending_adjust = 0.0  # thousandths of an em, positive to the left (as TJ has it)
    rise = 0.0
    code: list[str] = []

    def settle() -> None:
        nonlocal pending_adjust
        if pending:
            items.append(f"({canvas._escape(bytes(pending))})")
            pending.clear()
        n = round(pending_adjust * _QUANTUM) / _QUANTUM
        if n:
            items.append(fp_str(n))
        pending_adjust = 0.0

    def flush() -> None:
        settle()
        if not items:
            return
        if len(items) == 1 and items[0].startswith("("):
            code.append(f"{items[0]} Tj")
        else:
            code.append(f"[{' '.join(items)}] TJ")
        items.clear()

    i = 0
    n = len(codes)
    pending_adjust = -(offsets[0][0] if offsets else 0.0)
    for subset, chunk in font.splitString(codes, doc):
        if segments:
            flush()
        code = []
        segments.append((subset, code))
        for b in chunk:
            x_off, y_off = offsets[i] if offsets else (0.0, 0.0)
            if offsets is not None:
                want = y_off * size / _THOUSAND
                if want != rise:
                    flush()
                    code.append(f"{_num(want)} Ts")
                    rise = want
            if round(pending_adjust * _QUANTUM):
                settle()
            pending.append(b)
            nxt = offsets[i + 1][0] if offsets and i + 1 < n else 0.0
            move = advances[i] + nxt - x_off - width_of(ord(codes[i]))
            if extra is not None:
                move += extra[i] * per_pt
            pending_adjust -= move
            i += 1
    flush()
    if rise:
        code.append("0 Ts")
    return tuple((subset, tuple(ops)) for subset, ops in segments)
