"""The events the publication tests render: real runs of ``bridgescore score`` on reference events, and two
hand-made ``bridgescore.score/1`` documents (``data/score-*.json``, see ``data/make_fixtures.py``) for shapes
the real runs lack (one field with a datum from seed 001, phantom lines adjusted 60/0 in a JFR Pary event).

A real run calls the command line twice, ``--format json`` and ``--format html``, exactly as a director would,
so the page and the JSON come from the same run.
"""

from __future__ import annotations

import csv
import json
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.report.html import render_html

REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "reference"
DATA = Path(__file__).resolve().parent / "data"
EBU_MP = "events/usebio-ebu-examples/normalized/mp-pairs.results.csv"
EBU_MP_STANDINGS = "events/usebio-ebu-examples/normalized/mp-pairs.participants.csv"

BRIAN = "events/usebio-brian-welwyn/normalized/results.csv"
BRIAN_STANDINGS = "events/usebio-brian-welwyn/normalized/participants.csv"


def _adjustments_to_remarks(source: Path) -> Path:
    """BriAn's normalized file writes an adjusted score (``A5050``) in the SCORE column; the traveller reader
    takes adjustments from the remarks column (here NOTES, which says "Adjusted score"), so move it there."""
    with source.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    target = _workdir() / f"{source.parent.parent.name}-results.csv"
    with target.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, list(rows[0].keys()))
        writer.writeheader()
        for row in rows:
            score = row["SCORE"]
            adjusted = bool(score) and not score.lstrip("-").isdigit()
            writer.writerow({**row, "SCORE": "" if adjusted else score, "NOTES": score if adjusted else row["NOTES"]})
    return target


#: name → (traveller file under shared/reference, extra options of ``bridgescore score``, preparation)
RUNS: dict[str, tuple[str, tuple[str, ...], Callable[[Path], Path] | None]] = {
    "ebu-mp": (EBU_MP, (), None),  # EBU PairsScorer sample: Mitchell, 11 tables, 22 boards
    "ebu-butler": (EBU_MP, ("--method", "butler"), None),
    "ebu-cross-imps": (EBU_MP, ("--method", "cross-imps"), None),
    "jfr-wb130801-mp": ("events/jfr-pary-warsaw-wb130801/normalized/results.csv", (), None),
    # BriAn (Welwyn): a Howell (one field) with an A50/50 adjusted line, scored without Neuberg as BriAn does
    "brian-welwyn-mp": (BRIAN, ("--no-neuberg",), _adjustments_to_remarks),
}
FIXTURES: dict[str, Path] = {
    "fixture-jfr-wb120802-mp": DATA / "score-jfr-wb120802-mp.json",
    "fixture-seed001-butler": DATA / "score-seed001-butler.json",
}
CASES = sorted(RUNS) + sorted(FIXTURES)


def reference_file(relative: str) -> Path:
    path = REFERENCE / relative
    if not path.is_file():
        pytest.skip(f"reference data not found at {path} (clone the repository with shared/ beside it)")
    return path


@cache
def _workdir() -> Path:
    return Path(tempfile.mkdtemp(prefix="bridgescore-html-"))


@cache
def _cli(relative: str, extra: tuple[str, ...], fmt: str, lang: str) -> str:
    source = reference_file(relative)
    prepare = next((p for r, e, p in RUNS.values() if (r, e) == (relative, extra)), None)
    if prepare is not None:
        source = prepare(source)
    target = _workdir() / f"{abs(hash((relative, extra, fmt, lang)))}.{fmt}"
    args = ["score", str(source), *extra, "--format", fmt, "--output", str(target)]
    if fmt == "html":
        args += ["--lang", lang]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return target.read_text(encoding="utf-8")


def case(name: str, lang: str = "en") -> tuple[dict[str, Any], str]:
    """The JSON dict and the page (in ``lang``) of one case."""
    if name in FIXTURES:
        data: dict[str, Any] = json.loads(FIXTURES[name].read_text(encoding="utf-8"))
        return data, render_html(data, lang)
    relative, extra, _prepare = RUNS[name]
    return json.loads(_cli(relative, extra, "json", "en")), _cli(relative, extra, "html", lang)
