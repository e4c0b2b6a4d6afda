"""Benchmark of the lead analysis (issue 10): ``make bench-leads`` or ``python -m benchmarks.leads_bench``.

A club evening of 36 boards at 12 tables (432 lines; NS pairs 1-12 stay, EW pairs 13-24 move), generated
deterministically (seed 2026): random deals, and on each board a few contracts a field would reach (the side with
more points, in its best double-dummy strain, by either player of the pair, at the level of its double-dummy
tricks), made double dummy or a trick either side, each with a random opening lead from the leader's hand.

Measured as whole processes of this checkout, scoring the event to JSON with its lead analysis: ``score
EVENT --deals DEALS -f json -o OUT`` where ``score`` has the ``--deals`` option (issue 10's hand-record readers),
else ``python -m benchmarks.leads_bench --child`` (the travellers read by ``bridgescore.api.read``, the deals from
the PBN file, ``api.score`` and the JSON written by ``report.json.dump``: the same work).  Three rows: the score
without deals (what the analysis adds to), the first run with an empty solve cache, and the re-run on that cache
(``BRIDGESCORE_CACHE`` a temporary folder, so the user's cache is never touched).  Goals (issue 10): under 60 s on
this 2-core machine, cached re-runs under 1 s.  Where ``../shared/reference`` is beside the repository, the real
Welwyn evening (24 boards at 6 tables, its Bridgewebs hand record) is timed the same way.  Nothing is asserted:
benchmarks are not unit tests.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from benchmarks._process import SRC, bridgescore_command, environment, run

#: A real club evening with its hand record (24 boards, 6 tables), when the reference collection is beside the repo.
WELWYN = SRC.parents[1] / "shared" / "reference" / "events" / "usebio-brian-welwyn" / "original"
BOARDS = 36
TABLES = 12
_RANKS = "AKQJT98765432"
_SEATS = "NESW"


def _deal(rng: np.random.Generator) -> tuple[str, str, str, str]:
    """Four hands as PBN suits (spades first), from a shuffled deck."""
    order = rng.permutation(52)
    hands = []
    for seat in range(4):
        cards = sorted(int(c) for c in order[seat * 13 : (seat + 1) * 13])
        hands.append(".".join("".join(_RANKS[c % 13] for c in cards if c // 13 == suit) for suit in range(4)))
    return hands[0], hands[1], hands[2], hands[3]


def write_inputs(folder: Path, boards: int = BOARDS, tables: int = TABLES, seed: int = 2026) -> tuple[Path, Path]:
    """The travellers (CSV) and the deals (PBN) of the evening, into ``folder``."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    from bridgescore.core.contract import Contract, Strain, dealer_of_board, format_result, vulnerability_of_board
    from bridgescore.core.deal import hcp_of

    rng = np.random.default_rng(seed)
    strains = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
    denoms = (Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt)
    pbn: list[str] = []
    lines = ["board,ns,ew,contract,declarer,result,lead"]
    for board in range(1, boards + 1):
        hands = _deal(rng)
        vulnerable = {"none": "None", "ns": "NS", "ew": "EW", "all": "All"}[vulnerability_of_board(board).value]
        pbn += [f'[Board "{board}"]', f'[Dealer "{_SEATS[dealer_of_board(board)]}"]', f'[Vulnerable "{vulnerable}"]',
                f'[Deal "N:{" ".join(hands)}"]', ""]  # fmt: skip
        table = calc_dd_table(Deal("N:" + " ".join(hands)))
        ns_points = hcp_of(hands[0]) + hcp_of(hands[2])
        seats = (0, 2) if ns_points >= 20 else (1, 3)
        by_tricks = sorted(
            ((table[denoms[k], Player(seat)], k, seat) for k in range(5) for seat in seats), reverse=True
        )  # the pair's best strains, by either player
        choices = by_tricks[:4]
        weights = np.array([0.45, 0.25, 0.2, 0.1])
        for t in range(tables):
            dd, k, declarer = choices[int(rng.choice(4, p=weights))]
            level = min(7, max(1, dd - 6 - (1 if rng.random() < 0.15 else 0)))
            tricks = int(min(13, max(0, dd + rng.choice([-1, 0, 0, 0, 1]))))
            contract = Contract(level, strains[k])
            leader = hands[(declarer + 1) % 4].split(".")
            cards = [("SHDC"[s], r) for s in range(4) for r in leader[s]]
            suit, rank = cards[int(rng.integers(len(cards)))]
            lines.append(f"{board},{t + 1},{(t + board - 1) % tables + tables + 1},{contract.format()},"
                         f"{_SEATS[declarer]},{format_result(contract, tricks)},{suit}{rank}")  # fmt: skip
    events, deals = folder / f"evening-{boards}x{tables}.csv", folder / f"evening-{boards}x{tables}.pbn"
    events.write_text("\n".join(lines) + "\n", encoding="utf-8")
    deals.write_text("\n".join(pbn), encoding="utf-8")
    return events, deals


