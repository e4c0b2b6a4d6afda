"""The one place every reader opens a file given on the command line: bounded, and regular files only (issue 19).

A reader that reads "the whole file" grows without end on ``/dev/zero``, waits for ever on a named pipe (a FIFO)
and fills the memory on a file of many gigabytes until the system kills it – a director sees nothing but a frozen
terminal, or a machine brought to its knees.  So every reader (travellers in every format, hand records, names,
members, penalties, VP tables, standings, Valet files, season folders, the archive) reads through
:func:`read_bytes`:

- what is not a regular file (a device, a pipe, a socket) is refused **before it is opened** (opening a FIFO
  blocks until someone writes to it); a folder says so as the system does (``Is a directory``);
- a file larger than :func:`limit` bytes is refused before it is read, and the read itself stops one byte past the
  limit (a file that grows while it is read, or a system file whose size says 0).

The limit is 256 MB: some three times a federation's largest file (a million traveller lines with the players'
names is 77 MB of CSV, scored in 0.8 GB of memory), so a file within it is read in some 3 GB, not until the system
gives out.  The environment variable ``BRIDGESCORE_MAX_FILE_MB`` sets another (a whole number of megabytes).

A refusal is a :class:`FileRefused`, an :class:`OSError`, so every reader's handling of an unreadable file says it
(with the file's name, exit status 2); :meth:`FileRefused.problem` gives its own catalogue message.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from bridgescore.core.i18n import N_
from bridgescore.core.problems import Location, Problem, Severity, Value

__all__ = ["DEFAULT_LIMIT_MB", "LIMIT_VARIABLE", "FileRefused", "limit", "read_bytes", "refuse"]

#: The largest file read, in megabytes (10**6 bytes), unless ``BRIDGESCORE_MAX_FILE_MB`` says otherwise.
DEFAULT_LIMIT_MB = 256
#: The environment variable that sets the limit (a whole number of megabytes).
LIMIT_VARIABLE = "BRIDGESCORE_MAX_FILE_MB"


class FileRefused(OSError):
    """A file bridgescore does not read (not a regular file, too large).  Its ``strerror`` is the English reason,
    so a reader that words ``cannot read …: %(reason)s`` says it; :meth:`problem` is the whole catalogue message."""

    def __init__(self, message: str, **values: Value) -> None:
        text = message % values if values else message
        super().__init__(text)
        self.strerror = text
        self.message = message
        self.values = values

    def problem(self, filename: str) -> Problem:
        return Problem(Location(filename), self.message, Severity.ERROR, tuple(self.values.items()))


def limit() -> int:
    """The largest file read, in bytes (:data:`LIMIT_VARIABLE`, else :data:`DEFAULT_LIMIT_MB` megabytes)."""
    written = os.environ.get(LIMIT_VARIABLE, "").strip()
    if not written:
        return DEFAULT_LIMIT_MB * 1_000_000
    if not (written.isascii() and written.isdigit()) or int(written) == 0:
        raise FileRefused(
            N_("the environment variable %(variable)s is '%(value)s': give a whole number of megabytes, e.g. 2000"),
            variable=LIMIT_VARIABLE,
            value=written[:20],
        )
    return int(written) * 1_000_000


def _too_large(size: int, bound: int) -> FileRefused:
    return FileRefused(
        N_(
            "the file is %(size)s MB, more than the %(limit)s MB bridgescore reads; split it (e.g. one file per "
            "section or session), or set a larger limit in megabytes with the environment variable %(variable)s"
        ),
        size=f"{size / 1_000_000:.0f}" if size < 10**15 else "more than 1000000000",
        limit=str(bound // 1_000_000),
        variable=LIMIT_VARIABLE,
    )


def refuse(path: str | Path) -> int:
    """Raise :class:`FileRefused` (or the system's :class:`OSError`: no such file, a folder) for a file that is not
    to be read, without opening it; else its size in bytes."""
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(
            N_(
                "this is not a file but a device, a pipe or a socket; bridgescore reads files only: save the data "
                "in a file and give that"
            )
        )
    bound = limit()
    if info.st_size > bound:
        raise _too_large(info.st_size, bound)
    return info.st_size


def read_bytes(path: str | Path) -> bytes:
    """The file's bytes, read with a bound (:func:`refuse`); raises :class:`OSError` (a :class:`FileRefused` for
    a file refused), as :meth:`pathlib.Path.read_bytes` does."""
    refuse(path)
    bound = limit()
    with open(path, "rb") as handle:
        data = handle.read(bound + 1)
    if len(data) > bound:  # it grew while being read, or its size was not what it says
        raise _too_large(len(data), bound)
    return data
