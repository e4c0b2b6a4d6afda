"""Whole-process benchmarks of the pairs pipeline (issue 12): ``make bench`` or ``python -m benchmarks``.

Each workload is ``bridgescore`` as a user runs it – a new process of this checkout's ``src`` (``python -m
bridgescore`` with ``src`` first on ``PYTHONPATH``), reading the file, scoring, writing the output to a file –
and is measured from outside: wall seconds (the median of ``--runs``) and the process's peak resident memory
(GNU ``time -f %M``; else ``getrusage``). The inputs are generated once, deterministically (numpy's generator,
seed 2026), into ``benchmarks/.data/`` (git-ignored):

* ``event``: 1,000,000 results, 100 boards × 10,000 tables of a Mitchell (NS 1–10,000 stay, EW 10,001–20,000
  move up a table each board), ``board,ns,ew,score``;
* ``board``: one board with 100,000 results, ``board,ns,ew,score``;
* ``check``: 100,000 traveller lines (100 boards × 1,000 tables) with contract, declarer, result, lead and score;
* issue 19's federation-scale inputs (:mod:`benchmarks.federation`): the event as a USEBIO file (read back), a
  teams CSV of 1,000,000 lines (2,500 teams, 20 rounds of 20-board matches), an individual CSV of 1,000,000 lines
  (100 boards × 10,000 tables) and the standings of 300 teams that have nearly all met (``teams pair-round``).

Every score is the Law 77 score of a contract at the board's vulnerability: each board has a few likely
contracts (weighted), made, overtricked or defeated, and 1 % of tables pass it out. The Valet rows run
``benchmarks.valet_bench`` on ``../shared/reference/valet/bench-all`` (skipped when it is absent).

The goals are issue 12's, for the full sizes; ``--quick`` (a tenth of the sizes) and ``--tiny`` (for the test
that keeps this runnable) print no verdict. Nothing is asserted: benchmarks are never unit tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from benchmarks import federation, live_bench, valet_bench
from benchmarks._process import bridgescore_command, environment, run, time_tool

DATA = Path(__file__).resolve().parent / ".data"
SEED = 2026
#: bump when the generated files change, so that an old cache is not measured as the new one
DATA_VERSION = 1


@dataclass(frozen=True)
class Sizes:
    """The inputs' sizes: the event's boards × tables, the single board's tables, the check file's boards × tables;
    issue 19's teams file (teams, rounds, boards a match), individual (boards × tables) and pair-round field
    (teams)."""

    name: str
    event: tuple[int, int]
    board: int
    check: tuple[int, int]
    teams: tuple[int, int, int]
    individual: tuple[int, int]
    standings: int
    #: the archive's event (issue 19: a federation's 1,000,000 lines), boards × tables of the check file's kind
    archive: tuple[int, int]
    #: the live evening (issue 22): tables, rounds, and the paced run's pause before a board (seconds)
    live: tuple[int, int, float] = (60, 3, 4.0)


SIZES = {
    "full": Sizes("full", (100, 10_000), 100_000, (100, 1_000), (2_500, 20, 20), (100, 10_000), 300, (100, 10_000)),
    "quick": Sizes(
        "quick", (100, 1_000), 10_000, (100, 100), (250, 20, 20), (100, 1_000), 100, (100, 1_000), (20, 2, 2.0)
    ),
    "tiny": Sizes("tiny", (4, 25), 100, (4, 25), (6, 2, 3), (4, 6), 9, (4, 25), (3, 1, 0.5)),
}


@dataclass(frozen=True)
class Workload:
    """One command measured: its input, its options, issue 12's goal (seconds, MB; None: none set)."""

    name: str
    input: str
    args: tuple[str, ...]
    goal_seconds: float
    goal_mb: float | None = None
    #: the words of the command line between the command and the file (``teams pair-round FILE``)
    subcommand: tuple[str, ...] = ()


