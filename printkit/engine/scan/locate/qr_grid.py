"""Reading a QR code too blurred for a QR reader, from its module grid.

A half sheet's 12 mm code in a phone photo has modules of two or three pixels, and the photo's blur
is about a module wide: a reader's own binariser then sees dark blobs where the modules run into
each other, and no reader finds its grid.  The sheet's markers, found before the code, tell where
every module is printed to a small fraction of one (the 16 marker corners place the sheet to about
0.02 mm; a module is 0.3 mm).  So each module is sampled where it is printed, and the blur undone by
a linear equaliser fitted on the code's own *known* modules (finder, separator, timing and alignment
patterns, the dark module, the printed quiet zone): a module's darkness is predicted from the samples
around it, which learns the photo's blur, light and a residual offset of the grid.  The modules are
then drawn crisp and handed to a QR reader, whose error correction does the rest.  A code blurred past
what the equaliser undoes is *deblurred*: the modules found that reproduce the photo best through a
blur model fitted on the equaliser's decisions.  Only the payload is trusted: a misread module grid
either decodes to the printed payload or does not decode.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from printkit.engine.scan.locate.thresholds import LOCATE

# The quiet zone, in modules, printkit draws inside a QR code's printed size (render/draw.py QR_BORDER).
BORDER = 2
VERSIONS = range(1, 11)  # printkit's payloads need version 5 or 6; later layouts may need a few more
SAMPLES = 4  # per module side
REACH = 2  # modules on each side whose samples predict a module
SHIFTS = tuple((dx, dy) for dx in (-0.4, -0.2, 0.0, 0.2, 0.4) for dy in (-0.4, -0.2, 0.0, 0.2, 0.4))
DEBLUR_STEPS = 150  # of the projected gradient
_ALIGNMENT = {2: (6, 18), 3: (6, 22), 4: (6, 26), 5: (6, 30), 6: (6, 34), 7: (6, 22, 38), 8: (6, 24, 42),
              9: (6, 26, 46), 10: (6, 28, 50)}  # ISO/IEC 18004, annex E

Decoder = Callable[[np.ndarray], tuple[str, np.ndarray] | None]


def _side(version: int) -> int:
    """Modules across a printed code of ``version``, its quiet zone included."""
    return 17 + 4 * version + 2 * BORDER


def known_modules(version: int) -> tuple[np.ndarray, np.ndarray]:
    """(mask, darkness) of the modules of a printed code of ``version`` whatever it says, its quiet
    zone included: (n + 2 BORDER)² each, darkness 1 for black."""
    n, side = 17 + 4 * version, _side(version)
    mask = np.zeros((side, side), bool)
    dark = np.zeros((side, side), np.float32)
    mask[:BORDER], mask[-BORDER:], mask[:, :BORDER], mask[:, -BORDER:] = True, True, True, True

    def put(r: int, c: int, value: bool) -> None:
        if 0 <= r < n and 0 <= c < n:
            mask[r + BORDER, c + BORDER] = True
            dark[r + BORDER, c + BORDER] = float(value)

    for r0, c0 in ((0, 0), (0, n - 7), (n - 7, 0)):  # finder patterns and their white separators
        for r in range(-1, 8):
            for c in range(-1, 8):
                ring = max(abs(r - 3), abs(c - 3))
                put(r0 + r, c0 + c, ring in (0, 1, 3))
    for i in range(8, n - 8):  # timing patterns
        put(6, i, i % 2 == 0)
        put(i, 6, i % 2 == 0)
    centres = _ALIGNMENT.get(version, ())
    for r in centres:
        for c in centres:
            if (r, c) in ((6, 6), (6, centres[-1]), (centres[-1], 6)):
                continue  # where a finder pattern is
            for dr in range(-2, 3):
                for dc in range(-2, 3):
                    put(r + dr, c + dc, max(abs(dr), abs(dc)) != 1)
    put(4 * version + 9, 8, True)  # the dark module
    return mask, dark


def _samples(gray: np.ndarray, to_image: np.ndarray, qr: tuple[float, float, float], version: int,
             shift: tuple[float, float]) -> np.ndarray:
    """The code and REACH modules round it sampled SAMPLES times per module side, normalised; the
    grid moved by ``shift`` modules."""
    qx, qy, qs = qr
    side = _side(version)
    u = qs / side  # mm per module
    s = u / SAMPLES
    out = (side + 2 * REACH) * SAMPLES
    # sample (i, j) is at mm (q + (j + 1/2) s - REACH u + shift u): the centre of its part of a module
    m = to_image @ np.array([[s, 0, qx + (shift[0] - REACH) * u + s / 2],
                             [0, s, qy + (shift[1] - REACH) * u + s / 2], [0, 0, 1]])
    img = cv2.warpPerspective(gray, m, (out, out), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderValue=255).astype(np.float32)
    return (img - img.mean()) / (img.std() + 1e-6)


def _features(samples: np.ndarray, side: int, fine: bool) -> np.ndarray:
    """Per module of the code (side² rows): the samples of the (2 REACH + 1)² modules around it, each
    module as the mean of its middle (coarse) or of its four quarters (fine), and a constant."""
    p = side + 2 * REACH
    k = SAMPLES
    if fine:
        q = samples.reshape(p, 2, k // 2, p, 2, k // 2).mean(axis=(2, 5))
        per_module = [q[:, a, :, b] for a in range(2) for b in range(2)]
    else:
        mid = samples.reshape(p, k, p, k)[:, k // 4:k - k // 4, :, k // 4:k - k // 4]
        per_module = [mid.mean(axis=(1, 3))]
    cols = [g[REACH + i:REACH + i + side, REACH + j:REACH + j + side]
            for g in per_module for i in range(-REACH, REACH + 1) for j in range(-REACH, REACH + 1)]
    cols.append(np.ones((side, side), np.float32))
    return np.stack(cols, axis=-1).reshape(side * side, -1)


def _equalise(x: np.ndarray, mask: np.ndarray, dark: np.ndarray, rounds: int) -> tuple[np.ndarray, float]:
    """Each module's predicted darkness from its features, fitted on the known modules, then
    ``rounds`` times again on every module as last decided (the unknown ones outnumber the known
    ones and carry the same blur); and the mean squared error on the known modules."""
    known = mask.reshape(-1)
    target = dark.reshape(-1)
    w, *_ = np.linalg.lstsq(x[known], target[known], rcond=None)
    pred = x @ w
    for _ in range(rounds):
        decided = np.where(known, target, (pred > 0.5).astype(np.float32))
        w, *_ = np.linalg.lstsq(x, decided, rcond=None)
        pred = x @ w
    return pred, float(np.mean((pred[known] - target[known]) ** 2))


def _by_module(samples: np.ndarray, side: int) -> np.ndarray:
    """The samples as (module row, module column, the SAMPLES² samples of that module), the REACH
    modules round the code included."""
    p, k = side + 2 * REACH, SAMPLES
    return samples.reshape(p, k, p, k).transpose(0, 2, 1, 3).reshape(p, p, k * k)


def _neighbours(modules: np.ndarray, side: int) -> np.ndarray:
    """Per module of the code (side² rows): the darkness of the (2 REACH + 1)² modules round it, and a
    constant: what the photo's samples of that module are a linear function of."""
    cols = [modules[REACH + i:REACH + i + side, REACH + j:REACH + j + side]
            for i in range(-REACH, REACH + 1) for j in range(-REACH, REACH + 1)]
    cols.append(np.ones((side, side), np.float32))
    return np.stack(cols, axis=-1).reshape(side * side, -1)


