"""BridgeWx (a Dutch club program) autotest listings: per-board matchpoints and Butler datums and IMPs.

``../shared/reference/events/bridgewx-autotest-reference/original/ref_list.db.en[.butler]`` print, for each
game (board) of three sessions, the frequency table (score → NS and EW matchpoints, or datum → IMPs) and the
table results.  Groups A and B are compared together on each board.  We parse the listing, rebuild each
board's traveller and compare.  Boards with adjusted or per-side assigned scores (``%60``, ``R630``) are left
out here: BridgeWx gives each side its own assigned score and computes the two datums separately, which a
traveller line with one NS score cannot express.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.pairs.methods.butler import Butler, DatumRounding, PercentTrim
from bridgescore.pairs.methods.matchpoints import Matchpoints
from bridgescore.pairs.scored import ScoringOptions, score_event
from reference_data import need

FOLDER = Path("events") / "bridgewx-autotest-reference" / "original"
_TRIPLE = re.compile(r"([AB]\d+)\s+([AB]\d+)\s+(\S+)")


def _games(text: str) -> list[tuple[str, list[str], list[tuple[str, str, str]]]]:
    """(heading, frequency-table lines, table results) for every 'Result of game' block."""
    games = []
    for block in text.split("Result of game ")[1:]:
        body = block.split("(c)opyright")[0]
        lines = body.splitlines()
        split = next(i for i, line in enumerate(lines) if line.strip().startswith("NS   EW  SCORE"))
        results = [t for line in lines[split + 1 :] for t in _TRIPLE.findall(line)]
        games.append((lines[0], lines[1:split], results))
    return games


def _event(results: list[tuple[str, str, str]]) -> Event:
    return Event(tuple(Result(1, ns, ew, ResultStatus.PLAYED, ns_score=int(s)) for ns, ew, s in results))


def _clean(results: list[tuple[str, str, str]]) -> bool:
    return all(re.fullmatch(r"-?\d+", s) for _, _, s in results)


def test_matchpoints_per_board(reference: Path) -> None:
    games = _games(need(reference / FOLDER / "ref_list.db.en").read_text(encoding="utf-8-sig"))
    checked = 0
    for heading, table, results in games:
        if not _clean(results):
            continue
        expected = {}
        for line in table:
            m = re.fullmatch(r"\s*(-?\d+)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s*", line)
            if m:
                expected[int(m.group(1))] = (float(m.group(2)), float(m.group(3)))
        scored = score_event(_event(results), ScoringOptions(method=Matchpoints()))
        for line in scored.boards[0].lines():
            assert line.ns_score is not None
            assert (line.ns_points, line.ew_points) == expected[line.ns_score], heading
        checked += 1
    assert checked >= 60


def test_butler_datums_and_imps(reference: Path) -> None:
    games = _games(need(reference / FOLDER / "ref_list.db.en.butler").read_text(encoding="utf-8-sig"))
    # BridgeWx: 10 % each side, at least 3 scores kept; halves rounded away from zero (game 7: 5 -> 10, where
    # seed 001's NBB rule gives 0)
    method = Butler(PercentTrim(10, min_kept=3), DatumRounding.HALF_AWAY_FROM_ZERO)
    checked = 0
    for heading, table, results in games:
        if not _clean(results):
            continue
        datum_line = next(line for line in table if line.startswith("datumscore"))
        m = re.search(r"NS: (-?\d+), EW: (-?\d+)", datum_line)
        assert m is not None
        ns_datum, ew_datum = int(m.group(1)), int(m.group(2))
        assert ns_datum == -ew_datum, heading
        imps = {}
        for line in table:
            row = re.fullmatch(r"\s*(-?\d+)\s+(-?\d+)\s+(-?\d+)\s+(-?\d+)\s+(-?\d+)\s+(-?\d+)\s*", line)
            if row:
                imps[int(row.group(1))] = int(row.group(3))
        scored = score_event(_event(results), ScoringOptions(method=method))
        board = scored.boards[0]
        assert board.datum == ns_datum, heading
        for line in board.lines():
            assert line.ns_score is not None and line.ns_points == imps[line.ns_score], heading
            assert line.ew_points == -imps[line.ns_score]
        checked += 1
    assert checked >= 60
    nbb = score_event(_event(games[6][2]), ScoringOptions(method=Butler()))
    assert games[6][0].startswith("7 for") and nbb.boards[0].datum == 0  # the NBB rounding differs here


def test_bridgewx_datum_matches_the_nbb_rule_on_its_boards(reference: Path) -> None:
    """On these boards (7 or 8 scores) BridgeWx's and seed 001's rules agree: both drop 1 + 1."""
    from bridgescore.pairs.methods.butler import NbbDatum

    scores = np.sort(np.array([300.0, 270, 160, 90, -100, -100, -140, -600]))
    assert NbbDatum().datum(scores) == PercentTrim(10, min_kept=3).datum(scores) == 30
    need(reference / FOLDER)
