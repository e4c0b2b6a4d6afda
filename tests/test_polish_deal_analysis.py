"""The deals' double-dummy tables, par and lead analysis are completed by the API (``api.with_deal_analysis``,
``Scores.analysed``) for the reports that show the deals, not while a report is written: a report module only
writes what it is given (data flows io → event → scored → report), and ``score -f text`` never solves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.api import read, score, with_deal_analysis
from bridgescore.cli import app
from bridgescore.core import dd, leads
from bridgescore.pairs.report import json as score_json
from bridgescore.pairs.report.html import page_dict
from test_deals_join import BUNDLED, TRAVELLERS
from test_leads_reports import _event


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGESCORE_CACHE", str(tmp_path / "cache"))
    leads._DEFAULT.clear()


def _no_solving(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> object:
        raise AssertionError("solved while writing a report")

    monkeypatch.setattr(dd, "analyse", refuse)
    monkeypatch.setattr(leads, "analyse", refuse)


def test_the_json_and_html_writers_solve_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Given a scored event whose deals were not analysed, the writers write the deals as they are."""
    scored = score(_event()).scored
    _no_solving(monkeypatch)
    document = score_json.to_dict(scored)
    assert [d["dd"] for d in document["deals"]] == [None, None] and "leads" not in document
    assert page_dict(scored)["deals"] == document["deals"]


def test_the_api_completes_the_deals_once_for_the_reports_that_show_them() -> None:
    scores = score(_event())
    assert scores.scored.leads is None and all(d.dd is None for d in scores.scored.event.deals.values())
    analysed = scores.analysed
    assert analysed is scores.analysed  # worked out once
    assert all(d.dd is not None and d.par is not None for d in analysed.event.deals.values())
    assert analysed.leads is not None and len(analysed.leads.lines) == 5
    assert with_deal_analysis(analysed) is analysed  # nothing done twice
    document = json.loads(scores.to_json() or "")
    assert all(d["dd"] and d["par"] for d in document["deals"]) and document["leads"]["lines"]
    # the scoring itself is untouched: the same boards and problems
    assert analysed.problems == scores.scored.problems and analysed.options == scores.scored.options


def test_an_event_without_deals_is_not_touched() -> None:
    scored = score(_event(with_deals=False)).scored
    assert with_deal_analysis(scored) is scored


def test_score_as_text_never_solves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    travellers = tmp_path / "club.csv"
    travellers.write_text(TRAVELLERS, encoding="utf-8")
    assert read(travellers, deals=BUNDLED).deals  # the event has deals to solve
    _no_solving(monkeypatch)
    done = CliRunner().invoke(app, ["score", str(travellers), "--deals", str(BUNDLED), "-f", "text"])
    assert done.exit_code == 0, done.output
