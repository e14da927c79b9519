"""The fonts printkit embeds, and the check that every printed character exists in them.

The bundled family, Noto Sans TC, covers Latin (with German umlauts) and Traditional Chinese in
Taiwan glyph forms.  It ships as TrueType outlines (converted once by ``scripts/make_tc_font.py``)
because ReportLab cannot embed CFF fonts.  Its styled faces (``scripts/make_styled_fonts.py``):

* **bold**: Noto Sans TC instanced at weight 700, Latin and the common Traditional Chinese characters
  (Big5 level 1); a character it lacks is set in the regular face, never faked by stroking;
* **italic** and **bold italic**: Noto Sans Italic, Latin only.  Chinese has no italic: emphasised
  Chinese stays upright (the text setter gives it the emphasis colour instead).

A user font (``font: fonts/Title.ttf`` on a text element) is registered from its file; an OpenType
font with CFF outlines is converted to TrueType on first use and cached.  ReportLab never falls back
to another font and draws a missing character as an empty box without a word, so :func:`check_text`
runs before anything is drawn, for whichever face each character will be set in.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, replace
from fnmatch import fnmatch
from functools import cache, lru_cache
from pathlib import Path
from weakref import WeakKeyDictionary, ref

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTEncoding, TTFError, TTFont, unShapedFontGlob

from printkit.engine.errors import InputError, MissingGlyphError, Problem
from printkit.engine.render.face_cache import load_face

FONT_DIR = Path(__file__).resolve().parents[2] / "fonts"
SANS = "PrintkitSans"
SANS_FILE = FONT_DIR / "NotoSansTC-Regular.ttf"
FACE_FILES = {
    "regular": SANS_FILE,
    "bold": FONT_DIR / "NotoSansTC-Bold.ttf",
    "italic": FONT_DIR / "NotoSans-Italic.ttf",
    "bold-italic": FONT_DIR / "NotoSans-BoldItalic.ttf",
}
FACE_NAMES = {"regular": SANS, "bold": "PrintkitSans-Bold", "italic": "PrintkitSans-Italic",
              "bold-italic": "PrintkitSans-BoldItalic"}
MAX_FONT_BYTES = 40 * 1024 * 1024  # a font file larger than this is not a font a card needs

# Vertical metrics of the face, as fractions of the font size (from its OS/2 table).
CAP_HEIGHT = 0.733
ASCENT = 0.88
DESCENT = 0.12

# Characters that never print ink and so need no glyph check: breaks, a zero-width space, and the bidi marks and
# controls (HarfBuzz sets them as nothing; the bidi algorithm reads them).
_INVISIBLE = frozenset("\n\r\t\u200b\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class _Font(TTFont):
    """ReportLab's TrueType font, remembering per document how each string splits into its subsets' codes and
    each subset's name.

    ReportLab maps every character of every string it draws to a subset code, one character at a time in
    Python, and looks its per-document state up in a weak dictionary for every string; a deck draws the same
    titles, types and rules on many cards.  A character's code and a subset's name, once given in a document,
    never change, so what is remembered is what ReportLab would work out again: the PDF is byte for byte the
    same.  A font file (not a user's font, read from bytes) is read through :mod:`.face_cache`.
    """

    def __init__(self, name: str, file: str | Path | io.BytesIO) -> None:
        if isinstance(file, io.BytesIO):
            super().__init__(name, file)
        else:
            # TTFont.__init__ as ReportLab 5 writes it, with the face read through the cache
            # (tests/engine/test_face_cache.py holds the two to the same attributes)
            self.fontName = name
            self.face = load_face(Path(file))
            self.encoding = TTEncoding()
            self.state = WeakKeyDictionary()
            self._asciiReadable = rl_config.ttfAsciiReadable
            self.shapable = not any(fnmatch(name, glob) for glob in unShapedFontGlob)
        self._memos: WeakKeyDictionary = WeakKeyDictionary()  # document → ({text: split}, {subset: name})
        self._last: tuple[ref, tuple[dict, dict]] | None = None  # the document drawn last, and its memo

    def _memo(self, doc) -> tuple[dict, dict]:
        last = self._last
        if last is not None and last[0]() is doc:
            return last[1]
        memo = self._memos.get(doc)
        if memo is None:
            memo = self._memos[doc] = ({}, {})
        self._last = (ref(doc), memo)
        return memo

    def splitString(self, text, doc, encoding="utf-8"):  # ReportLab's name and signature
        splits = self._memo(doc)[0]
        split = splits.get(text)
        if split is None:
            split = splits[text] = tuple(super().splitString(text, doc, encoding))
        return list(split)

    def getSubsetInternalName(self, subset, doc):  # ReportLab's name and signature
        names = self._memo(doc)[1]
        name = names.get(subset)
        if name is None:
            name = names[subset] = super().getSubsetInternalName(subset, doc)
        return name

    def addObjects(self, doc):  # ReportLab's name and signature
        """ReportLab's font objects, each subset tagged from what it holds instead of by its number.

        ReportLab tags a document's subsets AAAAAA+, AAAAAB+, ... by their order, so every printkit PDF's first
        subset of a face is AAAAAA+ whatever it holds: a print shop merging several kits into one job gets
        subsets of one name with different glyphs, and its RIP may draw one kit's text with another's.  A tag
        worked out from the face and the subset's characters is the same for the same subset (files stay byte
        for byte the same) and differs for different ones."""
        state = self.state.get(doc)
        tags = [subset_tag(self.face.name, subset) for subset in state.subsets] if state is not None else []
        numbered, cmaps = ttfonts.SUBSETN, ttfonts.makeToUnicodeCMap
        ttfonts.SUBSETN = lambda n, *_: tags[n]  # addObjects names subset n by this module function
        texts = self.__dict__.get("_printkit_glyph_texts")
        if texts:  # shaped glyphs without a character of their own read back as the characters they were shaped from
            from printkit.engine.render.shaping import to_unicode_cmap

            ttfonts.makeToUnicodeCMap = lambda name, subset: to_unicode_cmap(name, subset, texts)
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN, ttfonts.makeToUnicodeCMap = numbered, cmaps


def subset_tag(face: bytes, codes) -> bytes:
    """Six capital letters (as PDF subset tags are) from a hash of the face's name and the subset's code points."""
    digest = int.from_bytes(hashlib.sha256(face + b"|" + ",".join(map(str, codes)).encode()).digest()[:8], "big")
    letters = []
    for _ in range(6):
        digest, k = divmod(digest, 26)
        letters.append(65 + k)
    return bytes(letters)


@cache
def register() -> str:
    """Register the embedded font with ReportLab once per process; return its name."""
    pdfmetrics.registerFont(_Font(SANS, SANS_FILE))
    return SANS


@cache
def face(style: str) -> str:
    """The ReportLab name of a bundled face: ``regular``, ``bold``, ``italic`` or ``bold-italic``."""
    if style == "regular":
        return register()
    name = FACE_NAMES[style]
    pdfmetrics.registerFont(_Font(name, FACE_FILES[style]))
    return name


@dataclass(frozen=True)
class Family:
    """The faces one text element may use; a style a family lacks falls back to its regular face."""

    regular: str
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = None
    all_bold: bool = False  # the element is bold as a whole (``bold: true``)
    fallback: Family | None = None  # for characters none of these faces has (``font: title.ttf, sans``)
    label: str | None = None  # a user's family (its name, or its one file): a face it lacks is an error

    def lacks(self, bold: bool, italic: bool) -> str | None:
        """The style (``bold``, ``italic``, ``bold italic``) a user's family has no face for, or None.

        The bundled family answers None: its missing styles (italic Chinese) are set upright on purpose.
        """
        bold = bold or self.all_bold
        if self.label is None or not (bold or italic):
            return None
        face = self.bold_italic if bold and italic else self.bold if bold else self.italic
        return None if face is not None else ("bold italic" if bold and italic else "bold" if bold else "italic")

    def chain(self, bold: bool, italic: bool) -> tuple[str, ...]:
        """The faces to try for a character, in order: the styled face, then plainer ones, then the fallback's."""
        return _chain(self, bold, italic)

    def _chain(self, bold: bool, italic: bool) -> tuple[str, ...]:
        faces = [self.pick(bold, italic)]
        if italic:
            faces.append(self.pick(bold, False))
        faces.append(self.regular)
        if self.fallback is not None:
            faces.extend(self.fallback.chain(bold or self.all_bold, italic))
        return tuple(dict.fromkeys(faces))

    def missing(self, text: str) -> list[str]:
        """Characters no face of the family (or its fallback) can draw."""
        out = missing_characters(text, self.regular)
        return [c for c in out if self.fallback is None or c in self.fallback.missing(c)]

    def pick(self, bold: bool, italic: bool) -> str:
        bold = bold or self.all_bold
        if bold and italic:
            return self.bold_italic or self.bold or self.italic or self.regular
        if bold:
            return self.bold or self.regular
        if italic:
            return self.italic or self.regular
        return self.regular