def _back(residual: np.ndarray, h: np.ndarray, side: int) -> np.ndarray:
    """Per module of the grid: the residual of every sample it reaches, weighted by how it reaches
    them (the model's transpose), so minus twice the squared error's gradient."""
    p = side + 2 * REACH
    out = np.zeros((p, p), np.float32)
    res = residual.reshape(side, side, -1)
    k = 0
    for i in range(-REACH, REACH + 1):
        for j in range(-REACH, REACH + 1):
            out[REACH + i:REACH + i + side, REACH + j:REACH + j + side] += res @ h[k]
            k += 1
    return out


def _deblurred(samples: np.ndarray, side: int, mask: np.ndarray, dark: np.ndarray, start: np.ndarray,
               steps: int = DEBLUR_STEPS) -> np.ndarray:
    """Each module's darkness as the one that explains the photo best: the photo's samples of a
    module are modelled as a linear function of the modules round it (the blur, fitted on the known
    modules and the equaliser's ``start`` decisions), and the darkness of every unknown module, each
    between 0 and 1, found by least squares on every sample at once (projected gradient, FISTA).

    The equaliser predicts each module from the samples alone and so must undo the blur; this model
    only has to reproduce it, and the bounds let a module be only black or white: on the half sheets'
    codes no reader could read, far fewer modules come out wrong this way."""
    p = side + 2 * REACH
    y = _by_module(samples, side)
    target = y[REACH:REACH + side, REACH:REACH + side].reshape(side * side, -1)
    free = np.ones((p, p), bool)
    free[REACH:REACH + side, REACH:REACH + side] = ~mask
    # Round the code's quiet zone (print beside it, or paper): dark where darker than the crop's mean.
    m = (y.mean(axis=2) < 0).astype(np.float32)
    m[REACH:REACH + side, REACH:REACH + side] = np.where(mask, dark, start.reshape(side, side) > 0.5)
    h, *_ = np.linalg.lstsq(_neighbours(m, side), target, rcond=None)
    # The step: one over a bound of the squared error's curvature (twice the model's squared norm).
    step = 1.0 / (2.0 * float(np.linalg.norm(h[:-1], axis=1).sum()) ** 2 + 1e-9)
    m[REACH:REACH + side, REACH:REACH + side] = np.where(mask, dark, np.clip(start.reshape(side, side), 0.0, 1.0))
    z, t = m.copy(), 1.0
    for _ in range(steps):
        grad = -2.0 * _back(target - _neighbours(z, side) @ h, h, side)
        nxt = np.where(free, np.clip(z - step * grad, 0.0, 1.0), m)
        t_next = (1.0 + np.sqrt(1.0 + 4.0 * t * t)) / 2.0
        z = np.where(free, nxt + ((t - 1.0) / t_next) * (nxt - m), nxt)
        m, t = nxt, t_next
    return m[REACH:REACH + side, REACH:REACH + side].reshape(-1)


