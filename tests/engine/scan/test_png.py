"""PNG pages inflated by libdeflate and unfiltered by libspng (``engine/scan/decode/speed/png.py``) come out pixel for
pixel as libspng alone and Pillow decode the same file, for a real 300-dpi scan and for every colour type,
bit depth and row filter a PNG may use; a file that path does not handle goes the old way, and damaged
or hostile files are still refused with the usual message.
"""

from __future__ import annotations

import io
import random
import struct
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, PngImagePlugin

from devkit.ganz_schon_clever.pad import print_pad
from devkit.ganz_schon_clever.synthetic import filled_pages
from devkit.scan import capture
from printkit.engine.scan.decode.images import load_pages
from printkit.engine.scan.decode.speed.png import chunks, inflated, is_overlay, png_rgb, rows_short, tagged_as_overlay
from printkit.engine.scan.errors import ScanError
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet

pyspng = pytest.importorskip("pyspng")
pytest.importorskip("deflate")

SHEET = Sheet(players=1, yellow=((3, 6), (5,), (), ()), blue=(2, 4, 9), green=3, orange=(4, 12, 6), purple=(3, 5),
              rerolls=ActionCount(earned=2, used=1), extra_dice=ActionCount(earned=1, used=0))


@pytest.fixture(scope="module")
def scan_png() -> bytes:
    """A filled A4 sheet scanned at 300 dpi and written as the scanner simulation writes a PNG scan."""
    page = filled_pages(print_pad("a4", 1), [SHEET], random.Random(3), dpi=300)[0]
    for seed in range(20):  # the simulation writes PNG or JPEG at random: the first seed that gives PNG
        data, suffix = capture.scan(page, 300, random.Random(seed), 300)
        if suffix == ".png":
            return data
    raise AssertionError("no PNG scan in 20 seeds")


def _pillow_rgb(data: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(data)) as img:
        return np.asarray(img.convert("RGB"))


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _filtered(rows: np.ndarray, step: int, kinds: list[int]) -> bytes:
    """``rows`` (height x bytes) filtered as a PNG encoder does, row y with filter ``kinds[y]``; ``step``:
    bytes per pixel (at least 1), how far left the "left" neighbour is."""
    r = rows.astype(np.int16)
    left = np.zeros_like(r)
    left[:, step:] = r[:, :-step]
    up = np.zeros_like(r)
    up[1:] = r[:-1]
    up_left = np.zeros_like(r)
    up_left[1:] = left[:-1]
    p = left + up - up_left
    pa, pb, pc = np.abs(p - left), np.abs(p - up), np.abs(p - up_left)
    paeth = np.where((pa <= pb) & (pa <= pc), left, np.where(pb <= pc, up, up_left))
    predicted = {0: 0, 1: left, 2: up, 3: (left + up) // 2, 4: paeth}
    out = bytearray()
    for y, kind in enumerate(kinds):
        pred = predicted[kind]
        row = (r[y] - (pred[y] if isinstance(pred, np.ndarray) else 0)) % 256
        out += bytes([kind]) + row.astype(np.uint8).tobytes()
    return bytes(out)


def _packed(samples: np.ndarray, depth: int) -> np.ndarray:
    """Rows of samples (height x samples) as PNG packs them: big-endian, several to a byte below 8 bits."""
    if depth == 16:
        return samples.astype(">u2").view(np.uint8).reshape(samples.shape[0], -1)
    if depth == 8:
        return samples.astype(np.uint8)
    per = 8 // depth
    h, w = samples.shape
    padded = np.zeros((h, -(-w // per) * per), np.uint8)
    padded[:, :w] = samples
    groups = padded.reshape(h, -1, per)
    shifts = (8 - depth * (np.arange(per) + 1)).astype(np.uint8)
    return np.bitwise_or.reduce(groups << shifts, axis=2).astype(np.uint8)


def _png(samples: np.ndarray, depth: int, colour: int, extra: list[bytes] = (), idat_size: int = 4096,
         level: int = 6) -> bytes:
    """A PNG of ``samples`` (height x width x channels) written by hand: every row filter in turn, its
    pixel data split over IDAT chunks of ``idat_size``."""
    h, w, c = samples.shape
    rows = _packed(samples.reshape(h, w * c), depth)
    step = max(1, c * depth // 8)
    z = zlib.compress(_filtered(rows, step, [y % 5 for y in range(h)]), level)
    idat = b"".join(_chunk(b"IDAT", z[i:i + idat_size]) for i in range(0, len(z), idat_size))
    head = _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, 0))
    return b"\x89PNG\r\n\x1a\n" + head + b"".join(extra) + idat + _chunk(b"IEND", b"")


def _interlaced(img: np.ndarray) -> bytes:
    """An 8-bit RGB PNG written with Adam7 interlacing (each pass's rows unfiltered)."""
    h, w, _ = img.shape
    raw = bytearray()
    for x0, y0, dx, dy in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
                           (0, 1, 1, 2)):
        part = img[y0::dy, x0::dx]
        if part.size:
            for row in part:
                raw += b"\0" + row.tobytes()
    head = _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 1))
    return b"\x89PNG\r\n\x1a\n" + head + _chunk(b"IDAT", zlib.compress(bytes(raw))) + _chunk(b"IEND", b"")


