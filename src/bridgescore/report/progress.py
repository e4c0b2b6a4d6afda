"""A progress bar on the error stream for the long runs of the command line (issue 12).

A director who scores an event of a million results waits several seconds; a bar naming the stage
("reading", "scoring", "ranking", "writing") tells that the program is working and where. It is shown only

* when the error stream is a terminal – never in a pipe, a file or a test's captured output, so what a
  script reads is byte for byte what it read before; and
* after about two seconds (``BRIDGESCORE_PROGRESS_AFTER`` seconds, default :data:`DEFAULT_AFTER`), so that a
  club evening, scored in a fraction of a second, never flashes a bar.

The bar is transient: it is erased when the run ends (or when :meth:`Progress.hide` is called before the
output is written to the same screen), so that it never stays in the director's scrollback between the
results. It counts the stages (stage 2 of 4) unless a stage gives a total of its own (lines, boards).
"""

from __future__ import annotations

import atexit
import os
import threading
from collections.abc import Sequence
from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import TaskID

from bridgescore.core.i18n import N_

# rich.progress (12 ms of imports) is loaded only when a bar may be shown: a short run starts as fast as before.

#: The stages the commands name (translated on the bar with the command's --lang).
READING = N_("reading")
SCORING = N_("scoring")
RANKING_AND_WRITING = N_("ranking and writing")
CHECKING = N_("checking")
WRITING = N_("writing")

#: Seconds a run must last before the bar appears (the issue: "any run over about two seconds").
DEFAULT_AFTER = 2.0
#: The environment variable that changes that delay (tests set it to 0).
AFTER_VARIABLE = "BRIDGESCORE_PROGRESS_AFTER"


def delay() -> float:
    """The delay before the bar appears: ``BRIDGESCORE_PROGRESS_AFTER`` if it is a number of seconds ≥ 0, else
    :data:`DEFAULT_AFTER` (a bad value is ignored: the bar is a convenience, never a reason to stop)."""
    text = os.environ.get(AFTER_VARIABLE, "").strip()
    try:
        value = float(text) if text else DEFAULT_AFTER
    except ValueError:
        return DEFAULT_AFTER
    return value if value >= 0 else DEFAULT_AFTER


class Progress:
    """What a command tells about its stages; this base class shows nothing (not a terminal)."""

    def stage(self, name: str, total: int | None = None) -> None:
        """The run enters stage ``name`` (with ``total`` units of work if known)."""

    def advance(self, units: int = 1) -> None:
        """``units`` more of the current stage's total are done."""

    def hide(self) -> None:
        """Erase the bar for good (before the output is written to the same screen)."""

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.hide()


class _Bar(Progress):
    """A rich progress bar started by a timer after ``after`` seconds, unless the run ended or hid it first."""

    def __init__(self, console: Console, stages: Sequence[str], after: float, lang: str = "en") -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, SpinnerColumn, TextColumn, TimeElapsedColumn
        from rich.progress import Progress as RichProgress

        from bridgescore.core.i18n import translator

        self._label = translator(lang).gettext
        self._stages = list(stages)
        self._bar = RichProgress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
            redirect_stdout=False,  # the results go to the standard output untouched
            redirect_stderr=False,
        )
        self._task: TaskID = self._bar.add_task("", total=len(self._stages) or None)
        self._lock = threading.Lock()
        self._state = "waiting"  # → "shown" → "hidden", or "waiting" → "hidden"
        self._timer = threading.Timer(after, self._show)
        self._timer.daemon = True
        self._timer.start()

    def _show(self) -> None:
        with self._lock:
            if self._state == "waiting":
                self._state = "shown"
                self._bar.start()

    def stage(self, name: str, total: int | None = None) -> None:
        if total is None:
            done = self._stages.index(name) if name in self._stages else 0
            shown = self._label(name)
            self._bar.update(self._task, description=shown, total=len(self._stages) or None, completed=done)
        else:
            self._bar.update(self._task, description=self._label(name), total=total, completed=0)

    def advance(self, units: int = 1) -> None:
        self._bar.advance(self._task, units)

    def hide(self) -> None:
        self._timer.cancel()
        with self._lock:
            if self._state == "shown":
                self._bar.stop()
            self._state = "hidden"


def start(
    console: Console | None, stages: Sequence[str] = (), *, after: float | None = None, lang: str = "en"
) -> Progress:
    """A progress bar on ``console`` (the error stream) for a run passing through ``stages``: shown after
    ``after`` seconds (default: :func:`delay`) when ``console`` writes to a terminal, else an object doing
    nothing. The stages are named in ``lang`` (``en`` or ``nl``). The bar is erased by :meth:`Progress.hide`,
    at the end of a ``with`` block, or at the latest when the process ends (a command that stops with an error
    never leaves a bar behind).  ``console`` None: the error stream, made only when it is a terminal (a command
    that starts without rich, as ``valet`` does, keeps doing so when no bar can be shown)."""
    if console is None:
        import sys

        if not _is_terminal_file(sys.stderr):
            return Progress()
        from bridgescore.report.printable import console as printable_console

        console = printable_console(stderr=True)
    if not _is_terminal(console):
        return Progress()
    bar = _Bar(console, stages, delay() if after is None else after, lang)
    atexit.register(bar.hide)
    return bar


def _is_terminal(console: Console) -> bool:
    """Whether ``console`` writes to a terminal: its file's own answer, not rich's (which ``FORCE_COLOR`` turns
    on), so that a captured or redirected error stream never receives a bar."""
    return _is_terminal_file(console.file)


def _is_terminal_file(file: object) -> bool:
    try:
        return bool(file.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False
