"""Keep the memory an image was read in for the next one (``printkit scan`` and its ``--jobs`` workers).

Reading a sheet makes a few dozen large arrays (the decoded page, its grey copy, the rectified sheet, its
darkness map).  glibc's allocator gives each block above its threshold (a 12-megapixel photo is above the
largest) straight from the kernel and hands it back when freed, and returns the free top of its heap as well,
so every image pays for mapping its memory afresh: a page fault per memory page the first time each array is
written, which on a busy machine is a large part of the time of a photo.  Telling the allocator to keep what
it was given spares those faults; the peak memory stays that of the largest image, which it already was.
"""

from __future__ import annotations

import ctypes
import sys

M_TRIM_THRESHOLD = -1  # glibc's mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
KEEP = 1 << 30  # bytes: above any block or free heap top a sheet makes
GLIBC_MMAP_MAX = 32 << 20  # what glibc before 2.35 accepts as the mmap threshold on 64-bit machines


def keep_freed_memory() -> bool:
    """Ask the C allocator to keep freed memory for reuse; True when it agreed (glibc), False where
    there is no such setting (macOS, Windows, musl), which only costs time."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    if not mallopt(M_TRIM_THRESHOLD, KEEP):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, KEEP) or mallopt(M_MMAP_THRESHOLD, GLIBC_MMAP_MAX))
