"""Loading scanner and phone files: every format and orientation gives the pixels Pillow would, upright.

PNGs and JPEGs are decoded on a fast path (libspng; simplejpeg, else OpenCV); these tests hold it to what
Pillow's own decoding plus ``exif_transpose`` gives, pixel for pixel for a PNG and to within the fast JPEG
decoding's level or so for a JPEG, and check what still goes through Pillow.
"""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest
import simplejpeg
from PIL import Image, ImageOps

from printkit.engine.scan.decode.images import load_pages, open_pages
from printkit.engine.scan.decode.thresholds import DECODE
from printkit.engine.scan.errors import ScanError

from .jpeg_files import restart_markers, with_restarts, with_surplus_intervals

ORIENTATION = 0x0112


def _picture(h: int = 90, w: int = 140) -> np.ndarray:
    """An image that no turn or flip maps onto itself: a gradient plus a block near one corner."""
    y, x = np.mgrid[0:h, 0:w]
    img = np.stack([(x * 255 // w), (y * 255 // h), ((x + 2 * y) % 256)], axis=-1).astype(np.uint8)
    img[5:25, 8:30] = (250, 20, 20)
    return img


def _pillow_upright(data: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(data)) as img:
        return np.asarray(ImageOps.exif_transpose(img).convert("RGB"))


def _like(pixels: np.ndarray, expected: np.ndarray, exact: bool) -> bool:
    """The same picture, the same way up: ``exact``ly (a PNG, or a file Pillow decodes), else within the fast
    JPEG decoding's levels (about one on average: a picture turned or flipped the wrong way differs by dozens)."""
    if pixels.shape != expected.shape:
        return False
    if exact:
        return bool(np.array_equal(pixels, expected))
    return bool(np.abs(pixels.astype(int) - expected).mean() < 2.0)


def _encoded(img: np.ndarray, fmt: str, orientation: int | None = None, **kw: object) -> bytes:
    pil = Image.fromarray(img)
    if orientation is not None:
        exif = Image.Exif()
        exif[ORIENTATION] = orientation
        kw["exif"] = exif.tobytes()
    buf = io.BytesIO()
    pil.save(buf, format=fmt, **kw)
    return buf.getvalue()


def _load(tmp_path: Path, data: bytes, suffix: str) -> list[np.ndarray]:
    p = tmp_path / f"in{suffix}"
    p.write_bytes(data)
    return [pg.pixels for pg in load_pages(p)]


@pytest.mark.parametrize("orientation", range(1, 9))
@pytest.mark.parametrize("fmt", ["JPEG", "PNG"])
def test_every_exif_orientation_comes_out_upright_as_pillow_turns_it(tmp_path: Path, fmt: str,
                                                                    orientation: int) -> None:
    data = _encoded(_picture(), fmt, orientation, **({"quality": 95} if fmt == "JPEG" else {}))
    (pixels,) = _load(tmp_path, data, ".jpg" if fmt == "JPEG" else ".png")
    expected = _pillow_upright(data)
    assert pixels.shape == expected.shape
    assert pixels.dtype == np.uint8 and pixels.flags.c_contiguous
    assert _like(pixels, expected, exact=fmt == "PNG")
    # a sideways flag (5 to 8) swaps width and height
    assert pixels.shape[:2] == ((140, 90) if orientation >= 5 else (90, 140))


@pytest.mark.parametrize("orientation", [1, 3, 6, 8])
def test_a_heic_photo_comes_out_upright(tmp_path: Path, orientation: int) -> None:
    """Phones save HEIC with the turn in the file (libheif applies it, and pillow-heif then reports EXIF
    orientation 1): turned once, not twice."""
    import pillow_heif

    pillow_heif.register_heif_opener()
    big = cv2.resize(_picture(), (560, 360), interpolation=cv2.INTER_NEAREST)  # HEVC codes 8 x 8 blocks at least
    data = _encoded(big, "HEIF", orientation, quality=95, enc_params={"preset": "ultrafast"})
    (pixels,) = _load(tmp_path, data, ".HEIC")
    turns = {1: 0, 3: 2, 6: -1, 8: 1}[orientation]  # 6: the camera was turned a quarter clockwise
    upright = np.ascontiguousarray(np.rot90(big, turns))
    assert pixels.shape == upright.shape and np.abs(pixels.astype(int) - upright).mean() < 4


def _with_exif_after_pixels(png: bytes, orientation: int) -> bytes:
    """The PNG with an eXIf chunk placed after its pixel data (allowed, and what some tools write)."""
    exif = Image.Exif()
    exif[ORIENTATION] = orientation
    body = exif.tobytes()[6:]  # drop the "Exif\0\0" header JPEG uses; PNG's chunk holds the TIFF data
    chunk = struct.pack(">I", len(body)) + b"eXIf" + body + struct.pack(">I", zlib.crc32(b"eXIf" + body))
    iend = png.rindex(b"IEND") - 4
    return png[:iend] + chunk + png[iend:]


def test_a_png_orientation_written_after_the_pixels_still_counts(tmp_path: Path) -> None:
    data = _with_exif_after_pixels(_encoded(_picture(), "PNG"), 6)
    (pixels,) = _load(tmp_path, data, ".png")
    assert np.array_equal(pixels, np.rot90(_picture(), -1))  # 6: the camera was turned a quarter clockwise


@pytest.mark.parametrize("mode", ["L", "P", "RGBA", "LA", "1"])
def test_grey_palette_and_alpha_pngs_read_as_pillow_reads_them(tmp_path: Path, mode: str) -> None:
    buf = io.BytesIO()
    Image.fromarray(_picture()).convert(mode).save(buf, format="PNG")
    data = buf.getvalue()
    (pixels,) = _load(tmp_path, data, ".png")
    assert np.array_equal(pixels, _pillow_upright(data))


def test_grey_and_cmyk_jpegs_read_as_pillow_reads_them(tmp_path: Path) -> None:
    for mode in ("L", "CMYK"):
        buf = io.BytesIO()
        Image.fromarray(_picture()).convert(mode).save(buf, format="JPEG", quality=95)
        (pixels,) = _load(tmp_path, buf.getvalue(), ".jpg")
        assert _like(pixels, _pillow_upright(buf.getvalue()), exact=mode == "CMYK"), mode  # CMYK: by Pillow


def test_tiff_pages_are_each_read(tmp_path: Path) -> None:
    a, b = _picture(), np.ascontiguousarray(_picture()[::-1])
    buf = io.BytesIO()
    Image.fromarray(a).save(buf, format="TIFF", save_all=True, append_images=[Image.fromarray(b)],
                            compression="tiff_lzw")
    pages = load_pages(_write(tmp_path / "stack.tif", buf.getvalue()))
    assert [pg.page for pg in pages] == [1, 2]
    assert np.array_equal(pages[0].pixels, a) and np.array_equal(pages[1].pixels, b)
    buf = io.BytesIO()
    Image.fromarray(a).save(buf, format="TIFF")
    (single,) = load_pages(_write(tmp_path / "one.tif", buf.getvalue()))
    assert single.page is None and np.array_equal(single.pixels, a)


def _write(p: Path, data: bytes) -> Path:
    p.write_bytes(data)
    return p


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
def test_a_page_larger_than_needed_is_scaled_to_the_bound(tmp_path: Path, fmt: str) -> None:
    big = np.full((DECODE.max_side + 1200, 3000, 3), 230, np.uint8)
    big[:, :1500] = 40
    (pixels,) = _load(tmp_path, _encoded(big, fmt), ".png" if fmt == "PNG" else ".jpg")
    assert pixels.shape == (DECODE.max_side, round(3000 * DECODE.max_side / (DECODE.max_side + 1200)), 3)
    assert abs(int(pixels[100, 100, 0]) - 40) <= 3 and abs(int(pixels[100, -100, 0]) - 230) <= 3


@pytest.mark.parametrize("orientation", [1, 6])
def test_a_jpeg_twice_an_a4_scan_is_decoded_at_half_size(tmp_path: Path, orientation: int) -> None:
    # 7100 pixels long: twice a 300-dpi A4 page's 3508 and more, so the decoder halves it (a 48-megapixel
    # photo or a 600-dpi scan), within DECODE.max_side already; turned by its EXIF flag as any other
    big = np.full((1000, 7100, 3), 230, np.uint8)
    big[:, :3000] = 40
    big[200:400, 5000:6000] = (200, 30, 30)
    (pixels,) = _load(tmp_path, _encoded(big, "JPEG", orientation, quality=95), ".jpg")
    upright = pixels if orientation == 1 else np.rot90(pixels)  # undo the quarter turn clockwise
    assert upright.shape == (500, 3550, 3)
    assert np.abs(upright[250, 700].astype(int) - 40).max() <= 4
    assert np.abs(upright[250, 2000].astype(int) - 230).max() <= 4
    assert np.abs(upright[150, 2750].astype(int) - (200, 30, 30)).max() <= 8


def test_a_small_image_keeps_its_size(tmp_path: Path) -> None:
    (pixels,) = _load(tmp_path, _encoded(_picture(12, 20), "PNG"), ".png")
    assert pixels.shape == (12, 20, 3)


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
def test_a_truncated_file_is_refused_as_damaged(tmp_path: Path, fmt: str) -> None:
    data = _encoded(_picture(400, 300), fmt)
    with pytest.raises(ScanError, match="damaged or truncated") as refused:
        _load(tmp_path, data[: len(data) // 2], ".png" if fmt == "PNG" else ".jpg")
    assert "bytes not processed" not in str(refused.value)  # Pillow's count of its buffer, not of what is missing
    if fmt == "JPEG":
        assert str(refused.value).endswith(": the image is damaged or truncated: the file ends before its picture "
                                           "does (copied or saved only in part?)")


def _damaged_jpeg(img: np.ndarray) -> bytes:
    """A complete JPEG of ``img`` with a marker no JPEG has (0xFF46) written into the middle of its
    compressed pixels: libjpeg-turbo decodes past it, and says what it found."""
    data = bytearray(_encoded(img, "JPEG", quality=90))
    data[len(data) // 2:len(data) // 2 + 2] = b"\xff\x46"
    return bytes(data)


def test_a_damaged_jpeg_is_decoded_as_far_as_it_can_be_and_the_damage_named(tmp_path: Path,
                                                                            capfd: pytest.CaptureFixture) -> None:
    p = tmp_path / "damaged.jpg"
    p.write_bytes(_damaged_jpeg(_picture(400, 300)))
    (page,) = load_pages(p)
    assert page.pixels.shape == (400, 300, 3)
    assert page.damage == "Unsupported marker type 0x46"
    # the top of the picture, before the damage, is the picture
    assert np.abs(page.pixels[:100].astype(int) - _picture(400, 300)[:100]).mean() < 3
    assert "Corrupt JPEG" not in capfd.readouterr().err  # no decoder's warning on the terminal
    intact = tmp_path / "intact.jpg"
    intact.write_bytes(_encoded(_picture(400, 300), "JPEG", quality=90))
    assert load_pages(intact)[0].damage is None


def test_zero_bytes_before_a_jpegs_end_marker_are_no_damage_other_bytes_are(tmp_path: Path) -> None:
    """Some writers pad the end of the file with zeros: libjpeg-turbo complains of extraneous bytes before the
    end marker, after every pixel was decoded, so the picture is sound. Other stray bytes there are what a
    decoder that lost its place in damaged data leaves: the picture's own."""
    data = _encoded(_picture(400, 300), "JPEG", quality=90)
    assert data.endswith(b"\xff\xd9")
    (page,) = load_pages(_write(tmp_path / "padded.jpg", data[:-2] + b"\x00" * 6 + data[-2:]))
    assert page.damage is None
    np.testing.assert_array_equal(page.pixels, _load(tmp_path, data, ".jpg")[0])
    (page,) = load_pages(_write(tmp_path / "stray.jpg", data[:-2] + b"\x12\x34\x56\x78\x9a\xbc" + data[-2:]))
    assert page.damage is not None and page.damage.endswith("extraneous bytes before marker 0xd9")


@pytest.mark.parametrize("ending", [b"\x00" * 6 + b"\xff\xff", b"\x12\x34\x56\x78\x9a\xbc\xff\xff"])
def test_stray_bytes_are_padding_only_all_zero_whatever_fill_follows(tmp_path: Path, ending: bytes) -> None:
    data = _encoded(_picture(400, 300), "JPEG", quality=90)
    (page,) = load_pages(_write(tmp_path / "end.jpg", data[:-2] + ending + data[-2:]))
    assert (page.damage is None) == (ending[0] == 0), page.damage


def _complaint(data: bytes) -> str | None:
    """libjpeg-turbo's first complaint about a JPEG, decoding it strictly; None where it has none."""
    try:
        simplejpeg.decode_jpeg(data, "RGB", strict=True)
    except ValueError as exc:
        return str(exc)
    return None


def test_a_decoder_that_reads_on_into_zero_padding_is_damage(tmp_path: Path) -> None:
    """Damage that makes the decoder read past the picture's real end: without padding it runs into the end
    marker ("premature end of data segment"); with zeros after the picture it reads them as data and leaves
    some over, "extraneous bytes before marker 0xd9", all zero. A second fresh-eyes review found such files
    called sound; the file without its padding must decode without a complaint."""
    sound = _encoded(_picture(400, 300), "JPEG", quality=90)
    told = 0
    for at in range(len(sound) // 2, len(sound) - 100, 97):
        damaged = sound[:at] + bytes([sound[at] ^ 0x01]) + sound[at + 1:]
        padded = damaged[:-2] + b"\x00" * 512 + damaged[-2:]
        if "premature end" not in (_complaint(damaged) or "") or "before marker 0xd9" not in (_complaint(padded) or ""):
            continue  # not the case (damage the decoder does not notice among them)
        (page,) = load_pages(_write(tmp_path / "padded.jpg", padded))
        assert page.damage is not None, at
        told += 1
    assert told >= 3  # the case did come up


@pytest.mark.parametrize("appended", [False, True])
def test_a_decoder_that_lost_its_place_near_the_end_is_damage(tmp_path: Path, appended: bool) -> None:
    """Damage in the last rows of a JPEG without restart markers: where libjpeg-turbo's one complaint is of
    stray bytes before the end marker, they are the picture's data it did not reach, not padding. So too
    when a second JPEG follows the first (an MPO file, an appended preview) padded with zeros: the end
    marker is the first picture's own."""
    sound = _encoded(_picture(400, 300), "JPEG", quality=90)
    preview = _encoded(_picture(40, 30), "JPEG", quality=90)
    after = preview[:-2] + b"\x00" * 64 + preview[-2:] if appended else b""
    named = 0
    for at in range(len(sound) - 400, len(sound) - 40, 9):
        damaged = sound[:at] + b"\x00\x00\x00" + sound[at + 3:]
        if "before marker 0xd9" not in (_complaint(damaged) or ""):
            continue  # not the case (damage the decoder does not notice among them)
        (page,) = load_pages(_write(tmp_path / "damaged.jpg", damaged + after))
        assert page.damage is not None and "extraneous bytes before marker 0xd9" in page.damage, at
        named += 1
    assert named >= 3  # the case this test is about did come up


@pytest.mark.parametrize("trailer", [b"\xff", b"\xff" * 64, b"MORE DATA\x00\x01"])
def test_bytes_after_the_end_marker_change_nothing_sound_or_damaged(tmp_path: Path, trailer: bytes) -> None:
    """Bytes after a JPEG's end marker are no part of its picture: a sound file reads as without them, and
    damage is named as without them (a third fresh-eyes review found such files decoded by Pillow, which
    names no damage)."""
    sound = _encoded(_picture(400, 300), "JPEG", quality=90)
    (page,) = load_pages(_write(tmp_path / "sound.jpg", sound + trailer))
    assert page.damage is None
    np.testing.assert_array_equal(page.pixels, _load(tmp_path, sound, ".jpg")[0])
    damaged = _damaged_jpeg(_picture(400, 300))
    (page,) = load_pages(_write(tmp_path / "damaged.jpg", damaged + trailer))
    assert page.damage == "Unsupported marker type 0x46"


def test_surplus_restart_intervals_after_the_picture_are_no_damage(tmp_path: Path,
                                                                   capfd: pytest.CaptureFixture) -> None:
    """Some scanners (a Brother DSmobile 920DW, image-rs/jpeg-decoder#100) write restart intervals past the
    picture's last one; libjpeg-turbo reads every pixel, then complains of "extraneous bytes before marker
    0xd?". The picture is sound: no damage, and the pixels of the file without them."""
    sound = with_restarts(_picture(400, 300))
    (page,) = load_pages(_write(tmp_path / "scanner.jpg", with_surplus_intervals(sound)))
    assert page.damage is None
    np.testing.assert_array_equal(page.pixels, _load(tmp_path, sound, ".jpg")[0])
    assert "Corrupt JPEG" not in capfd.readouterr().err


@pytest.mark.parametrize("stray", [b"\x00" * 600, b"\x12\x34" * 300])
def test_stray_bytes_before_the_surplus_intervals_are_damage(tmp_path: Path, stray: bytes) -> None:
    """Bytes between the picture's last interval and the first surplus one are what a decoder that lost its
    place in that interval would leave too (a fresh-eyes review found such damage called sound): damage."""
    sound = with_restarts(_picture(400, 300))
    (page,) = load_pages(_write(tmp_path / "scanner.jpg", with_surplus_intervals(sound, stray)))
    assert page.damage is not None and "extraneous bytes before marker 0xd" in page.damage


def test_surplus_intervals_hide_no_damage_the_file_without_them_shows(tmp_path: Path) -> None:
    """Damage written into the picture's last restart interval, where a decoder that loses its place reads on
    into what follows: whatever the file without surplus intervals is found to be, the file with them is too."""
    sound = with_restarts(np.ascontiguousarray(cv2.resize(_picture(), (222, 91))))
    last = restart_markers(sound)[-1]
    rng = np.random.default_rng(11)
    told = 0
    for at in range(last + 2, len(sound) - 12, 3):
        damaged = sound[:at] + rng.integers(0, 256, 8, dtype=np.uint8).tobytes().replace(b"\xff", b"\xfe") \
            + sound[at + 8:]
        (alone,) = load_pages(_write(tmp_path / "alone.jpg", damaged))
        (padded,) = load_pages(_write(tmp_path / "padded.jpg", with_surplus_intervals(damaged)))
        assert alone.damage is None or padded.damage is not None, at
        told += alone.damage is not None
    assert told >= 3  # damage that can be told came up


def test_damage_inside_the_picture_is_named_though_surplus_intervals_follow_it(tmp_path: Path) -> None:
    data = bytearray(with_surplus_intervals(with_restarts(_picture(400, 300))))
    middle = len(data) // 3  # inside the picture's own intervals: the surplus is the last quarter or so
    data[middle:middle + 20] = bytes(b ^ 0x5A for b in data[middle:middle + 20])
    p = tmp_path / "damaged.jpg"
    p.write_bytes(bytes(data))
    (page,) = load_pages(p)
    assert page.damage is not None and page.damage.startswith("Corrupt JPEG data")


def _with_header_quirk(data: bytes, quirk: str) -> bytes:
    """``data`` (a JPEG) with something libjpeg-turbo warns of while reading its headers, and simplejpeg gives
    up on: a JFIF header of version 2.01 (some old writers), or stray bytes before its quantisation tables."""
    if quirk == "jfif 2.01":
        at = data.index(b"JFIF\x00") + 5
        return data[:at] + b"\x02\x01" + data[at + 2:]
    dqt = data.index(b"\xff\xdb")
    return data[:dqt] + b"\x12\x34\x56" + data[dqt:]


@pytest.mark.parametrize("quirk", ["jfif 2.01", "stray bytes"])
def test_a_jpeg_whose_headers_draw_a_warning_is_decoded_quietly_and_its_damage_still_named(
        tmp_path: Path, quirk: str, capfd: pytest.CaptureFixture) -> None:
    sound = _encoded(_picture(400, 300), "JPEG", quality=90)
    (page,) = load_pages(_write(tmp_path / "quirk.jpg", _with_header_quirk(sound, quirk)))
    assert page.damage is None
    np.testing.assert_array_equal(page.pixels, _load(tmp_path, sound, ".jpg")[0])
    damaged = bytearray(_with_header_quirk(sound, quirk))
    damaged[len(damaged) // 2:len(damaged) // 2 + 2] = b"\xff\x46"
    (page,) = load_pages(_write(tmp_path / "quirk-damaged.jpg", bytes(damaged)))
    assert page.damage == "Unsupported marker type 0x46"
    err = capfd.readouterr().err
    assert "Warning" not in err and "Corrupt JPEG" not in err  # OpenCV decoded these, with libjpeg-turbo's words


def _stray_before_tables(data: bytes) -> bytes:
    dqt = data.index(b"\xff\xdb")
    return data[:dqt] + b"\x12\x34\x56" + data[dqt:]


def test_a_cleaned_copy_keeps_the_colour_transform_and_the_restart_interval(tmp_path: Path) -> None:
    """What decoding reads in the headers stays in the copy decoded past a header warning: Adobe's colour
    transform (an RGB-coded file whose component ids say nothing), the restart interval (a file with restart
    markers), and no JFIF header where a short APP0 that only starts like one was (libjpeg-turbo takes no
    colours from it): each comes out as its own sound file does."""
    picture = _picture(400, 300)
    buf = io.BytesIO()
    Image.fromarray(picture).save(buf, "JPEG", quality=92, keep_rgb=True)  # RGB, Adobe transform 0, ids R, G, B
    rgb = buf.getvalue()
    ids_123 = bytearray(rgb)  # the components renamed 1, 2, 3 in the frame and the scan: only Adobe's says RGB
    sof, sos = rgb.index(b"\xff\xc0"), rgb.index(b"\xff\xda")
    for k in range(3):
        ids_123[sof + 10 + 3 * k] = ids_123[sos + 5 + 2 * k] = k + 1
    ids_123 = bytes(ids_123)
    short_jfif = rgb[:2] + b"\xff\xe0\x00\x09JFIF\x00\x01\x01" + rgb[2:]
    cases = {"adobe": ids_123, "short jfif": short_jfif, "restarts": with_restarts(picture)}
    for name, sound in cases.items():
        (expected,) = _load(tmp_path, sound, ".jpg")
        assert np.abs(expected.astype(int) - picture).mean() < 3, name  # the sound file is the picture
        (page,) = load_pages(_write(tmp_path / f"{name}.jpg", _stray_before_tables(sound)))
        assert page.damage is None, name
        assert np.abs(page.pixels.astype(int) - expected).mean() < 0.5, name


def _big_jpeg() -> bytes:
    """A JPEG of twice a 300-dpi A4 page's long side and more (so it is decoded at half size), with odd
    sides (each halved and rounded up) and noise (so the DCT has work)."""
    rng = np.random.default_rng(7)
    y, x = np.mgrid[0:1801, 0:7103]
    img = np.stack([x * 255 // 7103, y * 255 // 1801, (x + 2 * y) % 256], axis=-1).astype(np.uint8)
    img = np.clip(img.astype(int) + rng.integers(-20, 21, img.shape), 0, 255).astype(np.uint8)
    return _encoded(img, "JPEG", quality=92)


def test_a_jpeg_decoded_at_half_size_is_opencvs_reduced_decoding_to_the_pixel(tmp_path: Path) -> None:
    data = _big_jpeg()
    (pixels,) = _load(tmp_path, data, ".jpg")
    opencv = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_REDUCED_COLOR_2 | cv2.IMREAD_IGNORE_ORIENTATION)
    assert pixels.shape == (901, 3552, 3) and np.array_equal(pixels, opencv[..., ::-1])


def test_a_damaged_jpeg_decoded_at_half_size_names_its_damage_too(tmp_path: Path,
                                                                   capfd: pytest.CaptureFixture) -> None:
    damaged = bytearray(_big_jpeg())
    damaged[len(damaged) // 2:len(damaged) // 2 + 2] = b"\xff\x46"
    p = tmp_path / "big.jpg"
    p.write_bytes(bytes(damaged))
    (page,) = load_pages(p)
    assert page.pixels.shape == (901, 3552, 3) and page.damage == "Unsupported marker type 0x46"
    assert "Corrupt JPEG" not in capfd.readouterr().err


def _scanner_pdf(path: Path, pages: list[np.ndarray], dpi: float) -> Path:
    """A PDF as a sheet-feeder scanner writes it: one JPEG per page, filling the page."""
    first, *rest = (Image.fromarray(p) for p in pages)
    first.save(path, save_all=True, append_images=rest, resolution=dpi, quality=92)
    return path


def _page_jpegs(path: Path) -> list[np.ndarray]:
    """Each page's JPEG as stored in the file (taken out by pikepdf, decoded by libjpeg-turbo's fast decoding, as
    printkit asks simplejpeg for it)."""
    import pikepdf

    simplejpeg = pytest.importorskip("simplejpeg")  # in the scan extra where it has a wheel

    with pikepdf.open(path) as pdf:
        out = []
        for page in pdf.pages:
            found = page.get_images() if hasattr(page, "get_images") else page.images  # pikepdf < 10.1
            (image,) = found.values()
            assert image.Filter == "/DCTDecode"
            out.append(simplejpeg.decode_jpeg(image.read_raw_bytes(), "RGB", fastdct=True, fastupsample=True))
        return out


def test_a_scanned_pdf_page_is_read_from_its_own_jpeg(tmp_path: Path) -> None:
    a, b = _picture(330, 240), np.ascontiguousarray(_picture(330, 240)[::-1, ::-1])
    pdf = _scanner_pdf(tmp_path / "scan.pdf", [a, b], 300)
    pages = load_pages(pdf)
    assert [pg.page for pg in pages] == [1, 2]
    for got, stored in zip(pages, _page_jpegs(pdf), strict=True):
        assert np.array_equal(got.pixels, stored)  # not resampled by rendering


@pytest.mark.parametrize("dpi", [300, 600])
def test_a_scanned_pdf_page_asked_with_a_fourth_channel_holds_the_same_rgb(tmp_path: Path, dpi: int) -> None:
    # the reader asks for it: the page is decoded straight into four channels (simplejpeg, or OpenCV for a
    # 600-dpi page decoded at half size), never held in RGB and RGBA at once
    pdf = _scanner_pdf(tmp_path / "scan.pdf", [_picture(660, 480)], dpi)
    (rgb,) = load_pages(pdf)
    four = next(open_pages(pdf, four=True)[1]).pixels
    assert four.shape == (*rgb.pixels.shape[:2], 4)
    assert np.array_equal(four[..., :3], rgb.pixels)


def test_a_stack_of_scanned_pages_is_decoded_a_page_at_a_time(tmp_path: Path) -> None:
    import tracemalloc

    one_page = 1400 * 1000 * 3
    pdf = _scanner_pdf(tmp_path / "stack.pdf", [np.full((1400, 1000, 3), 25 * k, np.uint8) for k in range(10)], 300)
    count, pages = open_pages(pdf)
    assert count == 10
    tracemalloc.start()
    try:
        levels = [round(float(pg.pixels.mean())) for pg in pages]  # each page let go before the next
        one_at_a_time = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        everything = load_pages(pdf)
        all_at_once = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert all(abs(level - 25 * k) <= 1 for k, level in enumerate(levels)) and len(everything) == 10
    # a page, the next one being decoded and its colour conversion: never the whole stack
    assert one_at_a_time < 4 * one_page and 10 * one_page <= all_at_once


def test_a_600_dpi_scanned_pdf_is_read_at_300_dpi(tmp_path: Path) -> None:
    pdf = _scanner_pdf(tmp_path / "fine.pdf", [_picture(800, 600)], 600)
    (page,) = load_pages(pdf)
    assert page.pixels.shape == (400, 300, 3)
    stored = _page_jpegs(pdf)[0].astype(np.float32)
    halved = stored.reshape(400, 2, 300, 2, 3).mean(axis=(1, 3))
    assert np.abs(page.pixels - halved).mean() < 3


def test_a_turned_pdf_page_is_rendered_the_way_it_is_shown(tmp_path: Path) -> None:
    import pikepdf

    pdf = _scanner_pdf(tmp_path / "turned.pdf", [_picture(330, 240)], 300)
    with pikepdf.open(pdf, allow_overwriting_input=True) as doc:
        doc.pages[0].Rotate = 90
        doc.save(pdf)
    (page,) = load_pages(pdf)
    assert page.pixels.shape[:2] == (240, 330)  # shown turned a quarter clockwise
    upright = np.rot90(_picture(330, 240), -1).astype(int)
    assert np.abs(page.pixels.astype(int) - upright).mean() < 8


def test_without_libspng_pngs_are_decoded_by_pillow_to_the_same_pixels(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    data = _with_exif_after_pixels(_encoded(_picture(), "PNG"), 8)
    (fast,) = _load(tmp_path, data, ".png")
    monkeypatch.setitem(sys.modules, "pyspng", None)  # as on a platform without its wheel
    (slow,) = _load(tmp_path, data, ".png")
    assert np.array_equal(fast, slow)
    assert np.array_equal(slow, np.rot90(_picture(), 1))  # 8: turned a quarter anticlockwise


@pytest.mark.parametrize("options", [{}, {"progressive": True}, {"subsampling": 0}, {"mode": "L"}],
                         ids=["baseline", "progressive", "4:4:4", "grey"])
def test_jpegs_decode_to_nearly_the_same_pixels_with_and_without_simplejpeg(tmp_path: Path, options: dict,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # simplejpeg decodes fast (integer IDCT, plain chroma upsampling); OpenCV, where it is missing, accurately.
    import sys

    import simplejpeg

    mode = options.pop("mode", "RGB")
    buf = io.BytesIO()
    Image.fromarray(_picture(301, 407)).convert(mode).save(buf, format="JPEG", quality=85, exif=_exif_bytes(6),
                                                            **options)
    data = buf.getvalue()
    used = []
    real = simplejpeg.decode_jpeg
    monkeypatch.setattr(simplejpeg, "decode_jpeg", lambda *a, **k: used.append(k) or real(*a, **k))
    (fast,) = _load(tmp_path, data, ".jpg")
    assert len(used) == 1 and used[0]["fastdct"] and used[0]["fastupsample"]  # libjpeg-turbo, fast, decoded it
    monkeypatch.setitem(sys.modules, "simplejpeg", None)  # as on a platform without its wheel: OpenCV decodes
    (slow,) = _load(tmp_path, data, ".jpg")
    four = next(open_pages(tmp_path / "in.jpg", four=True)[1]).pixels  # OpenCV adds the reader's fourth channel
    assert np.array_equal(slow, _pillow_upright(data))  # OpenCV decodes accurately, as Pillow does
    assert four.shape[2] == 4 and np.array_equal(four[..., :3], slow)
    assert fast.shape == slow.shape == (407, 301, 3)  # 6: turned a quarter clockwise
    diff = np.abs(fast.astype(int) - slow)
    assert 0 < diff.mean() < 2.0  # the fast decoding is not the accurate one, but within a level or two
    if options.get("subsampling") == 0 or mode == "L":  # no chroma to upsample: only the IDCT differs
        assert diff.max() <= 6
    else:  # colour stored at half resolution: plain upsampling differs across colour edges only
        assert np.percentile(diff, 99) <= 12


def test_a_jpeg_with_corrupt_data_is_left_to_opencv_as_before(tmp_path: Path) -> None:
    data = bytearray(_encoded(_picture(200, 300), "JPEG", quality=90))
    data[len(data) // 2: len(data) // 2 + 40] = b"\x00" * 40  # damaged scan data, the file still complete
    (pixels,) = _load(tmp_path, bytes(data), ".jpg")
    assert pixels.shape == (200, 300, 3)
    assert np.abs(pixels.astype(int) - _picture(200, 300)).mean() < 40  # most of it is still the picture


@pytest.mark.parametrize(("fmt", "mode"), [("JPEG", "RGB"), ("JPEG", "L"), ("PNG", "RGB"), ("PNG", "RGBA"),
                                           ("PNG", "P"), ("TIFF", "RGB")])
def test_pages_asked_with_a_fourth_channel_hold_the_same_rgb(tmp_path: Path, fmt: str, mode: str) -> None:
    # The reader asks for four channels (it warps in four); what it reads must be the RGB everyone else gets.
    from printkit.engine.scan.decode.images import as_gray, as_rgba

    img = Image.fromarray(_picture()).convert(mode)
    if mode == "RGBA":
        img.putalpha(Image.fromarray((np.arange(90 * 140) % 256).reshape(90, 140).astype(np.uint8)))
    p = tmp_path / f"in.{fmt.lower()}"
    img.save(p, format=fmt, **({"exif": _exif_bytes(6)} if fmt == "JPEG" else {}))
    (rgb,) = load_pages(p)
    four = next(open_pages(p, four=True)[1]).pixels
    assert rgb.pixels.shape[2] == 3
    assert np.array_equal(four[..., :3], rgb.pixels)
    assert np.array_equal(as_gray(four), as_gray(rgb.pixels))
    assert np.array_equal(as_rgba(four)[..., :3], as_rgba(rgb.pixels)[..., :3])
    # libjpeg-turbo adds the channel as it decodes; libspng would take longer than rectify adding it
    assert four.shape[2] == (4 if fmt == "JPEG" else 3)


def _exif_bytes(orientation: int) -> bytes:
    exif = Image.Exif()
    exif[ORIENTATION] = orientation
    return exif.tobytes()


@pytest.mark.parametrize("kept", [0.3, 0.6, 0.9])
def test_a_truncated_multi_page_tiff_is_refused_as_damaged_without_pillows_warnings(tmp_path: Path, kept: float
                                                                                      ) -> None:
    import warnings

    rng = np.random.default_rng(1)
    frames = [Image.fromarray(rng.integers(0, 255, (600, 400, 3), dtype=np.uint8)) for _ in range(2)]
    buf = io.BytesIO()
    frames[0].save(buf, format="TIFF", save_all=True, append_images=frames[1:])
    cut = tmp_path / "cut.tiff"
    cut.write_bytes(buf.getvalue()[:int(len(buf.getvalue()) * kept)])
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        # cut in its page directory, Pillow raised TypeError ("Missing dimensions"): an internal error
        with pytest.raises(ScanError, match=f"^{cut}: the image is damaged or truncated: "):
            load_pages(cut)
    assert said == []
