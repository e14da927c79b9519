"""Simulated captures of a printed page for the scanner's test set: flatbed scans and phone photos.

``scan``: 200-300 dpi, a slight skew, sometimes fed upside down or sideways, scanner blur and
noise, PNG or JPEG.  ``photo``: the page lying on a table, seen in perspective at any rotation,
uneven light, a shadow across it, out-of-focus blur, sensor noise and JPEG compression.
"""

from __future__ import annotations

import io
import math
import random

import cv2
import numpy as np
from PIL import Image


def _jpeg(img: np.ndarray, quality: int) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(img).save(buf, format="JPEG", quality=quality)
    return buf.getvalue()


def _png(img: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(img).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def scan(page: np.ndarray, page_dpi: float, rng: random.Random, dpi: float | None = None) -> tuple[bytes, str]:
    """(file bytes, suffix) of ``page`` (RGB, rendered at ``page_dpi``) as a flatbed scan."""
    dpi = dpi or rng.choice([200, 240, 300])
    f = dpi / page_dpi
    img = cv2.resize(page, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    turn = rng.choice([0, 0, 0, 1, 2, 3])
    img = np.ascontiguousarray(np.rot90(img, turn))
    h, w = img.shape[:2]
    angle = rng.uniform(-1.5, 1.5)
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    img = cv2.warpAffine(img, m, (w, h), flags=cv2.INTER_LINEAR, borderValue=(250, 250, 250))
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 0.8))
    noise = np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(1, 4), img.shape)
    img = np.clip(img.astype(np.float32) * rng.uniform(0.93, 1.0) + noise, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        return _jpeg(img, rng.randint(75, 95)), ".jpg"
    return _png(img), ".png"


def _table(w: int, h: int, rng: random.Random) -> np.ndarray:
    """A table top: a wood-like or plain coloured surface with grain and noise."""
    gen = np.random.default_rng(rng.randrange(1 << 30))
    base = np.array(rng.choice([(120, 80, 50), (160, 120, 80), (90, 90, 95), (60, 45, 35), (185, 175, 160),
                                (40, 60, 90)]), np.float32)
    grain = cv2.resize(gen.normal(0, 1, (max(2, h // 40), 8)).astype(np.float32), (w, h),
                       interpolation=cv2.INTER_CUBIC)
    fine = gen.normal(0, 6, (h, w)).astype(np.float32)
    img = base[None, None, :] * (1 + 0.12 * grain[..., None]) + fine[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def photo(page: np.ndarray, rng: random.Random, size: tuple[int, int] = (4000, 3000), fill: float | None = None
          ) -> tuple[bytes, str]:
    """(JPEG bytes, suffix) of ``page`` photographed lying on a table; ``size`` is the photo (w, h)."""
    W, H = size
    if rng.random() < 0.5:
        W, H = H, W
    ph, pw = page.shape[:2]
    fill = fill or rng.uniform(0.62, 0.9)
    s = fill * max(min(W / pw, H / ph), min(W / ph, H / pw))  # shrunk below if the turned page does not fit
    # The page's corners on the photo: scaled, rotated by any angle (upside down too), then each
    # corner moved a little for perspective.
    angle = rng.choice([0, 90, 180, 270]) + rng.uniform(-12, 12)
    a = math.radians(angle)
    hw, hh = pw * s / 2, ph * s / 2
    corners = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]
    rot = [(x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)) for x, y in corners]
    xs, ys = [p[0] for p in rot], [p[1] for p in rot]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    shrink = min(1.0, 0.94 * W / span_x, 0.94 * H / span_y)
    rot = [(x * shrink, y * shrink) for x, y in rot]
    cx = W / 2 + rng.uniform(-1, 1) * max(0.0, (W - span_x * shrink) / 2 - 10)
    cy = H / 2 + rng.uniform(-1, 1) * max(0.0, (H - span_y * shrink) / 2 - 10)
    k = 0.12 * min(hw, hh) * shrink  # perspective: a photo taken a little from the side
    tilt = (rng.uniform(-1, 1), rng.uniform(-1, 1))
    dst = []
    for i, (x, y) in enumerate(rot):
        sx, sy = (-1 if i in (0, 3) else 1), (-1 if i in (0, 1) else 1)
        jx, jy = rng.gauss(0, k * 0.2), rng.gauss(0, k * 0.2)
        dst.append((cx + x + k * tilt[0] * sy + jx, cy + y + k * tilt[1] * sx + jy))
    # Keep the whole page in the frame (a photo with a corner cut off is another test: half a sheet).
    xs_, ys_ = [p[0] for p in dst], [p[1] for p in dst]
    fit = min(1.0, *(((W / 2 - 0.03 * W) / max(1e-6, abs(x - W / 2))) for x in xs_),
              *(((H / 2 - 0.03 * H) / max(1e-6, abs(y - H / 2))) for y in ys_))
    dst = [(W / 2 + (x - W / 2) * fit, H / 2 + (y - H / 2) * fit) for x, y in dst]
    src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
    m = cv2.getPerspectiveTransform(src, np.array(dst, np.float32))
    img = _table(W, H, rng)
    # Paper is slightly warm or cool under room light.
    tint = np.array([rng.uniform(0.9, 1.0), rng.uniform(0.9, 1.0), rng.uniform(0.85, 1.0)], np.float32)
    warped = cv2.warpPerspective((page.astype(np.float32) * tint).astype(np.uint8), m, (W, H),
                                 flags=cv2.INTER_AREA if s < 0.7 else cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.full((ph, pw), 255, np.uint8), m, (W, H), flags=cv2.INTER_NEAREST)
    img[mask > 0] = warped[mask > 0]
    f = img.astype(np.float32)
    # Light falls off across the frame.
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    g = rng.uniform(0, 2 * math.pi)
    ramp = ((xx / W - 0.5) * math.cos(g) + (yy / H - 0.5) * math.sin(g))
    f *= (rng.uniform(0.75, 0.95) + rng.uniform(0.1, 0.35) * ramp)[..., None]
    # A soft shadow (a hand or the phone) across part of the frame.
    if rng.random() < 0.6:
        sh = np.zeros((H, W), np.float32)
        p0 = (rng.uniform(0, W), rng.uniform(0, H))
        poly = np.array([[p0[0] + rng.uniform(-0.5, 0.5) * W, p0[1] + rng.uniform(-0.5, 0.5) * H] for _ in range(4)],
                        np.int32)
        cv2.fillConvexPoly(sh, cv2.convexHull(poly), 1.0)
        sh = cv2.GaussianBlur(sh, (0, 0), W * 0.02)
        f *= (1 - rng.uniform(0.2, 0.45) * sh)[..., None]
    img = np.clip(f, 0, 255).astype(np.uint8)
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.6, 1.8))
    noise = np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(2, 6), img.shape)
    img = np.clip(img.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    return _jpeg(img, rng.randint(60, 92)), ".jpg"
