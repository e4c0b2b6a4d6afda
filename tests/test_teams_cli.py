"""Issue 9: the ``bridgescore teams`` command end to end (its default subcommand, options, presets, problems and
exit status), and ``score`` pointing a teams file to it."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.reference_data import REFERENCE, need
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.pairs.presets import presets
from bridgescore.teams.choose import teams_options
from bridgescore.teams.read import load_teams

runner = CliRunner()
DATA = Path(__file__).parent / "data" / "teams"
USEBIO = DATA / "multiple-teams-4-matches.xml"
PBN = DATA / "realbridge-two-matches.pbn"
EBU = REFERENCE / "events" / "usebio-ebu-examples" / "original"
_HEADER = "round,board,room,ns,ew,contract,declarer,result\n"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _csv(tmp_path: Path, body: str, name: str = "t.csv") -> Path:
    path = tmp_path / name
    path.write_text(_HEADER + body, encoding="utf-8")
    return path


def test_teams_file_is_scored_by_the_default_subcommand() -> None:
    result = runner.invoke(app, ["teams", str(USEBIO), "--vp", "wbf"])
    assert result.exit_code == 0, result.output
    assert "Multiple Teams Example Session" in result.stdout and "Matches" in result.stdout


def test_named_subcommand_and_options_before_the_file() -> None:
    named = runner.invoke(app, ["teams", "score", str(USEBIO), "--vp", "wbf"])
    options_first = runner.invoke(app, ["teams", "--vp", "wbf", str(USEBIO)])
    assert named.exit_code == options_first.exit_code == 0, named.output + options_first.output
    assert named.stdout == options_first.stdout


def test_help_lists_the_subcommands() -> None:
    result = runner.invoke(app, ["teams", "--help"])
    assert result.exit_code == 0 and "score" in result.stdout and "Commands" in result.stdout
    top = runner.invoke(app, ["--help"])
    assert "teams" in top.stdout


def test_pbn_board_in_one_room_stops_until_ruled_and_skip_invalid_goes_on() -> None:
    """A board with no line for one room: the input is incomplete (exit 2, the place named); --skip-invalid scores
    it as the engine says (average to each team, Law 12C2(a))."""
    words = "round 1, TURKEY against SWITZERLAND: board 20 has no result in the closed room"
    result = runner.invoke(app, ["teams", str(PBN)])
    assert result.exit_code == 2 and words in _flat(result.stderr) and result.stdout == ""
    going_on = runner.invoke(app, ["teams", str(PBN), "--skip-invalid"])
    assert going_on.exit_code == 0, going_on.output
    assert words in _flat(going_on.stderr) and "AUSTRIA" in going_on.stdout


def test_errors_exit_2_with_every_problem_located_and_skip_invalid_goes_on(tmp_path: Path) -> None:
    path = _csv(tmp_path, "1,1,open,1,2,4S,N,=\n1,1,closed,2,1,4S,N,=\n1,2,open,1,2,4Q,N,=\n")
    result = runner.invoke(app, ["teams", str(path)])
    assert result.exit_code == 2
    assert "t.csv, line 4, column 'contract'" in _flat(result.stderr) and "--skip-invalid" in result.stderr
    assert result.stdout == ""
    going_on = runner.invoke(app, ["teams", str(path), "--skip-invalid"])
    assert going_on.exit_code == 0 and "line 4" in _flat(going_on.stderr)


def test_problems_in_dutch(tmp_path: Path) -> None:
    path = _csv(tmp_path, "1,1,open,1,2,4S,N,=\n1,2,zaal9,1,2,4S,N,=\n")
    result = runner.invoke(app, ["teams", str(path), "--lang", "nl"])
    assert result.exit_code == 2
    flat = _flat(result.stderr)
    assert "'zaal9' is geen zaal" in flat and "spel 1 heeft geen uitslag in de gesloten zaal" in flat


def test_output_never_replaces_an_input(tmp_path: Path) -> None:
    path = _csv(tmp_path, "1,1,open,1,2,4S,N,=\n1,1,closed,2,1,4S,N,=\n")
    before = path.read_text()
    result = runner.invoke(app, ["teams", str(path), "-o", str(path)])
    assert result.exit_code == 2 and "is one of the input files" in _flat(result.stderr)
    assert path.read_text() == before
    out = tmp_path / "out.txt"
    written = runner.invoke(app, ["teams", str(path), "-o", str(out)])
    assert written.exit_code == 0 and "Place" in out.read_text()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--vp", "nonsense"], "--vp: 'nonsense' is neither a VP scale"),
        (["--form", "rubber"], "--form: 'rubber' is not imps, bam or patton"),
        (["--format", "pdf"], "--format must be"),
        (["--as", "nobody"], "--as: no program 'nobody'"),
    ],
)
def test_bad_options_exit_2(tmp_path: Path, args: list[str], words: str) -> None:
    path = _csv(tmp_path, "1,1,open,1,2,4S,N,=\n1,1,closed,2,1,4S,N,=\n")
    result = runner.invoke(app, ["teams", str(path), *args])
    assert result.exit_code == 2 and words in _flat(result.stderr), result.output


def test_vp_none_scores_imps_alone(tmp_path: Path) -> None:
    path = _csv(tmp_path, "1,1,open,1,2,4S,N,=\n1,1,closed,2,1,4S,N,-1\n")
    result = runner.invoke(app, ["teams", str(path), "--vp", "none"])
    assert result.exit_code == 0 and "VP" not in result.stdout and "10" in result.stdout


def test_vp_default_follows_the_program_and_the_file() -> None:
    teamsscorer = load_teams([USEBIO])
    options, notes = teams_options(teamsscorer)  # TeamsScorer, MATCH_SCORING_METHOD VPS: the EBU's scale
    wanted = "ebu-20"
    if options.vp is not None and options.vp.name == "wbf":  # the EBU scale not known to this bridgescore yet
        assert notes and "ebu-20" in str(notes[0])
    else:
        assert options.vp is not None and options.vp.name == wanted and notes == ()
    pab = load_teams([need(EBU / "point-a-board-teams.xml")])
    options, notes = teams_options(pab)  # MATCH_SCORING_METHOD PAB: not in VPs
    assert options.vp is None and options.form == "bam" and notes == ()  # the file's PAB
    options, _ = teams_options(load_teams([PBN]))
    assert options.vp is not None and options.vp.name == "wbf"
    options, _ = teams_options(load_teams([PBN]), as_program="realbridge", form="bam")
    assert options.form == "bam" and options.vp is not None and options.vp.name == "wbf"
    options, _ = teams_options(pab, vp="wbf")
    assert options.vp is not None and options.vp.name == "wbf"


def test_every_teams_preset_names_its_source_and_a_known_form() -> None:
    tables = {key: p.teams for key, p in presets().items() if p.teams}
    assert {"teamsscorer", "ebuscore", "realbridge", "nbb"} <= set(tables)
    for table in tables.values():
        assert table["source"] and table.get("form", "imps") in ("imps", "bam", "patton") and table["vp"]


def test_score_points_a_teams_file_to_the_teams_command() -> None:
    """Before: "bridgescore scores teams with `bridgescore teams` (coming)", a command that did not exist."""
    result = runner.invoke(app, ["score", str(USEBIO)])
    assert result.exit_code == 2
    assert f"score it with `bridgescore teams {USEBIO}`" in _flat(result.stderr)
    dutch = runner.invoke(app, ["score", str(USEBIO), "--lang", "nl"])
    assert "reken hem met `bridgescore teams" in _flat(dutch.stderr)


def test_score_points_an_individual_file_to_the_individual_command() -> None:
    path = need(EBU / "individual.xml")
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 2 and "score it with `bridgescore individual" in _flat(result.stderr)


def test_reference_multiple_teams_scores_end_to_end() -> None:
    result = runner.invoke(app, ["teams", str(need(EBU / "multiple-teams.xml")), "--vp", "wbf"])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("│") > 40 * 4  # ten teams and forty matches


def test_score_points_a_teams_csv_to_the_teams_command(tmp_path: Path) -> None:
    """Before: a teams CSV (round, room columns) was scored as a pairs event at matchpoints, exit 0."""
    path = _csv(tmp_path, "1,1,open,1,2,4S,N,=\n1,1,closed,2,1,4S,N,-1\n1,2,open,1,2,4S,N,=\n1,2,closed,2,1,4S,N,=\n")
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 2
    assert "this is a teams event (column 'room'): score it with `bridgescore teams" in _flat(result.stderr)
