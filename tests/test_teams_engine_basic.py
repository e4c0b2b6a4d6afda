"""The teams engine's first rule: each board against the other room of its match, in IMPs (seed 000, Law 78B)."""

from __future__ import annotations

from bridgescore.core.contract import Seat, parse_contract
from bridgescore.core.event import Result, ResultStatus
from bridgescore.teams import Match, MatchBoard, Team, TeamsEvent, TeamsOptions, score_teams


def _line(board: int, ns: str, ew: str, score: int) -> Result:
    return Result(board, ns, ew, ResultStatus.PLAYED, contract=parse_contract("3NT"), declarer=Seat.N,
                  tricks=9, ns_score=score)  # fmt: skip


def test_a_board_is_compared_with_the_other_room_only() -> None:
    boards = (
        MatchBoard(1, _line(1, "A", "B", 400), _line(1, "B", "A", -140)),  # home +400 and +140: 540 → 11
        MatchBoard(2, _line(2, "A", "B", -50), _line(2, "B", "A", -420)),  # home -50 and +420: 370 → 9
    )
    event = TeamsEvent({"A": Team("A"), "B": Team("B")}, (Match(1, "A", "B", boards),))
    scored = score_teams(event, TeamsOptions(vp=None))
    (match,) = scored.matches
    assert [b.imps_home for b in match.boards] == [11.0, 9.0]
    assert (match.imps_home, match.imps_away) == (20.0, 0.0)
    assert [s.team.id for s in scored.standings] == ["A", "B"]


def test_victory_points_mirror_and_a_tie_is_ten_all() -> None:
    event = TeamsEvent({}, (Match(1, "A", "B", (MatchBoard(1, _line(1, "A", "B", 420), _line(1, "B", "A", 420)),)),))
    (match,) = score_teams(event).matches
    assert (match.vp_home, match.vp_away) == (10.0, 10.0)


def test_the_text_report_names_the_teams_in_dutch() -> None:
    import io

    from bridgescore.teams.report import write_teams

    event = TeamsEvent(
        {"A": Team("A", "Oranje")}, (Match(1, "A", "B", (MatchBoard(1, _line(1, "A", "B", 420), None),)),)
    )
    out = io.StringIO()
    write_teams(score_teams(event), "text", out, "nl")
    assert "Oranje" in out.getvalue() and "WP" in out.getvalue() and "Ronde" in out.getvalue()
