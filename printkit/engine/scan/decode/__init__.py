"""Stage 1, decode: a file's bytes to page images.

In: a path (PNG, JPEG, HEIC, PDF, TIFF, ...).  Out: :class:`~.images.PageImage` per page, RGB, its longest side
bounded (:func:`~.images.open_pages`).  A damaged file gives what could be decoded and what its decoder said.

:mod:`.speed` holds what this stage and the later ones use only to be fast or small: each module there computes
what a plain Pillow/NumPy/OpenCV call would, in less time or memory.
"""
