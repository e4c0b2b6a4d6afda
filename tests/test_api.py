"""The Python API (issue 12): read/score/Scores, the tables, the writers, and the CLI built on it."""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import bridgescore
from bridgescore import api
from bridgescore.cli import app
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.core.options import OptionError
from bridgescore.core.problems import Severity

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "src" / "bridgescore" / "examples" / "club-evening.csv"
runner = CliRunner()


# --- the documentation's example runs as written --------------------------------------------------------------

API_PAGE = ROOT / "docs" / "api.md"


def _readme_blocks() -> list[tuple[str, str | None]]:
    """The python blocks of the Python API page (docs/api.md, the README's "The Python API" section until issue 20)
    before its reference, each with the text block after it (its output)."""
    page = API_PAGE.read_text(encoding="utf-8")
    start = page.index("# The Python API")
    end = page.find("\n## Reference", start + 1)
    section = page[start : end if end > 0 else len(page)]
    blocks = re.findall(r"```(python|text)\n(.*?)```", section, re.S)
    pairs: list[tuple[str, str | None]] = []
    for kind, body in blocks:
        if kind == "python":
            pairs.append((body, None))
        else:
            assert pairs and pairs[-1][1] is None, "a text block follows a python block"
            pairs[-1] = (pairs[-1][0], body)
    return pairs


def test_readme_api_example_runs_and_prints_what_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    blocks = _readme_blocks()
    assert len(blocks) >= 3
    namespace: dict[str, object] = {}
    for code, expected in blocks:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, str(API_PAGE), "exec"), namespace)
        if expected is not None:
            assert printed.getvalue() == expected
    standings, lines = namespace["standings"], namespace["lines"]
    assert isinstance(standings, pd.DataFrame) and isinstance(lines, pd.DataFrame)
    assert standings.shape == (14, 16) and lines.shape[0] == 98
    assert {"board", "ns_pair", "ew_pair", "contract", "ns_points", "ew_percent", "datum"} <= set(lines.columns)
    assert isinstance(namespace["table"], pa.Table)
    assert str(namespace["html"]).lstrip().lower().startswith("<!doctype html>")


# --- read ------------------------------------------------------------------------------------------------------


def test_import_bridgescore_does_not_load_the_api_pandas_or_arrow() -> None:
    heavy = "('bridgescore.api', 'pandas', 'pyarrow')"
    code = f"import sys, bridgescore; print(sorted(m for m in {heavy} if m in sys.modules))"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.strip() == "[]"
    cli = (
        "import sys; from typer.testing import CliRunner; from bridgescore.cli import app; "
        f"r = CliRunner().invoke(app, ['score', {str(EXAMPLE)!r}, '-f', 'csv']); "
        "print(r.exit_code, sorted(m for m in ('pandas', 'pyarrow') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", cli], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.strip() == "0 []"  # the command line scores through the API without loading the tables
    assert bridgescore.score is api.score and bridgescore.read is api.read
    with pytest.raises(AttributeError):
        _ = bridgescore.no_such_name  # type: ignore[attr-defined]


