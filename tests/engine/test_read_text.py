"""read_text gives what a "utf-8-sig" text-mode read gives: byte-order mark dropped, line ends as "\\n",
and a bad byte named at the offset Python's own decoder names."""

from __future__ import annotations

import codecs

import pytest

from printkit.engine.errors import InputError
from printkit.engine.source import read_text

CASES = [b"game: gsc\nplayers: 2\n", codecs.BOM_UTF8 + b"game: gsc\n", b"a: 1\r\nb: 2\r\n", b"a: 1\rb: 2\r",
         b"a: 1\r\n\rb\n\r\n", "名前: 絕頂聰明\n".encode(), b"", codecs.BOM_UTF8]


@pytest.mark.parametrize("data", CASES)
def test_same_text_as_a_utf8_sig_text_read(tmp_path, data: bytes) -> None:
    p = tmp_path / "f.yaml"
    p.write_bytes(data)
    assert read_text(p) == p.read_text(encoding="utf-8-sig")


@pytest.mark.parametrize("data", [b"abc\xffdef", codecs.BOM_UTF8 + b"abc\xffdef", b"ok\r\n\xc3"])
def test_a_bad_byte_is_named_where_pythons_decoder_names_it(tmp_path, data: bytes) -> None:
    p = tmp_path / "f.yaml"
    p.write_bytes(data)
    with pytest.raises(UnicodeDecodeError) as expected:
        p.read_text(encoding="utf-8-sig")
    with pytest.raises(InputError) as got:
        read_text(p)
    assert str(got.value) == f"{p}: not UTF-8 text (byte {expected.value.start})"


def test_a_file_whose_size_says_nothing_is_read_to_its_end(tmp_path) -> None:
    """Files are read in one call of their size; a pipe (size 0) and a file larger than one read are read on."""
    import os
    import threading

    fifo = tmp_path / "sheet.yaml"
    os.mkfifo(fifo)
    text = "game: gsc\nplayers: 2\n" * 5000  # more than a pipe holds at once: the reader must loop
    writer = threading.Thread(target=fifo.write_text, args=(text,), kwargs={"encoding": "utf-8"})
    writer.start()
    try:
        assert read_text(fifo) == text
    finally:
        writer.join()
    big = tmp_path / "big.yaml"
    big.write_bytes(b"x" * (3 << 16) + b"\n")
    assert read_text(big) == "x" * (3 << 16) + "\n"


def test_a_folder_is_refused_with_the_systems_words(tmp_path) -> None:
    with pytest.raises(InputError) as got:
        read_text(tmp_path)
    assert "cannot read file: Is a directory" in str(got.value)
