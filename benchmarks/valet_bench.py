"""Benchmark of the Valet score: ``.venv/bin/python -m benchmarks.valet_bench [--runs N] [--input DIR]``.

Runs ``bridgescore valet`` as a whole process (process start, reading, scoring and writing the csv
included) on ``shared/reference/valet/bench-all`` (16,928 hands, 386,970 results, 3,919 pairs) in the four
modes the reference program was timed in, and prints the median wall time, the median processor time (user +
system: less disturbed than the wall time by other jobs on the machine) and the peak memory next to the
reference's figures (2-core machine, idle, median of 3), with the load average before and after.  Nothing is
asserted: benchmarks are not unit tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks._process import bridgescore_command, environment, run

BENCH = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "valet" / "bench-all"

#: mode: (bridgescore options, reference program's options, reference wall seconds)
MODES: dict[str, tuple[list[str], str, float]] = {
    "IAF cloud": ([], "-v imps", 2.40),
    "IAF no-cloud": (["--no-cloud"], "-v imps -x", 1.04),
    "datum no-cloud": (["--scoring", "datum", "--no-cloud"], "-v datum -x", 0.89),
    "matchpoints cloud": (["--scoring", "matchpoints"], "-v matchpoints", 2.42),
}
REFERENCE_MB = 100


@dataclass(frozen=True)
class ModeResult:
    """One mode measured: the median wall seconds and the peak memory of its runs, the reference's time."""

    mode: str
    seconds: float
    peak_mb: float
    reference_seconds: float
    reference_options: str
    failed: str | None = None


def run_modes(directory: Path, runs: int, env: dict[str, str] | None = None) -> list[ModeResult]:
    """``bridgescore valet DIRECTORY -f valet-csv`` in each mode of :data:`MODES`, ``runs`` times each, as whole
    processes of this checkout's source (output to the screen, captured: as the reference was timed)."""
    base = [*bridgescore_command(), "valet", str(directory), "--format", "valet-csv"]
    measured: list[ModeResult] = []
    for mode, (options, reference_options, reference_wall) in MODES.items():
        done = [run([*base, *options], env=env or environment()) for _ in range(runs)]
        failed = next((f"exit {r.status}: {r.stderr.strip()[-200:]}" for r in done if r.status != 0), None)
        measured.append(
            ModeResult(
                mode,
                statistics.median(r.seconds for r in done),
                max(r.peak_mb for r in done),
                reference_wall,
                reference_options,
                failed,
            )
        )
    return measured


def one_board(results: int) -> None:
    """One hand with ``results`` tables of random contracts (2 % passed out, leads on most): scoring alone."""
    from types import MappingProxyType

    import numpy as np

    from bridgescore.valet.score import ScoringForm, ValetOptions, ValetTables, score_valet

    rng = np.random.default_rng(2026)
    level = rng.integers(1, 8, results)
    level[rng.random(results) < 0.02] = 0
    played = level > 0
    tables = ValetTables(
        np.ones(results, dtype=np.int64), np.full(results, 7, dtype=np.int64),
        rng.integers(0, 2000, (results, 4)), level,
        np.where(played, rng.integers(0, 5, results), -1), np.where(played, rng.integers(0, 3, results), 0),
        np.where(played, rng.integers(0, 4, results), -1), np.where(played, rng.integers(0, 14, results), -1),
        np.where(played, rng.integers(-1, 4, results), -1), tuple(f"p{i}" for i in range(2000)), MappingProxyType({}),
    )  # fmt: skip
    print(f"One hand with {results:,} tables (scoring only, leads on):")
    for form in ScoringForm:
        for cloud in (True, False):
            start = time.perf_counter()
            score_valet(tables, ValetOptions(form=form, cloud=cloud, leads=True))
            print(f"  {form.value:<12} {'cloud' if cloud else 'no-cloud':<9} {time.perf_counter() - start:6.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.valet_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per mode (the median is shown)")
    parser.add_argument("--input", type=Path, default=BENCH, help="a directory with names.txt and scores.txt")
    parser.add_argument("--one-board", type=int, metavar="N", help="also score one hand with N tables")
    args = parser.parse_args()
    if args.one_board:
        one_board(args.one_board)
    if not (args.input / "scores.txt").is_file():
        sys.exit(f"no scores.txt in {args.input} (shared/reference beside the repository?)")
    print(f"bridgescore valet on {args.input} ({args.runs} runs per mode, median wall time, whole process)")
    print(f"  load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"  {'mode':<20} {'bridgescore':>12} {'peak MB':>8}   {'reference':>9} {'(options)':<18}")
    for result in run_modes(args.input, args.runs):
        if result.failed:
            print(f"  {result.mode:<20} failed ({result.failed})", flush=True)
            continue
        print(
            f"  {result.mode:<20} {result.seconds:10.2f} s {result.peak_mb:8.0f}   {result.reference_seconds:7.2f} s "
            f"({result.reference_options}, ~{REFERENCE_MB} MB)",
            flush=True,
        )
    print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
