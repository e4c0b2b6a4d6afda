"""``--lang nl`` beyond the score reports (issue 5): the check command, the director's findings, the Valet
outputs and the rubber pad's annotations speak Dutch from the catalogue, with decimal commas, while English
stays as it was."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.contract import Seat, parse_contract
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.core.i18n import translator
from bridgescore.pairs.checks import Check, Finding, run_checks
from bridgescore.pairs.report import json as score_json
from bridgescore.pairs.report.html import render_html
from bridgescore.pairs.report.text import render_text
from bridgescore.pairs.scored import ScoredEvent, score_event
from bridgescore.rubber.sheet import Deal
from catalogue_recorder import MissingWords
from reference_data import need
from valet_cases import CASES

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "src" / "bridgescore" / "examples"
DATA = ROOT / "tests" / "data"


def test_passed_out_deal_is_described_from_the_catalogue() -> None:
    assert Deal.passed_out().describe("nl") == "gepast"
    assert Deal.passed_out().describe("en") == "passed out"


def _run(*args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result.output


def test_check_command_in_dutch() -> None:
    """``check --lang nl``: Dutch headings, Dutch notation (unless --notation), the summary in Dutch."""
    example = str(EXAMPLES / "club-evening.csv")
    english = _run("check", example)
    dutch = _run("check", example, "--lang", "nl")
    assert english.splitlines()[0].strip() == "98 traveller lines"
    assert dutch.splitlines()[0].strip() == "98 scorekaartregels"
    heading = [c.strip() for c in dutch.splitlines()[2].strip("┃").split("┃")]
    assert heading[:8] == ["Regel", "Lijn", "Spel", "NZ", "OW", "Contract", "Uitkomst", "Score NZ"]
    assert "3SA N C" in dutch and "3NT N =" in english
    assert "3NT N =" in _run("check", example, "--lang", "nl", "--notation", "en")
    mistakes = str(DATA / "travellers" / "mistakes.csv")
    assert "problem(s), 0 warning(s). Correct the lines above" in _run("check", mistakes, code=2)
    summary = " ".join(_run("check", mistakes, "--lang", "nl", code=2).split())
    assert "probleem/problemen, 0 waarschuwing(en). Verbeter de regels hierboven" in summary
    assert _run("check", mistakes, "--lang", "fr", code=2).count("en, nl") == 1


def _wrong_score_and_pair_twice() -> ScoredEvent:
    """Board 1: 4S N making 10 tricks written as +450 (Law 77 gives +420), and pair 1 at two tables."""
    contract = parse_contract("4S")
    results = (
        Result(1, "1", "2", ResultStatus.PLAYED, contract=contract, declarer=Seat.N, tricks=10, ns_score=450),
        Result(1, "1", "4", ResultStatus.PLAYED, ns_score=-50),
    )
    return score_event(Event(results))


def test_failed_checks_findings_in_dutch() -> None:
    """A failed check's findings go through the catalogue: place, words and contract in Dutch, numbers apart."""
    scored = _wrong_score_and_pair_twice()
    checks = {c.name: c for c in run_checks(scored, "nl")}
    wrong = checks["scores match contracts"]
    assert wrong.text("nl") == "spel 1: 1-2, 4S N C levert +420 op, de regel zegt +450"
    english = {c.name: c for c in run_checks(scored)}["scores match contracts"]
    assert english.detail == english.text("en") == "board 1: 1-2, 4S N = scores +420, the line says +450"
    assert checks["pair once per board"].text("nl") == "spel 1: paar 1 NZ komt 2 keer voor"
    assert english.findings[0].values == {
        "ns_pair": "1", "ew_pair": "2", "contract": "4S N =", "expected": 420, "written": 450,
    }  # fmt: skip
    # the text report and the page say the same
    console = Console(file=io.StringIO(), width=200)
    render_text(scored, console, "nl", lang="nl")
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "spel 1: 1-2, 4S N C levert +420 op, de regel zegt +450" in text
    page = render_html(score_json.to_dict(scored, notation="nl"), "nl")
    assert "spel 1: paar 1 NZ komt 2 keer voor" in page and "levert +420 op" in page
    assert "appears" not in page and "the line says" not in page