@cache
def _chain(fam: Family, bold: bool, italic: bool) -> tuple[str, ...]:
    return fam._chain(bold, italic)


@cache
def sans() -> Family:
    """The bundled family.  Only the regular face is loaded here: a styled face is read from its file the
    first time a text is measured in it (:func:`ensure`), so a deck without italics never loads them."""
    return Family(register(), FACE_NAMES["bold"], FACE_NAMES["italic"], FACE_NAMES["bold-italic"])


_STYLE_OF = {name: style for style, name in FACE_NAMES.items()}


def ensure(name: str) -> str:
    """``name``, registered with ReportLab if it is a bundled face not loaded yet."""
    style = _STYLE_OF.get(name)
    if style is not None:
        face(style)
    return name


def family(font: str | None) -> Family:
    """The family for a text element's ``font:``: None or ``sans`` is the bundled one, else a font file or a
    family a deck declared (:func:`declare_family`); ``title.ttf, sans`` sets what the first lacks (Chinese in
    a Latin display face) in the next, and ``sans, hebrew.ttf`` what the bundled family lacks (Arabic, Hebrew) in
    the next."""
    if font is None or font.strip() in ("sans", SANS):
        return sans()
    first, _, rest = font.partition(",")
    first = first.strip()
    fallback = family(rest.strip()) if rest.strip() else None
    if first in ("sans", SANS):
        return replace(sans(), fallback=fallback)
    declared = _DECLARED.get(first)
    if declared is not None:
        label, faces = declared
        regular, bold, italic, bold_italic = (register_file(Path(f)) if f else None for f in faces)
        assert regular is not None
        return Family(regular, bold, italic, bold_italic, fallback=fallback, label=label)
    return Family(register_file(Path(first)), fallback=fallback, label=Path(first).name)


