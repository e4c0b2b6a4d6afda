"""The seeds' worked examples, reproduced exactly, and the methods' rules one by one."""

from __future__ import annotations

import numpy as np
import pytest

from bridgescore.core.imps import bastille_imps, wbf_imps
from bridgescore.io.csv import loads
from bridgescore.pairs.methods.bastille import Bastille, fractional_trimmed_mean
from bridgescore.pairs.methods.butler import (
    Butler,
    DatumRounding,
    DropExtremes,
    NbbDatum,
    PercentTrim,
    PlainMean,
    round_datum,
    trim_count,
)
from bridgescore.pairs.methods.crossimps import CrossImps, CrossImpsForm, cross_imp_totals
from bridgescore.pairs.methods.matchpoints import Matchpoints, MatchpointScale
from bridgescore.pairs.scored import ScoredEvent, ScoringOptions, score_event
from bridgescore.pairs.standings import compute_standings


def _points(scored: ScoredEvent) -> dict[str, float | None]:
    """Points per pair on a one-board event."""
    (board,) = scored.boards
    out: dict[str, float | None] = {}
    for line in board.lines():
        out[line.result.ns_pair] = line.ns_points
        out[line.result.ew_pair] = line.ew_points
    return out


# Seed 000, the score card of "De puntentelling bij een parenwedstrijd": ten pairs played, NS vulnerable
# (board 2), 4S+1 = +650 four times, 6S-1 = -100 once; pairs 11 and 12 did not play ("N.G.").
SEED_000 = """board,ns,ew,contract,declarer,result,remarks
2,1,2,4S,N,+1,
2,3,4,4S,N,+1,
2,5,6,4S,N,+1,
2,7,8,6S,N,-1,
2,9,10,4S,N,+1,
2,11,12,,,,N.G.
"""


def test_seed_000_matchpoint_score_card() -> None:
    scored = score_event(loads(SEED_000, "seed000.csv"))
    (board,) = scored.boards
    assert board.top == 8
    points = _points(scored)
    assert [points[p] for p in ("1", "3", "5", "7", "9")] == [5, 5, 5, 0, 5]
    assert [points[p] for p in ("2", "4", "6", "8", "10")] == [3, 3, 3, 8, 3]
    assert points["11"] is None and points["12"] is None  # "- (en niet: 0!)"
    percents = {e.pair: e.percent for s in compute_standings(scored) for e in s.entries}
    assert percents["1"] == 62.5 and percents["2"] == 37.5 and percents["7"] == 0 and percents["8"] == 100
    entries = {e.pair: e for s in compute_standings(scored) for e in s.entries}
    assert entries["11"].boards == 0 and entries["11"].place is None


def test_seed_000_shared_top_of_fourteen() -> None:
    # "van de zeg 14 paren, er twee een gedeelde top": 7 scores per direction, top 12, shared top 11 = 91.67 %
    scores = np.array([500.0, 500, 400, 300, 200, 100, 0])
    result = Matchpoints().score_board(scores, 7)
    assert result.top == 12 and list(result.ns_points[:2]) == [11, 11]
    assert round(11 / 12 * 100, 2) == 91.67


# Seed 001, board 6: six NS scores; the datum drops the -990 and the +200: -290/4 = -72.5 -> -70.
SEED_001_BOARD_6 = [("1", "7", -100), ("11", "2", -140), ("3", "4", -150), ("12", "5", -990),
                    ("6", "10", 200), ("8", "9", 100)]  # fmt: skip
SEED_001_BOARD_6_IMPS = {"1": -1, "2": 2, "3": -2, "4": 2, "5": 14, "6": 7, "7": 1, "8": 5, "9": -5, "10": -7,
                         "11": -2, "12": -14}  # fmt: skip
# Board 7: five scores, the middle three counted twice: 1600 / 8 = 200.
SEED_001_BOARD_7 = [("1", "7", 620), ("9", "2", 140), ("3", "4", -100), ("10", "5", -100), ("6", "8", 500)]
SEED_001_BOARD_7_IMPS = {"1": 9, "2": 2, "3": -7, "4": 7, "5": 7, "6": 7, "7": -9, "8": -7, "9": -2, "10": -7}


def _score_only(board: int, lines: list[tuple[str, str, int]]) -> str:
    return "board,ns,ew,score\n" + "".join(f"{board},{ns},{ew},{s}\n" for ns, ew, s in lines)


@pytest.mark.parametrize(
    ("board", "lines", "datum", "imps"),
    [(6, SEED_001_BOARD_6, -70, SEED_001_BOARD_6_IMPS), (7, SEED_001_BOARD_7, 200, SEED_001_BOARD_7_IMPS)],
)
def test_seed_001_butler_boards(
    board: int, lines: list[tuple[str, str, int]], datum: int, imps: dict[str, int]
) -> None:
    scored = score_event(loads(_score_only(board, lines), "seed001.csv"), ScoringOptions(method=Butler()))
    assert scored.boards[0].datum == datum  # EW datum is its negation: +70 and -200
    assert _points(scored) == imps


def test_seed_001_trim_counts() -> None:
    assert [trim_count(n, 10) for n in (6, 10, 11, 20, 21, 30, 31, 40)] == [1, 1, 2, 2, 3, 3, 4, 4]


def test_seed_001_small_fields_weight_the_middle_twice() -> None:
    policy = NbbDatum()
    assert policy.datum(np.array([-100.0, -100, 140, 500, 620])) == 200
    assert policy.datum(np.array([0.0, 100, 200, 600])) == (0 + 2 * 300 + 600) / 6
    assert policy.datum(np.array([100.0, 200])) == 150


