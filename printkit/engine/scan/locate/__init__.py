"""Stage 3, locate and rectify: markers grouped into sheets, each sheet's QR code read, the sheet warped flat.

In: a page image and its markers, a resolver from the QR text to a :class:`~.sheets.SheetGeometry`.
Out: :class:`~.sheets.LocatedSheet` per sheet (:func:`~.sheets.locate_sheets`) and its rectified image at
:data:`~.sheets.PX_PER_MM` (:func:`~.sheets.rectify`).  :mod:`.qr_grid` reads a QR code the usual decoders miss.
"""
