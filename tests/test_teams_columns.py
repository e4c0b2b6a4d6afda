"""Issue 19: a large teams CSV is read on columns (bridgescore.teams.read_columns) and its matches made on columns;
the event, its problems and every report are those of the careful line-by-line reading, and a file with a problem
is read by the careful reader, which reports it as before."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.io import csv_columns
from bridgescore.teams import read_columns, read_csv
from bridgescore.teams.read import load_teams

ROOT = Path(__file__).resolve().parent.parent


def _generated(tmp_path: Path, teams: int = 30, rounds: int = 7, boards: int = 20) -> Path:
    """The benchmark's teams file (``benchmarks.federation.teams_file``) at a small size, over the size from which
    files are read on columns."""
    sys.path.insert(0, str(ROOT))
    try:
        from benchmarks import federation
    finally:
        sys.path.remove(str(ROOT))
    path = tmp_path / "teams.csv"
    federation.teams_file(path, teams, rounds, boards, np.random.default_rng(2026))
    assert path.stat().st_size >= csv_columns.COLUMNAR_FROM
    return path


def _rewritten(path: Path, change: dict[int, str] | None = None, drop_column: int | None = None) -> Path:
    """``path`` with lines replaced (1-based line numbers) or a column left out."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, text in (change or {}).items():
        lines[number - 1] = text
    if drop_column is not None:
        lines = [",".join(v for i, v in enumerate(line.split(",")) if i != drop_column) for line in lines]
    out = path.with_name("changed.csv")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def _careful(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file read line by line from here on (a columnar reading needs at least this many characters)."""
    monkeypatch.setattr(csv_columns, "COLUMNAR_FROM", 10**12)


def _outputs(
    path: Path, tmp_path: Path, tag: str, formats: tuple[str, ...] = ("json", "csv", "usebio")
) -> dict[str, tuple[int, bytes, str]]:
    """Each format's exit code, output file and messages (the text and HTML reports, slow to lay out, where asked)."""
    found: dict[str, tuple[int, bytes, str]] = {}
    for fmt in formats:
        out = tmp_path / f"{tag}.{fmt}"
        result = CliRunner().invoke(app, ["teams", str(path), "-f", fmt, "-o", str(out)])
        found[fmt] = (result.exit_code, out.read_bytes() if out.exists() else b"", result.output)
    return found


def test_the_lines_read_on_columns_are_the_careful_readers(tmp_path: Path) -> None:
    text = _generated(tmp_path).read_text(encoding="utf-8")
    fast = read_columns.loads(text, "teams.csv", "en")
    assert fast is not None and len(fast.lines) == 4200
    assert fast == read_csv.loads_line_by_line(text, "teams.csv", "en")


@pytest.mark.parametrize(
    "variant", ["rooms", "no room column", "closed room first", "rooms as numbers", "more columns, CRLF"]
)
def test_an_event_read_on_columns_is_the_event_read_line_by_line(
    variant: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _generated(tmp_path)
    if variant == "no room column":  # the first line of a match is the open room
        path = _rewritten(path, drop_column=2)
    elif variant != "rooms":
        lines = path.read_text(encoding="utf-8").splitlines()
        body = lines[1:]
        if variant == "closed room first":  # the home team is then the first line's East-West team
            body = [body[i + 1 - 2 * (i % 2)] for i in range(len(body))]
        elif variant == "more columns, CRLF":  # leads, remarks, sections, a column of notes, two segments a match
            lines[0] += ",lead,remarks,section,note,segment"
            body = [
                f"{line},{['SA', 'hk', '', 'D10'][i % 4]},{'' if i % 7 else 'late'},{'AB'[i % 2]},"
                f"{' x ' if i % 3 else ''},{1 + (int(line.split(',')[1]) % 20 >= 10)}"
                for i, line in enumerate(body)
            ]
        else:
            body = [line.replace(",open,", ",1,").replace(",closed,", ",2,") for line in body]
        path = tmp_path / "variant.csv"
        end = "\r\n" if variant == "more columns, CRLF" else "\n"
        path.write_text(end.join([lines[0], *body]) + end, encoding="utf-8", newline="")
    made = read_csv.load(path, matches=True)
    assert made.matches is not None and not made.lines  # the matches made on columns
    fast_event = load_teams([path])
    formats = ("json", "csv", "usebio", "text", "html") if variant == "rooms" else ("json", "csv", "usebio")
    fast = _outputs(path, tmp_path, "fast", formats)
    _careful(monkeypatch)
    assert read_csv.load(path, matches=True).matches is None
    assert load_teams([path]) == fast_event
    assert _outputs(path, tmp_path, "careful", formats) == fast
    assert fast["json"][0] == 0 and fast["json"][1].startswith(b"{")


def test_a_file_with_a_problem_is_read_line_by_line_and_the_problem_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _rewritten(_generated(tmp_path), {7: "1,3,closed,16,1,9S,S,="})
    assert read_columns.loads(path.read_text(encoding="utf-8"), str(path), "en") is None
    fast = _outputs(path, tmp_path, "fast")
    assert fast["json"][0] == 2
    assert f"{path}, line 7, column 'contract': '9S'" in fast["json"][2]
    _careful(monkeypatch)
    assert _outputs(path, tmp_path, "careful") == fast


@pytest.mark.parametrize(
    "change",
    [
        {7: "1,3,open,1,16,4S,N,="},  # the open room of board 3 twice: "written twice", the line left out
        {7: "1,4,open,16,1,4S,N,="},  # a line naming the open room, oriented as the closed room
        {2: "1,1,open,1,17,4S,N,="},  # team 1 against 17 in round 1, whom 2 plays: not a match of that round
    ],
)
def test_a_file_whose_matches_have_a_problem_is_assembled_from_its_lines(
    change: dict[int, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _rewritten(_generated(tmp_path), change)
    read = read_csv.load(path, matches=True)
    assert read.matches is None and len(read.lines) == 4200  # its lines read on columns, assembled from them
    fast_event = load_teams([path])
    assert fast_event.problems
    fast = _outputs(path, tmp_path, "fast")
    _careful(monkeypatch)
    assert load_teams([path]) == fast_event
    assert _outputs(path, tmp_path, "careful") == fast


def test_the_json_written_a_few_matches_at_a_time_is_the_whole_documents(tmp_path: Path) -> None:
    from io import BytesIO

    from bridgescore.report.printable import escape_controls
    from bridgescore.teams import TeamsOptions, score_teams
    from bridgescore.teams.model import Team, TeamsEvent
    from bridgescore.teams.report.json import dump_bytes, dumps

    path = _generated(tmp_path)
    names = tmp_path / "names.txt"
    names.write_text("1 Oranje\x1b[2J: Jan Jansen\n", encoding="utf-8")  # a control in a name the JSON holds
    events = [
        load_teams([path], names=names),
        TeamsEvent({"1": Team("1", "Oranje")}, (), title='"matches": [],'),  # no match; a title like the marker
    ]
    for event in events:
        scored = score_teams(event, TeamsOptions())
        buffer = BytesIO()
        dump_bytes(scored, buffer)
        assert buffer.getvalue() == dumps(scored).encode("utf-8")
    out = tmp_path / "out.json"
    result = CliRunner().invoke(app, ["teams", str(path), "--names", str(names), "-f", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    expected = escape_controls(dumps(score_teams(events[0], TeamsOptions())))  # as write_output wrote it
    assert "\\u001b[2J" in expected
    assert out.read_bytes() == expected.encode("utf-8")
