"""Benchmark of the readers: ``.venv/bin/python -m benchmarks.readers [--quick]``.

An event of 100,000 traveller lines (100 boards × 1,000 tables) written as USEBIO XML, as a PBN file with a
score table per board, and as a traveller CSV, each read back with its reader (which checks every line's
score against its contract); the CSV also line by line (the reader before issue 12's columnar one), and ten
times as many lines written ``board,ns,ew,score``.  Times are wall-clock seconds; nothing is asserted.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bridgescore.io import csv as traveller_csv
from bridgescore.io import pbn, usebio


def _tricks(boards: int, tables: int) -> list[list[int]]:
    rng = np.random.default_rng(1)
    values: list[list[int]] = rng.integers(7, 13, size=(boards, tables)).tolist()
    return values


def _usebio(tricks: list[list[int]]) -> str:
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2"><EVENT>']
    for b, row in enumerate(tricks, start=1):
        parts.append(f"<BOARD><BOARD_NUMBER>{b}</BOARD_NUMBER>")
        parts.extend(
            f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{t}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{t + 10_000}</EW_PAIR_NUMBER>"
            f"<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>{n}</TRICKS><LEAD>HA</LEAD></TRAVELLER_LINE>\n"
            for t, n in enumerate(row, start=1)
        )
        parts.append("</BOARD>")
    parts.append("</EVENT></USEBIO>\n")
    return "".join(parts)


def _pbn(tricks: list[list[int]]) -> str:
    games = []
    for b, row in enumerate(tricks, start=1):
        rows = "\n".join(f"{t} {t + 10_000} 4S N {n} HA" for t, n in enumerate(row, start=1))
        games.append(f'[Board "{b}"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Lead"]\n{rows}\n')
    return "\n".join(games)


def _csv(tricks: list[list[int]]) -> str:
    lines = ["board,ns,ew,contract,declarer,result,lead"]
    for b, row in enumerate(tricks, start=1):
        lines.extend(f"{b},{t},{t + 10_000},4S,N,{n},HA" for t, n in enumerate(row, start=1))
    return "\n".join(lines) + "\n"


def _score_csv(boards: int, tables: int) -> str:
    """``boards`` x ``tables`` lines of NS's score only (4S by N making 10 or 11 tricks)."""
    lines = ["board,ns,ew,score"]
    for b in range(1, boards + 1):
        vulnerable = (b - 1) % 16 in (1, 3, 4, 6, 9, 11, 12, 14)  # NS vulnerable (Law 2)
        made = ("620", "650") if vulnerable else ("420", "450")
        lines.extend(f"{b},{t},{t + 10_000},{made[t % 2]}" for t in range(1, tables + 1))
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a tenth of the size")
    args = parser.parse_args()
    tables = 100 if args.quick else 1_000
    tricks = _tricks(100, tables)
    print(f"Reading {100 * tables:,} traveller lines (100 boards x {tables:,} tables):")
    for name, text, read in (
        ("USEBIO XML (defusedxml)", _usebio(tricks), usebio.loads),
        ("PBN score tables (endplay)", _pbn(tricks), pbn.loads),
        ("traveller CSV", _csv(tricks), traveller_csv.loads),
        ("traveller CSV line by line", _csv(tricks), traveller_csv.loads_line_by_line),
        ("board,ns,ew,score CSV (x10)", _score_csv(1_000, tables), traveller_csv.loads),
    ):
        start = time.perf_counter()
        event = read(text)
        elapsed = time.perf_counter() - start
        assert len(event.results) in (100 * tables, 1_000 * tables) and not event.problems, event.problems[:1]
        print(f"  {name:<30} {elapsed:8.3f} s  ({len(text) / 1e6:.1f} MB)", flush=True)


if __name__ == "__main__":
    main()
