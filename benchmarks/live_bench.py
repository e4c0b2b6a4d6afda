"""The live evening under load (issue 22): ``make bench-live`` or ``python -m benchmarks.live_bench [--tables T
--rounds R] [--postgres URL [--workers N]]``; ``make bench`` reports its rows too.

A real ``bridgescore serve`` of this checkout (a new process, on a free port of 127.0.0.1, over a new SQLite file or the
PostgreSQL database given) and ``T`` tables entering every board of ``R`` rounds (2 boards a round) at the same moment,
each table a thread and a phone of its own (its own address, 127.0.0.N) through the real pages – the table's code, its
page, the board's form (CSRF token, idempotency key), the check, the opponents' confirmation; every tenth confirmation
sent twice at once. The same driver as the load test (``tests/live_server.py``: :func:`play_tables`,
:func:`watch_screen`), so the benchmark measures what the test checks.  Measured:

* **submit → acknowledgement**: from sending the confirming POST to the server's answer (the redirect to the stored
  result, given only after the commit), p50 and p99 over every confirmation (goal: p99 ≤ 250 ms);
* **ranking screen refresh**: ``GET /screen/N`` each time its poll of ``/screen/N/revision`` saw a change during
  play (the evening scored again at that revision), p50 and p99 (goal: ≤ 100 ms at 60 tables), and the revision
  poll itself;
* the server's **peak memory**: the largest resident set (``VmHWM``) of its processes;
* the **processor time** an entry of the server (all its processes) and of the phones (this process's threads).

Two runs: **back to back** (each table sends its next board as soon as the last is acknowledged – 60 tables asking
all they can, far above an evening, where a board takes minutes) and **paced** (each table waits 0–``--pause`` s
before a board).  The phones run on the same machine as the server (two cores here, shared with others): the times
include the phones' own work – back to back as much processor time as the server's – and each run prints the
machine's load average at its start; the processor time an entry is what depends least on that load.  Nothing is
asserted: benchmarks are never unit tests (``tests/test_live_load.py`` asserts the counts).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

_TESTS = Path(__file__).resolve().parents[1] / "tests"

#: issue 22's goals: p99 from submit to acknowledgement, and the ranking screen's refresh, at 60 tables
GOAL_ACK_SECONDS = 0.25
GOAL_SCREEN_SECONDS = 0.1


@dataclass(frozen=True)
class Measured:
    """One load run: its size, the times (seconds) and the server's peak memory (MB); ``failed`` says what went
    wrong (empty: every entry acknowledged and stored exactly once)."""

    tables: int
    results: int
    doubled: int
    ack: list[float]
    screen: list[float]
    revision: list[float]
    peak_mb: float
    wall: float
    #: the server's processor seconds (user + system, all its processes) over the run
    cpu: float
    pause: float = 0
    failed: str = ""
    #: the machine's load average (1 minute) when the run started
    load: float = float("nan")
    #: the phones' processor seconds (this process: the tables' and the screen's threads) over the run
    phones_cpu: float = 0


def _live_server() -> ModuleType:
    """The test suite's server and tables (``tests/live_server.py``): one driver for the test and the benchmark."""
    sys.path.insert(0, str(_TESTS))
    try:
        import live_server
    finally:
        sys.path.remove(str(_TESTS))
    return live_server


def _cpu_seconds(pids: list[int]) -> float:
    """The processor seconds (user + system) ``pids`` used so far (``/proc/PID/stat``)."""
    total = 0.0
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _own_cpu_seconds() -> float:
    """The processor seconds (user + system) this process used so far: the phones' and the screen's threads."""
    times = os.times()
    return times.user + times.system


def _peak_mb(pids: list[int]) -> float:
    """The largest peak resident set (``VmHWM``) of ``pids``, in MB (NaN where /proc does not say)."""
    peaks = []
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        peaks += [int(line.split()[1]) / 1024 for line in status.splitlines() if line.startswith("VmHWM:")]
    return max(peaks, default=float("nan"))


