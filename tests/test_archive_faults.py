"""Fault tests of the archive (issue 19) with real processes, on SQLite and on a real PostgreSQL server (its
socket only): ``archive add`` of several files killed (SIGKILL) at seeded random moments stores each session
exactly once when run again, never half of them; and a season read while ``archive add --replace`` runs sees each
session in one version.  Bounded: a fixed number of kills, each within the time one whole run takes."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

import bridgescore
from bridgescore.archive import open_archive
from bridgescore.cli import app
from bridgescore.pairs.sessions import summarise

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "src" / "bridgescore" / "examples" / "club-evening.csv"
KILLS = 8
runner = CliRunner()


def _evenings(folder: Path, mark: str, count: int = 3) -> list[Path]:
    """``count`` evenings of their own (each line's remark marks it: other lines, other sessions)."""
    text = EXAMPLE.read_text(encoding="utf-8").splitlines()
    folder.mkdir()
    paths = []
    for n in range(count):
        path = folder / f"{mark}-{n}.csv"
        path.write_text(
            "\n".join([text[0], *(f"{line}{mark} {n}" if line.endswith(",") else line for line in text[1:])]) + "\n",
            encoding="utf-8",
        )
        paths.append(path)
    return paths


def _add(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.Popen([sys.executable, "-m", "bridgescore", "archive", "add", *args], env=env, text=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip


def _stored(url: str) -> dict[str, int]:
    """Each stored session's key → its lines."""
    with open_archive(url) as archive:
        return {s.summary.key: len(s.event.results) for s in archive.sessions()}


def test_archive_add_killed_at_random_moments_stores_each_session_once(tmp_path: Path, archive_url: str) -> None:
    """Each round: ``archive add`` of three files killed (SIGKILL) at a moment drawn (seeded) within the time a whole
    run takes; then the archive holds all three sessions whole or none of them, and the same command run again
    leaves each stored exactly once."""
    draw = random.Random(19)
    db = ["--db", archive_url]
    started = time.monotonic()  # one whole run, not killed: how long a run takes
    first = _evenings(tmp_path / "whole", "whole")
    assert _add(*map(str, first), *db).wait(300) == 0
    whole = time.monotonic() - started
    expected = {p.name: 98 for p in first}
    assert _stored(archive_url) == expected
    outcomes = []
    for kill in range(KILLS):
        files = _evenings(tmp_path / f"k{kill}", f"k{kill}")
        process = _add(*map(str, files), *db)
        time.sleep(draw.uniform(0.1, whole))
        process.send_signal(signal.SIGKILL)
        process.wait(60)
        mine = {k: n for k, n in _stored(archive_url).items() if k.startswith(f"k{kill}-")}
        assert mine in ({}, {p.name: 98 for p in files}), (kill, mine)  # all or none, each whole
        outcomes.append(bool(mine))
        again = runner.invoke(app, ["archive", "add", *map(str, files), *db])
        assert again.exit_code == (2 if mine else 0), again.output
        expected.update({p.name: 98 for p in files})
        assert _stored(archive_url) == expected  # each session once, whole
    with open_archive(archive_url) as archive:
        assert archive.counts()["sessions"] == 3 * (KILLS + 1) and archive.counts()["lines"] == 98 * 3 * (KILLS + 1)
    assert not all(outcomes), "every kill came after the commit: the test killed nothing halfway"


def test_a_season_read_during_replace_sees_one_version_of_each_session(tmp_path: Path, archive_url: str) -> None:
    """``archive add --replace`` processes store two versions of an evening in turn while the season's source is
    read again and again: every read is one version, its summary and its lines (PostgreSQL read each statement in
    its own snapshot, SQLite readers queued behind the writer)."""
    versions = []
    text = EXAMPLE.read_text(encoding="utf-8")
    for n, line in enumerate(("A,1,1,8,4S,S,+1,DK,450,", "A,1,1,8,4S,S,-1,DK,-50,")):
        path = tmp_path / f"v{n}.csv"
        path.write_text(text.replace("A,1,1,8,4S,S,+1,DK,450,", line), encoding="utf-8")
        scored = bridgescore.score(bridgescore.read(path))
        versions.append((scored.event.results[0].ns_score, summarise(scored.scored, "monday").pairs))
    db = ["--db", archive_url, "--key", "monday"]
    assert _add(str(tmp_path / "v0.csv"), *db).wait(300) == 0
    writers = [_add(str(tmp_path / f"v{n % 2}.csv"), *db, "--replace") for n in (1, 2)]
    reads = 0
    seen = set()
    deadline = time.monotonic() + 240
    with open_archive(archive_url) as archive:
        while any(w.poll() is None for w in writers) and time.monotonic() < deadline:
            (session,) = archive.sessions()
            line_score = session.event.results[0].ns_score
            pairs = {score: pairs for score, pairs in versions}[line_score]
            assert [(p.pair, p.percent) for p in session.summary.pairs] == [(p.pair, p.percent) for p in pairs]
            seen.add(line_score)
            reads += 1
    assert [w.wait(60) for w in writers] == [0, 0], [w.stderr.read() for w in writers if w.stderr]
    assert reads > 0 and seen
    with open_archive(archive_url) as archive:
        assert [v["version"] for v in archive.history("monday")] == [1, 2, 3]
