"""The columnar CSV traveller reader (issue 12) reads every file as the careful line reader does: the same lines,
the same problems (lines, fields, words), whichever lines it reads on columns and whichever it hands over."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from bridgescore.core.contract import ContractError, Seat, parse_contract, score, vulnerability_of_board
from bridgescore.core.event import Event
from bridgescore.core.table import ResultView
from bridgescore.io import csv as traveller_csv
from bridgescore.io import csv_columns
from bridgescore.pairs.report.check import check_csv, render_check

MISTAKES = Path(__file__).resolve().parent / "data" / "travellers" / "mistakes.csv"

SAME = settings(
    max_examples=250,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: The column layouts a file may have (a header's fields; the careful reader's synonyms, EN and NL).
LAYOUTS: tuple[tuple[str, ...], ...] = (
    ("board", "ns", "ew", "contract", "declarer", "result", "lead", "score", "remarks", "table"),
    ("board", "ns", "ew", "score"),
    ("section", "board", "ns", "ew", "contract", "declarer", "result", "score", "remarks"),
    ("board", "ns", "ew", "contract", "declarer", "result", "ew_score"),
    ("spel", "nz", "ow", "contract", "leider", "slagen", "uitkomst", "score", "opmerkingen"),
    ("board", "ns", "ew", "result", "score"),  # BBO-like: contract, declarer and result in one column
    ("board", "ns", "ew", "contract", "declarer", "result", "score", "ew_score", "remarks"),
    # issue 19: pairs made of their players (an individual, BBO's travellers), read on columns too
    ("board", "north", "south", "east", "west", "contract", "declarer", "result", "score"),
    (
        "section",
        "board",
        "north",
        "south",
        "east",
        "west",
        "contract",
        "declarer",
        "result",
        "lead",
        "score",
        "remarks",
    ),
)
#: Players of the seat columns: a few names (so some partnerships repeat), a missing one, spaces around one.
PLAYERS = ("Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "", " Hal ")
FIELD_OF = {"spel": "board", "nz": "ns", "ow": "ew", "leider": "declarer", "slagen": "result", "uitkomst": "lead",
            "opmerkingen": "remarks"}  # fmt: skip

CONTRACTS = ("4S", "3NT", "2HX", "1C", "6SAXX", "7NT", "PASS", "4Q", "", "N.G.", "A60/40", "8S")
DECLARERS = ("N", "E", "S", "W", "O", "Z", "", "X")
RESULTS = ("10", "=", "+1", "-2", "9", "14", "", "8", "x")
REMARKS = ("", "", "", "A60/40", "A+", "AVE-", "G+", "R420", "N.G.", "50% 4S= + 50% 4S-1", "note")
PAIRS = ("1", "2", "3", "4", "5", "6", "", " 7 ")
BOARDS = (*(str(b) for b in range(1, 21)), "0", "x", "", "-1", "+3", " 4 ")


def _mistake_lines() -> list[dict[str, str]]:
    lines = MISTAKES.read_text(encoding="utf-8").splitlines()
    header = [h.lower() for h in lines[0].split(";")]
    return [dict(zip(header, line.split(";"), strict=False)) for line in lines[1:] if line.strip()]


MISTAKE_LINES = _mistake_lines()


def _computed(board: str, contract: str, declarer: str, result: str) -> str | None:
    """North-South's score of the line where its fields can be read, else None."""
    try:
        c = parse_contract(contract)
        if c.is_passed_out:
            return "0"
        seat = Seat.parse(declarer)
        tricks = int(result) if result.isdigit() else None
        if tricks is None or not 0 <= tricks <= 13:
            return None
        return str(score(c, seat, vulnerability_of_board(int(board)), tricks))
    except (ContractError, ValueError):
        return None


