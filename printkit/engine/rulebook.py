"""Rules text laid out on pages: headings, paragraphs and bullet lists, for any game.

A game keeps its rules as data (a list of blocks per language); this module flows them down
columns and on over pages, so a booklet, a setup sheet's text or a notes page is declared, not
drawn.  The pages of a booklet are then imposed by :mod:`printkit.engine.booklet`.

A block is a one-key mapping: ``head`` (a section heading, kept with what follows), ``sub`` (a
smaller heading), ``text`` (a paragraph; a blank line starts a new one) or ``bullets`` (a list).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from printkit.engine.elements import Element, Line, Piece, Rect, Text
from printkit.engine.render.text import fit_text

Kind = Literal["head", "sub", "text", "bullets"]
KINDS: tuple[Kind, ...] = ("head", "sub", "text", "bullets")
PT = 25.4 / 72  # mm per point
MM_PT = 72 / 25.4  # points per mm


@dataclass(frozen=True)
class Block:
    kind: Kind
    text: str  # bullets: one line per item


@dataclass(frozen=True)
class PageStyle:
    """Type and colours of rules pages (sizes in pt, lengths in mm)."""

    margin: float = 12.0
    foot: float = 10.0  # mm kept at the bottom for the page number
    size: float = 8.5
    head: float = 11.0
    ink: str = "#222222"
    accent: str = "#5b4a2b"
    cover: str = "#f3ead3"
    leading: float = 1.25


def blocks_from(raw: object, where: str) -> tuple[Block, ...]:
    """Blocks from data: a list of one-key mappings (``head``/``sub``/``text``/``bullets``).

    Raises ``ValueError`` naming ``where`` and the item's index; the game's loader turns it into
    an input error with the file's line.
    """
    if not isinstance(raw, list):
        raise ValueError(f"{where}: a list of blocks (head / sub / text / bullets) is needed")
    out: list[Block] = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping) or len(item) != 1:
            raise ValueError(f"{where}[{i}]: each block is one of head, sub, text, bullets")
        ((kind, value),) = item.items()
        if kind not in KINDS:
            raise ValueError(f"{where}[{i}]: unknown block {kind!r}; use head, sub, text or bullets")
        if kind == "bullets":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"{where}[{i}]: bullets take a list of lines")
            out.append(Block("bullets", "\n".join(value)))
        elif isinstance(value, str):
            out.append(Block(kind, value.strip()))
        else:
            raise ValueError(f"{where}[{i}]: {kind} takes a text")
    return tuple(out)


def filled(blocks: Sequence[Block], values: Mapping[str, object]) -> tuple[Block, ...]:
    """The blocks with ``{name}`` fields filled from ``values`` (numbers from the game's data)."""
    return tuple(Block(b.kind, b.text.format_map(values)) for b in blocks)


def text_height(text: str, size: float, width: float, leading: float, glossary: tuple[str, ...] = ()) -> float:
    """Height in mm of ``text`` set at ``size`` in a ``width`` mm column, by the renderer's own breaking."""
    lines = len(fit_text(text, width * MM_PT, 1e9, size, size, leading, glossary=glossary).lines)
    return lines * size * leading * PT + 0.6


def _bullet_text(text: str, lang: str) -> str:
    mark = "・" if lang == "zh-TW" else "•"
    return "\n".join(f"{mark} {line}" if lang != "zh-TW" else f"{mark}{line}" for line in text.split("\n"))


def _looks(b: Block, st: PageStyle, lang: str) -> tuple[str, float, str, bool, float, bool]:
    """(text, size, colour, bold, gap after, keep with next) of a block."""
    if b.kind == "head":
        return b.text, st.head, st.accent, True, 1.0, True
    if b.kind == "sub":
        return b.text, st.size + 0.6, st.ink, True, 0.5, True
    if b.kind == "bullets":
        return _bullet_text(b.text, lang), st.size, st.ink, False, 1.8, False
    return b.text, st.size, st.ink, False, 1.8, False


def flow(blocks: Sequence[Block], width: float, height: float, st: PageStyle, lang: str, columns: int = 1,
         gutter: float = 8.0, first_top: float | None = None, glossary: tuple[str, ...] = ()) -> list[list[Element]]:
    """The blocks flowed down ``columns`` columns a page, page after page: each page's elements.

    A heading moves to the next column with the block after it.  A block taller than a whole
    column is split at its paragraphs (lines for bullets), so nothing is ever shrunk below its size.
    """
    col_w = (width - 2 * st.margin - (columns - 1) * gutter) / columns
    bottom = height - st.foot - 2
    top0 = first_top if first_top is not None else st.margin
    pages: list[list[Element]] = [[]]
    col, y = 0, top0

    def top_of(c: int) -> float:
        return top0 if c < columns else st.margin

    def next_column() -> None:
        nonlocal col, y
        col += 1
        y = top_of(col)
        if col // columns >= len(pages):
            pages.append([])

    pieces: list[tuple[str, float, str, bool, float, bool]] = []
    for b in blocks:
        text, size, colour, bold, gap, keep = _looks(b, st, lang)
        # a text splits at its lines (a paragraph's last line takes the paragraph gap), a list at its items, so
        # a long list runs on into the next column instead of leaving this one half empty
        if b.kind == "head" or b.kind == "sub":
            parts = [(text, gap)]
        else:
            parts = []
            paragraphs = text.split("\n\n") if b.kind == "text" else [text]
            for p, paragraph in enumerate(paragraphs):
                lines = paragraph.split("\n")
                for i, line in enumerate(lines):
                    end = i == len(lines) - 1
                    parts.append((line, gap if end and p == len(paragraphs) - 1 else 0.9 if end else 0.4))
        for part, part_gap in parts:
            pieces.append((part, size, colour, bold, part_gap, keep))
    pending: list[tuple[str, float, str, bool, float, bool]] = []
    for piece in pieces:
        pending.append(piece)
        if piece[5]:
            continue
        group, pending = pending, []
        need = sum(text_height(p[0], p[1], col_w, st.leading, glossary) + p[4] for p in group) - group[-1][4]
        if y + need > bottom and top_of(col + 1) < y - 0.01:  # the next column has more room
            next_column()
        for text, size, colour, bold, gap, _keep in group:
            h = text_height(text, size, col_w, st.leading, glossary)
            if y + h > bottom and top_of(col + 1) < y - 0.01:
                next_column()
            x = st.margin + (col % columns) * (col_w + gutter)
            pages[col // columns].append(Text(x, y, col_w, h, text, size=size, min_size=size, color=colour,
                                              align="left", valign="top", bold=bold, leading=st.leading))
            y += h + gap
    for text, size, colour, bold, _gap, _keep in pending:  # a heading at the very end: set it anyway
        x = st.margin + (col % columns) * (col_w + gutter)
        h = text_height(text, size, col_w, st.leading, glossary)
        pages[col // columns].append(Text(x, y, col_w, h, text, size=size, min_size=size, color=colour,
                                          align="left", valign="top", bold=bold, leading=st.leading))
    return pages


