"""A teams match as a whole: segments, carry-over, the knock-out winner, a match listed twice, and the director's
checks of the file's own values and of the schedule."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.contract import Seat, parse_contract
from bridgescore.core.event import Result, ResultStatus
from bridgescore.core.problems import Location, Severity
from bridgescore.teams import Match, MatchBoard, TeamsEvent, TeamsOptions, score_teams
from bridgescore.teams.model import TIED


def _line(board: int, ns: str, ew: str, score: int) -> Result:
    return Result(board, ns, ew, ResultStatus.PLAYED, contract=parse_contract("3NT"), declarer=Seat.N,
                  tricks=9, ns_score=score)  # fmt: skip


def _board(board: int, home: str, away: str, open_ns: int, closed_ns: int, **kw: object) -> MatchBoard:
    return MatchBoard(board, _line(board, home, away, open_ns), _line(board, away, home, closed_ns), **kw)  # type: ignore[arg-type]


def test_a_match_in_two_segments_has_a_subtotal_for_each() -> None:
    boards = (
        _board(1, "A", "B", 420, -50, segment=1),  # 470 → +10 home
        _board(2, "A", "B", -100, -110, segment=1),  # 10 → 0
        _board(3, "A", "B", 100, 600, segment=2),  # -500 → -11
    )
    (match,) = score_teams(TeamsEvent({}, (Match(1, "A", "B", boards),)), TeamsOptions(vp=None)).matches
    assert [(s.segment, s.imps_home, s.imps_away) for s in match.segments] == [(1, 10.0, 0.0), (2, 0.0, 11.0)]
    assert (match.imps_home, match.imps_away) == (10.0, 11.0)


def test_a_match_in_one_segment_has_no_subtotals() -> None:
    (match,) = score_teams(TeamsEvent({}, (Match(1, "A", "B", (_board(1, "A", "B", 420, -50),)),))).matches
    assert match.segments == ()


def test_the_carry_over_decides_a_knock_out_match() -> None:
    """B won the boards by 10 IMPs, but A brought 12.5 IMPs of carry-over: A wins 12.5-10."""
    match = Match(1, "A", "B", (_board(1, "A", "B", -50, 420),), carry_over=12.5)
    (scored,) = score_teams(TeamsEvent({}, (match,)), TeamsOptions(vp=None)).matches
    assert (scored.imps_home, scored.imps_away) == (12.5, 10.0)
    assert scored.winner == "A"


def test_a_level_knock_out_match_plays_extra_boards() -> None:
    match = Match(1, "A", "B", (_board(1, "A", "B", -50, 420),), carry_over=10)
    (scored,) = score_teams(TeamsEvent({}, (match,)), TeamsOptions(vp=None)).matches
    assert scored.winner == TIED == "tied: play-off boards"


@given(st.lists(st.tuples(st.integers(-300, 300), st.integers(-300, 300)), min_size=1, max_size=8),
       st.integers(-30, 30))  # fmt: skip
def test_the_winner_is_the_side_with_more_imps(scores: list[tuple[int, int]], carry: int) -> None:
    boards = tuple(_board(i + 1, "A", "B", 10 * a, 10 * b) for i, (a, b) in enumerate(scores))
    (m,) = score_teams(TeamsEvent({}, (Match(1, "A", "B", boards, carry_over=carry),)), TeamsOptions(vp=None)).matches
    assert m.winner == ("A" if m.margin > 0 else "B" if m.margin < 0 else TIED)
    assert m.margin == sum(b.imps_home or 0 for b in m.boards) + carry


def test_a_match_listed_twice_in_a_round_is_scored_once() -> None:
    """The EBU's multiple-teams.xml lists each match from each team's view; counting both doubles everything."""
    first = Match(1, "A", "B", (_board(1, "A", "B", 420, -50),), source=Location("teams.xml", 10))
    copy = Match(1, "B", "A", (_board(1, "B", "A", 50, -420),), source=Location("teams.xml", 90))
    scored = score_teams(TeamsEvent({}, (first, copy)))
    assert len(scored.matches) == 1
    assert [s.matches for s in scored.standings] == [1, 1]
    (problem,) = [p for p in scored.problems if "listed again" in str(p)]
    assert str(problem).startswith("teams.xml, line 90") and "teams.xml, line 10" in str(problem)
    assert problem.severity is Severity.ERROR


def test_the_same_teams_in_another_round_are_another_match() -> None:
    event = TeamsEvent({}, tuple(Match(r, "A", "B", (_board(1, "A", "B", 420, -50),)) for r in (1, 2)))
    assert len(score_teams(event).matches) == 2


def test_the_files_own_values_are_checked() -> None:
    board = MatchBoard(1, _line(1, "A", "B", 420), _line(1, "B", "A", -50), extra={"imps": "9"})  # computed 10
    good = MatchBoard(2, _line(2, "A", "B", 420), _line(2, "B", "A", 420), extra={"imps": "0"})
    match = Match(1, "A", "B", (board, good), source=Location("t.xml", 3),
                  extra={"team_score": "10", "opposing_team_score": "x"})  # fmt: skip
    scored = score_teams(TeamsEvent({}, (match,)), TeamsOptions(vp=None))
    texts = [str(c) for c in scored.checks]
    assert any("board 1: the file says imps 9, the program computes 10" in t for t in texts)
    assert not any("board 2" in t for t in texts)
    assert any("the file's opposing_team_score 'x' is not a number" in t for t in texts)
    assert not any("team_score 10" in t for t in texts)  # 10 IMPs to 0, as the file says
    assert all(c.severity is Severity.WARNING for c in scored.checks)


def test_the_vps_are_checked_at_the_files_precision() -> None:
    """WBF continuous: a 10-IMP win over 1 board is 20 - blitz-capped; the file writes whole VPs."""
    match = Match(1, "A", "B", (_board(1, "A", "B", 420, -50),))
    (m,) = score_teams(TeamsEvent({}, (match,))).matches
    assert m.vp_home is not None
    rounded = str(round(m.vp_home))
    same = Match(1, "A", "B", match.boards, extra={"team_score": rounded})
    other = Match(2, "A", "B", match.boards, extra={"team_score": str(round(m.vp_home) - 2)})
    scored = score_teams(TeamsEvent({}, (same, other)))
    assert [c.fields["round"] for c in scored.checks] == [2]


def test_a_team_playing_one_board_in_two_matches_of_a_round_is_a_warning() -> None:
    event = TeamsEvent({}, (Match(1, "A", "B", (_board(1, "A", "B", 0, 0),)),
                            Match(1, "A", "C", (_board(1, "A", "C", 0, 0),))))  # fmt: skip
    (check,) = score_teams(event).checks
    assert check.severity is Severity.WARNING
    assert "round 1: team A plays board 1 in two matches (against B and C)" in str(check)
    assert "team A speelt spel 1 in twee wedstrijden" in check.describe("nl")


def test_two_matches_of_a_round_on_different_boards_are_a_schedule_not_a_mistake() -> None:
    """A Swiss triangle, or the EBU's multiple-teams stanza: one team, two opponents, different boards."""
    event = TeamsEvent({}, (Match(1, "A", "B", (_board(1, "A", "B", 0, 0),)),
                            Match(1, "A", "C", (_board(2, "A", "C", 0, 0),))))  # fmt: skip
    assert not score_teams(event).checks


