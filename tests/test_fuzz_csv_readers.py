"""Fuzzing the CSV-type readers (issue 11, acceptance): real files, mutated by hypothesis, through each reader and
through the command line.  For every mutation: no traceback, no exit status other than 0, 1 or 2, and no line
silently lost - every line of the file that holds anything is either read (a result, a deal, a name) or named
in a problem.

Seeds: the files in ``tests/data`` and ``src/bridgescore/examples``, and (when it is beside the repository)
a few of ``../shared/reference``'s; the mutations insert, replace and delete bytes, among them the ones the
fuzzing pass found harmful (a bare CR, an unclosed quote, a NUL, numbers of thousands of digits or beyond 64
bits, a value of 140,000 characters).  Few examples per reader, so the suite stays about a minute.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.problems import Problem
from bridgescore.io import bws
from bridgescore.io import csv as traveller_csv
from bridgescore.io import names as names_file
from bridgescore.io.csv import physical_lines, read_text
from bridgescore.rubber import read as rubber_io
from bridgescore.valet import read as valet_io

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
EXAMPLES = REPO / "src" / "bridgescore" / "examples"
REFERENCE = REPO.parent / "shared" / "reference"
runner = CliRunner()
ENUM_NAME = re.compile(
    r"\b(?:Seat|Strain|Risk|Side|Severity|ResultStatus|Movement|FieldKind|HonoursKind)\.[A-Z_]{2,}\b"
)

FUZZ = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: What the fuzzing pass found harmful, and what the formats hold.
TOKENS = (
    b'"',
    b"\r",
    b"\n",
    b"\r\n",
    b"\x00",
    b",",
    b";",
    b"\t",
    b"|",
    b"#",
    b"=",
    b"-",
    b"\xff",
    b"\xef\xbb\xbf",
    b"A60",
    b"PASS",
    b"4SX",
    b"NS 100",
    b"9" * 5000,
    str(2**63).encode(),
    b"x" * 140_000,
    b"\n\n",
    b'"\n"',
)


def _seeds(*paths: Path) -> list[bytes]:
    return [p.read_bytes() for p in paths if p.is_file()]


@st.composite
def mutated(draw: st.DrawFn, seeds: list[bytes]) -> bytes:
    """A seed with one to four mutations: a token or random bytes inserted or put in place of a byte, a range
    deleted, a line doubled."""
    data = bytearray(draw(st.sampled_from(seeds)))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(("insert", "replace", "delete", "bytes", "double")))
        at = draw(st.integers(0, len(data)))
        if op == "insert":
            data[at:at] = draw(st.sampled_from(TOKENS))
        elif op == "replace":
            data[at : at + 1] = draw(st.sampled_from(TOKENS))
        elif op == "delete":
            del data[at : at + draw(st.integers(1, 40))]
        elif op == "bytes":
            data[at:at] = draw(st.binary(min_size=1, max_size=6))
        else:
            start = data.rfind(b"\n", 0, at) + 1
            end = data.find(b"\n", at)
            end = len(data) if end < 0 else end + 1
            data[end:end] = data[start:end]
    return bytes(data)


def _text(data: bytes) -> str | None:
    text, _ = read_text(data, "fuzz")
    return text


def _lines_with_something(text: str, ignore: Callable[[str], bool] = lambda line: False) -> dict[int, str]:
    """The lines (1-based) that hold more than separators, quotes and blanks."""
    return {
        number: line
        for number, line in enumerate(physical_lines(text), start=1)
        if re.sub(r"[\s,;\t\"]", "", line) and not ignore(line)
    }


def _unaccounted(lines: dict[int, str], read: set[int], problems: tuple[Problem, ...] | list[Problem]) -> list[int]:
    """Lines neither read nor named in a problem; none if a problem refuses the whole file (no line)."""
    reported = {p.location.line for p in problems}
    if None in reported:
        return []
    return sorted(set(lines) - read - reported)


def _after_the_header(lines: dict[int, str], problems: tuple[Problem, ...]) -> dict[int, str]:
    """The lines after the header: the first line that holds something and is not named in a problem (a quote
    left open on the first line makes the second the header)."""
    reported = {p.location.line for p in problems}
    header = min((n for n in lines if n not in reported), default=0)
    return {n: line for n, line in lines.items() if n > header}


def _run(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.output[-2000:])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert not ENUM_NAME.search(result.output), (
        result.output
    )  # "Seat.NORTH", "Movement.HOWELL": no words for a director


TRAVELLERS = _seeds(
    *sorted((TESTS / "data" / "travellers").glob("*.csv")),
    EXAMPLES / "club-evening.csv",
    REFERENCE / "events" / "bbo-annamar-1538" / "normalized" / "results.csv",
    REFERENCE / "events" / "kops-chorzow-sm0807-imp" / "normalized" / "results.csv",
)


@FUZZ
@given(data=mutated(TRAVELLERS))
def test_fuzz_traveller_csv(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "travellers.csv"
        path.write_bytes(data)
        event = traveller_csv.load(path)
        text = _text(data)
        if text is not None and event.results:
            lines = _after_the_header(_lines_with_something(text), event.problems)
            read = {r.source.line for r in event.results if r.source and r.source.line}
            assert not _unaccounted(lines, read, event.problems)
        _run(["check", str(path)])


NAMES = _seeds(TESTS / "data" / "names.csv") or [b"pair,names\n1,Ann & Bob\n2,Cy & Di\n3,Eve & Fay\n"]
NAMES += [b"section;pair;player1;player2\nA;1;Ann;Bob\nA;2;Cy;Di\nB;1;Eve;Fay\n", b'1,"Smith, A & Jones, B"\n2,Fox\n']


@FUZZ
@given(data=mutated(NAMES))
def test_fuzz_names_file(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "names.csv"
        path.write_bytes(data)
        names, problems = names_file.load(path)
        text = _text(data)
        if text is not None and isinstance(names, names_file.Names) and names:
            first = min(where.line or 0 for where in names.sources.values())
            lines = {n: line for n, line in _lines_with_something(text).items() if n >= first}
            read = {where.line for where in names.sources.values() if where.line}
            assert not _unaccounted(lines, read, problems)
        travellers = Path(folder) / "club.csv"
        travellers.write_bytes(EXAMPLES.joinpath("club-evening.csv").read_bytes())
        _run(["score", str(travellers), "--names", str(path)])


RUBBERS = [
    *_seeds(EXAMPLES / "rubber.csv", EXAMPLES / "chicago.csv"),
    b"rubber,deal,contract,declarer,tricks,honours\n1,1,4S,S,10,NS 100\n1,2,3NT,N,9,\n2,1,4H,E,10,\n2,2,PASS,,,\n",
]


@FUZZ
@given(data=mutated(RUBBERS))
def test_fuzz_rubber_file(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deals.csv"
        path.write_bytes(data)
        read = rubber_io.load(path)
        text = _text(data)
        if text is not None and read.lines:
            first = min(d.source.line or 0 for d in read.lines)
            header = max(n for n in _lines_with_something(text) if n < first) if first > 1 else 0
            lines = {n: line for n, line in _lines_with_something(text).items() if n > header}
            done = {d.source.line for d in read.lines if d.source.line}
            assert not _unaccounted(lines, done, read.problems)
        _run(["rubber", str(path)])


VALET_NAMES = b"# players\na|Anna\nb|Bert\nc|Cees\nd|Dirk\ne|Eva\nf|Frans\ng|Gijs\nh|Hans\n"
VALET_SCORES = [
    b"1|1|a|b|c|d|4S|N|10|SA\n1|1|e|f|g|h|4S|S|9|HK\n2|2|a|f|c|h|3N|E|9\n2|2|e|b|g|d|P|x|x\n",
    *_seeds(
        REFERENCE / "valet" / "cases" / "ex04_imps_cloud_lead" / "input" / "scores4.txt",
    ),
]
VALET_NAME_FILES = [
    VALET_NAMES,
    *_seeds(REFERENCE / "valet" / "cases" / "ex04_imps_cloud_lead" / "input" / "names4.txt"),
]


def _valet_names_for(scores: bytes) -> bytes:
    return VALET_NAME_FILES[1] if scores in VALET_SCORES[1:] and len(VALET_NAME_FILES) > 1 else VALET_NAMES


@FUZZ
@given(seed=st.sampled_from(VALET_SCORES), data=st.data())
def test_fuzz_valet_scores(seed: bytes, data: st.DataObject) -> None:
    scores = data.draw(mutated([seed]))
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "names.txt").write_bytes(_valet_names_for(seed))
        (Path(folder) / "scores.txt").write_bytes(scores)
        read = valet_io.load_dir(folder)
        text = _text(scores)
        if text is not None:
            lines = {
                n: line for n, line in enumerate(text.split("\n"), start=1) if line.strip() and not line.startswith("#")
            }
            done = {int(where.line or 0) for where in read.tables.sources or []}
            assert not _unaccounted(lines, done, read.problems)
        _run(["valet", folder])


@FUZZ
@given(data=mutated(VALET_NAME_FILES))
def test_fuzz_valet_names(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "names.txt").write_bytes(data)
        (Path(folder) / "scores.txt").write_bytes(VALET_SCORES[0])
        valet_io.load_dir(folder)
        _run(["valet", folder])


BWS = _seeds(TESTS / "data" / "bws" / "received-data.csv")


@FUZZ
@given(data=mutated(BWS))
def test_fuzz_bws_export(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "received.csv"
        path.write_bytes(data)
        event = bws.load(path)
        text = _text(data)
        if text is not None and event.results:
            lines = _after_the_header(_lines_with_something(text), event.problems)
            read = {r.source.line for r in event.results if r.source and r.source.line}
            assert not _unaccounted(lines, read, event.problems)
        _run(["check", str(path)])