def _page_number(number: int, w: float, h: float, st: PageStyle) -> Text:
    # on the outer corner: right on odd (right-hand) pages, left on even ones
    x = w - st.margin - 15 if number % 2 else st.margin
    return Text(x, h - st.foot, 15, 6, str(number), size=8, min_size=8, color="#555555", wrap=False,
                align="right" if number % 2 else "left")


def booklet_pages(name: str, title: str, subtitle: str, note: str, blocks: Sequence[Block], w: float, h: float,
                  st: PageStyle, lang: str, glossary: tuple[str, ...] = (),
                  cover_art: Sequence[Element] = ()) -> tuple[Piece, ...]:
    """A cover (title, subtitle, a note under them, the game's own art), then the rules, numbered."""
    scale = min(w / 148.5, h / 210.0)
    # An A4 booklet page (on A3) gets bigger type, same layout.
    grow = max(1.0, scale)
    body_style = PageStyle(st.margin, st.foot, st.size * grow, st.head * grow, st.ink, st.accent, st.cover, st.leading)
    body = flow(blocks, w, h, body_style, lang, glossary=glossary)
    cover: list[Element] = [
        Rect(0, 0, w, h, fill=st.cover, stroke=None),
        Rect(st.margin / 2, st.margin / 2, w - st.margin, h - st.margin, fill=None, stroke=st.accent,
             stroke_width=0.8),
        *cover_art,
        Text(st.margin, h * 0.42, w - 2 * st.margin, 16 * scale, title, size=24 * scale, min_size=10, bold=True,
             color=st.accent),
        Text(st.margin, h * 0.42 + 18 * scale, w - 2 * st.margin, 10 * scale, subtitle, size=14 * scale,
             min_size=8, color=st.ink),
        Line(w * 0.3, h * 0.42 + 32 * scale, w * 0.7, h * 0.42 + 32 * scale, stroke=st.accent, stroke_width=0.5),
        Text(st.margin * 2, h * 0.42 + 38 * scale, w - 4 * st.margin, 40 * scale, note, size=8.5 * grow,
             min_size=7, color=st.ink, valign="top"),
    ]
    pages = [Piece(f"{name} cover", w, h, tuple(cover))]
    for i, els in enumerate(body):
        number = i + 2
        pages.append(Piece(f"{name} page {number}", w, h, (*els, _page_number(number, w, h, st))))
    return tuple(pages)


