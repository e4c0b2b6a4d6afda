"""The hand-record benchmark (``make bench-deals``) runs end to end on two deals, so that it cannot silently rot.
Nothing is timed: the test checks that both workloads ran and were reported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_deals_benchmark_runs_both_workloads(tmp_path: Path) -> None:
    report = tmp_path / "rows.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.deals_bench", "--boards", "2", "--json", str(report)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    rows = json.loads(report.read_text(encoding="utf-8"))["rows"]
    assert [r["workload"] for r in rows] == [
        "deals --dd --par, 2 boards, empty cache",
        "deals --dd --par, 2 boards, cached",
    ]
    assert all(r["failed"] is None and r["met"] == "-" and r["seconds"] > 0 for r in rows), rows


def test_the_generated_hand_record_is_deterministic_and_reads_without_problems() -> None:
    sys.path.insert(0, str(ROOT))
    try:
        from benchmarks.deals_bench import hand_record
    finally:
        sys.path.remove(str(ROOT))
    from bridgescore.io import deals

    text = hand_record(36)
    assert text == hand_record(36)
    records = deals.loads_pbn(text)
    assert records.problems == () and sorted(records.deals) == list(range(1, 37))
