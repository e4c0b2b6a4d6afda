"""Writers that stream (issue 12): the JSON written a board at a time and the travellers CSV worked out from the
columns give what the reports gave line by line before, on real events and on generated ones (hypothesis); the
text report of a large event is plain columns holding every pair; the HTML page of a large event is summarised."""

from __future__ import annotations

import csv as _csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.adjustments import PhantomScore, WeightedScore
from bridgescore.core.cards import format_lead
from bridgescore.core.contract import Notation, Seat, parse_contract
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.core.i18n import Language, translator
from bridgescore.core.table import ResultTable, ResultView
from bridgescore.io import load_events
from bridgescore.pairs.methods.base import ScoringMethod, Unit
from bridgescore.pairs.methods.butler import Butler
from bridgescore.pairs.methods.crossimps import CrossImps
from bridgescore.pairs.methods.matchpoints import Matchpoints
from bridgescore.pairs.report import csv as score_csv
from bridgescore.pairs.report import json as score_json
from bridgescore.pairs.report import text as text_report
from bridgescore.pairs.report.csv import DELIMITERS, guard
from bridgescore.pairs.report.html import page_dict, render_html, summarise
from bridgescore.pairs.report.json import _num
from bridgescore.pairs.report.labels import adjustment_label, number
from bridgescore.pairs.report.text import render_text
from bridgescore.pairs.scored import ScoredEvent, ScoringOptions, score_event
from reference_data import REFERENCE

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples"
EBU_MP = "events/usebio-ebu-examples/normalized/mp-pairs.results.csv"
JFR = "events/jfr-pary-warsaw-wb130801/normalized/results.csv"


# ------------------------------------------------------------------------ the reports as they were, line by line


def boards_as_before(scored: ScoredEvent, notation: Notation) -> list[dict[str, Any]]:
    """The ``boards`` of the JSON as ``to_dict`` built them before issue 12: from ``ScoredBoard.lines()``."""
    is_mp = scored.unit is Unit.MATCHPOINTS
    boards: list[dict[str, Any]] = []
    for board in scored.boards:
        results: list[dict[str, Any]] = []
        for line in board.lines():
            r = line.result
            adjustment = line.adjustment
            status = r.status.value
            if adjustment is not None and not isinstance(adjustment, PhantomScore):
                status = "adjusted"
            results.append({
                "section": r.section, "ns_pair": r.ns_pair, "ew_pair": r.ew_pair,
                "contract": None if r.contract is None else r.contract.format(notation),
                "declarer": None if r.declarer is None else r.declarer.label(notation),
                "tricks": r.tricks, "lead": format_lead(r.lead, notation) or None, "ns_score": line.ns_score,
                "status": status, "adjustment": None if adjustment is None else adjustment.label(),
                "components": [{"weight": _num(p.weight), "ns_score": p.ns_score, "entry": p.entry}
                               for p in adjustment.parts] if isinstance(adjustment, WeightedScore) else None,
                "remarks": r.remarks or None, "ns_points": _num(line.ns_points), "ew_points": _num(line.ew_points),
                "ns_percent": _num(line.ns_percent) if is_mp else None,
                "ew_percent": _num(line.ew_percent) if is_mp else None,
            })  # fmt: skip
        boards.append({
            "section": board.section, "board": board.number, "datum": _num(board.datum), "top": _num(board.top),
            "scores": board.n_scores, "full_count": board.full_count, "results": results,
        })  # fmt: skip
    return boards


