"""``score --as PROGRAM`` (issue 11): one table of options per program, resolved option > preset > default, stated
in every output; the conventions the held-aside events exposed (a phantom is no result, EBUScore's and KoPS's rounded
Neuberg matchpoints); options that do not apply to the method and abused values refused with words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.adjustments import AdjustmentValues
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.core.options import OptionError
from bridgescore.pairs.methods import METHODS
from bridgescore.pairs.methods.butler import Butler, DatumRounding, PercentTrim
from bridgescore.pairs.methods.crossimps import CrossImps, CrossImpsForm
from bridgescore.pairs.methods.matchpoints import Matchpoints, MatchpointScale
from bridgescore.pairs.presets import DEFAULTS, OPTION_METHODS, presets, resolve, scoring_options
from bridgescore.pairs.scored import PairPercent, ScoredLine, ScoringOptions, score_event
from bridgescore.pairs.standings import format_percent

runner = CliRunner()
EXAMPLE = str(Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples" / "club-evening.csv")
ROOT = Path(__file__).resolve().parents[1]
PROGRAMS_PAGE = ROOT / "docs" / "programs.md"  # the README's "Options per program" until issue 20
PROGRAMS = ("nbb", "ebuscore", "pairsscorer", "pianola", "teamsscorer", "acblscore", "bbo", "jfr", "kops",
            "realbridge", "brian", "bridgewx", "scorebridge", "compscore")  # fmt: skip


def _score(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["score", EXAMPLE, *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
    return result.exit_code, result.output.replace("\n", " ")


# --- the table ---------------------------------------------------------------------------------------------------


def test_every_program_of_the_issue_has_a_preset_with_a_name_and_a_source() -> None:
    table = presets()
    assert set(table) == set(PROGRAMS)
    for key, preset in table.items():
        assert preset.key == key and preset.name and len(preset.source) > 20
        assert preset.method in METHODS


def test_the_readme_program_table_is_one_flag_per_program() -> None:
    """The "Options per program" page's table names every program by its one ``--as`` flag."""
    text = PROGRAMS_PAGE.read_text(encoding="utf-8")
    section = text.split("# Options per program", 1)[1].split("\n## ", 1)[0]
    assert set(re.findall(r"`--as ([a-z]+)`", section)) == set(PROGRAMS)


def test_presets_give_the_options_the_reference_events_were_checked_with() -> None:
    assert scoring_options(None, {}, as_program="acblscore") == ScoringOptions(
        method=Matchpoints(MatchpointScale.ACBL), round_board_points=2, preset="acblscore"
    )
    assert scoring_options("butler", {}, as_program="acblscore").method == Butler(
        PercentTrim(5.0), DatumRounding.HALF_EVEN
    )
    assert scoring_options("cross-imps", {}, as_program="acblscore").method == CrossImps(CrossImpsForm.TOTAL)
    bridgewx = scoring_options("butler", {}, as_program="bridgewx")
    assert bridgewx.method == Butler(PercentTrim(10, min_kept=3), DatumRounding.HALF_AWAY_FROM_ZERO)
    assert bridgewx.adjustments.imps_per_percent == 0.2
    pianola = scoring_options(None, {}, as_program="pianola")
    assert pianola.method == CrossImps() and pianola.factor_printed_total
    bbo = scoring_options(None, {}, as_program="bbo")
    assert bbo.method == Matchpoints(neuberg=False) and bbo.pair_percent is PairPercent.MEAN_OF_BOARDS
    jfr = scoring_options(None, {}, as_program="JFR")
    assert jfr.method == Matchpoints() and jfr.phantom_award.percent == 60.0
    assert scoring_options(None, {}, as_program="nbb") == ScoringOptions(preset="nbb")


def test_an_option_given_overrides_the_preset_and_the_preset_the_default() -> None:
    assert scoring_options(None, {"acbl_scale": False}, as_program="acblscore").method == Matchpoints()
    ebu = scoring_options(None, {"session_average_plus": False, "round_board_points": 3}, as_program="ebuscore")
    assert not ebu.session_average_plus and ebu.round_board_points == 3
    # --no-factor given: the preset's factoring of the printed total gives way instead of contradicting it
    pianola = scoring_options(None, {"factor": False}, as_program="pianola")
    assert not pianola.factor and not pianola.factor_printed_total
    assert scoring_options("matchpoints", {}, as_program="pianola").method == Matchpoints()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(OPTION_METHODS)), st.sampled_from(METHODS), st.sampled_from((None, *PROGRAMS)))
def test_an_option_given_for_a_method_it_does_not_apply_to_is_refused(
    option: str, method: str, program: str | None
) -> None:
    """Whatever the preset: an option given applies to the method, or it is an error naming the method."""
    value = DEFAULTS[option] if DEFAULTS[option] is not None else 2
    if method in OPTION_METHODS[option]:
        name, values = resolve(method, {option: value}, program)
        assert name == method and values[option] == value
    else:
        with pytest.raises(OptionError) as refused:
            resolve(method, {option: value}, program)
        words = {"matchpoints": "matchpoints", "butler": "Butler", "bastille": "Bastille", "cross-imps": "cross-IMPs"}
        assert f"does not apply to {words[method]}" in str(refused.value)
        assert "--" + option.replace("_", "-") in str(refused.value)


