"""The events the publication tests render: real runs of ``bridgescore score`` on reference events, and two
hand-made ``bridgescore.score/1`` documents (``data/score-*.json``, see ``data/make_fixtures.py``) for shapes
the real runs lack (one field with a datum from seed 001, phantom lines adjusted 60/0 in a JFR Pary event).

A real run calls the command line twice, ``--format json`` and ``--format html``, exactly as a director would,
so the page and the JSON come from the same run.
"""

from __future__ import annotations

import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.pairs.report.html import render_html
from reference_data import reference_path

DATA = Path(__file__).resolve().parent / "data"
EBU_MP = "events/usebio-ebu-examples/normalized/mp-pairs.results.csv"
EBU_MP_STANDINGS = "events/usebio-ebu-examples/normalized/mp-pairs.participants.csv"

BRIAN = "events/usebio-brian-welwyn/original/usebio.xml"  # read by the USEBIO reader: names, title, A5050
BRIAN_STANDINGS = "events/usebio-brian-welwyn/normalized/participants.csv"


#: name → (event file under shared/reference, extra options of ``bridgescore score``)
RUNS: dict[str, tuple[str, tuple[str, ...]]] = {
    "ebu-mp": (EBU_MP, ()),  # EBU PairsScorer sample (traveller CSV): Mitchell, 11 tables, 22 boards
    "ebu-butler": (EBU_MP, ("--method", "butler")),
    "ebu-cross-imps": (EBU_MP, ("--method", "cross-imps")),
    "jfr-wb130801-mp": ("events/jfr-pary-warsaw-wb130801/normalized/results.csv", ()),
    # BriAn (Welwyn, USEBIO): a Howell (one field) with names and an A50/50 line, no Neuberg as BriAn scores it
    "brian-welwyn-mp": (BRIAN, ("--no-neuberg",)),
}
FIXTURES: dict[str, Path] = {
    "fixture-jfr-wb120802-mp": DATA / "score-jfr-wb120802-mp.json",
    "fixture-seed001-butler": DATA / "score-seed001-butler.json",
}
#: name → a ``bridgescore.score/1`` dict made here (the deals on the page, issue 10)
MADE = ("deals-club-evening",)
CASES = sorted(RUNS) + sorted(FIXTURES) + list(MADE)

#: Two hand records written by hand for the club-evening example (boards 1 and 2; board 3 on has none): the DD
#: tables and par are made up, not solved – the page shows what it is given.
HANDS = {
    1: ("KJ8.J952.83.KJ76", "9765.K63.Q62.985", "T32.Q874.A75.AT4", "AQ4.AT.KJT94.Q32"),
    2: ("QJ.K765.T9732.92", "K654.A.KQ854.863", "A87.QJ943.AJ.K75", "T932.T82.6.AQJT4"),
}
DD = {  # tricks[N E S W][C D H S NT]
    1: ((7, 6, 8, 9, 8), (6, 7, 5, 4, 5), (7, 6, 8, 10, 8), (6, 7, 5, 3, 5)),
    2: ((5, 4, 9, 6, 7), (8, 9, 4, 7, 6), (5, 4, 9, 6, 7), (8, 9, 4, 7, 6)),
}
PAR = {1: (170, ("4S S",)), 2: (-110, ("3D E", "3D W"))}
#: the lead analysis as report.leads.leads_block gives it (its pairs: report.leads.pair_fields)
LEADS = {
    "pairs": [
        {
            "section": "A",
            "pair": "1",
            "direction": "NS",
            "names": "",
            "declared": 2,
            "defended": 1,
            "as_declarer": 2,
            "on_lead": -1,
            "in_defence": 0,
            "total": 1,
        },
        {
            "section": "A",
            "pair": "8",
            "direction": "EW",
            "names": "",
            "declared": 0,
            "defended": 2,
            "as_declarer": 0,
            "on_lead": 1,
            "in_defence": -2,
            "total": -1,
        },
    ]
}


def deals_event() -> Any:
    """The club-evening example with the hand records of boards 1 and 2, a date and a club."""
    from dataclasses import replace

    from bridgescore.api import read
    from bridgescore.core.contract import dealer_of_board, vulnerability_of_board
    from bridgescore.core.deal import DDTable, HandRecord, Par

    event = read(Path(__file__).resolve().parents[1] / "src/bridgescore/examples/club-evening.csv")
    deals = {
        n: HandRecord(
            n, HANDS[n], dealer_of_board(n), vulnerability_of_board(n), DDTable(DD[n]), Par(PAR[n][0], PAR[n][1])
        )
        for n in HANDS
    }
    return replace(event, deals=deals, info={"date": "2026-11-23", "club": "BC De Troef"})


@cache
def _made(name: str) -> str:
    from bridgescore.api import score
    from bridgescore.pairs.report.json import dumps

    assert name == "deals-club-evening"
    data = json.loads(dumps(score(deals_event()).scored))
    data["leads"] = LEADS
    return json.dumps(data)


def reference_file(relative: str) -> Path:
    return reference_path(relative)


@cache
def _workdir() -> Path:
    return Path(tempfile.mkdtemp(prefix="bridgescore-html-"))


@cache
def _cli(relative: str, extra: tuple[str, ...], fmt: str, lang: str) -> str:
    source = reference_file(relative)
    target = _workdir() / f"{abs(hash((relative, extra, fmt, lang)))}.{fmt}"
    args = ["score", str(source), *extra, "--format", fmt, "--output", str(target)]
    if fmt == "html":
        args += ["--lang", lang, "--director"]  # the page with the director's checks, compared with the JSON
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return target.read_text(encoding="utf-8")


def case(name: str, lang: str = "en") -> tuple[dict[str, Any], str]:
    """The JSON dict and the page (in ``lang``) of one case."""
    if name in MADE:
        made: dict[str, Any] = json.loads(_made(name))
        return made, render_html(made, lang)
    if name in FIXTURES:
        data: dict[str, Any] = json.loads(FIXTURES[name].read_text(encoding="utf-8"))
        return data, render_html(data, lang)
    relative, extra = RUNS[name]
    return json.loads(_cli(relative, extra, "json", "en")), _cli(relative, extra, "html", lang)
