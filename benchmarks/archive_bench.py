"""The archive benchmark (issue 13): ``bridgescore archive add`` of a large event as a user meets it, a new process
of this checkout from the file to the committed transaction, then ``archive list`` and ``player`` on the archive it
made.  ``make bench-archive`` or ``python -m benchmarks.archive_bench [--boards B --tables T] [--db URL]``.

The event is the pairs benchmark's traveller file (:func:`benchmarks.__main__._check_file`: contract, declarer,
result, lead and score on every line; 100 boards × 1,000 tables = 100,000 lines by default), generated once into
``benchmarks/.data``.  Each run stores it into a new SQLite file; with ``--db``, into the PostgreSQL database given:
the first run adds the session, the others store it again as a correction (``--replace``).  Nothing is asserted:
benchmarks are never unit tests.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

import numpy as np

from benchmarks.__main__ import DATA, SEED, _check_file
from benchmarks._process import bridgescore_command, environment, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--db", help="a PostgreSQL URL to store into (default: a new SQLite file per run)")
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args(argv)
    args.data.mkdir(parents=True, exist_ok=True)
    path = args.data / f"check-{args.boards}x{args.tables}-v1.csv"
    if not path.is_file():
        print(f"generating {path.name} …")
        partial = path.with_suffix(".partial")
        _check_file(partial, args.boards, args.tables, np.random.default_rng([SEED, sum(map(ord, "check"))]))
        partial.replace(path)
    lines = args.boards * args.tables
    command, env = bridgescore_command(), environment()
    failed = False
    with tempfile.TemporaryDirectory() as work:
        rows: dict[str, list[tuple[float, float]]] = {"archive add": [], "archive list": [], "player": []}
        for n in range(args.runs):
            db = args.db or str(Path(work) / f"run{n}.sqlite3")
            added = run([*command, "archive", "add", str(path), "--db", db, "--key", f"bench-{path.stem}",
                         "--replace"], env)  # fmt: skip
            listed = run([*command, "archive", "list", "--db", db], env)
            player = run([*command, "player", "nobody", "--db", db], env)  # exit 2: the query of an unknown player
            failed |= added.status != 0 or listed.status != 0 or player.status != 2
            for name, done in (("archive add", added), ("archive list", listed), ("player", player)):
                rows[name].append((done.seconds, done.peak_mb))
                if name == "archive add" and done.status != 0:
                    print(done.stderr)
    where = "PostgreSQL" if args.db else "SQLite"
    print(f"{where}, {lines:,} traveller lines ({args.boards} boards × {args.tables} tables), median of {args.runs}")
    for name, measured in rows.items():
        seconds = statistics.median(s for s, _ in measured)
        peak = max(m for _, m in measured)
        print(f"  {name:<14} {seconds:7.2f} s   {peak:7.0f} MB")
    if failed:
        print("failed: a run did not end as expected")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