@st.composite
def line_fields(draw: st.DrawFn) -> dict[str, str]:
    """One line's fields by name: a good line mostly, else a mistake of mistakes.csv, an adjustment, a board not
    played, a passed-out board, a wrong score, an EW score with either sign."""
    kind = draw(st.sampled_from(("good", "good", "good", "good", "mistake", "adjusted", "odd")))
    board = draw(st.sampled_from(BOARDS[:20] if kind != "odd" else BOARDS))
    pairs = PAIRS if kind == "odd" else PAIRS[:6]
    fields = {"board": board, "ns": draw(st.sampled_from(pairs)), "ew": draw(st.sampled_from(pairs))}
    players = PLAYERS if kind == "odd" else PLAYERS[:7]
    fields.update({seat: draw(st.sampled_from(players)) for seat in ("north", "south", "east", "west")})
    fields["section"] = draw(st.sampled_from(("A", "B", "")))
    fields["lead"] = draw(st.sampled_from(("", "HK", "SA", "d2")))
    fields["table"] = draw(st.sampled_from(("1", "2", "", "x", "a, b; c", " 3  ")))
    if kind == "mistake":
        fields.update(draw(st.sampled_from(MISTAKE_LINES)))
        return fields
    contract = draw(st.sampled_from(CONTRACTS[:7] if kind == "good" else CONTRACTS))
    declarer = draw(st.sampled_from(DECLARERS[:4] if kind == "good" else DECLARERS))
    level = int(contract[0]) if contract[:1].isdigit() else 1
    result = draw(st.sampled_from((str(level + 6), str(level + 5), str(level + 7), "=", "-1")))
    if kind == "odd":
        result = draw(st.sampled_from(RESULTS))
    if contract == "PASS":
        declarer = result = ""
    computed = _computed(board, contract, declarer, result)
    written = draw(st.sampled_from(("computed", "computed", "empty", "wrong", "text")))
    score_text = {"computed": computed or "", "empty": "", "wrong": "999", "text": "abc"}[written]
    fields.update(contract=contract, declarer=declarer, result=result, score=score_text)
    if computed is not None and draw(st.booleans()):
        fields["ew_score"] = str(-int(computed) * draw(st.sampled_from((1, 1, 1, -1))))
        fields["score"] = draw(st.sampled_from(("", score_text)))
    fields["remarks"] = draw(st.sampled_from(REMARKS if kind != "good" else REMARKS[:3]))
    if kind == "adjusted":
        fields["contract"] = draw(st.sampled_from(("", "A60/40", "AVE+", "N.G.")))
    return fields


@st.composite
def traveller_files(draw: st.DrawFn, odd_lines: bool = True) -> str:
    """A traveller file's text from building blocks; with ``odd_lines``: lines with more or fewer values than the
    header, a quoted value, a blank line (the file the columnar reader hands over as a whole)."""
    layout = draw(st.sampled_from(LAYOUTS))
    separator = draw(st.sampled_from((",", ";", "\t")))
    end = draw(st.sampled_from(("\n", "\r\n")))
    quote_all = draw(st.booleans())  # every value quoted, as many exports do (then a value may hold a separator)
    rows = [list(layout)]
    for fields in draw(st.lists(line_fields(), min_size=1, max_size=40)):
        row = []
        for name in layout:
            field = FIELD_OF.get(name, name)
            if layout[3:4] == ("result",) and field == "result":  # one column: "4S N =" or an adjustment
                value = " ".join(v for v in (fields.get("contract", ""), fields.get("declarer", ""),
                                             fields.get("result", "")) if v)  # fmt: skip
            else:
                value = fields.get(field, "")
            if quote_all:
                row.append('"' + value.replace('"', '""') + '"')
            else:
                row.append(value.replace(",", " ").replace(";", " ").replace("\t", " ").replace('"', ""))
        rows.append(row)
    if draw(st.booleans()):  # a line repeated, or a pair on a board twice
        i = draw(st.integers(1, len(rows) - 1))
        rows.insert(draw(st.integers(1, len(rows))), list(rows[i]))
    if odd_lines and draw(st.booleans()):
        i = draw(st.integers(1, len(rows) - 1))
        oddity = draw(st.sampled_from(("more", "fewer", "quote", "unclosed", "inside", "blank", "separators")))
        if oddity == "more":
            rows[i] = [*rows[i], "Smith, J"]
        elif oddity == "fewer":
            rows[i] = rows[i][: max(1, len(rows[i]) - 2)]
        elif oddity == "quote":
            rows[i] = ['"' + rows[i][0].strip('"') + '"', *rows[i][1:]]
        elif oddity == "unclosed":
            rows[i] = [*rows[i][:-1], '"' + rows[i][-1].strip('"')]
        elif oddity == "inside":
            rows[i] = [*rows[i][:-1], rows[i][-1] + 'x"y']
        elif oddity == "blank":
            rows.insert(i, [])
        else:
            rows.insert(i, [""] * len(layout))
    return end.join(separator.join(row) for row in rows) + end


