"""Fuzzing the teams readers and command (issue 9): no input gives a traceback, and no line of a teams CSV file is
lost silently (each is in a match or named by a problem).  Bounded: a few dozen examples each."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.io.csv_lines import physical_lines
from bridgescore.teams.read import load_teams
from test_fuzz_usebio_pbn import mutate

runner = CliRunner()
DATA = Path(__file__).parent / "data" / "teams"
_FUZZ = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)
_ODD = ["\r", "\u2028", "\x00", "<", ">", "&", '"', "[", "]", ",", ";", "\n", "é", "-", "MATCH", "DIRECTION", "EW"]


def _head(path: Path, lines: int) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:lines]


_SEEDS = {
    ".xml": _head(DATA / "multiple-teams-4-matches.xml", 260),
    ".pbn": _head(DATA / "realbridge-two-matches.pbn", 250),
}


@st.composite
def _mutated(draw: st.DrawFn, suffix: str) -> str:
    return mutate(draw, _SEEDS[suffix], _ODD, ops=("delete", "double", "swap", "odd", "cut"))


def _no_traceback(path: Path) -> None:
    event = load_teams([path])
    assert event.matches or event.problems
    result = runner.invoke(app, ["teams", str(path), "--vp", "wbf"])
    assert result.exit_code in (0, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


@_FUZZ
@given(text=_mutated(".xml"))
def test_usebio_teams_mutations_give_no_traceback(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzz.xml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    _no_traceback(path)


@_FUZZ
@given(text=_mutated(".pbn"))
def test_pbn_teams_mutations_give_no_traceback(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzz.pbn"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    _no_traceback(path)


_CELL = st.one_of(
    st.sampled_from(["1", "2", "3", "open", "closed", "gesloten", "4S", "3NT", "N", "S", "=", "-1", "+1", "A60/40"]),
    st.text(max_size=4),
)
_ROW = st.tuples(
    st.sampled_from(["1", "2", "x", ""]),  # round
    st.sampled_from(["1", "2", "3", "0"]),  # board
    st.sampled_from(["open", "closed", "1", "2", "gesloten", "", "lounge"]),  # room
    st.sampled_from(["1", "2", "3", "4"]),  # ns
    st.sampled_from(["1", "2", "3", "4"]),  # ew
    st.sampled_from(["4S", "3NT", "2H", "PASS", "", "4Q"]),  # contract
    st.sampled_from(["N", "E", "S", "W", ""]),  # declarer
    st.sampled_from(["=", "+1", "-2", "9", ""]),  # result
    _CELL,  # remarks
)


#: a bare CR twice in a quoted remark: the reader ends a line at each (as an editor shows it) and names the quote left
#: open; the blank line between them is in no match and named by no problem, and is no record (hypothesis found it)
_LONE_CR = [
    ("1", "1", "open", "1", "2", "4S", "N", "=", ""),
    ("1", "1", "closed", "2", "1", "4S", "N", "=", "x\r\r"),
    ("1", "2", "open", "1", "2", "4S", "N", "=", ""),
    ("1", "2", "closed", "2", "1", "4S", "N", "=", ""),
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(_ROW, min_size=1, max_size=12))
@example(rows=_LONE_CR)
def test_csv_every_line_is_in_a_match_or_named(tmp_path: Path, rows: list[tuple[str, ...]]) -> None:
    """The invariants of issue 9's readers: a teams line is never dropped silently, and every room kept has the
    orientation of its room."""
    text = "round,board,room,ns,ew,contract,declarer,result,remarks\n" + "\n".join(
        ",".join('"' + c.replace('"', '""') + '"' for c in row) for row in rows
    )
    path = tmp_path / "t.csv"
    path.write_text(text, encoding="utf-8")
    event = load_teams([path])
    kept = {
        line.source.line
        for match in event.matches
        for board in match.boards
        for line in (board.open, board.closed)
        if line is not None and line.source is not None
    }
    named = {p.location.line for p in event.problems}
    for match in event.matches:  # seed 000: in the open room the home team sits North-South, in the closed East-West
        for board in match.boards:
            assert board.open is None or (board.open.ns_pair, board.open.ew_pair) == (match.home, match.away)
            assert board.closed is None or (board.closed.ns_pair, board.closed.ew_pair) == (match.away, match.home)
    if not event.matches and any(p.location.line is None for p in event.problems):
        return  # the file is refused as a whole (binary data, an empty file) and says so
    # every line that is not blank, counted as the reader counts lines (a bare CR in a quoted value ends a line there,
    # as in an editor, and the quote left open on it is named at its line): kept in a match or named
    for number, line in enumerate(physical_lines(text)[1:], start=2):
        assert not line.strip() or number in kept or number in named, (number, [str(p) for p in event.problems])
    result = runner.invoke(app, ["teams", str(path), "--vp", "wbf"])
    assert result.exit_code in (0, 2) and (result.exception is None or isinstance(result.exception, SystemExit))
