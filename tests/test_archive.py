"""The archive of scored sessions (issue 13): stored and read back on SQLite and on a real PostgreSQL server
(``tests/pg.py``), refused twice, corrected with a history, a player's sessions, the ``archive`` and ``player``
commands, and two ``archive add`` processes at once."""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import bridgescore
from bridgescore.archive import ArchiveError, ArchiveRefusal, database_url, open_archive, rescore, session_key
from bridgescore.archive.store import HEAD, MIGRATIONS
from bridgescore.cli import app
from bridgescore.core.event import Event
from bridgescore.core.players import Player
from bridgescore.pairs.sessions import summarise

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "src" / "bridgescore" / "examples" / "club-evening.csv"
runner = CliRunner()

#: Member numbers for the example's 14 pairs (A 1–7, B 8–14 in section A: pairs 1–14), player 1000 + 2·pair (+1).
NUMBERS = {str(pair): (f"{1000 + 2 * pair}", f"{1001 + 2 * pair}") for pair in range(1, 15)}


def _seated(event: Event, swap: dict[str, str] | None = None) -> Event:
    """The example event with two numbered players per pair (``swap`` gives a pair the players of another)."""
    players = {}
    names = {}
    for pair, (a, b) in NUMBERS.items():
        source = (swap or {}).get(pair, pair)
        a, b = NUMBERS[source]
        players[pair] = (Player(a, f"Player {a}"), Player(b, f"Player {b}"))
        names[pair] = f"Player {a} & Player {b}"
    return dataclasses.replace(event, players=MappingProxyType(players), names=MappingProxyType(names))


def _add(archive_url: str, event: Event, key: str, competition: str = "monday", replace: bool = False, **options: str):
    with open_archive(archive_url) as archive:
        scores = bridgescore.score(event, **options)
        content = ("\n".join(str(r) for r in event.results) + key).encode()
        return archive.add(
            scores, file=f"{key}.csv", content=content, key=key, competition=competition, options=options,
            replace=replace,
        )  # fmt: skip


def _dated(event: Event, date: str) -> Event:
    return dataclasses.replace(event, info=MappingProxyType({**event.info, "date": date}))


def _another(event: Event, remark: str) -> Event:
    """Another evening's lines (the first line's remark): the archive knows an evening by its lines, whatever the
    date or the players."""
    first, *rest = event.results
    return dataclasses.replace(event, results=(dataclasses.replace(first, remarks=remark), *rest))


# --- the schema ---------------------------------------------------------------------------------------------------


def test_the_migrations_make_the_models_schema(archive_url: str) -> None:
    """Alembic's head is the revision the code expects, and the schema it makes is the models' (compared by Alembic's
    autogenerate): a model changed without a migration fails here."""
    from alembic.autogenerate import compare_metadata
    from alembic.config import Config
    from alembic.migration import MigrationContext
    from alembic.script import ScriptDirectory

    from bridgescore.archive.models import Base

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(config).get_current_head() == HEAD
    archive = open_archive(archive_url)
    with archive.engine.connect() as connection:
        context = MigrationContext.configure(connection)
        assert context.get_current_revision() == HEAD
        assert compare_metadata(context, Base.metadata) == []
    archive.close()


def test_database_url_reads_paths_and_urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BRIDGESCORE_DB", raising=False)
    assert database_url(None) == f"sqlite:///{tmp_path / 'bridgescore.sqlite3'}"
    assert database_url("club.db") == f"sqlite:///{tmp_path / 'club.db'}"
    assert database_url("postgresql://nbb@db.example/archive") == "postgresql+psycopg://nbb@db.example/archive"
    assert database_url("postgres://nbb@db/a") == "postgresql+psycopg://nbb@db/a"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
    monkeypatch.setenv("BRIDGESCORE_DB", "season.sqlite3")
    assert database_url(None) == f"sqlite:///{tmp_path / 'season.sqlite3'}"


def test_session_key_from_date_club_title_and_file() -> None:
    assert (
        session_key("2026-09-07", "BC Utrecht", "Monday", "/x/evening.csv")
        == "2026-09-07/BC Utrecht/Monday/evening.csv"
    )
    assert session_key("", "", "", "evening.csv") == "evening.csv"


# --- storing and reading back -------------------------------------------------------------------------------------


