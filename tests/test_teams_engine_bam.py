"""Board-a-match (ACBL 1/½/0, EBU point-a-board 2/1/0) and the two Patton forms (ACBL, NBB)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.contract import Seat, parse_contract
from bridgescore.core.event import Result, ResultStatus
from bridgescore.teams import Match, MatchBoard, TeamsEvent, TeamsOptions, score_teams
from bridgescore.teams.vp import WBFContinuous


def _line(board: int, ns: str, ew: str, score: int) -> Result:
    return Result(board, ns, ew, ResultStatus.PLAYED, contract=parse_contract("3NT"), declarer=Seat.N,
                  tricks=9, ns_score=score)  # fmt: skip


def _match(*scores: tuple[int, int], home: str = "A", away: str = "B", round: int = 1) -> Match:
    boards = tuple(MatchBoard(i + 1, _line(i + 1, home, away, o), _line(i + 1, away, home, c))
                   for i, (o, c) in enumerate(scores))  # fmt: skip
    return Match(round, home, away, boards)


#: A won board 1 by 10 points, lost board 2 by 600, tied board 3, won board 4 by 20: aggregate −570.
FOUR = ((420, 410), (-620, -20), (100, 100), (-100, -120))


def test_acbl_board_a_match_is_one_half_nothing() -> None:
    (m,) = score_teams(TeamsEvent({}, (_match(*FOUR),)), TeamsOptions(form="bam", board_points="acbl")).matches
    assert [(b.points_home, b.points_away) for b in m.boards] == [(1, 0), (0, 1), (0.5, 0.5), (1, 0)]
    assert (m.points_home, m.points_away) == (2.5, 1.5) and m.winner == "A"
    assert m.vp_home is None


def test_ebu_point_a_board_is_two_one_nothing_and_the_files_word_selects_it() -> None:
    event = TeamsEvent({}, (_match(*FOUR),), form="bam", match_scoring="PAB")
    (m,) = score_teams(event).matches
    assert (m.points_home, m.points_away) == (5.0, 3.0)


def test_board_a_match_standings_rank_by_points() -> None:
    event = TeamsEvent({}, (_match(*FOUR), _match((0, 10), home="C", away="D")), form="bam")
    scored = score_teams(event)
    assert [(s.team.id, s.points, s.vp) for s in scored.standings] == [
        ("A", 2.5, None), ("B", 1.5, None), ("D", 1.0, None), ("C", 0.0, None)
    ]  # fmt: skip
    assert scored.vp_scale is None


def test_acbl_patton_adds_two_points_for_the_aggregate() -> None:
    """Board points 2.5-1.5 to A, but B's aggregate is 570 better: B gets the 2 aggregate points, 3.5-2.5."""
    (m,) = score_teams(TeamsEvent({}, (_match(*FOUR),)), TeamsOptions(form="patton", patton="acbl")).matches
    assert (m.points_home, m.points_away) == (2.5, 3.5) and m.winner == "B"


def test_acbl_patton_splits_a_level_aggregate() -> None:
    (m,) = score_teams(TeamsEvent({}, (_match((420, 400), (-20, 0)),)), TeamsOptions(form="patton")).matches
    assert (m.points_home, m.points_away) == (2.0, 2.0) and m.winner == "tied: play-off boards"


def test_nbb_patton_adds_the_victory_points_of_the_imps() -> None:
    """2/1/0 per board (5-3 to A) plus the VPs of the match's IMPs (A lost 11 IMPs net) on the event's scale."""
    options = TeamsOptions(form="patton", patton="nbb")
    (m,) = score_teams(TeamsEvent({}, (_match(*FOUR),)), options).matches
    vp_home, vp_away = WBFContinuous().vp(m.imps_home - m.imps_away, 4)
    assert m.imps_home - m.imps_away == -11
    assert (m.points_home, m.points_away) == pytest.approx((5 + vp_home, 3 + vp_away))
    assert (m.vp_home, m.vp_away) == (vp_home, vp_away)


@given(st.lists(st.tuples(st.integers(-150, 150), st.integers(-150, 150)), min_size=1, max_size=10),
       st.sampled_from(["acbl", "ebu"]))  # fmt: skip
def test_board_points_always_add_up_to_the_board(scores: list[tuple[int, int]], form: str) -> None:
    match = _match(*((10 * a, 10 * b) for a, b in scores))
    options = TeamsOptions(form="bam", board_points=form)  # type: ignore[arg-type]
    (m,) = score_teams(TeamsEvent({}, (match,)), options).matches
    win = 1.0 if form == "acbl" else 2.0
    assert m.points_home is not None and m.points_away is not None
    assert m.points_home + m.points_away == pytest.approx(win * len(scores))
    for b in m.boards:
        assert b.ns_open is not None and b.ns_closed is not None
        expected = win if b.ns_open > b.ns_closed else win / 2 if b.ns_open == b.ns_closed else 0.0
        assert b.points_home == expected  # any difference wins the board, even 10 points
