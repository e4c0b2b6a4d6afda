"""The PBN reader: score tables (one per board), one result per game (RealBridge's teams export, checked
against its own board IMPs), and every problem with its line."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import parse_contract
from bridgescore.core.event import ResultStatus
from bridgescore.core.imps import wbf_imps
from bridgescore.core.problems import Severity
from bridgescore.io import pbn
from reference_data import REFERENCE, need

DATA = Path(__file__).resolve().parent / "data" / "pbn"
REALBRIDGE = REFERENCE / "events" / "realbridge-teams-imp-pbn" / "original" / "example2.pbn"


def test_score_tables_are_read_row_by_row() -> None:
    event = pbn.load(DATA / "club-scoretable.pbn")
    assert event.title == "Tuesday Pairs"
    lines = [(r.section, r.board, r.ns_pair, r.ew_pair, r.status, r.ns_score, r.remarks) for r in event.results]
    assert lines == [
        ("A", 1, "1", "5", ResultStatus.PLAYED, 1520, ""),
        ("A", 1, "2", "6", ResultStatus.PLAYED, 990, ""),
        ("A", 1, "3", "7", ResultStatus.PLAYED, 990, ""),
        ("A", 1, "4", "8", ResultStatus.PASSED_OUT, 0, ""),
        # ("A", 2, "1", "5") left out: pair 1 plays board 2 again on line 31 (issue 18: which line is right?)
        ("A", 2, "2", "6", ResultStatus.PLAYED, 100, ""),
        ("A", 2, "3", "7", ResultStatus.ADJUSTED, None, "A60/40"),
        ("A", 2, "4", "8", ResultStatus.PLAYED, -620, ""),  # unreadable contract, written score kept
        ("", 3, "1", "5", ResultStatus.PLAYED, 400, ""),
        ("", 3, "2", "6", ResultStatus.PLAYED, 420, ""),  # the written score, with a warning
        ("", 3, "3", "7", ResultStatus.NOT_PLAYED, None, ""),
        ("", 3, "4", "8", ResultStatus.PLAYED, 430, ""),
    ]
    first = event.results[0]
    assert first.contract == parse_contract("7NT") and first.tricks == 13 and first.lead == "SJ"
    assert dict(first.extra) == {"Table": "1", "MP_NS": "6.0", "MP_EW": "0.0"}
    assert first.source is not None and first.source.line == 13
    # names from the rows (quoted, with spaces) and from the TotalScoreTable
    assert event.names["1"] == "Ann Smith - Bob Jones" and event.names["6"] == "Gus Lee - Hal Oak"
    assert event.names["7"] == "Ian Wu - Jo Park"


def test_score_table_problems_carry_their_lines() -> None:
    problems = [(p.location.line, p.location.field, p.severity, p.text()) for p in
                pbn.load(DATA / "club-scoretable.pbn").problems]  # fmt: skip
    assert [(line, field, severity) for line, field, severity, _ in problems] == [
        (27, "PairId_NS", Severity.ERROR),
        (30, "Contract", Severity.WARNING),
        (31, "PairId_NS", Severity.ERROR),
        (32, "ScoreTable", Severity.ERROR),
        (39, "Score_NS", Severity.WARNING),
    ]
    messages = [m for *_, m in problems]
    assert messages[0] == messages[2]
    assert "board 2: pair 1 plays it on more than one line (lines 27, 31); which one is right" in messages[0]
    assert "'4Q' is not a contract" in messages[1]
    assert "11 values for 14 columns" in messages[3]
    assert "does not match 3NT by S taking 10 tricks" in messages[4]


def test_a_game_endplay_cannot_read_is_reported_and_the_others_kept() -> None:
    text = (
        '[Board "1"]\n[Deal "N:this is not a deal"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n'
        '[PairId_NS "1"]\n[PairId_EW "2"]\n\n'
        '[Board "3"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n[Score "NS 400"]\n'
        '[PairId_NS "1"]\n[PairId_EW "2"]\n'
    )
    event = pbn.loads(text, "evening.pbn")
    assert [(r.board, r.ns_score) for r in event.results] == [(3, 400)]
    problem, deal = event.problems  # the game and its result left out, and (issue 10) why its deal cannot be read
    assert problem.location.line == 1 and "cannot be read" in problem.text()
    assert deal.location.line == 2 and "the deal has 5 hands" in deal.text()
    deal_only = pbn.loads('[Board "1"]\n[Deal "N:this is not a deal"]\n')
    assert [p.location.line for p in deal_only.problems] == [2]  # said once, by the deal reader


def test_deals_only_file_is_a_hand_record() -> None:
    """Issue 10: a deals-only file is a hand record, not results with none in it (it warned before)."""
    event = pbn.loads('[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n')
    assert event.results == () and event.problems == () and list(event.deals) == [1]
    twelve = pbn.loads('[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 654.876.876.876 32.5432.5432.5432"]\n')
    assert twelve.problems[0].severity is Severity.ERROR and "the hand of S has 12 cards" in twelve.problems[0].text()


def test_bad_board_number_and_missing_file() -> None:
    event = pbn.loads('[Board "x"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n[PairId_NS "1"]\n[PairId_EW "2"]\n')
    assert event.results == () and "board 'x' does not exist" in event.problems[0].text()
    assert "cannot read the file" in pbn.load("/nonexistent.pbn").problems[0].text()


@pytest.fixture(scope="module")
def realbridge() -> Path:
    return need(REALBRIDGE)


def test_realbridge_teams_export_reproduces_its_board_imps(realbridge: Path) -> None:
    """RealBridge's ScoreIMP (NS at this table) = IMP(NS score here − NS score at the other table of the match),
    WBF scale (SOURCE.md: 139 scored pairs of tables).  The two tables of a match are the two games of a
    board with the same two teams; the home team sits North-South."""
    event = pbn.load(realbridge)
    assert len(event.results) == 299 and event.problems == ()
    assert event.title == "2021 Online Qual: Open R2"
    matches: dict[tuple[int, frozenset[str]], list[tuple[int, int]]] = defaultdict(list)
    for r in event.results:
        assert r.ns_score is not None
        ns_imps = int(r.extra["ScoreIMP"].split()[1])
        matches[(r.board, frozenset((r.ns_pair, r.ew_pair)))].append((r.ns_score, ns_imps))
    compared = 0
    for tables in matches.values():
        if len(tables) != 2:
            continue
        (here, imps_here), (there, imps_there) = tables
        assert int(wbf_imps(here - there)) == imps_here
        assert int(wbf_imps(there - here)) == imps_there
        compared += 1
    assert compared >= 139


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_no_input_makes_the_reader_raise(data: st.DataObject) -> None:
    """Any token of a score table replaced by anything gives results and problems, never a traceback."""
    text = (DATA / "club-scoretable.pbn").read_text(encoding="utf-8")
    tokens = [m.span() for m in re.finditer(r'[^\s\[\]"]+', text)]
    start, end = tokens[data.draw(st.integers(0, len(tokens) - 1))]
    junk = data.draw(st.text(alphabet=st.sampled_from(list('0123456789ANSEWPXH+-=/%.#"{}; ')), max_size=8))
    event = pbn.loads(text[:start] + junk + text[end:])
    assert event.results or event.problems


def test_teams_rooms_and_repeated_tags() -> None:
    """PBN teams records: the home team sits North-South in the open room and East-West in the closed room;
    ``"#"`` repeats the previous game's value."""
    text = (
        '[Event "Junior Teams"]\n[Board "1"]\n[Declarer "S"]\n[Contract "5H"]\n[Result "10"]\n'
        '[HomeTeam "Germany"]\n[Room "Open"]\n[Score "NS -50"]\n[Section "Juniors"]\n[VisitTeam "Austria"]\n\n'
        '[Event "#"]\n[Board "1"]\n[Declarer "N"]\n[Contract "4H"]\n[Result "10"]\n[HomeTeam "#"]\n'
        '[Room "Closed"]\n[Score "NS 420"]\n[Section "#"]\n[VisitTeam "#"]\n'
    )
    event = pbn.loads(text)
    assert event.problems == ()
    assert [(r.section, r.ns_pair, r.ew_pair, r.ns_score) for r in event.results] == [
        ("Juniors", "Germany", "Austria", -50),
        ("Juniors", "Austria", "Germany", 420),
    ]
    assert event.results[1].extra["Room"] == "Closed"


