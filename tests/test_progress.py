"""The progress bar of long runs (issue 12): on the error stream when it is a terminal, after a delay
(``BRIDGESCORE_PROGRESS_AFTER``), never in a pipe or a file, never flashing on a short run."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from rich.console import Console

from bridgescore.report import progress

pexpect = pytest.importorskip("pexpect", reason="pexpect (a dev dependency) drives the pseudo-terminal")

SRC = str(Path(__file__).resolve().parents[1] / "src")
CLUB = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples" / "club-evening.csv"
STAGE = r"(reading|scoring|ranking and writing)"


def _event(path: Path, boards: int = 40, tables: int = 400) -> Path:
    """A Mitchell of ``boards`` × ``tables`` score-only lines: long enough (about a second) for a bar shown at
    once to be drawn, short enough for a test."""
    scores = (-620, -100, 110, 140, 420, 450, -50, 0)
    lines = ["board,ns,ew,score"]
    lines += [
        f"{b},{t + 1},{tables + (t + b) % tables + 1},{scores[(b * 7 + t * 3) % len(scores)]}"
        for b in range(1, boards + 1)
        for t in range(tables)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _env(after: str | None, **more: str) -> dict[str, str]:
    env = {"COLUMNS": "120", "TERM": "xterm", "PYTHONIOENCODING": "utf-8", "PYTHONPATH": SRC, **more}
    if after is not None:
        env[progress.AFTER_VARIABLE] = after
    return env


def _in_terminal(args: list[str], env: dict[str, str]) -> tuple[str, int]:
    child = pexpect.spawn(sys.executable, ["-m", "bridgescore", *args], encoding="utf-8", timeout=120, env=env,
                          dimensions=(40, 120))  # fmt: skip
    child.expect(pexpect.EOF)
    child.close()
    return child.before or "", child.exitstatus if child.exitstatus is not None else -1


@pytest.mark.parametrize(
    ("command", "stages", "header"),
    [
        ("score", ("reading", "scoring", "ranking and writing"), "group,section,place,pair"),
        ("check", ("reading", "checking", "writing"), "line,section,board"),
        ("score --lang nl", ("inlezen", "berekenen", "rangschikken en wegschrijven"), "groep;lijn;plaats"),
    ],
)
def test_a_long_run_on_a_terminal_shows_the_stages(
    tmp_path: Path, command: str, stages: tuple[str, ...], header: str
) -> None:
    event = _event(tmp_path / "event.csv")
    name, *options = command.split()
    args = [name, str(event), *options, "-f", "csv", "-o", str(tmp_path / "out.csv")]
    screen, status = _in_terminal(args, _env("0"))
    assert status == 0, screen
    assert any(stage in screen for stage in stages), screen
    assert (tmp_path / "out.csv").read_text(encoding="utf-8").lower().startswith(header)


def test_a_short_run_never_flashes_a_bar() -> None:
    # the default delay (2 s): a club evening is scored long before
    screen, status = _in_terminal(["score", str(CLUB), "-f", "csv"], _env(None))
    assert status == 0, screen
    for stage in ("reading", "scoring", "ranking and writing"):
        assert stage not in screen, screen


def test_no_bar_when_the_error_stream_is_not_a_terminal(tmp_path: Path) -> None:
    # FORCE_COLOR makes rich call any stream a terminal; the bar asks the stream itself
    event = _event(tmp_path / "event.csv")
    done = subprocess.run(
        [sys.executable, "-m", "bridgescore", "score", str(event), "-f", "csv", "-o", str(tmp_path / "out.csv")],
        capture_output=True, text=True, env={**os.environ, **_env("0", FORCE_COLOR="1")}, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_the_bar_draws_its_stage_and_is_erased() -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100, color_system=None)
    bar = progress._Bar(console, ("reading", "scoring", "writing"), after=0)
    shown = threading.Event()
    while not shown.wait(0.01):  # the timer thread starts the bar
        if bar._state == "shown":
            shown.set()
    bar.stage("scoring")
    bar._bar.refresh()
    assert "scoring" in screen.getvalue()
    assert "1/3" in screen.getvalue()
    bar.stage("lines", total=10)
    bar.advance(4)
    bar._bar.refresh()
    assert "4/10" in screen.getvalue()
    bar.hide()
    bar.hide()  # twice is harmless (the end of the command, then the end of the process)
    assert bar._state == "hidden"


def test_a_bar_hidden_before_its_delay_never_appears() -> None:
    screen = io.StringIO()
    bar = progress._Bar(Console(file=screen, force_terminal=True, width=100), ("reading",), after=0.2)
    bar.stage("reading")
    bar.hide()
    assert bar._timer.finished.wait(5)  # the timer was cancelled: it will never start the bar
    assert bar._state == "hidden"
    assert screen.getvalue() == ""


def test_not_a_terminal_gives_an_object_doing_nothing() -> None:
    shown = progress.start(Console(file=io.StringIO(), force_terminal=True), ("reading",), after=0)
    assert type(shown) is progress.Progress
    with shown as bar:
        bar.stage("reading", total=3)
        bar.advance()


@pytest.mark.parametrize(
    ("value", "expected"),
    [("", progress.DEFAULT_AFTER), ("0", 0.0), ("0.5", 0.5), ("soon", progress.DEFAULT_AFTER), ("-1", 2.0)],
)
def test_the_delay_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch, value: str, expected: float) -> None:
    monkeypatch.setenv(progress.AFTER_VARIABLE, value)
    assert progress.delay() == expected
