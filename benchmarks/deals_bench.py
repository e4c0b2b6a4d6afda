"""Benchmark of the hand records' analysis: ``.venv/bin/python -m benchmarks.deals_bench [--boards N] [--runs N]``.

Runs ``bridgescore deals FILE --dd --par`` as a whole process (process start, reading, solving every deal with
DDS on every core, par, writing the text) on a generated hand record of 36 boards with no analysis written in it,
first with an empty cache (every deal solved) and then again (every table from the cache), and prints the wall
time and peak memory of each next to issue 10's goals (< 20 s solving, < 1 s cached).  The hand record is made
deterministically (Python's generator, seed 2026) in a temporary folder, as is the cache
(``BRIDGESCORE_CACHE``), so the user's own cache is neither used nor touched.  Nothing is asserted: benchmarks are
not unit tests.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
from pathlib import Path

from benchmarks._process import Run, bridgescore_command, environment, run

GOALS = {"solve": 20.0, "cached": 1.0}
_RANKS = "AKQJT98765432"


def hand_record(boards: int, seed: int = 2026) -> str:
    """A PBN hand record of ``boards`` random deals (dealer and vulnerability from the board number)."""
    rng = random.Random(seed)
    games = []
    for board in range(1, boards + 1):
        cards = [(suit, rank) for suit in range(4) for rank in range(13)]
        rng.shuffle(cards)
        hands = []
        for seat in range(4):
            held = cards[seat * 13 : seat * 13 + 13]
            hands.append(
                ".".join("".join(_RANKS[r] for r in sorted(r for s, r in held if s == suit)) for suit in range(4))
            )
        dealer = "NESW"[(board - 1) % 4]
        vul = ("None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None", "NS",
               "EW")[(board - 1) % 16]  # fmt: skip
        games.append(f'[Board "{board}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul}"]\n[Deal "N:{" ".join(hands)}"]\n')
    return "% PBN 2.1\n\n" + "\n".join(games)


def measure(boards: int, runs: int) -> list[dict[str, object]]:
    """The two workloads (solving with an empty cache, then cached), ``runs`` times each (a fresh cache per
    solving run); the median wall time and the largest peak memory."""
    rows: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory(prefix="bridgescore-deals-bench-") as folder:
        path = Path(folder) / f"hands-{boards}.pbn"
        path.write_text(hand_record(boards), encoding="utf-8")
        command = [*bridgescore_command(), "deals", str(path), "--dd", "--par", "-o", str(Path(folder) / "out.txt")]
        solving: list[Run] = []
        cached: list[Run] = []
        for index in range(runs):
            env = {**environment(), "BRIDGESCORE_CACHE": str(Path(folder) / f"cache-{index}.sqlite3")}
            solving.append(run(command, env=env))
            cached.append(run(command, env=env))
        for name, done in (("solve", solving), ("cached", cached)):
            failed = next((f"exit {r.status}: {r.stderr.strip()[-200:]}" for r in done if r.status != 0), None)
            seconds = statistics.median(r.seconds for r in done)
            rows.append(
                {
                    "workload": f"deals --dd --par, {boards} boards, {'empty cache' if name == 'solve' else 'cached'}",
                    "seconds": round(seconds, 2),
                    "peak_mb": round(max(r.peak_mb for r in done), 1),
                    "goal": f"< {GOALS[name]:g} s",
                    "met": "-" if boards != 36 else ("yes" if seconds < GOALS[name] and not failed else "no"),
                    "failed": failed,
                }
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.deals_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=36, help="deals in the hand record (the goals are for 36)")
    parser.add_argument("--runs", type=int, default=1, help="runs of each workload (the median is shown)")
    parser.add_argument("--json", type=Path, help="also write the rows to this file")
    args = parser.parse_args()
    print(f"bridgescore deals --dd --par on {args.boards} generated deals ({args.runs} run(s), whole process)")
    print(f"  load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows = measure(args.boards, args.runs)
    for row in rows:
        if row["failed"]:
            print(f"  {row['workload']:<48} failed ({row['failed']})")
            continue
        print(f"  {row['workload']:<48} {row['seconds']:7.2f} s {row['peak_mb']:7.0f} MB   goal {row['goal']:<8} "
              f"met {row['met']}")  # fmt: skip
    print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