def sheet_pages(name: str, title: str, blocks: Sequence[Block], w: float, h: float, st: PageStyle, lang: str,
                columns: int = 2, glossary: tuple[str, ...] = (), first_art: Sequence[Element] = (),
                first_top: float | None = None) -> tuple[Piece, ...]:
    """Loose pages (a setup sheet's text, a notes page): the title on the first, ``first_art`` under it,
    then the blocks in ``columns`` columns from ``first_top``; "n / N" at the foot when there are more."""
    band = 14.0
    top = first_top if first_top is not None else st.margin + band
    body = flow(blocks, w, h, st, lang, columns=columns, first_top=top, glossary=glossary)
    out: list[Piece] = []
    for i, els in enumerate(body):
        frame: list[Element] = []
        if i == 0:
            frame += [
                Text(st.margin, st.margin - 2, w - 2 * st.margin, 10, title, size=st.head * 1.6, min_size=st.head,
                     bold=True, color=st.accent, align="left", wrap=False),
                Line(st.margin, st.margin + band - 4, w - st.margin, st.margin + band - 4, stroke=st.accent,
                     stroke_width=0.6),
                *first_art,
            ]
        if len(body) > 1:
            frame.append(Text(w - st.margin - 20, h - st.foot, 20, 6, f"{i + 1} / {len(body)}", size=8, min_size=8,
                              color="#555555", wrap=False, align="right"))
        out.append(Piece(f"{name} {i + 1}", w, h, (*frame, *els)))
    return tuple(out)


@dataclass(frozen=True)
class RuleTexts:
    """One language's rules file: short texts, labels and block lists, by key."""

    texts: dict[str, str]
    labels: dict[str, dict[str, str]]
    blocks: dict[str, tuple[Block, ...]]


def load_rule_texts(path: Path, texts: Sequence[str], blocks: Sequence[str],
                    labels: Sequence[str] = ()) -> RuleTexts:
    """A game's ``rules/<lang>.yaml``: each of ``texts`` a string, each of ``labels`` a mapping of strings,
    each of ``blocks`` a list of blocks.  A missing or malformed entry is an input error at its line."""
    from printkit.engine.source import load_document

    doc = load_document(path)
    data = doc.data if isinstance(doc.data, dict) else {}

    def where(key: str) -> tuple[str, ...]:
        return (key,) if key in data else ()

    for key in texts:
        if not isinstance(data.get(key), str):
            raise doc.error(where(key), f"`{key}:` needs a text")
    for key in labels:
        value = data.get(key)
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise doc.error(where(key), f"`{key}:` needs a mapping of texts")
    parsed: dict[str, tuple[Block, ...]] = {}
    for key in blocks:
        try:
            parsed[key] = blocks_from(data.get(key), key)
        except ValueError as exc:
            raise doc.error(where(key), str(exc)) from None
    return RuleTexts({k: data[k] for k in texts}, {k: dict(data[k]) for k in labels}, parsed)
