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
from bridgescore.report.html import render_html
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
CASES = sorted(RUNS) + sorted(FIXTURES)


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
    if name in FIXTURES:
        data: dict[str, Any] = json.loads(FIXTURES[name].read_text(encoding="utf-8"))
        return data, render_html(data, lang)
    relative, extra = RUNS[name]
    return json.loads(_cli(relative, extra, "json", "en")), _cli(relative, extra, "html", lang)
