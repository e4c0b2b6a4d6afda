"""``score --strict``: a failed director's check gives exit status 1, and the text report warns at its top.

The readers refuse the lines that would make a check fail (a score that does not match its contract, a pair
twice on a board in one file), so the event with a failed check is built directly (as in test_dutch_more.py),
and the command-line tests make one check fail on a good file.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import bridgescore.pairs.checks
import bridgescore.pairs.report.text
from bridgescore.cli import app
from bridgescore.core.contract import Notation, Seat, parse_contract
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.pairs.checks import Check, Finding
from bridgescore.pairs.report.text import render_text
from bridgescore.pairs.scored import ScoredEvent, score_event

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples" / "club-evening.csv"


def _wrong_score() -> ScoredEvent:
    """Board 1: 4S N making 10 tricks written as +450 (Law 77 gives +420)."""
    contract = parse_contract("4S")
    results = (
        Result(1, "1", "2", ResultStatus.PLAYED, contract=contract, declarer=Seat.N, tricks=10, ns_score=450),
        Result(1, "3", "4", ResultStatus.PLAYED, ns_score=-50),
    )
    return score_event(Event(results))


def test_a_failed_check_stands_at_the_top_of_the_text_report() -> None:
    buffer = io.StringIO()
    render_text(_wrong_score(), Console(file=buffer, width=200, highlight=False))
    lines = buffer.getvalue().splitlines()
    warning = next(i for i, line in enumerate(lines) if "checks FAILED" in line)
    first_table = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    assert warning < first_table  # above the rankings
    assert lines[warning] == (
        "WARNING: 1 of the director's checks FAILED: scores match contracts (details at the end of the report)."
    )
    assert any(line.startswith("FAILED scores match contracts: board 1") for line in lines[first_table:])  # and below


def test_no_warning_when_every_check_holds() -> None:
    buffer = io.StringIO()
    results = (
        Result(1, "1", "2", ResultStatus.PLAYED, ns_score=420),
        Result(1, "3", "4", ResultStatus.PLAYED, ns_score=-50),
    )
    render_text(score_event(Event(results)), Console(file=buffer, width=200, highlight=False))
    assert "FAILED" not in buffer.getvalue()


@pytest.fixture
def failing_check(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every report and the --strict test see one more check, failed."""
    real = bridgescore.pairs.checks.run_checks

    def with_a_failure(scored: ScoredEvent, notation: Notation = "en") -> tuple[Check, ...]:
        failed = Check.failed("pair once per board", [Finding("pair %(pair)s appears twice", {"pair": "1"}, "", 1)])
        return (*real(scored, notation), failed)

    monkeypatch.setattr(bridgescore.pairs.checks, "run_checks", with_a_failure)
    monkeypatch.setattr(bridgescore.pairs.report.text, "run_checks", with_a_failure)
    yield


@pytest.mark.usefixtures("failing_check")
def test_strict_exits_1_on_a_failed_check() -> None:
    result = runner.invoke(app, ["score", str(EXAMPLE), "--strict", "--format", "json"])
    assert result.exit_code == 1
    assert '"schema"' in result.stdout  # the report is still written
    assert "1 of the director's checks failed (--strict): pair once per board" in result.stderr
    without = runner.invoke(app, ["score", str(EXAMPLE)])
    assert without.exit_code == 0 and "checks FAILED: pair once per board" in without.stdout  # warned, exit 0


def test_strict_exits_0_when_every_check_holds() -> None:
    result = runner.invoke(app, ["score", str(EXAMPLE), "--strict"])
    assert result.exit_code == 0, result.output
    assert "FAILED" not in result.output


@pytest.mark.usefixtures("failing_check")
def test_the_warning_in_dutch() -> None:
    result = runner.invoke(app, ["score", str(EXAMPLE), "--lang", "nl", "--strict"])
    assert result.exit_code == 1
    assert "WAARSCHUWING: 1 controle(s) van de wedstrijdleider FOUT: elk paar eenmaal per spel" in result.stdout
    assert "1 controle(s) van de wedstrijdleider FOUT (--strict): elk paar eenmaal per spel" in result.stderr


@pytest.mark.usefixtures("failing_check")
def test_strict_names_the_failed_checks_of_a_multi_session_event_in_its_language(tmp_path: Path) -> None:
    """``score --session … --strict`` said "2 of the director's checks failed (--strict)" in English whatever
    --lang asked, without naming them; it says it as one session's ``--strict`` does."""
    first, second = tmp_path / "s1.csv", tmp_path / "s2.csv"
    for path in (first, second):
        path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    sessions = [str(first), str(second), "--session", "1", "--session", "2", "--strict", "-f", "json"]
    english = runner.invoke(app, ["score", *sessions])
    assert english.exit_code == 1
    said = " ".join(english.stderr.split())
    assert "2 of the director's checks failed (--strict): pair once per board" in said
    assert said.count("pair once per board") == 1  # the same check failed in both sessions, named once
    dutch = runner.invoke(app, ["score", *sessions, "--lang", "nl"])
    assert dutch.exit_code == 1 and "(--strict)" in dutch.stderr and "checks failed" not in dutch.stderr
