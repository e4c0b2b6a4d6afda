"""The teams reports (issue 9): JSON ``bridgescore.teams/1``, the match cards, the cross-table (or each team's
rounds of a Swiss), the standings, as text, CSV and HTML, in English and Dutch."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import parse_contract
from bridgescore.teams import Match, MatchBoard, Team, TeamsEvent, TeamsOptions, score_teams
from bridgescore.teams.model import ScoredTeams
from bridgescore.teams.report import TEAMS_FORMATS, write_teams
from bridgescore.teams.report.json import SCHEMA, to_dict
from bridgescore.teams.report.view import TeamsView, is_round_robin
from teams_report_cases import line, round_robin, swiss

NUMBER = (int, float)
NULL_NUMBER = (int, float, type(None))
NULL_TEXT = (str, type(None))
ROOM = {"contract": NULL_TEXT, "declarer": NULL_TEXT, "tricks": (int, type(None)), "ns_score": (int, type(None)),
        "lead": NULL_TEXT, "remarks": NULL_TEXT, "status": str}  # fmt: skip
PROBLEM = {"file": str, "line": (int, type(None)), "field": str, "severity": str, "message": str}
#: The shape of ``bridgescore.teams/1``: a field → its types, a nested dict, or ``[item shape]`` for a list.
SHAPE: dict[str, Any] = {
    "schema": str,
    "title": str,
    "date": NULL_TEXT,
    "club": NULL_TEXT,
    "form": str,
    "vp_scale": NULL_TEXT,
    "options": {
        "form": str, "vp_scale": NULL_TEXT, "match_scoring": NULL_TEXT, "board_points": NULL_TEXT,
        "patton": NULL_TEXT, "tiebreak": str, "knockout": bool, "bye_vp": NULL_NUMBER,
    },
    "matches": [{
        "round": int, "home": str, "away": str, "home_name": str, "away_name": str, "table": NULL_TEXT,
        "boards": int, "carry_over": NUMBER, "imps_home": NUMBER, "imps_away": NUMBER, "vp_home": NULL_NUMBER,
        "vp_away": NULL_NUMBER, "points_home": NULL_NUMBER, "points_away": NULL_NUMBER, "winner": NULL_TEXT,
        "board_results": [{
            "board": int, "segment": int, "fouled": bool, "rooms": {"open": (ROOM, None), "closed": (ROOM, None)},
            "imps_home": NULL_NUMBER, "points_home": NULL_NUMBER, "points_away": NULL_NUMBER, "problem": NULL_TEXT,
        }],
    }],
    "standings": [{
        "place": int, "place_label": str, "team": str, "names": str, "members": [str], "matches": int,
        "vp": NULL_NUMBER, "imps_for": NUMBER, "imps_against": NUMBER, "points": NULL_NUMBER, "tiebreak": NULL_TEXT,
        "byes": [int],
    }],
    "checks": [PROBLEM],
    "problems": [PROBLEM],
}  # fmt: skip


def shape_errors(value: Any, shape: Any, path: str = "$") -> list[str]:
    """Where ``value`` does not have ``shape`` (exactly the fields named, each of its types)."""
    if isinstance(shape, tuple) and len(shape) == 2 and isinstance(shape[0], dict) and shape[1] is None:
        return [] if value is None else shape_errors(value, shape[0], path)  # a nested record or null
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            return [f"{path}: not an object"]
        errors = [f"{path}: fields {sorted(set(value) ^ set(shape))} differ"] if set(value) != set(shape) else []
        for key, inner in shape.items():
            if key in value:
                errors += shape_errors(value[key], inner, f"{path}.{key}")
        return errors
    if isinstance(shape, list):
        if not isinstance(value, list):
            return [f"{path}: not a list"]
        return [e for i, item in enumerate(value) for e in shape_errors(item, shape[0], f"{path}[{i}]")]
    types = shape if isinstance(shape, tuple) else (shape,)
    if isinstance(value, bool) and bool not in types:
        return [f"{path}: a boolean"]
    return [] if isinstance(value, types) else [f"{path}: {type(value).__name__} is not {types}"]


def _written(scored: ScoredTeams, fmt: str, lang: str = "en") -> str:
    out = io.StringIO()
    write_teams(scored, fmt, out, lang)  # type: ignore[arg-type]
    return out.getvalue()


# ---------------------------------------------------------------------------------------------- JSON


def test_the_json_has_the_shape_of_bridgescore_teams_1() -> None:
    for scored in (round_robin(), round_robin(vp=False), swiss()):
        doc = json.loads(_written(scored, "json"))
        assert doc["schema"] == SCHEMA == "bridgescore.teams/1"
        assert shape_errors(doc, SHAPE) == []
    assert shape_errors({**doc, "extra": 1}, SHAPE) != []  # the check itself finds a field too many
    assert shape_errors({**doc, "title": None}, SHAPE) != []


def test_the_json_holds_the_engines_numbers() -> None:
    scored = round_robin()
    doc = to_dict(scored)
    for m, d in zip(scored.matches, doc["matches"], strict=True):
        assert (d["imps_home"], d["imps_away"], d["vp_home"], d["vp_away"]) == (
            m.imps_home, m.imps_away, m.vp_home, m.vp_away
        )  # fmt: skip
        assert [b["imps_home"] for b in d["board_results"]] == [b.imps_home for b in m.boards]
        assert d["carry_over"] == m.match.carry_over
    carried = doc["matches"][1]
    assert (carried["carry_over"], carried["imps_home"], carried["imps_away"]) == (3.5, 21.5, 0)
    first = doc["matches"][0]["board_results"][0]
    assert first["rooms"]["open"] == {"contract": "4S", "declarer": "N", "tricks": 10, "ns_score": 420,
                                      "lead": "HK", "remarks": None, "status": "played"}  # fmt: skip
    assert [s["team"] for s in doc["standings"]] == [s.team.id for s in scored.standings]
    assert doc["standings"][0]["members"] == list(scored.standings[0].team.members)


def test_vps_are_null_where_the_event_is_not_scored_in_them_and_the_winner_is_then_on_imps() -> None:
    doc = to_dict(round_robin(vp=False))
    assert doc["vp_scale"] is None
    assert all(m["vp_home"] is None and m["vp_away"] is None for m in doc["matches"])
    assert all(s["vp"] is None for s in doc["standings"])
    assert all(m["points_home"] is None for m in doc["matches"])  # board points only at BAM and Patton
    assert doc["matches"][0]["winner"] == "1"  # 13–4 IMPs


def test_a_drawn_match_has_no_winner() -> None:
    event = TeamsEvent({}, (Match(1, "A", "B", (MatchBoard(1, line(1, "A", "B", 420), line(1, "B", "A", 420)),)),))
    (match,) = to_dict(score_teams(event))["matches"]
    assert (match["vp_home"], match["winner"]) == (10, None)


def test_a_room_without_a_line_is_null_and_its_board_unscored() -> None:
    event = TeamsEvent({}, (Match(1, "A", "B", (MatchBoard(1, line(1, "A", "B", 420), None),)),))
    (board,) = to_dict(score_teams(event))["matches"][0]["board_results"]
    assert board["rooms"]["closed"] is None and board["imps_home"] is None
    assert "—" in _written(score_teams(event), "text")


# ---------------------------------------------------------------------------------------------- the tables


def test_the_match_card_has_both_rooms_the_running_total_segments_and_the_carry_over() -> None:
    view = TeamsView(to_dict(round_robin()), "en")
    cards = view.match_cards()
    plain = cards[0].grid
    assert plain.headings[:5] == ("Board", "Open room", "NS", "Closed room", "NS")
    assert plain.rows[0].cells == ("1", "4♠ N =", "+420", "4♠ N -1", "-420", "13", "", "13–0")
    assert plain.rows[1].cells[-3:] == ("", "4", "13–4")
    assert [r.kind for r in plain.rows] == ["", "", "total"]  # one segment: no subtotal
    carried = cards[1].grid
    assert carried.rows[0].kind == "carry" and carried.rows[0].cells[0] == "Carry-over"
    assert carried.rows[0].cells[-1] == "3.5–0" and carried.rows[-1].cells[-1] == "21.5–0"
    segmented = cards[2].grid
    assert [r.kind for r in segmented.rows] == ["", "", "subtotal", "", "", "subtotal", "total"]
    assert segmented.rows[2].cells[0] == "Segment 1" and segmented.rows[5].cells[0] == "Segment 2"
    assert cards[1].result == "IMPs 21.5–0, VP 20.00–0.00"  # VPs with the decimals the event needs


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from([-1430, -620, -420, -100, -50, 0, 50, 100, 420, 620, 1430]),
                       st.sampled_from([-1430, -620, -420, -100, -50, 0, 50, 100, 420, 620, 1430])),
             min_size=1, max_size=12),
    st.sampled_from([0.0, 2.0, -7.5]),
    st.integers(min_value=1, max_value=3),
)  # fmt: skip
def test_the_running_total_and_the_csv_board_rows_add_up_to_the_match_total(
    scores: list[tuple[int, int]], carry: float, segments: int
) -> None:
    """Invariant: the card's last running total is the match's IMP totals (carry-over included), the segment
    subtotals add up to the boards' IMPs, and the CSV's board rows add up to the match row without the carry."""
    boards = tuple(
        MatchBoard(i, line(i, "A", "B", o), line(i, "B", "A", c), segment=1 + (i - 1) * segments // len(scores))
        for i, (o, c) in enumerate(scores, 1)
    )
    scored = score_teams(TeamsEvent({}, (Match(1, "A", "B", boards, carry_over=carry),)), TeamsOptions(vp=None))
    (m,) = scored.matches
    view = TeamsView(to_dict(scored), "en")
    card = view.match_card(0, to_dict(scored)["matches"][0]).grid
    assert card.rows[-1].cells[-1] == f"{view.imps(m.imps_home)}–{view.imps(m.imps_away)}"
    subtotals = [r for r in card.rows if r.kind == "subtotal"]
    if len({b.segment for b in boards}) > 1:
        home = sum(float(r.cells[5]) for r in subtotals)
        assert home == m.imps_home - max(carry, 0)
    else:
        assert subtotals == []
    rows = list(csv.DictReader(io.StringIO(_written(scored, "csv"))))
    (match_row,) = [r for r in rows if r["record"] == "match"]
    board_rows = [r for r in rows if r["record"] == "board"]
    assert len(board_rows) == len(scores)
    won = sum(float(r["imps_home"] or 0) for r in board_rows)
    lost = sum(float(r["imps_away"] or 0) for r in board_rows)
    assert won + max(carry, 0) == float(match_row["imps_home"])
    assert lost + max(-carry, 0) == float(match_row["imps_away"])


def test_a_round_robin_gets_a_cross_table() -> None:
    view = TeamsView(to_dict(round_robin()), "en")
    grid = view.meetings_grid()
    assert grid is not None and grid.anchor == "cross-table"
    order = [s["team"] for s in view.standings]
    doc = view.doc
    for i, team in enumerate(order):
        row = grid.rows[i].cells
        assert row[2 + i] == "—"  # a team does not meet itself
        for j, other in enumerate(order):
            if other == team:
                continue
            (m,) = [m for m in doc["matches"] if {m["home"], m["away"]} == {team, other}]
            own = m["vp_home"] if m["home"] == team else m["vp_away"]
            assert row[2 + j] == view.vps(own)
        assert row[-1] == view.vps(view.standings[i]["vp"])


def test_at_imps_alone_the_cross_table_shows_the_margin() -> None:
    view = TeamsView(to_dict(round_robin(vp=False)), "en")
    grid = view.meetings_grid()
    assert grid is not None
    oranje = grid.rows[[s["team"] for s in view.standings].index("1")].cells
    zuid = [s["team"] for s in view.standings].index("2")
    assert oranje[2 + zuid] == "+9"  # 13–4 in round 1
    assert "IMP margin" in grid.note


def test_a_swiss_lists_each_teams_rounds() -> None:
    view = TeamsView(to_dict(swiss()), "en")
    grid = view.meetings_grid()
    assert grid is not None and grid.anchor == "rounds"
    assert grid.headings == ("Team", "Round 1", "Round 2", "Total")
    oranje = next(r.cells for r in grid.rows if r.cells[0] == "Oranje")
    assert oranje[1].startswith("Zuid: ") and oranje[2].startswith("=Noord: ")


def test_what_a_round_robin_is() -> None:
    def m(r: int, a: str, b: str) -> dict[str, Any]:
        return {"round": r, "home": a, "away": b}

    single = [m(1, "A", "B"), m(2, "A", "C"), m(3, "B", "C")]
    assert is_round_robin(single, ["A", "B", "C"])
    assert is_round_robin([*single, m(4, "B", "A"), m(5, "C", "A"), m(6, "C", "B")], ["A", "B", "C"])  # double
    assert not is_round_robin(single[:2], ["A", "B", "C"])  # B and C never met
    assert not is_round_robin([*single, m(4, "A", "B")], ["A", "B", "C"])  # A–B twice, the others once
    assert not is_round_robin([m(1, "A", "B"), m(1, "B", "A")], ["A", "B"])  # twice in one round


def test_the_standings_have_place_team_players_matches_vp_and_imps() -> None:
    grid = TeamsView(to_dict(round_robin()), "en").standings_grid()
    assert grid.headings == ("Place", "Team", "Players", "Matches", "VP", "IMPs for", "IMPs against")
    assert grid.rows[0].cells[:4] == ("1", "Oranje", "Jan Jansen, Piet de Vries, Klaas Bakker, Marie Visser", "3")


def test_board_points_and_a_tiebreak_are_shown_where_the_event_has_them() -> None:
    scored = round_robin(vp=False)
    matches = tuple(dataclasses.replace(m, points_home=1.5, points_away=0.5) for m in scored.matches)
    standings = tuple(
        dataclasses.replace(s, points=3.0, tiebreak="head-to-head" if i < 2 else "")
        for i, s in enumerate(scored.standings)
    )
    bam = dataclasses.replace(scored, form="bam", matches=matches, standings=standings)
    doc = json.loads(_written(bam, "json"))
    assert shape_errors(doc, SHAPE) == []
    assert doc["form"] == "bam" and doc["matches"][0]["points_home"] == 1.5
    assert doc["matches"][0]["winner"] == doc["matches"][0]["home"]  # on board points
    grid = TeamsView(doc, "en").standings_grid()
    assert "Points" in grid.headings and grid.headings[-1] == "Tie-break"
    assert grid.rows[0].cells[-1] == "head-to-head"
    assert "Points 1.5–0.5" in _written(bam, "text")


# ---------------------------------------------------------------------------------------------- text, CSV


def test_the_text_report_in_dutch() -> None:
    text = _written(round_robin(), "text", "nl")
    for word in ("Stand", "Kruistabel", "Open zaal", "Gesloten zaal", "Ronde 1: Oranje – Zuid", "WP", "Meegenomen",
                 "Segment 2", "Lopend totaal", "Winstpunten"):  # fmt: skip
        assert word in text, word
    assert "3,5–0" in text  # decimal comma
    assert "4♠ N C" in text  # Dutch result: C for just made


def test_the_text_report_shows_markup_in_names_as_written() -> None:
    assert "Viertallen <b>test</b>" in _written(round_robin(), "text")


def test_the_csv_has_a_record_column_and_guards_formulas() -> None:
    text = _written(round_robin(), "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {r["record"] for r in rows} == {"standing", "match", "board"}
    assert [r["team"] for r in rows if r["record"] == "standing"] == ["1", "3", "2", "4"]
    noord = next(r for r in rows if r["record"] == "standing" and r["team"] == "3")
    assert noord["names"] == "'=Noord"  # shown by a spreadsheet, not run
    board = next(r for r in rows if r["record"] == "board")
    assert (board["open_contract"], board["open_ns_score"], board["closed_ns_score"]) == ("4S", "420", "-420")


def test_the_dutch_csv_has_dutch_headers_decimal_commas_and_semicolons() -> None:
    text = _written(round_robin(), "csv", "nl")
    rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    assert list(rows[0])[:3] == ["soort", "plaats", "team"]
    assert {r["soort"] for r in rows} == {"stand", "wedstrijd", "spel"}
    carried = [r for r in rows if r["soort"] == "wedstrijd"][1]
    assert (carried["meegenomen"], carried["imps_thuis"]) == ("3,5", "21,5")


# ---------------------------------------------------------------------------------------------- HTML


def test_the_page_is_self_contained_and_escapes_names() -> None:
    page = _written(round_robin(), "html")
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"<script|<link|\bsrc=|https?://|@import|url\(", page)
    assert "Viertallen &lt;b&gt;test&lt;/b&gt;" in page and "<b>test</b>" not in page
    assert 'id="match-1"' in page and 'id="cross-table"' in page and 'id="standings"' in page
    assert ".scroll { overflow-x: auto" in page  # the pairs page's stylesheet, shared


def test_the_page_in_dutch() -> None:
    page = _written(round_robin(), "html", "nl")
    for word in ('lang="nl"', "Uitslag", "Stand", "Open zaal", "Gesloten zaal", "Ronde 1", "WP", "Kruistabel",
                 "Wedstrijden", "Meegenomen"):  # fmt: skip
        assert word in page, word
    assert "21,5–0" in page


def test_the_page_shows_every_number_of_the_match_cards() -> None:
    scored = round_robin()
    page = _written(scored, "html")
    view = TeamsView(to_dict(scored), "en")
    for card in view.match_cards():
        section = page[page.index(f'id="{card.grid.anchor}"') :]
        section = section[: section.index("</section>")]
        for row in card.grid.rows:
            for cell in row.cells:
                assert f">{cell}<" in section or not cell, (card.grid.anchor, cell)
        assert card.result in section


def test_pairs_page_layout_is_shared_not_copied() -> None:
    from importlib import resources

    templates = resources.files("bridgescore").joinpath("report/templates")
    for name in ("page.html.j2", "teams.html.j2"):
        assert '{% include "_style.css.j2" %}' in templates.joinpath(name).read_text(encoding="utf-8")


def test_every_format_is_written() -> None:
    for fmt in TEAMS_FORMATS:
        assert _written(round_robin(), fmt).strip()
    nothing = score_teams(TeamsEvent({"A": Team("A", "Ajax")}, ()))  # teams, no match yet: the standings alone
    for fmt in TEAMS_FORMATS:
        for lang in ("en", "nl"):
            assert "Ajax" in _written(nothing, fmt, lang)
    with pytest.raises(ValueError, match="unknown teams format"):
        _written(round_robin(), "pdf")


def test_problems_are_reported_in_the_readers_language() -> None:
    from bridgescore.core.problems import FieldKind, Location, Problem

    problem = Problem.make(Location("teams.xml", 12, "CONTRACT", FieldKind.ELEMENT), "'%(text)s' is not a contract",
                           text="4Q")  # fmt: skip
    scored = dataclasses.replace(round_robin(), problems=(problem,))
    assert to_dict(scored)["problems"] == [{"file": "teams.xml", "line": 12, "field": "CONTRACT",
                                            "severity": "error", "message": "'4Q' is not a contract"}]  # fmt: skip
    assert "teams.xml" in _written(scored, "text")
    assert "4Q" not in _written(scored, "html")  # issue 18: the director's problems stay off the members' page
    assert "Problemen" in _written(scored, "text", "nl")


def test_a_team_not_in_the_event_is_named_by_its_id() -> None:
    event = TeamsEvent({"A": Team("A", "Ajax")}, (Match(1, "A", "B", (MatchBoard(1, line(1, "A", "B", 420), None),)),))
    text = _written(score_teams(event), "text")
    assert "Ajax – B" in text


def test_a_fouled_board_not_compared_says_so_and_a_boards_problem_is_under_its_card() -> None:
    from bridgescore.core.problems import FieldKind, Location, Problem

    boards = (
        MatchBoard(1, line(1, "A", "B", 420), line(1, "B", "A", -420)),
        MatchBoard(2, line(2, "A", "B", 420), line(2, "B", "A", 100), fouled=True),
    )
    scored = score_teams(TeamsEvent({}, (Match(1, "A", "B", boards),)), TeamsOptions(vp=None))
    (m,) = scored.matches
    problem = Problem.make(Location("teams.pbn", 40, "Board", FieldKind.TAG), "'%(text)s' is not a contract", text="9Z")
    fouled = dataclasses.replace(m.boards[1], imps_home=None, problem=problem)  # as the engine scores Law 87
    scored = dataclasses.replace(scored, matches=(dataclasses.replace(m, boards=(m.boards[0], fouled)),))
    card = TeamsView(to_dict(scored), "en").match_card(0, to_dict(scored)["matches"][0])
    assert card.grid.rows[1].cells[5:7] == ("fouled", "fouled")
    assert card.problems == ("Board 2: '9Z' is not a contract",)
    nl = _written(scored, "text", "nl")
    assert "verkeerd" in nl and "Spel 2: '9Z'" in nl  # (a narrow column wraps the words)


def test_names_are_shown_as_written_in_the_terminal_and_red_suits_red_on_the_page() -> None:
    heart = dataclasses.replace(line(1, "A", "B", 420), contract=parse_contract("4H"))
    event = TeamsEvent({"A": Team("A", "[bold]Ajax[/bold]")}, (Match(1, "A", "B", (MatchBoard(1, heart, None),)),))
    scored = score_teams(event)
    assert "[bold]Ajax[/bold]" in _written(scored, "text")
    assert '4<span class="red">♥</span> N =' in _written(scored, "html")
