"""Issue 11 for the CSV-type readers (travellers, names, rubber deals, Valet) and Bridgemate's BWS data: the
tracebacks and silent losses the fuzzing pass found, an adjusted score beside a contract, a names file naming
pairs the event does not have, and Bridgemate's ReceivedData table."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.problems import Severity, shorten
from bridgescore.io import bws, files, load_event, load_events
from bridgescore.io import csv as traveller_csv
from bridgescore.io import names as names_file
from bridgescore.rubber import read as rubber_io
from bridgescore.valet import read as valet_io
from mdb_standin import JET_HEADER, install_mdb_export
from required import unavailable

runner = CliRunner()
DATA = Path(__file__).resolve().parent / "data"
RECEIVED = DATA / "bws" / "received-data.csv"
HEADER = "board,ns,ew,contract,declarer,result\n"
NAMES = "a|Anna\nb|Bert\nc|Cees\nd|Dirk\ng|Gijs\n"


def errors(problems: tuple[object, ...] | list[object]) -> list[object]:
    return [p for p in problems if getattr(p, "severity", None) is Severity.ERROR]


# --- tracebacks ----------------------------------------------------------------------------------------------


def test_a_bare_cr_ends_a_line_in_every_csv_type_file() -> None:
    event = traveller_csv.loads(HEADER.replace("\n", "\r") + "1,1,2,4S,N,10\r2,1,2,3NT,S,9\r", "cr.csv")
    assert not event.problems
    assert [(r.board, r.source.line if r.source else 0) for r in event.results] == [(1, 2), (2, 3)]
    deals = rubber_io.loads("deal,contract,declarer,tricks\r1,4S,S,10\r2,PASS,,\r", "cr.csv")
    assert not deals.problems and len(deals.lines) == 2
    names, problems = names_file.loads("pair,names\r1,Ann & Bob\r2,Cy & Di\r", "cr.csv")
    assert dict(names) == {"1": "Ann & Bob", "2": "Cy & Di"} and not problems


def test_a_field_over_the_csv_module_limit_is_a_problem_at_its_line_and_the_other_lines_are_read() -> None:
    text = HEADER + "1,1,2,4S,N,10\n" + "2,1,2,4S,N,10," + "x" * 140_000 + "\n3,1,2,4S,N,10\n"
    event = traveller_csv.loads(text, "big.csv")
    assert [r.board for r in event.results] == [1, 3]
    assert [(p.location.line, p.severity) for p in event.problems] == [(3, Severity.ERROR)]
    assert "longer than 131,072 characters" in str(event.problems[0])


def test_an_unclosed_quote_is_reported_where_it_opens_and_swallows_nothing() -> None:
    text = HEADER + '1,1,2,"4S,N,10\n2,1,2,4S,N,10\n3,1,2,4S,N,10\n'
    event = traveller_csv.loads(text, "quote.csv")
    assert [r.board for r in event.results] == [2, 3]
    assert [p.location.line for p in event.problems] == [2]
    assert "quote" in str(event.problems[0]) and len(str(event.problems[0])) < 400


def test_an_unclosed_quote_before_128_kib_is_reported_not_a_traceback() -> None:
    text = HEADER + '1,1,2,"4S,N,10\n' + "".join(f"{b},1,2,4S,N,10\n" for b in range(2, 12_000))
    event = traveller_csv.loads(text, "quote.csv")
    assert len(event.results) == 12_000 - 2
    assert [p.location.line for p in errors(list(event.problems))] == [2]


def test_an_unclosed_quote_no_longer_swallows_a_second_rubber() -> None:
    text = 'rubber,deal,contract,declarer,tricks\n1,1,4S,S,10\n1,2,"3NT,N,9\n2,1,4H,E,10\n2,2,PASS,,\n'
    read = rubber_io.loads(text, "evening.csv")
    assert [(d.rubber, d.number) for d in read.lines] == [(1, 1), (2, 1), (2, 2)]
    assert [p.location.line for p in read.problems] == [3]


def test_the_separator_is_not_guessed_from_a_blank_first_line() -> None:
    event = traveller_csv.loads("\n\nboard;ns;ew;contract;declarer;result\n1;1;2;4S;N;10\n", "blank.csv")
    assert not event.problems and [r.ns_score for r in event.results] == [420]


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ("1" * 5000 + ",4S,N,10,", "deal"),
        ("1,4S,N,10,NS " + "1" * 5000, "honours"),
    ],
)
def test_rubber_numbers_of_thousands_of_digits_are_problems(line: str, field: str) -> None:
    read = rubber_io.loads("deal,contract,declarer,tricks,honours\n" + line + "\n", "deals.csv")
    assert [(p.location.line, p.location.field) for p in read.problems] == [(2, field)]
    assert len(str(read.problems[0])) < 300


def test_a_rubber_number_of_thousands_of_digits_is_a_problem() -> None:
    read = rubber_io.loads("rubber,deal,contract,declarer,tricks\n" + "1" * 5000 + ",1,4S,N,10\n", "deals.csv")
    assert [(p.location.line, p.location.field) for p in read.problems] == [(2, "rubber")]


def test_rubber_command_with_a_huge_deal_number_exits_2_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "deals.csv"
    path.write_text("deal,contract,declarer,tricks\n" + "9" * 5000 + ",4S,N,10\n", encoding="utf-8")
    result = runner.invoke(app, ["rubber", str(path)])
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and "line 2" in result.output


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ("1|" + "9" * 5000 + "|a|b|c|d|4S|N|10", "board"),
        ("9" * 5000 + "|1|a|b|c|d|4S|N|10", "round"),
        ("1|1|a|b|c|d|4S|N|" + "1" * 5000, "tricks"),
        (f"{2**63}|1|a|b|c|d|4S|N|10", "round"),
        (f"1|{2**63}|a|b|c|d|4S|N|10", "board"),
        (f"1|{2**63 - 1}|a|b|c|d|4S|N|10", "board"),
    ],
)
def test_valet_numbers_too_large_are_problems(tmp_path: Path, line: str, field: str) -> None:
    (tmp_path / "names.txt").write_text(NAMES, encoding="utf-8")
    (tmp_path / "scores.txt").write_text("1|1|a|b|c|d|4S|N|10\n" + line + "\n", encoding="utf-8")
    read = valet_io.load_dir(tmp_path)
    assert [(p.location.line, p.location.field) for p in read.problems] == [(2, field)]
    assert len(read.tables) == 1 and len(str(read.problems[0])) < 300


def test_valet_fast_path_does_not_read_a_tag_with_a_nul_byte_as_another_player(tmp_path: Path) -> None:
    (tmp_path / "names.txt").write_text(NAMES, encoding="utf-8")
    (tmp_path / "scores.txt").write_bytes(b"1|1|g\x00|b|c|d|4S|N|10\n1|1|a|b|c|d|4S|N|9\n")
    read = valet_io.load_dir(tmp_path)
    assert [(p.location.line, p.location.field) for p in read.problems] == [(1, "north")]
    assert len(read.tables) == 1


def test_a_names_tag_with_a_nul_byte_is_refused() -> None:
    names, problems = valet_io.read_names("g\x00|Gijs\na|Anna\n", "names.txt")
    assert names == {"a": "Anna"} and [p.location.line for p in problems] == [1]


def test_memory_error_is_a_clear_problem_in_every_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.csv"
    path.write_text(HEADER + "1,1,2,4S,N,10\n", encoding="utf-8")

    def no_memory(path: str | Path) -> bytes:
        raise MemoryError

    monkeypatch.setattr(files, "read_bytes", no_memory)  # the one door every reader reads a file through
    for problems in (
        traveller_csv.load(path).problems,
        names_file.load(path)[1],
        rubber_io.load(path).problems,
        valet_io.load(path, path).problems[:1],
    ):
        assert len(problems) == 1 and "too large" in str(problems[0]), problems
    monkeypatch.undo()

    def no_memory_padded(path: Path) -> object:
        raise MemoryError

    (tmp_path / "names.txt").write_text(NAMES, encoding="utf-8")
    monkeypatch.setattr(valet_io, "_read_padded", no_memory_padded)
    read = valet_io.load(tmp_path / "names.txt", path)
    assert "too large" in str(read.problems[-1])


def test_memory_error_while_reading_lines_is_a_clear_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.csv"
    path.write_text(HEADER + "1,1,2,4S,N,10\n", encoding="utf-8")

    def no_memory(*args: object, **kwargs: object) -> object:
        raise MemoryError

    for module in (traveller_csv, names_file, rubber_io, bws):
        monkeypatch.setattr(module, "loads", no_memory)
    for problems in (
        traveller_csv.load(path).problems,
        names_file.load(path)[1],
        rubber_io.load(path).problems,
        bws.load(path).problems,
    ):
        assert len(problems) == 1 and "too large" in str(problems[0]), problems
    monkeypatch.setattr(valet_io, "loads", no_memory)
    monkeypatch.setattr(valet_io, "_loads_fast", no_memory)
    (tmp_path / "names.txt").write_text(NAMES, encoding="utf-8")
    assert "too large" in str(valet_io.load(tmp_path / "names.txt", path).problems[-1])


# --- unfriendly ----------------------------------------------------------------------------------------------


def test_shorten_keeps_short_text_and_cuts_long_text_with_an_ellipsis() -> None:
    assert shorten("4SX") == "4SX"
    assert shorten("x" * 60) == "x" * 60
    cut = shorten("x" * 1_000_000)
    assert len(cut) == 60 and cut.endswith("…")
    assert shorten("a\nb") == "a b"


def test_megabyte_values_are_not_echoed_whole() -> None:
    text = HEADER.replace("result", "result,score") + "1,1,2," + "Q" * 100_000 + ",N,10,\n2,1,2,,,," + "7" * 99_000
    event = traveller_csv.loads(text + "\n", "long.csv")
    assert len(event.problems) == 2
    assert all(len(str(p)) < 400 for p in event.problems), [len(str(p)) for p in event.problems]


@pytest.mark.parametrize("result", ["9" * 5000, "+" + "9" * 5000, "9" * 3])
def test_a_long_result_is_not_echoed_whole(result: str) -> None:
    # the tricks of a result are echoed through the contract's words ("%(tricks)s tricks is impossible"), not as
    # the file's 'text': every value of such a message is shortened, in traveller and rubber files alike
    event = traveller_csv.loads(HEADER + "1,1,2,4S,N," + result + "\n1,3,4,4S,N,10\n", "long.csv")
    assert [(p.location.line, p.location.field) for p in event.problems] == [(2, "result")]
    assert len(str(event.problems[0])) < 300, str(event.problems[0])[:300]
    read = rubber_io.loads("deal,contract,declarer,tricks\n1,4S,N," + result + "\n", "deals.csv")
    assert [(p.location.line, p.location.field) for p in read.problems] == [(2, "tricks")]
    assert len(str(read.problems[0])) < 300, str(read.problems[0])[:300]


# --- an adjusted score beside a contract -----------------------------------------------------------------------


def test_an_adjusted_score_in_the_remarks_beside_a_contract_is_a_warning() -> None:
    text = "board,ns,ew,contract,declarer,result,remarks\n1,1,2,4S,N,10,A60\n1,3,4,4S,N,10,claimed\n1,5,6,PASS,,,R420\n"
    event = traveller_csv.loads(text, "club.csv")
    warned = [(p.location.line, p.location.field, p.severity) for p in event.problems]
    assert warned == [(2, "remarks", Severity.WARNING), (4, "remarks", Severity.WARNING)]
    assert "'A60' beside the contract 4S is an adjusted score" in str(event.problems[0])
    assert len(event.results) == 3  # still read, and scored as the director's adjustment


def test_an_adjusted_score_beside_a_contract_is_a_warning_from_check(tmp_path: Path) -> None:
    path = tmp_path / "club.csv"
    path.write_text("board,ns,ew,contract,declarer,result,remarks\n1,1,2,4S,N,10,A60\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0 and "warning" in result.output and "A60" in result.output


def test_a_weighted_score_beside_a_contract_is_a_warning_too() -> None:
    # the scoring takes a weighted score in the remarks (Law 12C1(c)) over the contract played, as it takes A60:
    # the director is told, the line still read (and scored as the weighting)
    text = HEADER.replace("result", "result,remarks") + "1,1,2,4S,N,9,50% 4S= + 50% 4S-1\n1,3,4,4S,N,10,\n"
    event = traveller_csv.loads(text, "club.csv")
    assert [(p.location.line, p.location.field, p.severity) for p in event.problems] == [
        (2, "remarks", Severity.WARNING)
    ]
    assert "'50% 4S= + 50% 4S-1' beside the contract 4S is an adjusted score" in str(event.problems[0])
    assert len(event.results) == 2


# --- the names file ------------------------------------------------------------------------------------------


def test_a_names_file_naming_an_unknown_pair_is_a_warning_at_its_line(tmp_path: Path) -> None:
    travellers = tmp_path / "club.csv"
    travellers.write_text(HEADER + "1,1,2,4S,N,10\n", encoding="utf-8")
    names = tmp_path / "names.csv"
    names.write_text("pair,names\n1,Ann & Bob\n2,Cy & Di\n12,Typo\n", encoding="utf-8")
    event = load_events([travellers], names=names)
    assert [(p.location.file, p.location.line, p.severity) for p in event.problems] == [
        (str(names), 4, Severity.WARNING)
    ]
    assert "no pair 12" in str(event.problems[0])


def test_names_for_an_unknown_section_or_a_pair_not_in_its_section_are_warnings() -> None:
    text = "section,board,ns,ew,contract,declarer,result\nA,1,1,2,4S,N,10\nB,1,3,4,4S,N,10\n"
    event = traveller_csv.loads(text, "club.csv")
    names, problems = names_file.loads("section,pair,names\nA,1,Ann\nA,3,Cy\nC,1,Eve\nB,4,Di\n", "names.csv")
    named = names_file.with_names(event, names, problems)
    assert [(p.location.line, p.severity) for p in named.problems] == [(3, Severity.WARNING), (4, Severity.WARNING)]
    assert "section A has no pair 3" in str(named.problems[0])
    assert "no section C" in str(named.problems[1])


def test_names_lines_badly_separated_or_with_values_past_the_header_are_reported() -> None:
    names, problems = names_file.loads("pair,names\n1,Ann & Bob\n2;Cy & Di\n3,Smith, A & Jones, B\n", "n.csv")
    assert dict(names) == {"1": "Ann & Bob", "3": "Smith"}
    assert [(p.location.line, p.severity) for p in problems] == [(3, Severity.ERROR), (4, Severity.WARNING)]
    assert "no names on this line" in str(problems[0])
    assert "A & Jones" in str(problems[1])


# --- Bridgemate's ReceivedData -------------------------------------------------------------------------------


def test_received_data_export_is_read_as_a_traveller_file() -> None:
    event = load_event(RECEIVED)
    lines = [(r.board, r.ns_pair, r.ew_pair, str(r.contract or ""), r.ns_score) for r in event.results]
    assert lines == [
        (1, "1", "2", "4S", 420),
        (1, "3", "4", "3NTX", 300),
        (2, "1", "2", "2H", -140),
        (2, "3", "4", "3H", 140),  # the row entered again after the erased 4H-1 (line 5)
        (3, "3", "2", "PASS", 0),
        (3, "1", "4", "2S", 100),  # the correction (line 9) of 1NT+2 (line 7)
        (4, "1", "4", "", None),  # not played
        (4, "3", "2", "5DXX", -1000),
    ]
    assert [r.lead for r in event.results][:2] == ["H3", "S10"]
    assert event.results[0].extra["Table"] == "1" and event.results[0].extra["Declarer"] == "1"
    assert [(p.location.line, p.severity) for p in event.problems] == [
        (5, Severity.WARNING),
        (7, Severity.WARNING),
    ]
    assert "erased" in str(event.problems[0]) and "replaced by the correction on line 9" in str(event.problems[1])


def test_received_data_without_an_id_column_takes_the_last_row_as_the_correction() -> None:
    text = (
        "Section,Table,Round,Board,PairNS,PairEW,Declarer,NS/EW,Contract,Result,LeadCard,Remarks,Erased\n"
        '1,1,1,1,1,2,1,"N","4 S","-1","",""," 0"\n'
        '1,1,1,1,1,2,1,"N","4 S","=","","",0\n'
    )
    event = bws.loads(text, "export.csv")
    assert [r.ns_score for r in event.results] == [420]
    assert [p.location.line for p in event.problems] == [2]


def test_received_data_with_an_unreadable_erased_flag_is_an_error() -> None:
    text = (
        "Section,Table,Round,Board,PairNS,PairEW,Declarer,NS/EW,Contract,Result,Erased\n1,1,1,1,1,2,1,N,4 S,=,maybe\n"
    )
    event = bws.loads(text, "export.csv")
    assert [(p.location.line, p.location.field, p.severity) for p in event.problems] == [(2, "Erased", Severity.ERROR)]


def test_a_bws_file_is_read_through_mdb_export_with_section_letters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install_mdb_export(tmp_path, monkeypatch, {"ReceivedData": RECEIVED, "Section": 'ID,Letter,Tables\n1,"A",2\n'})
    club = tmp_path / "club.bws"
    club.write_bytes(JET_HEADER)
    event = load_event(club)
    assert len(event.results) == 8 and {r.section for r in event.results} == {"A"}
    assert all(r.source and r.source.file == str(club) for r in event.results)
    result = runner.invoke(app, ["score", str(club), "--format", "json"])
    assert result.exit_code == 0, result.output


def test_a_bws_file_without_mdbtools_says_how_to_read_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    club = tmp_path / "club.bws"
    club.write_bytes(JET_HEADER)
    event = load_event(club)
    assert len(event.problems) == 1 and "mdbtools" in str(event.problems[0])
    assert "mdb-export club.bws ReceivedData" in str(event.problems[0])


def test_a_file_that_is_no_access_database_is_a_problem_from_the_real_mdb_export(tmp_path: Path) -> None:
    if shutil.which("mdb-export") is None:
        unavailable("mdbtools", "mdbtools (mdb-export) is not installed: apt-get install mdbtools (.ci/run does)")
    club = tmp_path / "club.bws"
    club.write_text("not an Access database", encoding="utf-8")
    event = load_event(club)
    assert len(event.problems) == 1 and "mdb-export cannot read the table ReceivedData" in str(event.problems[0])
