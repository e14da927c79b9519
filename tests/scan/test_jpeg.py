"""Telling a scanner's surplus restart intervals from a JPEG's own (printkit.engine.scan.jpeg)."""

from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from printkit.engine.scan.jpeg import cut_after_the_image


def _noise(h: int, w: int, channels: int = 3) -> np.ndarray:
    rng = np.random.default_rng(h * 1000 + w)
    shape = (h, w, channels) if channels > 1 else (h, w)
    return (rng.random(shape) * 90 + 80).astype(np.uint8)


def _with_restarts(img: np.ndarray, interval: int, sampling: int | None = None) -> bytes:
    params = [cv2.IMWRITE_JPEG_QUALITY, 90, cv2.IMWRITE_JPEG_RST_INTERVAL, interval]
    if sampling is not None:
        params += [cv2.IMWRITE_JPEG_SAMPLING_FACTOR, sampling]
    ok, buf = cv2.imencode(".jpg", img, params)
    assert ok
    return buf.tobytes()


def _restart_markers(data: bytes) -> list[int]:
    """Where each restart marker is: in a file libjpeg-turbo wrote, 0xFF is followed by 0xD0-0xD7 nowhere else."""
    return [i for i in range(len(data) - 1) if data[i] == 0xFF and 0xD0 <= data[i + 1] <= 0xD7]


def _padded(data: bytes, garbage: bytes = b"", surplus: int = 3) -> bytes:
    last = _restart_markers(data)[-1]
    interval = data[last + 2:-2]
    n = data[last + 1] - 0xD0
    more = b"".join(bytes([0xFF, 0xD0 + (n + k) % 8]) + interval for k in range(1, surplus + 1))
    return data[:-2] + garbage + more + b"\xff\xd9"


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
    sound = _with_restarts(_noise(h, w, channels), every, sampling)
    assert len(_restart_markers(sound)) == intervals - 1  # the hand count above is the encoder's
    assert cut_after_the_image(sound) is None
    assert cut_after_the_image(_padded(sound)) == sound
    assert cut_after_the_image(_padded(sound, surplus=1)) == sound
    garbage = b"\x12\x34" * 50
    assert cut_after_the_image(_padded(sound, garbage)) == sound[:-2] + garbage + b"\xff\xd9"


def test_fill_bytes_before_a_surplus_marker_go_with_it() -> None:
    sound = _with_restarts(_noise(64, 64), 2)
    last = _restart_markers(sound)[-1]
    padded = sound[:-2] + b"\xff\xff\xff\xd0" + sound[last + 2:]
    assert cut_after_the_image(padded) == sound


def test_files_it_does_not_follow_are_left_alone() -> None:
    img = Image.fromarray(_noise(120, 90))
    for kwargs in ({}, {"progressive": True}):  # no restart interval; a progressive file's scans
        buf = io.BytesIO()
        img.save(buf, "JPEG", **kwargs)
        assert cut_after_the_image(buf.getvalue()) is None
    sound = _with_restarts(_noise(64, 64), 2)
    assert cut_after_the_image(b"\x89PNG\r\n\x1a\n" + sound) is None
    assert cut_after_the_image(b"") is None
    # a height left to a later DNL marker (zero in the frame): not followed
    sof = sound.index(b"\xff\xc0")
    no_height = sound[:sof + 5] + b"\x00\x00" + sound[sof + 7:]
    assert cut_after_the_image(_padded(no_height)) is None


@settings(max_examples=300, deadline=None)
@given(cut=st.integers(0, 700), flips=st.lists(st.tuples(st.integers(0, 699), st.integers(1, 255)), max_size=4))
def test_damaged_headers_never_raise(cut: int, flips: list[tuple[int, int]]) -> None:
    data = bytearray(_padded(_with_restarts(_noise(64, 64), 2)))
    for at, x in flips:
        data[at] ^= x
    result = cut_after_the_image(bytes(data[:cut]) + bytes(data[700:]))
    assert result is None or result.endswith(b"\xff\xd9")


def test_a_hostile_file_is_done_with_at_once() -> None:
    """Megabytes of fill bytes, or of empty segments, before any frame: a bounded walk (a Python loop over
    the bytes would take minutes here)."""
    assert cut_after_the_image(b"\xff\xd8" + b"\xff" * 50_000_000 + b"\xd9") is None
    assert cut_after_the_image(b"\xff\xd8" + b"\xff\xfe\x00\x02" * 5_000_000) is None