WORKLOADS = (
    Workload("1M-result event, --format csv", "event", ("score", "--format", "csv"), 5, 1000),
    Workload("1M-result event, --format text", "event", ("score", "--format", "text"), 5),
    Workload("1M-result event, --format json", "event", ("score", "--format", "json"), 10, 1500),
    Workload("100k-result board, --format csv", "board", ("score", "--format", "csv"), 2),
    Workload("100k-result board, --format text", "board", ("score", "--format", "text"), 3),
    Workload("check of 100,000 lines", "check", ("check",), 3),
    # issue 19: resources at federation scale
    Workload("1M-result event, --format usebio", "event", ("score", "--format", "usebio"), 10, 1000),
    Workload("1M-line USEBIO file, read to csv", "usebio", ("score", "--format", "csv"), 10, 1000),
    Workload("teams, 1M lines, --format json", "teams", ("teams", "--format", "json"), 10, 1000),
    Workload("individual, 1M lines, --format csv", "individual", ("individual", "--format", "csv"), 10, 1000),
    Workload(
        "pair-round, 300 teams nearly all met", "standings", ("teams", "--format", "json"), 2, None, ("pair-round",)
    ),
)

#: the Valet goals of issue 12: at most half the reference program's time in every mode, at most 200 MB
VALET_TIME_FACTOR = 0.5
VALET_GOAL_MB = 200.0


@dataclass(frozen=True)
class Row:
    """One line of the table (and of ``--json``)."""

    workload: str
    seconds: float | None
    peak_mb: float | None
    goal: str
    met: str
    runs: int
    note: str = ""


# --------------------------------------------------------------------------------------------- the inputs


def _board_contracts(board: int, rng: np.random.Generator, count: int) -> list[tuple[str, str, int, int]]:
    """``count`` likely outcomes of ``board``: (contract, declarer, tricks, NS score), the score by Law 77 at the
    board's vulnerability (``bridgescore.core.contract``), the first a pass-out."""
    from bridgescore.core.contract import Seat, parse_contract, score, vulnerability_of_board

    vulnerability = vulnerability_of_board(board)
    outcomes: list[tuple[str, str, int, int]] = [("PASS", "", 0, 0)]
    levels = rng.choice(np.arange(1, 8), size=count - 1, p=[0.12, 0.22, 0.26, 0.26, 0.08, 0.05, 0.01])
    for level in levels:
        strain = "CDHSN"[rng.integers(0, 5)]
        doubled = "X" if rng.random() < 0.08 else ""
        declarer = "NESW"[rng.integers(0, 4)]
        tricks = int(np.clip(level + 6 + rng.integers(-2, 3), 0, 13))
        contract = parse_contract(f"{level}{strain}{doubled}")
        outcomes.append(
            (f"{level}{strain}{doubled}", declarer, tricks, score(contract, Seat[declarer], vulnerability, tricks))
        )
    return outcomes


def _choices(outcomes: int, tables: int, rng: np.random.Generator) -> np.ndarray:
    """Which outcome each table reaches: 1 % pass it out, the others as the board's weights say."""
    weights = rng.dirichlet(np.full(outcomes - 1, 0.8))
    chosen = rng.choice(np.arange(1, outcomes), size=tables, p=weights)
    chosen[rng.random(tables) < 0.01] = 0
    return chosen


def _scores_file(path: Path, boards: int, tables: int, rng: np.random.Generator) -> None:
    """A Mitchell of ``boards`` × ``tables`` as ``board,ns,ew,score``: NS pair t+1 at table t, EW pairs
    ``tables+1 …`` moving one table up each board."""
    ns = np.arange(1, tables + 1)
    lines = ["board,ns,ew,score\n"]
    for board in range(1, boards + 1):
        outcomes = _board_contracts(board, rng, 7)
        points = np.array([o[3] for o in outcomes])[_choices(len(outcomes), tables, rng)]
        ew = tables + 1 + (ns - 1 + board) % tables
        lines.append(
            "".join(f"{board},{n},{e},{s}\n" for n, e, s in zip(ns.tolist(), ew.tolist(), points.tolist(), strict=True))
        )
    path.write_text("".join(lines), encoding="utf-8")


