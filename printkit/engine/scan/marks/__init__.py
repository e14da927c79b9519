"""Stage 4, read marks: crosses and loops in the boxes of a rectified sheet.

In: the rectified RGB image, the boxes (:class:`printkit.engine.scan.boxes.BoxSpec`), the layout's printed-ink
reference.  Out: a :class:`printkit.engine.scan.boxes.BoxReading` per box (:mod:`.cross`, :mod:`.loops`), on the
darkness scale of :mod:`.paper`, with print taken out (:mod:`.printed`) and pen told from printed marks by colour
(:mod:`.colour`).  :func:`printkit.engine.scan.sheet_boxes.read_boxes` reads every box, numbers included.

Read what a pen did to each box of a rectified sheet.

Knows no game.  A box is read one of three ways (:class:`BoxSpec` ``read``):

* ``mark``: crossed (an X or a single slash) or not.  Printed ink (from the layout's reference
  image) is taken out first; a line cut in two by it is joined again, and a fine line is followed
  where it is faint (:func:`box_pen`).  Then only strokes count: ink that spans a good part of the
  box.  A stray dot (short, or round however thick the pen), a smudge lighter than pen ink, or a
  speck does not make a cross.
* ``loop``: a printed circle that is circled (a loop around it: ``earned``) and maybe crossed out
  (``used``); ink round the circle is measured by how much of the way round it goes, counting where
  the printed line is thicker than on the sheet's unwritten circles (a loop drawn along it).
* ``number``: handwriting, handed to the digit model as a grayscale crop (printed ink painted
  white); an empty box is recognised here without the model.

Every reading has a confidence (0..1) and the ranked alternatives, so a caller can list what was not
read with confidence instead of guessing.
"""
