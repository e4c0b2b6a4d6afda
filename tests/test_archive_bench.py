"""The archive benchmark (``make bench-archive``) runs end to end on a tiny event, so it cannot silently rot.
Nothing is timed: the test checks that every row ran."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_archive_benchmark_runs_on_a_tiny_event(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    command = [sys.executable, "-m", "benchmarks.archive_bench", "--boards", "2", "--tables", "3", "--runs", "1",
               "--data", str(tmp_path)]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SQLite, 6 traveller lines (2 boards × 3 tables), median of 1" in done.stdout
    for row in ("archive add", "archive list", "player"):
        assert f"  {row} " in done.stdout