def boards_csv_as_before(scored: ScoredEvent, notation: Notation, lang: str) -> str:
    """The travellers CSV as ``boards_csv`` wrote it before issue 12: a ``csv.writer`` row per line."""
    _ = translator(lang).gettext
    out = io.StringIO()
    writer = _csv.writer(out, delimiter=DELIMITERS[lang], lineterminator="\n")
    writer.writerow([_(name) for name in score_csv._BOARDS_HEADER])
    for board in scored.boards:
        for line in board.lines():
            r = line.result
            writer.writerow([
                guard(r.section), number(board.number, lang), guard(r.ns_pair), guard(r.ew_pair),
                "" if r.contract is None else guard(r.contract.format(notation)),
                "" if r.declarer is None else r.declarer.label(notation),
                "" if r.tricks is None else number(r.tricks, lang), guard(format_lead(r.lead, notation)),
                "" if line.ns_score is None else number(line.ns_score, lang), _(r.status.value),
                guard(adjustment_label(line.adjustment, lang)),
                number(board.datum, lang), number(board.top, lang), number(line.ns_points, lang),
                number(line.ew_points, lang), number(line.ns_percent, lang), number(line.ew_percent, lang),
            ])  # fmt: skip
    return out.getvalue()


# ------------------------------------------------------------------------------------------------- events


def _mixed_event() -> Event:
    """Every kind of line a report writes: contracts with leads, passed out, not played, artificial, assigned and
    weighted scores, a phantom, and text that needs a formula guard or quoting in a CSV cell."""
    c4s = parse_contract("4S")
    lines = [
        Result(1, "1", "11", ResultStatus.PLAYED, "A", c4s, Seat.N, 10, "HK", 420),
        Result(1, "2", "12", ResultStatus.PLAYED, "A", c4s, Seat.N, 9, "S10", -50),
        Result(1, "3", "13", ResultStatus.PLAYED, "A", parse_contract("3NT"), Seat.E, 9, "KB", -400, "late; slow"),
        Result(1, "4", "14", ResultStatus.ADJUSTED, "A", remarks="A+/A-"),
        Result(1, "5", "15", ResultStatus.PLAYED, "A", ns_score=100, remarks="50% +420 50% -50"),
        Result(2, "1", "12", ResultStatus.PASSED_OUT, "A", parse_contract("PASS"), ns_score=0),
        Result(2, "2", "13", ResultStatus.NOT_PLAYED, "A", remarks="N.G."),
        Result(2, "3", "14", ResultStatus.PLAYED, "A", ns_score=-110, remarks="R420"),
        Result(2, "4", "15", ResultStatus.PLAYED, "A", ns_score=170, lead="=x"),
        Result(2, "5", "99", ResultStatus.PLAYED, "A", ns_score=90),
        Result(1, "=1", "-2", ResultStatus.PLAYED, "+B", ns_score=620, lead='"q"'),
        Result(1, "2,5", "@3", ResultStatus.PLAYED, "+B", ns_score=-620),
    ]
    return Event(tuple(lines), title="Mixed")


def _events() -> list[tuple[str, Event]]:
    events = [("club-evening", load_events([EXAMPLES / "club-evening.csv"])), ("mixed", _mixed_event())]
    for relative in (EBU_MP, JFR):
        path = REFERENCE / relative
        if path.exists():
            events.append((relative, load_events([path])))
    return events


METHODS: list[ScoringMethod] = [Matchpoints(), Butler(), CrossImps()]
CASES = [(name, event, m) for name, event in _events() for m in METHODS]


def _options(method: ScoringMethod, name: str) -> ScoringOptions:
    return ScoringOptions(method=method, phantoms=frozenset({"99"}) if name == "mixed" else frozenset())


# ------------------------------------------------------------------------------------------------------ JSON


@pytest.mark.parametrize(("name", "event", "method"), CASES, ids=[f"{n}-{m.name}" for n, _e, m in CASES])
@pytest.mark.parametrize("notation", ["en", "nl"])
def test_streamed_json_is_the_document_as_before(
    name: str, event: Event, method: ScoringMethod, notation: Notation
) -> None:
    """``dump`` writes the value ``to_dict`` gives, and its boards are those built line by line before."""
    scored = score_event(event, _options(method, name))
    stream = io.BytesIO()
    score_json.dump(scored, stream, notation)
    parsed = json.loads(stream.getvalue().decode("utf-8"))
    assert parsed["boards"] == boards_as_before(scored, notation)
    assert parsed == score_json.to_dict(scored, notation=notation)
    assert list(parsed) == list(score_json.to_dict(scored, notation=notation))  # key order as before
    assert json.loads(score_json.dumps(scored, notation)) == parsed