def test_read_keeps_bad_input_as_problems_and_strict_raises_them(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n1,3,4,9Q,N,=\n", encoding="utf-8")
    event = bridgescore.read(bad)
    assert len(event.results) == 1
    errors = [p for p in event.problems if p.severity is Severity.ERROR]
    assert errors and errors[0].location.line == 3
    with pytest.raises(bridgescore.InputError) as raised:
        bridgescore.read(bad, strict=True)
    assert raised.value.problems == tuple(errors)
    assert "bad.csv" in str(raised.value) and "3" in str(raised.value)


def test_read_takes_folders_and_a_missing_or_empty_one_is_a_problem(tmp_path: Path) -> None:
    folder = tmp_path / "evening"
    folder.mkdir()
    (folder / "a.csv").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert len(bridgescore.read(folder).results) == 98
    empty = tmp_path / "empty"
    empty.mkdir()
    event = bridgescore.read(empty)
    assert event.results == () or len(event.results) == 0
    assert event.problems[0].text().startswith(f"folder {empty} holds no event files")
    assert "bevat geen wedstrijdbestanden" in event.problems[0].text("nl")
    missing = bridgescore.read(tmp_path / "nothing.csv")
    assert missing.problems and missing.problems[0].severity is Severity.ERROR


# --- score: options as the command line resolves them ---------------------------------------------------------


def test_unknown_option_name_is_a_type_error_naming_the_valid_ones() -> None:
    event = bridgescore.read(EXAMPLE)
    with pytest.raises(TypeError) as raised:
        bridgescore.score(event, "butler", datumm="mean")
    assert "datumm" in str(raised.value) and "datum_rounding" in str(raised.value)
    with pytest.raises(OptionError, match="does not apply to matchpoints"):
        bridgescore.score(event, "matchpoints", datum="mean")
    with pytest.raises(OptionError, match="unknown method"):
        bridgescore.score(event, "rubber")


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        ([], {}),
        (["-m", "butler", "--datum", "mean"], {"method": "butler", "datum": "mean"}),
        (["--as", "ebuscore"], {"as_program": "ebuscore"}),
        (["--as", "bbo", "--neuberg"], {"as_program": "bbo", "neuberg": True}),  # explicit over the preset
        (["-m", "cross-imps", "--no-factor"], {"method": "cross-imps", "factor": False}),
        (["--phantom", "7", "--penalty", "3:-10%"], {"phantoms": ["7"], "penalties": ["3:-10%"]}),
    ],
)
def test_api_scores_exactly_as_the_command_line(args: list[str], kwargs: dict[str, object]) -> None:
    cli = runner.invoke(app, ["score", str(EXAMPLE), "-f", "json", *args])
    assert cli.exit_code == 0, cli.output
    method = kwargs.pop("method", None)
    scores = bridgescore.score(bridgescore.read(EXAMPLE), method, **kwargs)  # type: ignore[arg-type]
    assert json.loads(scores.to_json() or "") == json.loads(cli.stdout)


def test_explicit_option_beats_the_preset_beats_the_default() -> None:
    event = bridgescore.read(EXAMPLE)
    assert bridgescore.score(event).options.method.name == "matchpoints"
    bbo = bridgescore.score(event, as_program="bbo")
    assert bbo.options.preset == "bbo" and not bbo.options.method.neuberg  # type: ignore[attr-defined]
    assert bridgescore.score(event, as_program="bbo", neuberg=True).options.method.neuberg  # type: ignore[attr-defined]


def test_teams_event_and_unknown_phantom_are_refused_with_their_words() -> None:
    line = Result(board=1, ns_pair="1", ew_pair="2", status=ResultStatus.PLAYED, ns_score=420)
    teams = Event((line,), form="teams", form_sign="[HomeTeam]")
    with pytest.raises(bridgescore.InputError, match="teams event"):
        bridgescore.score(teams)
    with pytest.raises(OptionError, match="there is no pair 99"):
        bridgescore.score(bridgescore.read(EXAMPLE), phantoms=["99"])


def test_penalty_for_a_pair_in_no_ranking_is_a_problem_not_applied() -> None:
    scores = bridgescore.score(bridgescore.read(EXAMPLE), penalties=["42:-10%"])
    assert scores.options.penalties == ()
    assert any("pair 42 is in no ranking" in p.text() for p in scores.problems)


# --- the tables ------------------------------------------------------------------------------------------------


def test_lines_table_holds_the_points_of_the_boards_line_for_line() -> None:
    scores = bridgescore.score(bridgescore.read(EXAMPLE), "butler")
    frame = scores.lines.to_pandas()
    expected = [
        (b.number, r.ns_pair, r.ew_pair, float(p))
        for b in scores.boards
        for r, p in zip(b.results, b.ns_points, strict=True)
    ]
    got = list(zip(frame.board, frame.ns_pair, frame.ew_pair, frame.ns_points, strict=True))
    assert len(got) == len(expected) == len(scores.lines)
    for (b1, n1, e1, p1), (b2, n2, e2, p2) in zip(got, expected, strict=True):
        assert (b1, n1, e1) == (b2, n2, e2)
        assert (math.isnan(p1) and math.isnan(p2)) or p1 == p2
    arrow = scores.lines.to_arrow()
    assert pa.types.is_dictionary(arrow.schema.field("ns_pair").type)
    assert arrow.num_rows == len(frame)


def test_standings_table_is_the_standing_entries() -> None:
    scores = bridgescore.score(bridgescore.read(EXAMPLE))
    frame = scores.standings.to_pandas()
    entries = [(s.group, e.pair, e.total, e.percent) for s in scores.standings for e in s.entries]
    assert list(zip(frame.group, frame.pair, frame.total, frame.percent, strict=True)) == entries
    assert isinstance(scores.standings, tuple) and scores.standings[0].group == "NS"
    lines, standings = scores.to_pandas()
    assert lines.shape[0] == 98 and standings.equals(frame)


