"""``--lang nl`` on the terminal report, the CSV and the rubber pad (issue 5): Dutch words from the catalogue,
decimal commas, the same numbers as in English and as the reference programs published."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.i18n import parse_number, round_half_up
from html_cases import BRIAN, BRIAN_STANDINGS, EBU_MP, EBU_MP_STANDINGS, reference_file

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples"
NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _table_rows(text: str) -> list[list[str]]:
    """The body rows of every rich table in ``text``, as lists of stripped cells."""
    return [[c.strip() for c in line.strip("│").split("│")] for line in text.splitlines() if line.startswith("│")]


def _published(relative: str) -> list[dict[str, str]]:
    rows = list(csv.DictReader(reference_file(relative).open(encoding="utf-8-sig")))
    return sorted(rows, key=lambda p: int(p["PLACE"].rstrip("=")))


def test_dutch_text_ranking_is_brians_with_decimal_commas() -> None:
    """BriAn's Welwyn Howell in Dutch: Dutch headings, and the first places with BriAn's percentages."""
    text = _run("score", str(reference_file(BRIAN)), "--no-neuberg", "--lang", "nl")
    lines = text.splitlines()
    assert lines[0] == "Wednesday AM Pairs – matchpunten"
    start = [line.strip() for line in lines].index("alle paren")  # after the header's option lines
    no_neuberg = "geen correctie volgens Neuberg voor spellen met minder resultaten"
    assert no_neuberg in lines[1:start]  # the header states --no-neuberg, in Dutch
    heading = [c.strip() for c in lines[start + 2].strip("┃").split("┃")]
    assert heading == ["Plaats", "Paar", "Namen", "Spellen", "Totaal", "Max", "%"]
    rows = _table_rows(text)
    expected = [
        (p["PLACE"], p["PAIR_NUMBER"], str(round_half_up(float(p["PERCENTAGE"]), 2)).replace(".", ","))
        for p in _published(BRIAN_STANDINGS)[:3]
    ]
    assert [(r[0], r[1], r[-1]) for r in rows[:3]] == expected  # 62,02 …: decimal comma
    assert "Percentages op 2 decimalen, halven naar boven afgerond." in text
    assert "in orde elk paar eenmaal per spel: geen paar komt twee keer voor op een spel" in text
    below_title = "\n".join(lines[1:])
    for english in ("Place", "Pair", "Names", "Total", "Percentages to", "North-South", "ok "):
        assert english not in below_title, english


def test_dutch_travellers_say_the_same_numbers_as_english() -> None:
    """Every traveller and ranking cell: Dutch words in the headings, Dutch notation in the contracts, and
    numbers that read back (decimal comma) to the English ones."""
    example = str(EXAMPLES / "club-evening.csv")
    english = _run("score", example, "--boards")
    dutch = _run("score", example, "--boards", "--lang", "nl")
    assert "Lijn A, spel 1 – top 12" in dutch and "Section A, board 1 – top 12" in english
    assert "┃ NZ ┃ OW ┃ Contract ┃ Uitkomst ┃ Score NZ ┃ Pnt NZ ┃ Pnt OW ┃  NZ % ┃" in dutch
    assert "3SA N C" in dutch and "3NT N =" in english  # notation follows --lang unless --notation is given
    en_rows, nl_rows = _table_rows(english), _table_rows(dutch)
    assert len(en_rows) == len(nl_rows) > 100
    compared = 0
    for en_row, nl_row in zip(en_rows, nl_rows, strict=True):
        for en_cell, nl_cell in zip(en_row, nl_row, strict=True):
            if NUMBER.fullmatch(en_cell) and "." in en_cell:
                assert "," in nl_cell and "." not in nl_cell, (en_cell, nl_cell)
                assert parse_number(nl_cell, "nl") == parse_number(en_cell, "en")
                compared += 1
    assert compared > 100
    english_title = _run("score", example, "--notation", "en", "--lang", "nl", "--boards")
    assert "3NT N =" in english_title  # an explicit --notation wins


def test_dutch_csv_standings_are_the_ebu_percentages() -> None:
    """EBU PairsScorer's sample as Dutch CSV: ';' between fields, Dutch headers, decimal commas, and every
    pair's percentage the one EBU published."""
    text = _run("score", str(reference_file(EBU_MP)), "--format", "csv", "--lang", "nl")
    rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    assert list(rows[0]) == ["groep", "lijn", "plaats", "paar", "namen", "spellen", "totaal",
                             "totaal_niet_opgehoogd", "maximum", "percentage", "gemiddeld"]  # fmt: skip
    assert {r["groep"] for r in rows} == {"NZ", "OW"}
    assert any("," in r["percentage"] for r in rows) and not any("." in r["percentage"] for r in rows)
    ours = {(r["groep"], r["paar"]): round_half_up(parse_number(r["percentage"], "nl"), 2) for r in rows}
    direction = {"NS": "NZ", "EW": "OW"}
    published = {
        (direction[p["DIRECTION"]], p["PAIR_NUMBER"]): round_half_up(float(p["PERCENTAGE"]), 2)
        for p in _published(EBU_MP_STANDINGS)
    }
    assert ours == published


