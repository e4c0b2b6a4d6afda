"""The members' page with the deals (issue 10): diagram, DD table and par beside each traveller, every line's DD
tricks, travellers as a frequency table sorted by score, the checks behind ``--director``, date and club in the
header, opponents' names on score cards, the lead analysis, Dutch headings.

The deals are written by hand (``html_cases.HANDS``/``DD``/``PAR``): nothing is solved here."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.api import score
from bridgescore.cli import app
from bridgescore.core import dd
from bridgescore.core.contract import Contract, Risk, Seat, Strain, Vulnerability, dealer_of_board
from bridgescore.core.deal import DDTable, HandRecord, hcp_of
from bridgescore.io import load_events
from bridgescore.pairs.report.html import render_html, summarise
from bridgescore.pairs.report.json import dumps, to_dict
from bridgescore.report.hand_records import deal_dict, deals_dict
from bridgescore.report.html_deals import dd_tricks, deal_view
from html_cases import DD, LEADS, case, deals_event
from reference_data import reference_path
from test_html import parse_page, text_of

ROOT = Path(__file__).resolve().parents[1]
PBN = ROOT / "tests" / "data" / "pbn" / "club-scoretable.pbn"
EXAMPLE = ROOT / "src" / "bridgescore" / "examples" / "club-evening.csv"


def _by_id(root: Element, anchor: str) -> Element:
    found = next((e for e in root.iter() if e.get("id") == anchor), None)
    assert found is not None, anchor
    return found


def _with_class(root: Element, css: str) -> list[Element]:
    return [e for e in root.iter() if css in (e.get("class") or "").split()]


def _rows(table: Element) -> list[list[str]]:
    body = table.find("tbody")
    assert body is not None
    return [[text_of(c) for c in row if c.tag in ("td", "th")] for row in body.iter("tr")]


def _fields(row: Element) -> dict[str, str]:
    return {c.get("data-field") or "": text_of(c) for c in row.iter("td") if c.get("data-field")}


def _traveller_rows(board: Element) -> list[Element]:
    return [row for row in board.iter("tr") if (row.get("data-json") or "").startswith("boards/")]


def test_board_shows_the_diagram_dd_table_and_par_beside_its_traveller() -> None:
    root = parse_page(case("deals-club-evening", "en")[1])
    board = _by_id(root, "board-A-1")
    deal = _with_class(board, "deal")
    assert len(deal) == 1 and deal[0].get("data-json") == "deals/0"
    hands = {h.get("class", "").split()[1]: text_of(h).split("\n") for h in _with_class(deal[0], "hand")}
    assert hands["n"] == ["♠ K J 8", "♥ J 9 5 2", "♦ 8 3", "♣ K J 7 6"]
    assert hands["w"][2] == "♦ K J 10 9 4"  # the ten as players write it
    compass = _with_class(deal[0], "compass")[0]
    assert {b.get("data-field"): text_of(b) for b in compass.iter("b")} == {"N": "9", "E": "5", "S": "10", "W": "16"}
    assert text_of(_with_class(deal[0], "caption")[0]) == "Dealer: N · Vulnerable: None"
    dd = _with_class(deal[0], "dd")[0]
    assert [text_of(th) for th in dd.iter("th")][:6] == ["", "NT", "♠", "♥", "♦", "♣"]
    assert _rows(dd) == [
        ["N", "8", "9", "8", "6", "7"],
        ["S", "8", "10", "8", "6", "7"],
        ["E", "5", "4", "5", "7", "6"],
        ["W", "5", "3", "5", "7", "6"],
    ]
    assert text_of(_with_class(deal[0], "par")[0]) == "Par: NS 170 (4♠ S)"
    # board 2: East deals, North-South vulnerable (red in the compass), par to East-West
    second = _with_class(_by_id(root, "board-A-2"), "deal")[0]
    assert text_of(_with_class(second, "caption")[0]) == "Dealer: E · Vulnerable: NS"
    assert [s.get("class") for s in _with_class(second, "compass")[0].iter("span")] == [
        "n vul",
        "e dealer",
        "s vul",
        "w",
    ]
    assert text_of(_with_class(second, "par")[0]) == "Par: EW 110 (3♦ E, 3♦ W)"
    # board 3 has no hand record: its traveller alone, no empty diagram
    assert not _with_class(_by_id(root, "board-A-3"), "deal")


def test_each_traveller_line_says_what_double_dummy_makes_in_its_contract() -> None:
    data, page = case("deals-club-evening", "en")
    root = parse_page(page)
    heading = [text_of(th) for th in _by_id(root, "board-A-1").iter("th")]
    assert "Double dummyDD" in heading  # long heading, short on phones
    shown = {
        (f["ns_pair"], f["contract"], f["declarer"]): f["dd"]
        for f in map(_fields, _traveller_rows(_by_id(root, "board-A-1")))
    }
    # 4♠ by South: the DD table's S/♠ (10); 3NT by North: N/NT (8); 2♠ by North: N/♠ (9)
    assert shown[("1", "4♠", "S")] == str(DD[1][Seat.S][Strain.SPADES]) == "10"
    assert shown[("2", "3NT", "N")] == str(DD[1][Seat.N][Strain.NOTRUMP]) == "8"
    assert shown[("3", "2♠", "N")] == "9"
    # board 2, East and West declaring: E/NT 6, W/♥ 4
    second = {(f["ns_pair"], f["declarer"]): f["dd"] for f in map(_fields, _traveller_rows(_by_id(root, "board-A-2")))}
    assert second[("2", "W")] == str(DD[2][Seat.W][Strain.NOTRUMP]) == "6"
    assert second[("4", "W")] == str(DD[2][Seat.W][Strain.HEARTS]) == "4"
    # no deal for board 3: the column is there, empty
    assert {f["dd"] for f in map(_fields, _traveller_rows(_by_id(root, "board-A-3")))} == {""}
    assert len(data["deals"]) == 2


def test_traveller_is_a_frequency_table_sorted_by_score() -> None:
    """NBB's "frequentiestaat": best NS score first, equal scores in file order, lines without a score last –
    each line still naming its record in the JSON."""
    data: dict[str, Any] = {
        "schema": "bridgescore.score/1",
        "method": "matchpoints",
        "boards": [
            {
                "board": 1,
                "results": [
                    {"ns_pair": "1", "ew_pair": "5", "contract": "2S", "declarer": "N", "tricks": 9, "ns_score": 140},
                    {"ns_pair": "2", "ew_pair": "6", "status": "adjusted", "adjustment": "A60"},
                    {"ns_pair": "3", "ew_pair": "7", "contract": "4S", "declarer": "N", "tricks": 10, "ns_score": 420},
                    {"ns_pair": "4", "ew_pair": "8", "contract": "3D", "declarer": "E", "tricks": 9, "ns_score": -110},
                    {"ns_pair": "9", "ew_pair": "10", "contract": "2S", "declarer": "N", "tricks": 9, "ns_score": 140},
                ],
            }
        ],
        "standings": [],
        "checks": [],
    }
    rows = _traveller_rows(_by_id(parse_page(render_html(data, "en")), "board-1"))
    assert [r.get("data-json") for r in rows] == [f"boards/0/results/{i}" for i in (2, 0, 4, 3, 1)]
    assert [_fields(r)["ns_pair"] for r in rows] == ["3", "1", "9", "4", "2"]


def test_the_real_traveller_reads_best_score_first() -> None:
    root = parse_page(case("deals-club-evening", "nl")[1])
    for board in ("board-A-1", "board-A-2", "board-A-5"):
        fields = [_fields(r) for r in _traveller_rows(_by_id(root, board))]
        scores = [
            int(f["ns_score"]) if f["ns_score"] else -int(f["ew_score"]) if f["ew_score"] else None for f in fields
        ]
        played = [s for s in scores if s is not None]
        assert played == sorted(played, reverse=True), board
        assert scores == played + [None] * (len(scores) - len(played)), board  # board 5's N.G. line last


def test_dutch_page_has_distinct_headings_and_dutch_deals() -> None:
    root = parse_page(case("deals-club-evening", "nl")[1])
    headings = [text_of(h) for h in root.iter("h2")]
    assert headings == [
        "Klassement",
        "Slagen tegenover dubbeldummy",
        "Frequentiestaten",
        "Persoonlijke scorekaarten",
        "Controles van de wedstrijdleider",
    ]
    deal = _with_class(_by_id(root, "board-A-1"), "deal")[0]
    hands = {h.get("class", "").split()[1]: text_of(h).split("\n") for h in _with_class(deal, "hand")}
    assert hands["n"] == ["♠ H B 8", "♥ B 9 5 2", "♦ 8 3", "♣ H B 7 6"]  # heer, boer
    assert text_of(_with_class(deal, "caption")[0]) == "Gever: N · Kwetsbaar: Niemand"
    assert text_of(_with_class(deal, "par")[0]) == "Par: NZ 170 (4♠ Z)"
    dd = _with_class(deal, "dd")[0]
    assert text_of(dd.find("caption")) == "Dubbeldummy"  # type: ignore[arg-type]
    assert [row[0] for row in _rows(dd)] == ["N", "Z", "O", "W"]
    assert "SA" in [text_of(th) for th in dd.iter("th")]
    summary = next(root.iter("summary"))
    assert text_of(summary) == "Zo is er gerekend"


def test_ranking_first_and_the_method_folded_under_it() -> None:
    root = parse_page(case("deals-club-evening", "en")[1])
    main = root.find(".//main")
    assert main is not None
    order = [e.get("id") or e.tag for e in main if e.tag in ("h2", "section", "div", "details")]
    assert order[:4] == ["ranking", "ranking-A-ns", "ranking-A-ew", "details"]
    details = main.find("details")
    assert details is not None and details.find("ul") is not None  # the method's sentences, folded
    assert "Matchpoints" in text_of(details)


def test_lead_analysis_has_its_place_when_the_dict_has_it() -> None:
    data, page = case("deals-club-evening", "en")
    root = parse_page(page)
    table = _by_id(root, "leads-pairs")
    assert _rows(table.find(".//table")) == [  # type: ignore[arg-type]
        ["1", "+2", "-1", "0", "+1", "2", "1"],
        ["8", "0", "+1", "-2", "-1", "0", "2"],
    ]
    # the pair links to its score card
    link = next(table.iter("a"))
    assert link.get("href") == "#pair-A-NS-1"
    without = {k: v for k, v in data.items() if k != "leads"}
    other = render_html(without, "en")
    assert 'id="leads"' not in other and "leads-pairs" not in other
    assert LEADS["pairs"][0]["as_declarer"] == 2


def test_the_pages_lead_table_shows_the_sums_the_score_json_has() -> None:
    """The page read keys (``declarer``, ``lead``, ``defence``, ``lines``) that the lead analysis never wrote
    (``as_declarer``, ``on_lead``, ``in_defence``, ``declared``/``defended``): every cell but the pair was empty."""
    from test_leads_reports import _event

    data = to_dict(score(_event()).analysed)
    table = _by_id(parse_page(render_html(data, "en")), "leads-pairs").find(".//table")
    assert table is not None
    pair_2 = next(p for p in data["leads"]["pairs"] if p["pair"] == "2")
    assert ["2", "0", "-2", "0", "-2", "0", "2"] in _rows(table)  # pair 2: 2 lines defended, -2 on lead
    assert (pair_2["on_lead"], pair_2["total"], pair_2["defended"]) == (-2, -2, 2)


def test_summarised_page_still_shows_the_deals() -> None:
    """A large event's page (travellers as score frequencies) keeps the diagrams and stays one file."""
    data = case("deals-club-evening", "en")[0]
    summary = {**data, "boards": list(summarise(data["boards"]))}
    page = render_html(summary, "en")
    root = parse_page(page)
    board = _by_id(root, "board-A-1")
    assert _with_class(board, "deal") and _with_class(board, "dd")
    assert "7 traveller lines" in text_of(board)
    assert "<link" not in page and "<script" not in page.lower()


