"""Text from a file is data everywhere it goes (issue 19): what a file's names, titles, remarks and contracts can
do to the terminal, the page and the files written, and what a command line can do to its own inputs (``-o``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from bridgescore.archive.store import _shown, database_url
from bridgescore.cli import app
from bridgescore.cli.common import WRITTEN_FILES

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples"


# ------------------------------------------------------------------------------------ the archive's password


def test_a_password_in_the_urls_query_is_masked_like_the_user_password_part() -> None:
    """libpq's documented ``?password=`` form was printed whole in every message naming the archive."""
    shown = _shown(database_url("postgresql://bob:s3cret@host/club?sslmode=require&password=hunter2"))
    assert shown == "postgresql+psycopg://bob:***@host/club?password=***&sslmode=require"
    assert "hunter2" not in _shown(database_url("postgresql://bob@host/club?SSLPassword=hunter2"))
    assert "hunter2" not in _shown("postgresql://bob:hunter2@host:port/club?password=hunter2")  # unreadable URL


def test_a_password_in_the_query_never_reaches_the_error_stream() -> None:
    url = "postgresql://bob@127.0.0.1:1/club?connect_timeout=1&password=hunter2"
    result = runner.invoke(app, ["archive", "list", "--db", url])
    assert result.exit_code == 2
    assert "password=***" in result.output and "hunter2" not in result.output


# ------------------------------------------------------------------------------------- -o and the inputs


def _commands(group: Any, prefix: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    for name, command in sorted(group.commands.items()):
        if hasattr(command, "commands"):
            yield from _commands(command, (*prefix, name))
        else:
            yield (*prefix, name), command


_PATHS = (Path, list[Path], Path | None)
#: The options given as text that name a file (or an archive, a URL): the guard takes every text as a possible file.
_TEXT_FILES = ("db", "vp", "scale")


def _file_options() -> list[tuple[str, list[str]]]:
    """Every command with ``--output`` and each of its parameters that may name a file (a path or a text): the
    name of the case and the command line giving that parameter ``{target}`` (the arguments it requires another
    file that exists, or 1 where a number is asked)."""
    cases = []
    for words, command in _commands(typer.main.get_command(app)):
        if "output" not in {p.name for p in command.params}:
            continue
        arguments = [p for p in command.params if p.param_type_name == "argument"]
        for param in command.params:
            path_like = param.type_descriptor.annotation in _PATHS or param.name in _TEXT_FILES
            if param.name in WRITTEN_FILES or not path_like:
                continue
            given = []
            for argument in arguments:
                if argument is param:
                    given.append("{target}")
                elif argument.required:
                    given.append("1" if argument.type_descriptor.annotation in (int, float, list[int]) else "{other}")
            for option in command.params:
                if option.param_type_name == "option" and option.required and option is not param:
                    number = option.type_descriptor.annotation in (int, float)
                    given += [max(option.opts, key=len), "1" if number else "{other}"]
            if param.param_type_name == "option":
                given += [max(param.opts, key=len), "{target}"]
            cases.append((f"{' '.join(words)} {param.name}", [*words, *given]))
    return cases


FILE_OPTIONS = _file_options()


def test_every_command_with_output_is_checked() -> None:
    """The table below is built from the application: a command that loses its -o or its file options shows."""
    named = {name for name, _ in FILE_OPTIONS}
    for expected in ["score names", "score members", "score penalties", "score deals", "score inputs", "season db",
                     "season members", "teams score vp", "teams score names", "individual names", "check members",
                     "valet names", "rubber deals", "vp scale", "deals file"]:  # fmt: skip
        assert expected in named


@pytest.mark.parametrize(("name", "words"), FILE_OPTIONS, ids=[name for name, _ in FILE_OPTIONS])
def test_output_is_refused_when_any_option_names_the_same_file(tmp_path: Path, name: str, words: list[str]) -> None:
    """``season --db FILE -o FILE`` replaced the whole archive by a text ranking, ``season --members F -o F`` and
    ``teams --vp F -o F`` their input: every file a command line names is refused as its output."""
    target, other = tmp_path / "input.csv", tmp_path / "other.csv"
    target.write_text("1,Ann & Bob\n", encoding="utf-8")
    other.write_text("1,Ann & Bob\n", encoding="utf-8")
    arguments = [a.format(other=other, target=target) for a in words]
    result = runner.invoke(app, [*arguments, "--output", str(target)])
    assert result.exit_code == 2, result.output
    assert "is one of the input files" in result.output
    assert target.read_text(encoding="utf-8") == "1,Ann & Bob\n"


def test_season_output_over_the_archive_is_refused(tmp_path: Path) -> None:
    """The archive given by ``--db`` (or the default ``bridgescore.sqlite3``) is an input like any file."""
    db = tmp_path / "club.sqlite3"
    added = runner.invoke(app, ["archive", "add", str(EXAMPLES / "season" / "2026-09-07.csv"), "--db", str(db)])
    assert added.exit_code == 0, added.output
    before = db.read_bytes()
    for given in (["--db", str(db)], ["--db", f"sqlite:///{db}"]):
        result = runner.invoke(app, ["season", *given, "-o", str(db)])
        assert result.exit_code == 2 and "is one of the input files" in result.output
    result = runner.invoke(app, ["season", "-o", str(db)], env={"BRIDGESCORE_DB": str(db)})
    assert result.exit_code == 2 and "is one of the input files" in result.output
    assert db.read_bytes() == before