def _check_file(path: Path, boards: int, tables: int, rng: np.random.Generator) -> None:
    """Traveller lines with contract, declarer, result (``=``, ``+1``, ``-2``), opening lead and NS score."""
    from bridgescore.core.contract import format_result, parse_contract

    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    lines = ["board,ns,ew,contract,declarer,result,lead,score\n"]
    for board in range(1, boards + 1):
        outcomes = _board_contracts(board, rng, 7)
        results = [format_result(parse_contract(c), t) if c != "PASS" else "" for c, _, t, _ in outcomes]
        chosen = _choices(len(outcomes), tables, rng).tolist()
        suits = rng.integers(0, 4, tables).tolist()
        cards = rng.integers(0, 13, tables).tolist()
        for table, (k, suit, card) in enumerate(zip(chosen, suits, cards, strict=True)):
            contract, declarer, _, points = outcomes[k]
            lead = "" if k == 0 else "SHDC"[suit] + ranks[card]
            lines.append(f"{board},{table + 1},{tables + 1 + (table + board) % tables},{contract},{declarer},"
                         f"{results[k]},{lead},{points}\n")  # fmt: skip
    path.write_text("".join(lines), encoding="utf-8")


def inputs(sizes: Sizes, directory: Path, say: Callable[[str], None], keys: set[str] | None = None) -> dict[str, Path]:
    """The input files of ``sizes`` in ``directory`` (those of ``keys``: all by default), generated when not there
    yet."""
    directory.mkdir(parents=True, exist_ok=True)
    (boards, tables), (check_boards, check_tables) = sizes.event, sizes.check
    teams, rounds, match_boards = sizes.teams
    individual_boards, individual_tables = sizes.individual
    wanted: dict[str, tuple[str, Callable[[Path, np.random.Generator], None]]] = {
        "event": (f"event-{boards}x{tables}", lambda p, g: _scores_file(p, boards, tables, g)),
        "board": (f"board-{sizes.board}", lambda p, g: _scores_file(p, 1, sizes.board, g)),
        "check": (f"check-{check_boards}x{check_tables}", lambda p, g: _check_file(p, check_boards, check_tables, g)),
        "usebio": (f"usebio-{boards}x{tables}", lambda p, g: federation.usebio_file(p, boards, tables, g)),
        "teams": (f"teams-{teams}x{rounds}x{match_boards}",
                  lambda p, g: federation.teams_file(p, teams, rounds, match_boards, g)),
        "individual": (f"individual-{individual_boards}x{individual_tables}",
                       lambda p, g: federation.individual_file(p, individual_boards, individual_tables, g)),
        "standings": (f"standings-{sizes.standings}", lambda p, g: federation.standings_file(p, sizes.standings, 3, g)),
        # the same generator as the check file's (archive_bench.py names it so too: generated once for both)
        "archive": (
            f"check-{sizes.archive[0]}x{sizes.archive[1]}",
            lambda p, g: _check_file(p, *sizes.archive, np.random.default_rng([SEED, sum(map(ord, "check"))])),
        ),
    }  # fmt: skip
    found: dict[str, Path] = {}
    for key, (stem, make) in wanted.items():
        if keys is not None and key not in keys:
            continue
        path = directory / f"{stem}-v{DATA_VERSION}.{'xml' if key == 'usebio' else 'csv'}"
        if not path.is_file():
            say(f"generating {path.name} …")
            partial = path.with_suffix(".partial")
            make(partial, np.random.default_rng([SEED, sum(map(ord, key))]))
            partial.replace(path)  # never a half-written file taken for a whole one
        found[key] = path
    return found


# --------------------------------------------------------------------------------------------- measuring


