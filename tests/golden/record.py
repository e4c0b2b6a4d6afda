"""Record the golden test's outputs: every command of ``tests/golden/commands.txt`` run as a real process on the
bundled examples, its standard output, error stream, exit code and every file it wrote kept in
``tests/golden/expected/NNN.out`` (NNN: the command's number in the file, from 001, blank and comment lines not
counted).  ``tests/test_golden.py`` runs the same commands the same way and compares byte for byte.

    PYTHONPATH=src .venv/bin/python tests/golden/record.py            # every command
    PYTHONPATH=src .venv/bin/python tests/golden/record.py 7 12       # only these numbers

When to re-record: ONLY when a change of output is intended (a rule fixed, a word changed, a new column), never to
make the test pass after a refactoring – the golden test exists to show that a move of code (issue 20: the new
layout) changed no byte of any output.  Re-record the commands the change concerns, read the diff of
``expected/`` in the commit, and say in the commit message why the output changed.  Adding a command to
``commands.txt`` means recording it (append at the end, so the numbers of the others stay).

Deterministic by construction: a fresh temporary folder per command (in which ``src`` and ``tests`` are links to
the repository's, so the README's relative paths work and nothing is written into the tree), a fixed environment
(``ENV``: C.UTF-8, 120 columns, UTC, no colour, no archive or cache of the user's), fixed dates where a command
would print today's (``--date``).  What cannot be fixed by an option is normalised by ``normalise``, each
substitution documented there.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent
REPO = GOLDEN.parents[1]
COMMANDS = GOLDEN / "commands.txt"
EXPECTED = GOLDEN / "expected"
#: The links in each command's folder to the repository (not recorded as written files).
LINKS = ("src", "tests")
#: Files a command writes that are not output but state (the archive's database: binary, with times of storage).
NOT_RECORDED = (".sqlite3", ".sqlite3-journal", ".sqlite3-wal", ".sqlite3-shm")
#: The version the tree under test says it is (``__version__`` in ``core/version.py``: issue 20 moved it there from the
#: package's ``__init__.py``, so that nothing below the facade imports the facade for it).
_FOUND = re.search(rb'__version__ = "([^"]+)"', (REPO / "src/bridgescore/core/version.py").read_bytes())
VERSION = _FOUND[1] if _FOUND else b"(no version)"
#: The archive's time of storage as ``archive history`` prints it.
STORED = re.compile(rb"\b\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC")
#: Seconds one command may take before the test calls it hung.
TIMEOUT = 120


@dataclass(frozen=True)
class Case:
    """One line of ``commands.txt``: its number (from 1) and its text."""

    number: int
    line: str

    @property
    def name(self) -> str:
        return f"{self.number:03d}"


def cases() -> list[Case]:
    """The commands of ``commands.txt`` in order, blank lines and ``#`` comment lines left out."""
    lines = COMMANDS.read_text(encoding="utf-8").splitlines()
    commands = [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
    return [Case(number, line) for number, line in enumerate(commands, start=1)]


def environment(folder: Path) -> dict[str, str]:
    """The environment of every command: built from nothing (no variable of the user's reaches the command but
    PATH), so the output is the same on every machine.  Rich and Click read the width from COLUMNS (a pipe is not a
    terminal); NO_COLOR and TERM=dumb keep escape codes out; TZ and LC_ALL fix times and the locale; the solver cache
    and HOME are the command's own folder, so no cached analysis of the user's is read."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(REPO / "src"),
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
        "LC_ALL": "C.UTF-8",
        "LANG": "C.UTF-8",
        "COLUMNS": "120",
        "LINES": "50",
        "TZ": "UTC",
        "NO_COLOR": "1",
        "TERM": "dumb",
        "HOME": str(folder / ".home"),
        "BRIDGESCORE_CACHE": str(folder / ".cache"),
    }


def normalise(data: bytes, folder: Path) -> bytes:
    """The documented substitutions, applied to every recorded stream and file:

    - the command's temporary folder (in messages and in the archive's file names) → ``<TMP>``;
    - the repository's root (a path a command resolved through the ``src``/``tests`` links) → ``<REPO>``;
    - the version of bridgescore where a page or file names its maker (``bridgescore 0.1.0`` in the HTML pages'
      generator and footer, ``<PROGRAM_VERSION>0.1.0<`` in USEBIO) → ``<VERSION>``, so a release re-records nothing;
    - the time the archive stored a session (``archive history``, ``added_at`` of ``archive list -f json``:
      ``2026-11-27 09:07:49 UTC``, the clock's, which no option sets) → ``<STORED> UTC``.
    """
    for real in {str(folder), str(folder.resolve())}:
        data = data.replace(real.encode(), b"<TMP>")
    data = data.replace(str(REPO).encode(), b"<REPO>")
    for maker in (b"bridgescore ", b"<PROGRAM_VERSION>"):
        data = data.replace(maker + VERSION, maker + b"<VERSION>")
    return STORED.sub(b"<STORED> UTC", data)


def split(line: str) -> tuple[list[list[str]], str | None]:
    """The commands of one line (`` && `` between them) and the file given as standard input (`` < FILE`` at the
    end), or None."""
    stdin = None
    if " < " in line:
        line, stdin = (part.strip() for part in line.rsplit(" < ", 1))
    return [shlex.split(part) for part in line.split(" && ")], stdin


def run(case: Case) -> bytes:
    """Run one case in a folder of its own and return its recording: per command the command line, its standard
    output, its error stream and its exit code, then every file written in the folder (sorted by name)."""
    with tempfile.TemporaryDirectory(prefix=f"golden-{case.name}-") as name:
        folder = Path(name)
        for link in LINKS:
            (folder / link).symlink_to(REPO / link, target_is_directory=True)
        env = environment(folder)
        commands, stdin = split(case.line)
        parts: list[bytes] = []
        for args in commands:
            args = [arg.replace("{tmp}", str(folder)) for arg in args]
            given = (REPO / stdin).read_bytes() if stdin else b""
            done = subprocess.run(
                [sys.executable, "-m", "bridgescore", *args],
                cwd=folder,
                env=env,
                input=given,
                capture_output=True,
                timeout=TIMEOUT,
                check=False,
            )
            parts += [
                b"$ bridgescore " + shlex.join(args).encode() + (f" < {stdin}".encode() if stdin else b"") + b"\n",
                b"--- stdout\n",
                done.stdout,
                b"--- stderr\n",
                done.stderr,
                f"--- exit {done.returncode}\n".encode(),
            ]
        for path in sorted(folder.rglob("*")):
            relative = path.relative_to(folder)
            if relative.parts[0] in (*LINKS, ".home", ".cache") or not path.is_file():
                continue
            if path.name.endswith(NOT_RECORDED):
                continue
            parts += [f"--- file {relative.as_posix()}\n".encode(), path.read_bytes(), b"\n--- end of file\n"]
        return normalise(b"".join(parts), folder)


def run_all(chosen: list[Case], workers: int | None = None) -> dict[str, bytes]:
    """Every chosen case's recording, run a few at a time (each in its own folder, so in any order)."""
    with ThreadPoolExecutor(max_workers=workers or max(2, (os.cpu_count() or 1) * 2)) as pool:
        return dict(zip((case.name for case in chosen), pool.map(run, chosen), strict=True))


def main(argv: list[str]) -> int:
    chosen = [case for case in cases() if not argv or str(case.number) in argv or case.name in argv]
    EXPECTED.mkdir(exist_ok=True)
    for name, recording in run_all(chosen).items():
        (EXPECTED / f"{name}.out").write_bytes(recording)
    if not argv:  # a full recording leaves no recording of a command that is no longer in the file
        names = {f"{case.name}.out" for case in chosen}
        for stale in EXPECTED.glob("*.out"):
            if stale.name not in names:
                stale.unlink()
    print(f"recorded {len(chosen)} command(s) in {EXPECTED.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
