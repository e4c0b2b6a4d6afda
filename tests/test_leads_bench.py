"""The lead analysis benchmark (``make bench-leads``) runs end to end on a tiny evening, so it cannot silently rot.
Nothing is timed: the test checks that every row ran and the analysis covered every line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_lead_benchmark_runs_on_a_tiny_evening() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    command = [sys.executable, "-m", "benchmarks.leads_bench", "--boards", "2", "--tables", "3", "--runs", "1"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "failed" not in done.stdout, done.stdout
    for row in ("score -f json, no deals", "with deals, empty solve cache", "with deals, cached (median of 1)"):
        assert row in done.stdout
    assert "lines analysed: 6, left out: {}" in done.stdout
