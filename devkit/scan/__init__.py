"""Simulated input for the reader: a page degraded as a flatbed scan or a phone photo (:mod:`.capture`), and
simulated handwriting, crosses and loops by simulated writers (:mod:`.handwriting`).  Knows no game."""
