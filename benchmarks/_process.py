"""Running ``bridgescore`` as a whole process and measuring it: wall time and peak resident memory.

Shared by ``python -m benchmarks`` (the pairs pipeline) and ``python -m benchmarks.valet_bench``.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

#: the ``src`` of the checkout these benchmarks live in: the tree measured, whatever the interpreter has installed
SRC = Path(__file__).resolve().parents[1] / "src"


def bridgescore_command() -> list[str]:
    """``bridgescore`` as this interpreter runs it (``python -m bridgescore``); with :func:`environment` it is
    the checkout's own source, not an installed copy of another tree."""
    return [sys.executable, "-m", "bridgescore"]


def environment() -> dict[str, str]:
    """The environment of a measured process: this checkout's ``src`` first on ``PYTHONPATH``. (Its error stream
    is a pipe, so it draws no progress bar.)"""
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": str(SRC) + (os.pathsep + path if path else "")}


@dataclass(frozen=True)
class Run:
    """One measured process."""

    seconds: float
    peak_mb: float
    status: int
    stderr: str
    #: processor seconds (user + system) of the process and its children, from ``getrusage(RUSAGE_CHILDREN)``: what
    #: the process cost, which a loaded machine does not stretch as it does the wall time
    processor: float = float("nan")


def time_tool() -> str | None:
    """GNU time (Debian package ``time``), which reports the child's own peak memory (``%M``), if installed."""
    found = shutil.which("time")
    if found:
        return found
    return "/usr/bin/time" if Path("/usr/bin/time").exists() else None


def run(args: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> Run:
    """Run ``args`` to the end; its wall seconds and peak resident memory (MB). With GNU time the memory is the
    process's own; without it, ``getrusage(RUSAGE_CHILDREN)``: the largest of all children waited for so far
    (an upper bound when an earlier child was larger)."""
    tool = time_tool()
    used = _children_processor()
    if tool:
        start = time.perf_counter()
        done = subprocess.run([tool, "-f", "%M", *args], capture_output=True, text=True, env=env, cwd=cwd)
        wall = time.perf_counter() - start
        lines = done.stderr.rstrip().splitlines()
        peak = int(lines[-1]) / 1024 if lines and lines[-1].strip().isdigit() else float("nan")
        return Run(wall, peak, done.returncode, "\n".join(lines[:-1]), _children_processor() - used)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd)
    wall = time.perf_counter() - start
    peak = max(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, before) / 1024
    return Run(wall, peak, done.returncode, done.stderr, _children_processor() - used)


def _children_processor() -> float:
    """User + system seconds of every child process waited for so far (GNU time's child included: time waits for
    it)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime
