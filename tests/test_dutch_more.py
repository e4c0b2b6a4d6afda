"""``--lang nl`` beyond the score reports (issue 5): the check command, the director's findings, the Valet
outputs and the rubber pad's annotations speak Dutch from the catalogue, with decimal commas, while English
stays as it was."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.rubber import Deal

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
