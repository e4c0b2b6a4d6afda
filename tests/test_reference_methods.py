"""Per-line points of real events reproduced by our methods (reference: ``../shared/reference/events``).

We build each board's field from the folders' ``normalized/results.csv`` (the scores as the producing program
listed them) and compare every line's points with what that program printed, with the options a director
of that program would choose.  The readers' own reproduction tests (USEBIO, PBN) come from the readers branch.
"""

from __future__ import annotations

import csv
from decimal import Decimal
from pathlib import Path

import pytest

from bridgescore.core.adjustments import Award
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.core.i18n import round_half_up
from bridgescore.pairs.methods.crossimps import CrossImps
from bridgescore.pairs.methods.matchpoints import Matchpoints
from bridgescore.pairs.scored import Movement, PairPercent, ScoredEvent, ScoringOptions, score_event
from bridgescore.pairs.standings import compute_standings
from reference_data import need


def _rows(reference: Path, folder: str) -> list[dict[str, str]]:
    with need(reference / "events" / folder / "normalized" / "results.csv").open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _lines(scored: ScoredEvent) -> dict[tuple[int, str, str], tuple[float | None, float | None, float | None]]:
    """(board, ns, ew) → (ns points, ew points, ns percent)."""
    return {
        (board.number, line.result.ns_pair, line.result.ew_pair): (line.ns_points, line.ew_points, line.ns_percent)
        for board in scored.boards
        for line in board.lines()
    }


def printed(value: float | None, text: str, decimals: int = 2, known: float = 0.0) -> bool:
    """``value`` rounded (halves away from zero) to the ``decimals`` the program prints is the printed ``text``
    exactly; ``known`` is a difference named at the call (what the program printed minus ours), never a tolerance."""
    return value is not None and round_half_up(value + known, decimals) == Decimal(text)


def _bbo_event(rows: list[dict[str, str]]) -> Event:
    """BBO travellers: pairs named north+south / east+west; ``A==`` is an artificial average."""
    results = []
    for row in rows:
        ns, ew = f"{row['north']}+{row['south']}", f"{row['east']}+{row['west']}"
        if row["points_ns"] == "N/A":  # BBO's adjusted score in its result column, e.g. A== (both average)
            results.append(Result(int(row["board"]), ns, ew, ResultStatus.ADJUSTED, remarks=row["result"]))
        else:
            results.append(Result(int(row["board"]), ns, ew, ResultStatus.PLAYED, ns_score=int(row["points_ns"])))
    return Event(tuple(results))


@pytest.mark.parametrize("folder", ["bbo-annamar-1538", "bbo-aba-17901"])
def test_bbo_matchpoint_percentages(reference: Path, folder: str) -> None:
    """BBO: plain matchpoints among the real results of each board (no Neuberg), A== is 50 %."""
    rows = _rows(reference, folder)
    scored = score_event(_bbo_event(rows), ScoringOptions(method=Matchpoints(neuberg=False)))
    lines = _lines(scored)
    for row in rows:
        key = (int(row["board"]), f"{row['north']}+{row['south']}", f"{row['east']}+{row['west']}")
        assert printed(lines[key][2], row["score"].rstrip("%")), row
    assert len(rows) in (56, 57)


def test_bbo_cross_imps_and_totals(reference: Path) -> None:
    """BBO IMP pairs: cross-IMPs averaged over the other real results; A== scores 0 and is not compared."""
    rows = _rows(reference, "bbo-skyclub-imp")
    scored = score_event(_bbo_event(rows), ScoringOptions(method=CrossImps()))
    lines = _lines(scored)
    for row in rows:
        key = (int(row["board"]), f"{row['north']}+{row['south']}", f"{row['east']}+{row['west']}")
        assert printed(lines[key][0], row["score"]), row
    # pair totals = sum of board scores (BBO prints them unfactored): the honour list
    totals = {e.pair: e.unfactored_total for s in compute_standings(scored) for e in s.entries}
    with need(reference / "events" / "bbo-skyclub-imp" / "normalized" / "standings.csv").open(encoding="utf-8") as f:
        honour = [r for r in csv.DictReader(f) if r["section"] == "Honor list"]
    found = 0
    for entry in honour:
        pair = entry["pair"].replace("+Robot", "+GiB") if entry["pair"] not in totals else entry["pair"]
        candidates = [p for p in totals if set(p.split("+")) == set(pair.split("+"))]
        if candidates:
            assert printed(totals[candidates[0]], entry["score"]), entry
            found += 1
    assert found >= 6


