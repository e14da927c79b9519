"""Telling a scanner's surplus restart intervals from a JPEG's own (printkit.engine.scan.decode.speed.jpeg)."""

from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from printkit.engine.scan.decode.speed.jpeg import cut_after_the_image, headers_for_the_pixels

from .jpeg_files import restart_markers, with_restarts, with_surplus_intervals


def _noise(h: int, w: int, channels: int = 3) -> np.ndarray:
    rng = np.random.default_rng(h * 1000 + w)
    shape = (h, w, channels) if channels > 1 else (h, w)
    return (rng.random(shape) * 90 + 80).astype(np.uint8)


# (height, width, channels, sampling, interval): the intervals and MCUs counted by hand below
CASES = [
    (400, 300, 3, cv2.IMWRITE_JPEG_SAMPLING_FACTOR_420, 4),  # 16 x 16 MCUs: 25 x 19 = 475 -> 119 intervals
    (401, 299, 3, cv2.IMWRITE_JPEG_SAMPLING_FACTOR_444, 3),  # 8 x 8: 51 x 38 = 1938 -> 646
    (403, 301, 3, cv2.IMWRITE_JPEG_SAMPLING_FACTOR_422, 5),  # 16 wide x 8 high: 51 x 19 = 969 -> 194
    (403, 301, 1, None, 7),  # grey, one block per MCU: 51 x 38 = 1938 -> 277
    (64, 64, 3, cv2.IMWRITE_JPEG_SAMPLING_FACTOR_420, 1),  # 4 x 4 = 16 MCUs, 16 intervals
]
INTERVALS = [119, 646, 194, 277, 16]


@pytest.mark.parametrize(("case", "intervals"), list(zip(CASES, INTERVALS, strict=True)))
def test_a_sound_file_has_no_surplus_and_a_padded_one_is_cut_back_to_it(case: tuple, intervals: int) -> None:
    h, w, channels, sampling, every = case
    sound = with_restarts(_noise(h, w, channels), every, sampling)
    assert len(restart_markers(sound)) == intervals - 1  # the hand count above is the encoder's
    assert cut_after_the_image(sound) is None
    assert cut_after_the_image(with_surplus_intervals(sound)) == sound
    assert cut_after_the_image(with_surplus_intervals(sound, surplus=1)) == sound
    garbage = b"\x12\x34" * 50
    assert cut_after_the_image(with_surplus_intervals(sound, garbage)) == sound[:-2] + garbage + b"\xff\xd9"


def test_fill_bytes_before_a_surplus_marker_go_with_it() -> None:
    sound = with_restarts(_noise(64, 64), 2)
    last = restart_markers(sound)[-1]
    padded = sound[:-2] + b"\xff\xff\xff\xd0" + sound[last + 2:]
    assert cut_after_the_image(padded) == sound


def test_files_it_does_not_follow_are_left_alone() -> None:
    img = Image.fromarray(_noise(120, 90))
    for kwargs in ({}, {"progressive": True}):  # no restart interval; a progressive file's scans
        buf = io.BytesIO()
        img.save(buf, "JPEG", **kwargs)
        assert cut_after_the_image(buf.getvalue()) is None
    sound = with_restarts(_noise(64, 64), 2)
    assert cut_after_the_image(b"\x89PNG\r\n\x1a\n" + sound) is None
    assert cut_after_the_image(b"") is None
    # a height left to a later DNL marker (zero in the frame): not followed
    sof = sound.index(b"\xff\xc0")
    no_height = sound[:sof + 5] + b"\x00\x00" + sound[sof + 7:]
    assert cut_after_the_image(with_surplus_intervals(no_height)) is None