def test_json_written_in_chunks_is_the_same_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """A board's lines and a ranking's entries are written CHUNK_LINES at a time: the joins between chunks."""
    scored = score_event(_mixed_event(), _options(Matchpoints(), "mixed"))
    expected = score_json.to_dict(scored)
    for size in (1, 2, 3):
        monkeypatch.setattr(score_json, "CHUNK_LINES", size)
        assert json.loads(score_json.dumps(scored)) == expected


def test_json_of_the_command_is_written_incrementally_and_parses() -> None:
    """``score --format json`` to stdout and to a file: one traveller line per text line, the same value."""
    event = EXAMPLES / "club-evening.csv"
    result = runner.invoke(app, ["score", str(event), "--format", "json"])
    assert result.exit_code == 0, result.output
    scored = score_event(load_events([event]))
    assert json.loads(result.stdout) == score_json.to_dict(scored)
    lines = result.stdout.splitlines()
    first = score_json.to_dict(scored)["boards"][0]["results"][0]
    assert json.loads(lines[lines.index('  "boards": [') + 2].rstrip(",")) == first


# ------------------------------------------------------------------------------------------------------- CSV


@pytest.mark.parametrize(("name", "event", "method"), CASES, ids=[f"{n}-{m.name}" for n, _e, m in CASES])
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_boards_csv_from_the_columns_is_the_text_as_before(
    name: str, event: Event, method: ScoringMethod, lang: str
) -> None:
    scored = score_event(event, _options(method, name))
    assert score_csv.boards_csv(scored, lang, lang) == boards_csv_as_before(scored, lang, lang)  # type: ignore[arg-type]


def test_boards_csv_guards_and_quotes_cells() -> None:
    scored = score_event(_mixed_event(), _options(Matchpoints(), "mixed"))
    rows = list(_csv.reader(io.StringIO(score_csv.boards_csv(scored))))
    assert rows[1][:4] == ["'+B", "1", "'=1", "'-2"]
    assert rows[2][:4] == ["'+B", "1", "2,5", "'@3"]
    assert any(row[7] == '"q"' for row in rows)


# ---------------------------------------------------------------------------------- generated events (hypothesis)

_REMARKS = ["", "", "", "A+", "A60/40", "R420", "50% +420 50% -50", "A"]

line_st = st.tuples(
    st.integers(1, 3),  # board
    st.sampled_from(["", "A", "B"]),  # section
    st.integers(1, 6),  # ns pair
    st.integers(-20, 20).map(lambda x: x * 10),  # score
    st.sampled_from(_REMARKS),
    st.sampled_from([None, "SA", "HK", "x"]),  # lead
)


@settings(max_examples=40, deadline=None)
@given(st.lists(line_st, min_size=1, max_size=25), st.sampled_from(METHODS), st.booleans())
def test_generated_events_write_as_before(
    lines: list[tuple[int, str, int, int, str, str | None]], method: ScoringMethod, across: bool
) -> None:
    results = tuple(
        Result(board, str(ns), str(10 + (ns + board) % 6), ResultStatus.PLAYED, section, lead=lead, ns_score=score,
               remarks=remark)
        for board, section, ns, score, remark, lead in lines
    )  # fmt: skip
    scored = score_event(Event(results), ScoringOptions(method=method, across_sections=across))
    parsed = json.loads(score_json.dumps(scored))
    assert parsed["boards"] == boards_as_before(scored, "en")
    assert parsed == score_json.to_dict(scored)
    for lang in ("en", "nl"):
        assert score_csv.boards_csv(scored, "en", lang) == boards_csv_as_before(scored, "en", lang)