def test_json_carries_the_deals_date_and_club_streamed_as_built() -> None:
    scored = score(deals_event()).scored
    built = to_dict(scored)
    assert built["date"] == "2026-11-23" and built["club"] == "BC De Troef"
    assert [d["board"] for d in built["deals"]] == [1, 2]
    assert built["deals"][1]["dd"]["W"] == {"C": 8, "D": 9, "H": 4, "S": 7, "NT": 6}
    assert built["deals"][1]["par"] == {"score": -110, "contracts": ["3D E", "3D W"]}
    # each deal exactly as `bridgescore deals --format json` writes it (one serialiser: the page's own copy wrote
    # "vulnerable": "None" where bridgescore.deals/1 says "none")
    assert built["deals"] == deals_dict(dd.analyse(scored.event.deals).values())["deals"]
    assert json.loads(dumps(scored)) == json.loads(json.dumps(built))
    plain = to_dict(score(load_events([EXAMPLE])).scored)
    assert "deals" not in plain and "date" not in plain and "club" not in plain


def _cli_page(tmp_path: Path, *options: str) -> str:
    target = tmp_path / "page.html"
    args = ["score", str(PBN), "--skip-invalid", "--format", "html", "--output", str(target), *options]
    result = CliRunner().invoke(app, args)  # the file has bad rows on purpose: left out
    assert result.exit_code == 0, result.output
    return target.read_text(encoding="utf-8")


