"""Bad input found in review: each case once produced a traceback instead of a problem with its location."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_square_brackets_in_a_file_are_printed_as_written(tmp_path: Path) -> None:
    """Rich reads '[/x]' as markup; a director's text must be printed as written, not crash or vanish."""
    path = _write(tmp_path, "t.csv", "board,ns,ew,contract,declarer,result\n1,1,2,[/x],N,10\n2,[b],2,4S,N,10\n")
    for command in ("check", "score"):
        res = runner.invoke(app, [command, str(path)])
        assert res.exit_code == 2, res.output
        assert res.exception is None or isinstance(res.exception, SystemExit)
        assert "'[/x]' is not a contract" in res.output
    check = runner.invoke(app, ["check", "--skip-invalid", str(path)])
    assert "[b]" in check.output


def test_square_brackets_in_pairs_and_names_score_as_written(tmp_path: Path) -> None:
    """The text report prints pair numbers, names and leads from the file as written."""
    text = "board,ns,ew,contract,declarer,result,lead\n1,[/b],2,4S,N,10,[x]\n1,3,4,4S,N,9,H2\n"
    path = _write(tmp_path, "t.csv", text)
    res = runner.invoke(app, ["score", "--boards", str(path)])
    assert res.exit_code == 0, res.output
    assert "[/b]" in res.output and "[x]" in res.output


def _check(tmp_path: Path, name: str, text: str) -> str:
    res = runner.invoke(app, ["check", str(_write(tmp_path, name, text))])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code == 2, res.output
    return res.output.replace("\n", " ")


def test_superscript_digits_are_no_board(tmp_path: Path) -> None:
    """'²' passes str.isdigit() but int() refuses it: it is a board that does not exist, in every reader."""
    header = "board,ns,ew,contract,declarer,result\n"
    assert "board '²' does not exist" in _check(tmp_path, "t.csv", header + "²,1,2,4S,N,10\n1,1,2,4S,N,10\n")
    line = (
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT>"
        "<PLAYED_BY>N</PLAYED_BY><TRICKS>{}</TRICKS></TRAVELLER_LINE>"
    )
    xml = (
        '<?xml version="1.0"?>\n<USEBIO Version="1.1"><EVENT>\n'
        f"<BOARD><BOARD_NUMBER>²</BOARD_NUMBER>{line.format(10)}</BOARD>\n"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{line.format('²')}</BOARD>\n"
        f"<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>{line.format(10)}</BOARD></EVENT></USEBIO>\n"
    )
    out = _check(tmp_path, "t.xml", xml)
    assert "board number '²' does not exist" in out and "'²' tricks is impossible" in out
    pbn = '[Board "²"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n[PairId_NS "1"]\n[PairId_EW "2"]\n'
    assert "board '²' does not exist" in _check(tmp_path, "t.pbn", pbn)


def test_numbers_of_thousands_of_digits_are_problems(tmp_path: Path) -> None:
    """int() refuses strings of over 4,300 digits; a pasted run of digits is a problem at its line and field."""
    huge = "9" * 5000
    header = "board,ns,ew,contract,declarer,result,score\n"
    good = "2,1,2,4S,N,10,\n"
    assert "line 2, column 'board'" in _check(tmp_path, "b.csv", f"{header}{huge},1,2,4S,N,10,\n{good}")
    assert "column 'score'" in _check(tmp_path, "s.csv", f"{header}1,1,2,4S,N,10,{huge}\n{good}")
    assert "contracts are 1 to 7" in _check(tmp_path, "c.csv", f"{header}1,1,2,{huge}S,N,10,\n{good}")
    out = _check(tmp_path, "r.csv", f"{header}1,1,2,4S,N,{huge},\n1,3,4,4S,N,-{huge},\n{good}")
    assert "line 2, column 'result'" in out and "line 3, column 'result'" in out
    pbn = f'[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n[Score "NS {huge}"]\n[PairId_NS "1"]\n'
    assert "is not a score" in _check(tmp_path, "t.pbn", pbn + '[PairId_EW "2"]\n')
    xml = (
        '<?xml version="1.0"?>\n<USEBIO Version="1.1"><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>'
        "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT>"
        f"<PLAYED_BY>N</PLAYED_BY><TRICKS>{huge}</TRICKS><SCORE>{huge}</SCORE></TRAVELLER_LINE></BOARD>"
        "</EVENT></USEBIO>\n"
    )
    assert "is neither a score" in _check(tmp_path, "t.xml", xml)


def test_an_assigned_score_of_thousands_of_digits_is_no_adjustment(tmp_path: Path) -> None:
    """'R' and 5,000 digits in the remarks is not read as an assigned score (int() refuses it): a problem."""
    text = f"board,ns,ew,contract,declarer,result,remarks\n1,1,2,,,,R{'9' * 5000}\n1,3,4,4S,N,9,\n"
    res = runner.invoke(app, ["score", str(_write(tmp_path, "t.csv", text))])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code == 2, res.output


def test_options_out_of_range_are_refused(tmp_path: Path) -> None:
    """NaN or 150 % for average-plus, a negative rounding, an unknown movement: exit 2 with words, no traceback;
    an output file that cannot be written likewise."""
    path = _write(tmp_path, "t.csv", "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n")
    for args, words in (
        (["score", "--average-plus", "nan"], "average-plus must be a percentage from 0 to 100"),
        (["score", "--average-minus", "150"], "average-minus must be a percentage from 0 to 100"),
        (["score", "-m", "butler", "--adjusted-imps", "inf"], "--adjusted-imps is the IMPs for average-plus"),
        (["score", "--round-board-points", "-3"], "round board points to 0 to 10 decimals"),
        (["score", "-o", str(tmp_path / "no" / "such" / "x.txt")], "cannot write"),
        (["score", "-f", "json", "-o", str(tmp_path / "no" / "x.json")], "cannot write"),
        (["check", "--movement", "mitchel"], "--movement must be auto, mitchell or howell"),
    ):
        res = runner.invoke(app, [*args, str(path)])
        assert res.exception is None or isinstance(res.exception, SystemExit), (args, res.exception)
        assert res.exit_code == 2, (args, res.output)
        assert words in res.output.replace("\n", " "), (args, res.output)