def _goal_text(workload: Workload) -> str:
    goal = f"≤ {workload.goal_seconds:g} s"
    return goal + (f", ≤ {workload.goal_mb:g} MB" if workload.goal_mb is not None else "")


def _verdict(seconds: float, peak_mb: float, goal_seconds: float, goal_mb: float | None, judged: bool) -> str:
    if not judged:
        return "-"
    return "yes" if seconds <= goal_seconds and (goal_mb is None or peak_mb <= goal_mb) else "no"


def measure(workload: Workload, path: Path, runs: int, judged: bool) -> Row:
    """``bridgescore`` on ``path``, the output to a file in a temporary folder, ``runs`` times."""
    env = environment()
    command, *options = workload.args
    with tempfile.TemporaryDirectory(prefix="bridgescore-bench-") as folder:
        output = Path(folder) / "output"
        line = [*bridgescore_command(), command, *workload.subcommand, str(path), *options, "--output", str(output)]
        done = [run(line, env) for _ in range(runs)]
    failed = next((r for r in done if r.status != 0), None)
    seconds = statistics.median(r.seconds for r in done)
    peak = max(r.peak_mb for r in done)
    if failed is not None:
        last = failed.stderr.strip().splitlines()[-1:] or [""]
        return Row(
            workload.name, seconds, peak, _goal_text(workload), "failed", runs, f"exit {failed.status}: {last[0]}"
        )
    verdict = _verdict(seconds, peak, workload.goal_seconds, workload.goal_mb, judged)
    # the wall time follows the machine's load (the table's header and footer give it); the processor time (user +
    # system) is the command's own
    processor = statistics.median(r.processor for r in done)
    return Row(workload.name, seconds, peak, _goal_text(workload), verdict, runs, f"processor {processor:.2f} s")


def valet_rows(directory: Path, runs: int, judged: bool) -> list[Row]:
    """The Valet modes of :mod:`benchmarks.valet_bench`, with issue 12's goals."""
    rows = []
    for result in valet_bench.run_modes(directory, runs):
        goal_seconds = VALET_TIME_FACTOR * result.reference_seconds
        goal = f"≤ {goal_seconds:.2f} s ({VALET_TIME_FACTOR:g} × reference), ≤ {VALET_GOAL_MB:g} MB"
        name = f"Valet {result.mode}"
        if result.failed:
            rows.append(Row(name, result.seconds, result.peak_mb, goal, "failed", runs, result.failed))
            continue
        ratio = f"{result.seconds / result.reference_seconds:.2f} × reference's {result.reference_seconds:.2f} s"
        ratio = ratio if judged else ""  # the reference was timed on bench-all only
        verdict = _verdict(result.seconds, result.peak_mb, goal_seconds, VALET_GOAL_MB, judged)
        rows.append(Row(name, result.seconds, result.peak_mb, goal, verdict, runs, ratio))
    return rows


#: issue 19's goals for the archive at a federation's size (1,000,000 lines): archive add, and season --db over it
ARCHIVE_GOAL_SECONDS = 10.0
ARCHIVE_GOAL_MB = 1000.0


