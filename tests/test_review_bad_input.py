"""Bad input found in review: each case once crashed (a traceback) or was mishandled; each is now a problem
with its file, line and field, and the command exits 2."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.rubber import read as rubber_io
from bridgescore.rubber.report import run_session
from bridgescore.rubber.sheet import RubberError, RubberOptions, parse_honours, parse_stake
from bridgescore.valet import read as valet_io
from bridgescore.valet.score import parse_rounds, score_valet

runner = CliRunner()
NAMES = "a|Anna\nb|Bert\nc|Cees\nd|Dirk\ne|Eva\nf|Frans\ng|Gijs\nh|Hans\n"


def test_valet_tricks_written_with_a_superscript_digit_is_a_problem_not_a_traceback(tmp_path: Path) -> None:
    # "²".isdigit() is True but int("²") fails: the tricks field must be read as ASCII digits only
    (tmp_path / "names.txt").write_text(NAMES, encoding="utf-8")
    (tmp_path / "scores.txt").write_text("1|1|a|b|c|d|4S|N|10\n1|1|e|f|g|h|3N|S|²\n", encoding="utf-8")
    read = valet_io.load_dir(tmp_path)
    assert [(p.location.line, p.location.field) for p in read.problems] == [(2, "tricks")]
    result = runner.invoke(app, ["valet", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_rubber_deal_and_rubber_numbers_with_a_superscript_digit_are_problems() -> None:
    read = rubber_io.loads("deal,contract,declarer,tricks,rubber\n²,4S,S,10,1\n1,4S,S,10,³\n", "d.csv")
    assert [(p.location.line, p.location.field) for p in read.problems] == [(2, "deal"), (3, "rubber")]


def test_honours_written_with_a_superscript_digit_are_refused_in_words() -> None:
    with pytest.raises(RubberError):
        parse_honours("NS 1⁰⁰")


@pytest.mark.parametrize("stake", ["NaN", "Infinity", "-1", "1e30", "sNaN"])
def test_rubber_stake_that_is_not_an_amount_is_refused_without_traceback(tmp_path: Path, stake: str) -> None:
    # NaN and Infinity once reached the settlement and raised decimal.InvalidOperation; -1 printed a
    # negative payment; 1e30 cannot be computed to the cent
    deals = tmp_path / "deals.csv"
    deals.write_text("deal,contract,declarer,tricks\n1,4S,N,10\n", encoding="utf-8")
    result = runner.invoke(app, ["rubber", str(deals), "--stake", stake])
    assert result.exit_code == 2, result.output
    assert "is not an amount" in result.output


def test_rubber_stake_with_a_decimal_comma_is_read() -> None:
    assert parse_stake("0,10") == Decimal("0.10")
    assert parse_stake(" 1 ") == Decimal(1)


def _valet_dir(tmp_path: Path) -> Path:
    (tmp_path / "names.txt").write_text(NAMES, encoding="utf-8")
    scores = "1|1|a|b|c|d|4S|N|10\n1|1|e|f|g|h|3N|S|9\n2|1|a|f|c|h|4S|N|10\n2|1|e|b|g|d|3N|S|9\n"
    (tmp_path / "scores.txt").write_text(scores, encoding="utf-8")
    return tmp_path


def test_valet_rounds_that_are_not_in_the_input_are_reported(tmp_path: Path) -> None:
    # once an empty table and exit 0, without a word: the director had typed a round that was not played
    folder = _valet_dir(tmp_path)
    result = runner.invoke(app, ["valet", str(folder), "--rounds", "7-9"])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "none of the rounds chosen (7-9) is in the input: the input holds rounds 1-2" in said
    some = runner.invoke(app, ["valet", str(folder), "--rounds", "2,5"])
    assert some.exit_code == 0, some.output
    assert "round 5 is not in the input and skipped" in " ".join(some.output.split())


def test_valet_rounds_a_huge_range_is_refused_at_once() -> None:
    # "1-10000000000" once tried to build a set of ten billion round numbers
    with pytest.raises(ValueError, match="typing error"):
        parse_rounds("1-10000000000")
    assert parse_rounds("1,3-5") == frozenset({1, 3, 4, 5})


def test_chicago_session_numbers_the_prompt_and_the_undo_as_the_pad_does() -> None:
    # a passed-out deal is redealt under the same number: the prompt said "deal 2>" after a pass-out on deal 1
    # while the state line said "next deal 1 / 4"
    entries = iter(["PASS", "1C N 7", "undo", "end"])
    written: list[str] = []
    prompts: list[str] = []

    def read(prompt: str) -> str | None:
        prompts.append(prompt)
        return next(entries, None)

    run_session(read, written.append, RubberOptions(chicago=True))
    assert prompts == ["deal 1> ", "deal 1> ", "deal 2> ", "deal 1> "]
    assert "undone: deal 1 (1C N =)" in written


# --- text in square brackets is the director's text, not rich markup -------------------------------------------

TRAVELLERS = "board,ns,ew,contract,declarer,result,lead\n1,1,2,3NT,N,9,[/]\n1,3,4,4S,N,10,[red]HK\n"


def test_names_and_leads_with_square_brackets_are_printed_as_written(tmp_path: Path) -> None:
    # "[/x]" in a name once raised rich's MarkupError (a traceback); "[bold]" silently vanished
    travellers = tmp_path / "t.csv"
    travellers.write_text(TRAVELLERS, encoding="utf-8")
    names = tmp_path / "names.csv"
    names.write_text("pair,names\n1,Ann [/x] & Bob\n2,[bold]Cy & Di\n", encoding="utf-8")
    for command in (["score", str(travellers), "--names", str(names), "--boards"], ["check", str(travellers)]):
        result = runner.invoke(app, command, terminal_width=200)
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert result.exit_code == 0, result.output
        if command[0] == "score":
            assert "Ann [/x] & Bob" in result.output and "[bold]Cy & Di" in result.output
        assert "[red]HK" in result.output and "[/]" in result.output


@pytest.mark.parametrize(
    ("command", "files"),
    [
        (["score", "{t}"], {"t.csv": "board,ns,ew,contract,declarer,result\n1,1,2,[/]3NT,N,9\n1,3,4,4S,N,10\n"}),
        (["check", "{t}"], {"t.csv": "board,ns,ew,contract,declarer,result\n1,1,2,[/]3NT,N,9\n1,3,4,4S,N,10\n"}),
        (["rubber", "{t}"], {"t.csv": "deal,contract,declarer,tricks\n1,[/]4S,N,10\n"}),
        (["rubber", "{t}", "--stake", "[/]"], {"t.csv": "deal,contract,declarer,tricks\n1,4S,N,10\n"}),
        (["valet", "{d}"], {"names.txt": NAMES, "scores.txt": "1|1|a|b|c|d|[/]|N|9\n1|1|e|f|g|h|3N|N|9\n"}),
    ],
)
def test_problems_quoting_square_brackets_are_reported_not_a_traceback(
    tmp_path: Path, command: list[str], files: dict[str, str]
) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    args = [a.format(t=tmp_path / "t.csv", d=tmp_path) for a in command]
    result = runner.invoke(app, args, terminal_width=200)
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2
    assert "[/]" in result.output


def test_valet_of_a_mitchell_numbered_per_direction_keeps_ns_1_and_ew_1_apart(tmp_path: Path) -> None:
    # NS 1 and EW 1 of a Mitchell numbered per direction (ACBLscore) are two pairs; they were once one pair,
    # with 4 hands on a 2-board event, playing against itself on board 1
    travellers = tmp_path / "mitchell.csv"
    travellers.write_text(
        "board,ns,ew,contract,declarer,result\n1,1,1,3NT,N,9\n1,2,2,3NT,N,10\n2,1,2,4S,E,10\n2,2,1,4S,E,9\n",
        encoding="utf-8",
    )
    read = valet_io.read_input([travellers])
    result = score_valet(read.tables)
    hands = {result.pair_name(p): int(result.counts[p, 0]) for p in range(len(result.pairs))}
    assert hands == {"1 NS": 2, "2 NS": 2, "1 EW": 2, "2 EW": 2}
    # board 1: NS 2 made 10 tricks, NS 1 nine: 430 against 400, 1 IMP (Law 78B); board 2: EW 1 beat 4S
    overall = {result.pair_name(p): float(result.summary()[p, 0]) for p in range(len(result.pairs))}
    assert overall["2 NS"] == pytest.approx(-overall["1 NS"])
    assert overall["1 EW"] == pytest.approx(-overall["2 EW"])
    assert overall["1 NS"] != overall["1 EW"]


def test_valet_of_two_sections_keeps_pair_1_of_each_apart(tmp_path: Path) -> None:
    travellers = tmp_path / "sections.csv"
    rows = ["section,board,ns,ew,contract,declarer,result"]
    for section in "AB":
        rows += [f"{section},1,1,2,3NT,N,9", f"{section},1,3,4,3NT,N,10"]
    travellers.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = score_valet(valet_io.read_input([travellers]).tables)
    names = sorted(result.pair_name(p) for p in range(len(result.pairs)))
    assert names == ["A:1", "A:2", "A:3", "A:4", "B:1", "B:2", "B:3", "B:4"]


def test_valet_html_escapes_the_players_names(tmp_path: Path) -> None:
    # the template is "valet.html.j2": jinja2's select_autoescape() does not know ".j2" and did not escape, so a
    # name such as "<b>Ann</b> & Co" went into the page as markup (and an "&" made the page invalid)
    (tmp_path / "names.txt").write_text(NAMES.replace("a|Anna", "a|<b>Ann</b> & Co"), encoding="utf-8")
    (tmp_path / "scores.txt").write_text("1|1|a|b|c|d|3N|N|9\n1|1|e|f|g|h|3N|N|10\n", encoding="utf-8")
    result = runner.invoke(app, ["valet", str(tmp_path), "--format", "html"])
    assert result.exit_code == 0, result.output
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; Co - Cees" in result.output
    assert "<b>Ann" not in result.output
    assert "<svg" in result.output  # the charts are still markup