def test_kops_cross_imps(reference: Path) -> None:
    """KoPS: cross-IMPs averaged over n − 1; the TD's average ('sędzia średnia') is 0 and not compared.

    Board 22: KoPS counts the 2080-point swing as 17 IMPs where Law 78B's table gives 19, so the uncapped
    lines differ by 2/3 IMP; a comparison capped at 17 IMPs (``--imp-cap 17``, ``--as kops``) gives every line
    and every total.
    """
    rows = _rows(reference, "kops-chorzow-sm0807-imp")
    results = []
    for row in rows:
        board = int(row["board"])
        if row["contract"].startswith("ADJ"):
            results.append(Result(board, row["ns_pair"], row["ew_pair"], ResultStatus.ADJUSTED, remarks="A"))
            continue
        score = int(row["score_ns"] or row["score_ew"])  # KoPS writes both columns from NS's side
        results.append(Result(board, row["ns_pair"], row["ew_pair"], ResultStatus.PLAYED, ns_score=score))
    with need(reference / "events" / "kops-chorzow-sm0807-imp" / "normalized" / "standings.csv").open(
        encoding="utf-8"
    ) as f:
        standings = list(csv.DictReader(f))

    def scored_as_printed(cap: int | None) -> tuple[dict[str, float], list[tuple[dict[str, str], float, str]]]:
        """The pairs' totals, and (row, our value, KoPS's printed value) of every line KoPS printed a value for."""
        scored = score_event(Event(tuple(results)), ScoringOptions(method=CrossImps(imp_cap=cap),
                                                                   movement=Movement.HOWELL))  # fmt: skip
        lines = _lines(scored)
        totals = {e.pair: e.unfactored_total for s in compute_standings(scored) for e in s.entries}
        shown = []
        for row in rows:
            ns, ew, _ = lines[(int(row["board"]), row["ns_pair"], row["ew_pair"])]
            for value, text in ((ns, row["points_ns_2dp_from_pair_history"]),
                                (ew, row["points_ew_2dp_from_pair_history"])):  # fmt: skip
                if text and value is not None:
                    shown.append((row, value, text))
        return totals, shown

    totals, shown = scored_as_printed(None)
    for entry in standings:
        # board 22's two lines (pairs 1 v 10 and 5 v 9) carry KoPS's 2/3-IMP difference
        off = {"1": -2 / 3, "5": 2 / 3, "10": 2 / 3, "9": -2 / 3}.get(entry["pair"], 0.0)
        assert printed(totals[entry["pair"]], entry["result"], known=off), entry
    checked = differ = 0
    for row, value, text in shown:
        if row["board"] == "22" and abs(float(text)) > 10:
            assert printed(value, text, known=2 / 3 if float(text) > value else -2 / 3), row
            differ += 1
            continue
        assert printed(value, text), row
        checked += 1
    assert checked >= 200 and differ == 4  # two lines, NS and EW each
    capped_totals, capped_shown = scored_as_printed(17)
    for row, value, text in capped_shown:
        assert printed(value, text), row  # every line as printed, board 22's included
    assert len(capped_shown) == checked + differ
    for entry in standings:
        assert printed(capped_totals[entry["pair"]], entry["result"]), entry


@pytest.mark.parametrize("folder", ["jfr-pary-warsaw-wb120802", "jfr-pary-warsaw-wb130801"])
def test_jfr_pary_percentages_with_phantom(reference: Path, folder: str) -> None:
    """JFR Pary: plain matchpoints over the real results (no Neuberg); the phantom's opponents get 60 %."""
    rows = _rows(reference, folder)
    results = []
    for row in rows:
        board = int(row["board"])
        if row["contract"] == "TD":
            results.append(Result(board, row["ns_pair"], row["ew_pair"], ResultStatus.NOT_PLAYED))
            continue
        score = int(row["score_ns"]) if row["score_ns"] else -int(row["score_ew"] or 0)  # JFR: EW's points
        results.append(Result(board, row["ns_pair"], row["ew_pair"], ResultStatus.PLAYED, ns_score=score))
    phantoms = frozenset({"18"}) if folder.endswith("120802") else frozenset()  # wb120802: pair 18 absent
    options = ScoringOptions(method=Matchpoints(neuberg=False), phantoms=phantoms,
                             phantom_award=Award(percent=60.0))  # fmt: skip
    scored = score_event(Event(tuple(results)), options)
    for board in scored.boards:
        for line, row in zip(board.lines(), [r for r in rows if int(r["board"]) == board.number], strict=True):
            if row["ns_pair"] == "18":
                assert printed(line.ew_percent, row["pct_ew"]), row
            else:
                assert printed(line.ns_percent, row["pct_ns"]), row
            if row["ew_pair"] != "18":
                assert printed(line.ew_percent, row["pct_ew"]), row