# ------------------------------------------------------------------------------ large events: nothing per line


def _large_table_event(boards: int, tables: int) -> Event:
    """A Mitchell of ``tables`` tables playing ``boards`` boards, as a columnar reader makes it (no ``Result``)."""
    scores = [-620, -420, -100, -50, 50, 110, 140, 420, 450, 620]
    results = [
        Result(b, str(t), str(tables + 1 + (t + b) % tables), ResultStatus.PLAYED,
               ns_score=scores[(t * 7 + b * 3) % len(scores)])
        for b in range(1, boards + 1) for t in range(1, tables + 1)
    ]  # fmt: skip
    return Event.from_table(ResultTable.from_results(results))


def _built_results(event: Event) -> int:
    view = event.results
    assert isinstance(view, ResultView)
    return sum(r is not None for r in view._cache)


def test_writers_build_no_object_per_line() -> None:
    """JSON, the travellers CSV and the plain text report of a columnar event are written from the columns: no
    ``ScoredBoard`` and no ``Result`` per line is made (the line-by-line writers made both)."""
    event = _large_table_event(3, 1200)
    scored = score_event(event)
    built = _built_results(event)
    score_json.dump(scored, io.BytesIO())
    score_csv.write_boards_csv(scored, io.StringIO())
    render_text(scored, Console(file=io.StringIO(), width=120), boards=True)
    assert scored._boards is None
    assert _built_results(event) == built


# ---------------------------------------------------------------------------------------------- text report


def _text(scored: ScoredEvent, boards: bool, lang: Language = "en") -> str:
    out = io.StringIO()
    render_text(scored, Console(file=out, width=200, highlight=False), "en", boards=boards, lang=lang)
    return out.getvalue()


def _rich_rows(text: str) -> list[list[str]]:
    return [" ".join(c.strip() for c in line.strip("│").split("│")).split() for line in text.splitlines()
            if line.startswith("│")]  # fmt: skip


def _plain_rows(text: str) -> list[list[str]]:
    """The rows of every plain table: the lines after a line of dashes, up to the next empty line."""
    rows: list[list[str]] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("-") and set(line) <= {"-", " "}:
            inside = True
        elif not line.strip():
            inside = False
        elif inside:
            rows.append(line.split())
    return rows


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_large_text_report_is_plain_columns_with_every_pair(lang: Language, monkeypatch: pytest.MonkeyPatch) -> None:
    """Above PLAIN_ROWS rows the rankings are plain aligned columns holding every pair with the cells the drawn
    table has (the same report drawn by rich, with the limit raised, is the reference)."""
    scored = score_event(_large_table_event(2, 1100))  # 2,200 pairs
    plain = _text(scored, boards=False, lang=lang)
    assert "│" not in plain and "━" not in plain
    rows = _plain_rows(plain)
    pairs = {row[1] for row in rows}
    assert pairs == {str(p) for p in range(1, 2201)}
    monkeypatch.setattr(text_report, "PLAIN_ROWS", 10**9)
    drawn = _text(scored, boards=False, lang=lang)
    assert "│" in drawn
    assert rows == _rich_rows(drawn)
    assert plain.splitlines()[:6] == drawn.splitlines()[:6]  # the title and the method's lines


