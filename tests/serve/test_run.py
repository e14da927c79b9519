"""Starting printkit serve: the QR code printed for phones opens the address, and the address told."""

from __future__ import annotations

import numpy as np
import pytest

from printkit.serve.run import address, qr_text

TOP = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}  # a character: (upper half block lit, lower)


def _pixels(text: str) -> np.ndarray:
    """The terminal's picture of ``text``: a lit half block is light, as on a dark terminal."""
    rows = []
    for line in text.splitlines():
        rows.append([TOP[c][0] for c in line])
        rows.append([TOP[c][1] for c in line])
    light = np.array(rows, dtype=np.uint8) * 255
    return np.kron(light, np.ones((8, 8), dtype=np.uint8))  # 8 pixels a module, as a camera sees it


def test_the_qr_code_in_the_terminal_reads_back_as_the_address() -> None:
    zxingcpp = pytest.importorskip("zxingcpp")
    url = address("0.0.0.0", 8765, "192.168.1.20")
    assert url == "http://192.168.1.20:8765/"
    found = zxingcpp.read_barcodes(_pixels(qr_text(url)))
    assert [r.text for r in found] == ["http://192.168.1.20:8765/"]


def test_the_address_told_is_the_one_a_browser_opens() -> None:
    assert address("127.0.0.1", 8765, None) == "http://127.0.0.1:8765/"
    assert address("::1", 9000, None) == "http://[::1]:9000/"
    assert address("0.0.0.0", 8765, None) == "http://127.0.0.1:8765/"  # no network: this machine