def archive_rows(path: Path, runs: int, judged: bool, postgres: str | None) -> list[Row]:
    """``archive add`` of ``path`` (1,000,000 lines at the full size; the rows keep the name) into a new SQLite
    file (and into the PostgreSQL database ``postgres``, its session deleted before each run), then ``season --db``
    over it (``-f csv`` to a file): whole processes, from the file, with their peak memory."""
    from bridgescore.archive import open_archive

    env = environment()
    goal = f"≤ {ARCHIVE_GOAL_SECONDS:g} s, ≤ {ARCHIVE_GOAL_MB:g} MB"
    rows = []
    targets = [("SQLite", None), *([("PostgreSQL", postgres)] if postgres else [])]
    with tempfile.TemporaryDirectory(prefix="bridgescore-bench-") as folder:
        for where, url in targets:
            added, seasons = [], []
            for n in range(runs):
                db = url or str(Path(folder) / f"archive-{n}.sqlite3")
                if url:
                    with open_archive(url) as archive, archive.engine.begin() as connection:
                        from sqlalchemy import text

                        # its lines with it (the trigger sessions_delete_lines: no foreign key since schema 0004)
                        connection.execute(text("DELETE FROM sessions WHERE key = 'bench'"))
                        connection.execute(text("DELETE FROM corrections WHERE session_key = 'bench'"))
                    # the million dead lines cleared away, so each run stores into the same table (autovacuum would
                    # do it during the next run, or not)
                    with open_archive(url) as archive, archive.engine.connect() as connection:
                        connection.execution_options(isolation_level="AUTOCOMMIT").execute(text("VACUUM lines"))
                command = [*bridgescore_command(), "archive", "add", str(path), "--db", db, "--key", "bench"]
                added.append(run([*command, "--date", "2026-09-07"], env))
                output = Path(folder) / "season.csv"
                seasons.append(run([*bridgescore_command(), "season", "--db", db, "-f", "csv", "-o", str(output)], env))
            for name, done in ((f"archive add 1M lines, {where}", added),
                               (f"season --db of 1M lines, {where}", seasons)):  # fmt: skip
                seconds = statistics.median(r.seconds for r in done)
                peak = max(r.peak_mb for r in done)
                failed = next((r for r in done if r.status != 0), None)
                if failed is not None:
                    last = failed.stderr.strip().splitlines()[-1:] or [""]
                    rows.append(Row(name, seconds, peak, goal, "failed", runs, f"exit {failed.status}: {last[0]}"))
                    continue
                verdict = _verdict(seconds, peak, ARCHIVE_GOAL_SECONDS, ARCHIVE_GOAL_MB, judged)
                processor = statistics.median(r.processor for r in done)
                # the wall time follows the machine's load; the processor time is the command's own (on PostgreSQL
                # the client's: the server's work is in the wall time only)
                rows.append(Row(name, seconds, peak, goal, verdict, runs, f"processor {processor:.2f} s"))
    return rows


def live_rows(sizes: Sizes, judged: bool) -> list[Row]:
    """The live evening (:mod:`benchmarks.live_bench`, on a new SQLite file; ``make bench-live`` also takes a
    PostgreSQL database): the tables entering back to back, then paced; the p99 from submit to acknowledgement and
    the ranking screen's median refresh against issue 22's goals, the server's peak memory."""
    tables, rounds, pause = sizes.live
    rows = []
    for wait in (0.0, pause):
        m = live_bench.measure(tables, rounds, pause=wait)
        how = "live 60 tables" + (" paced" if wait else "")  # the full size's name, as every row keeps
        if m.failed:
            rows.append(Row(how, None, m.peak_mb, "", "failed", 1, m.failed[:200]))
            continue
        ack, screen = live_bench.percentile(m.ack, 0.99), live_bench.percentile(m.screen, 0.5)
        per_entry = m.cpu / max(1, m.results) * 1000
        paced = f"0–{wait:g} s pauses" if wait else "back to back"
        note = (f"p50 {live_bench.percentile(m.ack, 0.5) * 1000:.0f} ms; {per_entry:.0f} ms processor an entry; "
                f"{tables} tables, {paced}")  # fmt: skip
        rows.append(Row(f"{how}: submit→ack p99", ack, m.peak_mb, f"p99 ≤ {live_bench.GOAL_ACK_SECONDS:g} s",
                        _verdict(ack, m.peak_mb, live_bench.GOAL_ACK_SECONDS, None, judged), 1, note))  # fmt: skip
        rows.append(Row(f"{how}: screen refresh", screen, m.peak_mb, f"median ≤ {live_bench.GOAL_SCREEN_SECONDS:g} s",
                        _verdict(screen, m.peak_mb, live_bench.GOAL_SCREEN_SECONDS, None, judged), 1,
                        f"p99 {live_bench.percentile(m.screen, 0.99) * 1000:.0f} ms of {len(m.screen)}"))  # fmt: skip
    return rows