def _ebu(reference: Path, name: str) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    folder = reference / "events" / "usebio-ebu-examples" / "normalized"
    with need(folder / f"{name}.results.csv").open(encoding="utf-8") as f:
        results = list(csv.DictReader(f))
    with need(folder / f"{name}.participants.csv").open(encoding="utf-8") as f:
        participants = list(csv.DictReader(f))
    return results, participants


def _ebu_event(rows: list[dict[str, str]]) -> Event:
    out = []
    for row in rows:
        board, ns, ew, score = int(row["BOARD_NUMBER"]), row["NS_PAIR_NUMBER"], row["EW_PAIR_NUMBER"], row["SCORE"]
        section = row.get("SECTION", "")
        if score.lstrip("-").isdigit():
            out.append(Result(board, ns, ew, ResultStatus.PLAYED, section=section, ns_score=int(score)))
        else:
            out.append(Result(board, ns, ew, ResultStatus.ADJUSTED, section=section, remarks=score))
    return Event(tuple(out))


#: EBU PairsScorer percentages that differ from ours rounded to the print, by name: what it printed minus ours
EBU_PERCENT_KNOWN = {
    ("multi-section-pairs", "A", "2", "NS"): Decimal("0.01"),  # 40.27 printed, 40.2649 exactly
    ("multi-section-pairs", "A", "14", "EW"): Decimal("0.01"),  # 47.92 printed, 47.9149 exactly
}


@pytest.mark.parametrize(("name", "across"), [("mp-pairs", False), ("multi-section-pairs", True)])
def test_ebu_matchpoints_percentages_and_places(reference: Path, name: str, across: bool) -> None:
    """EBU (PairsScorer): 2/1/0 matchpoints; multi-section across both sections with Neuberg and an A5050."""
    rows, participants = _ebu(reference, name)
    scored = score_event(_ebu_event(rows), ScoringOptions(across_sections=across))
    lines = {(b.number, line.result.section, line.result.ns_pair): line for b in scored.boards for line in b.lines()}
    for row in rows:
        line = lines[(int(row["BOARD_NUMBER"]), row["SECTION"], row["NS_PAIR_NUMBER"])]
        assert printed(line.ns_points, row["NS_MATCH_POINTS"]), row
        assert printed(line.ew_points, row["EW_MATCH_POINTS"]), row
    entries = {(e.section, e.pair, e.direction): e for s in compute_standings(scored) for e in s.entries}
    for p in participants:
        entry = entries[(p["SECTION"], p["PAIR_NUMBER"], p["DIRECTION"])]
        # compared as printed (two decimals), exactly; the two known differences by name: A2 and A14 print 0.01
        # higher than their exact percentages rounded (see reference_events.py: no rounding of the board points
        # explains all 32 pairs)
        known = EBU_PERCENT_KNOWN.get((name, p["SECTION"], p["PAIR_NUMBER"], p["DIRECTION"]), Decimal(0))
        assert round_half_up(entry.percent, 2) + known == Decimal(p["PERCENTAGE"]), p
        assert entry.place == int(p["PLACE"]), p


def test_ebu_pianola_cross_imps_with_factoring(reference: Path) -> None:
    """Pianola cross-IMPs: average over n − 1 per line; totals factored (24/16) for pairs that sat out.

    Pianola factors the total as printed (2 dp): pair 2 has −1.2857 → −1.29 × 24/16 = −1.935 → −1.94.
    Two printed totals are lower than the sum of their lines, all of which reproduce: pair 16 by 18/7 (after
    factoring) and pair 17 by 48/7 – the two pairs that met on boards 17–24.  The file holds nothing that
    explains it (see ``reference_events.py``: a change to the totals outside the traveller lines), so those two
    are compared to our value minus that; every place reproduces.
    """
    rows, participants = _ebu(reference, "ximp-pairs")
    options = ScoringOptions(method=CrossImps(), factor_printed_total=True)
    scored = score_event(_ebu_event(rows), options)
    lines = {(b.number, line.result.ns_pair): line for b in scored.boards for line in b.lines()}
    for row in rows:
        line = lines[(int(row["BOARD_NUMBER"]), row["NS_PAIR_NUMBER"])]
        assert printed(line.ns_points, row["NS_CROSS_IMP_POINTS"]), row
        assert printed(line.ew_points, row["EW_CROSS_IMP_POINTS"]), row
    (standing,) = compute_standings(scored)
    entries = {e.pair: e for e in standing.entries}
    for p in participants:
        entry = entries[p["PAIR_NUMBER"]]
        unexplained = {"16": 18 / 7, "17": 48 / 7}.get(p["PAIR_NUMBER"], 0.0)
        assert printed(entry.total, p["TOTAL_SCORE"], known=-unexplained), p
        assert entry.place == int(p["PLACE"]), p


