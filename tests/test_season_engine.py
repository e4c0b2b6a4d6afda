"""The season engine (issue 13) on small hand-made seasons: every expected number is worked out by hand in the
test (plain arithmetic on the evenings' percentages), never by the engine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.options import OptionError
from bridgescore.core.players import Player, pair_key
from bridgescore.pairs.sessions import PairSession, SessionSummary
from bridgescore.season import (
    AbsentRule,
    SeasonRules,
    compute_season,
    parse_absent,
    parse_drop,
    parse_lines,
    parse_rule,
)
from bridgescore.season.engine import Standing, shared_places


def pair(
    a: str, b: str, percent: float | None, boards: int = 24, section: str = "A", imps: float | None = None
) -> PairSession:
    players = (Player(name=a), Player(name=b))
    return PairSession(pair_key(players), section, "1", "", players, f"{a} & {b}", boards, percent, imps, None)


def evening(key: str, *pairs: PairSession, unit: str = "percent") -> SessionSummary:
    return SessionSummary(
        key, key, "club", key, "imps" if unit == "imps" else "percent", "butler" if unit == "imps" else "matchpoints",
        max((p.boards for p in pairs), default=0), pairs,
    )  # fmt: skip


def by_name(season: object, name: str) -> Standing:
    return next(s for s in season.standings if s.name == name)  # type: ignore[attr-defined]


# Ann & Bob: 60 % on 24 boards, 40 % on 12 boards, absent on the third evening (24 boards), 55 % on 24 boards
# Cid & Dan: 50 % every evening, 24 boards
SEASON = [
    evening("e1", pair("Ann", "Bob", 60.0), pair("Cid", "Dan", 50.0)),
    evening("e2", pair("Ann", "Bob", 40.0, 12), pair("Cid", "Dan", 50.0)),
    evening("e3", pair("Cid", "Dan", 50.0)),
    evening("e4", pair("Ann", "Bob", 55.0), pair("Cid", "Dan", 50.0)),
]
AB = "Ann & Bob"


def test_average_is_weighted_by_boards() -> None:
    season = compute_season(SEASON, SeasonRules())
    ab = by_name(season, AB)
    assert ab.score == pytest.approx((60 * 24 + 40 * 12 + 55 * 24) / (24 + 12 + 24))  # 53.0, not the mean 51.67
    assert (ab.played, ab.counted, ab.dropped, ab.absent, ab.boards) == (3, 3, 0, 0, 60)
    assert [s.name for s in season.standings] == [AB, "Cid & Dan"]
    assert [s.place for s in season.standings] == ["1", "2"]


def test_best_n_of_m_drops_the_lowest_evenings() -> None:
    season = compute_season(SEASON, SeasonRules(best=2))
    ab = by_name(season, AB)
    assert ab.score == pytest.approx((60 * 24 + 55 * 24) / 48)  # 57.5: the 40 % evening dropped
    assert [e.counted for e in ab.evenings] == [True, False, False, True]
    assert (ab.counted, ab.dropped) == (2, 1)


def test_drop_k_lowest_is_not_best_n_for_a_pair_that_missed_evenings() -> None:
    """The NBB program's "aantal laagste scores weglaten" leaves out each competitor's K lowest evenings, however
    many it played; best N keeps N.  Ann & Bob played 3 of 4 (60 %·24, 40 %·12, 55 %·24): drop 1 leaves 60 and
    55 (57.5 %), best 3 keeps all three ((1440 + 480 + 1320) / 60 = 54 %); Cid & Dan (50 % ×4) are 50 % either way."""
    drop = compute_season(SEASON, SeasonRules(drop=1))
    assert by_name(drop, AB).score == pytest.approx((60 * 24 + 55 * 24) / 48)
    assert [e.counted for e in by_name(drop, AB).evenings] == [True, False, False, True]
    assert by_name(drop, "Cid & Dan").counted == 3
    best = compute_season(SEASON, SeasonRules(best=3))
    assert by_name(best, AB).score == pytest.approx((60 * 24 + 40 * 12 + 55 * 24) / 60)
    # at least one evening is kept: drop 3 of a pair with 3 evenings counts its best one
    assert by_name(compute_season(SEASON, SeasonRules(drop=3)), AB).score == pytest.approx(60.0)
    assert parse_rule("drop:2") is None and parse_drop("drop:2") == 2 and parse_drop("weglaten:1") == 1
    assert parse_drop("best:2") == 0
    with pytest.raises(OptionError, match="drop:4 cannot be met"):
        compute_season(SEASON, SeasonRules(drop=4))


def test_minimum_evenings_lists_without_ranking() -> None:
    season = compute_season(SEASON, SeasonRules(min_evenings=4))
    assert [(s.name, s.ranked, s.place) for s in season.standings] == [("Cid & Dan", True, "1"), (AB, False, "")]


def test_absent_fixed_counts_the_evening_with_its_boards() -> None:
    season = compute_season(SEASON, SeasonRules(absent=AbsentRule("fixed", 45.0)))
    ab = by_name(season, AB)
    assert ab.score == pytest.approx((60 * 24 + 40 * 12 + 45 * 24 + 55 * 24) / 84)
    assert ab.absent == 1
    assert ab.evenings[2].value == 45.0 and not ab.evenings[2].played


def test_absent_own_average_and_its_cap() -> None:
    own = (60 * 24 + 40 * 12 + 55 * 24) / 60  # 53.0
    season = compute_season(SEASON, SeasonRules(absent=parse_absent("average")))
    assert by_name(season, AB).score == pytest.approx((own * 60 + own * 24) / 84)  # = own
    capped = compute_season(SEASON, SeasonRules(absent=parse_absent("average:50")))
    assert by_name(capped, AB).score == pytest.approx((own * 60 + 50 * 24) / 84)
    assert by_name(capped, AB).absent_value == 50.0


def test_absent_value_can_be_dropped_by_best_n() -> None:
    season = compute_season(SEASON, SeasonRules(best=3, absent=AbsentRule("fixed", 45.0)))
    ab = by_name(season, AB)
    assert ab.score == pytest.approx((60 * 24 + 55 * 24 + 45 * 24) / 72)  # 40 % dropped, 45 % absent kept
    assert [e.counted for e in ab.evenings] == [True, False, True, True]


def test_ties_share_their_place() -> None:
    s = [evening("e1", pair("A", "B", 55.0), pair("C", "D", 55.0), pair("E", "F", 60.0), pair("G", "H", 40.0))]
    season = compute_season(s, SeasonRules())
    assert [(x.name, x.place) for x in season.standings] == [
        ("E & F", "1"),
        ("A & B", "2="),
        ("C & D", "2="),
        ("G & H", "4"),
    ]
    assert shared_places([3.0, 2.0, 2.0, 2.0, 1.0]) == ["1", "2=", "2=", "2=", "5"]


def test_per_player_follows_a_player_with_any_partner() -> None:
    s = [
        evening("e1", pair("Ann", "Bob", 60.0), pair("Cid", "Dan", 40.0)),
        evening("e2", pair("Ann", "Cid", 50.0, 12), pair("Bob", "Dan", 70.0, 12)),
    ]
    season = compute_season(s, SeasonRules(per="player"))
    ann = by_name(season, "Ann")
    assert ann.score == pytest.approx((60 * 24 + 50 * 12) / 36)
    assert [e.partner for e in ann.evenings] == ["Bob", "Cid"]
    assert by_name(season, "Bob").score == pytest.approx((60 * 24 + 70 * 12) / 36)
    assert by_name(season, "Dan").score == pytest.approx((40 * 24 + 70 * 12) / 36)
    pairs = compute_season(s, SeasonRules())
    assert len(pairs.standings) == 4  # four partnerships of one evening each


def test_butler_season_is_imps_per_board() -> None:
    s = [
        evening("e1", pair("Ann", "Bob", None, 24, imps=30.0), pair("Cid", "Dan", None, 24, imps=-30.0), unit="imps"),
        evening("e2", pair("Ann", "Bob", None, 12, imps=-6.0), pair("Cid", "Dan", None, 24, imps=12.0), unit="imps"),
    ]
    season = compute_season(s, SeasonRules(unit="imps"))
    assert by_name(season, AB).score == pytest.approx((30 - 6) / 36)
    assert by_name(season, "Cid & Dan").score == pytest.approx((-30 + 12) / 48)
    assert by_name(season, AB).evenings[1].value == pytest.approx(-0.5)


def test_lines_with_correction_promotion_and_relegation() -> None:
    # line A: a1 60, a2 50, a3 40; line B: b1 58, b2 50, b3 42; one evening each, 24 boards; 4 points a line
    s = [
        evening(
            "e1",
            pair("a1", "x", 60.0), pair("a2", "x", 50.0), pair("a3", "x", 40.0),
            pair("b1", "y", 58.0, section="B"), pair("b2", "y", 50.0, section="B"), pair("b3", "y", 42.0, section="B"),
        )
    ]  # fmt: skip
    mapping, order = parse_lines("A,B")
    rules = SeasonRules(lines=mapping, line_order=order, line_correction=4.0, promote=1, relegate=1)
    season = compute_season(s, rules)
    got = {x.name: (x.line, x.score, x.place, x.line_place, x.movement) for x in season.standings}
    assert got["b1 & y"] == ("B", pytest.approx(54.0), "2", "1", "promote")
    assert got["a3 & x"] == ("A", pytest.approx(40.0), "5", "3", "relegate")
    assert got["a1 & x"][2:] == ("1", "1", "")
    assert got["b3 & y"] == ("B", pytest.approx(38.0), "6", "3", "")  # the bottom line relegates no one
    assert [x.name for x in season.standings] == ["a1 & x", "b1 & y", "a2 & x", "b2 & y", "a3 & x", "b3 & y"]


def test_a_pair_that_plays_a_lower_line_once_gets_that_evening_corrected() -> None:
    s = [
        evening("e1", pair("Ann", "Bob", 60.0), pair("Cid", "Dan", 50.0, section="B")),
        evening("e2", pair("Ann", "Bob", 50.0, section="B"), pair("Cid", "Dan", 50.0, section="B")),
        evening("e3", pair("Ann", "Bob", 50.0), pair("Cid", "Dan", 50.0, section="B")),
    ]
    mapping, order = parse_lines("A=1,B=2")
    season = compute_season(s, SeasonRules(lines=mapping, line_order=order, line_correction=3.0))
    ab = by_name(season, AB)
    assert ab.line == "1"
    assert ab.score == pytest.approx((60 + 47 + 50) / 3)
    assert [e.correction for e in ab.evenings] == [0.0, 3.0, 0.0]


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (SeasonRules(best=5), "best:5 cannot be met: the season has 4 evening(s)"),
        (SeasonRules(min_evenings=6), "--min-evenings 6 cannot be met"),
        (SeasonRules(promote=2), "--promote and --relegate need two lines"),
        (SeasonRules(lines={"A": "A", "C": "C"}, line_order=("A", "C")), "section C (line C), which no evening has"),
        (SeasonRules(lines={"B": "B"}, line_order=("B",)), "e1: section 'A' is in none of the lines"),
        (SeasonRules(unit="imps"), "a Butler season (IMPs per board) cannot rank e1"),
    ],
)
def test_a_rule_that_cannot_be_met_is_refused(rules: SeasonRules, words: str) -> None:
    with_b = [*SEASON, evening("e5", pair("Eve", "Fay", 50.0, section="B"))]
    with pytest.raises(OptionError, match=words.replace("(", r"\(").replace(")", r"\)")):
        compute_season(with_b if rules.lines else SEASON, rules)


def test_no_evenings_is_refused_and_dutch_is_there() -> None:
    with pytest.raises(OptionError) as caught:
        compute_season([], SeasonRules())
    assert "geen avonden" in caught.value.text("nl")


def test_option_words() -> None:
    assert parse_rule("average") is None and parse_rule("best:6") == 6
    assert parse_absent("fixed:47,5") == AbsentRule("fixed", 47.5)
    assert parse_lines("1=A, 2=B, 3=B") == ({"1": "A", "2": "B", "3": "B"}, ("A", "B"))
    for bad in ("best:0", "best", "top:3"):
        with pytest.raises(OptionError):
            parse_rule(bad)
    for bad in ("fixed", "fixed:x", "fixed:nan", "sometimes"):
        with pytest.raises(OptionError):
            parse_absent(bad)
    with pytest.raises(OptionError):
        parse_lines("A=B,A=C")


evenings_st = st.lists(
    st.tuples(st.floats(0, 100, allow_nan=False), st.integers(1, 30)), min_size=1, max_size=8
)  # fmt: skip


@given(evenings_st)
@settings(max_examples=60, deadline=None)
def test_best_m_of_m_is_the_weighted_average(values: list[tuple[float, int]]) -> None:
    s = [evening(f"e{i}", pair("Ann", "Bob", p, b)) for i, (p, b) in enumerate(values)]
    average = compute_season(s, SeasonRules()).standings[0].score
    best = compute_season(s, SeasonRules(best=len(values))).standings[0].score
    assert best == pytest.approx(average)
    assert average == pytest.approx(sum(p * b for p, b in values) / sum(b for _, b in values))


@given(evenings_st, st.integers(0, 8))
@settings(max_examples=60, deadline=None)
def test_an_absent_evening_under_none_changes_nothing(values: list[tuple[float, int]], where: int) -> None:
    s = [evening(f"e{i}", pair("Ann", "Bob", p, b), pair("Cid", "Dan", 50.0)) for i, (p, b) in enumerate(values)]
    with_absence = [*s[:where], evening("gap", pair("Cid", "Dan", 50.0)), *s[where:]]
    before = by_name(compute_season(s, SeasonRules()), AB)
    after = by_name(compute_season(with_absence, SeasonRules()), AB)
    assert after.score == pytest.approx(before.score)
    assert (after.played, after.counted, after.absent) == (before.played, before.counted, 0)


@given(evenings_st, st.integers(1, 8))
@settings(max_examples=60, deadline=None)
def test_best_n_is_never_below_the_average(values: list[tuple[float, int]], n: int) -> None:
    """Dropping the lowest evenings can only raise a season (equal boards: the N best are the N highest)."""
    s = [evening(f"e{i}", pair("Ann", "Bob", p, 24)) for i, (p, _) in enumerate(values)]
    n = min(n, len(values))
    average = compute_season(s, SeasonRules()).standings[0].score
    best = compute_season(s, SeasonRules(best=n)).standings[0].score
    assert best is not None and average is not None and best >= average - 1e-9


def test_a_period_is_given_by_days_the_calendar_has() -> None:
    """``--from 2026-02-30`` was taken as written and compared as text with the evenings' dates."""
    from bridgescore.core.options import OptionError
    from bridgescore.season import parse_date

    assert parse_date("--from", "07-09-2026") == "2026-09-07" and parse_date("--to", None) is None
    for wrong in ("2026-02-30", "next monday", "2026-13-01"):
        with pytest.raises(OptionError, match="is a date"):
            parse_date("--from", wrong)


def test_home_line_on_a_tie_is_the_line_played_latest() -> None:
    # A, B, A, B, then once in C: A and B are both played most (twice); the latest of them is B, not A
    rules = SeasonRules(lines={"A": "A", "B": "B", "C": "C"}, line_order=("A", "B", "C"))
    season = compute_season(
        [
            evening("e1", pair("Ann", "Bob", 50.0, section="A"), pair("Cid", "Dan", 50.0, section="B"),
                    pair("Eve", "Fay", 50.0, section="C")),
            evening("e2", pair("Ann", "Bob", 50.0, section="B")),
            evening("e3", pair("Ann", "Bob", 50.0, section="A")),
            evening("e4", pair("Ann", "Bob", 50.0, section="B")),
            evening("e5", pair("Ann", "Bob", 50.0, section="C")),
        ],
        rules,
    )  # fmt: skip
    assert by_name(season, AB).line == "B"
