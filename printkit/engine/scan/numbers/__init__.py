"""Stage 5, read numbers: handwritten numbers in the number boxes.

In: grayscale crops of number boxes (:mod:`.crops` cuts them from the sheet) and the values each allows.
Out: :class:`.ranking.Reading` per box (:func:`.ranking.read_each`): the value, its calibrated confidence and
the ranked alternatives.  The steps: :mod:`.preprocess` -> :mod:`.cutting` -> :mod:`.network` -> :mod:`.ranking`,
then :mod:`.adaptation` (one writer's sure numbers help read the unsure).

Handwritten digits in one box of a score sheet, read with a small NumPy model.

Knows no game: the caller hands a grayscale crop of one box (any size, the printed outline may show at its
edges) and the values that may stand in it; the reader answers the most probable value, its probability and the
alternatives. An empty box reads as ``None``.

How a box is read:

1. The crop is scaled to a working height, paper and ink levels are measured, and the ink is normalised to 0..1.
2. Remnants of the printed box outline (long lines along the edges) and specks set apart from the writing are
   removed, then the writing is deslanted (shear from its second moments).
3. A small logistic model on a few ink measures gives the probability that the box holds writing at all.
4. The writing is read as one, two, ... digits: for k digits it is cut at gaps or at the thinnest columns, every
   part is scaled into a 20x20 image (with its size relative to the whole writing), and a small convolutional
   network classifies each image as 0-9 or "not one digit" (two digits, a scribble, a fragment). A cut falls
   at any blank or thin column, and the cuttings that cross the least ink are read. Where no cutting between
   columns reads the writing well, its separate pieces of ink are read too, each deslanted alone, and where it
   holds fewer pieces than digits (two digits touching), so are the parts of a few cuts of a piece along the
   ink. Writing whose whole the network surely takes for one digit is not cut where "no number" or an allowed
   digit scores enough that no reading as several digits could be listed or read
   (``NUMBERS.one_digit_below``, :mod:`.thresholds`).
5. A cut part's probabilities are weighed by whether its cuts run through blank columns (whole strokes) or
   through a stroke, which its image cannot show (Bayes' rule with counts from the trainer's boxes).
6. A value's score is the product of its parts' probabilities (times "not one digit" for the whole when it has two
   or more digits). Mass the caller's ``allowed`` values do not take (a 7 in a box that allows 1-6, garbage) stays
   with no value, so confidence never rises by renormalising onto allowed values.

The weights (``digits.npz`` in this folder) are made by ``scripts/train_digits.py``. Confidence is a calibrated
probability: a reading below ``NUMBERS.confident`` must be shown to a person.
"""
