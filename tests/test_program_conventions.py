"""Conventions of particular scoring programs, each reproduced by options a director would choose.

* ``round_board_points``: points rounded before they are summed (ACBLscore's "rounded to the nearest hundredth,
  .005 is rounded up", TeamsScorer's 2-dp pairwise cross-IMPs).
* BBO's adjusted-score notation ``A==`` / ``A+-`` (``A`` and one sign per side, NS first).
* An ACBLscore club Mitchell with hand-computed values in ACBLscore's conventions.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.adjustments import ArtificialScore, Award, Level, parse_adjustment
from bridgescore.io.adjusted import canonical_adjustment
from bridgescore.io.csv import loads
from bridgescore.pairs.methods.matchpoints import Matchpoints, MatchpointScale
from bridgescore.pairs.scored import Movement, ScoringOptions, round_points, score_event
from bridgescore.pairs.standings import compute_standings, format_percent

PLUS, AVE, MINUS = Award(level=Level.PLUS), Award(level=Level.AVERAGE), Award(level=Level.MINUS)


def test_round_points_halves_away_from_zero() -> None:
    values = np.array([1.375, 2.625, -1.125, 0.125, 3.874999, np.nan, 12.0])
    rounded = round_points(values, 2)
    assert rounded[:5].tolist() == [1.38, 2.63, -1.13, 0.13, 3.87]
    assert np.isnan(rounded[5]) and rounded[6] == 12.0


@pytest.mark.parametrize(
    ("text", "expected", "canonical"),
    [
        ("A==", ArtificialScore(AVE, AVE), "A/A"),
        ("A+-", ArtificialScore(PLUS, MINUS), "A+/A-"),
        ("A-+", ArtificialScore(MINUS, PLUS), "A-/A+"),
        ("A--", ArtificialScore(MINUS, MINUS), "A-/A-"),
        ("A=+", ArtificialScore(AVE, PLUS), "A/A+"),
        ("a+=", ArtificialScore(PLUS, AVE), "A+/A"),
    ],
)
def test_bbo_adjusted_score_notation(text: str, expected: ArtificialScore, canonical: str) -> None:
    """BBO writes an artificial score as ``A`` and a sign per side, NS first; ``A==`` (a board not finished in
    time) is average for both sides."""
    assert parse_adjustment(text) == expected
    assert canonical_adjustment(text) == canonical
    assert parse_adjustment(canonical) == expected


# --- an ACBLscore club Mitchell --------------------------------------------------------------------------------
#
# Five tables, five rounds of two boards; pairs numbered per direction (NS 1–5 and EW 1–5, as ACBLscore numbers a
# Mitchell: NS 1 and EW 1 are two pairs).  Each board is played five times: top 4 on ACBL's 1-and-½ scale.
# Board 7: table 3 (NS 3 against EW 2) gets AVE+/AVE- (the director's artificial score, NS not at fault).
# Board 10: table 5 (NS 5 against EW 5) ran out of time and did not play it (NP).
#
# ACBLscore's conventions (ACBLscore manual, "Fouled/Adjusted board formula"; ACBL Bulletin June 1991):
#   a board with n scores of N: M = N·S/n + (N − n)/(2n), S the matchpoints among the n, rounded to the nearest
#   hundredth, .005 rounded up.  AVE+ = 60 % of the top (2.4), AVE- = 40 % (1.6).  A pair's percentage is its
#   matchpoints over the tops of the boards it played (NS 5 and EW 5: 9 boards, 36), printed with 2 decimals.
#
# Board 7, real scores 620 (NS 1), 650 (NS 2), 170 (NS 4), 620 (NS 5), n = 4, N = 5:
#   NS 650: S = 3 → 5·3/4 + 1/8 = 3.875 → 3.88;  EW 5: S = 0 → 0.125 → 0.13
#   NS 620: S = 1.5 → 1.875 + 0.125 = 2.00;      EW: 2.00
#   NS 170: S = 0 → 0.13;                         EW 4: S = 3 → 3.88
# Board 10, scores 300 (NS 1), 140 (NS 2), 110 (NS 3), 300 (NS 4), n = 4:
#   NS 300: S = 2.5 → 3.125 + 0.125 = 3.25;       EW: S = 0.5 → 0.625 + 0.125 = 0.75
#   NS 140: S = 1 → 1.375 → 1.38;                 EW 4: S = 2 → 2.625 → 2.63
#   NS 110: S = 0 → 0.13;                         EW 1: S = 3 → 3.88
ACBL_MITCHELL = """board,ns,ew,score
1,1,1,420
1,2,3,450
1,3,5,420
1,4,2,-50
1,5,4,170
2,1,1,-100
2,2,3,-110
2,3,5,140
2,4,2,-100
2,5,4,-620
3,1,5,400
3,2,2,430
3,3,4,400
3,4,1,430
3,5,3,460
4,1,5,-200
4,2,2,50
4,3,4,-200
4,4,1,110
4,5,3,-150
5,1,4,150
5,2,1,140
5,3,3,110
5,4,5,-100
5,5,2,150
6,1,4,-460
6,2,1,-430
6,3,3,-460
6,4,5,-490
6,5,2,-460
7,1,3,620
7,2,5,650
7,3,2,AVE+
7,4,4,170
7,5,1,620
8,1,3,-50
8,2,5,100
8,3,2,100
8,4,4,-110
8,5,1,90
9,1,2,-1430
9,2,4,-1430
9,3,1,-680
9,4,3,-1460
9,5,5,-1430
10,1,2,300
10,2,4,140
10,3,1,110
10,4,3,300
10,5,5,NP
"""

#: board → (NS pair, EW pair) → (NS matchpoints, EW matchpoints), computed by hand above
ACBL_LINES: dict[int, dict[tuple[str, str], tuple[float | None, float | None]]] = {
    7: {("1", "3"): (2.0, 2.0), ("2", "5"): (3.88, 0.13), ("3", "2"): (2.4, 1.6), ("4", "4"): (0.13, 3.88),
        ("5", "1"): (2.0, 2.0)},
    10: {("1", "2"): (3.25, 0.75), ("2", "4"): (1.38, 2.63), ("3", "1"): (0.13, 3.88), ("4", "3"): (3.25, 0.75),
         ("5", "5"): (None, None)},
}  # fmt: skip

#: (direction, pair) → (matchpoints, boards, percentage as ACBLscore prints it, place)
ACBL_RANKING = {
    ("NS", "2"): (27.26, 10, "68.15", 1),
    ("NS", "5"): (18.50, 9, "51.39", 2),
    ("NS", "3"): (20.53, 10, "51.33", 3),  # 20.53/40 = 51.325 %: the half is rounded up
    ("NS", "1"): (19.75, 10, "49.38", 4),  # 49.375 %
    ("NS", "4"): (12.38, 10, "30.95", 5),
    ("EW", "4"): (29.01, 10, "72.53", 1),  # 72.525 %
    ("EW", "5"): (19.13, 9, "53.14", 2),
    ("EW", "3"): (19.75, 10, "49.38", 3),
    ("EW", "2"): (15.35, 10, "38.38", 4),  # 38.375 %, with its AVE- (1.60)
    ("EW", "1"): (14.38, 10, "35.95", 5),
}
ACBLSCORE = ScoringOptions(method=Matchpoints(MatchpointScale.ACBL), round_board_points=2)


def test_acblscore_mitchell_lines_and_ranking() -> None:
    event = loads(ACBL_MITCHELL, "acbl-club.csv")
    assert [p for p in event.problems if p.severity.value == "error"] == []
    scored = score_event(event, ACBLSCORE)
    assert set(scored.movements.values()) == {Movement.MITCHELL}  # numbered per direction, recognised
    for board in scored.boards:
        assert board.top == 4.0
        for line in board.lines():
            expected = ACBL_LINES.get(board.number, {}).get((line.result.ns_pair, line.result.ew_pair))
            if expected is not None:
                assert (line.ns_points, line.ew_points) == expected, (board.number, line.result)
    ranking = {(e.direction, e.pair): e for s in compute_standings(scored) for e in s.entries}
    assert set(ranking) == set(ACBL_RANKING)
    for key, (total, boards, percent, place) in ACBL_RANKING.items():
        entry = ranking[key]
        assert entry.unfactored_total == pytest.approx(total, abs=1e-9), key
        assert (entry.boards, format_percent(entry.percent), entry.place) == (boards, percent, place), key


def test_acblscore_mitchell_without_rounding_differs() -> None:
    """The rounding is what ACBLscore does: exact factored matchpoints print NS 3 (20.525 → 51.31 %) otherwise."""
    scored = score_event(
        loads(ACBL_MITCHELL, "acbl-club.csv"), ScoringOptions(method=Matchpoints(MatchpointScale.ACBL))
    )
    ranking = {(e.direction, e.pair): e for s in compute_standings(scored) for e in s.entries}
    assert format_percent(ranking[("NS", "3")].percent) != ACBL_RANKING[("NS", "3")][2]


def test_acblscore_mitchell_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "acbl-club.csv"
    path.write_text(ACBL_MITCHELL, encoding="utf-8")
    result = CliRunner().invoke(
        app, ["score", str(path), "--acbl-scale", "--round-board-points", "2", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    printed = {(s["group"], e["pair"]): format_percent(e["percent"]) for s in data["standings"] for e in s["entries"]}
    assert printed == {key: value[2] for key, value in ACBL_RANKING.items()}


# --- Law 12C2(c): average-plus for a pair that did better on its other boards ----------------------------------


def test_session_average_plus_at_matchpoints() -> None:
    """NS 2 is given AVE+ on board 1 of the Mitchell above.  On its other nine boards it has
    27.26 − 4.00 = 23.26 matchpoints (23.25 before rounding 3.875 and 1.375) of 36: 64.58 %, more than 60 %, so
    (EBUScore, ScoreBridge, RealBridge's variable Avg+) it gets 64.58 % of the top 4 = 2.5833 → 2.58 instead of
    2.40, and 25.84 of 40 = 64.60 % for the session (64.15 % with a fixed 60 %).  EW 3's AVE- stays 40 %."""
    text = ACBL_MITCHELL.replace("1,2,3,450", "1,2,3,AVE+")
    fixed = ScoringOptions(method=Matchpoints(MatchpointScale.ACBL), round_board_points=2)
    variable = ScoringOptions(method=Matchpoints(MatchpointScale.ACBL), round_board_points=2, session_average_plus=True)
    for options, ns_points, percent in ((fixed, 2.4, "64.15"), (variable, 2.58, "64.60")):
        scored = score_event(loads(text, "acbl-club.csv"), options)
        (line,) = [li for b in scored.boards if b.number == 1 for li in b.lines() if li.result.ns_pair == "2"]
        assert (line.ns_points, line.ew_points) == (ns_points, 1.6)
        ranking = {(e.direction, e.pair): e for s in compute_standings(scored) for e in s.entries}
        assert format_percent(ranking[("NS", "2")].percent) == percent


def test_session_average_plus_at_cross_imps() -> None:
    """Pair 1 won 470 against each of three tables on board 1 (10 IMPs each): 10 IMPs per board, so its A+ on
    board 2 is worth 10, not 3; its opponents' A- stays −3 without ``session_average_minus``."""
    from bridgescore.pairs.methods.crossimps import CrossImps

    text = "board,ns,ew,score\n1,1,2,420\n1,3,4,-50\n1,5,6,-50\n1,7,8,-50\n2,1,2,A+\n2,3,4,100\n2,5,6,100\n2,7,8,100\n"
    scored = score_event(loads(text, "x.csv"), ScoringOptions(method=CrossImps(), session_average_plus=True))
    (line,) = [li for b in scored.boards if b.number == 2 for li in b.lines() if li.result.ns_pair == "1"]
    assert (line.ns_points, line.ew_points) == (10.0, -3.0)


def test_checks_allow_the_rounding_of_board_points() -> None:
    """ACBLscore's 3.88 + 0.13 = 4.01 is rounding, not a mistake: the director's checks pass; a real error of
    0.02 on a line is still caught."""
    from bridgescore.pairs.checks import run_checks

    checks = {c.name: c for c in run_checks(score_event(loads(ACBL_MITCHELL, "acbl-club.csv"), ACBLSCORE))}
    assert checks["board mirror"].ok and checks["board totals"].ok and checks["table totals"].ok
    scored = score_event(loads(ACBL_MITCHELL, "acbl-club.csv"), ACBLSCORE)
    board = next(b for b in scored.boards if b.number == 7)
    board.ew_points[1] += 0.02  # 0.13 → 0.15 against NS 3.88
    checks = {c.name: c for c in run_checks(scored)}
    assert not checks["board mirror"].ok


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from([-1430, -620, -100, -50, 110, 140, 420, 450, 990]), min_size=2, max_size=12),
    st.integers(min_value=1, max_value=6),
)
def test_rounded_points_are_the_exact_ones_rounded(scores: list[int], short_by: int) -> None:
    """With Neuberg (a board with fewer results than the field's fullest), each rounded value is a whole number of
    hundredths within half a hundredth of the exact value."""
    lines = [f"1,{i},{100 + i},{s}" for i, s in enumerate(scores, 1)]
    lines += [f"2,{i},{100 + i},{s}" for i, s in enumerate(scores + [0] * short_by, 1)]
    text = "board,ns,ew,score\n" + "\n".join(lines) + "\n"
    exact = score_event(loads(text, "x.csv"))
    rounded = score_event(loads(text, "x.csv"), ScoringOptions(round_board_points=2))
    for board_exact, board_rounded in zip(exact.boards, rounded.boards, strict=True):
        for a, b in (
            (board_exact.ns_points, board_rounded.ns_points),
            (board_exact.ew_points, board_rounded.ew_points),
        ):
            assert np.all(np.abs(a - b) <= 0.005 + 1e-9)
            assert np.allclose(b * 100, np.round(b * 100), atol=1e-6)
