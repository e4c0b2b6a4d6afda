"""``--lang nl`` beyond the score reports (issue 5): the check command, the director's findings, the Valet
outputs and the rubber pad's annotations speak Dutch from the catalogue, with decimal commas, while English
stays as it was."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from bridgescore.checks import Check, Finding, run_checks
from bridgescore.cli import app
from bridgescore.contract import Seat, parse_contract
from bridgescore.event import Event, Result, ResultStatus
from bridgescore.report import json as score_json
from bridgescore.report.html import render_html
from bridgescore.report.text import render_text
from bridgescore.rubber import Deal
from bridgescore.scored import ScoredEvent, score_event

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "src" / "bridgescore" / "examples"
DATA = ROOT / "tests" / "data"


def test_passed_out_deal_is_described_from_the_catalogue() -> None:
    assert Deal.passed_out().describe("nl") == "gepast"
    assert Deal.passed_out().describe("en") == "passed out"


def _run(*args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result.output


def test_check_command_in_dutch() -> None:
    """``check --lang nl``: Dutch headings, Dutch notation (unless --notation), the summary in Dutch."""
    example = str(EXAMPLES / "club-evening.csv")
    english = _run("check", example)
    dutch = _run("check", example, "--lang", "nl")
    assert english.splitlines()[0].strip() == "98 traveller lines"
    assert dutch.splitlines()[0].strip() == "98 scorekaartregels"
    heading = [c.strip() for c in dutch.splitlines()[2].strip("┃").split("┃")]
    assert heading[:8] == ["Regel", "Lijn", "Spel", "NZ", "OW", "Contract", "Uitkomst", "Score NZ"]
    assert "3SA N C" in dutch and "3NT N =" in english
    assert "3NT N =" in _run("check", example, "--lang", "nl", "--notation", "en")
    mistakes = str(DATA / "travellers" / "mistakes.csv")
    assert "problem(s), 0 warning(s). Correct the lines above" in _run("check", mistakes, code=2)
    summary = " ".join(_run("check", mistakes, "--lang", "nl", code=2).split())
    assert "probleem/problemen, 0 waarschuwing(en). Verbeter de regels hierboven" in summary
    assert _run("check", mistakes, "--lang", "fr", code=2).count("en, nl") == 1


def _wrong_score_and_pair_twice() -> ScoredEvent:
    """Board 1: 4S N making 10 tricks written as +450 (Law 77 gives +420), and pair 1 at two tables."""
    contract = parse_contract("4S")
    results = (
        Result(1, "1", "2", ResultStatus.PLAYED, contract=contract, declarer=Seat.N, tricks=10, ns_score=450),
        Result(1, "1", "4", ResultStatus.PLAYED, ns_score=-50),
    )
    return score_event(Event(results))


def test_failed_checks_findings_in_dutch() -> None:
    """A failed check's findings go through the catalogue: place, words and contract in Dutch, numbers apart."""
    scored = _wrong_score_and_pair_twice()
    checks = {c.name: c for c in run_checks(scored, "nl")}
    wrong = checks["scores match contracts"]
    assert wrong.text("nl") == "spel 1: 1-2, 4S N C levert +420 op, de regel zegt +450"
    english = {c.name: c for c in run_checks(scored)}["scores match contracts"]
    assert english.detail == english.text("en") == "board 1: 1-2, 4S N = scores +420, the line says +450"
    assert checks["pair once per board"].text("nl") == "spel 1: paar 1 NZ komt 2 keer voor"
    assert english.findings[0].values == {
        "ns_pair": "1", "ew_pair": "2", "contract": "4S N =", "expected": 420, "written": 450,
    }  # fmt: skip
    # the text report and the page say the same
    console = Console(file=io.StringIO(), width=200)
    render_text(scored, console, "nl", lang="nl")
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "spel 1: 1-2, 4S N C levert +420 op, de regel zegt +450" in text
    page = render_html(score_json.to_dict(scored, notation="nl"), "nl")
    assert "spel 1: paar 1 NZ komt 2 keer voor" in page and "levert +420 op" in page
    assert "appears" not in page and "the line says" not in page


def test_findings_write_numbers_the_languages_way() -> None:
    mirror = Finding(
        "%(ns_pair)s-%(ew_pair)s, NS %(ns)g + EW %(ew)g = %(sum)g, not %(expected)g",
        {"ns_pair": "3", "ew_pair": "14", "ns": 5.5, "ew": 6.0, "sum": 11.5, "expected": 12},
        "B",
        7,
    )
    assert mirror.text("en") == "section B, board 7: 3-14, NS 5.5 + EW 6 = 11.5, not 12"
    assert mirror.text("nl") == "lijn B, spel 7: 3-14, NZ 5,5 + OW 6 = 11,5, niet 12"
    table = Finding(
        "%(ns_pair)s against %(ew_pair)s, the totals are off by %(off)+g",
        {"ns_pair": "1", "ew_pair": "2", "off": -0.25},
        "A",
    )
    assert table.text("nl") == "lijn A: 1 tegen 2, de totalen wijken -0,25 af"
    many = Check.failed(
        "pair once per board",
        [Finding("pair %(pair)s appears %(times)d times", {"pair": str(p), "times": 2}, board=1) for p in range(7)],
    )
    assert many.detail.endswith("; board 1: pair 4 appears 2 times; and 2 more")
    assert many.text("nl").endswith("; spel 1: paar 4 komt 2 keer voor; en nog 2")
