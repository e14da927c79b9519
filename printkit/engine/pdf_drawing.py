"""What a PDF's drawing instructions come to unpacked, counted from its bytes before any PDF library parses
them: a few MB of packed operators can unpack to gigabytes, and pdfium parses a page's whole content stream
when the page is loaded.  ``printkit scan`` and ``printkit preflight`` refuse a file past their bound."""

from __future__ import annotations

import mmap
import re
import zlib

_STREAM = re.compile(rb"\bstream(?:\r\n|\n|\r)")
_OBJECT = re.compile(rb"\d+\s+\d+\s+obj\b")
_PICTURE = re.compile(rb"/Subtype\s*/Image\b|/(?:DCTDecode|JPXDecode|JBIG2Decode|CCITTFaxDecode)\b")
_READ_STEP = 1 << 16  # packed bytes fed to the inflater at a time


def drawing_bytes(pdf: bytes | mmap.mmap, most: int) -> int:
    """What the streams of ``pdf`` that are not pictures come to unpacked (FlateDecode; any other stream as
    stored), counted before pdfium parses the drawing operators they hold: a few MB of packed operators
    can unpack to gigabytes.  The count stops once past ``most``, so the work is bounded by it (and by the
    file's size), whatever the streams hold.  Pictures are left out: their pixels are bounded apart.  ``pdf``
    may be a file mapped into memory (a large file is not read whole)."""
    total = 0
    for found in _STREAM.finditer(pdf):
        lo = max(0, found.start() - 4096)  # the stream's dictionary: from its object's number on
        start = max((m.end() for m in _OBJECT.finditer(pdf, lo, found.start())), default=lo)
        dictionary = pdf[start:found.start()]
        if _PICTURE.search(dictionary):
            continue
        body = found.end()
        if b"/FlateDecode" not in dictionary:
            end = pdf.find(b"endstream", body)
            total += (len(pdf) if end < 0 else end) - body
        else:
            inflate = zlib.decompressobj()
            at = body
            try:
                while not inflate.eof and at < len(pdf) and total <= most:
                    total += len(inflate.decompress(pdf[at:at + _READ_STEP], most + 1 - total))
                    at += _READ_STEP
                    while inflate.unconsumed_tail and total <= most:
                        total += len(inflate.decompress(inflate.unconsumed_tail, most + 1 - total))
            except zlib.error:
                pass  # damaged, or encrypted (pdfium says so): counted as far as it unpacked
        if total > most:
            break
    return total