def test_a_session_stored_and_read_back_gives_the_same_standings(archive_url: str) -> None:
    event = _dated(_seated(bridgescore.read(EXAMPLE)), "07-09-2026")
    scores = bridgescore.score(event, "matchpoints")
    added = _add(archive_url, event, "s1", method="matchpoints")
    assert (added.version, added.date, added.pairs, added.lines) == (1, "2026-09-07", 14, 98)
    with open_archive(archive_url) as archive:
        (stored,) = archive.sessions("monday")
        assert archive.options("s1") == {"method": "matchpoints"}
        again = rescore(stored, archive.options("s1"))
    # the event as read: every line with every field (and its place in the file), names, players, date
    assert tuple(stored.event.results) == tuple(event.results)
    assert dict(stored.event.names) == dict(event.names)
    assert dict(stored.event.players) == dict(event.players)
    assert stored.event.info["date"] == "07-09-2026"
    # the summary as stored is the summary of the scoring, and scoring the stored event again gives it too
    expected = dataclasses.replace(
        summarise(scores.scored, "s1", "monday"), options=MappingProxyType({"method": "matchpoints"})
    )
    assert stored.summary == expected
    assert summarise(again.scored, "s1", "monday").pairs == expected.pairs
    assert stored.summary.pairs[0].players[0].number in {n for pair in NUMBERS.values() for n in pair}


def test_a_season_ranking_what_was_stored_reads_no_line(archive_url: str) -> None:
    """Issue 19: a season over a federation's archive ranks the stored summaries; reading back its million lines
    took most of ``season --db``.  Without its lines a session is the same summary, names, players and info; a
    season that scores the events again (a method given) gets them whatever it asks."""
    from bridgescore.api import resolve_options
    from bridgescore.season.files import ArchiveSessions

    event = _dated(_seated(bridgescore.read(EXAMPLE)), "2026-09-07")
    _add(archive_url, event, "s1", method="matchpoints")
    with open_archive(archive_url) as archive:
        (whole,) = archive.sessions()
        (summary_only,) = archive.sessions(lines=False)
        (as_stored,) = ArchiveSessions(archive).sessions(lines=False)
        (scored_again,) = ArchiveSessions(archive, resolve_options("matchpoints")).sessions(lines=False)
    assert len(whole.event.results) == 98
    assert len(summary_only.event.results) == 0 and len(as_stored.event.results) == 0
    assert summary_only.summary == whole.summary == as_stored.summary
    assert (summary_only.event.names, summary_only.event.players, summary_only.event.info) == (
        whole.event.names, whole.event.players, whole.event.info,
    )  # fmt: skip
    assert tuple(scored_again.event.results) == tuple(whole.event.results)
    assert scored_again.summary.pairs == whole.summary.pairs