FAMILY_STYLES = ("regular", "bold", "italic", "bold_italic")
_DECLARED: dict[str, tuple[str, tuple[str | None, ...]]] = {}  # token → (name, files in FAMILY_STYLES order)


def declare_family(name: str, faces: tuple[str | None, ...]) -> str:
    """A deck's font family (its files by :data:`FAMILY_STYLES`, absolute), as a token a text element's
    ``font:`` may hold in place of a file.  The token is made from the files, so the same family is the
    same token in every build."""
    digest = hashlib.sha256("\0".join(f or "" for f in faces).encode("utf-8")).hexdigest()[:12]
    token = f"family:{name}#{digest}"
    _DECLARED[token] = (name, faces)
    return token


def register_file(path: Path) -> str:
    """Register a user's TTF/OTF file (OTF with CFF outlines converted to TrueType); return its name."""
    try:
        stat = path.stat()
    except OSError:
        raise InputError.single("font file not found", path) from None
    if not path.is_file():
        raise InputError.single("font: expected a .ttf or .otf file", path)
    if stat.st_size > MAX_FONT_BYTES:
        raise InputError.single(f"the font file is larger than {MAX_FONT_BYTES // 2**20} MB", path)
    return _register_bytes(str(path.resolve()), stat.st_mtime_ns, stat.st_size)


@cache
def _register_bytes(path: str, _mtime: int, _size: int) -> str:
    data = Path(path).read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:12]
    name = f"UserFont-{digest}"
    ttf = _truetype(data, Path(path))
    try:
        pdfmetrics.registerFont(_Font(name, io.BytesIO(ttf)))
    except (TTFError, Exception) as exc:  # ReportLab raises several kinds for an unusable font
        raise InputError.single(f"cannot use this font ({type(exc).__name__}: {str(exc)[:100]})", path) from None
    return name


