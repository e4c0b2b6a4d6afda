"""Issue 10: ``bridgescore deals FILE [--dd] [--par] [--format text|json|pbn]``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core import dd
from bridgescore.io import deals

BUNDLED = Path(__file__).parent / "data" / "reference" / "events" / "usebio-brian-welwyn" / "original" / "hands.pbn"


@pytest.fixture(autouse=True)
def _no_solving(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The bundled file carries its tables: nothing here may solve (and the user's cache is never touched)."""
    monkeypatch.setenv("BRIDGESCORE_CACHE", str(tmp_path / "dd.sqlite3"))
    monkeypatch.setattr(dd, "solve_tables", lambda found, progress=None: pytest.fail("solved"))


def test_json_has_the_schema_of_the_issue() -> None:
    result = CliRunner().invoke(app, ["deals", str(BUNDLED), "--dd", "--par", "--format", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["schema"] == "bridgescore.deals/1" and len(document["deals"]) == 24
    first = document["deals"][0]
    assert first["board"] == 1 and first["dealer"] == "N" and first["vulnerable"] == "none"
    assert first["hands"]["S"] == "KQ4.AKT73.JT.A93" and first["hcp"] == {"N": 11, "E": 7, "S": 17, "W": 5}
    assert first["dd"]["N"] == {"C": 9, "D": 7, "H": 10, "S": 8, "NT": 9}
    assert first["par"] == {"score": 420, "contracts": ["4H N"]}
    plain = json.loads(CliRunner().invoke(app, ["deals", str(BUNDLED), "-f", "json"]).stdout)
    assert plain["deals"][0]["dd"] is None and plain["deals"][0]["par"] is None


def test_text_shows_hands_table_and_par_in_english_and_dutch() -> None:
    text = CliRunner().invoke(app, ["deals", str(BUNDLED), "--dd", "--par"]).stdout
    assert "Board 1   Dealer N   Vulnerable None" in text
    assert "  S  S KQ4  H AKT73  D JT  C A93   (17 HCP)" in text and "Par: NS +420  (4H N)" in text
    dutch = CliRunner().invoke(app, ["deals", str(BUNDLED), "--par", "--lang", "nl"]).stdout
    assert "Spel 1   Gever N   Kwetsbaar Niemand" in dutch and "Z  S HV4  H AH1073" not in dutch
    assert "Z  S HV4  H AHT73  R BT  K A93   (17 punten)" in dutch
    assert "Double dummy" not in dutch  # --par alone: the table was only needed for the par
    # the par in Dutch words too (it said "NS" and "4Dx E -1" in the middle of a Dutch hand record)
    assert "Par: NZ +420  (4H N)" in dutch and "Par: NZ +100  (4RX O -1, 4RX W -1)" in dutch


def test_pbn_writes_the_tags_back_for_other_programs(tmp_path: Path) -> None:
    out = tmp_path / "analysed.pbn"
    result = CliRunner().invoke(app, ["deals", str(BUNDLED), "--dd", "--par", "-f", "pbn", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert '[DoubleDummyTricks "98a79989794536445364"]' in text and '[OptimumScore "NS 420"]' in text
    back = deals.load(out)
    assert back.problems == ()
    original = deals.load(BUNDLED).deals
    assert [r.dd for r in back.deals.values()] == [r.dd for r in original.values()]
    assert [r.hands for r in back.deals.values()] == [r.hands for r in original.values()]


def test_bad_input_is_reported_with_exit_2_and_a_way_to_go_on(tmp_path: Path) -> None:
    path = tmp_path / "hands.pbn"
    path.write_text(
        '[Board "1"]\n[Deal "N:A98.J92.A75.Q85 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64"]\n\n'
        '[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n'
        '[Deal "N:A98.J92.A75.Q852 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64"]\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["deals", str(path)])
    assert result.exit_code == 2
    assert "line 2, tag 'Deal': board 1: the hand of N has 12 cards" in result.output.replace("\n", " ")
    assert "--skip-invalid" in result.output
    going_on = CliRunner().invoke(app, ["deals", str(path), "--skip-invalid", "-f", "json"])
    assert going_on.exit_code == 0 and [d["board"] for d in json.loads(going_on.stdout)["deals"]] == [2]
    dutch = CliRunner().invoke(app, ["deals", str(path), "--lang", "nl"])
    assert "regel 2, tag 'Deal': spel 1: de hand van N heeft 12 kaarten" in dutch.output.replace("\n", " ")
    unknown = CliRunner().invoke(app, ["deals", str(tmp_path / "hands.txt")])
    assert unknown.exit_code == 2 and "cannot read hand records from files of type '.txt'" in unknown.output


def test_an_empty_file_or_one_without_deals_is_told_as_a_hand_record(tmp_path: Path) -> None:
    """An empty hand record was told 'there are no traveller lines to read' (the travellers' words); a LIN that
    is not LIN only 'the file holds no deals', with no word of what a deal looks like."""
    empty = tmp_path / "hands.pbn"
    empty.write_text("\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["deals", str(empty)])
    assert result.exit_code == 2 and "the file is empty: there are no deals to read" in result.output
    assert "traveller" not in result.output
    not_lin = tmp_path / "hands.lin"
    not_lin.write_text("this is not a lin file\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["deals", str(not_lin), "--lang", "nl"])
    assert result.exit_code == 2 and "bevat geen spelverdelingen (een PBN-spel geeft" in result.output.replace(
        "\n", " "
    )


def test_the_api_gives_what_the_command_prints() -> None:
    from bridgescore import api

    as_read = api.read_deals(BUNDLED)
    assert as_read.deals[1].dd is not None and as_read.deals[1].par is None  # the file's table, as written
    with_par = api.read_deals(BUNDLED, par=True)
    assert with_par.deals[1].dd is None and with_par.deals[1].par is not None and with_par.deals[1].par.score == 420