def test_dutch_csv_travellers() -> None:
    text = _run("score", str(EXAMPLES / "club-evening.csv"), "--format", "csv", "--boards", "--lang", "nl",
                "--method", "butler")  # fmt: skip
    english = _run("score", str(EXAMPLES / "club-evening.csv"), "--format", "csv", "--boards", "--method", "butler")
    rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    en_rows = list(csv.DictReader(io.StringIO(english)))
    assert list(rows[0])[:6] == ["lijn", "spel", "nz", "ow", "contract", "leider"]
    assert {r["status"] for r in rows} >= {"gespeeld", "arbitrair"}
    assert len(rows) == len(en_rows)
    for nl, en in zip(rows, en_rows, strict=True):
        assert (nl["datum"], nl["punten_nz"]) == (en["datum"].replace(".", ","), en["ns_points"].replace(".", ","))
        assert nl["score_nz"] == en["ns_score"]
        if en["adjustment"]:
            assert nl["arbitrair"].replace(",", ".") == en["adjustment"].replace("assigned", "toegewezen").replace(
                "phantom", "spookpaar"
            )


def test_title_option_on_text_json_and_page(tmp_path: Path) -> None:
    example = str(EXAMPLES / "club-evening.csv")
    assert _run("score", example).splitlines()[0] == "Results – matchpoints"
    assert _run("score", example, "--lang", "nl").splitlines()[0] == "Uitslag – matchpunten"
    titled = _run("score", example, "--title", "Clubavond [A] 21 november", "--lang", "nl")
    assert titled.splitlines()[0] == "Clubavond [A] 21 november – matchpunten"  # markup-like text kept as is
    data = json.loads(_run("score", example, "--format", "json", "--title", "Drive"))
    assert data["title"] == "Drive"
    page = tmp_path / "page.html"
    _run("score", example, "--format", "html", "--title", "Drive & Co", "--output", str(page))
    assert "<h1>Drive &amp; Co</h1>" in page.read_text(encoding="utf-8")


def test_dutch_rubber_pad_from_the_catalogue() -> None:
    """The example rubber (NS 2480, EW 1750) on a Dutch pad: every word from the catalogue."""
    pad = _run("rubber", str(EXAMPLES / "rubber.csv"), "--lang", "nl")
    assert pad.splitlines()[0] == "Robber: NZ – OW (afgelopen)"
    for words in ("boven de streep / onder de streep", "spel 5: 7H Z C – robberpremie", "– downslagen",
                  "Manche 1 gewonnen door NZ", "2480 │      1750   Totaal", "NZ wint met 730 punten.",
                  "Afrekening: OW betaalt NZ 730 (precies, 730)"):  # fmt: skip
        assert words in pad, words
    we = _run("rubber", str(EXAMPLES / "chicago.csv"), "--chicago", "--lang", "nl", "--we", "EW", "--stake",
              "0.10", "--rounding", "half-down")  # fmt: skip
    assert "Wij │       Zij" in we and we.startswith("Chicago: OW – NZ")
    assert we.rstrip().endswith("Afrekening: OW betaalt NZ 100 (afgerond 50 naar beneden, 90) = 0,10 (0,10 per 100)")


def test_check_sentences_with_numbers_in_dutch() -> None:
    """A check's one-sentence detail carries its numbers apart, so each language writes it whole: seed 001's
    zero sum at Butler with an A-/A- line (−6 IMPs, all from the artificial scores)."""
    from rich.console import Console

    from bridgescore.io.csv import loads
    from bridgescore.pairs.methods.butler import Butler
    from bridgescore.pairs.report.html import render_html
    from bridgescore.pairs.report.json import to_dict
    from bridgescore.pairs.report.text import render_text
    from bridgescore.pairs.scored import ScoringOptions, score_event
    from test_adjustments import EVENT

    scored = score_event(loads(EVENT, "adj.csv"), ScoringOptions(method=Butler()))
    console = Console(record=True, width=200)
    render_text(scored, console, "nl", lang="nl")
    text = console.export_text()
    assert "in orde som nul: de wedstrijd telt op tot -6,00 IMPs, geheel door kunstmatige arbitrale scores" in text
    assert "op elke regel tellen NZ en OW op tot nul (2 kunstmatige arbitrale regel(s) niet meegeteld)" in text
    data = to_dict(scored)
    zero = next(c for c in data["checks"] if c["name"] == "zero sum")
    assert zero["detail"] == "the event adds up to -6.00 IMPs, all of it from artificial adjusted scores"
    assert zero["message"] == "the event adds up to %(sum)s IMPs, all of it from artificial adjusted scores"
    assert zero["values"] == {"sum": -6.0}
    assert "de wedstrijd telt op tot -6,00 IMPs, geheel door kunstmatige arbitrale scores" in render_html(data, "nl")
    assert "the event adds up to -6.00 IMPs, all of it" in render_html(data, "en")
