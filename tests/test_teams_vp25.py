"""The old WBF 25-VP scale (issue 9, ``--vp wbf-25``).

Its published tables by match length could not be found (see :func:`bridgescore.teams.vp.scale_named`), so the
scale stays refused with a way on: the event's own table as a VP table file.  These tests hold that way on to
what such a table needs: a tie of 15-15, a loser who goes on from 25-5 down to 25-0, and a loser's column that
is checked as carefully as the winner's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.i18n import translator
from bridgescore.teams.vp import SCALE_NAMES, FileScale, VPScaleError, read_scale_file, scale_named, vp_row

runner = CliRunner()

# A club's table in the old WBF layout, made up for these tests but for what is quoted in public of the old WBF
# scale for 16 boards: 0-2 IMPs 15-15 and 3-7 IMPs 16-14 (Ron Klinger, IBPA Bulletin, May 2013) and 21 IMPs
# 20-10 (infobridge.it, "Victory Points & International Match Points").  It is not the WBF's table.
OLD_STYLE = """\
boards,imps,vp,vp_loser
16,0,15,15
16,3,16,14
16,8,17,13
16,12,18,12
16,16,19,11
16,20,20,10
16,25,21,9
16,31,22,8
16,38,23,7
16,46,24,6
16,55,25,5
16,64,25,4
16,73,25,3
16,82,25,2
16,91,25,1
16,100,25,0
"""


@pytest.fixture(scope="module")
def old_style_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("vp25") / "old-wbf-16.csv"
    path.write_text(OLD_STYLE, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def old_style(old_style_file: Path) -> FileScale:
    scale = scale_named(str(old_style_file))
    assert isinstance(scale, FileScale)
    return scale


def test_wbf_25_stays_refused_and_is_not_offered_as_a_built_in_scale() -> None:
    assert "wbf-25" not in SCALE_NAMES
    for name in ("wbf-25", " WBF-25 "):
        with pytest.raises(VPScaleError) as raised:
            scale_named(name)
        (problem,) = raised.value.problems
        assert "not built in" in str(problem) and "VP table file" in str(problem)


def test_an_old_style_table_quoted_rows_tie_and_large_defeats(old_style: FileScale) -> None:
    scale = old_style
    assert scale.maximum == 25
    assert [scale.vp(m, 16) for m in (0, 1, 2)] == [(15, 15)] * 3  # Klinger: 0-2 IMPs is a draw
    assert [scale.vp(m, 16) for m in range(3, 8)] == [(16, 14)] * 5  # Klinger: 3-7 IMPs is 16-14
    assert scale.vp(21, 16) == (20, 10)  # infobridge.it: 21 IMPs on 16 boards is 20-10
    assert scale.vp(-55, 16) == (5, 25)
    assert scale.vp(-81.5, 16) == (2, 25)  # a fractional margin is rounded, halves away from zero: 82 IMPs
    assert scale.vp(-81.4, 16) == (3, 25)
    assert scale.vp(150, 16) == (25, 0)
    assert vp_row(scale, 16)[-1] == 25 and len(vp_row(scale, 16)) == 101


@given(st.integers(min_value=0, max_value=200), st.integers(min_value=0, max_value=50))
def test_an_old_style_table_is_monotone_for_both_teams(old_style: FileScale, margin: int, more: int) -> None:
    scale = old_style
    winner, loser = scale.vp(margin, 16)
    bigger_winner, bigger_loser = scale.vp(margin + more, 16)
    assert 15 <= winner <= bigger_winner <= 25
    assert 15 >= loser >= bigger_loser >= 0
    assert scale.vp(-margin, 16) == (loser, winner)


def test_the_vp_command_prints_the_losers_fall_to_zero(old_style_file: Path) -> None:
    result = runner.invoke(app, ["vp", "--boards", "16", "--vp", str(old_style_file)])
    assert result.exit_code == 0, result.output
    lines = [line.split() for line in result.output.splitlines()[2:]]
    assert lines[0] == ["0", "15-15"] and lines[3] == ["3", "16-14"]
    assert ["55", "25-5"] in lines and ["82", "25-2"] in lines
    assert lines[-1] == ["100+", "25-0"]


def test_a_losers_column_that_rises_is_located(tmp_path: Path) -> None:
    """A typo in the loser's column (25-4 after 25-3) would give a team more VPs for losing by more; it is
    reported with line and column like the winner's column, instead of being scored."""
    path = tmp_path / "typo.csv"
    path.write_text(OLD_STYLE.replace("16,82,25,2", "16,82,25,4"), encoding="utf-8")
    with pytest.raises(VPScaleError) as raised:
        read_scale_file(path)
    (problem,) = raised.value.problems
    assert str(problem) == (
        f"{path}, line 15, column 'vp_loser': the loser's VPs must not rise as the margin grows: 4 after 3"
    )
    assert "mogen niet stijgen" in problem.describe("nl")


def test_a_tie_row_that_favours_one_team_is_located(tmp_path: Path) -> None:
    """At a margin of 0 neither team won: both have the tie's VPs (15-15 on the old WBF scales, Klinger, IBPA
    Bulletin May 2013).  With an equal tie, a winner's column that never falls and a loser's that never rises,
    the loser can never have more than the winner, so a swapped pair of columns is always caught."""
    path = tmp_path / "tie.csv"
    path.write_text("16,0,15,16\n16,3,16,14\n*,0,10\n*,4,12\n", encoding="utf-8")
    with pytest.raises(VPScaleError) as raised:
        read_scale_file(path)
    lines = [str(p).replace(str(path), "F") for p in raised.value.problems]
    assert lines == [
        "F, line 1, column 'vp_loser': a tie (a margin of 0 IMPs) gives both teams the same VPs, not 15 and 16"
    ]
    dutch = translator("nl")
    assert all(dutch.gettext(p.message) != p.message for p in raised.value.problems)


def test_the_vp_command_reports_a_bad_losers_column_with_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "typo.csv"
    path.write_text(OLD_STYLE.replace("16,91,25,1", "16,91,25,3"), encoding="utf-8")
    result = runner.invoke(app, ["vp", "--boards", "16", "--vp", str(path)])
    assert result.exit_code == 2
    assert "the loser's VPs must not rise as the margin grows: 3 after 2" in " ".join(result.output.split())
