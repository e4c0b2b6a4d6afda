"""bridgescore: scoring for contract-bridge events.

The Python API (:mod:`bridgescore.api`) is here: ``bridgescore.read``, ``bridgescore.score``, ``Scores`` … Its
names are imported when first used (PEP 562), so ``import bridgescore`` (every command-line run) stays cheap.
"""

from __future__ import annotations

import os as _os
from typing import TYPE_CHECKING, Any

# bridgescore does no linear algebra: keep numpy's OpenBLAS from starting a thread per core on import, which
# costs about 50 ms of every command-line run.  A setting of the user's own wins.
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from bridgescore.core.version import __version__

if TYPE_CHECKING:
    from bridgescore.api import (
        InputError,
        Lines,
        OptionError,
        PenaltyList,
        Scores,
        SessionsScores,
        Standings,
        read,
        read_penalties,
        read_sessions,
        resolve_options,
        score,
        score_sessions,
    )

__all__ = [
    "InputError",
    "Lines",
    "OptionError",
    "PenaltyList",
    "Scores",
    "SessionsScores",
    "Standings",
    "__version__",
    "read",
    "read_penalties",
    "read_sessions",
    "resolve_options",
    "score",
    "score_sessions",
]


#: The API's names, loaded on first use: everything exported but the version.
_API = frozenset(__all__) - {"__version__"}


def __getattr__(name: str) -> Any:
    """The API's names, imported on first use (PEP 562)."""
    if name in _API:
        from bridgescore import api

        return getattr(api, name)
    raise AttributeError(f"module 'bridgescore' has no attribute {name!r}")