def read_deals(path: Path) -> dict[int, object]:
    """The deals of a PBN file as hand records (the benchmark's own few lines: only ``Board`` and ``Deal``, whose
    hands start with the seat it names)."""
    from bridgescore.core.contract import dealer_of_board, vulnerability_of_board
    from bridgescore.core.deal import HandRecord

    out: dict[int, object] = {}
    board = 0
    for text in path.read_text(encoding="utf-8").splitlines():
        tag = re.match(r'\[(\w+) "(.*)"\]', text.strip())
        if tag and tag[1] == "Board":
            board = int(tag[2])
        elif tag and tag[1] == "Deal":  # "E:…" gives East's hand first, then clockwise
            first = _SEATS.index(tag[2][0].upper())
            given = tag[2][2:].split()
            n, e, s, w = (given[(seat - first) % 4] for seat in range(4))
            out[board] = HandRecord(board, (n, e, s, w), dealer_of_board(board), vulnerability_of_board(board))
    return out


def child(events: Path, deals: Path | None, output: Path) -> None:
    """What ``score EVENTS --deals DEALS -f json -o OUTPUT`` does, for a tree whose ``score`` has no ``--deals``."""
    from dataclasses import replace
    from types import MappingProxyType

    from bridgescore.api import read, score
    from bridgescore.pairs.report import json as score_json

    event = read(events)
    if deals is not None:
        event = replace(event, deals=MappingProxyType(read_deals(deals)))
    scores = score(event)
    # the deals' DD/par and the lead analysis are completed by the API (Scores.analysed) where the tree has it;
    # an older tree's writer completed them itself
    scored = getattr(scores, "analysed", scores.scored)
    with output.open("wb") as stream:
        score_json.dump(scored, stream)


def _has_deals_option() -> bool:
    done = subprocess.run([*bridgescore_command(), "score", "--help"], capture_output=True, text=True,
                          env={**environment(), "COLUMNS": "200"}, check=False)  # fmt: skip
    return "--deals" in done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.leads_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cached re-runs (the median is shown)")
    parser.add_argument("--boards", type=int, default=BOARDS)
    parser.add_argument("--tables", type=int, default=TABLES)
    parser.add_argument("--child", nargs=3, metavar=("EVENTS", "DEALS", "OUTPUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        events, deals, output = args.child
        child(Path(events), None if deals == "-" else Path(deals), Path(output))
        return
    with tempfile.TemporaryDirectory(prefix="bridgescore-leads-") as tmp:
        folder = Path(tmp)
        events, deals = write_inputs(folder, args.boards, args.tables)
        output = folder / "out.json"
        env = {**environment(), "BRIDGESCORE_CACHE": str(folder / "cache")}
        env["PYTHONPATH"] += os.pathsep + str(SRC.parent)
        cli = _has_deals_option()

        def command(with_deals: bool) -> list[str]:
            if cli:
                given = ["--deals", str(deals)] if with_deals else []
                return [*bridgescore_command(), "score", str(events), *given, "-f", "json", "-o", str(output)]
            return [sys.executable, "-m", "benchmarks.leads_bench", "--child", str(events),
                    str(deals) if with_deals else "-", str(output)]  # fmt: skip

        how = "score --deals" if cli else "benchmarks.leads_bench --child (score has no --deals yet)"
        print(f"Lead analysis of {args.boards} boards x {args.tables} tables, whole process ({how})")
        print(f"  load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        rows = [("score -f json, no deals", run(command(False), env=env))]
        rows.append(("with deals, empty solve cache", run(command(True), env=env)))
        cached = [run(command(True), env=env) for _ in range(args.runs)]
        cached.sort(key=lambda r: r.seconds)
        rows.append((f"with deals, cached (median of {args.runs})", cached[len(cached) // 2]))
        for name, measured in rows:
            if measured.status != 0:
                print(f"  {name:<36} failed (exit {measured.status}): {measured.stderr.strip()[-300:]}")
                continue
            print(f"  {name:<36} {measured.seconds:7.2f} s {measured.peak_mb:7.0f} MB")
        if output.is_file():
            import json

            block = json.loads(output.read_text(encoding="utf-8")).get("leads", {})
            print(f"  lines analysed: {len(block.get('lines', []))}, left out: {block.get('left_out', {})}")
        if WELWYN.is_dir():  # a real evening too: its deals are harder for the solver than random ones
            real = [sys.executable, "-m", "benchmarks.leads_bench", "--child", str(WELWYN / "usebio.xml"),
                    str(WELWYN / "hands.pbn"), str(output)]  # fmt: skip
            env["BRIDGESCORE_CACHE"] = str(folder / "cache-welwyn")
            for name in ("Welwyn 24x6 (real), empty cache", "Welwyn 24x6 (real), cached"):
                measured = run(real, env=env)
                state = f"failed (exit {measured.status})" if measured.status else f"{measured.seconds:7.2f} s"
                print(f"  {name:<36} {state} {measured.peak_mb:7.0f} MB")
        print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print("  goals: first run under 60 s, cached re-runs under 1 s")


if __name__ == "__main__":
    main()
