"""bridgescore: scoring for contract-bridge events."""

import os as _os

# bridgescore does no linear algebra: keep numpy's OpenBLAS from starting a thread per core on import, which
# costs about 50 ms of every command-line run.  A setting of the user's own wins.
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
