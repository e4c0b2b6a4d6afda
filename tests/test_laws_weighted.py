"""Weighted assigned scores (Law 12C1(c)): ``50% 4S= + 50% 4S-1``, ``60% 4S= 40% 4S-1``.

Each part is scored as if it were the table's result and the points are weighted; every other line scores against
the weighted mixture (its points against this table = Σ weight × its points against each part).  ``check`` shows
the line with its weighted score and ``score`` scores it (before, ``check`` accepted the line and ``score`` refused
it as an unreadable adjustment).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.adjustments import AdjustmentError, WeightedPart, WeightedScore, parse_weighted_score
from bridgescore.core.contract import Seat
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.core.imps import wbf_imps
from bridgescore.io.csv import loads
from bridgescore.pairs.checks import run_checks
from bridgescore.pairs.methods import make_method
from bridgescore.pairs.scored import MAX_WEIGHTED_COMBINATIONS, ScoringOptions, score_event

runner = CliRunner()
METHODS = ("matchpoints", "butler", "bastille", "cross-imps")

BOARD = """board,ns,ew,contract,declarer,result,score,remarks
1,1,2,4S,N,=,420,
1,3,4,4S,N,-1,-50,
1,5,6,3S,N,+1,170,
1,7,8,,N,,,50% 4S= + 50% 4S-1
"""


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("50% 4S= + 50% 4S-1", ((50, 420, "4S="), (50, -50, "4S-1"))),
        ("60% 4S= 40% 4S-1", ((60, 420, "4S="), (40, -50, "4S-1"))),
        ("30% 4SE+1, 70% 3NT S =", ((30, -450, "4SE+1"), (70, 400, "3NT S ="))),
        ("50% +420 50% -50", ((50, 420, "+420"), (50, -50, "-50"))),
        ("33,33% 4S= 33.33% 4S-1 33.34% pass", ((33.33, 420, "4S="), (33.33, -50, "4S-1"), (33.34, 0, "pass"))),
        ("100% 4SX-1", ((100, -100, "4SX-1"),)),
        ("100% R-50", ((100, -50, "R-50"),)),
    ],
)
def test_grammar(text: str, parts: tuple[tuple[float, int, str], ...]) -> None:
    assert parse_weighted_score(text, 1, Seat.N) == WeightedScore(tuple(WeightedPart(*p) for p in parts))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("60% 4S= 30% 4S-1", "add up to 90%, not 100%"),
        ("50% 4S= 50% 4Q-1", "is neither a contract with its result nor an NS score"),
        ("50% 4S 50% 4S-1", "'4S' in the weighted score '50% 4S 50% 4S-1' has no result"),
        ("50% 4S= 50%", "has no result after it"),
        ("0% 4S= 100% 4S-1", "gives a weight of 0"),
    ],
)
def test_grammar_errors(text: str, words: str) -> None:
    with pytest.raises(AdjustmentError, match=words.replace("%", "%").replace("(", r"\(")):
        parse_weighted_score(text, 1, Seat.N)


def test_a_part_without_a_declarer_is_an_error() -> None:
    with pytest.raises(AdjustmentError, match="does not say who declared"):
        parse_weighted_score("50% 4S= + 50% 4S-1", 1, None)


def test_matchpoints_per_part_by_hand() -> None:
    """Table W is 50% 420 / 50% −50.  W: part 420 ties 420 and beats −50 and 170 (5), part −50 ties −50 (1):
    3.  The 420 gets 2 + 2 against −50 and 170 and 0.5 × 1 + 0.5 × 2 against W: 5.5; the −50 0.5 × 1 = 0.5; the
    170 2 + 0.5 × 2 = 3.  Together 12 = n(n − 1) for n = 4."""
    (board,) = score_event(loads(BOARD, "w.csv")).boards
    assert board.ns_points.tolist() == pytest.approx([5.5, 0.5, 3.0, 3.0])
    assert board.ew_points.tolist() == pytest.approx([0.5, 5.5, 3.0, 3.0])
    assert board.ns_scores[3] == 185  # the weighted score the line shows
    assert board.top == 6


def test_cross_imps_per_part_by_hand() -> None:
    scored = score_event(loads(BOARD, "w.csv"), ScoringOptions(method=make_method("cross-imps")))
    (board,) = scored.boards

    def imps(a: int, b: int) -> int:
        return int(wbf_imps(a - b))

    weighted = 0.5 * (imps(420, 420) + imps(420, -50) + imps(420, 170)) / 3
    weighted += 0.5 * (imps(-50, 420) + imps(-50, -50) + imps(-50, 170)) / 3
    first = (imps(420, -50) + imps(420, 170) + 0.5 * imps(420, 420) + 0.5 * imps(420, -50)) / 3
    assert board.ns_points[3] == pytest.approx(weighted)
    assert board.ns_points[0] == pytest.approx(first)


def test_butler_takes_the_datum_per_part() -> None:
    """Seed 001 datum (under 6 scores: outer ones once, inner twice).  Part 420: −50, 170, 420, 420 →
    (−50 + 420 + 2 × 590) / 6 = 258.3 → 260; part −50: −50, −50, 170, 420 → 101.7 → 100.  W gets
    0.5 × IMPs(420 − 260) + 0.5 × IMPs(−50 − 100) = 0.5 × 4 − 0.5 × 4 = 0; the datum shown is 180."""
    (board,) = score_event(loads(BOARD, "w.csv"), ScoringOptions(method=make_method("butler"))).boards
    assert board.datum == pytest.approx(180)
    # 420: +160 (4) and +320 (8); −50: −310 (7) and −150 (4); 170: −90 (3) and +70 (2); W: +160 (4), −150 (4)
    expected = [0.5 * 4 + 0.5 * 8, 0.5 * -7 + 0.5 * -4, 0.5 * -3 + 0.5 * 2, 0.5 * 4 + 0.5 * -4]
    assert board.ns_points.tolist() == pytest.approx(expected)


def _board(scores: list[int], weighted: str | None) -> Event:
    results = [Result(1, str(i + 1), str(i + 101), ResultStatus.PLAYED, ns_score=s) for i, s in enumerate(scores)]
    if weighted is not None:
        results.append(Result(1, "99", "199", ResultStatus.ADJUSTED, declarer=Seat.N, remarks=weighted))
    return Event(tuple(results))


scores_st = st.lists(st.integers(-100, 100).map(lambda x: x * 10), min_size=1, max_size=9)


@settings(max_examples=60, deadline=None)
@given(scores_st, st.integers(-100, 100).map(lambda x: x * 10), st.sampled_from(METHODS))
def test_one_part_of_100_percent_is_a_plain_assigned_score(scores: list[int], assigned: int, method: str) -> None:
    options = ScoringOptions(method=make_method(method))
    # "100% -50" is the split score 100%/50% (the older grammar wins); a negative score is written R-50
    text = f"100% {assigned:+d}" if assigned >= 0 or assigned < -1000 else f"100% R{assigned}"
    weighted = score_event(_board(scores, text), options).boards[0]
    plain = score_event(_board(scores, f"R{assigned}"), options).boards[0]
    assert weighted.ns_points.tolist() == pytest.approx(plain.ns_points.tolist())
    assert weighted.ew_points.tolist() == pytest.approx(plain.ew_points.tolist())
    assert weighted.datum == pytest.approx(plain.datum)


parts_st = st.lists(st.tuples(st.integers(1, 9), st.integers(-100, 100).map(lambda x: x * 10)), min_size=2,
                    max_size=3)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(scores_st, st.lists(parts_st, min_size=1, max_size=3))
def test_matchpoints_still_add_up_to_n_n_minus_1(scores: list[int], tables: list[list[tuple[int, int]]]) -> None:
    """Several weighted lines on one board, any weights: the board's matchpoints add up to n(n − 1) (2/1/0 scale)
    and every line's NS and EW points add up to the top; the director's checks all hold."""
    results = [Result(1, str(i + 1), str(i + 101), ResultStatus.PLAYED, ns_score=s) for i, s in enumerate(scores)]
    for t, parts in enumerate(tables):
        total = sum(w for w, _ in parts)
        text = " + ".join(f"{100 * w / total:.6f}% {s:+d}" for w, s in parts)
        results.append(Result(1, str(50 + t), str(150 + t), ResultStatus.ADJUSTED, remarks=text))
    scored = score_event(Event(tuple(results)))
    assert not scored.problems
    (board,) = scored.boards
    n = len(results)
    assert float(board.ns_points.sum()) == pytest.approx(n * (n - 1))
    assert (board.ns_points + board.ew_points).tolist() == pytest.approx([2.0 * (n - 1)] * n)
    assert all(c.ok for c in run_checks(scored)), [c for c in run_checks(scored) if not c.ok]


def test_too_many_combinations_are_reported() -> None:
    tables = MAX_WEIGHTED_COMBINATIONS.bit_length()  # 2 ** 13 > 4096 combinations of two parts each
    results = [Result(1, "1", "101", ResultStatus.PLAYED, ns_score=100)]
    results += [Result(1, str(10 + t), str(110 + t), ResultStatus.ADJUSTED, remarks="50% +420 50% -50")
                for t in range(tables)]  # fmt: skip
    scored = score_event(Event(tuple(results)))
    assert len(scored.problems) == tables
    assert "weighted scores with 8192 combinations of their parts, more than 4096" in str(scored.problems[0])
    assert scored.boards[0].n_scores == 1


def test_check_shows_the_weighted_score_and_score_scores_it(tmp_path: Path) -> None:
    path = tmp_path / "w.csv"
    path.write_text(BOARD, encoding="utf-8")
    checked = runner.invoke(app, ["check", str(path)])
    assert checked.exit_code == 0, checked.output
    assert "+185" in checked.output and "(weighted)" in checked.output  # the column may wrap
    scored = runner.invoke(app, ["score", str(path), "--format", "json"])
    assert scored.exit_code == 0, scored.output
    line = json.loads(scored.stdout)["boards"][0]["results"][3]
    assert line["status"] == "adjusted" and line["ns_score"] == 185
    assert line["adjustment"] == "weighted 50% +420 + 50% -50"
    assert line["components"] == [{"weight": 50, "ns_score": 420, "entry": "4S="},
                                  {"weight": 50, "ns_score": -50, "entry": "4S-1"}]  # fmt: skip
    assert line["ns_points"] == 3


def test_check_refuses_what_score_refuses(tmp_path: Path) -> None:
    """A weighted score whose weights do not add up to 100, and an adjustment nobody can read: ``check`` reports
    both with file, line and column and exits 2, as ``score`` does."""
    path = tmp_path / "bad.csv"
    path.write_text(BOARD.replace("50% 4S-1", "40% 4S-1") + "1,9,10,,,,,zzz\n", encoding="utf-8")
    for command in ("check", "score"):
        result = runner.invoke(app, [command, str(path)])
        assert result.exit_code == 2, result.output
        assert "bad.csv, line 5, column 'remarks': the weights of '50% 4S= + 40% 4S-1' add up to 90%, not 100%" in (
            result.output.replace("\n", " ")
        )
        assert "line 6, column 'remarks': board 1, 9 against 10: the adjustment 'zzz' cannot be read" in (
            result.output.replace("\n", " ")
        )


def test_check_shows_each_weighted_line_at_its_own_boards_vulnerability(tmp_path: Path) -> None:
    """The same weighted remark on board 1 (none vulnerable) and board 2 (NS vulnerable) is two different weighted
    scores: 50% of 4S= and 4S-1 is (420 - 50) / 2 = +185 on board 1 and (620 - 100) / 2 = +260 on board 2 (a listing
    that formatted each remark once showed +185 twice)."""
    travellers = tmp_path / "weighted.csv"
    travellers.write_text(
        "board,ns,ew,contract,declarer,result,remarks\n"
        "1,1,2,,,,50% 4SN= + 50% 4SN-1\n2,1,2,,,,50% 4SN= + 50% 4SN-1\n1,3,4,4S,N,=,\n2,3,4,4S,N,=,\n",
        encoding="utf-8",
    )
    listing = CliRunner().invoke(app, ["check", str(travellers), "-f", "csv"])
    assert listing.exit_code == 0, listing.output
    rows = {line.split(",")[2]: line for line in listing.stdout.splitlines()[1:] if ",1,2," in line}
    assert "+185" in rows["1"] and "+260" in rows["2"]
