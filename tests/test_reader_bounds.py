"""Every reader reads through one bounded door (io/files.py, issue 19): /dev/zero, a named pipe, a folder or a
file of many gigabytes given as travellers, names, members, penalties, a hand record, a VP table, standings, Valet
files, a rubber sheet, a season or an archive file is refused with its name and exit 2, quickly – it once grew to
9 GB in 15 s until the system killed it, or waited for ever on the pipe."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.io import files

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "src" / "bridgescore" / "examples" / "club-evening.csv"
TEAMS = ROOT / "tests" / "data" / "teams" / "multiple-teams-4-matches.xml"

runner = CliRunner()


def _commands(bad: str, tmp: Path) -> list[list[str]]:
    """Every command line that reads ``bad`` as one of its files."""
    return [
        ["score", bad],
        ["check", bad],
        ["score", str(EXAMPLE), "--names", bad],
        ["score", str(EXAMPLE), "--members", bad],
        ["score", str(EXAMPLE), "--penalties", bad],
        ["score", str(EXAMPLE), "--deals", bad],
        ["deals", bad],
        ["teams", bad],
        ["teams", str(TEAMS), "--names", bad],
        ["teams", str(TEAMS), "--vp", bad],
        ["teams", "pair-round", bad],
        ["valet", "--names", bad, "--scores", bad],
        ["rubber", bad],
        ["individual", bad],
        ["season", bad],
        ["archive", "add", "--db", str(tmp / "archive.db"), bad],
    ]


class _Hung(Exception):
    """Still reading after the deadline (not an OSError, which a reader would take for an unreadable file)."""


@contextmanager
def _deadline(seconds: int) -> Iterator[None]:
    """Fail instead of hanging (opening a named pipe blocks until someone writes to it)."""

    def expire(_signum: int, _frame: object) -> None:
        raise _Hung(f"still reading after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _renamed(path: Path, suffix: str) -> str:
    """``path`` under the suffix a command wants (a hand record is .pbn, a Valet file .txt, …): a link."""
    target = path.with_name(path.stem + "-link" + suffix)
    if not target.exists():
        target.symlink_to(path)
    return str(target)


def _refused(tmp_path: Path, bad: Path, expected: str) -> None:
    for args in _commands(str(bad), tmp_path):
        if args[:1] == ["deals"] or "--deals" in args:
            args = [_renamed(bad, ".pbn") if a == str(bad) else a for a in args]
        with _deadline(20):
            result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output, result.exception)
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
        assert expected in result.output, (args, result.output)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    _refused(tmp_path, fifo, "this is not a file but a device, a pipe or a socket")


def test_a_sparse_file_of_20_gb_is_refused_by_its_size_before_it_is_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge.csv"
    with huge.open("wb") as handle:
        handle.truncate(20 * 10**9)  # sparse: takes no room on the disk
    _refused(tmp_path, huge, "the file is 20000 MB, more than the 256 MB bridgescore reads")


def test_a_folder_given_where_a_file_is_wanted_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "folder.pbn"
    folder.mkdir()
    for args in (["deals", str(folder)], ["score", str(EXAMPLE), "--names", str(folder)],
                 ["teams", "pair-round", str(folder)], ["teams", str(TEAMS), "--vp", str(folder)],
                 ["score", str(EXAMPLE), "--deals", str(folder)], ["rubber", str(folder)]):  # fmt: skip
        with _deadline(20):
            result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
        assert "directory" in result.output.lower(), (args, result.output)


_CHILD = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (3 * 1024**3, 3 * 1024**3))
from typer.testing import CliRunner
from bridgescore.cli import app
out = []
for args in json.loads(sys.argv[1]):
    result = CliRunner().invoke(app, args)
    out.append([args, result.exit_code, result.output[-300:], repr(result.exception)])
print(json.dumps(out))
"""


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_refused_in_every_reader_without_reading_it(tmp_path: Path) -> None:
    # in a child process with 3 GB of address space and a time limit: without the bound it grows until stopped
    zero = tmp_path / "zero.csv"  # a name whose type the readers take; the options take /dev/zero as it is
    zero.symlink_to("/dev/zero")
    commands = [
        [_renamed(zero, ".pbn") if (a == str(zero) and (c[0] == "deals" or "--deals" in c)) else a for a in c]
        for c in _commands(str(zero), tmp_path)
    ]
    commands += [["score", str(EXAMPLE), option, "/dev/zero"] for option in ("--names", "--members", "--penalties")]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    child = subprocess.run(
        [sys.executable, "-c", _CHILD, json.dumps(commands)],
        capture_output=True, text=True, timeout=120, env=env, check=False,
    )  # fmt: skip
    assert child.returncode == 0, child.stderr[-2000:]
    for args, code, output, exception in json.loads(child.stdout):
        assert code == 2, (args, output, exception)
        assert "this is not a file but a device, a pipe or a socket" in output, (args, output)


def test_the_limit_is_set_by_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    two_mb = tmp_path / "two.csv"
    two_mb.write_bytes(b"board,ns,ew,contract,declarer,result\n" + b"1,1,2,3NT,N,9\n" * 150_000)
    assert files.read_bytes(two_mb)[:5] == b"board"
    monkeypatch.setenv(files.LIMIT_VARIABLE, "1")
    with pytest.raises(files.FileRefused, match="the file is 2 MB, more than the 1 MB"):
        files.read_bytes(two_mb)
    result = runner.invoke(app, ["score", str(two_mb)])
    assert result.exit_code == 2 and "BRIDGESCORE_MAX_FILE_MB" in result.output, result.output
    monkeypatch.setenv(files.LIMIT_VARIABLE, "lots")
    result = runner.invoke(app, ["score", str(EXAMPLE)])
    assert result.exit_code == 2
    assert "the environment variable BRIDGESCORE_MAX_FILE_MB is 'lots'" in result.output, result.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_in_a_season_folder_is_refused_by_name_not_skipped(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    folder.mkdir()
    (folder / "2026-09-07.csv").write_bytes(EXAMPLE.read_bytes())
    os.mkfifo(folder / "2026-09-14.csv")
    for command in ("season", "score"):
        with _deadline(20):
            result = runner.invoke(app, [command, str(folder)])
        assert result.exit_code == 2, (command, result.output)
        assert "2026-09-14.csv: this is not a file but a device, a pipe or a socket" in result.output, result.output