def test_lines_written_a_slice_at_a_time_are_stored_whole(archive_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: the lines are turned into rows a slice at a time (a federation's million at once took a third of
    archive add's memory); slices that do not divide the lines store every line once, in order, and a correction
    compares them all."""
    from bridgescore.archive import store

    monkeypatch.setattr(store, "_CHUNK", 11)
    event = _dated(_seated(bridgescore.read(EXAMPLE)), "2026-09-07")
    assert _add(archive_url, event, "s1").lines == 98
    changed = _another(event, "late change")
    corrected = _add(archive_url, changed, "s1", replace=True)
    with open_archive(archive_url) as archive:
        (stored,) = archive.sessions()
    assert tuple(stored.event.results) == tuple(changed.results)
    assert corrected.version == 2 and len(corrected.changes["lines_changed"]) == 1
    assert not corrected.changes["lines_added"] and not corrected.changes["lines_removed"]


def test_the_first_lines_of_a_new_sqlite_archive_keep_its_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Issue 19: the first lines stored in a new SQLite archive have its index on ``lines.session_id`` built once
    after them (in the same transaction); afterwards the index is the one the migrations make, used to read a
    session back, and an add refused halfway leaves it and nothing else."""
    import sqlite3

    from bridgescore.archive import store
    from bridgescore.archive.store import ToStore

    INDEX = "ix_lines_session_id"
    monkeypatch.setattr(store, "_CHUNK", 11)  # the example's 98 lines are "many"
    db = tmp_path / "new.sqlite3"
    with open_archive(db) as archive:
        with archive.engine.connect() as connection:
            schema = connection.exec_driver_sql(f"SELECT sql FROM sqlite_master WHERE name = '{INDEX}'").all()
        event = _dated(bridgescore.read(EXAMPLE), "2026-09-07")
        scores = bridgescore.score(event)
        twice = [ToStore(scores, "a.csv", b"a", "a"), ToStore(scores, "b.csv", b"b", "b")]  # the second a copy
        with pytest.raises(ArchiveRefusal):
            archive.add_all(twice)
        assert archive.counts()["lines"] == 0
        archive.add_all(twice[:1])
        (stored,) = archive.sessions()
    assert tuple(stored.event.results) == tuple(event.results)
    with sqlite3.connect(db) as connection:
        assert connection.execute(f"SELECT sql FROM sqlite_master WHERE name = '{INDEX}'").fetchall() == schema
        assert INDEX in str(
            connection.execute("EXPLAIN QUERY PLAN SELECT * FROM lines WHERE session_id = 1").fetchall()
        )
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


def test_an_imp_session_keeps_its_imps_and_datums(archive_url: str) -> None:
    event = _dated(bridgescore.read(EXAMPLE), "2026-09-14")
    scores = bridgescore.score(event, "butler")
    _add(archive_url, event, "butler", method="butler")
    with open_archive(archive_url) as archive:
        (stored,) = archive.sessions()
        with archive.engine.connect() as connection:
            from sqlalchemy import text

            datums = connection.execute(text("SELECT number, datum FROM boards ORDER BY number")).all()
    assert stored.summary.unit == "imps"
    assert [p.imps for p in stored.summary.pairs] == [p.imps for p in summarise(scores.scored).pairs]
    lines = scores.scored.lines
    assert [tuple(r) for r in datums] == [
        (int(n), float(d)) for n, d in zip(lines.board_numbers, lines.datums, strict=True)
    ]


def test_sessions_by_competition_and_dates(archive_url: str) -> None:
    event = bridgescore.read(EXAMPLE)
    shifted = dataclasses.replace(event, results=tuple(dataclasses.replace(r, remarks="") for r in event.results))
    for day, competition in ((21, "monday"), (7, "monday"), (14, "thursday"), (28, "monday")):
        base = event if day != 14 else shifted
        _add(archive_url, _dated(_another(base, f"day {day}"), f"2026-09-{day:02d}"), f"s{day}", competition)
    with open_archive(archive_url) as archive:
        assert [s.summary.date for s in archive.sessions("monday")] == ["2026-09-07", "2026-09-21", "2026-09-28"]
        assert [s.summary.key for s in archive.sessions("monday", since="2026-09-10", until="2026-09-21")] == ["s21"]
        assert len(archive.sessions()) == 4
        assert [s.key for s in archive.list_sessions()] == ["s7", "s14", "s21", "s28"]


def test_a_session_added_twice_is_refused_and_nothing_written(archive_url: str) -> None:
    event = _dated(_seated(bridgescore.read(EXAMPLE)), "2026-09-07")
    _add(archive_url, event, "s1")
    with open_archive(archive_url) as archive:
        before = archive.counts()
    with pytest.raises(ArchiveRefusal) as refused:
        _add(archive_url, event, "s1")
    assert "session s1 (2026-09-07, version 1, from s1.csv) is already in the archive" in str(refused.value)
    assert refused.value.problem.location.file == "s1.csv"
    with open_archive(archive_url) as archive:
        assert archive.counts() == before
        assert before["lines"] == 98 and before["players"] == 28 and before["pair_players"] == 28


def test_a_correction_keeps_the_history_of_what_changed(archive_url: str) -> None:
    event = _dated(_seated(bridgescore.read(EXAMPLE)), "2026-09-07")
    _add(archive_url, event, "s1")
    # board 1, NS 1 against EW 8: 4S+1 (450) was in fact 4S= (420); the line of board 2 between 2 and 10 is dropped
    lines = []
    for r in event.results:
        if (r.board, r.ns_pair) == (1, "1"):
            r = dataclasses.replace(r, tricks=10, ns_score=420)
        if (r.board, r.ns_pair) == (2, "2"):
            continue
        lines.append(r)
    corrected = dataclasses.replace(event, results=tuple(lines))
    added = _add(archive_url, corrected, "s1", replace=True)
    assert added.version == 2
    with open_archive(archive_url) as archive:
        history = archive.history("s1")
        (stored,) = archive.sessions()
        counts = archive.counts()
    assert [v["version"] for v in history] == [1, 2]
    changes = history[1]["changes"]
    assert changes["lines_changed"] == [
        {"section": "A", "board": 1, "ns": "1", "ew": "8", "old": "4S S 11 +450", "new": "4S S 10 +420",
         "old_score": 450, "new_score": 420}
    ]  # fmt: skip
    assert changes["lines_removed"] == [{"section": "A", "board": 2, "ns": "2", "ew": "10", "old": "3NT W 9 -400"}]
    assert changes["lines_added"] == []
    changed_pairs = {(p["pair"], p["direction"]) for p in changes["pairs_changed"]}
    assert ("1", "NS") in changed_pairs and ("8", "EW") in changed_pairs
    assert stored.summary.key == "s1" and len(stored.event.results) == 97
    assert counts["sessions"] == 1 and counts["lines"] == 97 and counts["corrections"] == 2
    assert counts["players"] == 28  # the players are stored once, whatever the versions


def test_the_same_content_under_another_key_is_refused(archive_url: str) -> None:
    event = bridgescore.read(EXAMPLE)
    with open_archive(archive_url) as archive:
        scores = bridgescore.score(event)
        archive.add(scores, file="a.csv", content=b"same", key="one")
        with pytest.raises(ArchiveRefusal, match=r"a\.csv is already in the archive as session one"):
            archive.add(scores, file="a.csv", content=b"same", key="two")


def test_a_players_sessions_with_partners(archive_url: str) -> None:
    event = bridgescore.read(EXAMPLE)
    _add(archive_url, _dated(_seated(event), "2026-09-07"), "s1")
    # a week later player 1002's partner 1003 sits with pair 6's players, and pair 1 plays as pair 6
    week = _seated(_another(event, "a week later"), swap={"6": "1", "1": "6"})
    _add(archive_url, _dated(week, "2026-09-14"), "s2")
    with open_archive(archive_url) as archive:
        who, sessions = archive.player("1002")
        with pytest.raises(ArchiveError, match="no player 99 in the archive"):
            archive.player("99")
    assert who == Player("1002", "Player 1002")
    assert [(s.key, s.pair, s.partners) for s in sessions] == [
        ("s1", "1", ("Player 1003 (1003)",)),
        ("s2", "6", ("Player 1003 (1003)",)),
    ]
    assert all(s.percent is not None and s.boards == 14 for s in sessions)


# --- the commands ---------------------------------------------------------------------------------------------------


def _copy(tmp_path: Path, name: str, text: str | None = None) -> Path:
    path = tmp_path / name
    path.write_text(text if text is not None else EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_archive_add_list_history_and_player_commands(tmp_path: Path, archive_url: str) -> None:
    evening = _copy(tmp_path, "evening.csv")
    names = tmp_path / "names.csv"
    names.write_text("pair,names\n" + "".join(f"{p},Ann{p} & Bob{p}\n" for p in range(1, 15)), encoding="utf-8")
    db = ["--db", archive_url]
    added = runner.invoke(app, ["archive", "add", str(evening), *db, "--date", "2026-09-07", "--competition",
                                "monday", "--names", str(names), "-m", "butler"])  # fmt: skip
    assert added.exit_code == 0, added.output
    assert "stored as 2026-09-07/evening.csv (2026-09-07, 14 pairs, 98 lines)" in added.output
    listed = runner.invoke(app, ["archive", "list", *db, "-f", "json"])
    assert listed.exit_code == 0, listed.output
    (session,) = json.loads(listed.output)["sessions"]
    assert (session["key"], session["competition"], session["method"], session["pairs"], session["boards"]) == (
        "2026-09-07/evening.csv", "monday", "butler", 14, 14,
    )  # fmt: skip
    twice = runner.invoke(app, ["archive", "add", str(evening), *db, "--date", "2026-09-07"])
    assert twice.exit_code == 2
    assert "is already in the archive" in twice.output and "Traceback" not in twice.output
    text = EXAMPLE.read_text(encoding="utf-8").replace("A,1,1,8,4S,S,+1,DK,450,", "A,1,1,8,4S,S,=,DK,420,")
    corrected = _copy(tmp_path, "evening.csv", text)
    replaced = runner.invoke(app, ["archive", "add", str(corrected), *db, "--date", "2026-09-07", "--replace",
                                   "--names", str(names), "-m", "butler", "--competition", "monday"])  # fmt: skip
    assert replaced.exit_code == 0, replaced.output
    assert "version 2 (1 line(s) changed, 0 added, 0 removed;" in replaced.output
    history = runner.invoke(app, ["archive", "history", "2026-09-07/evening.csv", *db])
    assert history.exit_code == 0, history.output
    assert "A board 1, NS 1 – EW 8: 4S S 11 +450 → 4S S 10 +420" in history.output
    player = runner.invoke(app, ["player", "Ann1", *db, "-f", "json"])
    assert player.exit_code == 0, player.output
    document = json.loads(player.output)
    assert [(s["pair"], s["partners"]) for s in document["sessions"]] == [("1", ["Bob1"])]
    assert document["imps_per_board"] == pytest.approx(document["sessions"][0]["imps"] / 14)
    unknown = runner.invoke(app, ["player", "12345", *db])
    assert unknown.exit_code == 2 and "no player 12345 in the archive" in unknown.output
    assert runner.invoke(app, ["archive", "history", "nothing", *db]).exit_code == 2


def test_a_file_with_an_error_stores_nothing(tmp_path: Path, archive_url: str) -> None:
    good = _copy(tmp_path, "good.csv")
    bad = _copy(tmp_path, "bad.csv", EXAMPLE.read_text(encoding="utf-8").replace("A,1,1,8,4S,", "A,1,1,8,9S,"))
    db = archive_url
    result = runner.invoke(app, ["archive", "add", str(good), str(bad), "--db", str(db)])
    assert result.exit_code == 2
    assert "bad.csv, line 2, column 'contract'" in result.output
    assert "nothing was stored in the archive" in result.output
    if "://" not in db:
        assert not Path(db).exists()  # not even an empty archive is made
    runner.invoke(app, ["archive", "add", str(good), "--db", str(db)])
    with open_archive(db) as archive:
        before = archive.counts()
    again = runner.invoke(app, ["archive", "add", str(bad), "--db", str(db), "--key", "other"])
    assert again.exit_code == 2 and "bad.csv, line 2, column 'contract'" in again.output
    with open_archive(db) as archive:
        assert archive.counts() == before and before["sessions"] == 1


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ("{folder}/missing/a.sqlite3", "the folder {folder}/missing does not exist"),
        ("{folder}/not-a-database.sqlite3", "file is not a database"),
        ("mysql+nothing://x@y/z", "bridgescore keeps its archive in SQLite (a file name) or PostgreSQL"),
        ("postgresql://nobody@/none?host={folder}", "cannot open the archive"),
        ("sqlite://x:y:z", "is no archive"),
    ],
)
def test_an_archive_that_cannot_be_opened_is_said_in_words(tmp_path: Path, given: str, words: str) -> None:
    (tmp_path / "not-a-database.sqlite3").write_text("section,board\n" * 200, encoding="utf-8")
    result = runner.invoke(app, ["archive", "add", str(EXAMPLE), "--db", given.format(folder=tmp_path)])
    assert result.exit_code == 2, result.output
    assert words.format(folder=tmp_path) in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_reading_commands_do_not_make_an_archive(tmp_path: Path) -> None:
    missing = tmp_path / "typo.sqlite3"
    result = runner.invoke(app, ["archive", "list", "--db", str(missing)])
    assert result.exit_code == 2 and "there is no archive" in result.output
    assert not missing.exists()


def test_archive_messages_in_dutch(tmp_path: Path) -> None:
    result = runner.invoke(app, ["player", "12", "--db", str(tmp_path / "x.sqlite3"), "--lang", "nl"])
    assert result.exit_code == 2 and "er is geen archief" in result.output


# --- two processes at once --------------------------------------------------------------------------------------


def _bridgescore(*args: str, cwd: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.Popen([sys.executable, "-m", "bridgescore", *args], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip


def test_two_archive_adds_at_once_lose_nothing(tmp_path: Path, archive_url: str) -> None:
    """Two processes add two evenings whose pairs are the same players (a names file), then both add one more
    evening at once: every line and player is stored once, the second of the same evening refused cleanly."""
    names = tmp_path / "names.csv"
    names.write_text("pair,names\n" + "".join(f"{p},Ann{p} & Bob{p}\n" for p in range(1, 15)), encoding="utf-8")
    first = _copy(tmp_path, "first.csv")
    second = _copy(tmp_path, "second.csv", EXAMPLE.read_text(encoding="utf-8").replace(",DK,450,", ",DJ,450,"))
    db = ["--db", archive_url, "--names", str(names)]
    runs = [_bridgescore("archive", "add", str(p), *db, cwd=tmp_path) for p in (first, second)]
    outcomes = [(r.wait(120), *r.communicate()) for r in runs]
    assert [o[0] for o in outcomes] == [0, 0], outcomes
    third = _copy(tmp_path, "third.csv", EXAMPLE.read_text(encoding="utf-8").replace(",DK,450,", ",DQ,450,"))
    runs = [_bridgescore("archive", "add", str(third), *db, cwd=tmp_path) for _ in range(2)]
    outcomes = [(r.wait(120), *r.communicate()) for r in runs]
    assert sorted(o[0] for o in outcomes) == [0, 2], outcomes
    refused = next(o for o in outcomes if o[0] == 2)
    assert "is already in the archive" in refused[2] and "Traceback" not in refused[2]
    with open_archive(archive_url) as archive:
        counts = archive.counts()
        keys = [s.key for s in archive.list_sessions()]
    assert sorted(keys) == ["first.csv", "second.csv", "third.csv"]
    assert counts["lines"] == 3 * 98 and counts["pairs"] == 3 * 14
    assert counts["players"] == 28 and counts["pair_players"] == 3 * 28


def test_the_same_file_under_two_names_at_once_is_stored_once(tmp_path: Path, archive_url: str) -> None:
    """The same content added at once as two files (two keys): one is stored, the other refused as the same file."""
    copies = [_copy(tmp_path, name) for name in ("monday.csv", "monday-copy.csv")]
    runs = [_bridgescore("archive", "add", str(p), "--db", archive_url, cwd=tmp_path) for p in copies]
    outcomes = [(r.wait(120), *r.communicate()) for r in runs]
    assert sorted(o[0] for o in outcomes) == [0, 2], outcomes
    assert "is already in the archive as session" in next(o for o in outcomes if o[0] == 2)[2]
    with open_archive(archive_url) as archive:
        assert archive.counts()["sessions"] == 1 and archive.counts()["lines"] == 98


def test_the_migrations_ship_in_the_wheel() -> None:
    """The migrations are modules of the package (env.py, versions/*.py) and the revision template is package data,
    so an installed bridgescore creates its archive without the source tree."""
    import fnmatch
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["bridgescore"]
    package = REPO / "src" / "bridgescore"
    assert any(fnmatch.fnmatch("archive/migrations/script.py.mako", g) for g in globs)
    for folder in (MIGRATIONS, MIGRATIONS / "versions"):
        assert (folder / "__init__.py").exists(), folder.relative_to(package)
    assert (MIGRATIONS / "env.py").exists() and list((MIGRATIONS / "versions").glob("0001_*.py"))


def test_a_database_failing_halfway_is_said_in_words(archive_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that goes away while a session is stored, or while the archive is read: a message naming the file
    and the database's own words, exit 2, no traceback."""
    from sqlalchemy.exc import OperationalError

    from bridgescore.archive.store import Archive

    def gone(*_: object, **__: object) -> None:
        raise OperationalError("INSERT INTO lines", {}, Exception("server closed the connection unexpectedly"))

    db = archive_url
    monkeypatch.setattr(Archive, "add_all", gone)
    stored = runner.invoke(app, ["archive", "add", str(EXAMPLE), "--db", db])
    assert stored.exit_code == 2, stored.output
    assert "cannot store" in stored.output and "server closed the connection unexpectedly" in stored.output
    monkeypatch.setattr(Archive, "list_sessions", gone)
    listed = runner.invoke(app, ["archive", "list", "--db", db, "--lang", "nl"])
    assert listed.exit_code == 2 and "kan het archief" in listed.output and "niet lezen" in listed.output


_TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12)


@st.composite
def _events(draw: st.DrawFn) -> Event:
    """Traveller lines of every kind: played with a contract, passed out, not played, adjusted; leads, remarks and
    columns kept as read in any text."""
    from bridgescore.core.contract import Seat, parse_contract
    from bridgescore.core.event import Result, ResultStatus
    from bridgescore.core.problems import FieldKind, Location

    results = []
    for i in range(draw(st.integers(1, 12))):
        status = draw(st.sampled_from(list(ResultStatus)))
        played = status is ResultStatus.PLAYED
        contract = draw(st.sampled_from(["4S", "3NT", "7HXX", "1CX"])) if played else None
        extra = draw(st.dictionaries(st.sampled_from(["note", "tafel", "Ω"]), _TEXT, max_size=2))
        results.append(
            Result(
                board=draw(st.integers(1, 4)), ns_pair=str(1 + i % 3), ew_pair=str(4 + i % 3), status=status,
                section=draw(st.sampled_from(["", "A"])),
                contract=parse_contract(contract) if contract else (parse_contract("PASS")
                                                                   if status is ResultStatus.PASSED_OUT else None),
                declarer=draw(st.sampled_from(list(Seat))) if played else None,
                tricks=draw(st.integers(0, 13)) if played else None,
                lead=draw(st.one_of(st.none(), _TEXT)), ns_score=draw(st.one_of(st.none(), st.integers(-7600, 7600))),
                remarks=draw(_TEXT), extra=MappingProxyType(extra),
                source=Location("x.pbn", i + 1, draw(st.sampled_from([None, "Result"])), FieldKind.TAG),
            )
        )  # fmt: skip
    return Event(tuple(results), names=MappingProxyType({"1": draw(_TEXT)}), title=draw(_TEXT))


_KEYS = itertools.count()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(event=_events())
def test_any_event_is_read_back_as_stored(archive_url: str, event: Event) -> None:
    """Whatever the lines hold, the stored event is the event as read: every line, field for field, in order."""
    key = f"k{next(_KEYS)}"
    with open_archive(archive_url) as archive:
        with archive.engine.begin() as connection:  # each example in an empty archive (the same lines drawn twice)
            from sqlalchemy import text

            connection.execute(text("DELETE FROM sessions"))
        scores = bridgescore.score(event)
        archive.add(scores, file="x.pbn", content=key.encode(), key=key)
        stored = next(s for s in archive.sessions() if s.summary.key == key)
    assert tuple(stored.event.results) == tuple(event.results)
    assert dict(stored.event.names) == dict(event.names) and stored.event.title == event.title


@settings(max_examples=60, deadline=None)
@given(event=_events())
def test_the_lines_columns_and_digest_are_those_of_each_line(event: Event) -> None:
    """Issue 19: the lines as the archive stores them and their digest are built from the columns' distinct values
    (each encoded once for a million lines); they are what each line, field by field, gives – the digest the same
    as before, so a copy of an evening stored by an earlier version is still known."""
    from bridgescore.pairs.sessions import CONTENT_FIELDS, content_digest, line_columns, lines_digest

    seats = ["N", "E", "S", "W"]
    each_line = {
        name: [getattr(r, name) for r in event.results]
        for name in ("board", "section", "ns_pair", "ew_pair", "tricks", "lead", "ns_score", "remarks")
    }
    each_line |= {
        "status": [r.status.value for r in event.results],
        "contract": [None if r.contract is None else r.contract.format("en") for r in event.results],
        "declarer": [None if r.declarer is None else seats[int(r.declarer)] for r in event.results],
        "extra": [dict(r.extra) for r in event.results],
    }
    columns = line_columns(event.table)
    assert columns == {name: each_line[name] for name in CONTENT_FIELDS}
    assert [type(v) for v in columns["ns_score"]] == [type(v) for v in each_line["ns_score"]]
    assert lines_digest(event.table) == content_digest(each_line)


def test_the_deals_are_stored_with_the_session(archive_url: str) -> None:
    """A session read with its hand records (a PBN score table) reads back with the same deals, for the Valet
    across a season."""
    event = bridgescore.read(REPO / "tests" / "data" / "pbn" / "club-scoretable.pbn")
    assert event.deals
    _add(archive_url, event, "pbn")
    with open_archive(archive_url) as archive:
        (stored,) = archive.sessions()

    def plain(deals: object) -> dict[int, object]:
        return {n: dataclasses.replace(r, source=None) for n, r in dict(deals).items()}  # type: ignore[call-overload]

    assert plain(stored.event.deals) == plain(event.deals)
    assert tuple(stored.event.results) == tuple(event.results)