def test_members_page_leaves_the_checks_to_the_director(tmp_path: Path) -> None:
    members = _cli_page(tmp_path)
    assert 'id="checks"' not in members and "Director's checks" not in members
    director = _cli_page(tmp_path, "--director")
    root = parse_page(director)
    assert text_of(_by_id(root, "checks")) == "Director's checks"
    assert "#checks" in [a.get("href") for a in root.iter("a")]


def test_header_has_the_files_date_and_club_or_the_options(tmp_path: Path) -> None:
    root = parse_page(_cli_page(tmp_path))
    assert text_of(_with_class(root, "session")[0]) == "Test Club · 2026.11.17"  # PBN [Site], [Date]
    root = parse_page(_cli_page(tmp_path, "--club", "BC Utrecht", "--date", "23 november 2026", "--lang", "nl"))
    assert text_of(_with_class(root, "session")[0]) == "BC Utrecht · 23 november 2026"


def test_usebio_date_and_club_reach_the_header() -> None:
    path = reference_path("events/usebio-brian-welwyn/original/usebio.xml")  # skips with one line when absent
    event = load_events([path])
    assert {k: event.info[k] for k in ("date", "club")} == {
        "date": "09/04/2025",
        "club": "Welwyn Garden City Bridge Club",
    }
    page = render_html(to_dict(score(event, neuberg=False).scored), "en")
    assert text_of(_with_class(parse_page(page), "session")[0]) == "Welwyn Garden City Bridge Club · 09/04/2025"


