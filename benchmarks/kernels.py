"""Kernel benchmarks of the pairs scoring methods, in-process: ``python -m benchmarks.kernels [--quick]``.

1. One board with 100,000 results, each method's per-board kernel (``score_board``).
2. An event of 1,000,000 results (100 boards × 10,000 tables, a Mitchell of 10,000 + 10,000 pairs), the
   whole way: building the event, ``score_event``, standings and the director's checks, for every method.

Times are wall-clock seconds on this machine; nothing is asserted (benchmarks are never unit tests).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import TypeVar

import numpy as np

from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.pairs.checks import run_checks
from bridgescore.pairs.methods.base import ScoringMethod
from bridgescore.pairs.methods.bastille import Bastille
from bridgescore.pairs.methods.butler import Butler
from bridgescore.pairs.methods.crossimps import CrossImps, CrossImpsForm
from bridgescore.pairs.methods.matchpoints import Matchpoints
from bridgescore.pairs.scored import ScoringOptions, score_event
from bridgescore.pairs.standings import compute_standings

T = TypeVar("T")

METHODS: list[tuple[str, ScoringMethod]] = [
    ("matchpoints", Matchpoints()),
    ("butler", Butler()),
    ("bastille", Bastille()),
    ("cross-imps average", CrossImps()),
    ("cross-imps total", CrossImps(CrossImpsForm.TOTAL)),
]

# typical scores of a board: part scores, games, slams, penalties (NS view)
_SCORES = np.array([-1430, -800, -650, -620, -500, -420, -200, -140, -110, -100, -50, 0, 50, 90, 100, 110, 140,
                    170, 200, 300, 400, 420, 450, 500, 620, 650, 800, 980, 1430], dtype=np.float64)  # fmt: skip


def _timed(label: str, fn: Callable[[], T]) -> T:
    start = time.perf_counter()
    value = fn()
    print(f"  {label:<38} {time.perf_counter() - start:8.3f} s", flush=True)
    return value


def one_board(results: int, rng: np.random.Generator) -> None:
    print(f"One board, {results:,} results (per-board kernel):")
    scores = rng.choice(_SCORES, size=results)
    for name, method in METHODS:
        _timed(name, lambda m=method: m.score_board(scores, results))  # type: ignore[misc]


def build_event(boards: int, tables: int, rng: np.random.Generator) -> Event:
    scores = rng.choice(_SCORES, size=(boards, tables)).astype(int).tolist()
    ns = [str(t + 1) for t in range(tables)]
    ew = [str(tables + t + 1) for t in range(tables)]
    played = ResultStatus.PLAYED
    return Event(tuple(
        Result(board + 1, ns[t], ew[(t + board) % tables], played, ns_score=row[t])
        for board, row in enumerate(scores) for t in range(tables)
    ))  # fmt: skip


def whole_event(boards: int, tables: int, rng: np.random.Generator) -> None:
    print(f"Event of {boards * tables:,} results ({boards} boards × {tables:,} tables), whole pipeline:")
    event = _timed("build the Event (1 Result per line)", lambda: build_event(boards, tables, rng))
    for name, method in METHODS:
        start = time.perf_counter()
        scored = score_event(event, ScoringOptions(method=method))
        scoring = time.perf_counter() - start
        standings = compute_standings(scored)
        ranking = time.perf_counter() - start - scoring
        checks = run_checks(scored)
        checking = time.perf_counter() - start - scoring - ranking
        assert all(c.ok for c in checks) and standings
        print(
            f"  {name:<20} score {scoring:6.2f} s   standings {ranking:5.2f} s   checks {checking:5.2f} s   "
            f"total {scoring + ranking + checking:6.2f} s",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.kernels", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the sizes, for a smoke run")
    args = parser.parse_args()
    rng = np.random.default_rng(2026)
    scale = 10 if args.quick else 1
    one_board(100_000 // scale, rng)
    whole_event(100, 10_000 // scale, rng)


if __name__ == "__main__":
    main()
