"""The quick way in for plain ``valet`` command lines (``bridgescore.cli.quick``): it reads a command line as Typer
does or leaves it to Typer, and a clean run loads neither pydantic, rich nor Babel (issue 12)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.main
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app, main
from bridgescore.cli.quick import parse
from bridgescore.cli.valet import valet

ROOT = Path(__file__).resolve().parents[1]
NAMES = "a|Anna\nb|Bert\nc|Cees\nd|Dirk\ne|Eva\nf|Frans\ng|Gijs\nh|Hans\n"
SCORES = "1|1|a|b|c|d|4S|N|10\n1|1|e|f|g|h|4S|N|11\n1|2|a|b|c|d|3N|S|9\n1|2|e|f|g|h|4H|E|10\n"


def typer_reads(args: list[str]) -> dict[str, Any] | None:
    """The keyword arguments Typer gives ``valet`` for ``args``, or None if it refuses the command line."""
    group = typer.main.get_command(app)
    try:
        ctx = group.make_context("bridgescore", ["valet", *args])
        command = group.get_command(ctx, "valet")
        assert command is not None
        return dict(command.make_context("valet", list(args), parent=ctx).params)
    except Exception:  # a usage error: Typer says what is wrong
        return None


@pytest.mark.parametrize(
    "args",
    [
        ["event"],
        [],
        ["-d", "input", "-n", "names7.txt", "-s", "scores7.txt", "-v", "imps", "-f", "csv", "-o", "bidding"],
        ["event", "-o", "result.csv", "--scoring", "datum", "-x", "-e", "--leads", "-a", "-c"],
        ["a", "b", "--min-hands", "3", "--rounds", "2-5", "-j", ";", "--lang", "nl", "-t", "tab.txt"],
        ["event", "--skip-invalid", "--truncate-imps", "--order", "play", "--output", "bidding", "-l"],
        ["event", "-m", "03"],
    ],
)
def test_plain_command_lines_are_read_as_typer_reads_them(args: list[str]) -> None:
    quick = parse(valet, args)
    assert quick is not None
    assert quick == typer_reads(args)


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["-h"],
        ["event", "--output=x.csv"],  # Typer reads it; quick leaves it
        ["event", "-m"],  # a value missing
        ["event", "-m", "three"],  # not a number: Typer words the problem
        ["event", "-m", "-1"],  # a value beginning with '-'
        ["event", "--no-such-option"],
        ["event", "--form", "csv"],  # an abbreviation
        ["event", "-xl"],  # short flags together
        ["-"],
        ["event", "--", "x"],
    ],
)
def test_anything_else_is_left_to_typer(args: list[str]) -> None:
    assert parse(valet, args) is None


TOKENS = [
    "event",
    "x.csv",
    "-o",
    "bidding",
    "--output",
    "-m",
    "3",
    "x",
    "-x",
    "--leads",
    "-v",
    "datum",
    "--lang",
    "nl",
    "-",
    "--",
    "-f",
    "valet-csv",
    "--rounds",
    "1,3",
    "-j",
    ";",
    "--help",
    "--output=y",
    "-d",
    "",
]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=7))
def test_whatever_quick_reads_typer_reads_the_same(args: list[str]) -> None:
    quick = parse(valet, args)
    if quick is not None:
        assert quick == typer_reads(args)


def _write(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "names.txt").write_text(NAMES, encoding="utf-8")
    (folder / "scores.txt").write_text(SCORES, encoding="utf-8")
    return folder


def test_main_gives_what_typer_gives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    folder = _write(tmp_path / "event")
    expected = CliRunner().invoke(app, ["valet", str(folder), "-f", "valet-csv", "-x"])
    assert expected.exit_code == 0
    monkeypatch.setattr(sys, "argv", ["bridgescore", "valet", str(folder), "-f", "valet-csv", "-x"])
    main()
    assert capsys.readouterr().out == expected.output


def test_main_exits_as_typer_on_problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _write(tmp_path / "event")
    (folder / "scores.txt").write_text(SCORES + "1|3|a|b|c|d|4Q|N|10\n", encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["bridgescore", "valet", str(folder)])
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 2


def test_a_clean_valet_run_loads_neither_pydantic_rich_nor_babel(tmp_path: Path) -> None:
    """What a run of ``bridgescore valet -f valet-csv`` imports: Typer's validators (pydantic), the consoles
    (rich), the translations (Babel) and the pairs modules cost some 0.2 s of a 0.6 s run on a large event."""
    folder = _write(tmp_path / "event")
    probe = (
        "import atexit, sys\n"
        "atexit.register(lambda: print(sorted(m for m in ('pydantic', 'rich', 'babel', 'bridgescore.io.csv',"
        " 'bridgescore.pairs.report.csv', 'bridgescore.pairs.methods.base') if m in sys.modules), file=sys.stderr))\n"
        f"sys.argv = ['bridgescore', 'valet', {str(folder)!r}, '-f', 'valet-csv', '-o', {str(tmp_path / 'o.csv')!r}]\n"
        "from bridgescore.cli import main\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "[]"
    assert (tmp_path / "o.csv").read_text(encoding="utf-8").startswith("Players,Count,IMPs,")
