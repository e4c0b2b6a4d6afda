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
from bridgescore.io.usebio import stated_method, written_method

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


# --- EVENT_TYPE (issue 18): USEBIO 1.0/1.1 state the method by the event type alone -------------------------------


def _retyped(tmp_path: Path, event_type: str, board_scoring: str | None = None, name: str = "evening.xml") -> Path:
    """mp-pairs.xml as Compscore3 writes an evening: ``EVENT_TYPE`` as given and no ``BOARD_SCORING_METHOD``
    (or the one given)."""
    text = reference_path(MP).read_text(encoding="iso-8859-1")
    text = text.replace('EVENT_TYPE="PAIRS"', f'EVENT_TYPE="{event_type}"')
    method = "" if board_scoring is None else f"<BOARD_SCORING_METHOD>{board_scoring}</BOARD_SCORING_METHOD>"
    text = text.replace("<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>", method)
    path = tmp_path / name
    path.write_text(text, encoding="iso-8859-1")
    return path


@pytest.mark.parametrize(
    ("event_type", "method", "tag"),
    [("BUTLER_PAIRS", "BUTLER_IMPS", "CROSS_IMP_POINTS"), ("CROSS_IMP", "CROSS_IMPS", "CROSS_IMP_POINTS"),
     ("SWISS_PAIRS_CROSS_IMPS", "CROSS_IMPS", "CROSS_IMP_POINTS")],
)  # fmt: skip
def test_a_compscore3_event_type_is_scored_by_its_method(
    tmp_path: Path, event_type: str, method: str, tag: str
) -> None:
    """Compscore3's Butler evening (``EVENT_TYPE="BUTLER_PAIRS"``, no ``BOARD_SCORING_METHOD``) was scored at
    matchpoints, exit 0; it is scored by Butler, the same points as ``--method butler``, and said."""
    source = _retyped(tmp_path, event_type)
    out, said = _score(tmp_path, source)
    assert NOTE in said and f'EVENT_TYPE "{event_type}"' in said
    assert ET.parse(out).getroot().findtext("EVENT/BOARD_SCORING_METHOD") == method
    given = method.lower().replace("_imps", "").replace("cross", "cross-imps")
    by_hand, _ = _score(tmp_path / ".." / tmp_path.name, source, "--method", given)
    assert _points(out, tag) == _points(by_hand, tag)


def test_a_file_naming_no_method_says_the_default(tmp_path: Path) -> None:
    """RealBridge's ``EVENT_TYPE="PAIRS"`` with no ``BOARD_SCORING_METHOD``: matchpoints, said in one line."""
    _out, said = _score(tmp_path, _retyped(tmp_path, "PAIRS"))
    assert "scored as matchpoints, the default" in said and 'EVENT_TYPE "PAIRS"' not in said
    assert said.count("the default") == 1
    _out, said = _score(tmp_path, _retyped(tmp_path, "MP_PAIRS"))  # names matchpoints: nothing to say
    assert "the default" not in said and NOTE not in said


@pytest.mark.parametrize(
    ("event_type", "board_scoring"), [("IMP_PAIRS", None), ("AGGREGATE", None), ("MP_PAIRS", "CROSS_IMPS")]
)
def test_a_method_that_cannot_be_taken_is_refused(tmp_path: Path, event_type: str, board_scoring: str | None) -> None:
    """IMP pairs without Butler or cross-IMPs, aggregate, or two methods: refused, naming --method – not scored at
    matchpoints with exit 0; with --method it is scored."""
    source = _retyped(tmp_path, event_type, board_scoring)
    refused = runner.invoke(app, ["score", str(source)])
    assert refused.exit_code == 2
    assert "give --method" in refused.output and event_type in refused.output
    assert runner.invoke(app, ["score", str(source), "--method", "butler"]).exit_code == 0


def test_archive_add_and_season_take_the_event_type(tmp_path: Path) -> None:
    """``archive add`` and ``season FILES`` read EVENT_TYPE as ``score`` does, and say the method."""
    source = _retyped(tmp_path, "BUTLER_PAIRS", name="2026-01-05.xml")
    db = tmp_path / "club.db"
    added = runner.invoke(app, ["archive", "add", str(source), "--db", str(db), "--competition", "Monday"])
    assert added.exit_code == 0, added.output
    assert NOTE in added.stderr and "BUTLER_PAIRS" in added.stderr
    listed = runner.invoke(app, ["archive", "list", "--db", str(db), "-f", "json"])
    assert '"butler"' in listed.stdout
    season = runner.invoke(app, ["season", str(source), "-f", "json"])
    assert season.exit_code == 0, season.output
    assert NOTE in season.stderr and "BUTLER_PAIRS" in season.stderr
    assert '"imps"' in season.stdout or "butler" in season.stdout


@pytest.mark.parametrize(
    ("info", "method", "untold"),
    [
        ({"event_type": "BUTLER_PAIRS"}, "butler", False),
        ({"event_type": "CROSS_IMP"}, "cross-imps", False),
        ({"event_type": "MP_PAIRS"}, "matchpoints", False),
        ({"event_type": "SWISS_PAIRS_BUTLER_IMPS"}, "butler", False),
        ({"event_type": "PAIRS", "board_scoring_method": "CROSS_IMPS"}, "cross-imps", False),
        ({"event_type": "IMP_PAIRS", "board_scoring_method": "BUTLER_IMPS"}, "butler", False),
        ({"event_type": "PAIRS"}, None, False),
        ({"event_type": "SWISS_PAIRS"}, None, False),
        ({"event_type": "IMP_PAIRS"}, None, True),
        ({"event_type": "PAIRS", "board_scoring_method": "IMPS"}, None, True),
        ({"event_type": "CROSS_IMP", "board_scoring_method": "MATCH_POINTS"}, None, True),
    ],
)
def test_stated_method(info: dict[str, str], method: str | None, untold: bool) -> None:
    stated = stated_method(info)
    assert (stated.method, stated.untold) == (method, untold)


def test_a_swiss_pairs_file_ranked_by_vps_says_the_ranking_differs(tmp_path: Path) -> None:
    """A Swiss pairs file whose pairs were ranked by the VPs of their matches (``MATCH_SCORING_METHOD`` VPS):
    bridgescore ranks by the boards' total, and says so rather than print another ranking as the program's."""
    source = _retyped(tmp_path, "SWISS_PAIRS_CROSS_IMPS", "CROSS_IMPS")
    text = source.read_text(encoding="iso-8859-1").replace(
        "<PROGRAM_NAME>", "<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD><PROGRAM_NAME>"
    )
    source.write_text(text, encoding="iso-8859-1")
    _out, said = _score(tmp_path, source)
    assert 'ranked the pairs by the VPs of their matches (MATCH_SCORING_METHOD "VPS")' in said
    assert NOTE in said  # and the method taken, cross-IMPs


def test_file_sessions_without_options_take_the_event_type(tmp_path: Path) -> None:
    """The API's FileSessions with no options (matchpoints) and no method given scores Compscore3's Butler evening
    by Butler, as the command line does – it was scored at matchpoints and said to name no method."""
    from bridgescore.season.files import FileSessions

    source = _retyped(tmp_path, "BUTLER_PAIRS", name="2026-01-05.xml")
    files = FileSessions([source], method_given=False)
    (session,) = files.sessions()
    assert session.summary.method == "butler"
    assert any(NOTE in str(p) for p in files.problems)