def _usebio_folder(reference: Path, folder: str) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    base = reference / "events" / folder / "normalized"
    with need(base / "results.csv").open(encoding="utf-8") as f:
        results = list(csv.DictReader(f))
    with need(base / "participants.csv").open(encoding="utf-8") as f:
        participants = list(csv.DictReader(f))
    return results, participants


def test_brian_a5050_without_neuberg(reference: Path) -> None:
    """BriAn (Welwyn): the A50/50 line gets 50 % of the top of the 5 real results (no Neuberg); a pair's
    percentage is its total over the sum of the tops actually used."""
    rows, participants = _usebio_folder(reference, "usebio-brian-welwyn")
    scored = score_event(_ebu_event(rows), ScoringOptions(method=Matchpoints(neuberg=False)))
    lines = {(b.number, line.result.ns_pair): line for b in scored.boards for line in b.lines()}
    for row in rows:
        line = lines[(int(row["BOARD_NUMBER"]), row["NS_PAIR_NUMBER"])]
        assert (line.ns_points, line.ew_points) == (float(row["NS_MATCH_POINTS"]), float(row["EW_MATCH_POINTS"]))
    entries = {e.pair: e for s in compute_standings(scored) for e in s.entries}
    for p in participants:
        assert entries[p["PAIR_NUMBER"]].percent == pytest.approx(float(p["PERCENTAGE"]), abs=1e-4), p
        assert entries[p["PAIR_NUMBER"]].place_label == p["PLACE"], p


def test_realbridge_mitchell(reference: Path) -> None:
    """RealBridge: plain matchpoints, a Mitchell with NS and EW winners; percentages 2 dp, places per direction."""
    rows, participants = _usebio_folder(reference, "usebio-realbridge")
    scored = score_event(_ebu_event(rows))
    assert set(scored.movements.values()) == {Movement.MITCHELL}
    lines = {(b.number, line.result.ns_pair): line for b in scored.boards for line in b.lines()}
    for row in rows:
        line = lines[(int(row["BOARD_NUMBER"]), row["NS_PAIR_NUMBER"])]
        assert (line.ns_points, line.ew_points) == (float(row["NS_MATCH_POINTS"]), float(row["EW_MATCH_POINTS"]))
    entries = {(e.pair, e.direction): e for s in compute_standings(scored) for e in s.entries}
    for p in participants:
        entry = entries[(p["PAIR_NUMBER"], p["DIRECTION"])]
        assert printed(entry.percent, p["PERCENTAGE"]), p
        assert (entry.place_label, entry.boards) == (p["PLACE"], int(p["BOARDS_PLAYED"])), p


def test_bbo_pair_percent_is_the_mean_of_board_percentages(reference: Path) -> None:
    """BBO annamar: boards played by 16/15/11/9/6 tables; a pair's % is the mean of its board %.  The source
    notes one pair (two adjusted boards) that BBO scores otherwise; it is the one left out here."""
    rows = _rows(reference, "bbo-annamar-1538")
    options = ScoringOptions(method=Matchpoints(neuberg=False), pair_percent=PairPercent.MEAN_OF_BOARDS)
    scored = score_event(_bbo_event(rows), options)
    percents = {e.pair: e.percent for s in compute_standings(scored) for e in s.entries}
    with need(reference / "events" / "bbo-annamar-1538" / "normalized" / "standings.csv").open(encoding="utf-8") as f:
        standings = [r for r in csv.DictReader(f) if r["section"] != "Honor list"]
    matched = mismatched = 0
    for row in standings:
        pair = next((p for p in percents if set(p.split("+")) == set(row["pair"].split("+"))), None)
        if pair is None:
            continue
        if percents[pair] == pytest.approx(float(row["score"]), abs=0.005):
            matched += 1
        else:
            mismatched += 1
    assert matched >= 11 and mismatched <= 1