def test_score_cards_name_the_opponents(tmp_path: Path) -> None:
    root = parse_page(_cli_page(tmp_path))
    card = _by_id(root, "pair-A-NS-1")
    first = next(r for r in card.iter("tr") if r.get("data-side"))
    opponent = next(c for c in first.iter("td") if c.get("data-field") == "opponent")
    assert text_of(opponent.find("a")) == "5"  # type: ignore[arg-type]
    assert text_of(_with_class(opponent, "who")[0]) == "Cy Twombly - Di Fox"


# ---------------------------------------------------------------------------------------------- properties

_CARDS = [s + r for s in "SHDC" for r in "AKQJT98765432"]


def _hands(seed: int) -> tuple[str, str, str, str]:
    cards = list(_CARDS)
    random.Random(seed).shuffle(cards)
    hands = []
    for seat in range(4):
        held = cards[seat * 13 : seat * 13 + 13]
        hands.append(".".join("".join(c[1] for c in _CARDS if c in held and c[0] == suit) for suit in "SHDC"))
    return hands[0], hands[1], hands[2], hands[3]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 64), st.sampled_from(["en", "nl"]))
def test_every_card_is_drawn_once_and_the_points_add_to_40(seed: int, board: int, lang: str) -> None:
    hands = _hands(seed)
    deal = HandRecord(board, hands, dealer_of_board(board), Vulnerability.NONE)
    view = deal_view(deal_dict(deal), "nl" if lang == "nl" else "en")
    assert view is not None
    cards = [c for hand in view.hands for line in hand.suits for c in line.cards.split() if c != "–"]
    assert len(cards) == 52
    assert sum(int(h.hcp) for h in view.hands) == 40 == sum(hcp_of(h) for h in hands)
    assert [h.dealer for h in view.hands].count(True) == 1


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 13), min_size=5, max_size=5), min_size=4, max_size=4),
    st.sampled_from(list(Seat)),
    st.sampled_from(list(Strain)),
    st.integers(1, 7),
    st.sampled_from(list(Risk)),
)
def test_a_lines_dd_mark_is_the_tables_number(
    table: list[list[int]], declarer: Seat, strain: Strain, level: int, risk: Risk
) -> None:
    tricks = tuple((r[0], r[1], r[2], r[3], r[4]) for r in table)
    deal = HandRecord(1, _hands(1), Seat.N, Vulnerability.NONE, DDTable(tricks))
    record = deal_dict(deal)
    contract = Contract(level, strain, risk)
    for notation in ("en", "nl"):
        written = contract.format(notation)
        assert dd_tricks(record, written, declarer.label(notation)) == tricks[declarer][strain], written
    assert dd_tricks(record, "Pass", "N") is None
    assert dd_tricks({**record, "dd": None}, contract.format(), "N") is None


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_deal_without_analysis_draws_the_hands_alone(lang: str) -> None:
    deal = deal_dict(HandRecord(3, _hands(7), Seat.S, Vulnerability.EW))
    view = deal_view(deal, "nl" if lang == "nl" else "en")
    assert view is not None and view.dd_rows == () and view.par == ""
    assert deal_view({"board": 3, "hands": {"N": "AKQ..."}}, "en") is None  # not four hands: nothing drawn
