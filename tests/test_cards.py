"""Opening leads in English and Dutch card letters (issue 11): read in either notation, printed in the chosen one."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.cards import Card, format_lead, parse_card
from bridgescore.core.contract import Strain

runner = CliRunner()
C, D, H, S = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES


@pytest.mark.parametrize(
    ("text", "card"),
    [
        # Dutch, suit first: ruiten heer, harten vrouw, klaveren boer, schoppen aas, schoppen boer, klaveren heer
        ("RH", Card(D, 13)), ("HV", Card(H, 12)), ("KB", Card(C, 11)), ("SA", Card(S, 14)), ("SB", Card(S, 11)),
        ("KH", Card(C, 13)), ("R10", Card(D, 10)), ("HH", Card(H, 13)), ("KA", Card(C, 14)),
        # English, suit first, as USEBIO, PBN, JFR Pary and KoPS write it
        ("SA", Card(S, 14)), ("HK", Card(H, 13)), ("DQ", Card(D, 12)), ("CJ", Card(C, 11)), ("S10", Card(S, 10)),
        ("ST", Card(S, 10)), ("h7", Card(H, 7)), ("♥10", Card(H, 10)), ("♣ 2", Card(C, 2)), ("SK", Card(S, 13)),
        # English rank first, where suit first reads nothing
        ("AS", Card(S, 14)), ("QH", Card(H, 12)), ("10D", Card(D, 10)), ("KS", Card(S, 13)), ("A♠", Card(S, 14)),
        # the letters of the two notations mixed: klaveren K(ing)
        ("KK", Card(C, 13)),
    ],
)  # fmt: skip
def test_leads_read_in_both_notations(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "S", "N.G.", "S1", "X9", "HX", "[x]", "SAA"])
def test_what_is_no_card_is_kept_as_written(text: str) -> None:
    assert parse_card(text) is None
    assert format_lead(text, "nl") == text


def test_printed_in_the_chosen_notation() -> None:
    assert [format_lead(t, "nl") for t in ("DK", "HQ", "CJ", "SA", "H10", "C2")] == [
        "RH",
        "HV",
        "KB",
        "SA",
        "H10",
        "K2",
    ]
    assert [format_lead(t, "en") for t in ("RH", "HV", "KB", "SA", "HT", "K2")] == ["DK", "HQ", "CJ", "SA", "H10", "C2"]
    assert format_lead(None, "nl") == ""


@given(st.sampled_from(list(Strain)[:4]), st.integers(2, 14), st.sampled_from(["en", "nl"]), st.booleans())
def test_every_card_printed_reads_back(suit: Strain, rank: int, notation: str, lower: bool) -> None:
    card = Card(suit, rank)
    text = card.format("nl" if notation == "nl" else "en")
    assert parse_card(text.lower() if lower else text) == card


def _event(tmp_path: Path) -> Path:
    path = tmp_path / "t.csv"
    path.write_text(
        "board,ns,ew,contract,declarer,result,lead\n1,1,2,4S,N,10,DK\n1,3,4,4S,N,9,HQ\n1,5,6,3NT,S,9,KB\n",
        encoding="utf-8",
    )
    return path


def test_check_prints_leads_in_dutch(tmp_path: Path) -> None:
    res = runner.invoke(app, ["check", str(_event(tmp_path)), "--lang", "nl"])
    assert res.exit_code == 0, res.output
    assert " RH " in res.output and " HV " in res.output and " KB " in res.output
    english = runner.invoke(app, ["check", str(_event(tmp_path))])
    assert " DK " in english.output and " CJ " in english.output


def test_score_prints_leads_in_the_notation_in_every_format(tmp_path: Path) -> None:
    path = str(_event(tmp_path))
    text = runner.invoke(app, ["score", path, "--boards", "--notation", "nl"]).output
    assert "RH" in text and "HV" in text and "KB" in text
    rows = list(csv.DictReader(io.StringIO(runner.invoke(app, ["score", path, "-f", "csv", "--boards", "--lang", "nl"])
                                           .output), delimiter=";"))  # fmt: skip
    assert [r["uitkomst"] for r in rows] == ["RH", "HV", "KB"]
    data = json.loads(runner.invoke(app, ["score", path, "-f", "json", "--notation", "nl"]).output)
    assert [r["lead"] for r in data["boards"][0]["results"]] == ["RH", "HV", "KB"]
    english = json.loads(runner.invoke(app, ["score", path, "-f", "json"]).output)
    assert [r["lead"] for r in english["boards"][0]["results"]] == ["DK", "HQ", "CJ"]
    page = runner.invoke(app, ["score", path, "-f", "html", "--lang", "nl"]).output
    assert ">H<" in page and ">V<" in page and ">B<" in page  # the rank after the suit symbol, in Dutch
