"""Round-robin standings: VP totals, the WBF, EBU and NBB tie-breaks (each naming the rule that separated two teams),
and shared places when nothing separates them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import Seat, parse_contract
from bridgescore.core.event import Result, ResultStatus
from bridgescore.teams import Match, MatchBoard, Team, TeamsEvent, TeamsOptions, score_teams


class _Linear:
    """A test scale: 10 + the margin, within 0-20 (easy to add up by hand)."""

    name = "linear"
    maximum = 20.0

    def vp(self, margin: float, boards: int) -> tuple[float, float]:
        won = min(max(10 + margin, 0.0), 20.0)
        return won, 20 - won


def _line(board: int, ns: str, ew: str, score: int) -> Result:
    return Result(board, ns, ew, ResultStatus.PLAYED, contract=parse_contract("3NT"), declarer=Seat.N,
                  tricks=9, ns_score=score)  # fmt: skip


def _m(round: int, home: str, away: str, *differences: int) -> Match:
    """A match whose boards the home team wins by each of ``differences`` points (30 → 1 IMP, 100 → 3, 190 → 5)."""
    boards = tuple(MatchBoard(i + 1, _line(i + 1, home, away, d), _line(i + 1, away, home, 0))
                   for i, d in enumerate(differences or (0,)))  # fmt: skip
    return Match(round, home, away, boards)


def _standings(matches: tuple[Match, ...], tiebreak: str) -> list[tuple[str, str, str]]:
    scored = score_teams(TeamsEvent({}, matches), TeamsOptions(vp=_Linear(), tiebreak=tiebreak))  # type: ignore[arg-type]
    return [(s.team.id, s.place_label, s.tiebreak) for s in scored.standings]


#: A and B level on 24 VPs; A beat B.
HEAD_TO_HEAD = (_m(1, "A", "B", 60), _m(2, "B", "C", 190, 30), _m(3, "C", "A", -60))


def test_wbf_the_match_between_them_decides() -> None:
    assert _standings(HEAD_TO_HEAD, "wbf") == [
        ("A", "1", "result between them (WBF)"),
        ("B", "2", "result between them (WBF)"),
        ("C", "3", ""),
    ]


def test_without_a_tie_break_level_teams_share_the_place() -> None:
    assert _standings(HEAD_TO_HEAD, "none") == [("A", "1=", ""), ("B", "1=", ""), ("C", "3", "")]


#: A and B drew, both beat C by 3 IMPs (A 3-0; B 5-2): level on VPs, between them and on net IMPs.
QUOTIENT = (_m(1, "A", "B", 0), _m(2, "A", "C", 100), _m(3, "B", "C", 190, -60))


def test_wbf_then_the_imp_quotient() -> None:
    assert _standings(QUOTIENT, "wbf")[:2] == [("A", "1", "IMP quotient (WBF)"), ("B", "2", "IMP quotient (WBF)")]


def test_ebu_has_no_quotient_and_counts_boards_won() -> None:
    """EBU White Book 143.7.1: no IMP quotient; net IMPs equal (+3 each), boards won equal (A: ½ + 1, B: ½ + 1 + 0):
    the tie stands (143.7.1(e))."""
    assert _standings(QUOTIENT, "ebu")[:2] == [("A", "1=", ""), ("B", "1=", "")]


def test_ebu_net_imps_of_all_boards() -> None:
    """A and B drew and both beat C by the blitz (20 VPs): level on VPs, but A won by 15 IMPs and B by 10."""
    matches = (_m(1, "A", "B", 0), _m(2, "A", "C", 1200), _m(3, "B", "C", 450))
    assert _standings(matches, "ebu")[:2] == [
        ("A", "1", "IMPs of all boards (EBU White Book 143.7.1c)"),
        ("B", "2", "IMPs of all boards (EBU White Book 143.7.1c)"),
    ]
    assert _standings(matches, "wbf")[:2] == [("A", "1=", ""), ("B", "1=", "")]  # both quotients infinite


def test_ebu_tie_break_points_outside_an_all_play_all() -> None:
    """A and B level on 20 VPs (each beat one team by 3 IMPs and lost to D by 3); A's opponents (C 22, D 26) scored
    more than B's (E 12, D 26): A is ahead."""
    matches = (_m(1, "A", "C", 100), _m(1, "B", "E", 100), _m(2, "D", "A", 100), _m(2, "D", "B", 100),
               _m(3, "C", "E", 190))  # fmt: skip
    rows = _standings(matches, "ebu")
    ranked = [r for r in rows if r[0] in "AB"]
    assert ranked == [("A", "3", "tie-break points (EBU White Book 143.5.2)"),
                      ("B", "4", "tie-break points (EBU White Book 143.5.2)")]  # fmt: skip


