"""``printkit scan`` keeps the memory one image was read in for the next (engine/scan/decode/speed/memory.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

# In a fresh process, so the allocator setting does not carry over to the other tests: a photo-sized
# array (36 MB) made, freed and made again is mapped by the kernel page by page each time unless the
# allocator keeps it.
PROBE = """
import resource, sys
import numpy as np
from printkit.engine.scan.decode.speed.memory import keep_freed_memory
agreed = keep_freed_memory() if sys.argv[1] == "keep" else None
faults = []
for _ in range(3):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    a = np.ones((3000, 4000, 3), np.uint8)
    del a
    faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
print(agreed, faults[-1])
"""


def _probe(mode: str) -> tuple[str, int]:
    out = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True, check=True)
    agreed, faults = out.stdout.split()
    return agreed, int(faults)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator setting")
def test_a_photo_sized_array_made_again_reuses_the_memory_of_the_last() -> None:
    agreed, kept = _probe("keep")
    if agreed != "True":
        pytest.skip("this C library has no such setting")
    _, fresh = _probe("plain")
    # mapped anew each time without the setting (hundreds of faults, however large the kernel's pages),
    # not at all with it
    assert kept < 100 < fresh