def _print_row(row: Row) -> None:
    seconds = f"{row.seconds:8.2f}" if row.seconds is not None else f"{'':8}"
    peak = f"{row.peak_mb:8.0f}" if row.peak_mb is not None and row.peak_mb == row.peak_mb else f"{'?':>8}"
    note = f"  {row.note}" if row.note else ""
    print(f"{row.workload:<36} {seconds} {peak}  {row.goal:<46} {row.met:<6}{note}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="a tenth of the sizes, for a smoke run (no verdict)")
    size.add_argument("--tiny", action="store_true", help="tiny inputs, for the test that keeps this runnable")
    parser.add_argument("--runs", type=int, help="runs per workload, the median shown (default 1; Valet 3)")
    parser.add_argument("--only", metavar="TEXT", help="only the workloads whose name holds TEXT (e.g. json, Valet)")
    parser.add_argument("--data", type=Path, default=DATA, help=f"folder of the generated inputs (default {DATA})")
    parser.add_argument(
        "--valet", type=Path, default=valet_bench.BENCH, help="Valet input folder (names.txt, scores.txt)"
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="also save the results as JSON")
    parser.add_argument("--postgres", metavar="URL", help="also the archive rows on this PostgreSQL database")
    args = parser.parse_args(argv)
    sizes = SIZES["quick" if args.quick else "tiny" if args.tiny else "full"]
    judged = sizes.name == "full"
    selected = [w for w in WORKLOADS if not args.only or args.only.lower() in w.name.lower()]

    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"bridgescore whole-process benchmarks ({sizes.name} sizes) – {os.cpu_count()} cores, load {load}, "
          f"Python {platform.python_version()}, memory by {'GNU time' if time_tool() else 'getrusage'}")  # fmt: skip
    if not judged:
        print("(not the full sizes: the rows keep the full workloads' names; the goals are shown, not judged)")
    files = inputs(sizes, args.data, print, {w.input for w in selected}) if selected else {}
    if selected:
        (boards, tables), (check_boards, check_tables) = sizes.event, sizes.check
        print(f"inputs in {args.data}: event {boards} boards × {tables:,} tables = {boards * tables:,} results; "
              f"board of {sizes.board:,} results; check file of {check_boards * check_tables:,} lines")  # fmt: skip
    print(f"\n{'workload':<36} {'seconds':>8} {'peak MB':>8}  {'goal':<46} {'met':<6}", flush=True)
    rows: list[Row] = []
    for workload in selected:
        rows.append(measure(workload, files[workload.input], args.runs or 1, judged))
        _print_row(rows[-1])
    if not args.only or args.only.lower() in "archive add season --db":
        for row in archive_rows(inputs(sizes, args.data, print, {"archive"})["archive"],
                                args.runs or 1, judged, args.postgres):  # fmt: skip
            rows.append(row)
            _print_row(row)
    if not args.only or args.only.lower() in "live":
        for row in live_rows(sizes, judged):
            rows.append(row)
            _print_row(row)
    valet_names = [f"valet {mode}".lower() for mode in valet_bench.MODES]
    if not args.only or any(args.only.lower() in name for name in valet_names):
        if (args.valet / "scores.txt").is_file():
            for row in valet_rows(args.valet, args.runs or 3, judged):
                rows.append(row)
                _print_row(row)
        else:
            print(f"Valet rows skipped: no scores.txt in {args.valet} (../shared/reference beside the repository?)")
    load_after = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\nload after: {load_after}")
    if args.json:
        report = {"sizes": sizes.name, "cores": os.cpu_count(), "load_before": load, "load_after": load_after,
                  "python": platform.python_version(), "rows": [asdict(r) for r in rows]}  # fmt: skip
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 1 if any(r.met == "failed" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
