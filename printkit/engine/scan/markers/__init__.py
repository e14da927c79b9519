"""Stage 2, find markers: the printed corner markers in a page's grayscale image.

In: a grayscale page (``np.ndarray``, uint8).  Out: :class:`~.find.MarkerSeen` candidates with their centres and
sizes (:func:`~.find.find_markers`), refined to sub-pixel corners (:func:`~.find.refined`).
"""