def _crisp(pred: np.ndarray, side: int, px: int = 6) -> np.ndarray:
    """The decided modules drawn black on white, ``px`` pixels each, with a wider quiet zone."""
    img = np.where(pred.reshape(side, side) > 0.5, 0, 255).astype(np.uint8)
    img = np.pad(img, 2, constant_values=255)
    return cv2.resize(img, None, fx=px, fy=px, interpolation=cv2.INTER_NEAREST)


def read_grid(gray: np.ndarray, to_image: np.ndarray, qr: tuple[float, float, float], decode: Decoder,
              accept: Callable[[str, np.ndarray], bool] = lambda payload, corners: True
              ) -> tuple[str, np.ndarray] | None:
    """(payload, the code's corners in image pixels) of the QR code printed at ``qr`` (x, y, size in
    mm, its quiet zone included) of a sheet whose mm map to ``gray`` by ``to_image``, or None: the
    first reading ``accept`` takes.

    The version is the one whose known modules the equaliser fits best; the grid is moved by up to
    0.4 module each way to where it fits best; the three best places are decoded, with the coarse
    equaliser (25 samples) and then the fine one (100); then deblurred (:func:`_deblurred`) from the
    fine one's decisions."""
    fits = []
    for v in VERSIONS:
        side = _side(v)
        mask, dark = known_modules(v)
        _, err = _equalise(_features(_samples(gray, to_image, qr, v, (0.0, 0.0)), side, False), mask, dark, 0)
        fits.append((err, v))
    err, v = min(fits)
    if err > LOCATE.qr_no_code:
        return None
    side = _side(v)
    mask, dark = known_modules(v)
    placed = []
    for shift in SHIFTS:
        samples = _samples(gray, to_image, qr, v, shift)
        placed.append((_equalise(_features(samples, side, False), mask, dark, 0)[1], shift, samples))
    placed.sort(key=lambda p: p[0])
    qx, qy, qs = qr
    corners = cv2.perspectiveTransform(np.array([[[qx, qy], [qx + qs, qy], [qx + qs, qy + qs], [qx, qy + qs]]],
                                                np.float64), to_image)[0].astype(np.float32)
    starts = []
    for _, _, samples in placed[:3]:
        for fine in (False, True):
            pred, _ = _equalise(_features(samples, side, fine), mask, dark, 2)
            found = decode(_crisp(pred, side))
            if found is not None and accept(found[0], corners):
                return found[0], corners
            if fine:
                starts.append((samples, pred))
    # Blurred past what the equaliser undoes: the modules that explain the photo best (tenfold slower).
    for samples, pred in starts:
        found = decode(_crisp(_deblurred(samples, side, mask, dark, pred), side))
        if found is not None and accept(found[0], corners):
            return found[0], corners
    return None
