"""Test-session settings shared by every test module."""

import os

# One BLAS thread per process, as `printkit scan` sets for itself before NumPy loads: the scanner's small
# least-squares and matrix products only lose time to BLAS threads, and the suite already runs one worker
# per core (a blurred QR code's deblurring took 6 s instead of 0.7 s on a busy machine without this).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