@pytest.mark.parametrize(
    ("value", "rounding", "expected"),
    [
        (-72.5, DatumRounding.HALF_TOWARD_ZERO, -70),
        (97, DatumRounding.HALF_TOWARD_ZERO, 100),  # seed 001: "97 wordt 100, en -331 wordt -330"
        (-331, DatumRounding.HALF_TOWARD_ZERO, -330),
        (224.99, DatumRounding.HALF_TOWARD_ZERO, 220),
        (115.02, DatumRounding.HALF_TOWARD_ZERO, 120),
        (335, DatumRounding.HALF_TOWARD_ZERO, 330),
        (-335, DatumRounding.HALF_TOWARD_ZERO, -330),
        (175, DatumRounding.HALF_TOWARD_ZERO, 170),  # "+175 wordt dus +170 en -415 wordt -410"
        (-415, DatumRounding.HALF_TOWARD_ZERO, -410),
        (335, DatumRounding.HALF_AWAY_FROM_ZERO, 340),
        (-335, DatumRounding.HALF_AWAY_FROM_ZERO, -340),
        (425, DatumRounding.HALF_EVEN, 420),  # ACBLscore manual: 425 -> 420, 435 -> 440
        (435, DatumRounding.HALF_EVEN, 440),
        (725, DatumRounding.DOWN, 720),  # seed 000: "Als het gemiddelde b.v. 725 is, dan wordt dit 720"
        (-725, DatumRounding.DOWN, -720),
        (237.4, DatumRounding.NONE, 237.4),
    ],
)
def test_datum_rounding(value: float, rounding: DatumRounding, expected: float) -> None:
    assert round_datum(value, rounding) == expected


def test_seed_000_butler_example() -> None:
    # seed 000: datum 720; 6H= +1430 -> +710 = 12 IMPs; 4H+2 +680 -> -40 = -1 IMP
    assert wbf_imps(1430 - 720) == 12 and wbf_imps(680 - 720) == -1


def test_datum_policy_variants() -> None:
    scores = np.sort(np.array([-600.0, -140, -100, -100, 90, 160, 270, 300]))
    assert PlainMean().datum(scores) == scores.mean()
    assert DropExtremes(2).datum(scores) == np.mean([-100, -100, 90, 160])
    assert PercentTrim(5).datum(scores) == np.mean(scores[1:-1])  # 5 % of 8 = 0.4, rounded up to 1
    assert PercentTrim(10, min_kept=3).datum(np.array([1.0, 2, 3, 10])) == 4  # dropping 1+1 would keep 2


def test_seed_002_bastille_linear_imps() -> None:
    assert bastille_imps(57) == pytest.approx(1.8)
    assert bastille_imps(163) == pytest.approx(4.45)
    assert bastille_imps(82) == pytest.approx(2.425)
    assert bastille_imps(168) == pytest.approx(4.56)
    assert bastille_imps(5000) > 24  # no maximum


def test_bastille_datum_is_unrounded_and_uniformly_trimmed() -> None:
    ten = np.array([-500.0, 100, 140, 170, 180, 200, 240, 300, 400, 1400])
    assert fractional_trimmed_mean(np.sort(ten)) == np.mean(np.sort(ten)[1:-1])  # 10 scores: as Butler
    eight = np.sort(np.array([0.0, 100, 100, 200, 200, 300, 300, 1000]))
    weights = np.array([0.2, 1, 1, 1, 1, 1, 1, 0.2])
    assert fractional_trimmed_mean(eight) == pytest.approx(float((eight * weights).sum() / weights.sum()))
    result = Bastille().score_board(np.array([400.0, 180, 237]), 3)
    assert result.datum is not None and result.datum != round(result.datum, -1)


def test_cross_imps_match_the_definition() -> None:
    rng = np.random.default_rng(7)
    for size in (1, 2, 5, 40):
        scores = rng.integers(-200, 200, size=size).astype(float) * 10
        scores[0] += 5  # not a multiple of 10: the rounding of the difference matters
        brute = np.array([sum(wbf_imps(a - b) for b in scores) for a in scores], dtype=float)
        assert np.array_equal(cross_imp_totals(scores), brute)
        average = CrossImps().score_board(scores, size).ns_points
        assert np.allclose(average, brute / max(size - 1, 1) if size > 1 else 0)


def test_cross_imps_total_is_factored_on_short_boards() -> None:
    scores = np.array([420.0, 450, -50])
    total = CrossImps(CrossImpsForm.TOTAL).score_board(scores, 5).ns_points
    assert np.allclose(total, cross_imp_totals(scores) * 4 / 2)  # ACBLscore: (results - 1)/(group - 1)


def test_neuberg() -> None:
    result = Matchpoints().score_board(np.array([10.0, 20, 30, 40]), 5)
    assert list(result.ns_points) == [0.25, 2.75, 5.25, 7.75] and result.top == 8
    acbl = Matchpoints(MatchpointScale.ACBL).score_board(np.array([10.0, 20, 30, 40]), 5)
    assert list(acbl.ns_points) == [0.125, 1.375, 2.625, 3.875] and acbl.top == 4
    plain = Matchpoints(neuberg=False).score_board(np.array([10.0, 20, 30, 40]), 5)
    assert list(plain.ns_points) == [0, 2, 4, 6] and plain.top == 6
