"""Geometry in millimetres: pieces made of elements, and where pieces go on paper. No I/O."""