def _both(text: str, pairs_per_direction: bool | None) -> tuple[Event, Event]:
    """The event the columnar reader reads (where it hands the file over, the line reader's) and the line reader's
    (:func:`bridgescore.io.csv.loads` reads files below ``COLUMNAR_FROM`` characters line by line)."""
    careful = traveller_csv.loads_line_by_line(text, "t.csv", pairs_per_direction=pairs_per_direction)
    fast = csv_columns.loads(text, "t.csv", "en", pairs_per_direction=pairs_per_direction)
    return (careful if fast is None else fast), careful


def _listing(event: Event) -> str:
    out = io.StringIO()
    render_check(event, Console(file=out, width=120, highlight=False))
    return out.getvalue()


@SAME
@given(text=traveller_files(), per_direction=st.sampled_from((None, True, False)))
def test_the_columnar_reader_reads_as_the_line_reader(text: str, per_direction: bool | None) -> None:
    fast, careful = _both(text, per_direction)
    assert fast.problems == careful.problems
    assert tuple(fast.results) == tuple(careful.results)
    assert fast.table.results() == careful.table.results()
    assert (fast.form, fast.form_sign) == (careful.form, careful.form_sign)  # an individual is told on columns too


@SAME
@given(text=traveller_files(odd_lines=False))
def test_files_without_odd_quotes_or_blank_lines_are_read_on_columns(text: str) -> None:
    """The property above is about the columnar reader, not the line reader it may hand a file to: a file of good
    and bad lines, with repeated lines, is read on columns."""
    assert csv_columns.loads(text, "t.csv", "en", pairs_per_direction=None) is not None


@SAME
@given(text=traveller_files(odd_lines=False))
def test_check_lists_a_columnar_event_as_its_lines(text: str) -> None:
    """``check``'s listing, built from the columns, is the listing of the line reader's lines."""
    fast, careful = _both(text, None)
    assert _listing(fast) == _listing(careful)
    assert check_csv(fast) == check_csv(careful)


def test_the_mistakes_file_is_read_on_columns_with_the_same_problems() -> None:
    text = MISTAKES.read_text(encoding="utf-8")
    assert csv_columns.loads(text, str(MISTAKES), "en", pairs_per_direction=None) is not None
    fast, careful = _both(text, None)
    assert [str(p) for p in fast.problems] == [str(p) for p in careful.problems]
    assert len(fast.problems) == 13
    assert tuple(fast.results) == tuple(careful.results)


def test_a_large_file_is_read_without_a_result_per_line() -> None:
    """Issue 12: the lines that pass every check stay columns; the event builds a ``Result`` only when asked."""
    lines = ["board,ns,ew,contract,declarer,result,score"]
    four_spades = parse_contract("4S")
    lines += [f"{b},{t},{t + 10},4S,N,10,{score(four_spades, Seat.N, vulnerability_of_board(b), 10)}"
              for b in range(1, 1001) for t in range(1, 6)]  # fmt: skip
    text = "\n".join(lines) + "\n"
    assert len(text) >= csv_columns.COLUMNAR_FROM
    event = traveller_csv.loads(text, "big.csv")
    assert not event.problems
    assert isinstance(event.results, ResultView)
    assert len(event.table) == 5000
    assert event.table.ns_score[0] == 420
    render_check(event, Console(file=io.StringIO(), width=120))
    assert sum(r is not None for r in event.results._cache) <= 10  # a few: one per distinct contract and score


