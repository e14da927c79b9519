"""Speed only: PNG and JPEG decoding shortcuts, many small images warped as one mosaic, quantiles by counting,
and giving freed memory back to the next image.  Each does what a plain library call would, faster or smaller;
none changes what is read."""