def test_a_preset_never_makes_an_error_by_itself() -> None:
    for program in PROGRAMS:
        for method in METHODS:
            scoring_options(method, {}, as_program=program)


# --- the command line ----------------------------------------------------------------------------------------------


def test_as_is_stated_in_json_text_and_page() -> None:
    code, _ = _score("--as", "acblscore", "-f", "json")
    result = runner.invoke(app, ["score", EXAMPLE, "--as", "acblscore", "-f", "json"])
    assert code == 0
    options = json.loads(result.output)["options"]
    assert options["as"] == "acblscore" and options["scale"] == "1-half-0" and options["round_board_points"] == 2
    assert json.loads(runner.invoke(app, ["score", EXAMPLE, "-f", "json"]).output)["options"]["as"] is None
    assert "Scored as ACBLscore does" in _score("--as", "acblscore")[1]
    assert "Berekend zoals KoPS dat doet" in _score("--as", "kops", "-f", "html", "--lang", "nl")[1]
    assert "every line's points rounded to 2 decimals" in _score("--as", "kops")[1]
    assert "Neuberg's factor rounded to 3 decimals" in _score("--neuberg-factor-decimals", "3")[1]
    assert "Scored as" not in _score()[1]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--datum", "acbl"), "--datum does not apply to matchpoints (only to Butler)"),
        (("-m", "butler", "--acbl-scale"), "--acbl-scale does not apply to Butler (only to matchpoints)"),
        (("--as", "acblscore", "--cross-imps", "total"), "--cross-imps does not apply to matchpoints"),
        (("-m", "butler", "--adjusted-imps", "1e28"), "--adjusted-imps is the IMPs for average-plus, from 0 to 24"),
        (("-m", "butler", "--imps-per-percent", "1e26", "-f", "html"), "--imps-per-percent must be from 0 to 0.48"),
        (("-m", "butler", "--adjusted-imps", "1e308"), "not 1e+308"),
        (("-m", "cross-imps", "--adjusted-imps", "-3"), "--adjusted-imps is the IMPs for average-plus"),
        (("--average-plus", "40", "--average-minus", "60"), "--average-plus is at least average (50%), not 40%"),
        (("--average-minus", "60"), "--average-minus is at most average (50%), not 60%"),
        (("-m", "cross-imps", "--factor-printed", "--no-factor"), "--factor-printed factors the total as printed"),
        (("--phantom", "99"), "--phantom 99: there is no pair 99 in the event"),
        (("--as", "scorebrige"), "--as: no program 'scorebrige'; choose one of nbb, ebuscore"),
        (("--as", "jfr", "--lang", "nl", "--datum", "nbb"), "--datum geldt niet voor matchpoints"),
    ],
)
def test_option_abuse_is_refused_with_words(args: tuple[str, ...], words: str) -> None:
    code, output = _score(*args)
    assert code == 2, output
    assert words in output.replace("  ", " "), output
    assert "Traceback" not in output


def test_a_phantom_of_the_event_is_accepted() -> None:
    assert _score("--phantom", "3")[0] == 0
    assert _score("--phantom", "A3")[0] == 0


# --- the conventions -----------------------------------------------------------------------------------------------


def _board(number: int, scores: list[int], phantom: bool = False) -> list[Result]:
    lines = [Result(number, f"n{i}", f"e{i}", ResultStatus.PLAYED, ns_score=s) for i, s in enumerate(scores)]
    if phantom:
        lines.append(Result(number, "n99", "PH", ResultStatus.NOT_PLAYED))
    return lines


def test_a_phantom_line_is_no_result_and_leaves_the_field_size() -> None:
    """JFR Pary: a board with a phantom table is scored among the tables that played, even with Neuberg on; the
    phantom's opponents get their award (issue 11: 10.00 %, not 10.33 %)."""
    event = Event(tuple(_board(1, [100, 200, 300, 400], phantom=True) + _board(2, [50, 60, 70, 80], phantom=True)))
    scored = score_event(event, scoring_options(None, {}, as_program="jfr", phantoms=frozenset({"PH"})))
    for board in scored.boards:
        assert board.full_count == 4 and board.top == 6
        lines = list(board.lines())
        assert [line.ns_percent for line in lines[:4]] == pytest.approx([0.0, 100 / 3, 200 / 3, 100.0])
        assert lines[4].ns_percent == 60.0 and lines[4].ew_percent is None


def test_a_phantom_does_not_make_a_full_board_short_for_neuberg() -> None:
    """A board played by every real table has nothing to fit, whether or not a phantom sat out on it."""
    plain = score_event(Event(tuple(_board(1, [100, 200, 300]))))
    phantom = score_event(
        Event(tuple(_board(1, [100, 200, 300], phantom=True))), ScoringOptions(phantoms=frozenset({"PH"}))
    )
    assert [line.ns_points for line in phantom.boards[0].lines()][:3] == [
        line.ns_points for line in plain.boards[0].lines()
    ]


