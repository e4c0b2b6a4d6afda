"""The golden test (issue 20): every command of ``tests/golden/commands.txt`` – the README's and the Makefile demo's
commands on the bundled examples, and one per form of event and output format – run as a real process
(``python -m bridgescore``) gives byte for byte the output recorded in ``tests/golden/expected/NNN.out`` before the
package moved to its new layout: standard output, error stream, exit code and every file written.

The commands run a few at a time (each in its own temporary folder) the first time a test of this file needs one, so
a run of the file takes about as long as its slowest commands rather than their sum; ``-k 017`` runs one.  How to
re-record (only for an intended change of output, said in the commit): ``tests/golden/record.py``.
"""

from __future__ import annotations

import difflib
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "golden"))
import record  # tests/golden/record.py: the recorder; the test runs the commands its way

CASES = record.cases()
#: Lines of a unified diff shown when an output differs.
SHOWN = 60


@pytest.fixture(scope="module")
def outputs(request: pytest.FixtureRequest) -> dict[str, bytes]:
    """The outputs of every case this run selected, run together once."""
    chosen = {
        item.callspec.params["case"].name
        for item in request.session.items
        if item.path == Path(__file__) and hasattr(item, "callspec") and "case" in item.callspec.params
    }
    return record.run_all([case for case in CASES if case.name in chosen])


def difference(expected: bytes, actual: bytes, name: str) -> str:
    """The first lines of a unified diff of the recording and this run (bytes shown as UTF-8, bad bytes escaped)."""
    lines = difflib.unified_diff(
        expected.decode("utf-8", "backslashreplace").splitlines(keepends=True),
        actual.decode("utf-8", "backslashreplace").splitlines(keepends=True),
        fromfile=f"tests/golden/expected/{name}.out (recorded)",
        tofile=f"{name} (this run)",
    )
    shown = [line if line.endswith("\n") else line + "\n" for line in lines][:SHOWN]
    return "".join(shown) or "(the same text; the bytes differ, e.g. in line endings)\n"


def test_every_command_is_recorded_and_every_recording_has_its_command() -> None:
    recorded = sorted(path.stem for path in record.EXPECTED.glob("*.out"))
    assert recorded == [case.name for case in CASES], "run tests/golden/record.py for the commands added or removed"


def test_the_commands_use_only_files_of_the_repository() -> None:
    """The golden test runs in a clone alone (BRIDGESCORE_TESTS_ALONE): no command reads ../shared."""
    assert not [case.line for case in CASES if "shared" in case.line]


#: README commands that cannot run as written: a folder of the user's own, an interactive session (recorded with
#: its keystrokes from a file, as ``rubber --interactive < …``), and the live evening's server, which runs until it is
#: stopped (tests/test_live*.py run it as a real process).
NOT_AS_WRITTEN = ("valet EVENT_DIR -v datum -x", "rubber --interactive", "serve --db club.sqlite3 --host 0.0.0.0")


def readme_commands() -> list[str]:
    """Every ``bridgescore …`` command of the README's code blocks (a ``&&`` chain split), comments dropped."""
    text = (record.REPO / "README.md").read_text(encoding="utf-8")
    found: list[str] = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("bridgescore "):
                found += [part.strip().removeprefix("bridgescore ") for part in line.split(" && ")]
    return found


def test_every_readme_command_is_in_the_golden_test() -> None:
    """The README is the front door: each of its commands on the bundled examples is a golden command (a README
    edit that adds one must record it), so its output is held byte for byte."""
    golden = {part.strip() for case in CASES for part in case.line.split(" && ")}
    commands = readme_commands()
    assert len(commands) > 15
    assert [c for c in commands if c not in golden and c not in NOT_AS_WRITTEN] == []


@pytest.mark.parametrize("case", CASES, ids=[f"{case.name}" for case in CASES])
def test_output_is_byte_identical_to_the_recording(case: record.Case, outputs: dict[str, bytes]) -> None:
    expected = (record.EXPECTED / f"{case.name}.out").read_bytes()
    actual = outputs[case.name]
    if actual != expected:
        pytest.fail(
            f"bridgescore {case.line}\nits output is no longer the recorded one (an intended change: re-record "
            f"with tests/golden/record.py {case.number} and say why in the commit):\n"
            + difference(expected, actual, case.name),
            pytrace=False,
        )


def test_a_changed_byte_is_shown_as_a_diff_of_its_line() -> None:
    recorded = (record.EXPECTED / "019.out").read_bytes()
    changed = recorded.replace(b"Results", b"ResulXs", 1)
    shown = difference(recorded, changed, "019")
    assert "\n-Results" in shown and "\n+ResulXs" in shown
    assert len(shown.splitlines()) <= SHOWN


def test_only_the_documented_parts_are_normalised(tmp_path: Path) -> None:
    stored = b"version 1, 2026-11-27 09:07:49 UTC, from a.csv; 2026-11-27 stays"
    made = b"<PROGRAM_VERSION>" + record.VERSION + b"< bridgescore " + record.VERSION + b" 10.1.0 stays"
    written = str(tmp_path / "club.sqlite3").encode()
    assert record.normalise(stored, tmp_path) == b"version 1, <STORED> UTC, from a.csv; 2026-11-27 stays"
    assert record.normalise(made, tmp_path) == b"<PROGRAM_VERSION><VERSION>< bridgescore <VERSION> 10.1.0 stays"
    assert record.normalise(written, tmp_path) == b"<TMP>/club.sqlite3"
