"""Every option of ``score`` that changes a number is stated in every output: the JSON ``options`` block with
its value, the HTML page's method line and the text report's header, in English and in Dutch."""

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


def _run(*args: str) -> str:
    result = runner.invoke(app, ["score", EXAMPLE, *args])
    assert result.exit_code == 0, result.output
    return result.output


def _score(*args: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(_run("--format", "json", *args))
    return document


def test_defaults_in_the_json_options() -> None:
    options = _score()["options"]
    assert options["round_board_points"] is None  # exact values, as PairsScorer, Pianola, BBO and KoPS sum them
    assert options["session_average_plus"] is False
    assert options["session_average_minus"] is False
    assert options["phantom_award"] == "A"
    assert options["factor_printed_total"] is False


def test_chosen_values_in_the_json_options() -> None:
    options = _score("--round-board-points", "2", "--session-average-plus", "--session-average-minus")["options"]
    assert (options["round_board_points"], options["session_average_plus"], options["session_average_minus"]) == (
        2,
        True,
        True,
    )
    options = _score("--method", "butler", "--factor-printed", "--phantom", "3", "--phantom-award", "60")["options"]
    assert (options["factor_printed_total"], options["phantom_award"], options["phantoms"]) == (True, "60%", ["3"])
    assert _score("--phantom", "3", "--phantom-award", "A+")["options"]["phantom_award"] == "A+"


EXPECTED = {
    ("--round-board-points", "2"): (
        "every line's points rounded to 2 decimals before they are added up",
        "de punten van elke regel afgerond op 2 decimalen voordat ze worden opgeteld",
    ),
    ("--session-average-plus",): (
        "average-plus is the pair's score on its other boards when that is higher (Law 12C2c)",
        "gemiddeld-plus wordt de score van het paar op zijn andere spellen als die hoger is (Wet 12C2c)",
    ),
    ("--session-average-minus",): (
        "average-minus is the pair's score on its other boards when that is lower",
        "gemiddeld-min wordt de score van het paar op zijn andere spellen als die lager is",
    ),
    ("--phantom", "3", "--phantom-award", "60"): (
        "a phantom's opponents get 60%",
        "de tegenstanders van een spookpaar krijgen 60%",
    ),
    ("--phantom", "3", "--phantom-award", "A+"): (
        "a phantom's opponents get average-plus",
        "de tegenstanders van een spookpaar krijgen gemiddeld-plus",
    ),
    ("--method", "butler", "--factor-printed"): (
        "the IMP total is factored as printed, rounded to 2 decimals",
        "het IMP-totaal wordt opgehoogd zoals afgedrukt, afgerond op 2 decimalen",
    ),
    ("--method", "butler", "--no-factor"): (
        "totals of pairs who played fewer boards are not factored up",
        "totalen van paren die minder spellen speelden zijn niet naar rato opgehoogd",
    ),
    ("--method", "cross-imps", "--imps-per-percent", "0.25"): (
        "an adjusted score given as a percentage: 0.25 IMPs per percent above 50",
        "een arbitrale score als percentage: 0,25 IMPs per procent boven 50",
    ),
}


@pytest.mark.parametrize("args", list(EXPECTED))
def test_the_option_in_words_on_the_page_and_in_the_text_header(args: tuple[str, ...], tmp_path: Path) -> None:
    english, dutch = EXPECTED[args]
    document = _score(*args)
    assert english in describe_method(document, "en")
    assert dutch in describe_method(document, "nl")
    for lang, sentence in (("en", english), ("nl", dutch)):
        page = tmp_path / f"page-{lang}.html"
        _run(*args, "--format", "html", "--lang", lang, "--output", str(page))
        assert sentence.replace("'", "&#39;") in page.read_text(encoding="utf-8")
        header = _run(*args, "--lang", lang).split("┏", 1)[0]  # the lines before the first table
        assert sentence in header.splitlines()


def test_nothing_said_about_options_left_at_their_defaults() -> None:
    lines = describe_method(_score(), "en")
    assert not any("rounded to 2 decimals before" in line or "other boards" in line for line in lines)
    assert not any("phantom" in line for line in lines)  # no phantom: no award to state


# Every option of ``score`` that changes a number, with a value other than its default.
NUMBER_OPTIONS = [
    ("--across-sections",),
    ("--movement", "howell"),
    ("--phantom", "3"),
    ("--no-neuberg",),
    ("--acbl-scale",),
    ("--pair-percent", "mean"),
    ("--round-board-points", "2"),
    ("--session-average-plus",),
    ("--session-average-minus",),
    ("--average-plus", "65"),
    ("--average-minus", "35"),
    ("--method", "butler", "--datum", "acbl"),
    ("--method", "butler", "--datum-rounding", "half-even"),
    ("--method", "butler", "--no-factor"),
    ("--method", "butler", "--factor-printed"),
    ("--method", "butler", "--adjusted-imps", "2"),
    ("--method", "butler", "--imps-per-percent", "0.25"),
    ("--method", "cross-imps", "--cross-imps", "total"),
    ("--method", "butler", "--phantom", "3", "--phantom-award", "A+"),
]


@pytest.mark.parametrize("args", NUMBER_OPTIONS)
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_number_changing_option_changes_what_the_reports_say(args: tuple[str, ...], lang: str) -> None:
    base = tuple(args[:2]) if args[0] == "--method" else ()
    if "--phantom-award" in args:
        base = (*base, "--phantom", "3")
    document, default = _score(*args), _score(*base)
    assert document["options"] != default["options"]
    said, said_by_default = describe_method(document, lang), describe_method(default, lang)
    assert said != said_by_default
    assert not any("_" in line for line in said)  # no raw field names: every option has its words
    header = _run(*args, "--lang", lang).split("┏", 1)[0]
    assert header != _run(*base, "--lang", lang).split("┏", 1)[0]