#: A, B and C level on 24 VPs; A won both its matches against B and C (who drew); all three lost to D.
THREE = (_m(1, "A", "B", 30), _m(2, "A", "C", 30), _m(3, "B", "C", 0), _m(4, "D", "A", 340), _m(5, "D", "B", 190),
         _m(6, "D", "C", 190))  # fmt: skip


def test_nbb_a_team_that_won_every_match_between_the_tied_teams_is_ahead() -> None:
    assert _standings(THREE, "nbb") == [
        ("D", "1", ""),
        ("A", "2", "won every match between them (NBB)"),
        ("B", "3=", "won every match between them (NBB)"),
        ("C", "3=", "won every match between them (NBB)"),
    ]


def test_wbf_three_level_teams_by_their_mini_league() -> None:
    assert [r[:2] for r in _standings(THREE, "wbf")] == [("D", "1"), ("A", "2"), ("B", "3="), ("C", "3=")]
    assert _standings(THREE, "wbf")[1][2] == "result between them (WBF)"


def test_the_tie_break_names_translate() -> None:
    from bridgescore.core.i18n import translator

    assert (
        translator("nl").gettext("won every match between them (NBB)") == "alle onderlinge wedstrijden gewonnen (NBB)"
    )


def test_a_team_without_matches_is_listed_last() -> None:
    event = TeamsEvent({"Z": Team("Z", "Rust")}, (_m(1, "A", "B", 100),))
    scored = score_teams(event, TeamsOptions(vp=_Linear()))
    assert [s.team.id for s in scored.standings] == ["A", "B", "Z"] and scored.standings[-1].matches == 0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ABCDE"), st.sampled_from("ABCDE"), st.integers(-60, 60)), max_size=12),
       st.sampled_from(["wbf", "ebu", "nbb", "none"]))  # fmt: skip
def test_places_follow_the_totals(games: list[tuple[str, str, int]], tiebreak: str) -> None:
    """Whatever the tie-break, a team with more VPs is placed above, places count the teams above, and teams sharing
    a place have the same VPs."""
    matches = tuple(_m(i + 1, h, a, 10 * d) for i, (h, a, d) in enumerate(games) if h != a)
    scored = score_teams(TeamsEvent({}, matches), TeamsOptions(vp=_Linear(), tiebreak=tiebreak))  # type: ignore[arg-type]
    rows = scored.standings
    for i, row in enumerate(rows):
        assert row.vp is not None
        assert row.place == 1 + sum(1 for r in rows if r.place < row.place)
        assert row.place <= i + 1
        if i:
            above = rows[i - 1]
            assert above.vp is not None and above.vp >= row.vp - 1e-9
            if above.place == row.place:
                assert above.vp == row.vp and row.place_label.endswith("=")


def test_an_unknown_tie_break_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown tie-break 'fifa': choose one of wbf, ebu, nbb, none"):
        TeamsOptions(tiebreak="fifa")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown Patton form 'x'"):
        TeamsOptions(patton="x")  # type: ignore[arg-type]
