"""Issue 19: input that stopped a command with a traceback (or was used as given where it cannot be meant) is a
problem with its place and exit 2 – or, where a director's meaning is plain, read as meant."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.teams.vp import VPScaleError, read_scale_file

runner = CliRunner()


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _clean(result: object) -> None:
    exception = getattr(result, "exception", None)
    assert exception is None or isinstance(exception, SystemExit), repr(exception)


# --- "- 1" as a spreadsheet writes it ------------------------------------------------------------------------

_SPACED = (
    "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,-\u00a01\n1,3,4,4S,N,=\n1,5,6,4S,N,-\t1\n1,7,8,4S,N,+\u20031\n"
)


@pytest.mark.parametrize("command", ["score", "check"])
def test_a_result_with_a_no_break_space_or_a_tab_after_its_sign_is_read(tmp_path: Path, command: str) -> None:
    path = _write(tmp_path / "spaced.csv", _SPACED)
    result = runner.invoke(app, [command, str(path), "-f", "json"] if command == "score" else [command, str(path)])
    _clean(result)
    assert result.exit_code == 0, result.output
    if command == "score":
        scores = sorted(r["ns_score"] for b in json.loads(result.output)["boards"] for r in b["results"])
        assert scores == [-50, -50, 420, 450]


def test_a_teams_file_with_a_spaced_result_is_read(tmp_path: Path) -> None:
    body = "round,board,room,ns,ew,contract,declarer,result\n1,1,open,1,2,4S,N,-\u00a01\n1,1,closed,2,1,4S,N,=\n"
    result = runner.invoke(app, ["teams", str(_write(tmp_path / "t.csv", body)), "-f", "json"])
    _clean(result)
    assert result.exit_code == 0, result.output


# --- superscript digits: "1²".isdigit() is True, int("1²") fails --------------------------------------------------


def test_a_vp_table_with_superscript_digits_is_a_located_problem(tmp_path: Path) -> None:
    path = _write(tmp_path / "vp.csv", "boards,imps,vp\n*,0,10\n*,1²,11\n1²,2,12\n1-999999999,3,13\n*,4,20\n")
    with pytest.raises(VPScaleError) as raised:
        read_scale_file(path)
    assert [(p.location.line, p.location.field) for p in raised.value.problems] == [
        (3, "imps"),
        (4, "boards"),
        (5, "boards"),  # a range of a billion boards was a list of a billion match lengths
    ]
    result = runner.invoke(app, ["vp", "--vp", str(path), "-b", "8"])
    _clean(result)
    assert result.exit_code == 2


def test_standings_with_a_superscript_team_number_or_bye_are_read(tmp_path: Path) -> None:
    path = _write(tmp_path / "st.csv", "team,vp,imps,met,bye\n1²,30,2,,0\n2,28,1,,²\n3,20,0,,0\n4,10,0,,0\n")
    result = runner.invoke(app, ["teams", "pair-round", str(path)])
    _clean(result)
    assert result.exit_code == 2 and "st.csv, line 3" in result.output, result.output


# --- teams --bye-vp ------------------------------------------------------------------------------------------


def _swiss(tmp_path: Path) -> tuple[Path, Path]:
    """Six teams in round 1; team 7 of the names file has the bye."""
    lines = []
    for home, away in ((1, 2), (3, 4), (5, 6)):
        lines += [f"1,1,open,{home},{away},4S,N,=", f"1,1,closed,{away},{home},4S,N,-1"]
    results = _write(tmp_path / "swiss.csv", "round,board,room,ns,ew,contract,declarer,result\n" + "\n".join(lines))
    names = _write(tmp_path / "names.txt", "".join(f"{n} Team {n}\n" for n in range(1, 8)))
    return results, names


@pytest.mark.parametrize(("value", "said"), [("inf", "not a number of VPs"), ("1e308", "20 VP at most"),
                                             ("99999", "20 VP at most"), ("20.5", "20 VP at most")])  # fmt: skip
def test_a_bye_worth_more_than_a_match_is_refused(tmp_path: Path, value: str, said: str) -> None:
    results, names = _swiss(tmp_path)
    result = runner.invoke(app, ["teams", str(results), "--names", str(names), "--bye-vp", value])
    _clean(result)
    assert result.exit_code == 2 and said in " ".join(result.output.split()), result.output


def test_a_bye_worth_a_won_match_is_taken(tmp_path: Path) -> None:
    results, names = _swiss(tmp_path)
    out = tmp_path / "st.json"
    result = runner.invoke(app, ["teams", str(results), "--names", str(names), "--bye-vp", "20", "-f", "json",
                                 "-o", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    for value in ("inf", "1e308", "31"):
        paired = runner.invoke(app, ["teams", "pair-round", str(out), "--bye-vp", value])
        _clean(paired)
        assert paired.exit_code == 2 and "a bye is worth at most a won match" in paired.output, paired.output


# --- score --carry-over over several sessions ----------------------------------------------------------------

_S1 = "board,ns,ew,score\n1,1,2,400\n1,3,4,-50\n2,1,2,420\n2,3,4,420\n"
_S2 = "board,ns,ew,score\n1,1,2,400\n1,3,4,400\n2,1,2,-100\n2,3,4,140\n3,1,2,620\n3,3,4,170\n"


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--carry-over", "3=1e308"], "1e+308 is not a percentage (0 to 100)"),
        (["--carry-over", "3=150"], "150 is not a percentage (0 to 100)"),
        (["--carry-over", "3=-20"], "-20 is not a percentage (0 to 100)"),
        (["--carry-over", "3=60", "--carry-over-boards", "nan"], "--carry-over-boards must be a number of boards"),
        (["--carry-over", "3=60", "--carry-over-boards", "inf"], "--carry-over-boards must be a number of boards"),
    ],
)
def test_a_carry_over_out_of_range_is_refused(tmp_path: Path, options: list[str], said: str) -> None:
    s1, s2 = _write(tmp_path / "s1.csv", _S1), _write(tmp_path / "s2.csv", _S2)
    result = runner.invoke(app, ["score", str(s1), str(s2), "--session", "1", "--session", "2", *options])
    _clean(result)
    assert result.exit_code == 2 and said in " ".join(result.output.split()), result.output


def test_an_imp_carry_over_beyond_any_event_is_refused(tmp_path: Path) -> None:
    s1, s2 = _write(tmp_path / "s1.csv", _S1), _write(tmp_path / "s2.csv", _S2)
    base = ["score", str(s1), str(s2), "--session", "1", "--session", "2", "--method", "cross-imps"]
    result = runner.invoke(app, [*base, "--carry-over", "3=1e308"])
    _clean(result)
    assert result.exit_code == 2 and "IMPs is more than any event scores" in " ".join(result.output.split())
    assert runner.invoke(app, [*base, "--carry-over", "3=-35.5"]).exit_code == 0


# --- numbers of 30 digits (Decimal cannot round them to two decimals) -------------------------------------------


def test_thirty_digit_vps_and_carry_over_are_problems_not_tracebacks(tmp_path: Path) -> None:
    huge = "9" * 30
    table = _write(tmp_path / "vp.csv", f"boards,imps,vp,vp_loser\n*,0,10,10\n*,5,{huge},5\n")
    result = runner.invoke(app, ["vp", "--vp", str(table), "-b", "8"])
    _clean(result)
    assert result.exit_code == 2 and "vp.csv, line 3, column 'vp'" in result.output, result.output
    header = "round,board,room,ns,ew,contract,declarer,result,carry_over\n"
    body = f"{header}1,1,open,1,2,4S,N,=,{huge}\n1,1,closed,2,1,4S,N,-1,\n"
    result = runner.invoke(app, ["teams", str(_write(tmp_path / "ko.csv", body))])
    _clean(result)
    assert result.exit_code == 2 and "column 'carry_over'" in result.output, result.output


def test_a_vp_table_echoes_a_long_value_shortened(tmp_path: Path) -> None:
    table = _write(tmp_path / "vp.csv", f"boards,imps,vp\n*,0,10\n*,{'9' * 5000},11\n")
    with pytest.raises(VPScaleError) as raised:
        read_scale_file(table)
    (problem,) = raised.value.problems
    assert problem.location.field == "imps" and len(str(problem)) < 300