def measure(tables: int, rounds: int, db: str | None = None, workers: int = 1, pause: float = 0) -> Measured:
    """``tables`` tables entering ``rounds`` rounds at once against a new server over ``db`` (None: a new SQLite
    file), ``workers`` processes; ``pause``: each table waits 0 to ``pause`` seconds before each board (0: back to
    back)."""
    from benchmarks._process import environment

    driver = _live_server()

    os.environ["PYTHONPATH"] = environment()["PYTHONPATH"]  # the server: this checkout's source
    with tempfile.TemporaryDirectory(prefix="bridgescore-live-bench-") as folder:
        url = db or str(Path(folder) / "club.sqlite3")
        server = driver.Server(url, Path(folder) / "published", workers=workers).start()
        try:
            evening = driver.running_evening(url, tables, rounds)
            done = threading.Event()
            watched = []
            watcher = threading.Thread(target=lambda: watched.append(driver.watch_screen(server.url, evening.id, done)))
            watcher.start()
            cpu_before = _cpu_seconds(driver.processes_of(server))
            phones_before, load_at_start = _own_cpu_seconds(), os.getloadavg()[0]
            started = time.perf_counter()
            load = driver.play_tables(server.url, evening, doubled_every=10, deadline=600, pause=pause)
            wall = time.perf_counter() - started
            done.set()
            watcher.join(60)
            phones_cpu = _own_cpu_seconds() - phones_before
            processes = driver.processes_of(server)
            cpu = _cpu_seconds(processes) - cpu_before
            peak = _peak_mb(processes)
        finally:
            server.stop()
        results, keys = driver.stored(url, evening.id)
    failed = "; ".join(load.problems[:3])
    if not failed and (len(results) != evening.expected or len(set(results)) != len(results)):
        failed = f"{len(results)} results stored ({len(set(results))} different), {evening.expected} expected"
    if not failed and keys != load.acknowledged:
        failed = "the keys stored are not those acknowledged"
    screen = watched[0] if watched else None
    return Measured(tables, evening.expected, load.doubled, load.seconds, screen.screen_seconds if screen else [],
                    screen.revision_seconds if screen else [], peak, wall, cpu, pause, failed, load_at_start,
                    phones_cpu)  # fmt: skip


def percentile(values: list[float], share: float) -> float:
    """The ``share`` (0–1) percentile of ``values`` (the test's: nearest rank)."""
    found: float = _live_server().percentile(values, share)
    return found


def _ms(values: list[float], share: float) -> str:
    return f"{percentile(values, share) * 1000:.0f} ms" if values else "-"


def _met(values: list[float], share: float, goal: float) -> str:
    if not values:
        return "not measured"
    return "met" if percentile(values, share) <= goal else "NOT met"


def describe(m: Measured) -> list[str]:
    """The run in lines for a person: the times, the memory, whether the goals are met."""
    paced = f"each table pausing 0–{m.pause:g} s before a board" if m.pause else "back to back"
    per_entry = 1000 / max(1, m.results)
    lines = [
        f"{m.tables} tables {paced} (load {m.load:.1f} at the start): {m.results} results ({m.doubled} confirmations "
        f"sent twice) in {m.wall:.1f} s; server {m.cpu:.1f} processor s ({m.cpu * per_entry:.1f} ms an entry), the "
        f"phones {m.phones_cpu * per_entry:.1f} ms an entry; server's peak {m.peak_mb:.0f} MB"
    ]
    lines.append(f"  submit → acknowledgement   p50 {_ms(m.ack, 0.5):>7}   p99 {_ms(m.ack, 0.99):>7}   "
                 f"goal p99 ≤ {GOAL_ACK_SECONDS * 1000:.0f} ms: {_met(m.ack, 0.99, GOAL_ACK_SECONDS)}")  # fmt: skip
    lines.append(f"  ranking screen refresh     p50 {_ms(m.screen, 0.5):>7}   p99 {_ms(m.screen, 0.99):>7}   "
                 f"goal p50 ≤ {GOAL_SCREEN_SECONDS * 1000:.0f} ms: {_met(m.screen, 0.5, GOAL_SCREEN_SECONDS)} "
                 f"({len(m.screen)} refreshes)")  # fmt: skip
    lines.append(f"  revision poll              p50 {_ms(m.revision, 0.5):>7}   p99 {_ms(m.revision, 0.99):>7}")
    if m.failed:
        lines.append(f"  FAILED: {m.failed}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.live_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--postgres", metavar="URL", help="serve from this PostgreSQL database (default: SQLite)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (more than one: PostgreSQL)")
    parser.add_argument(
        "--pause",
        type=float,
        default=4.0,
        help="the paced run: each table waits 0 to PAUSE s before a board (0: no paced run)",
    )
    args = parser.parse_args(argv)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    where = "PostgreSQL" if args.postgres else "SQLite"
    print(f"bridgescore serve under load – {os.cpu_count()} cores, load {load}, {where}, {args.workers} worker(s)")
    runs = [measure(args.tables, args.rounds, args.postgres, args.workers)]
    if args.pause > 0:
        runs.append(measure(args.tables, args.rounds, args.postgres, args.workers, args.pause))
    for measured in runs:
        print("\n".join(describe(measured)))
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 1 if any(m.failed for m in runs) else 0


if __name__ == "__main__":
    raise SystemExit(main())
