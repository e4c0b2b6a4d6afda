"""The method in words on the page, built from the JSON's structured option fields in English and Dutch."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.pairs.report.method_words import describe_method

EXAMPLE = str(Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples" / "club-evening.csv")
runner = CliRunner()


def _options(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["score", EXAMPLE, "--format", "json", *args])
    assert result.exit_code == 0, result.output
    options: dict[str, Any] = json.loads(result.output)["options"]
    return options


@pytest.mark.parametrize(
    ("args", "fields"),
    [
        # seed 001 (NBB): 10 % each side, under 6 scores outer once and others twice, halves toward zero
        (
            (),
            {"policy": "nbb", "trim_percent": 10, "small_field": 6, "inner_weight": 2, "rounding": "half-toward-zero"},
        ),
        # ACBLscore manual ch. 83: "5% high and 5% low scores"; 425 → 420, 435 → 440 (halves to even)
        (
            ("--datum", "acbl", "--datum-rounding", "half-even"),
            {"policy": "trim", "trim_percent": 5, "min_kept": 1, "rounding": "half-even"},
        ),
        # BridgeWx: remove 10 % of highest/lowest, keep at least 3 scores; a datum of 5 rounds to 10
        (
            ("--datum", "bridgewx", "--datum-rounding", "half-away-from-zero"),
            {"policy": "trim", "trim_percent": 10, "min_kept": 3, "rounding": "half-away-from-zero"},
        ),
        (("--datum", "drop:1"), {"policy": "drop", "drop_count": 1, "drop_from": 0, "rounding": "half-toward-zero"}),
        # Compscore3: the best and worst left out from 4 scores on, halves away from zero
        (
            ("--datum", "compscore", "--datum-rounding", "half-away-from-zero"),
            {"policy": "drop", "drop_count": 1, "drop_from": 4, "rounding": "half-away-from-zero"},
        ),
        (("--datum", "mean", "--datum-rounding", "none"), {"policy": "mean", "rounding": "none"}),
    ],
)
def test_butler_datum_fields(args: tuple[str, ...], fields: dict[str, Any]) -> None:
    options = _options("--method", "butler", *args)
    datum = options["datum"]
    assert {k: v for k, v in datum.items() if k != "description"} == fields
    assert datum["description"] == options["datum_policy"]  # the English sentence stays beside the fields
    assert "pair_percent" not in options  # a percentage rule says nothing at IMPs


def test_bastille_datum_fields() -> None:
    datum = _options("--method", "bastille")["datum"]
    assert (datum["policy"], datum["trim_percent"], datum["rounding"]) == ("fractional-trim", 10, "none")


def test_pair_percent_in_the_options() -> None:
    assert _options()["pair_percent"] == "total"
    assert _options("--pair-percent", "mean")["pair_percent"] == "mean"


def _score(datum: dict[str, Any]) -> dict[str, Any]:
    return {"method": "butler", "options": {"rounding": "half-even", "datum": datum, "datum_policy": "ignored"}}


def test_method_line_from_the_fields_in_both_languages() -> None:
    nbb = _score({"policy": "nbb", "trim_percent": 20, "small_field": 8, "inner_weight": 3,
                  "rounding": "half-toward-zero", "description": "not this sentence"})  # fmt: skip
    assert describe_method(nbb, "en") == [
        "Butler, datum: 20% of the highest and lowest scores left out (rounded up); under 8 scores the outer "
        "scores count once and the others 3 times (NBB)",
        "datum rounded to 10, halves toward zero",  # the datum's own rounding, not the stale top-level one
    ]
    assert describe_method(nbb, "nl") == [
        "Butler, datum: 20% van de hoogste en laagste scores weggelaten (naar boven afgerond); onder 8 scores "
        "tellen de buitenste scores eenmaal en de andere 3 keer (NBB)",
        "datumscore afgerond op 10, halven naar nul toe",
    ]
    trim = _score({"policy": "trim", "trim_percent": 12.5, "min_kept": 3, "rounding": "half-even"})
    assert describe_method(trim, "en")[0] == (
        "Butler, datum: 12.5% of the highest and lowest scores left out (rounded up), at least 3 scores kept"
    )
    assert describe_method(trim, "nl")[0] == (
        "Butler, datum: 12,5% van de hoogste en laagste scores weggelaten (naar boven afgerond), "
        "minstens 3 scores blijven over"
    )  # decimal comma in Dutch
    assert describe_method(trim, "nl")[1] == "datumscore afgerond op 10, halven naar even"
    acbl = _score({"policy": "trim", "trim_percent": 5, "min_kept": 1, "rounding": "half-even"})
    assert describe_method(acbl, "en")[0] == "Butler, datum: 5% of the highest and lowest scores left out (rounded up)"
    one = _score({"policy": "drop", "drop_count": 1, "rounding": "down"})
    assert describe_method(one, "en")[:2] == [
        "Butler, datum: the highest and the lowest score left out",
        "datum rounded down to 10",
    ]
    assert describe_method(one, "nl")[0] == "Butler, datum: de hoogste en de laagste score weggelaten"
    compscore = _score({"policy": "drop", "drop_count": 1, "drop_from": 4, "rounding": "half-away-from-zero"})
    assert describe_method(compscore, "en")[0] == (
        "Butler, datum: the highest and the lowest score left out where a board has 4 scores or more"
    )
    two = _score({"policy": "drop", "drop_count": 2, "rounding": "none"})
    assert describe_method(two, "nl")[:2] == [
        "Butler, datum: de 2 hoogste en 2 laagste scores weggelaten",
        "datumscore niet afgerond",
    ]
    mean = _score({"policy": "mean", "rounding": "none"})
    assert describe_method(mean, "nl")[0] == "Butler, datum: het gemiddelde van alle scores"
    bastille = {"method": "bastille", "options": {"percent": 10, "datum": {"policy": "fractional-trim",
                "trim_percent": 10, "rounding": "none"}}}  # fmt: skip
    assert describe_method(bastille, "nl") == [
        "Bastille, datum: 10% van de hoogste en laagste scores weggelaten, breuken meegeteld, niet afgerond"
    ]


def test_a_policy_without_words_and_an_older_document() -> None:
    custom = _score({"policy": "custom", "rounding": "none", "description": "median of the scores"})
    assert describe_method(custom, "nl")[0] == "Butler, datum: median of the scores"
    older = {"method": "butler", "options": {"datum_policy": "drop the 1 best and 1 worst scores"}}
    assert describe_method(older, "en") == ["Butler, datum: drop the 1 best and 1 worst scores"]


def test_the_page_of_a_real_run_states_the_datum_in_dutch(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    args = ["score", EXAMPLE, "--method", "butler", "--datum", "bridgewx", "--format", "html", "--lang", "nl"]
    result = runner.invoke(app, [*args, "--output", str(page)])
    assert result.exit_code == 0, result.output
    assert "Butler, datum: 10% van de hoogste en laagste scores weggelaten (naar boven afgerond), minstens 3 " in (
        page.read_text(encoding="utf-8")
    )