def test_names_of_pairs_with_the_same_number_in_two_sections_are_both_kept() -> None:
    # pair 1 of section A and pair 1 of section B are two pairs (the reader keys their lines so); their names
    # were keyed by the number alone, so B's names replaced A's and A's ranking showed B's players
    text = (
        '[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[ScoreTable "Section\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;'
        'Names_NS;Names_EW"]\n'
        'A 1 2 4S N = "420" "Ann - Bob" "Cy - Di"\n'
        'A 3 4 4S N 10 "420" "Eve - Fay" "Gus - Hal"\n'
        'B 1 2 4S N = "420" "Zed - Yan" "Xi - Wu"\n'
        'B 3 4 4S N 10 "420" "Vic - Uma" "Tom - Sam"\n'
    )
    from bridgescore.pairs.scored import ScoringOptions, score_event
    from bridgescore.pairs.standings import compute_standings

    event = pbn.loads(text, "two.pbn")
    assert not [p for p in event.problems if p.severity is Severity.ERROR]
    shown = {
        (e.section, e.pair): e.names for s in compute_standings(score_event(event, ScoringOptions())) for e in s.entries
    }
    assert shown[("A", "1")] == "Ann - Bob" and shown[("B", "1")] == "Zed - Yan"
    assert shown[("A", "2")] == "Cy - Di" and shown[("B", "2")] == "Xi - Wu"
