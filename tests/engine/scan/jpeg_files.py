"""JPEG files with restart markers, and with the surplus restart intervals some scanners write after the
picture, for the tests of how damage is told from padding (test_images, test_jpeg, test_scan)."""

from __future__ import annotations

import cv2
import numpy as np


def with_restarts(img: np.ndarray, interval: int = 4, sampling: int | None = None) -> bytes:
    """``img`` (RGB, or grey) as a JPEG of quality 90 with a restart marker every ``interval`` units, by OpenCV
    (libjpeg-turbo); ``sampling``: one of OpenCV's ``IMWRITE_JPEG_SAMPLING_FACTOR_*``."""
    params = [cv2.IMWRITE_JPEG_QUALITY, 90, cv2.IMWRITE_JPEG_RST_INTERVAL, interval]
    if sampling is not None:
        params += [cv2.IMWRITE_JPEG_SAMPLING_FACTOR, sampling]
    ok, buf = cv2.imencode(".jpg", img[..., ::-1] if img.ndim == 3 else img, params)
    assert ok
    return buf.tobytes()


def restart_markers(data: bytes) -> list[int]:
    """Where each restart marker is: in a file libjpeg-turbo wrote, 0xFF is followed by 0xD0-0xD7 nowhere else."""
    return [i for i in range(len(data) - 1) if data[i] == 0xFF and 0xD0 <= data[i + 1] <= 0xD7]


def with_surplus_intervals(data: bytes, garbage: bytes = b"", surplus: int = 3) -> bytes:
    """``data`` (a JPEG with restart markers) as some scanners write it: after its picture's last restart
    interval, ``garbage``, then ``surplus`` more intervals (copies of the last one, each after the restart
    marker that would come next) before the end-of-image marker."""
    last = restart_markers(data)[-1]
    interval = data[last + 2:-2]
    n = data[last + 1] - 0xD0
    more = b"".join(bytes([0xFF, 0xD0 + (n + k) % 8]) + interval for k in range(1, surplus + 1))
    return data[:-2] + garbage + more + data[-2:]