def test_large_travellers_in_plain_columns_as_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--boards`` above the limit: every traveller in plain columns, headed as the drawn ones, the same cells
    (contracts, adjusted and not-played lines, leads, points) – on the mixed event with the limit lowered."""
    scored = score_event(_mixed_event(), _options(Butler(), "mixed"))
    drawn = _text(scored, boards=True)
    monkeypatch.setattr(text_report, "PLAIN_ROWS", 1)
    plain = _text(scored, boards=True)
    assert "│" not in plain
    assert _plain_rows(plain) == _rich_rows(drawn)
    headings = [line.strip() for line in drawn.splitlines() if line.startswith("Section") and " board " in line]
    assert len(headings) == 3 and all(h in plain.splitlines() for h in headings)


def test_club_report_stays_drawn() -> None:
    result = runner.invoke(app, ["score", str(EXAMPLES / "club-evening.csv"), "--boards"])
    assert result.exit_code == 0, result.output
    assert "│" in result.stdout and "-----" not in result.stdout


# ------------------------------------------------------------------------------------------------- HTML page


def test_large_event_page_is_summarised_and_parses(tmp_path: Path) -> None:
    """Above FULL_PAGE_LINES lines: the ranking in full, each traveller as score frequencies adding up to its
    lines, no score cards, and the page says so; it parses strictly."""
    from test_html import parse_page, text_of

    event = _large_table_event(3, 1800)  # 5,400 lines
    scored = score_event(event)
    for lang in ("en", "nl"):
        page = render_html(page_dict(scored), lang)
        root = parse_page(page)
        note = root.find(".//p[@id='summary']")
        assert note is not None
        assert ("5400" in text_of(note)) and ("5000" in text_of(note))
        assert root.find(".//*[@id='cards']") is None
        ranking_pairs = [text_of(td) for td in root.iterfind(".//td[@data-field='pair']")]
        assert sorted(ranking_pairs, key=int) == [str(p) for p in range(1, 3601)]
        boards = [s for s in root.iterfind(".//section") if str(s.get("id", "")).startswith("board-")]
        assert len(boards) == 3
        for board in boards:
            counts = [int(text_of(td)) for td in board.iterfind(".//td[@data-field='count']")]
            assert sum(counts) == 1800 and len(counts) == 10
    assert "summarised" in render_html(page_dict(scored), "en")
    document = score_json.to_dict(scored)
    assert render_html(document) == render_html(page_dict(scored))  # a full document is summarised the same way


def test_summary_counts_each_score_with_its_points() -> None:
    scored = score_event(_mixed_event(), _options(Matchpoints(), "mixed"))
    boards = score_json.to_dict(scored)["boards"]
    for board, summary in zip(boards, summarise(boards), strict=True):
        assert summary["lines"] == len(board["results"])
        assert sum(row["count"] for row in summary["frequencies"]) == len(board["results"])
        for row in summary["frequencies"]:
            same = [r for r in board["results"] if all(r[k] == row[k] for k in row if k != "count")]
            assert len(same) == row["count"]
        scores = [row["ns_score"] for row in summary["frequencies"] if row["ns_score"] is not None]
        assert scores == sorted(scores, reverse=True)


def test_json_to_a_text_only_stdout(monkeypatch: pytest.MonkeyPatch) -> None:
    """A program embedding the command with a stdout that has no bytes buffer still gets the JSON."""
    import typer.main

    stdout = io.StringIO()
    monkeypatch.setattr("sys.stdout", stdout)
    command = typer.main.get_command(app)
    command.main(["score", str(EXAMPLES / "club-evening.csv"), "--format", "json"], standalone_mode=False)
    assert json.loads(stdout.getvalue()) == score_json.to_dict(
        score_event(load_events([EXAMPLES / "club-evening.csv"]))
    )


def test_summarised_page_names_lines_without_a_score() -> None:
    """Adjusted and not-played lines of a summarised traveller are rows of their own, named by what they were."""
    from test_html import parse_page, text_of

    scored = score_event(_mixed_event(), _options(Matchpoints(), "mixed"))
    document = score_json.to_dict(scored)
    page = render_html({**document, "boards": list(summarise(document["boards"]))}, "nl")
    root = parse_page(page)
    named = [text_of(td) for td in root.iterfind(".//td[@data-field='adjustment']")]
    assert "A+/A-" in named and "niet gespeeld" in named
