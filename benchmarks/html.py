"""Benchmark of the published page: ``python -m benchmarks.html [--tables N] [--boards N]``.

A Mitchell of ``tables`` tables playing ``boards`` boards (default 100 × 100 = 10,000 results), scored at
matchpoints and Butler, turned into the ``bridgescore.score/1`` dict and rendered as HTML in English and
Dutch. Prints wall-clock seconds and the page's size; nothing is asserted (benchmarks are not unit tests).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from benchmarks.kernels import build_event
from bridgescore.pairs.methods.butler import Butler
from bridgescore.pairs.methods.matchpoints import Matchpoints
from bridgescore.pairs.report.html import render_html
from bridgescore.pairs.report.json import to_dict
from bridgescore.pairs.scored import ScoringOptions, score_event


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.html", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--boards", type=int, default=100)
    args = parser.parse_args()
    event = build_event(args.boards, args.tables, np.random.default_rng(2026))
    print(f"Published page, {args.boards * args.tables:,} results ({args.boards} boards × {args.tables} tables):")
    for name, method in (("matchpoints", Matchpoints()), ("butler", Butler())):
        data = to_dict(score_event(event, ScoringOptions(method=method)))
        for lang in ("en", "nl"):
            start = time.perf_counter()
            page = render_html(data, lang)
            seconds = time.perf_counter() - start
            print(f"  {name:<12} {lang}  render {seconds:6.2f} s   {len(page) / 1e6:6.1f} MB", flush=True)


if __name__ == "__main__":
    main()