def test_findings_write_numbers_the_languages_way() -> None:
    mirror = Finding(
        "%(ns_pair)s-%(ew_pair)s, NS %(ns)g + EW %(ew)g = %(sum)g, not %(expected)g",
        {"ns_pair": "3", "ew_pair": "14", "ns": 5.5, "ew": 6.0, "sum": 11.5, "expected": 12},
        "B",
        7,
    )
    assert mirror.text("en") == "section B, board 7: 3-14, NS 5.5 + EW 6 = 11.5, not 12"
    assert mirror.text("nl") == "lijn B, spel 7: 3-14, NZ 5,5 + OW 6 = 11,5, niet 12"
    table = Finding(
        "%(ns_pair)s against %(ew_pair)s, the totals are off by %(off)+g",
        {"ns_pair": "1", "ew_pair": "2", "off": -0.25},
        "A",
    )
    assert table.text("nl") == "lijn A: 1 tegen 2, de totalen wijken -0,25 af"
    many = Check.failed(
        "pair once per board",
        [Finding("pair %(pair)s appears %(times)d times", {"pair": str(p), "times": 2}, board=1) for p in range(7)],
    )
    assert many.detail.endswith("; board 1: pair 4 appears 2 times; and 2 more")
    assert many.text("nl").endswith("; spel 1: paar 4 komt 2 keer voor; en nog 2")


MP_CASE = "chennai_mp_test_cmd"  # reference: valet -l -a -v matchpoints
MP_ARGS = ["-l", "-a", "-v", "matchpoints"]


def _valet_case(case: str) -> Path:
    return need(CASES / case / "input")


def _valet(case: str, *args: str) -> str:
    return _run("valet", "-d", str(_valet_case(case)), *args)


def _numbers(text: str) -> list[str]:
    return re.findall(r"-?\d+(?:[.,]\d+)?", text)


def test_valet_text_in_dutch_has_the_reference_numbers_with_decimal_commas() -> None:
    """The Dutch table: Dutch headings, and per pair the same figures as the English table with a decimal
    comma; the leading pairs' hands and overall score are those the reference program printed."""
    english = _valet(MP_CASE, *MP_ARGS)
    dutch = _valet(MP_CASE, *MP_ARGS, "--lang", "nl")
    head = dutch.splitlines()[1]
    for word in ("Spelers", "Aant.", "Bieden", "Kaartspel", "Als leider", "Tegenspel", "Leider 1", "Uitkomst 1",
                 "Gemiddeld", "Overig"):  # fmt: skip
        assert word in head, word
    assert "Kaartspel" in dutch.splitlines()[0] and "Tegenspel" in dutch.splitlines()[0]
    for english_word in ("Players", "Declarer1", "Lead1", "Average"):
        assert english_word not in dutch
    en_rows, nl_rows = english.splitlines()[2:], dutch.splitlines()[2:]
    assert len(en_rows) == len(nl_rows) > 20
    for en_row, nl_row in zip(en_rows, nl_rows, strict=True):
        assert en_row[:54] == nl_row[:54]  # the pair's name
        en_numbers, nl_numbers = _numbers(en_row[54:]), _numbers(nl_row[54:])
        assert [n.replace(".", ",") for n in en_numbers] == nl_numbers
        assert all("." not in n for n in nl_numbers)
    reference = need(CASES / MP_CASE / "output.txt").read_text(encoding="utf-8").splitlines()[2:5]
    for ref_row, nl_row in zip(reference, nl_rows, strict=False):
        name, hands, overall = ref_row[:54], *ref_row.split("|")[1].split()
        assert nl_row.startswith(name) and nl_row.split("|")[1].split() == [hands, overall.replace(".", ",")]


def test_valet_csv_and_json_ignore_the_language() -> None:
    """valet-csv stays the reference's layout in every language (spreadsheets read it); JSON keys are English."""
    for fmt in ("valet-csv", "json"):
        assert _valet(MP_CASE, *MP_ARGS, "-f", fmt, "--lang", "nl") == _valet(MP_CASE, *MP_ARGS, "-f", fmt)
    first = need(CASES / MP_CASE / "output.csv").read_text(encoding="utf-8").splitlines()[0]
    assert _valet(MP_CASE, *MP_ARGS, "-f", "valet-csv", "--lang", "nl").splitlines()[0] == first


