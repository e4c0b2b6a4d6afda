"""The Laws in a teams match: adjusted scores (Law 12C, Law 86), a board not played in one room (Law 12C2(a)) and a
fouled board (Law 87).  Each test fails without the rule it names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.contract import Seat, parse_contract
from bridgescore.core.event import Result, ResultStatus
from bridgescore.core.imps import wbf_imps
from bridgescore.core.problems import Location, Severity
from bridgescore.teams import Match, MatchBoard, TeamsEvent, TeamsOptions, score_teams

HERE = Location("match.csv", 7, "score")


def _line(board: int, ns: str, ew: str, score: int) -> Result:
    return Result(board, ns, ew, ResultStatus.PLAYED, contract=parse_contract("3NT"), declarer=Seat.N,
                  tricks=9, ns_score=score, source=HERE)  # fmt: skip


def _ruling(board: int, ns: str, ew: str, remarks: str, score: int | None = None) -> Result:
    return Result(board, ns, ew, ResultStatus.ADJUSTED, ns_score=score, remarks=remarks, source=HERE)


def _one(board: MatchBoard, form: str = "imps"):  # type: ignore[no-untyped-def]
    event = TeamsEvent({}, (Match(1, "A", "B", (board,), source=Location("match.csv", 2)),))
    scored = score_teams(event, TeamsOptions(form=form, vp=None))  # type: ignore[arg-type]
    (match,) = scored.matches
    return scored, match, match.boards[0]


@pytest.mark.parametrize(
    ("remarks", "imps"),
    [
        ("A+/A-", 3.0),  # Law 86A: average-plus +3 IMPs to home (NS in the open room), average-minus -3 to away
        ("A-/A+", -3.0),
        ("A", 0.0),
        ("A60/40", 3.0),  # 60 % → +3, 40 % → -3 (WBF practice, 0.3 IMP per percent)
    ],
)
def test_an_artificial_score_in_the_open_room_decides_the_board(remarks: str, imps: float) -> None:
    _, match, board = _one(MatchBoard(1, _ruling(1, "A", "B", remarks), _line(1, "B", "A", 620)))
    assert board.imps_home == imps and board.imps_away is None  # balanced
    assert match.imps_home - match.imps_away == imps


def test_a_non_balancing_score_gives_each_team_its_own_award() -> None:
    """Law 12C2: the awards need not balance; both teams at fault (A-/A-) lose 3 IMPs each (the EBU's ruling),
    and each team's VPs come from its own margin."""
    board = MatchBoard(1, _ruling(1, "A", "B", "A-/A-"), _line(1, "B", "A", 620))
    event = TeamsEvent({}, (Match(1, "A", "B", (board,)),))
    scored = score_teams(event)
    (match,) = scored.matches
    assert (match.boards[0].imps_home, match.boards[0].imps_away) == (-3.0, -3.0)
    assert (match.imps_home, match.imps_away, match.shared_imps) == (0.0, 0.0, -3.0)
    assert match.vp_home == match.vp_away and match.vp_home is not None and match.vp_home < 10
    assert {(s.team.id, s.imps_for, s.imps_against) for s in scored.standings} == {("A", 0, 3), ("B", 0, 3)}


@pytest.mark.parametrize(("remarks", "imps"), [("A-/A-", 0.0), ("A+/A", 1.5), ("A+/A-", 3.0), ("A40/40", 0.0)])
def test_in_a_knock_out_a_non_balancing_score_is_averaged(remarks: str, imps: float) -> None:
    """Law 86 (knock-out play): each team's score worked out separately, the average of the two to both."""
    board = MatchBoard(1, _ruling(1, "A", "B", remarks), _line(1, "B", "A", 620))
    event = TeamsEvent({}, (Match(1, "A", "B", (board,)),))
    (match,) = score_teams(event, TeamsOptions(vp=None, knockout=True)).matches
    assert match.boards[0].imps_home == imps and match.boards[0].imps_away is None
    assert match.imps_home - match.imps_away == imps and match.shared_imps == 0


def test_in_the_closed_room_the_home_team_has_the_east_west_award() -> None:
    _, _, board = _one(MatchBoard(1, _line(1, "A", "B", 620), _ruling(1, "B", "A", "A+/A-")))
    assert board.imps_home == -3.0  # NS is the away team in the closed room


def test_the_same_ruling_on_both_lines_is_not_counted_twice() -> None:
    _, _, board = _one(MatchBoard(1, _ruling(1, "A", "B", "A+/A-"), _ruling(1, "B", "A", "A-/A+")))
    assert board.imps_home == 3.0


def test_an_assigned_score_is_compared_like_a_table_result() -> None:
    """Law 12C1: an assigned NS score replaces the table's, written as a remark (``R420``) or as the line's score
    with status adjusted."""
    _, _, board = _one(MatchBoard(1, _ruling(1, "A", "B", "R420"), _line(1, "B", "A", -50)))
    assert board.imps_home == wbf_imps(470)
    _, _, board = _one(MatchBoard(1, _line(1, "A", "B", -50), _ruling(1, "B", "A", "", 420)))
    assert board.imps_home == wbf_imps(-470)


def test_a_weighted_score_weights_the_imps_of_each_part() -> None:
    """Law 12C1(c): 50% +420 and 50% -50 against +170 in the other room: ½·IMP(250) + ½·IMP(-220) = ½·6 − ½·6."""
    _, _, board = _one(MatchBoard(2, _ruling(2, "A", "B", "50% +420 50% -50"), _line(2, "B", "A", 170)))
    assert board.imps_home == pytest.approx(0.5 * wbf_imps(250) + 0.5 * wbf_imps(-220))
    _, _, board = _one(MatchBoard(2, _ruling(2, "A", "B", "60% +420 40% -50"), _line(2, "B", "A", -170)))
    assert board.imps_home == pytest.approx(0.6 * wbf_imps(590) + 0.4 * wbf_imps(120))


@given(st.integers(-200, 200).map(lambda n: n * 10), st.integers(-200, 200).map(lambda n: n * 10),
       st.integers(1, 99))  # fmt: skip
def test_a_weighted_score_lies_between_its_parts(first: int, second: int, weight: int) -> None:
    remark = f"{weight}% R{first} {100 - weight}% R{second}"
    _, _, board = _one(MatchBoard(1, _ruling(1, "A", "B", remark), _line(1, "B", "A", 0)))
    low, high = sorted((wbf_imps(first), wbf_imps(second)))
    assert board.imps_home is not None and low - 1e-9 <= board.imps_home <= high + 1e-9


def test_a_board_missing_in_one_room_is_reported_with_its_place_and_scores_nothing() -> None:
    scored, match, board = _one(MatchBoard(3, _line(3, "A", "B", 620), None))
    assert board.imps_home is None and (match.imps_home, match.imps_away) == (0.0, 0.0)
    assert board.problem is not None and board.problem in scored.problems
    assert board.problem.severity is Severity.ERROR  # the line is missing: the input is incomplete
    assert "board 3 has no result in the closed room" in str(board.problem)
    assert str(board.problem).startswith("match.csv, line 7")
    assert "spel 3 heeft geen uitslag in de gesloten zaal" in board.problem.describe("nl")


def test_a_board_marked_not_played_is_a_warning() -> None:
    not_played = Result(3, "A", "B", ResultStatus.NOT_PLAYED, source=HERE)
    _, _, board = _one(MatchBoard(3, not_played, _line(3, "B", "A", 100)))
    assert board.problem is not None and board.problem.severity is Severity.WARNING
    assert "no result in the open room" in str(board.problem)


def test_a_ruling_on_the_unplayed_room_scores_the_board() -> None:
    """The director who knows the fault writes it: A+/A- on the open room's line decides the board."""
    _, _, board = _one(MatchBoard(3, _ruling(3, "A", "B", "A-/A+"), None))
    assert board.imps_home == -3.0 and board.problem is None


def test_an_unreadable_ruling_is_reported_as_the_pairs_engine_reports_it() -> None:
    scored, _, board = _one(MatchBoard(4, _ruling(4, "A", "B", "whatever"), _line(4, "B", "A", 100)))
    assert board.imps_home is None
    assert board.problem is not None and "cannot be read" in str(board.problem)
    assert board.problem in scored.problems


def test_a_fouled_board_is_not_compared() -> None:
    """Law 87: the rooms played different deals, so 620 against -100 is not a 12-IMP swing."""
    _, match, board = _one(MatchBoard(5, _line(5, "A", "B", 620), _line(5, "B", "A", 100), fouled=True))
    assert board.imps_home is None and match.imps_home == match.imps_away == 0.0
    assert board.problem is not None and board.problem.severity is Severity.WARNING
    assert "fouled (Law 87)" in str(board.problem) and "verkeerd gestoken" in board.problem.describe("nl")


def test_a_fouled_board_with_a_ruling_takes_the_ruling() -> None:
    _, _, board = _one(MatchBoard(5, _ruling(5, "A", "B", "A+/A-"), _line(5, "B", "A", 100), fouled=True))
    assert board.imps_home == 3.0


def test_at_board_a_match_an_artificial_score_is_that_share_of_the_board() -> None:
    _, _, board = _one(MatchBoard(1, _ruling(1, "A", "B", "A60/40"), _line(1, "B", "A", 100)), "bam")
    assert (board.points_home, board.points_away) == pytest.approx((0.6, 0.4))
    _, _, board = _one(MatchBoard(1, _line(1, "A", "B", 100), None), "bam")
    assert (board.points_home, board.points_away) == (0.5, 0.5)  # not compared: average to both
