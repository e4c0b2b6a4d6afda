"""A stand-in for mdbtools' ``mdb-export`` (Bridgemate's ``.bws`` files are Access databases read through it), for
the tests of what the readers make of its output: put first on ``PATH``, it prints the text given for each table
and fails like mdb-export for any other.  The real mdbtools is tested where it is installed (``tests/required.py``:
CI requires it)."""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path

import pytest

#: The first bytes of an Access (Jet) database: what a ``.bws`` file given to the stand-in holds.
JET_HEADER = b"\x00\x01\x00\x00Standard Jet DB"


def install_mdb_export(folder: Path, monkeypatch: pytest.MonkeyPatch, tables: Mapping[str, Path | str]) -> None:
    """A stand-in ``mdb-export`` in ``folder/bin``, first on ``PATH``: ``mdb-export FILE TABLE`` prints the table's
    text (the file given, or the text itself) and any other table is an error, as mdb-export says it."""
    bin_folder = folder / "bin"
    bin_folder.mkdir()
    lines = ["#!/bin/sh"]
    for name, text in tables.items():
        source = text if isinstance(text, Path) else bin_folder / f"{name}.csv"
        if not isinstance(text, Path):
            source.write_text(text, encoding="utf-8")
        lines.append(f'if [ "$2" = "{name}" ]; then cat "{source}"; exit 0; fi')
    lines.append('echo "no table $2" >&2; exit 1')
    script = bin_folder / "mdb-export"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}")