def test_valet_tableau_in_dutch(tmp_path: Path) -> None:
    """The tableau: Dutch headings, keys in Dutch notation (SA, O/Z, lead suits K R H S), decimal commas, the
    English figures."""
    en_path, nl_path = tmp_path / "en.txt", tmp_path / "nl.txt"
    _valet(MP_CASE, *MP_ARGS, "-t", str(en_path))
    _valet(MP_CASE, *MP_ARGS, "-t", str(nl_path), "--lang", "nl")
    english = en_path.read_text(encoding="utf-8").splitlines()
    dutch = nl_path.read_text(encoding="utf-8").splitlines()
    assert dutch[0] == english[0].replace("DECLARER, Board", "LEIDER, Spel")
    assert dutch[2].split() == ["Contract", "Aantal", "Totaal", "Bieden", "Afspel"]
    defender = next(i for i, line in enumerate(english) if line.startswith("DEFENDER"))
    assert dutch[defender] == english[defender].replace("DEFENDER, Board", "TEGENSPELERS, Spel")
    assert dutch[defender + 2].split() == ["Contract", "Aantal", "Totaal", "Bieden", "Uitkomst", "Overig"]
    assert len(english) == len(dutch) > 1000
    notation = str.maketrans({"C": "K", "D": "R", "E": "O", "S": "Z"})
    keys_differ = 0
    for en_line, nl_line in zip(english, dutch, strict=True):
        if not en_line or not en_line[0].isdigit():
            continue
        en_key, nl_key = en_line[:19].strip(), nl_line[:19].strip()
        contract, seat, lead, tricks = en_key.split(", ")
        dutch_contract = contract.replace("NT", "SA").replace("C", "K").replace("D", "R")
        assert nl_key == ", ".join(
            [dutch_contract, seat.translate(notation), lead.translate(str.maketrans({"C": "K", "D": "R"})), tricks]
        )
        keys_differ += nl_key != en_key
        assert [n.replace(".", ",") for n in _numbers(en_line[19:])] == _numbers(nl_line[19:])
    assert keys_differ > 100


def test_valet_page_in_dutch() -> None:
    """The page: lang="nl", Dutch headings, options and chart labels, decimal commas in the table."""
    page = _valet(MP_CASE, *MP_ARGS, "-f", "html", "--lang", "nl")
    english = _valet(MP_CASE, *MP_ARGS, "-f", "html")
    assert '<html lang="nl">' in page and '<html lang="en">' in english
    for words in ("<h1>Valet-score</h1>", "<th>Paar</th><th>Spellen</th>", "<th>Bieden</th>",
                  ">Uitkomst gemiddeld<", ">Overig tegenspel<", "matchpunten, ontleding met wolk, met uitkomsten",
                  "Waar de procentpunten vandaan komen", "<title>Afspel: "):  # fmt: skip
        assert words in page, words
    for english_word in (">Pair<", ">Hands<", "Where the", "Declarer play", "decomposition"):
        assert english_word not in page, english_word
    # (a number's cell names its heading in data-label and holds its count for a phone's card: issue 18)
    cells = re.findall(r'<td class="num(?: neg)?"[^>]*>([^<]*)<', page)
    en_cells = re.findall(r'<td class="num(?: neg)?"[^>]*>([^<]*)<', english)
    assert [c.replace(".", ",") for c in en_cells] == cells
    assert sum("," in c for c in cells) > 100


def test_every_dutch_valet_and_check_word_is_in_the_catalogue(tmp_path: Path) -> None:
    """Words looked up at run time (the page's parts, the scoring forms, the check command's statuses)."""
    case = "2004_Istanbul_Olympiad_datum_nocloud_lead_m100"
    recorder = MissingWords()
    dutch = translator("nl")
    dutch.add_fallback(recorder)
    try:
        for args in (["-v", "datum", "-x", "-l", "-a", "-m", "100", "-c"], ["-v", "iaf"], MP_ARGS):
            for fmt in ("text", "html"):
                _valet(case, *args, "-f", fmt, "--lang", "nl", "-t", str(tmp_path / "t.txt"))
        _run("check", str(EXAMPLES / "club-evening.csv"), "--lang", "nl")
        _run("check", str(DATA / "travellers" / "mistakes.csv"), "--lang", "nl", code=2)
        scored = _wrong_score_and_pair_twice()
        render_html(score_json.to_dict(scored, notation="nl"), "nl")
    finally:
        dutch._fallback = None  # type: ignore[attr-defined]
    assert recorder.missing == set()