@settings(max_examples=300, deadline=None)
@given(cut=st.integers(0, 700), flips=st.lists(st.tuples(st.integers(0, 699), st.integers(1, 255)), max_size=4))
def test_damaged_headers_never_raise(cut: int, flips: list[tuple[int, int]]) -> None:
    data = bytearray(with_surplus_intervals(with_restarts(_noise(64, 64), 2)))
    for at, x in flips:
        data[at] ^= x
    result = cut_after_the_image(bytes(data[:cut]) + bytes(data[700:]))
    assert result is None or result.endswith(b"\xff\xd9")


def test_a_hostile_file_is_done_with_at_once() -> None:
    """Megabytes of fill bytes, or of empty segments, before any frame: a bounded walk (a Python loop over
    the bytes would take minutes here)."""
    assert cut_after_the_image(b"\xff\xd8" + b"\xff" * 50_000_000 + b"\xd9") is None
    assert cut_after_the_image(b"\xff\xd8" + b"\xff\xfe\x00\x02" * 5_000_000) is None


def test_long_runs_of_ff_bytes_are_walked_in_linear_time() -> None:
    """A run of 0xFF bytes that no marker ends, in the headers or in the pixels' data: a regular expression
    that retried the run from each of its bytes took 95 s for 100 kB (this test would run for hours)."""
    sound = with_restarts(_noise(64, 64), 2)
    first_restart = restart_markers(sound)[0]
    assert cut_after_the_image(sound[:first_restart] + b"\xff" * 400_000) is None  # the pixels' data, then fill
    assert cut_after_the_image(with_surplus_intervals(sound)[:-2] + b"\xff" * 400_000 + b"\x00") == sound
    headers_only = b"\xff\xd8" + (b"\xff" * 400_000 + b"\x00") * 3  # runs that end in no marker
    assert cut_after_the_image(headers_only) is None and headers_for_the_pixels(headers_only) is None


def _jpeg(img: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(img).save(buf, "JPEG", quality=90)
    return buf.getvalue()


def _segments(data: bytes) -> list[bytes]:
    """The marker of each segment before the first scan, walked by hand from the segment lengths."""
    out, pos = [], 2
    while data[pos + 1] != 0xDA:
        out.append(data[pos:pos + 2])
        pos += 2 + int.from_bytes(data[pos + 2:pos + 4], "big")
    return out


def test_only_what_decoding_reads_is_kept_before_the_scan() -> None:
    sound = _jpeg(_noise(40, 60))
    assert headers_for_the_pixels(sound) is None  # Pillow's JFIF header is already the plain one
    exif = Image.Exif()
    exif[0x0112] = 6
    buf = io.BytesIO()
    Image.fromarray(_noise(40, 60)).save(buf, "JPEG", quality=90, exif=exif.tobytes(), comment=b"hello")
    with_more = buf.getvalue()
    assert b"\xff\xe1" in _segments(with_more) and b"\xff\xfe" in _segments(with_more)
    cleaned = headers_for_the_pixels(with_more)
    assert cleaned is not None
    assert _segments(cleaned) == [s for s in _segments(with_more) if s not in (b"\xff\xe1", b"\xff\xfe")]
    scan = with_more.index(b"\xff\xda")
    assert cleaned.endswith(with_more[scan:])  # the scan and all after it as it was


def test_a_jfif_header_of_another_version_becomes_the_plain_one() -> None:
    sound = _jpeg(_noise(40, 60))
    odd = bytearray(sound)
    at = odd.index(b"JFIF\x00") + 5
    odd[at:at + 2] = b"\x02\x01"  # version 2.01: libjpeg-turbo warns of it
    assert headers_for_the_pixels(bytes(odd)) == sound


def test_stray_bytes_between_segments_are_left_out() -> None:
    sound = _jpeg(_noise(40, 60))
    dqt = sound.index(b"\xff\xdb")
    for stray in (b"\x12\x34\x56", b"\x00\xff\x00\x07"):  # a stuffed-looking 0xFF 0x00 is no marker either
        assert headers_for_the_pixels(sound[:dqt] + stray + sound[dqt:]) == sound
