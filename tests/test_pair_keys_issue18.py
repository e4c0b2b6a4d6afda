"""Issue 18: a pair is its section and its number, never the two joined as text.

A Bridgemate export numbers its sections ``1``, ``2``: joined as text, pair 4 of section 1 was ``14`` – it was
printed with pair 14's names, ``--phantom 14`` took it out of the evening, and ``archive add`` filed pair 14's
players under it (``player`` showed one player twice in one evening)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bridgescore.archive import open_archive
from bridgescore.cli import app
from bridgescore.core.pairkey import PairKey, lookup, names_pair

runner = CliRunner()

_HEADER = (
    "ID,Section,Table,Round,Board,PairNS,PairEW,Declarer,NS/EW,Contract,Result,LeadCard,Remarks,DateLog,TimeLog,"
    "Processed,Processed1,Processed2,Processed3,Processed4,Erased\n"
)
_RESULTS = ("=", "+1", "-1", "=", "+2", "-2", "=")


def _received_data(folder: Path) -> Path:
    """Bridgemate's ReceivedData table as mdb-export writes it (tests/data/bws): one section numbered ``1``, a
    Mitchell of 7 tables (NS 1-7 against EW 8-14), two boards."""
    lines, ident = [], 0
    for board in (1, 2):
        for table in range(1, 8):
            ident += 1
            result = _RESULTS[(table + board) % 7]
            lines.append(f'{ident},1,{table},1,{board},{table},{table + 7},1,"N","4 S","{result}","H3","",'
                         '"11/20/26 00:00:00","12/30/99 19:42:10",1,0,0,0,0,0\n')  # fmt: skip
    path = folder / "2026-11-20.csv"
    path.write_text(_HEADER + "".join(lines))
    return path


def _names(folder: Path) -> Path:
    """A names file without sections (the Dutch club's namen.csv), with the players' member numbers."""
    path = folder / "namen.csv"
    rows = "".join(f"{p},Speler{p}a & Speler{p}b,{8000800 + 2 * p},{8000801 + 2 * p}\n" for p in range(1, 15))
    path.write_text("paar,namen,lidnummer1,lidnummer2\n" + rows)
    return path


def _json(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["score", *args, "-f", "json"])
    assert result.exit_code == 0, result.output
    document: dict[str, object] = json.loads(result.stdout)
    return document


def _pairs(document: dict[str, object]) -> dict[str, str]:
    return {
        f"{e['pair']} {s['group']}": e["names"]
        for s in document["standings"]  # type: ignore[attr-defined]
        for e in s["entries"]
    }


def test_pair_4_of_section_1_is_named_as_pair_4_not_14(tmp_path: Path) -> None:
    document = _json(str(_received_data(tmp_path)), "--names", str(_names(tmp_path)))
    pairs = _pairs(document)
    assert pairs["4 NS"] == "Speler4a & Speler4b"
    assert pairs["1 NS"] == "Speler1a & Speler1b" and pairs["14 EW"] == "Speler14a & Speler14b"


def test_phantom_14_takes_out_pair_14_and_leaves_pair_4_of_section_1(tmp_path: Path) -> None:
    pairs = _pairs(_json(str(_received_data(tmp_path)), "--phantom", "14"))
    assert "4 NS" in pairs and "14 EW" not in pairs
    assert "4 NS" not in _pairs(_json(str(_received_data(tmp_path)), "--phantom", "1:4"))


def test_archive_add_files_each_player_under_their_own_pair(tmp_path: Path) -> None:
    db = str(tmp_path / "archive.sqlite3")
    travellers, names = _received_data(tmp_path), _names(tmp_path)
    added = runner.invoke(app, ["archive", "add", str(travellers), "--names", str(names), "--db", db])
    assert added.exit_code == 0, added.output
    with open_archive(db) as archive:
        [stored] = archive.sessions()
    players = {p.pair: [x.number for x in p.players] for p in stored.summary.pairs}
    assert players["4"] == ["8000808", "8000809"] and players["14"] == ["8000828", "8000829"]
    history = runner.invoke(app, ["player", "8000828", "--db", db])
    assert history.exit_code == 0, history.output
    assert history.output.count("1:14 EW") == 1 and "1:4 NS" not in history.output, history.output


def test_the_short_form_a7_is_read_only_where_the_section_ends_in_a_letter() -> None:
    assert names_pair("A7", PairKey("A", "7")) and names_pair("A:7", PairKey("A", "7"))
    assert names_pair("7", PairKey("A", "7"))
    assert not names_pair("14", PairKey("1", "4")) and names_pair("1:4", PairKey("1", "4"))
    assert lookup({"14": "pair 14"}, "1", "4") is None
    assert lookup({"A7": "x", "7": "y"}, "A", "7") == "x"
    assert lookup({"1:4 NS": "ns", "1:4": "both"}, "1", "4", "NS") == "ns"


def test_a_names_file_may_write_a7_for_a_lettered_section_but_14_is_never_pair_4_of_section_1() -> None:
    from bridgescore.io import csv as traveller_csv
    from bridgescore.io import names as names_file

    lettered = traveller_csv.loads("section,board,ns,ew,score\nA,1,7,8,420\n", "a.csv")
    names, _ = names_file.loads("pair,names\nA7,Ann & Bob\n", "names.csv")
    assert not names_file.with_names(lettered, names).problems
    numbered = traveller_csv.loads("section,board,ns,ew,score\n1,1,4,8,420\n", "b.csv")
    names, _ = names_file.loads("pair,names\n14,Cy & Di\n", "names.csv")
    [warning] = names_file.with_names(numbered, names).problems
    assert warning.text() == "the event has no pair 14; the names of this line are not used"


def test_carry_over_names_a_pair_as_phantom_and_the_names_file_do(tmp_path: Path) -> None:
    """--carry-over 14=60 is pair 14 of a Bridgemate section 1, never pair 4; A7 is pair 7 of a lettered section."""
    from bridgescore.pairs.multisession import combine
    from bridgescore.pairs.sessions import PairSession, SessionSummary

    def session(section: str) -> SessionSummary:
        pairs = tuple(
            PairSession(key=f"s/{section}:{p}", section=section, pair=p, direction="", players=(), names="",
                        boards=2, percent=50.0, imps=None, place=1)
            for p in ("4", "14", "7")
        )  # fmt: skip
        return SessionSummary(key="s", date="", club="", title="", unit="percent", method="matchpoints", boards=2,
                              pairs=pairs)  # fmt: skip

    numbered = combine(["s"], [session("1")], {"14": 60.0})
    assert {e.pairs[0]: e.carry_over for e in numbered.entries} == {"1:4": None, "1:14": 60.0, "1:7": None}
    lettered = combine(["s"], [session("A")], {"A7": 60.0})
    assert not lettered.problems and {e.pairs[0]: e.carry_over for e in lettered.entries}["A:7"] == 60.0


def test_a_names_file_without_sections_for_numbers_two_sections_share_is_a_warning() -> None:
    from bridgescore.io import csv as traveller_csv
    from bridgescore.io import names as names_file

    event = traveller_csv.loads("section,board,ns,ew,score\n1,1,1,2,420\n2,1,1,2,450\n", "two.csv")
    names, _ = names_file.loads("pair,names\n1,Ann & Bob\n2:2,Cy & Di\n", "namen.csv")
    [warning] = names_file.with_names(event, names).problems
    assert (warning.location.line, warning.location.field) == (2, "pair")
    assert warning.text().startswith("pair 1 is a pair of sections 1, 2, and this line names it without a section")
