"""Issue 13 end to end: evenings stored with ``archive add`` and ranked by ``season --db`` give the season of the
files themselves (SQLite and PostgreSQL); ``archive add`` checks member numbers against a members file (nothing
written on an unknown one) and stores each session of a multi-session file as its own session."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.archive import open_archive
from bridgescore.cli import app

REPO = Path(__file__).resolve().parents[1]
SEASON = sorted((REPO / "src" / "bridgescore" / "examples" / "season").glob("*.csv"))
runner = CliRunner()


def _season(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["season", *args, "-f", "json"])
    assert result.exit_code == 0, result.output
    document: dict[str, object] = json.loads(result.stdout)
    return document


def _standings(document: dict[str, object]) -> list[object]:
    """The standings with each evening named by its place in the season (the archive keys a session by date and
    file name, the files by file name)."""
    out = []
    for entry in document["standings"]:  # type: ignore[attr-defined]
        evenings = [{k: v for k, v in e.items() if k != "session"} for e in entry["evenings"]]
        out.append({**entry, "evenings": evenings})
    return out


def _add(db: str, *args: str) -> None:
    result = runner.invoke(app, ["archive", "add", *args, "--db", db])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("rules", [["--rule", "best:6", "--absent", "fixed:40"], ["--absent", "average:50"],
                                   ["--per", "player", "--min-evenings", "7"]])  # fmt: skip
def test_season_from_the_archive_is_the_season_of_the_files(archive_url: str, rules: list[str]) -> None:
    _add(archive_url, *map(str, SEASON), "--competition", "maandag")
    stored = _season("--db", archive_url, "--competition", "maandag", *rules)
    files = _season(*map(str, SEASON), *rules)
    assert _standings(stored) == _standings(files) and stored["standings"]
    assert [s["date"] for s in stored["sessions"]] == [p.stem for p in SEASON]  # type: ignore[index,union-attr]


def test_season_from_the_archive_by_period_and_scored_again_at_butler(archive_url: str) -> None:
    _add(archive_url, *map(str, SEASON), "--competition", "maandag")
    autumn = _season("--db", archive_url, "--from", "2026-10-01", "-m", "butler")
    files = _season(*map(str, SEASON[4:]), "-m", "butler")
    assert autumn["unit"] == "imps" and _standings(autumn) == _standings(files) and autumn["standings"]
    missing = runner.invoke(app, ["season", "--db", archive_url, "--competition", "dinsdag"])
    assert missing.exit_code == 2 and "holds no sessions of the competition 'dinsdag'" in missing.output
    both = runner.invoke(app, ["season", str(SEASON[0]), "--db", archive_url])
    assert both.exit_code == 2 and "not both" in both.output


_TRAVELLERS = (
    "board,ns,ew,score,n_number,s_number,e_number,w_number\n"
    "1,1,2,420,1001,1002,1003,1004\n"
    "1,3,4,450,1005,1006,1007,1008\n"
)
_MEMBERS = "number,name\n1001,Ann\n1002,Bob\n1003,Cy\n1004,Di\n1005,Ed\n1006,Flo\n1007,Gus\n1008,Hal\n"


def test_archive_add_names_members_and_refuses_an_unknown_number(archive_url: str, tmp_path: Path) -> None:
    travellers, members = tmp_path / "2026-11-02.csv", tmp_path / "members.csv"
    members.write_text(_MEMBERS)
    travellers.write_text(_TRAVELLERS.replace(",1008\n", ",1009\n"))
    refused = runner.invoke(app, ["archive", "add", str(travellers), "--members", str(members), "--db", archive_url])
    assert refused.exit_code == 2 and "member number 1009 is not in the members file" in refused.output
    assert "nothing was stored" in refused.output
    with open_archive(archive_url) as archive:
        assert archive.sessions() == []
    travellers.write_text(_TRAVELLERS)
    _add(archive_url, str(travellers), "--members", str(members))
    with open_archive(archive_url) as archive:
        [stored] = archive.sessions()
    assert stored.summary.date == "2026-11-02"  # from the file's name: a CSV says no date
    assert {p.pair: [(x.number, x.name) for x in p.players] for p in stored.summary.pairs}["1"] == [
        ("1001", "Ann"), ("1002", "Bob")
    ]  # fmt: skip
    history = runner.invoke(app, ["player", "1001", "--db", archive_url])
    assert history.exit_code == 0 and "Bob" in history.output


def test_archive_add_stores_each_session_of_a_multi_session_file(archive_url: str, tmp_path: Path) -> None:
    both = tmp_path / "championship.csv"
    both.write_text("session,board,ns,ew,score\n1,1,1,2,420\n1,1,3,4,450\n2,1,1,3,-50\n2,1,2,4,100\n")
    _add(archive_url, str(both))
    with open_archive(archive_url) as archive:
        keys = sorted(s.summary.key for s in archive.sessions())
    assert keys == ["championship.csv#1", "championship.csv#2"]
    again = runner.invoke(app, ["archive", "add", str(both), "--key", "x", "--db", archive_url])
    assert again.exit_code == 2 and "holds 2" in again.output


def test_two_evenings_of_one_section_are_refused_without_sessions(tmp_path: Path) -> None:
    """The issue's own case: two evenings of the club's one section A (boards 1–14 both, a section column) were
    matchpointed as one field with only a failed check (exit 0)."""
    first, second = map(str, SEASON[:2])
    refused = runner.invoke(app, ["score", first, second])
    assert refused.exit_code == 2
    assert "both hold boards 1-14 played by the same pairs in the same section" in refused.output
    assert "--session NAME" in refused.output
    sessions = runner.invoke(app, ["score", first, second, "--session", "1", "--session", "2"])
    assert sessions.exit_code == 0 and "Overall ranking" in sessions.output
    # the same evening's two sections in two files (A and B) are not two evenings
    one, other = tmp_path / "a.csv", tmp_path / "b.csv"
    text = Path(first).read_text()
    one.write_text(text)
    other.write_text(text.replace("\nA,", "\nB,"))
    assert runner.invoke(app, ["score", str(one), str(other)]).exit_code == 0


def test_one_session_twice_in_one_archive_add_stores_nothing(archive_url: str, tmp_path: Path) -> None:
    """A copy of an evening under another name in the same call was stored once and refused once (half the call
    written); now the call is refused before anything is stored."""
    copy = tmp_path / "copy.csv"
    copy.write_bytes(SEASON[0].read_bytes())
    refused = runner.invoke(app, ["archive", "add", str(SEASON[0]), str(SEASON[1]), str(copy), "--db", archive_url])
    assert refused.exit_code == 2 and "one session given twice" in refused.output
    assert "nothing was stored" in refused.output
    with open_archive(archive_url) as archive:
        assert archive.sessions() == []


def test_archive_add_and_season_take_the_method_a_usebio_file_names(archive_url: str, tmp_path: Path) -> None:
    """``score`` scores a USEBIO file by its BOARD_SCORING_METHOD where no --method is given; ``archive add`` and
    ``season FILES`` stored and ranked it at matchpoints (a Butler evening as a matchpoint one)."""
    from tests.reference_data import reference_path

    butler = tmp_path / "2015-10-22.xml"
    written = runner.invoke(app, ["score", str(reference_path("events/usebio-ebu-examples/original/mp-pairs.xml")),
                                  "-m", "butler", "-f", "usebio", "-o", str(butler)])  # fmt: skip
    assert written.exit_code == 0, written.output
    season = _season(str(butler))
    assert season["unit"] == "imps"
    _add(archive_url, str(butler))
    with open_archive(archive_url) as archive:
        [stored] = archive.sessions()
        assert stored.summary.method == "butler" and stored.summary.unit == "imps"
        assert archive.options(stored.summary.key)["method"] == "butler"  # scored again the same way
    assert _standings(_season("--db", archive_url)) == _standings(season)


def test_a_session_column_naming_one_session_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file whose session column names one session (the EBU's exports: SESSION 1 on every line) was split into
    its lines by the line-by-line reader, found to be one session, and read again; now the column's values decide
    before any line is read."""
    import bridgescore
    from bridgescore.io import session_column

    one = tmp_path / "one.csv"
    one.write_text("session,board,ns,ew,score\n1,1,1,2,420\n1,1,3,4,450\n")

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("split read the lines of a one-session file")

    monkeypatch.setattr(session_column, "split", refuse)
    assert bridgescore.read_sessions(one) is None
    assert len(bridgescore.read(one).results) == 2
