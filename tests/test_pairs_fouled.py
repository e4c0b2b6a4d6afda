"""A fouled board at pairs (Law 87B; :mod:`bridgescore.pairs.fouled`): each version of the deal compared within
itself and fitted to the full board, on every method, with numbers worked out by hand below."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.problems import Severity
from bridgescore.io.csv import loads, loads_line_by_line
from bridgescore.io.csv_columns import loads as loads_columnar
from bridgescore.pairs.methods.butler import Butler
from bridgescore.pairs.methods.crossimps import CrossImps, CrossImpsForm
from bridgescore.pairs.methods.matchpoints import Matchpoints, MatchpointScale
from bridgescore.pairs.scored import ScoredEvent, ScoringOptions, score_event

# Board 1 at seven tables: tables 6 and 7 played it after a card was displaced (version B); board 2 all alike.
FOULED = """board,ns,ew,score,fouled
1,1,11,420,
1,2,12,450,
1,3,13,-50,
1,4,14,420,
1,5,15,170,
1,6,16,-100,B
1,7,17,140,B
2,1,11,100,
2,2,12,100,
2,3,13,100,
2,4,14,100,
2,5,15,100,
2,6,16,100,
2,7,17,100,
"""


def _ns_points(scored: ScoredEvent, board: int = 1) -> dict[str, float | None]:
    found = next(b for b in scored.boards if b.number == board)
    return {line.result.ns_pair: line.ns_points for line in found.lines()}


def _ew_points(scored: ScoredEvent, board: int = 1) -> dict[str, float | None]:
    found = next(b for b in scored.boards if b.number == board)
    return {line.result.ew_pair: line.ew_points for line in found.lines()}


def test_seven_tables_two_of_them_on_the_fouled_version_matchpoints() -> None:
    """By hand, 2/1/0 within each group, then Neuberg to N = 7 (the EBU's (M·E + E − A)/A):
    as dealt (A = 5): 450 → 8, 420 → 5, 420 → 5, 170 → 2, −50 → 0; (M + 1)·7/5 − 1 = 11.6, 7.4, 7.4, 3.2, 0.4.
    version B (A = 2): 140 → 2, −100 → 0; (M + 1)·7/2 − 1 = 9.5, 2.5.  Top 12 as on every 7-table board."""
    scored = score_event(loads(FOULED, "f.csv"))
    ns = _ns_points(scored)
    assert ns == pytest.approx({"1": 7.4, "2": 11.6, "3": 0.4, "4": 7.4, "5": 3.2, "6": 2.5, "7": 9.5})
    ew = _ew_points(scored)
    assert ew == pytest.approx({"11": 4.6, "12": 0.4, "13": 11.6, "14": 4.6, "15": 8.8, "16": 9.5, "17": 2.5})
    board = scored.boards[0]
    assert board.top == 12
    # the board is worth what every other board is: n(N − 1) = 7 × 6 = 42 matchpoints each way
    assert sum(ns.values()) == pytest.approx(42.0)  # type: ignore[arg-type]
    # without the column, version B's -100 would be the board's bottom and 140 below the middle
    plain = score_event(loads(FOULED.replace(",B\n", ",\n"), "f.csv"))
    assert _ns_points(plain)["6"] == 0.0
    assert _ns_points(plain)["7"] == 4.0


def test_the_report_says_which_board_was_fouled_and_how() -> None:
    scored = score_event(loads(FOULED, "f.csv"))
    (note,) = [p for p in scored.problems if p.location.field == "fouled"]
    assert note.severity is Severity.WARNING
    assert note.location.line == 7  # the first line of the fouled version
    text = note.text()
    assert "board 1 was fouled (Law 87)" in text
    assert "5 results as dealt" in text and "'B' 2" in text
    assert "fitted to 7 results" in text
    assert "Neuberg" in text


def test_a_file_without_the_column_or_with_one_version_is_scored_as_before() -> None:
    """The column off (absent), empty, or naming one version for all of a board's lines: nothing changes."""
    without = FOULED.replace(",fouled\n", "\n").replace(",B\n", "\n").replace(",\n", "\n")
    base = score_event(loads(without, "f.csv"))
    assert not [p for p in base.problems if p.location.field == "fouled"]
    for variant in (
        FOULED.replace(",B\n", ",\n"),  # an empty column
        FOULED.replace(",B\n", ",no\n"),  # "no": as dealt
        FOULED.replace(",\n", ",B\n"),  # every line on version B: one version, nothing to split
    ):
        scored = score_event(loads(variant, "f.csv"))
        assert _ns_points(scored) == _ns_points(base)
        assert not [p for p in scored.problems if p.location.field == "fouled"]


def test_the_columnar_reader_keeps_the_column_too() -> None:
    """Files of 64 KiB and more are read on columns (issue 12): the column reaches the scoring the same way."""
    by_line = score_event(loads_line_by_line(FOULED, "f.csv"))
    columnar_event = loads_columnar(FOULED, "f.csv", "en", pairs_per_direction=None)
    assert columnar_event is not None
    assert _ns_points(score_event(columnar_event)) == pytest.approx(_ns_points(by_line))


def test_header_synonyms_and_labels_as_written() -> None:
    text = FOULED.replace(",fouled\n", ",Deal version\n").replace(",B\n", ", rotated \n")
    scored = score_event(loads(text, "f.csv"))
    assert _ns_points(scored)["7"] == pytest.approx(9.5)
    (note,) = [p for p in scored.problems if p.location.field == "fouled"]
    assert "'rotated' 2" in note.text()


def test_a_version_played_at_one_table_is_average_and_neuberg_is_kept_without_neuberg() -> None:
    """A lone result has nothing to compare with: (0 + 1)·7/1 − 1 = 6 of 12, 50 %.  ``--no-neuberg`` leaves short
    boards unfitted but a fouled board's groups are still put on the full top (Law 87B)."""
    text = FOULED.replace("1,6,16,-100,B", "1,6,16,-100,").replace("1,7,17,140,B", "1,7,17,140,C")
    for method in (Matchpoints(), Matchpoints(neuberg=False)):
        scored = score_event(loads(text, "f.csv"), ScoringOptions(method=method))
        board = scored.boards[0]
        assert board.top == 12
        assert _ns_points(scored)["7"] == pytest.approx(6.0)
        assert board.ns_percent[6] == pytest.approx(50.0)


def test_acbl_scale_halves_the_same_matchpoints() -> None:
    scored = score_event(loads(FOULED, "f.csv"), ScoringOptions(method=Matchpoints(MatchpointScale.ACBL)))
    assert _ns_points(scored)["7"] == pytest.approx(4.75)
    assert scored.boards[0].top == 6


def test_butler_takes_each_versions_own_datum() -> None:
    """NBB datum (seed 001), fewer than 6 scores: the outer scores once, the others twice, to the nearest 10.
    As dealt: (−50 + 2·170 + 2·420 + 2·420 + 450)/8 = 302.5 → 300; 450 − 300 = 150 → 4 IMPs, 420 → 120 → 3,
    170 → −130 → −4, −50 → −350 → −8.  Version B: (−100 + 140)/2 = 20; 140 → 120 → 3, −100 → −120 → −3 IMPs
    (against the board's datum of 300 they would be −4 and −9)."""
    scored = score_event(loads(FOULED, "f.csv"), ScoringOptions(method=Butler()))
    assert _ns_points(scored) == pytest.approx({"1": 3, "2": 4, "3": -8, "4": 3, "5": -4, "6": -3, "7": 3})
    assert scored.boards[0].datum == 300  # the board as dealt


def test_cross_imps_compare_within_the_version() -> None:
    """Average form: version B's 140 v −100 is 240 → 6 IMPs over one comparison; as dealt, 170 against 420, 450,
    −50, 420: −6, −7, +6, −6 = −13 over 4 comparisons = −3.25.  Total form: factored by (N − 1)/(n − 1):
    version B 6 × 6/1 = 36, 170's −13 × 6/4 = −19.5."""
    scored = score_event(loads(FOULED, "f.csv"), ScoringOptions(method=CrossImps()))
    ns = _ns_points(scored)
    assert ns["7"] == pytest.approx(6.0) and ns["6"] == pytest.approx(-6.0)
    assert ns["5"] == pytest.approx(-3.25)
    total = score_event(loads(FOULED, "f.csv"), ScoringOptions(method=CrossImps(CrossImpsForm.TOTAL)))
    ns = _ns_points(total)
    assert ns["7"] == pytest.approx(36.0)
    assert ns["5"] == pytest.approx(-19.5)


def test_an_adjusted_score_on_a_fouled_board_keeps_its_award() -> None:
    """Table 3 given A+/A- instead of its −50: it leaves the comparison (Law 12C2), the four other tables as dealt
    (420, 450, 420, 170) are fitted from 4 to 7 and version B from 2 to 7; the award is 60 % of the top 12."""
    text = FOULED.replace("1,3,13,-50,", "1,3,13,A+/A-,")
    text = text.replace("board,ns,ew,score,fouled", "board,ns,ew,score,fouled")
    scored = score_event(loads(text, "f.csv"))
    ns = _ns_points(scored)
    assert ns["3"] == pytest.approx(7.2)
    # as dealt among 4: 450 → 6, 420 → 3, 420 → 3, 170 → 0; (M + 1)·7/4 − 1
    assert ns["2"] == pytest.approx(7 * 7 / 4 - 1)
    assert ns["5"] == pytest.approx(7 / 4 - 1)
    assert ns["7"] == pytest.approx(9.5)


# A 3-table Mitchell (NS 1–3, EW 4–6): on board 1 at the third table pair 6 sat North-South against pair 3 – the
# line names the pairs as they sat (NS 6 v EW 3) and says so in its ``swapped`` column.
SAT_SWAPPED = """board,ns,ew,score,swapped
1,1,4,420,
1,2,5,400,
1,6,3,450,yes
2,1,5,-50,
2,2,6,-100,
2,3,4,-200,
3,1,6,110,
3,2,4,140,
3,3,5,170,
"""


def test_pairs_that_sat_the_wrong_way_keep_their_own_direction_in_a_mitchell() -> None:
    """Pair 6 held North-South's cards on board 1 and scored the board's best +450: the NS comparison gives it 4 of
    4, which counts in the East-West ranking it belongs to; pair 3 gets the EW side's 0 in the North-South ranking.
    Nothing is left out and the section stays two lines."""
    from bridgescore.pairs.standings import compute_standings

    scored = score_event(loads(SAT_SWAPPED, "s.csv"))
    assert not [p for p in scored.problems if p.severity is Severity.ERROR]
    assert _ns_points(scored)["6"] == 4.0
    assert _ew_points(scored)["3"] == 0.0
    groups = {s.group: {e.pair: e.total for e in s.entries} for s in compute_standings(scored)}
    assert set(groups) == {"NS", "EW"}
    assert sorted(groups["NS"]) == ["1", "2", "3"] and sorted(groups["EW"]) == ["4", "5", "6"]
    # pair 6: 4 on board 1 (as NS: +450 beats 420 and 400), EW 2 on board 2 (+100 between 50 and 200), EW 4 on
    # board 3 (NS's 110 the lowest); pair 3: EW's 0 on board 1, NS 0 on board 2 (-200), NS 4 on board 3 (170)
    assert groups["EW"]["6"] == pytest.approx(10.0)
    assert groups["NS"]["3"] == pytest.approx(4.0)
    # without the column the same line is a Mitchell's swapped line: left out with an error (issue 21)
    plain = score_event(loads(SAT_SWAPPED.replace(",yes\n", ",\n"), "s.csv"))
    assert [p for p in plain.problems if p.severity is Severity.ERROR]


def test_the_archive_keeps_the_versions_and_scores_them_again_alike(tmp_path: Path) -> None:
    """A fouled board stored in the archive and scored again from its stored lines: the same points (the columns
    are kept with each line, so a correction or a season never compares the two deals as one)."""
    import bridgescore
    from bridgescore.archive import open_archive, rescore

    path = tmp_path / "fouled.csv"
    path.write_text(FOULED)
    event = bridgescore.read(path)
    scores = bridgescore.score(event, "matchpoints")
    url = f"sqlite:///{tmp_path / 'archive.sqlite3'}"
    with open_archive(url) as archive:
        archive.add(scores, file="fouled.csv", content=path.read_bytes(), key="f", competition="club",
                    options={"method": "matchpoints"})  # fmt: skip
        (stored,) = archive.sessions("club")
        again = rescore(stored, archive.options("f"))
    assert _ns_points(again.scored) == pytest.approx(_ns_points(scores.scored))
    assert _ns_points(again.scored)["7"] == pytest.approx(9.5)


def test_the_json_and_the_page_name_the_versions_of_a_fouled_board_only() -> None:
    """The JSON's board record gains ``fouled`` (each version and its number of scores) on a fouled board only, so
    every other board's record is as before; the page prints the words under that board's traveller (escaped)."""
    from bridgescore.pairs.report.html import render_html
    from bridgescore.pairs.report.json import to_dict

    scored = score_event(loads(FOULED.replace(",B\n", ",<b>B</b>\n"), "f.csv"))
    data = to_dict(scored)
    board_1, board_2 = data["boards"]
    assert board_1["fouled"] == [{"version": "", "scores": 5}, {"version": "<b>B</b>", "scores": 2}]
    assert "fouled" not in board_2
    page = render_html(data)
    assert "Fouled board (Law 87): 5 results as dealt, 2 on version &#39;&lt;b&gt;B&lt;/b&gt;&#39;" in page
    assert "<b>B</b>" not in page
    assert page.count("Fouled board (Law 87)") == 1
    dutch = render_html(data, "nl")
    assert "Verkeerd gestoken spel (Artikel 87): 5 resultaten zoals gedeeld" in dutch


def test_bastille_takes_each_versions_own_datum() -> None:
    """Bastille (a datum of its own from the board's scores): version B's two scores against their own mean,
    (140 − 100)/2 = 20, on Bastille's continuous scale – the same points as the two scored as a board of their own."""
    import numpy as np

    from bridgescore.pairs.methods.bastille import Bastille

    scored = score_event(loads(FOULED, "f.csv"), ScoringOptions(method=Bastille()))
    alone = Bastille().score_board(np.array([-100.0, 140.0]), 7)
    ns = _ns_points(scored)
    assert (ns["6"], ns["7"]) == pytest.approx(tuple(alone.ns_points.tolist()))
    assert ns["7"] == pytest.approx(-ns["6"])  # two scores: symmetric about their datum
    dealt = Bastille().score_board(np.array([420.0, 450.0, -50.0, 420.0, 170.0]), 7)
    assert [ns[p] for p in "12345"] == pytest.approx(dealt.ns_points.tolist())


def test_a_small_group_scored_by_the_federations_percentages_through_adjusted_scores() -> None:
    """The EBU's and ACBLscore's small-group rule (two results at 65 % and 55 %) written as adjusted scores: the two
    lines get exactly those percentages, and the five results as dealt are fitted from 5 to 7 (11.6 … 0.4 of 12)."""
    text = FOULED.replace("1,6,16,-100,B", "1,6,16,A55/65,B").replace("1,7,17,140,B", "1,7,17,A65/55,B")
    scored = score_event(loads(text, "f.csv"))
    board = scored.boards[0]
    percents = {line.result.ns_pair: (line.ns_percent, line.ew_percent) for line in board.lines()}
    assert percents["6"] == pytest.approx((55.0, 65.0)) and percents["7"] == pytest.approx((65.0, 55.0))
    assert _ns_points(scored)["2"] == pytest.approx(11.6) and _ns_points(scored)["3"] == pytest.approx(0.4)
