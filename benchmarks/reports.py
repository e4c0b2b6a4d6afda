"""Benchmark of the terminal and CSV reports: ``python -m benchmarks.reports [--tables N] [--boards N]``.

A Mitchell of ``tables`` tables playing ``boards`` boards (default 100 × 100 = 10,000 results) at matchpoints,
written as the text report with every traveller (``--boards``), the rankings CSV and the travellers CSV, in
English and Dutch (every number through ``format_number``). Prints wall-clock seconds; nothing is asserted.
"""

from __future__ import annotations

import argparse
import io
import time

import numpy as np
from rich.console import Console

from benchmarks.kernels import build_event
from bridgescore.pairs.checks import run_checks
from bridgescore.pairs.report.csv import boards_csv, standings_csv
from bridgescore.pairs.report.text import render_text
from bridgescore.pairs.scored import score_event
from bridgescore.pairs.standings import compute_standings


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.reports", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--boards", type=int, default=100)
    args = parser.parse_args()
    scored = score_event(build_event(args.boards, args.tables, np.random.default_rng(2026)))
    standings, checks = compute_standings(scored), run_checks(scored)
    print(f"Text and CSV reports, {args.boards * args.tables:,} results ({args.boards} boards × {args.tables} tables):")
    for lang in ("en", "nl"):
        start = time.perf_counter()
        console = Console(file=io.StringIO(), width=120, highlight=False)
        render_text(scored, console, lang, boards=True, standings=standings, checks=checks, lang=lang)
        text_seconds = time.perf_counter() - start
        start = time.perf_counter()
        standings_csv(scored, standings, lang=lang)
        boards_csv(scored, lang, lang=lang)
        csv_seconds = time.perf_counter() - start
        print(
            f"  {lang}  text --boards {text_seconds:6.2f} s   CSV (rankings + travellers) {csv_seconds:6.2f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
