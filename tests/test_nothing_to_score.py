"""An input that yields no results at all is a problem, not an empty ranking with every check passed."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.problems import Severity
from bridgescore.io import load_event

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples" / "club-evening.csv"
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


@pytest.fixture
def header_only(tmp_path: Path) -> Path:
    path = tmp_path / "header.csv"
    path.write_text("board,ns,ew,contract,declarer,result\n", encoding="utf-8")
    return path


@pytest.fixture
def deals_only(tmp_path: Path) -> Path:
    path = tmp_path / "deals.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "2"]\n[Deal "{DEAL}"]\n', encoding="utf-8")
    return path


def test_a_file_without_results_is_an_error_of_that_file(header_only: Path, deals_only: Path) -> None:
    event = load_event(header_only)
    errors = [p for p in event.problems if p.severity is Severity.ERROR]
    assert event.results == ()
    assert [(p.location.file, p.location.line, p.text()) for p in errors] == [
        (str(header_only), None, f"no results to score in {header_only.name}")
    ]
    # issue 10: a deals-only file is a hand record, whose deals join the travellers read beside it
    hand_record = load_event(deals_only)
    assert hand_record.results == () and hand_record.problems == () and sorted(hand_record.deals) == [1, 2]


def test_an_empty_file_is_reported_once(tmp_path: Path) -> None:
    path = tmp_path / "empty.csv"
    path.write_text("\n", encoding="utf-8")
    [problem] = load_event(path).problems
    assert "the file is empty" in problem.text()


def test_every_line_refused_also_says_nothing_is_left(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4Q,N,10\n", encoding="utf-8")
    messages = [p.text() for p in load_event(path).problems]
    assert messages[0].startswith("'4Q' is not a contract")
    assert messages[-1] == "no results to score in bad.csv"


@pytest.mark.parametrize("command", ["score", "check"])
def test_no_results_exits_2_even_when_skipping_invalid_lines(command: str, header_only: Path, deals_only: Path) -> None:
    for path in (header_only, deals_only):
        for extra in ([], ["--skip-invalid"]):
            result = runner.invoke(app, [command, str(path), *extra])
            assert result.exit_code == 2, (command, path.name, extra, result.output)
            said = f"no results to score in {path.name}" if path == header_only else "holds deals only"
            assert said in result.output.replace("\n", " ")
            assert "Traceback" not in result.output


def test_score_does_not_offer_to_skip_when_nothing_is_left(header_only: Path) -> None:
    result = runner.invoke(app, ["score", str(header_only)])
    assert "--skip-invalid" not in result.output


def test_skip_invalid_goes_on_when_other_files_have_results(header_only: Path) -> None:
    stopped = runner.invoke(app, ["score", str(EXAMPLE), str(header_only)])
    assert stopped.exit_code == 2
    assert "no results to score in header.csv" in stopped.output
    assert "--skip-invalid" in stopped.output  # there is something to go on with
    going_on = runner.invoke(app, ["score", str(EXAMPLE), str(header_only), "--skip-invalid", "-f", "json"])
    assert going_on.exit_code == 0, going_on.output


def test_valet_without_results_exits_2(header_only: Path, tmp_path: Path) -> None:
    not_played = tmp_path / "not-played.csv"
    not_played.write_text("board,ns,ew,contract,declarer,result\n1,1,2,NP,,\n2,1,2,A60/40,,\n", encoding="utf-8")
    for path, words in (
        (header_only, "no results to score in header.csv"),
        (not_played, "no results to score in not-played.csv: no line of it has a contract played"),
    ):
        for extra in ([], ["--skip-invalid"]):
            result = runner.invoke(app, ["valet", str(path), *extra])
            assert result.exit_code == 2, (path.name, extra, result.output)
            assert words in result.output
            assert "--skip-invalid" not in result.output


def test_valet_skip_invalid_goes_on_when_other_files_have_results(header_only: Path) -> None:
    stopped = runner.invoke(app, ["valet", str(EXAMPLE), str(header_only)])
    assert stopped.exit_code == 2 and "--skip-invalid" in stopped.output
    going_on = runner.invoke(app, ["valet", str(EXAMPLE), str(header_only), "--skip-invalid"])
    assert going_on.exit_code == 0, going_on.output


def test_rubber_deals_file_with_only_a_header_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "deals.csv"
    path.write_text("deal,contract,declarer,tricks\n", encoding="utf-8")
    for extra in ([], ["--skip-invalid"]):
        result = runner.invoke(app, ["rubber", str(path), *extra])
        assert result.exit_code == 2, (extra, result.output)
        assert "no deals to score in deals.csv" in result.output
        assert "--skip-invalid" not in result.output


def test_rubber_every_deal_refused_exits_2_even_when_skipping(tmp_path: Path) -> None:
    path = tmp_path / "deals.csv"
    path.write_text("deal,contract,declarer,tricks\n1,4Q,N,10\n", encoding="utf-8")
    result = runner.invoke(app, ["rubber", str(path), "--skip-invalid"])
    assert result.exit_code == 2, result.output
    assert "not a contract" in result.output
