"""Fuzzing the USEBIO and PBN readers (issue 11): real files mutated by hypothesis (lines deleted, doubled,
swapped, cut, re-cased, odd characters and line breaks put in) go through the command line and the readers.

For every mutation: no traceback, no hang, exit status 0, 1 or 2 only, and no line silently lost: every traveller
line of a USEBIO file (``TRAVELLER_LINE`` however spelt) and every result of a PBN file (a game with a contract
or score, a score-table row) is either scored or named by a problem.  Bounded: a few dozen examples per reader,
on files of a few hundred lines, so the whole suite stays about a minute.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.event import Event
from bridgescore.core.problems import Problem
from bridgescore.io import load_event
from bridgescore.io.usebio import _is_line, parse_document

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
REFERENCE = ROOT.parent / "shared" / "reference" / "events"

#: Characters that broke readers before: line breaks Python splits at, markup, quotes, a NUL.
_ODD = ["\r", "\u2028", "\x0c", "\x85", "<", ">", "&", "[", "]", '"', "{", "}", "\t", "\x00", "é", " ", "\n", "-"]


def _head(path: Path, lines: int) -> str:
    """The first ``lines`` lines of a file, cut at a blank line (whole PBN games)."""
    text = path.read_text(encoding="utf-8")
    kept = text.split("\n")[:lines]
    while kept and kept[-1].strip():
        kept.pop()
    return "\n".join(kept) + "\n" if kept else text


def _seeds(suffix: str) -> list[tuple[str, str]]:
    """(name, text) of the real files a fuzz run starts from; reference files only where present."""
    seeds = [(p.name, p.read_text(encoding="utf-8")) for p in sorted(DATA.rglob(f"*{suffix}"))]
    if suffix == ".xml":
        for path in (REFERENCE / "usebio-ebu-examples" / "original" / "mp-pairs.xml",
                     REFERENCE / "usebio-realbridge" / "original" / "usebio.xml"):  # fmt: skip
            if path.is_file():
                seeds.append((path.name, path.read_text(encoding="utf-8")))
    else:
        path = REFERENCE / "realbridge-teams-imp-pbn" / "original" / "example2.pbn"
        if path.is_file():
            seeds.append((path.name, _head(path, 400)))
    return seeds


_PIECES = [*_ODD, "A", "1", "x", "TRAVELLER_LINE", "BOARD", "SCORE", "</BOARD>", "Board", "Contract", '[Board "'
           ]  # fmt: skip


#: Every mutation :func:`mutate` knows.
MUTATIONS = ("delete", "double", "swap", "replace", "case", "cut", "odd", "blank")


def mutate(
    draw: st.DrawFn,
    lines: list[str],
    odd: Sequence[str],
    ops: Sequence[str] = MUTATIONS,
    pieces: Sequence[str] = (),
) -> str:
    """``lines`` with 1–4 mutations drawn from ``ops``: a line deleted, doubled, swapped with another, replaced by
    ``pieces``, upper- or lower-cased, a span cut out of it, one of ``odd`` put into it, or the blank lines dropped
    (the teams readers' fuzz test uses it too, with its own odd pieces)."""
    lines = list(lines)
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            lines = [""]
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(list(ops)))
        if op == "delete":
            del lines[i]
        elif op == "double":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "replace":
            lines[i] = "".join(draw(st.lists(st.sampled_from(list(pieces)), max_size=5)))
        elif op == "case":
            lines[i] = lines[i].lower() if draw(st.booleans()) else lines[i].upper()
        elif op == "cut":
            line = lines[i]
            a = draw(st.integers(0, len(line)))
            b = draw(st.integers(a, len(line)))
            lines[i] = line[:a] + line[b:]
        elif op == "odd":
            line = lines[i]
            at = draw(st.integers(0, len(line)))
            lines[i] = line[:at] + draw(st.sampled_from(list(odd))) + line[at:]
        elif draw(st.booleans()):  # no blank lines: games without a blank line between them
            lines = [line for line in lines if line.strip()]
    return "\n".join(lines)


@st.composite
def _mutated(draw: st.DrawFn, suffix: str) -> str:
    """A seed file of ``suffix`` (drawn by index: the texts are too long to print) with 1–4 mutations."""
    seeds = _XML_SEEDS if suffix == ".xml" else _PBN_SEEDS
    lines = seeds[draw(st.integers(0, len(seeds) - 1))][1].split("\n")
    return mutate(draw, lines, _ODD, pieces=_PIECES)


def _run(path: Path) -> None:
    """The command line: no traceback, exit status 0, 1 or 2 (score may refuse a teams file: 2)."""
    for command in (["check", str(path)], ["score", str(path)]):
        result = runner.invoke(app, command)
        assert result.exit_code in (0, 1, 2), (command, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


def _named_lines(event: Event) -> set[int]:
    return {p.location.line for p in event.problems if p.location.line is not None}


def _whole_file_problem(event: Event) -> bool:
    return any(p.location.line is None for p in event.problems)


_FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)
_XML_SEEDS = _seeds(".xml")
_PBN_SEEDS = _seeds(".pbn")


@_FUZZ
@given(text=_mutated(".xml"))
def test_usebio_mutations_lose_no_traveller_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzz.xml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    _run(path)
    event = load_event(path)
    doc, _problems = parse_document(path.read_bytes(), str(path))
    if doc is None:
        assert _whole_file_problem(event) and not event.results
        return
    if _whole_file_problem(event) and not event.results:
        return  # the file as a whole is refused (not USEBIO, nothing to score), and says so
    scored = {r.source.line for r in event.results if r.source is not None}
    named = _named_lines(event)
    parents = {id(child): parent for parent in doc.root.iter() for child in parent}
    for element in doc.root.iter():
        if not _is_line(element.tag):
            continue
        own = {doc.lines.get(id(e)) for e in element.iter()}
        above: set[int | None] = set()
        node = element
        while id(node) in parents:
            node = parents[id(node)]
            above.add(doc.lines.get(id(node)))
        line = doc.lines.get(id(element))
        assert line in scored or (own | above) & named, f"traveller line {line} neither scored nor reported"


