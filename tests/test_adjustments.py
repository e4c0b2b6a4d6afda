"""The adjusted-score grammar of the remarks column, and adjusted scores in a scored event."""

from __future__ import annotations

import pytest

from bridgescore.core.adjustments import ArtificialScore, AssignedScore, Award, Level, parse_adjustment
from bridgescore.io.csv import loads
from bridgescore.pairs.methods.butler import Butler
from bridgescore.pairs.scored import ScoringOptions, score_event

PLUS, AVE, MINUS = Award(level=Level.PLUS), Award(level=Level.AVERAGE), Award(level=Level.MINUS)


def pct(value: float) -> Award:
    return Award(percent=value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A+", ArtificialScore(PLUS, MINUS)),
        ("a", ArtificialScore(AVE, AVE)),
        ("A-", ArtificialScore(MINUS, PLUS)),
        ("AVE+", ArtificialScore(PLUS, MINUS)),
        ("AVE", ArtificialScore(AVE, AVE)),
        ("AVE-", ArtificialScore(MINUS, PLUS)),
        ("G+", ArtificialScore(PLUS, MINUS)),
        ("G", ArtificialScore(AVE, AVE)),
        ("g-", ArtificialScore(MINUS, PLUS)),
        ("A+/A-", ArtificialScore(PLUS, MINUS)),
        ("A-/A-", ArtificialScore(MINUS, MINUS)),
        ("G+ / G", ArtificialScore(PLUS, AVE)),
        ("AVE-/AVE+", ArtificialScore(MINUS, PLUS)),
        ("A60", ArtificialScore(pct(60), pct(40))),
        ("60%", ArtificialScore(pct(60), pct(40))),
        ("A60/40", ArtificialScore(pct(60), pct(40))),
        ("40/40", ArtificialScore(pct(40), pct(40))),
        ("60%-40%", ArtificialScore(pct(60), pct(40))),
        ("A5050", ArtificialScore(pct(50), pct(50))),
        ("A50/50", ArtificialScore(pct(50), pct(50))),
        ("A6040", ArtificialScore(pct(60), pct(40))),
        ("55,5%/44,5%", ArtificialScore(pct(55.5), pct(44.5))),
        ("A60A40", ArtificialScore(pct(60), pct(40))),
        ("A=/A=", ArtificialScore(AVE, AVE)),
        ("A/A", ArtificialScore(AVE, AVE)),
        ("assigned +420", AssignedScore(420)),  # the readers' canonical spelling
        ("R420", AssignedScore(420)),
        ("=-100", AssignedScore(-100)),
        ("assigned 620", AssignedScore(620)),
        ("SCORE -50", AssignedScore(-50)),
        ("late", None),
        ("A+/", None),
        ("150/40", None),
    ],
)
def test_grammar(text: str, expected: object) -> None:
    assert parse_adjustment(text) == expected


EVENT = """board,ns,ew,contract,declarer,result,score,remarks
1,1,2,4S,N,10,420,
1,3,4,4S,N,11,450,
1,5,6,3NT,S,9,400,
1,7,8,,,,,A+
1,9,10,,,,,40/40
1,11,12,4S,N,10,420,R-100
"""


def test_adjusted_scores_at_matchpoints() -> None:
    scored = score_event(loads(EVENT, "adj.csv"))
    (board,) = scored.boards
    lines = {line.result.ns_pair: line for line in board.lines()}
    assert board.n_scores == 4 and board.full_count == 6 and board.top == 10
    assert lines["7"].ns_percent == 60 and lines["7"].ew_percent == 40
    assert lines["7"].ns_points == 6 and lines["7"].ew_points == 4
    assert lines["9"].ns_percent == 40 and lines["9"].ew_percent == 40
    assert lines["11"].ns_score == -100 and lines["11"].ns_points == 0.5  # assigned score: bottom, Neuberg'd


def test_adjusted_scores_at_butler_and_the_zero_sum_check() -> None:
    from bridgescore.pairs.checks import run_checks

    scored = score_event(loads(EVENT, "adj.csv"), ScoringOptions(method=Butler()))
    lines = {line.result.ns_pair: line for line in scored.boards[0].lines()}
    assert (lines["7"].ns_points, lines["7"].ew_points) == (3, -3)
    assert (lines["9"].ns_points, lines["9"].ew_points) == (-3, -3)
    zero = {c.name: c for c in run_checks(scored)}["zero sum"]
    assert zero.ok and "-6.00" in zero.detail and "adjusted" in zero.detail


def test_unreadable_adjustment_is_a_problem_with_its_line() -> None:
    text = "board,ns,ew,contract,score,remarks\n1,1,2,,,late arrival\n1,3,4,PASS,0,\n"
    scored = score_event(loads(text, "bad.csv"))
    assert len(scored.problems) == 1
    problem = scored.problems[0]
    assert problem.location.line == 2 and "late arrival" in str(problem)
