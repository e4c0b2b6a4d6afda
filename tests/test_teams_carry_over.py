"""Issue 9: the carry-over of a knock-out match has an input – ``--carry-over ROUND:TEAM:IMPS`` and a CSV
``carry_over`` column (:mod:`bridgescore.teams.carry`) – and it decides the winner with ``--knockout``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.io.line import decimal_number
from bridgescore.teams import TeamsOptions, score_teams
from bridgescore.teams.carry import given_carry_over
from bridgescore.teams.read import load_teams

runner = CliRunner()

# Oranje Boven (home) wins board 1 by 10 IMPs, De Leeuwen board 2 by 12: De Leeuwen wins the match by 2 IMPs.
_LINES = """1,1,open,Oranje Boven,De Leeuwen,4S,N,={c1}
1,1,gesloten,De Leeuwen,Oranje Boven,4S,N,-1{c2}
1,2,open,Oranje Boven,De Leeuwen,3SA,Z,-1{c3}
1,2,gesloten,De Leeuwen,Oranje Boven,3SA,N,={c4}
"""


def _csv(tmp_path: Path, carry: tuple[str, str, str, str] | None = None) -> Path:
    header = "round,board,room,ns,ew,contract,declarer,result"
    if carry is None:
        body = _LINES.format(c1="", c2="", c3="", c4="")
    else:
        header += ",carry_over"
        body = _LINES.format(**{f"c{i + 1}": "," + value for i, value in enumerate(carry)})
    path = tmp_path / "ko.csv"
    path.write_text(header + "\n" + body, encoding="utf-8")
    return path


def _match(result_stdout: str) -> dict[str, object]:
    match = json.loads(result_stdout)["matches"][0]
    assert isinstance(match, dict)
    return match


def _run(path: Path, *args: str) -> dict[str, object]:
    result = runner.invoke(app, ["teams", str(path), "--notation", "nl", "--knockout", "-f", "json", *args])
    assert result.exit_code == 0, result.output
    return _match(result.stdout)


def test_without_carry_over_the_boards_decide(tmp_path: Path) -> None:
    match = _run(_csv(tmp_path))
    assert (match["imps_home"], match["imps_away"], match["winner"]) == (10, 12, "De Leeuwen")


def test_option_carry_over_to_the_home_team_turns_the_knockout(tmp_path: Path) -> None:
    """2.5 IMPs carried over to Oranje Boven: 12.5–12, Oranje Boven goes through."""
    match = _run(_csv(tmp_path), "--carry-over", "1:Oranje Boven:2.5")
    assert (match["carry_over"], match["imps_home"], match["imps_away"]) == (2.5, 12.5, 12)
    assert match["winner"] == "Oranje Boven"


def test_option_carry_over_to_the_away_team_by_name_any_case_and_a_decimal_comma(tmp_path: Path) -> None:
    match = _run(_csv(tmp_path), "--carry-over", "1:de  leeuwen:1,5")
    assert (match["carry_over"], match["imps_home"], match["imps_away"]) == (-1.5, 10, 13.5)


def test_carry_over_exactly_levelling_is_a_tie(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["teams", str(_csv(tmp_path)), "--notation", "nl", "--knockout", "--carry-over", "1:Oranje Boven:2"]
    )
    assert result.exit_code == 0, result.output
    assert "play-off" in result.stdout


def test_csv_column_is_from_the_view_of_the_lines_north_south_team(tmp_path: Path) -> None:
    """Written on the closed room's line, where De Leeuwen sits North-South: the IMPs are De Leeuwen's."""
    match = _run(_csv(tmp_path, ("", "3", "", "")))
    assert (match["carry_over"], match["imps_away"], match["winner"]) == (-3, 15, "De Leeuwen")
    match = _run(_csv(tmp_path, ("3", "", "", "")))
    assert (match["carry_over"], match["winner"]) == (3, "Oranje Boven")


def test_csv_column_on_two_lines_must_agree(tmp_path: Path) -> None:
    agreeing = _run(_csv(tmp_path, ("3", "-3", "", "")))
    assert agreeing["carry_over"] == 3
    result = runner.invoke(app, ["teams", str(_csv(tmp_path, ("3", "3", "", ""))), "--notation", "nl"])
    assert result.exit_code == 2
    assert "ko.csv, line 3, column 'carry_over'" in result.stderr and "differs" in result.stderr


def test_csv_column_text_is_located(tmp_path: Path) -> None:
    result = runner.invoke(app, ["teams", str(_csv(tmp_path, ("", "", "drie", ""))), "--notation", "nl"])
    assert result.exit_code == 2
    assert "ko.csv, line 4, column 'carry_over': 'drie' is not a number of IMPs" in " ".join(result.stderr.split())


def test_option_replacing_the_files_value_says_so(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["teams", str(_csv(tmp_path, ("3", "", "", ""))), "--notation", "nl", "--carry-over", "1:De Leeuwen:1"],
    )
    assert result.exit_code == 0, result.output
    assert "replaces the file's carry-over of 3 IMPs to Oranje Boven" in " ".join(result.stderr.split())


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("7", "write ROUND:TEAM:IMPS"),
        ("1:Oranje Boven", "write ROUND:TEAM:IMPS"),
        ("x:Oranje Boven:3", "'x' is not a round number"),
        ("0:Oranje Boven:3", "'0' is not a round number"),
        ("1:Oranje Boven:drie", "'drie' is not a number of IMPs"),
        ("1:Oranje Boven:nan", "'nan' is not a number of IMPs"),
        ("1:Ajax:3", "there is no team Ajax in the event"),
        ("2:Oranje Boven:3", "plays 0 matches in round 2"),
    ],
)
def test_bad_option_values_exit_2_located(tmp_path: Path, value: str, words: str) -> None:
    result = runner.invoke(app, ["teams", str(_csv(tmp_path)), "--notation", "nl", "--carry-over", value])
    assert result.exit_code == 2 and "Traceback" not in result.output
    flat = " ".join(result.stderr.split())
    assert "--carry-over: " in flat and words in flat, flat


def test_two_values_for_one_match(tmp_path: Path) -> None:
    event = load_teams([_csv(tmp_path)], notation="nl")
    given = given_carry_over(event, ["1:Oranje Boven:3", "1:De Leeuwen:1"])
    assert given.matches[0].carry_over == 3
    assert [p.fields["first"] for p in given.problems] == ["1:Oranje Boven:3"]


@pytest.mark.parametrize(
    ("text", "value"),
    [("2.5", 2.5), ("2,5", 2.5), ("-3", -3.0), ("+4", 4.0), (".5", 0.5), ("inf", None), ("1e3", None), ("", None)],
)
def test_decimal_number(text: str, value: float | None) -> None:
    assert decimal_number(text) == value


def test_knockout_winner_is_on_imps_even_where_the_vp_scale_levels_them(tmp_path: Path) -> None:
    """12.4–12 IMPs is 10–10 on the EBU's whole-VP scale (a margin under 0.5 IMP is a draw; 12.5–12 is 11–9), but
    a knock-out match is won by the IMPs."""
    match = _run(_csv(tmp_path), "--carry-over", "1:Oranje Boven:2.4", "--vp", "ebu-20")
    assert (match["vp_home"], match["winner"]) == (10, "Oranje Boven")


def test_colons_in_a_problem_or_a_team_name_are_not_read_as_emoji_codes(tmp_path: Path) -> None:
    """rich turns ``:x:`` into an emoji unless told not to: ``1:x:3`` came out as ``1❌3``."""
    path = tmp_path / "t.csv"
    path.write_text(
        "round,board,room,ns,ew,contract,declarer,result\n1,1,open,:x:,B,4S,N,=\n1,1,closed,B,:x:,4S,N,=\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["teams", str(path), "--carry-over", "1:y:3"])
    assert "'1:y:3'" in result.stderr
    shown = runner.invoke(app, ["teams", str(path)])
    assert shown.exit_code == 0 and ":x:" in shown.stdout and "❌" not in shown.stdout


def test_a_carry_over_at_board_a_match_is_not_counted_and_says_so(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["teams", str(_csv(tmp_path)), "--notation", "nl", "--form", "bam", "--carry-over", "1:De Leeuwen:5"],
    )
    assert result.exit_code == 0, result.output
    assert "the carry-over of 5 IMPs is not counted" in " ".join(result.stderr.split())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(imps=st.decimals(min_value=-60, max_value=60, places=1, allow_nan=False, allow_infinity=False))
def test_carry_over_moves_the_margin_by_itself_whichever_team_it_is_given_to(tmp_path: Path, imps: object) -> None:
    """Invariant: the margin with a carry-over is the boards' margin plus it, and c IMPs to the home team is the
    same match as −c IMPs to the away team."""
    event = load_teams([_csv(tmp_path)], notation="nl")
    home = given_carry_over(event, [f"1:Oranje Boven:{imps}"])
    away = given_carry_over(event, [f"1:De Leeuwen:{-float(str(imps))}"])
    assert home.matches == away.matches and not home.problems and not away.problems
    (plain,) = score_teams(event, TeamsOptions(knockout=True)).matches
    (carried,) = score_teams(home, TeamsOptions(knockout=True)).matches
    assert carried.margin == pytest.approx(plain.margin + float(str(imps)))
