"""Reading photographed and scanned sheets, for any game: a package per stage of the pipeline.

1. :mod:`.decode`: a file to page images (the speed-only decoders behind it, in :mod:`.decode.speed`)
2. :mod:`.markers`: the printed corner markers on a page
3. :mod:`.locate`: markers grouped into sheets, each sheet's QR code read and the sheet rectified
4. :mod:`.marks`: crosses and loops in the boxes
5. :mod:`.numbers`: handwritten numbers in the number boxes

:mod:`.reader` runs them over a file (:func:`~.reader.iter_file`), :mod:`.sheet_boxes` reads every box of one
rectified sheet, and :mod:`.boxes` holds the types the box stages share.  A game gives the rest: which layout a
QR code names, what each box means, and what the readings make (transcribing and deciding with its rules).
Each stage keeps its tuned numbers in one frozen record (``thresholds.py``).
"""
