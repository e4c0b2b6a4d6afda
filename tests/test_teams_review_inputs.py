"""Issue 9 reviewed as a director uses it: files of the wrong form given to ``teams`` say which command scores
them, and the other programs' teams files (PBN with rooms, rounds and tables, BBO-style team names) read right."""

from __future__ import annotations

import json
from pathlib import Path

from tests.reference_data import REFERENCE, need
from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()
EBU = REFERENCE / "events" / "usebio-ebu-examples" / "original"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_an_individual_usebio_file_given_to_teams_points_to_individual() -> None:
    result = runner.invoke(app, ["teams", str(need(EBU / "individual.xml"))])
    assert result.exit_code == 2
    assert "it is an individual event (score it with `bridgescore individual`)" in _flat(result.stderr)


def test_a_pairs_csv_given_to_teams_points_to_score(tmp_path: Path) -> None:
    path = tmp_path / "pairs.csv"
    path.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n1,3,4,4S,N,-1\n", encoding="utf-8")
    result = runner.invoke(app, ["teams", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    words = _flat(result.stderr)
    assert "pairs.csv, line 1, column 'round'" in words and "this looks like a pairs file" in words
    assert "`bridgescore score`" in words


def _game(room: str, table: int, board: int, home: str, visit: str, contract: str, declarer: str, tricks: int) -> str:
    return (
        f'[Event "Club Teams"]\n[Round "2"]\n[Table "{table}"]\n[Room "{room}"]\n[Board "{board}"]\n'
        f'[HomeTeam "{home}"]\n[VisitTeam "{visit}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Scoring "IMP"]\n'
        f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "{tricks}"]\n\n'
    )


def test_bbo_style_pbn_with_rooms_rounds_tables_and_names_with_spaces(tmp_path: Path) -> None:
    """In the closed room the home team sits East-West: 4S= by the home team's NS in the open room, 4S-1 by the
    visitors' NS in the closed room is +420 +50 = 10 IMPs to the home team."""
    home, visit = "The Flying Dutchmen", "Team Smith: Jones"
    path = tmp_path / "bbo.pbn"
    path.write_text(
        "% PBN 2.1\n"
        + _game("Open", 3, 1, home, visit, "4S", "N", 10)
        + _game("Closed", 3, 1, home, visit, "4S", "N", 9),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["teams", str(path), "-f", "json", "--carry-over", f"2:{visit}:1.5"])
    assert result.exit_code == 0, result.output
    (match,) = json.loads(result.stdout)["matches"]
    assert (match["round"], match["table"], match["home"], match["away"]) == (2, "3", home, visit)
    assert (match["imps_home"], match["imps_away"], match["carry_over"]) == (10, 1.5, -1.5)


def test_the_match_card_shows_the_ruling_of_an_adjusted_room(tmp_path: Path) -> None:
    """A director checks the ruling on the card: "adjusted A60/40", not "adjusted" alone."""
    path = tmp_path / "t.csv"
    path.write_text(
        "ronde;spel;zaal;nz;ow;contract;leider;resultaat;opmerkingen\n"
        "1;1;open;Oranje;Leeuwen;;;;A60/40\n1;1;gesloten;Leeuwen;Oranje;4S;N;=;\n",
        encoding="utf-8",
    )
    for lang, words in (("en", "adjusted A60/40"), ("nl", "arbitrair A60/40")):
        result = runner.invoke(app, ["teams", str(path), "--notation", "nl", "--lang", lang])
        assert result.exit_code == 0, result.output
        assert words in result.stdout
