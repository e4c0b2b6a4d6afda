"""``score`` of a USEBIO file takes the method the file names (``BOARD_SCORING_METHOD``) where the director gives
no ``--method`` and no ``--as``, and says so in one line: Pianola's ``ximp-pairs.xml`` (``CROSS_IMPS``) then
reproduces Pianola's cross-IMP points on every line without ``--method cross-imps`` (issue 13, area usebio2)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from tests.reference_data import reference_path
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.io.usebio import written_method

runner = CliRunner()
XIMP = "events/usebio-ebu-examples/original/ximp-pairs.xml"
MP = "events/usebio-ebu-examples/original/mp-pairs.xml"  # bundled: runs in a clone alone
NOTE = "the method the file names"


def _points(path: Path, tag: str) -> dict[tuple[str, str, str], str | None]:
    """Each line's ``NS_<tag>`` by board and pairs."""
    out: dict[tuple[str, str, str], str | None] = {}
    for board in ET.parse(path).getroot().iter("BOARD"):
        number = board.findtext("BOARD_NUMBER") or ""
        for line in board.iter("TRAVELLER_LINE"):
            key = (number, line.findtext("NS_PAIR_NUMBER") or "", line.findtext("EW_PAIR_NUMBER") or "")
            out[key] = line.findtext(f"NS_{tag}")
    return out


def _score(tmp_path: Path, source: Path, *args: str) -> tuple[Path, str]:
    out = tmp_path / "out.xml"
    result = runner.invoke(app, ["score", str(source), "-f", "usebio", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return out, result.stderr


def test_ximp_file_is_scored_by_cross_imps_without_method(tmp_path: Path) -> None:
    source = reference_path(XIMP)
    out, said = _score(tmp_path, source)
    assert NOTE in said and "CROSS_IMPS" in said and "Pianola" in said
    assert said.count(NOTE) == 1
    written = _points(out, "CROSS_IMP_POINTS")
    pianola = _points(source, "CROSS_IMP_POINTS")
    assert len(pianola) == 192
    assert written == pianola  # every line as Pianola printed it
    assert ET.parse(out).getroot().findtext("EVENT/BOARD_SCORING_METHOD") == "CROSS_IMPS"


def test_an_imp_option_is_taken_for_the_file_method(tmp_path: Path) -> None:
    """``--factor`` applies to the IMP methods only: with the cross-IMP file and no --method it is taken (the file's
    method), while a matchpoint file still refuses it."""
    _out, said = _score(tmp_path, reference_path(XIMP), "--factor")
    assert NOTE in said
    refused = runner.invoke(app, ["score", str(reference_path(MP)), "--factor"])
    assert refused.exit_code == 2
    assert "--factor does not apply to matchpoints" in refused.output


@pytest.mark.parametrize("given", [["--method", "matchpoints"], ["--as", "pairsscorer"]])
def test_the_directors_method_or_program_wins(tmp_path: Path, given: list[str]) -> None:
    out, said = _score(tmp_path, reference_path(XIMP), *given)
    assert NOTE not in said
    assert ET.parse(out).getroot().findtext("EVENT/BOARD_SCORING_METHOD") == "MATCH_POINTS"


def test_a_matchpoint_file_says_nothing(tmp_path: Path) -> None:
    out, said = _score(tmp_path, reference_path(MP))
    assert NOTE not in said
    assert ET.parse(out).getroot().findtext("EVENT/BOARD_SCORING_METHOD") == "MATCH_POINTS"


def test_the_line_in_dutch(tmp_path: Path) -> None:
    _out, said = _score(tmp_path, reference_path(XIMP), "--lang", "nl")
    assert "de methode die het bestand noemt" in said


def test_a_butler_file_written_by_bridgescore_is_scored_by_butler_again(tmp_path: Path) -> None:
    """bridgescore's own USEBIO (``BUTLER_IMPS``) read back without --method: Butler again, the same points."""
    first, _ = _score(tmp_path, reference_path(MP), "--method", "butler")
    copy = tmp_path / "butler.xml"
    copy.write_bytes(first.read_bytes())
    again, said = _score(tmp_path, copy)
    assert NOTE in said and "BUTLER_IMPS" in said
    assert _points(again, "CROSS_IMP_POINTS") == _points(copy, "CROSS_IMP_POINTS")
    assert ET.parse(again).getroot().findtext("EVENT/BOARD_SCORING_METHOD") == "BUTLER_IMPS"


@pytest.mark.parametrize(
    ("written", "method"),
    [
        ("MATCH_POINTS", "matchpoints"),
        ("CROSS_IMPS", "cross-imps"),
        ("cross imps", "cross-imps"),
        ("BUTLER_IMPS", "butler"),
        ("BASTILLE", "bastille"),
        ("IMPS", None),  # the teams' word: no pairs method
        ("PAB", None),
        ("", None),
    ],
)
def test_written_method(written: str, method: str | None) -> None:
    assert written_method({"board_scoring_method": written} if written else {}) == method