def test_a_pair_named_with_a_superscript_digit_is_ranked(tmp_path: Path) -> None:
    """A pair '²' (or a number of thousands of digits) is ranked by name, after the numbered pairs."""
    text = f"board,ns,ew,contract,declarer,result\n1,²,2,4S,N,10\n1,3,{'9' * 5000},4S,N,9\n"
    res = runner.invoke(app, ["score", str(_write(tmp_path, "t.csv", text))])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code == 0, res.output
    assert "²" in res.output


def test_names_file_header_without_names_is_named_at_its_own_line() -> None:
    """Blank lines before the header: the missing 'names' column is reported at the header's line, not line 1."""
    from bridgescore.io import names as names_file

    _, problems = names_file.loads("\n\npair,section\n1,A\n", "n.csv")
    assert [str(p.location) for p in problems] == ["n.csv, line 3, column 'names'"]


def test_a_datum_trim_that_leaves_no_score_is_refused(tmp_path: Path) -> None:
    """trim:50:0 kept no score (a NaN datum, a ValueError); trim:9999999999 looped for minutes."""
    path = _write(tmp_path, "t.csv", "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n")
    for datum in ("trim:50:0", "trim:9999999999", "trim:10:0"):
        res = runner.invoke(app, ["score", "-m", "butler", "--datum", datum, str(path)])
        assert res.exception is None or isinstance(res.exception, SystemExit), (datum, res.exception)
        assert res.exit_code == 2, (datum, res.output)
        assert "keep at least 1 score" in res.output.replace("\n", " ")


def test_percent_trim_keeps_min_kept_scores() -> None:
    """BridgeWx's PercentTrim(10, min_kept=3) on 4 scores drops none (10 % of 4 rounds up to 1, leaving 2)."""
    import numpy as np

    from bridgescore.pairs.methods.butler import PercentTrim

    assert PercentTrim(10, min_kept=3).datum(np.array([0.0, 100.0, 200.0, 1000.0])) == 325.0
    assert PercentTrim(10, min_kept=2).datum(np.array([0.0, 100.0, 200.0, 1000.0])) == 150.0
    assert PercentTrim(60, min_kept=1).datum(np.array([0.0, 100.0, 200.0, 1000.0])) == 150.0


def test_values_past_the_last_column_are_kept_and_named() -> None:
    """Readers keep what they do not understand: a value beyond the header's columns was silently dropped."""
    from bridgescore.core.problems import Severity
    from bridgescore.io import csv as traveller_csv

    event = traveller_csv.loads("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10,Smith,Jones\n", "t.csv")
    assert len(event.results) == 1
    assert dict(event.results[0].extra) == {"column 7": "Smith", "column 8": "Jones"}
    assert [(str(p.location), p.severity) for p in event.problems] == [
        ("t.csv, line 2, column 'column 7'", Severity.WARNING)
    ]
    assert "Smith, Jones" in event.problems[0].text()


def test_square_brackets_typed_or_read_by_other_commands_are_printed_as_written(tmp_path: Path) -> None:
    """An error quoting '[/x]' (a contract typed, a method named, a rubber deal read) crashed rich's markup."""
    deals = _write(tmp_path, "deals.csv", "deal,contract,declarer,tricks,honours\n1,[/x],N,10,\n")
    for args in (["contract", "[/x]"], ["score", "--method", "[/x]", str(deals)], ["rubber", str(deals)]):
        res = runner.invoke(app, args)
        assert res.exception is None or isinstance(res.exception, SystemExit), (args, res.exception)
        assert res.exit_code == 2, (args, res.output)
        assert "[/x]" in res.output, (args, res.output)


def test_pbn_score_table_sections_and_not_played_in_the_ew_column() -> None:
    """Pair 1 of section A and pair 1 of section B are two pairs; 'NP' in Score_EW is a board not played (it was
    read as the score 'EW NP')."""
    from bridgescore.core.event import ResultStatus
    from bridgescore.io import pbn

    text = (
        '[Board "1"]\n'
        '[ScoreTable "Section\\\\1R;PairId_NS\\\\2R;PairId_EW\\\\2R;Contract\\\\4L;Declarer\\\\1R;Result\\\\2R;'
        'Score_EW\\\\5R"]\n'
        "A 1 2 4S N 10 -\nB 1 2 4S N 9 -\nA 3 4 - - - NP\nA 1 5 4S N 9 -\n"
    )
    event = pbn.loads(text, "t.pbn")
    assert [(r.section, r.ns_pair, r.status) for r in event.results] == [
        ("B", "1", ResultStatus.PLAYED),
        ("A", "3", ResultStatus.NOT_PLAYED),
    ]  # pair 1 of A twice on board 1: neither line is scored (issue 18), pair 1 of B is another pair
    assert [(p.location.line, p.location.field) for p in event.problems] == [(3, "PairId_NS"), (6, "PairId_NS")]
    assert "board 1: pair 1 plays it on more than one line (lines 3, 6)" in str(event.problems[0])