def _truetype(data: bytes, path: Path) -> bytes:
    """``data`` as TrueType outlines: CFF (OpenType/PostScript) fonts are converted, as the bundled one was."""
    from fontTools.ttLib import TTFont as FTFont
    from fontTools.ttLib import TTLibError

    try:
        font = FTFont(io.BytesIO(data), lazy=False)
    except (TTLibError, Exception) as exc:  # fontTools raises many kinds for a file that is not a font
        raise InputError.single(f"not a font file printkit can read ({type(exc).__name__})", path) from None
    if "glyf" in font:
        return data
    if "CFF " not in font:
        raise InputError.single("the font has neither TrueType nor CFF outlines", path)
    from printkit.engine.render.fontconvert import cff_to_truetype

    cff_to_truetype(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@cache
def _cmap_of(name: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(ensure(name)).face.charToGlyph)


@cache
def _cmap() -> frozenset[int]:
    return _cmap_of(register())


def glyphs(font_name: str) -> frozenset[int]:
    """The code points the font has a glyph for."""
    return _cmap_of(font_name)


def has_glyph(font_name: str, ch: str) -> bool:
    return ch in _INVISIBLE or ord(ch) in _cmap_of(font_name)


def missing_characters(text: str, font_name: str | None = None) -> list[str]:
    """Characters of ``text`` the font (default: the regular face) cannot draw, in order of first appearance."""
    cmap = _cmap() if font_name is None else _cmap_of(font_name)
    seen: list[str] = []
    for ch in text:
        if ch not in _INVISIBLE and ord(ch) not in cmap and ch not in seen:
            seen.append(ch)
    return seen


def check_text(text: str, where: str, font_name: str | Family | None = None) -> None:
    """Raise :class:`MissingGlyphError` if ``text`` has a character the font (or family) lacks.

    ``where`` names the piece (e.g. ``"san-marco: action card 'Doge' #3"``) so the user
    can find the string.
    """
    missing = _missing(text, font_name)
    if missing:
        chars = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
        raise MissingGlyphError([Problem(f"{where}: the font has no glyph for {chars} in {text!r}"
                                         f"{_missing_hint(missing, font_name)}")])


# How a message names the script of a character the font lacks, by the first word of its Unicode name.
_SCRIPTS = {"CJK": "Chinese/Japanese (CJK)", "HIRAGANA": "Japanese (kana)", "KATAKANA": "Japanese (kana)",
            "HANGUL": "Korean (Hangul)", "HALFWIDTH": "Japanese (kana)", "IDEOGRAPHIC": "CJK punctuation"}


def _missing_hint(missing: tuple[str, ...], font_name: str | Family | None) -> str:
    """Which scripts the font lacks, and, for a user's font, how to set them: the bundled family after it when it
    has them (a language the deck is translated into, in a display face made for another)."""
    import unicodedata

    scripts = dict.fromkeys(_SCRIPTS.get(w, w.title()) for w in
                            (unicodedata.name(c, "UNKNOWN").replace("-", " ").split()[0] for c in missing))
    label = font_name.label if isinstance(font_name, Family) else font_name if isinstance(font_name, str) else None
    text = f": the {f'font `{label}`' if label else 'bundled font'} has no {', '.join(scripts)} letters"
    if label and not sans().missing("".join(missing)):
        text += (f"; name a font that has them after it, such as the bundled one (font: \"{label}, sans\"), which "
                 "sets them wherever the first has none")
    elif not label:
        text += ("; give the text a .ttf/.otf that has them (font: \"yours.ttf, sans\": the bundled family then "
                 "sets what yours lacks)")
    return text


@lru_cache(maxsize=20_000)
def _missing(text: str, font_name: str | Family | None) -> tuple[str, ...]:
    """The characters no face can draw; remembered per string, since a deck repeats its strings on many cards
    (fonts are registered once per name and never change under it)."""
    return tuple(font_name.missing(text) if isinstance(font_name, Family) else missing_characters(text, font_name))


def string_width(text: str, size: float, font_name: str = SANS) -> float:
    """Width in points of ``text`` set at ``size`` points."""
    register()
    return pdfmetrics.stringWidth(text, ensure(font_name), size)