def _pbn_carriers(text: str) -> list[tuple[int, int, int]]:
    """(first line, last line, results carried) of each chunk between blank lines: each row of a score table (the
    lines after ``[ScoreTable]`` up to the next tag), or, in a chunk without a score table, each game with a
    contract or a score.  A game is the chunk, cut where a tag (but ``Note``) comes a second time, as the module
    docstring of :mod:`bridgescore.io.pbn` says – not at ``[Board]``: the PBN standard fixes no order of the tags, so
    a ``[Contract]`` written above its game's ``[Board]`` is that game's.  (A game with both gives its table; its
    own result is one of the rows.)  A contract or score written ``?`` (PBN's unknown value, as Bridgewebs writes
    ``[Contract "?"]`` beside its score tables) carries none, as the reader's docstring says."""
    tag = re.compile(r'^\s*\[(\w+)\s+"(.*)"\]')
    odd = "[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]"
    lines = [re.sub(odd, " ", x.removesuffix("\r")) for x in text.split("\n")]
    chunks: list[tuple[int, int, int]] = []
    start, rows, in_table, tables, games, carries = 0, 0, False, 0, 0, False
    seen: set[str] = set()
    for number, line in enumerate([*lines, ""], start=1):
        if not line.strip():
            if start:
                chunks.append((start, number - 1, rows if tables else games + carries))
            start, rows, in_table, tables, games, carries = 0, 0, False, 0, 0, False
            seen = set()
            continue
        start = start or number
        m = tag.match(line)
        if m:
            in_table = m[1] == "ScoreTable"
            tables += in_table
            if m[1] in seen and m[1] != "Note":  # a tag written a second time starts the next game
                games, carries, seen = games + carries, False, set()
            seen.add(m[1])
            if m[1] in ("Contract", "Score") and m[2].strip() not in ("", "#", "?"):  # "?": PBN's unknown, no result
                carries = True
        elif in_table and not line.lstrip().startswith(("%", "{", ";")):
            rows += 1
    return chunks


def _weight(problem: Problem) -> int:
    if problem.location.field in (None, "Board") or problem.message.startswith('[%(tag)s "#"]'):
        return 10_000
    count = problem.fields.get("count", 1)
    return count if isinstance(count, int) else 1


#: A mutation CI's fuzz found: a blank line splitting a Bridgewebs game leaves its ``[Contract "?"]`` tags alone in a
#: chunk – no result lost, since "?" is none.
_SPLIT_UNKNOWN = (
    '[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n[Deal "S:98.QJ9842.T97.A5 AT.AT75.KQ2.KQ32 KQJ765432..J5.94 '
    '.K63.A8643.JT876"]\n[ScoreTable "PairId_NS\\4R;PairId_EW\\4R;Contract\\5L;Declarer\\1R;Result\\2R"]\n'
    '1    8    4S*   N 10\n10   2    4S*   N 10\n\n[Scoring "MP"]\n[Declarer "?"]\n[Contract "?"]\n'
    '[Result "?"]\n'
)


#: A mutation CI's fuzz found: a game's ``[Contract]`` swapped above its ``[Board]`` (and its ``[Event]`` below) is
#: still one game with one result – the count of carriers had cut games at ``[Board]``.
_CONTRACT_ABOVE_BOARD = (
    '[Contract "2D"]\n[Site "RealBridge"]\n[Board "10"]\n[Dealer "E"]\n[Vulnerable "All"]\n[Declarer "W"]\n'
    '[Event "Open"]\n[PairId_NS "1"]\n[PairId_EW "2"]\n[Result "8"]\n[Score "NS -90"]\n'
)


@_FUZZ
@given(text=_mutated(".pbn"))
@example(text=_SPLIT_UNKNOWN)
@example(text=_CONTRACT_ABOVE_BOARD)
def test_pbn_mutations_lose_no_result(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzz.pbn"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    _run(path)
    event = load_event(path)
    if _whole_file_problem(event) and not event.results:
        return
    scored = [r.source.line for r in event.results if r.source is not None]
    # a problem counts for the results it says are left out: a whole game (no tag, or its Board or "#"), or
    # %(count)d rows; any other for one
    named = [(p.location.line, _weight(p)) for p in event.problems if p.location.line is not None]
    # after a "{" comment never closed, the games run on through blank lines: that problem names the loss
    unclosed = min(
        (p.location.line or 0 for p in event.problems if p.message.startswith("a comment opened")), default=0
    )
    for first, last, carried in _pbn_carriers(text):
        if unclosed and last >= unclosed:
            break
        results = sum(first <= line <= last for line in scored)
        reported = sum(n for line, n in named if first <= line <= last)
        assert results + reported >= carried, (
            f"lines {first}-{last}: {carried} result(s), {results} scored, {reported} reported"
        )


def test_the_fuzz_starts_from_real_files() -> None:
    """The seeds are there (tests/data always; the reference files where ../shared is)."""
    assert any(name == "club-scoretable.pbn" for name, _ in _PBN_SEEDS)
    assert any(name == "bad-usebio.xml" for name, _ in _XML_SEEDS)
    if not REFERENCE.is_dir():
        pytest.skip(f"reference data not found at {REFERENCE}: fuzzing tests/data only")
