"""The font reading kept on disk (render/face_cache.py) gives ReportLab's own font, and the same PDF bytes."""

from __future__ import annotations

import io

from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont
from reportlab.pdfgen.canvas import Canvas

from printkit.engine.render import face_cache
from printkit.engine.render.fonts import FACE_FILES, SANS_FILE, _Font

_OWN = {"face", "state", "_memos", "_last"}  # per-object state, compared below or empty


def _plain(value):
    """Objects without an equality of their own (ReportLab's TTEncoding) compared by their attributes."""
    return (type(value), vars(value)) if hasattr(value, "__dict__") else value


def _same_font(ours: TTFont, theirs: TTFont) -> None:
    assert {k: _plain(v) for k, v in vars(ours).items() if k not in _OWN} == \
        {k: _plain(v) for k, v in vars(theirs).items() if k not in _OWN}
    a, b = vars(ours.face), vars(theirs.face)
    assert a.keys() == b.keys()
    for key in a:
        if key == "_pdfScale":
            assert [a[key](v) for v in (0, 1, 517, 2048, -300)] == [b[key](v) for v in (0, 1, 517, 2048, -300)]
        else:
            assert a[key] == b[key], key
            assert type(a[key]) is type(b[key]), key
    for key, value in a.items():
        if isinstance(value, TTFNameBytes):
            assert value.ustr == b[key].ustr


def _pdf(font: TTFont) -> bytes:
    from reportlab.pdfbase import pdfmetrics

    pdfmetrics.registerFont(font)
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1)
    c.setFont(font.fontName, 12)
    c.drawString(72, 720, "Arcane Ward 心靈之泉 · 17/500")
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_font_read_back_from_the_cache_is_reportlabs_own(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path))
    for path in (SANS_FILE, FACE_FILES["bold"]):
        theirs = TTFont("Same", str(path))
        first = _Font("Same", path)  # read from the file, written to the cache
        assert len(list((tmp_path / "fonts").iterdir())) >= 1
        again = _Font("Same", path)  # read from the cache
        _same_font(first, theirs)
        _same_font(again, theirs)
        assert _pdf(again) == _pdf(theirs)


def test_a_damaged_or_stale_entry_is_read_from_the_font_again(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path))
    path = FACE_FILES["italic"]
    _Font("Italic", path)
    (entry,) = (tmp_path / "fonts").iterdir()
    entry.write_bytes(entry.read_bytes()[:-10])  # cut short
    assert face_cache._read(entry, path) is None
    _same_font(_Font("Italic", path), TTFont("Italic", str(path)))
