"""The lead analysis in the reports (issue 10): the ``leads`` block of ``score -f json``, the problem a lead the
leader does not hold makes in ``score``, and ``valet``'s JSON and text where the traveller files give deals."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest
from typer.testing import CliRunner

from bridgescore.api import score
from bridgescore.core import leads
from bridgescore.core.event import Event
from bridgescore.pairs.report import json as score_json
from bridgescore.pairs.report.leads import DEFINITIONS, render_leads_text
from test_leads import deal, line

CSV = """board,ns,ew,contract,declarer,result,lead
1,1,2,1NT,S,-5,SK
1,3,4,1NT,S,-5,C5
1,5,6,1NT,S,-6,DA
2,1,3,1NT,S,-6,DA
2,5,2,1NT,S,-5,SK
2,4,6,1NT,S,-6,C5
"""


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGESCORE_CACHE", str(tmp_path / "cache"))
    leads._DEFAULT.clear()


def _event(*, with_deals: bool = True, bad_lead: bool = False) -> Event:
    results = (
        line(1, "1", "2", lead="SK", tricks=2, row=2), line(1, "3", "4", lead="C5", tricks=2, row=3),
        line(1, "5", "6", lead="DA", tricks=1, row=4), line(2, "1", "3", lead="HA" if bad_lead else "DA", row=5),
        line(2, "5", "2", lead="SK", tricks=2, row=6), line(2, "4", "6", lead=None, row=7),
    )  # fmt: skip
    deals = MappingProxyType({1: deal(1), 2: deal(2)}) if with_deals else MappingProxyType({})
    return Event(results, MappingProxyType({"2": "Ann & Bob"}), "Club", deals=deals)


def test_score_json_has_the_leads_block_per_line_and_per_pair() -> None:
    scored = score(_event()).analysed
    document = score_json.to_dict(scored)
    block = document["leads"]
    assert block["definitions"] == DEFINITIONS
    assert [(x["board"], x["ns_pair"], x["lead"], x["lead_cost"], x["declarer_vs_dd"]) for x in block["lines"]] == [
        (1, "1", "SK", 1, 0), (1, "3", "C5", 0, 1), (1, "5", "DA", 0, 0), (2, "1", "DA", 0, 0), (2, "5", "SK", 1, 0),
    ]  # fmt: skip
    first = block["lines"][0]
    assert (first["contract"], first["declarer"], first["leader"], first["dd_after_lead"], first["dd_best"]) == (
        "1NT", "S", "W", 2, 1,
    )  # fmt: skip
    pair_2 = next(p for p in block["pairs"] if p["pair"] == "2")
    assert pair_2 == {"section": "", "pair": "2", "direction": None, "names": "Ann & Bob", "declared": 0,
                      "defended": 2, "as_declarer": 0, "on_lead": -2, "in_defence": 0, "total": -2}  # fmt: skip
    assert block["left_out"] == {"no-lead": 1} and block["problems"] == []
    assert json.loads(score_json.dumps(scored)) == json.loads(json.dumps(document))  # streamed = built


def test_score_json_in_dutch_notation_writes_cards_and_seats_the_dutch_way() -> None:
    block = score_json.to_dict(score(_event()).analysed, notation="nl")["leads"]
    assert (block["lines"][0]["contract"], block["lines"][0]["leader"], block["lines"][3]["lead"]) == ("1SA", "W", "RA")


def test_an_event_without_deals_has_no_leads_block() -> None:
    scored = score(_event(with_deals=False)).scored
    assert "leads" not in score_json.to_dict(scored)
    assert "leads" not in json.loads(score_json.dumps(scored))


def test_a_lead_the_leader_does_not_hold_is_a_problem_of_the_score() -> None:
    scored = score(_event(bad_lead=True)).analysed
    (problem,) = [p for p in scored.problems if p.location.field == "lead"]
    assert (problem.location.file, problem.location.line) == ("club.csv", 5)
    assert "the opening lead HA is not in the hand of W" in str(problem)
    block = score_json.to_dict(scored)["leads"]
    assert block["left_out"] == {"no-lead": 1, "lead-not-held": 1} and len(block["problems"]) == 1


def test_the_pairs_text_table() -> None:
    text = render_leads_text(leads.analyse(_event()), "en", {"2": "Ann & Bob"})
    rows = text.splitlines()
    assert rows[0].startswith("Tricks against double dummy")
    assert rows[1].split() == ["Pair", "Names", "Declared", "As", "declarer", "Defended", "On", "lead", "In",
                               "defence", "Total"]  # fmt: skip
    assert rows[3].split() == ["2", "Ann", "&", "Bob", "0", "0", "2", "-2", "0", "-2"]
    assert rows[-1] == "5 lines analysed; left out: no lead 1"
    dutch = render_leads_text(leads.analyse(_event()), "nl")
    assert (
        "Slagen tegen double dummy" in dutch
        and dutch.splitlines()[-1] == "5 regels geanalyseerd; weggelaten: geen uitkomst 1"
    )


def _valet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *args: str, csv: str = CSV) -> tuple[int, str, str]:
    from bridgescore.cli import app
    from bridgescore.io import load_event
    from bridgescore.valet import read as valet_io

    travellers = tmp_path / "club.csv"
    travellers.write_text(csv, encoding="utf-8")

    def with_deals(path: Path) -> Event:  # the deals as a hand-record reader will give them beside the travellers
        return replace(load_event(path), deals=MappingProxyType({1: deal(1), 2: deal(2)}))

    monkeypatch.setattr(valet_io, "_read_event", with_deals)
    done = CliRunner().invoke(app, ["valet", str(travellers), *args])
    return done.exit_code, done.stdout, done.stderr


def test_valet_json_has_the_leads_block_where_the_travellers_give_deals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _err = _valet(tmp_path, monkeypatch, "-f", "json")
    assert status == 0, _err
    block = json.loads(out)["leads"]
    assert [(x["board"], x["ns_pair"], x["lead_cost"]) for x in block["lines"]] == [
        (1, "1", 1), (1, "3", 0), (1, "5", 0), (2, "1", 0), (2, "5", 1), (2, "4", 0),
    ]  # fmt: skip
    assert [(p["pair"], p["on_lead"]) for p in block["pairs"] if p["defended"]] == [("2", -2), ("3", 0), ("4", 0),
                                                                                     ("6", 0)]  # fmt: skip


def test_valet_text_ends_with_the_pairs_sums(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _err = _valet(tmp_path, monkeypatch)
    assert status == 0, _err
    assert "Tricks against double dummy" in out and out.rstrip().endswith("6 lines analysed")


def test_valet_without_deals_is_as_before(tmp_path: Path) -> None:
    from bridgescore.cli import app

    travellers = tmp_path / "club.csv"
    travellers.write_text(CSV, encoding="utf-8")
    done = CliRunner().invoke(app, ["valet", str(travellers), "-f", "json"])
    assert done.exit_code == 0 and "leads" not in json.loads(done.stdout)


def test_valet_warns_of_a_lead_the_leader_does_not_hold_and_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lead changes no score: a warning located on the line's lead, and the line left out of the analysis."""
    status, out, err = _valet(tmp_path, monkeypatch, "-f", "json", csv=CSV.replace("-6,C5", "-6,HK"))
    assert "club.csv, line 7, column 'lead'" in " ".join(err.split()) and "warning" in err
    assert status == 0 and json.loads(out)["leads"]["left_out"] == {"lead-not-held": 1}
