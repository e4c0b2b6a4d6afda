"""An evening at the table (``rubber --interactive``): undo after the last deal of a rubber, a new rubber in
the same session settled with the others, JSON on stdout alone, rubbers numbered as the file numbers them, and
nothing typed at the table ends in a traceback (issue 11)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.contract import Side
from bridgescore.rubber.report import run_session
from bridgescore.rubber.sheet import RubberOptions, Sheet

runner = CliRunner()
SRC = str(Path(__file__).resolve().parents[1] / "src")


def session(typed: Iterable[str], options: RubberOptions | None = None) -> tuple[tuple[Sheet, ...], str, list[str]]:
    """Run a session on ``typed``; the sheets, everything written and every prompt."""
    lines = iter(typed)
    written: list[str] = []
    prompts: list[str] = []

    def read(prompt: str) -> str | None:
        prompts.append(prompt)
        return next(lines, None)

    sheets = run_session(read, written.append, options)
    return sheets, "\n".join(written), prompts


# NS win the rubber 2-0 on deal 2: 120 + 120 + 700
RUBBER_WON = ["4S N 10", "4S N 10"]


def test_the_last_deal_of_a_rubber_can_be_undone() -> None:
    # the session used to stop as soon as the rubber was won: a mistake on its last deal could not be taken back
    sheets, text, prompts = session([*RUBBER_WON, "undo", "4S N 9", "3NT E 9", "3NT E 9", "end"])
    assert "Rubber 1 is over: undo takes back its last deal" in text
    assert "undone: deal 2 (4S N =)" in text
    assert prompts[:4] == ["deal 1> ", "deal 2> ", "undo, new or end> ", "deal 2> "]
    (sheet,) = sheets
    assert [str(d.contract) for d in sheet.deals] == ["4S", "4S", "3NT", "3NT"]
    assert sheet.games == (Side.NS, Side.EW, Side.EW)  # 4S-1 then EW two games: 2-1 to EW
    assert "EW wins by" in text.rsplit("Rubber:", 1)[1]


def test_a_new_rubber_in_the_same_session_and_the_evening_settled() -> None:
    typed = [*RUBBER_WON, "new", "3NT E 9", "1C N 7", "end"]
    sheets, text, prompts = session(typed)
    assert len(sheets) == 2
    assert [(s.total(Side.NS), s.total(Side.EW)) for s in sheets] == [(940, 0), (70, 400)]  # Law 80: 300 and 50
    assert "Rubber 2\nnext deal 1 · dealer N · vulnerable: nobody" in text
    assert prompts.count("undo, new or end> ") == 1
    # the evening as the file mode with several rubbers writes it: each pad, then the balance
    end = text.rsplit("Rubber 1\nRubber:", 1)[1]
    assert "Rubber 2\nRubber: NS – EW (not finished)" in end
    assert "Session (2): Total NS 1010, EW 400" in end
    assert "Settlement: EW pays NS 610 (exact, 610)" in end


def test_undo_right_after_new_returns_to_the_rubber_that_ended() -> None:
    sheets, text, _ = session([*RUBBER_WON, "new", "undo", "undo", "4S N 9", "end"])
    assert "undone: Rubber 2" in text and "undone: deal 2 (4S N =)" in text
    (sheet,) = sheets
    assert len(sheet.deals) == 2 and not sheet.finished


def test_new_in_the_middle_of_a_rubber_and_a_deal_after_its_end_are_refused() -> None:
    sheets, text, _ = session(["4S N 10", "new", "4S N 10", "2H E 8", "end"])
    assert "Rubber 1 is not over yet: new starts the next one once it is" in text
    (sheet,) = sheets
    assert len(sheet.deals) == 2  # the 2H after the end is not written on the finished rubber
    assert text.count("Rubber 1 is over") == 2


def test_a_chicago_evening_numbers_its_chicagos() -> None:
    four = ["1C N 7", "1C E 7", "1C S 7", "1C W 7"]
    sheets, text, _ = session([*four, "new", *four, "end"], RubberOptions(chicago=True))
    assert len(sheets) == 2 and all(s.finished for s in sheets)
    assert "Chicago 1 is over" in text and "Chicago 2 is over" in text and "Session (2)" in text


def test_a_new_rubber_without_a_deal_is_not_one_of_the_evening() -> None:
    sheets, text, _ = session([*RUBBER_WON, "new"])  # the end of input closes the evening
    assert len(sheets) == 1 and sheets[0].finished
    assert "Session" not in text


def test_honours_of_thousands_of_digits_are_an_error_not_a_traceback() -> None:
    # int() refuses more than 4,300 digits with a ValueError, which is not a RubberError
    sheets, text, _ = session([f"4S S 10 hon NS {'9' * 5000}", "end"])
    assert "error: honours of 999999…(5000 digits) do not exist" in text
    assert sheets[0].deals == ()


def _run(args: list[str], typed: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "bridgescore", "rubber", "--interactive", *args],
        input=typed,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )


def test_json_mode_keeps_the_pad_off_stdout() -> None:
    done = _run(["-f", "json"], "4S N 10\nundo\n3NT E 9\n3NT E 9\nend\n")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)  # stdout is the JSON document and nothing else
    assert data["winner"] == "EW" and data["EW"]["total"] == 900
    assert "deal 1> " in done.stderr and "EW wins by 900 points." in done.stderr


def test_json_mode_of_an_evening_is_the_session_document() -> None:
    done = _run(["-f", "json"], "4S N 10\n4S N 10\nnew\n3NT E 9\nend\n")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [r["rubber"] for r in data["rubbers"]] == [1, 2]
    assert data["session"]["NS"] == 940 and data["session"]["EW"] == 400


def test_piped_honours_of_thousands_of_digits_do_not_traceback() -> None:
    done = _run([], f"4S S 10 hon NS {'9' * 5000}\nend\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "do not exist" in done.stdout


# --- rubbers are numbered as the file numbers them ---------------------------------------------------------------

RUBBERS_3_AND_5 = "rubber,deal,contract,declarer,tricks\n3,1,4S,N,10\n3,2,4S,N,10\n5,1,3NT,E,9\n"


def test_rubbers_are_named_by_the_rubber_column(tmp_path: Path) -> None:
    evening = tmp_path / "evening.csv"
    evening.write_text(RUBBERS_3_AND_5, encoding="utf-8")
    result = runner.invoke(app, ["rubber", str(evening)])
    assert result.exit_code == 0, result.output
    assert "Rubber 3\n" in result.output and "Rubber 5\n" in result.output
    assert "Rubber 1\n" not in result.output and "Rubber 2\n" not in result.output
    result = runner.invoke(app, ["rubber", str(evening), "-f", "json"])
    assert [r["rubber"] for r in json.loads(result.output)["rubbers"]] == [3, 5]


# --- whatever is typed, the session goes on ------------------------------------------------------------------------

TYPED = st.sampled_from([
    "4S N 10", "4S N 9", "3NT E 9", "6HX S 12", "7NT W 13", "1C N 7", "2D W 8 hon NS 100", "3NT N = hon EW 150",
    "PASS", "undo", "new", "show", "help", "4S N 14", "4S S 10 hon NS " + "9" * 4400, "x", "",
])  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.lists(TYPED, max_size=25), st.booleans())
def test_any_evening_keeps_complete_sheets(typed: list[str], chicago: bool) -> None:
    """Whatever is typed: no exception; every rubber but the last is over, and every sheet is its deals
    replayed (an undo or a new rubber leaves no hidden state)."""
    options = RubberOptions(chicago=chicago)
    sheets, _, _ = session(typed, options)
    assert sheets
    assert all(s.finished for s in sheets[:-1])
    for sheet in sheets:
        assert Sheet.new(options).play_all(sheet.deals) == sheet
