"""Issue 18: what a director could publish wrong without a word from bridgescore – an adjusted score replaced by
``--phantom``, a PBN board read twice, a blank session cell, the wrong line of a duplicate kept by
``--skip-invalid``, ``check`` hiding the lines in error, and BBO's usernames split by their case."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()


def _json(*args: str) -> tuple[int, dict[str, object], str]:
    result = runner.invoke(app, ["score", *args, "-f", "json"])
    document: dict[str, object] = json.loads(result.stdout) if result.exit_code == 0 else {}
    return result.exit_code, document, result.output


def _percent(document: dict[str, object], pair: str) -> float:
    for standing in document["standings"]:  # type: ignore[attr-defined]
        for entry in standing["entries"]:
            if entry["pair"] == pair:
                return float(entry["percent"])
    raise AssertionError(f"no pair {pair}")


# --- --phantom and an adjusted score the file writes -----------------------------------------------------------

_PHANTOM_TABLE = (
    "board,ns,ew,contract,declarer,result,remarks\n"
    "1,1,2,4S,N,10,\n1,3,4,,,,A60/40\n1,5,6,4S,N,9,\n"
    "2,1,2,3NT,S,9,\n2,3,4,3NT,S,9,\n2,5,6,3NT,S,10,\n"
)


def test_phantom_keeps_the_adjusted_score_the_file_writes_and_warns(tmp_path: Path) -> None:
    travellers = tmp_path / "evening.csv"
    travellers.write_text(_PHANTOM_TABLE)
    code, document, output = _json(str(travellers), "--phantom", "4")
    assert code == 0, output
    assert _percent(document, "3") == 55.0  # A60 on board 1 (2.4 of 4) and a tie on board 2 (2 of 4): 4.4 of 8
    [warning] = document["problems"]  # type: ignore[misc]
    assert (warning["line"], warning["field"], warning["severity"]) == (3, "remarks", "warning")
    assert "pair 4 is a phantom (--phantom), but the line has the adjusted score 'A60/40'" in warning["message"]
