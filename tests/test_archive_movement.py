"""The section's movement kept in the archive (issue 21): ``archive add --movement NAME|FILE`` checks every line
against the schedule as ``score --movement`` does and keeps the movement (``bridgescore.movement/1`` JSON) with the
session, so a correction (``--replace``), a re-score (:func:`bridgescore.archive.rescore`) and a later check
(``archive movement KEY``) use it; on SQLite and on PostgreSQL (``archive_url``), and migrated from schema 0002."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from sqlalchemy import text
from typer.testing import CliRunner

import bridgescore
from bridgescore.archive import open_archive, rescore
from bridgescore.cli import app
from bridgescore.movement.json import loads
from bridgescore.pairs.sessions import summarise
from test_against_movement import mitchell, write_files

runner = CliRunner()


def _flat(output: str) -> str:
    return re.sub(r"\s+", " ", output)


def _add(archive_url: str, *args: str) -> tuple[int, str]:
    res = runner.invoke(app, ["archive", "add", "--db", archive_url, "--date", "2026-11-27", *args])
    return res.exit_code, _flat(res.output)


def test_the_movement_is_checked_and_kept_with_the_session(tmp_path: Path, archive_url: str) -> None:
    files = write_files(tmp_path)
    schedule = str(files["movement"])
    # a file with the acceptance's mistakes: each said against the movement, nothing stored
    code, said = _add(archive_url, "--movement", schedule, "--key", "mon", str(files["bad"]))
    assert code == 2 and "this line has NS and EW swapped" in said and "no result for board 10" in said, said
    assert "nothing was stored in the archive" in said
    code, said = _add(archive_url, "--movement", schedule, "--key", "mon", str(files["clean"]))
    assert code == 0, said
    with open_archive(archive_url) as archive:
        kept = archive.movement("mon")
        assert kept is not None and kept.sections == mitchell().sections and kept.name == "mitchell-8"
        (stored,) = archive.sessions()
        assert stored.movement == kept
        assert archive.options("mon")["movement"] == "mitchell"  # ranked in two lines, as the schedule says
        again = rescore(stored, archive.options("mon"))
        assert summarise(again.scored, "mon").pairs == stored.summary.pairs
        # a re-score checks against the movement kept: a stored event with a mistyped pair has it left out, said
        wrong = rescore(dataclasses.replace(stored, event=bridgescore.read(files["bad"])), archive.options("mon"))
        assert any("there is no pair 17 in this movement" in p.describe() for p in wrong.scored.problems)
    # a later check: the movement kept, written out and read by check --movement
    out = tmp_path / "kept.json"
    res = runner.invoke(app, ["archive", "movement", "mon", "--db", archive_url, "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert loads(out.read_text(encoding="utf-8"))[0] == kept
    checked = runner.invoke(app, ["check", "--movement", str(out), str(files["bad"])])
    assert checked.exit_code == 2 and "there is no pair 17 in this movement" in _flat(checked.output)


def test_a_correction_is_checked_against_the_movement_kept(tmp_path: Path, archive_url: str) -> None:
    """``archive add --replace`` of a corrected file given no movement is checked against the one kept (the swapped
    line, the pair 17 … refused, nothing stored); given one, that one is kept instead, and the history says so."""
    files = write_files(tmp_path)
    assert _add(archive_url, "--movement", str(files["movement"]), "--key", "mon", str(files["clean"]))[0] == 0
    code, said = _add(archive_url, "--key", "mon", "--replace", str(files["bad"]))
    assert code == 2, said
    assert "checked against the movement kept with session mon (mitchell-8)" in said
    assert "there is no pair 17 in this movement" in said and "nothing was stored" in said
    code, said = _add(archive_url, "--key", "mon", "--replace", str(files["clean"]))
    assert code == 0 and "version 2" in said, said
    with open_archive(archive_url) as archive:
        assert archive.movement("mon") is not None
        assert "options" not in archive.history("mon")[-1]["changes"]  # ranked as before: two lines
    code, said = _add(archive_url, "--key", "mon", "--replace", "--movement", "mitchell-8-skip", str(files["clean"]))
    assert code == 0, said
    with open_archive(archive_url) as archive:
        kept = archive.movement("mon")
        assert kept is not None and kept.name == "mitchell-8-skip" and kept.boards_per_round == 3  # fitted
        assert archive.history("mon")[-1]["changes"]["movement"] == {"old": "mitchell-8", "new": "mitchell-8-skip"}


def test_a_session_stored_without_a_movement(tmp_path: Path, archive_url: str) -> None:
    files = write_files(tmp_path)
    assert _add(archive_url, "--key", "mon", str(files["clean"]))[0] == 0
    with open_archive(archive_url) as archive:
        assert archive.movement("mon") is None and archive.sessions()[0].movement is None
    res = runner.invoke(app, ["archive", "movement", "mon", "--db", archive_url])
    assert res.exit_code == 1 and "session mon was stored without a movement" in res.output
    res = runner.invoke(app, ["archive", "movement", "tue", "--db", archive_url])
    assert res.exit_code == 2 and "there is no session tue in the archive" in _flat(res.output)
    # a correction of it given none is checked against no schedule (there is none kept): only the guess from the
    # data's refusal of the swapped line, no pair 17 nor missing result
    code, said = _add(archive_url, "--key", "mon", "--replace", str(files["bad"]))
    assert code == 2 and "1 problem(s)" in said and "is a Mitchell (pairs 1–8 North-South" in said, said
    assert "checked against the movement kept" not in said


def test_the_migration_adds_the_movement_in_place(tmp_path: Path, archive_url: str) -> None:
    """An archive of schema 0002 (before the movement) is migrated when opened: its sessions kept whole, with no
    movement; one stored after it keeps its movement."""
    from alembic import command
    from alembic.config import Config

    from bridgescore.archive.store import HEAD, MIGRATIONS

    files = write_files(tmp_path)
    assert _add(archive_url, "--movement", str(files["movement"]), "--key", "mon", str(files["clean"]))[0] == 0
    with open_archive(archive_url) as archive, archive.engine.begin() as connection:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        command.downgrade(config, "0002")
        assert "movement" not in str(connection.execute(text("SELECT * FROM sessions")).keys())
    with open_archive(archive_url) as archive:
        with archive.engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == HEAD
        assert archive.counts()["lines"] == 192  # altered in place: its lines kept (no cascade)
        assert archive.movement("mon") is None


def test_each_session_of_a_file_is_checked_and_keeps_the_movement(tmp_path: Path, archive_url: str) -> None:
    """A file whose session column names two sessions: given once, the movement is each session's – checked
    against and kept with both; given once per session, each its own."""
    files = write_files(tmp_path)
    clean = files["clean"].read_text(encoding="utf-8").splitlines()
    bad = files["bad"].read_text(encoding="utf-8").splitlines()
    both = tmp_path / "both.csv"
    both.write_text("\n".join(["session," + clean[0], *(f"1,{x}" for x in clean[1:]), *(f"2,{x}" for x in bad[1:])])
                    + "\n", encoding="utf-8")  # fmt: skip
    code, said = _add(archive_url, "--movement", str(files["movement"]), str(both))
    assert code == 2 and "there is no pair 17 in this movement" in said and "nothing was stored" in said, said
    both.write_text("\n".join(["session," + clean[0], *(f"{s},{x}" for s in (1, 2) for x in clean[1:])]) + "\n",
                    encoding="utf-8")  # fmt: skip
    code, said = _add(archive_url, "--movement", str(files["movement"]), "--movement", "mitchell-8-skip", str(both))
    assert code == 0, said
    with open_archive(archive_url) as archive:
        kept = {s.summary.key: s.movement for s in archive.sessions()}
    assert sorted((key.rsplit("#", 1)[-1], m.name if m else None) for key, m in kept.items()) == [
        ("1", "mitchell-8"), ("2", "mitchell-8-skip")
    ]  # fmt: skip