def _without_libdeflate(data: bytes, monkeypatch: pytest.MonkeyPatch) -> np.ndarray:
    with monkeypatch.context() as m:
        m.setitem(sys.modules, "deflate", None)  # as on a platform without its wheel
        assert inflated(data) is None
        out = png_rgb(data)
    assert out is not None
    return out


def test_a_300_dpi_scan_decodes_to_the_same_pixels_on_every_path(scan_png: bytes,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    assert inflated(scan_png) is not None  # the fast path is the one taken
    fast = png_rgb(scan_png)
    assert fast is not None
    assert fast.shape[2] == 3 and sorted(fast.shape[:2]) == [2481, 3508]
    assert np.array_equal(fast, pyspng.load(scan_png, "RGB"))
    assert np.array_equal(fast, _without_libdeflate(scan_png, monkeypatch))
    assert np.array_equal(fast, _pillow_rgb(scan_png))


def _rows(data: bytes) -> bytes:
    """The filtered rows of a PNG, inflated by zlib."""
    return zlib.decompress(b"".join(data[s:e] for kind, s, e in chunks(data) if kind == b"IDAT"))


def test_the_rewritten_scan_holds_the_same_filtered_rows_stored(scan_png: bytes) -> None:
    fast = inflated(scan_png)
    assert fast is not None
    rows = _rows(scan_png)
    assert _rows(fast) == rows
    assert len(fast) > len(rows)  # stored: every byte of the rows, uncompressed
    # every chunk's CRC holds, the new IDAT's included
    for _, s, e in chunks(fast):
        assert zlib.crc32(fast[s - 4:e]) == struct.unpack(">I", fast[e:e + 4])[0]
    # what makes undoing the filters sequential: most rows of a scanner's PNG are Paeth-filtered
    width = struct.unpack(">I", scan_png[16:20])[0]
    kinds = np.frombuffer(rows, np.uint8)[::1 + 3 * width]
    assert set(np.unique(kinds).tolist()) <= {0, 1, 2, 3, 4}
    assert np.mean(kinds == 4) > 0.5


@pytest.fixture(scope="module")
def crop(scan_png: bytes) -> np.ndarray:
    """A part of the scan with print, handwriting and the scanner's noise."""
    return np.ascontiguousarray(_pillow_rgb(scan_png)[1200:1500, 700:1100])


def _grey(rgb: np.ndarray) -> np.ndarray:
    return rgb.mean(axis=2, keepdims=True).astype(np.uint8)


@pytest.mark.parametrize("kind", ["rgb8", "grey8", "rgba8", "grey-alpha8", "rgb16", "grey16", "rgba16",
                                  "palette8", "palette4-trns", "grey1"])
def test_every_colour_type_and_depth_decodes_as_libspng_and_pillow_do(crop: np.ndarray, kind: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    rgb = crop
    alpha = (np.arange(rgb.shape[1])[None, :, None] * 255 // rgb.shape[1]).repeat(rgb.shape[0], 0).astype(np.uint8)
    extra: list[bytes] = []
    if kind == "rgb8":
        data = _png(rgb, 8, 2)
    elif kind == "grey8":
        data = _png(_grey(rgb), 8, 0)
    elif kind == "rgba8":
        data = _png(np.concatenate([rgb, alpha], axis=2), 8, 6)
    elif kind == "grey-alpha8":
        data = _png(np.concatenate([_grey(rgb), alpha], axis=2), 8, 4)
    elif kind == "rgb16":
        data = _png(rgb.astype(np.uint16) * 257 + 3, 16, 2)
    elif kind == "grey16":
        data = _png(_grey(rgb).astype(np.uint16) * 256 + 200, 16, 0)
    elif kind == "rgba16":
        data = _png(np.concatenate([rgb, alpha], axis=2).astype(np.uint16) * 257, 16, 6)
    elif kind.startswith("palette"):
        depth = 8 if kind == "palette8" else 4
        quant = Image.fromarray(rgb).quantize(2 ** depth)
        plte = bytes(quant.getpalette()[:3 * 2 ** depth])
        extra = [_chunk(b"PLTE", plte.ljust(3 * 2 ** depth, b"\0"))]
        if kind.endswith("trns"):
            extra.append(_chunk(b"tRNS", bytes([0, 128])))
        data = _png(np.asarray(quant)[..., None], depth, 3, extra)
    else:
        data = _png((_grey(rgb) > 128).astype(np.uint8), 1, 0)
    assert inflated(data) is not None
    fast = png_rgb(data)
    assert fast is not None
    assert np.array_equal(fast, pyspng.load(data, "RGB"))
    assert np.array_equal(fast, _without_libdeflate(data, monkeypatch))
    if kind not in ("rgb16", "rgba16", "grey16", "palette4-trns", "rgba8", "grey-alpha8"):
        assert np.array_equal(fast, _pillow_rgb(data))  # Pillow drops alpha and reduces 16 bits its own way


@pytest.mark.parametrize("idat_size", [1, 100, 1 << 20])
def test_pixel_data_split_over_any_number_of_chunks_decodes_the_same(crop: np.ndarray, idat_size: int) -> None:
    data = _png(crop[:60], 8, 2, idat_size=idat_size)
    assert inflated(data) is not None
    assert np.array_equal(png_rgb(data), pyspng.load(data, "RGB"))


def test_an_interlaced_png_is_left_to_libspng(crop: np.ndarray, tmp_path: Path) -> None:
    img = np.ascontiguousarray(crop[:37, :53])  # sizes that leave some passes short
    data = _interlaced(img)
    assert inflated(data) is None
    assert np.array_equal(png_rgb(data), img)
    p = tmp_path / "interlaced.png"
    p.write_bytes(data)
    (page,) = load_pages(p)
    assert np.array_equal(page.pixels, img)


def _refused(tmp_path: Path, data: bytes) -> str:
    p = tmp_path / "bad.png"
    p.write_bytes(data)
    with pytest.raises(ScanError) as err:
        load_pages(p)
    return str(err.value)


def test_damaged_pixel_data_is_refused_as_before(crop: np.ndarray, tmp_path: Path) -> None:
    data = _png(crop, 8, 2, idat_size=1 << 20)
    start = data.index(b"IDAT") + 4
    broken = bytearray(data)
    broken[start + 200:start + 260] = bytes(60)  # a run of the deflate stream overwritten
    assert inflated(bytes(broken)) is None
    assert "damaged or truncated" in _refused(tmp_path, bytes(broken))


def test_fewer_rows_than_the_header_promises_are_refused_as_truncated(crop: np.ndarray, tmp_path: Path) -> None:
    short = _png(crop[:100], 8, 2)
    ihdr = _chunk(b"IHDR", struct.pack(">IIBBBBB", crop.shape[1], crop.shape[0], 8, 2, 0, 0, 0))
    lying = short[:8] + ihdr + short[8 + len(ihdr):]  # says 300 rows, holds 100
    assert inflated(lying) is None
    # Pillow would paint 200 black rows, and the user would hear of missing corner markers
    message = _refused(tmp_path, lying)
    assert "damaged or truncated" in message
    assert "its pixel data ends after 100 of the 300 rows its header promises" in message


def test_a_short_stream_under_a_huge_header_is_counted_without_inflating_the_promise() -> None:
    # 6000 x 60000 promises 1 GB of rows; the stream holds 200 rows (3.6 MB), inflated a megabyte at a time
    w = 6000
    body = zlib.compress(bytes(1 + 3 * w) * 200, 9)
    head = _chunk(b"IHDR", struct.pack(">IIBBBBB", w, 60000, 8, 2, 0, 0, 0))
    data = b"\x89PNG\r\n\x1a\n" + head + _chunk(b"IDAT", body) + _chunk(b"IEND", b"")
    assert rows_short(data) == (200, 60000)
    assert rows_short(data[:-12]) is None  # no IEND: a cut file, whose damage Pillow names


def test_more_rows_than_the_header_promises_are_not_inflated(crop: np.ndarray) -> None:
    long = _png(crop, 8, 2)
    ihdr = _chunk(b"IHDR", struct.pack(">IIBBBBB", crop.shape[1], 10, 8, 2, 0, 0, 0))
    lying = long[:8] + ihdr + long[8 + len(ihdr):]  # says 10 rows: libdeflate stops at 10 rows' bytes
    assert inflated(lying) is None


def test_a_chunk_running_past_the_end_of_the_file_is_not_read(crop: np.ndarray) -> None:
    data = _png(crop, 8, 2, idat_size=1 << 20)
    cut = data[:data.index(b"IEND") - 4]  # no IEND
    assert inflated(cut) is None
    huge = data[:33] + struct.pack(">I", 0x7FFFFFFF) + data[37:]  # the first IDAT claims 2 GB
    assert inflated(huge) is None  # left to libspng and Pillow, as before


def test_a_decompression_bomb_is_refused_before_inflating(tmp_path: Path) -> None:
    # 60000 x 60000 of one colour: a few kB of deflate that would inflate to 10 GB
    w = h = 60000
    z = zlib.compressobj(9)
    row = bytes(1 + 3 * w)
    body = b"".join(z.compress(row) for _ in range(200)) + z.flush()
    head = _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    data = b"\x89PNG\r\n\x1a\n" + head + _chunk(b"IDAT", body) + _chunk(b"IEND", b"")
    assert inflated(data) is None  # larger than the fast path takes
    assert "more" in _refused(tmp_path, data)


def test_a_rewritten_file_libspng_refuses_falls_back_to_the_file_itself(crop: np.ndarray,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit.engine.scan.decode.speed.png as png

    data = _png(crop, 8, 2)
    monkeypatch.setattr(png, "inflated", lambda _: b"\x89PNG\r\n\x1a\n not a png")
    assert np.array_equal(png.png_rgb(data), crop)


def test_an_overlay_tag_keeps_the_pixels_and_is_told_from_other_text() -> None:
    rgb = np.arange(5 * 7 * 3, dtype=np.uint8).reshape(5, 7, 3)
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, format="PNG")
    plain = buf.getvalue()
    tagged = tagged_as_overlay(plain)
    assert is_overlay(tagged) and not is_overlay(plain)
    assert len(tagged) == len(plain) + 12 + len(b"Software\0printkit scan overlay")
    with Image.open(io.BytesIO(tagged)) as img:
        img.load()  # its chunk's CRC checked by Pillow
        assert np.array_equal(np.asarray(img), rgb) and img.text == {"Software": "printkit scan overlay"}
    info = PngImagePlugin.PngInfo()
    info.add_text("Software", "some scanner")
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, format="PNG", pnginfo=info)
    assert not is_overlay(buf.getvalue())
    assert not is_overlay(b"\xff\xd8\xff\xe0 a JPEG") and not is_overlay(b"")
    with pytest.raises(ValueError, match="not a PNG"):
        tagged_as_overlay(b"\xff\xd8\xff\xe0 a JPEG")