def test_the_same_team_north_south_in_both_rooms_is_an_error() -> None:
    board = MatchBoard(1, _line(1, "A", "B", 420), _line(1, "A", "B", 420))
    (check,) = score_teams(TeamsEvent({}, (Match(1, "A", "B", (board,)),))).checks
    assert check.severity is Severity.ERROR
    assert "team A sits North-South in both rooms" in str(check)


_REMARKS = st.sampled_from(["", "", "", "A+/A-", "A-/A-", "A60/40", "A", "50% R420 50% R-50"])


@given(st.lists(st.tuples(st.integers(-300, 300), st.integers(-300, 300), _REMARKS, st.booleans()), min_size=1,
                max_size=6), st.booleans())  # fmt: skip
def test_seen_from_the_other_team_a_match_is_the_mirror(
    boards: list[tuple[int, int, str, bool]], knockout: bool
) -> None:
    """Swapping home and away (the rooms swap with them) swaps every total, ruling or not, played or not."""
    made = []
    for i, (a, b, remark, played) in enumerate(boards):
        first = _line(i + 1, "A", "B", 10 * a)
        if remark:
            first = Result(i + 1, "A", "B", ResultStatus.ADJUSTED, remarks=remark)
        made.append(MatchBoard(i + 1, first, _line(i + 1, "B", "A", 10 * b) if played else None))
    mirror = tuple(MatchBoard(m.board, m.closed, m.open) for m in made)
    options = TeamsOptions(knockout=knockout)
    (one,) = score_teams(TeamsEvent({}, (Match(1, "A", "B", tuple(made)),)), options).matches
    (two,) = score_teams(TeamsEvent({}, (Match(1, "B", "A", mirror),)), options).matches
    assert (one.imps_home, one.imps_away, one.shared_imps) == (two.imps_away, two.imps_home, two.shared_imps)
    assert (one.vp_home, one.vp_away) == (two.vp_away, two.vp_home)
    assert one.winner == two.winner
