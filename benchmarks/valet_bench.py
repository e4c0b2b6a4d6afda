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
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT.parent / "shared" / "reference" / "valet" / "bench-all"

#: mode: (bridgescore options, reference program's options, reference wall seconds)
MODES: dict[str, tuple[list[str], str, float]] = {
    "IAF cloud": ([], "-v imps", 2.40),
    "IAF no-cloud": (["--no-cloud"], "-v imps -x", 1.04),
    "datum no-cloud": (["--scoring", "datum", "--no-cloud"], "-v datum -x", 0.89),
    "matchpoints cloud": (["--scoring", "matchpoints"], "-v matchpoints", 2.42),
}
REFERENCE_MB = 100


def _command() -> tuple[list[str], dict[str, str]]:
    """The command and environment that run the checkout this file belongs to: ``python -m bridgescore`` with
    its ``src`` first on the path.  (An installed ``bridgescore`` script may import another checkout: a
    worktree measured with the main checkout's venv would time the main checkout's code.)"""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), *filter(None, [env.get("PYTHONPATH")])])
    return [sys.executable, "-m", "bridgescore"], env


def _run(args: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Wall seconds, processor seconds (user + system) and peak resident memory (MB) of one process."""
    time_tool = shutil.which("time") or ("/usr/bin/time" if Path("/usr/bin/time").exists() else None)
    if time_tool:
        start = time.perf_counter()
        done = subprocess.run([time_tool, "-f", "%U %S %M", *args], capture_output=True, text=True, check=True, env=env)
        wall = time.perf_counter() - start
        user, system, peak = done.stderr.strip().splitlines()[-1].split()
        return wall, float(user) + float(system), int(peak) / 1024
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, capture_output=True, check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, max(after.ru_maxrss, before.ru_maxrss) / 1024


def one_board(results: int) -> None:
    """One hand with ``results`` tables of random contracts (2 % passed out, leads on most): scoring alone."""
    from types import MappingProxyType

    import numpy as np

    from bridgescore.methods.valet import ScoringForm, ValetOptions, ValetTables, score_valet

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
    command, env = _command()
    base = [*command, "valet", str(args.input), "--format", "valet-csv"]
    print(f"bridgescore valet on {args.input} ({args.runs} runs per mode, median wall time, whole process)")
    print(f"  code: {ROOT / 'src'}; load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"  {'mode':<18} {'reference':>9} {'bridgescore':>11} {'ratio':>6} {'cpu':>8} {'peak MB':>8}   (reference)")
    for mode, (options, reference_options, reference_wall) in MODES.items():
        runs = [_run([*base, *options], env) for _ in range(args.runs)]
        wall = statistics.median(w for w, _, _ in runs)
        cpu = statistics.median(c for _, c, _ in runs)
        memory = max(m for _, _, m in runs)
        print(
            f"  {mode:<18} {reference_wall:7.2f} s {wall:9.2f} s {wall / reference_wall:6.2f} {cpu:6.2f} s "
            f"{memory:8.0f}   ({reference_options}; ~{REFERENCE_MB} MB)",
            flush=True,
        )
    print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