@pytest.mark.parametrize(
    "text",
    [
        'board,ns,ew,score\n1,1,2,"420\n2,1,2,50\n',  # an unclosed quote
        "board,ns,ew,score\r1,1,2,420\r2,1,2,50\r",  # bare CR
        "board,ns,ew,score\n1,1,2,420\n\n2,1,2,50\n",  # a blank line
        'board,ns,ew,score\n1,1,2,420\n"","",,""\n2,1,2,50\n',  # a line of empty values
        'board,ns,ew,score\n1,1,2,"420" \n2,1,2,50\n',  # text after a closing quote
        'board,ns,ew,score\n1,1,2,4"20\n2,1,2,50\n',  # a quote inside a value
        "board,ns,ew,score\n1,1,2," + "4" * 140_000 + "\n2,1,2,50\n",  # over the CSV module's limit
    ],
)
def test_files_the_line_reader_takes_as_a_whole(text: str) -> None:
    assert csv_columns.loads(text, "t.csv", "en", pairs_per_direction=None) is None
    fast, careful = _both(text, None)
    assert fast.problems == careful.problems and tuple(fast.results) == tuple(careful.results)


def _ew_column(views: str) -> str:
    """A file with only an EW score column, one line per board: "e" writes EW's own score (JFR Pary), "n" North-
    South's score in that column (KoPS)."""
    four_spades = parse_contract("4S")
    lines = ["board,ns,ew,contract,declarer,result,ew_score"]
    for board, view in enumerate(views, start=1):
        ns_score = score(four_spades, Seat.N, vulnerability_of_board(board), 10)
        lines.append(f"{board},1,2,4S,N,10,{-ns_score if view == 'e' else ns_score}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("views", ["eeen", "nnne", "eenn", "nnnn"])
def test_the_ew_score_column_follows_the_files_majority(views: str) -> None:
    """A line whose EW column reads the other way than most lines' is reported (the careful reader's vote), also
    where the lines' contracts, declarers and results are the same: the vote is not read once per combination."""
    fast, careful = _both(_ew_column(views), None)
    assert fast.problems == careful.problems
    assert tuple(fast.results) == tuple(careful.results)
    assert len(fast.results) == 4 - min(views.count("e"), views.count("n"))


def test_pairs_numbered_per_direction_and_a_pair_on_both_sides() -> None:
    """A Mitchell numbered per direction (NS 1 and EW 1 on every board) is recognised on columns with its warning;
    in a file numbered once per pair, a pair on both sides of a line, a repeated line and a pair playing a board
    twice are reported at their lines."""
    mitchell = "board,ns,ew,score\n" + "".join(f"{b},{t},{t},50\n" for b in range(1, 5) for t in range(1, 4))
    fast, careful = _both(mitchell, None)
    assert fast.problems == careful.problems and len(fast.problems) == 1
    assert tuple(fast.results) == tuple(careful.results) and len(fast.results) == 12
    howell = "board,ns,ew,score\n1,1,2,50\n1,3,3,50\n2,1,2,50\n2,1,2,50\n3,1,2,50\n3,2,4,50\n4,5,6,50\n"
    fast, careful = _both(howell, None)
    assert [p.location.line for p in fast.problems] == [3, 5, 6, 7]  # pair 2 twice on board 3: both lines out
    assert 3 not in [r.board for r in fast.results]
    assert fast.problems == careful.problems and tuple(fast.results) == tuple(careful.results)


def test_an_unknown_column_keeps_its_spaces_on_the_last_line() -> None:
    """An unknown column's values are kept as written, also the last line's (whose spaces end the file)."""
    text = "board,ns,ew,score,name\n1,1,2,420,Ann  \n2,1,2,-50,Bob  \n"
    fast, careful = _both(text, None)
    assert csv_columns.loads(text, "t.csv", "en", pairs_per_direction=None) is not None
    assert [r.extra["name"] for r in fast.results] == ["Ann  ", "Bob  "]
    assert tuple(fast.results) == tuple(careful.results)


def test_a_board_number_past_the_columns_range_is_a_problem_not_a_crash() -> None:
    """A board of eleven digits (a typing slip) is reported at its line; the rest of the file is checked."""
    text = "board,ns,ew,score\n99999999999,1,2,420\n1,1,2,420\n"
    event = traveller_csv.loads(text, "t.csv")
    assert [(p.location.line, p.location.field) for p in event.problems] == [(2, "board")]
    assert "99999999999" in str(event.problems[0])
    assert len(event.table) == 1
