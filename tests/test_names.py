"""The names file and the input dispatch by file type."""

from __future__ import annotations

from pathlib import Path

from bridgescore.io import load_event, load_events
from bridgescore.io import names as names_file

PBN = Path(__file__).resolve().parent / "data" / "pbn" / "club-scoretable.pbn"


def test_names_with_header_sections_and_player_columns() -> None:
    names, problems = names_file.loads("section;pair;player1;player2\nA;1;Ann Smith;Bob Jones\nB;1;Cy;Di\n")
    assert problems == ()
    assert dict(names) == {"A:1": "Ann Smith & Bob Jones", "B:1": "Cy & Di"}


def test_names_without_header_and_problems() -> None:
    names, problems = names_file.loads('1,"Smith, A & Jones, B"\n2,Fox & Twombly\n,Nobody\n2,Again\n', "n.csv")
    assert dict(names) == {"1": "Smith, A & Jones, B", "2": "Fox & Twombly"}
    assert [(p.location.line, p.location.field) for p in problems] == [(3, "pair"), (4, "pair")]
    assert "named already on line 2" in problems[1].text()


def test_names_file_without_pair_column() -> None:
    names, problems = names_file.loads("who,what\nx,y\n", "n.csv")
    assert names == {} and "no 'pair' column" in problems[0].text()


def test_names_file_replaces_the_event_names(tmp_path: Path) -> None:
    path = tmp_path / "names.csv"
    path.write_text("pair,names\n1,Ann & Bob (from the names file)\n99,Somebody\n", encoding="utf-8")
    event = load_events([PBN], names=path)
    assert event.names["1"] == "Ann & Bob (from the names file)"
    assert event.names["6"] == "Gus Lee - Hal Oak"  # from the PBN file
    missing = load_events([PBN], names=tmp_path / "none.csv")
    assert any("cannot read the names file" in p.text() for p in missing.problems)


def test_dispatch_by_suffix(tmp_path: Path) -> None:
    assert len(load_event(PBN).results) == 11  # pair 1 twice on board 2: neither line is read (issue 18)
    xml = tmp_path / "night.xml"
    xml.write_text("<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1"
                   "</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE>"
                   "</BOARD></EVENT></USEBIO>", encoding="utf-8")  # fmt: skip
    assert [r.ns_score for r in load_event(xml).results] == [420]
    unknown = load_event(tmp_path / "night.doc")
    assert ".pbn" in unknown.problems[0].text() and ".xml" in unknown.problems[0].text()


def test_score_command_reads_usebio_and_pbn_with_a_names_file(tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from bridgescore.cli import app

    names = tmp_path / "names.csv"
    names.write_text("pair,names\n1,Ann & Bob\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["score", str(PBN), "--names", str(names), "--format", "json",
                                      "--skip-invalid"])  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    named = {e["pair"]: e["names"] for s in report["standings"] for e in s["entries"]}
    assert named["1"] == "Ann & Bob" and named["6"] == "Gus Lee - Hal Oak"
