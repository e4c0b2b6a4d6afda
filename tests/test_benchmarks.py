"""The whole-process benchmark (``make bench``) runs end to end on tiny inputs, so that it cannot silently rot.
Nothing is timed: the test checks that every workload ran and was reported, not how fast."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VALET_CASE = ROOT / "tests" / "data" / "reference" / "valet" / "cases" / "ex01_default" / "input"


def test_the_benchmark_runs_every_workload_on_tiny_inputs(tmp_path: Path) -> None:
    valet = tmp_path / "valet"
    valet.mkdir()
    shutil.copy(VALET_CASE / "names1.txt", valet / "names.txt")
    shutil.copy(VALET_CASE / "scores1.txt", valet / "scores.txt")
    report = tmp_path / "results.json"
    command = [sys.executable, "-m", "benchmarks", "--tiny", "--runs", "1", "--data", str(tmp_path / "data"),
               "--valet", str(valet), "--json", str(report)]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = json.loads(report.read_text(encoding="utf-8"))["rows"]
    names = [row["workload"] for row in rows]
    assert names[:11] == [
        "1M-result event, --format csv",
        "1M-result event, --format text",
        "1M-result event, --format json",
        "100k-result board, --format csv",
        "100k-result board, --format text",
        "check of 100,000 lines",
        "1M-result event, --format usebio",
        "1M-line USEBIO file, read to csv",
        "teams, 1M lines, --format json",
        "individual, 1M lines, --format csv",
        "pair-round, 300 teams nearly all met",
    ]
    assert names[11:13] == ["archive add 1M lines, SQLite", "season --db of 1M lines, SQLite"]
    assert names[13:17] == ["live 60 tables: submit→ack p99", "live 60 tables: screen refresh",
                            "live 60 tables paced: submit→ack p99", "live 60 tables paced: screen refresh"]  # fmt: skip
    assert [n for n in names[17:]] == ["Valet IAF cloud", "Valet IAF no-cloud", "Valet datum no-cloud",
                                      "Valet matchpoints cloud"]  # fmt: skip
    for row in rows:
        assert row["met"] == "-", row  # tiny sizes: no verdict, and no run failed
        assert row["seconds"] > 0 and row["peak_mb"] > 0, row
        assert row["workload"] in done.stdout
    generated = sorted(p.name for p in (tmp_path / "data").iterdir())
    assert generated == ["board-100-v1.csv", "check-4x25-v1.csv", "event-4x25-v1.csv", "individual-4x6-v1.csv",
                         "standings-9-v1.csv", "teams-6x2x3-v1.csv", "usebio-4x25-v1.xml"]  # fmt: skip


def test_the_generated_inputs_are_deterministic_and_scored_without_problems(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT))
    try:
        from benchmarks.__main__ import SIZES, inputs
    finally:
        sys.path.remove(str(ROOT))
    first = inputs(SIZES["tiny"], tmp_path / "a", lambda _: None)
    second = inputs(SIZES["tiny"], tmp_path / "b", lambda _: None)
    for key, path in first.items():
        assert path.read_bytes() == second[key].read_bytes(), key
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-m", "bridgescore", "check", str(first["check"]), "-f", "csv"],
                          env=env, capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0 and done.stderr == "", done.stderr  # every score agrees with its contract
    assert len(done.stdout.splitlines()) == 1 + 4 * 25


def test_every_benchmark_module_imports() -> None:
    # a helper moved between the modules must not leave another benchmark importing it from the old place
    code = (
        "import benchmarks.kernels, benchmarks.readers, benchmarks.reports, benchmarks.html, benchmarks.valet_bench,"
        " benchmarks.live_bench"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