def _short_board_event(full: int, short: list[int]) -> Event:
    return Event(tuple(_board(1, list(range(10, 10 * full + 1, 10))) + _board(2, short)))


def _board_lines(event: Event, program: str, board: int = 1) -> dict[int | None, ScoredLine]:
    """The lines of one board scored ``--as program``, by NS score."""
    scored = score_event(event, scoring_options(None, {}, as_program=program))
    return {line.ns_score: line for line in scored.boards[board].lines()}


def test_ebuscore_rounds_neuberg_matchpoints_to_2_decimals_before_the_percentage() -> None:
    """Issue 11's EBUScore board: 16 results in a field of 17, a line with 21 matchpoints is 22.375 after Neuberg,
    printed 22.38, and its percentage is 22.38/32 = 69.94 (the exact 22.375/32 prints 69.92)."""
    short = [*range(10, 101, 10), 200, 200, 300, 400, 500, 600]  # 200 beats 10 and ties 1: 21 matchpoints
    event = _short_board_event(17, short)
    rounded, exact = _board_lines(event, "ebuscore"), _board_lines(event, "pairsscorer")
    assert exact[200].ns_points == pytest.approx(22.375)
    assert rounded[200].ns_points == 22.38
    assert format_percent(rounded[200].ns_percent or 0.0, 2) == "69.94"
    assert format_percent(exact[200].ns_percent or 0.0, 2) == "69.92"


def test_kops_rounds_neuberg_matchpoints_to_2_decimals_as_its_pages_print_them() -> None:
    """KoPS's public pages (KoPS2www, Chorzow 3.10.2011, PCH1003, pair 8): on boards of 21 results in a field of
    22 (top 40 fitted to 42) a line of 6 matchpoints prints 15.07 % and one of 19 prints 47.50 %.
    Neuberg: (6 + 1)·22/21 − 1 = 6.3333 → 6.33, 6.33/42 = 15.07 %   (exact 6.3333/42 = 15.08 %)
             (19 + 1)·22/21 − 1 = 19.952 → 19.95, 19.95/42 = 47.50 %  (exact 47.51 %)
    A factor rounded to 3 decimals (issue 11's inference): 7 × 1.048 − 1 = 6.336 → 15.09 %, 20 × 1.048 − 1 =
    19.96 → 47.52 %: the pages contradict it."""
    short = [*range(10, 91, 10), 100, 100, *range(110, 201, 10)]  # 21 results: 40 beats 3 (6 MP), 100 beats 9, ties 1
    event = _short_board_event(22, short)
    kops, exact = _board_lines(event, "kops"), _board_lines(event, "jfr")
    assert (kops[40].ns_points, kops[100].ns_points) == (6.33, 19.95)
    assert format_percent(kops[40].ns_percent or 0.0, 2) == "15.07"
    assert format_percent(kops[100].ns_percent or 0.0, 2) == "47.50"
    assert format_percent(exact[40].ns_percent or 0.0, 2) == "15.08"
    assert format_percent(exact[100].ns_percent or 0.0, 2) == "47.51"
    factor = score_event(event, scoring_options(None, {"neuberg_factor_decimals": 3}))
    lines = {line.ns_score: line for line in factor.boards[1].lines()}
    assert format_percent(lines[40].ns_percent or 0.0, 2) == "15.09"
    assert format_percent(lines[100].ns_percent or 0.0, 2) == "47.52"


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(-20, 20).map(lambda s: s * 10), min_size=2, max_size=15), st.integers(1, 4))
def test_neuberg_factor_rounding_keeps_matchpoints_within_the_top(scores: list[int], missing: int) -> None:
    """Rounding the factor moves a line by at most (M+1)·0.0005 matchpoints and never outside 0..top."""
    full = len(scores) + missing
    exact = Matchpoints().score_board(np.array(scores, dtype=float), full)
    rounded = Matchpoints(neuberg_factor_decimals=3).score_board(np.array(scores, dtype=float), full)
    assert exact.top == rounded.top
    for e, r in zip(exact.ns_points, rounded.ns_points, strict=True):
        assert abs(e - r) <= (e + 1) * 0.0005 + 1e-9
        assert -1e-9 <= r <= (rounded.top or 0) + 0.02


def test_the_preset_table_is_package_data() -> None:
    """presets.toml ships in a wheel: pyproject's package-data names it."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "presets.toml" in config["tool"]["setuptools"]["package-data"]["bridgescore"]


@pytest.mark.parametrize(
    "values",
    [
        {"plus_percent": 40.0, "minus_percent": 60.0},
        {"plus_imps": -3.0, "minus_imps": 3.0},
        {"plus_imps": 1e28, "minus_imps": -1e28},
        {"imps_per_percent": 1e26},
        {"imps_per_percent": -0.3},
    ],
)
def test_adjustment_values_out_of_order_or_beyond_the_imp_scale_are_refused_by_the_api(
    values: dict[str, float],
) -> None:
    """The same limits for a program using the API: the reports would otherwise overflow or contradict Law 12C2."""
    with pytest.raises(ValueError):
        AdjustmentValues(**values)