def test_a_pairs_boards_are_from_its_side() -> None:
    scores = bridgescore.score(bridgescore.read(EXAMPLE))
    lines = scores.lines.to_pandas()
    ew = scores.pair("9")
    assert set(ew.direction) == {"EW"} and len(ew) == 14
    row = lines[(lines.board == 1) & (lines.ew_pair == "9")].iloc[0]
    first = ew[ew.board == 1].iloc[0]
    assert first.score == -row.ns_score and first.points == row.ew_points and first.opponents == row.ns_pair
    assert scores.pair("9", direction="NS").empty


def test_event_lines_table_keeps_what_was_read() -> None:
    event = bridgescore.read(EXAMPLE)
    table = api.lines_table(event)
    frame = table.to_pandas()
    assert table.num_rows == len(event.results)
    first = event.results[0]
    assert (int(frame.board[0]), frame.ns_pair[0], frame.contract[0]) == (first.board, first.ns_pair, "4S")
    assert event.to_arrow().equals(table)
    plain = event.to_pandas()
    assert plain.board.tolist() == [r.board for r in event.results]
    assert plain.ew_pair.tolist() == [r.ew_pair for r in event.results]
    assert plain.contract.fillna("").tolist() == [r.contract.format() if r.contract else "" for r in event.results]


_contracts = st.sampled_from(["1N", "4S", "3H", "PASS", "6C"])


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(1, 4), st.integers(1, 6), st.integers(-150, 150).map(lambda x: x * 10)),
        min_size=1,
        max_size=30,
        unique_by=lambda t: (t[0], t[1]),
    ),
    st.sampled_from(["matchpoints", "butler", "cross-imps"]),
)
def test_tables_agree_with_the_typed_objects(rows: list[tuple[int, int, int]], method: str) -> None:
    """Invariant: the lines table is the scored lines (one row each, the same points) and the standings table the
    standing entries, whatever the event and method."""
    event = Event(
        tuple(
            Result(board=b, ns_pair=str(ns), ew_pair=str(10 + ns), status=ResultStatus.PLAYED, ns_score=s)
            for b, ns, s in rows
        )
    )
    scores = bridgescore.score(event, method)
    lines = scores.lines.to_pandas()
    assert len(lines) == len(rows)
    points = np.concatenate([b.ns_points for b in scores.boards]) if scores.boards else np.zeros(0)
    assert np.allclose(lines.ns_points.to_numpy(dtype=float), points, equal_nan=True)
    totals = [e.total for s in scores.standings for e in s.entries]
    assert np.allclose(scores.standings.to_pandas().total.to_numpy(dtype=float), totals)


# --- the writers -----------------------------------------------------------------------------------------------


def test_writers_return_text_write_streams_and_files(tmp_path: Path) -> None:
    scores = bridgescore.score(bridgescore.read(EXAMPLE))
    cli = runner.invoke(app, ["score", str(EXAMPLE), "-f", "csv"])
    text = scores.to_csv()
    assert text is not None and text.strip() == cli.stdout.strip()
    stream = io.StringIO()
    assert scores.to_csv(stream, boards=True) is None and stream.getvalue().count("\n") > 98
    path = tmp_path / "r.html"
    scores.to_html(path, lang="nl")
    assert "Uitslag" in path.read_text(encoding="utf-8") or 'lang="nl"' in path.read_text(encoding="utf-8")
    assert "Results" in (scores.to_text() or "")
    written = tmp_path / "r.json"
    assert scores.to_json(written) is None  # streamed to the file, the same document as returned
    assert json.loads(written.read_text(encoding="utf-8")) == json.loads(scores.to_json() or "")


# --- the command line uses only the API -------------------------------------------------------------------------


def test_score_and_check_commands_go_through_the_api(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real_read, real_score = api.read, api.score

    def read(*args: object, **kwargs: object) -> Event:
        calls.append("read")
        return real_read(*args, **kwargs)  # type: ignore[arg-type]

    def score(*args: object, **kwargs: object) -> api.Scores:
        calls.append("score")
        return real_score(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(api, "read", read)
    monkeypatch.setattr(api, "score", score)
    assert runner.invoke(app, ["score", str(EXAMPLE)]).exit_code == 0
    assert calls == ["read", "score"]
    assert runner.invoke(app, ["check", str(EXAMPLE)]).exit_code == 0
    assert calls == ["read", "score", "read"]
