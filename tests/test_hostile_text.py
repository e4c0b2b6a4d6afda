"""Text from a file is data everywhere it goes (issue 19): what a file's names, titles, remarks and contracts can
do to the terminal, the page and the files written, and what a command line can do to its own inputs (``-o``)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
import typer.main
from rich.markup import escape
from typer.testing import CliRunner

from bridgescore.archive.store import _shown, database_url
from bridgescore.cli import app
from bridgescore.cli.common import WRITTEN_FILES
from bridgescore.report.printable import (
    PrintableWriter,
    console,
    escape_controls,
    escape_controls_bytes,
    xml_characters,
)

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples"
DATA = Path(__file__).resolve().parent / "data"


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


# ------------------------------------------------------------------------------ hostile text through every report

#: What a file's text may hold: escape sequences (window title, clear screen, hidden text), C1 controls, a lone
#: carriage return, rich markup, emoji codes, non-characters, and a 100 kB value.
HOSTILE = {
    "escapes": "Esc\x1b]0;pwned\x07\x1b[2J\x1b[8mZ",
    "c1": "Cee\x9b2J\x85one\x7f",
    "cr": "Car\rriage",
    "markup": "Mark[/bold][/][link=http://x.example]y[/link][pl]",
    "emoji": "1:x:3 & Flo :smile:",
    "nonchar": "Non\ufffechar\uffff",
    "long": "L" * 100_000,
}
#: The texts but the lone carriage return, which the readers take for a line end even inside a quoted CSV value
#: (the line is refused, said with its place): it is shown escaped by :func:`test_escape_controls`.
_LINE_SAFE = {k: v for k, v in HOSTILE.items() if k != "cr"}
#: A raw control in what reaches a terminal or a text file (tab and line ends allowed).
RAW_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)")
SEASON = EXAMPLES / "season"


def _hostile_evening(path: Path, *, session: bool = False, valid: bool = False) -> Path:
    """An evening of the bundled season (names in north/south/east/west) with the hostile texts in names, remarks,
    leads and one contract (a line refused, said with its cell); ``session``: two sessions named by hostile
    texts; ``valid``: no line refused (the contract and lead as written)."""
    rows = list(csv.reader((SEASON / "2026-09-07.csv").open(encoding="utf-8")))
    head, lines = rows[0], rows[1:]
    col = {name: head.index(name) for name in head}
    values = list(_LINE_SAFE.values())
    renamed: dict[str, str] = {}
    for line in lines:  # a pair's two players renamed wherever the pair plays
        for seat in ("north", "east"):
            name = line[col[seat]]
            if name not in renamed and len(renamed) < len(values):
                renamed[name] = values[len(renamed)]
            line[col[seat]] = renamed.get(name, name)
    for i, value in enumerate(values):
        lines[3 * i + 1][col["remarks"]] = value
    if not valid:
        lines[1][col["lead"]] = HOSTILE["escapes"]
        lines[2][col["contract"]] = HOSTILE["markup"]
    if session:
        later = list(csv.reader((SEASON / "2026-09-14.csv").open(encoding="utf-8")))[1:]
        head = ["session", *head]
        lines = [[HOSTILE["markup"], *line] for line in lines] + [[HOSTILE["escapes"], *line] for line in later]
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows([head, *lines])
    return path


def _hostile_pbn(path: Path) -> Path:
    """The PBN club evening with hostile event, site and pair names."""
    text = (DATA / "pbn" / "club-scoretable.pbn").read_text(encoding="utf-8")
    text = text.replace('[Event "Tuesday Pairs"]', f'[Event "{HOSTILE["escapes"]}{HOSTILE["markup"]}"]')
    text = text.replace('[Site "Test Club"]', f'[Site "{HOSTILE["c1"]}{HOSTILE["emoji"]}"]')
    text = text.replace('"Ann Smith - Bob Jones"', f'"{HOSTILE["escapes"]} - {HOSTILE["nonchar"]}"', 1)
    path.write_text(text, encoding="utf-8")
    return path


def _hostile_names(path: Path, numbers: list[str], *, teams: bool = False) -> Path:
    values = list(_LINE_SAFE.values())
    if teams:
        lines = [f"{n} {values[i % len(values)]}: {values[(i + 1) % len(values)]}, Bob" for i, n in enumerate(numbers)]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    else:
        with path.open("w", encoding="utf-8", newline="") as handle:
            csv.writer(handle).writerows([["player", "name"], *([n, values[i % len(values)]] for i, n in
                                                                 enumerate(numbers))])  # fmt: skip
    return path


def _cases() -> list[tuple[str, list[str], str | None]]:
    """(case, command line with {evening} {sessions} {pbn} {individual} {players} {teams} {team_names} {db}, the
    format written to -o {out} or None for the screen)."""
    cases: list[tuple[str, list[str], str | None]] = []
    for fmt in ("text", "csv", "json", "html", "usebio"):
        cases.append((f"score-{fmt}", ["score", "{evening}", "--skip-invalid", "-f", fmt], fmt))
        cases.append((f"individual-{fmt}", ["individual", "{individual}", "--names", "{players}", "-f", fmt], fmt))
        cases.append((f"teams-{fmt}", ["teams", "{teams}", "--names", "{team_names}", "-f", fmt], fmt))
    for fmt in ("text", "html", "usebio"):
        cases.append((f"score-pbn-{fmt}", ["score", "{pbn}", "--skip-invalid", "-f", fmt], fmt))
    for fmt in ("text", "csv", "json", "html"):
        cases.append((f"sessions-{fmt}", ["score", "{sessions}", "--skip-invalid", "-f", fmt], fmt))
        cases.append((f"season-{fmt}", ["season", "{evening}", "{later}", "--skip-invalid", "-f", fmt], fmt))
        cases.append((f"valet-{fmt}", ["valet", "{evening}", "--skip-invalid", "-f", fmt], fmt))
    for fmt in ("text", "csv", "json"):
        cases.append((f"check-{fmt}", ["check", "{evening}", "-f", fmt], fmt))
    cases += [
        ("score-screen", ["score", "{evening}", "--skip-invalid", "--boards"], None),
        ("sessions-screen", ["score", "{sessions}", "--skip-invalid", "--boards"], None),
        ("check-screen", ["check", "{evening}"], None),
        ("season-screen", ["season", "{evening}", "{later}", "--skip-invalid"], None),
        ("teams-screen", ["teams", "{teams}", "--names", "{team_names}"], None),
        ("individual-screen", ["individual", "{individual}", "--names", "{players}", "--boards"], None),
        ("deals-screen", ["deals", "{pbn}"], None),
        ("deals-json", ["deals", "{pbn}", "-f", "json"], "json"),
        ("deals-pbn", ["deals", "{pbn}", "-f", "pbn"], "pbn"),
    ]
    return cases


CASES = _cases()


@pytest.fixture(scope="module")
def hostile_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("hostile")
    later = folder / "later.csv"
    later.write_text((SEASON / "2026-09-14.csv").read_text(encoding="utf-8"), encoding="utf-8")
    players = sorted({c for line in list(csv.reader((DATA / "individual" / "three-tables.csv").open()))[1:]
                      for c in line[1:5]}, key=int)  # fmt: skip
    return {
        "evening": str(_hostile_evening(folder / "evening.csv")),
        "later": str(later),
        "sessions": str(_hostile_evening(folder / "sessions.csv", session=True)),
        "pbn": str(_hostile_pbn(folder / "evening.pbn")),
        "individual": str(DATA / "individual" / "three-tables.csv"),
        "players": str(_hostile_names(folder / "players.csv", players)),
        "teams": str(DATA / "teams" / "multiple-teams-4-matches.xml"),
        "team_names": str(_hostile_names(folder / "teams.txt", [str(n) for n in range(1, 9)], teams=True)),
    }


def _no_raw_control(text: str, where: str) -> None:
    found = RAW_CONTROL.search(text)
    assert found is None, f"{where}: raw {found.group()!r} at {found.start()}: {text[found.start() - 40 :][:80]!r}"


@pytest.mark.parametrize(("case", "words", "fmt"), CASES, ids=[c for c, _, _ in CASES])
def test_hostile_text_reaches_no_terminal_and_no_file_raw(
    tmp_path: Path, hostile_files: dict[str, str], case: str, words: list[str], fmt: str | None
) -> None:
    """No traceback; no raw control on stdout, stderr or in the file written; every XML well-formed."""
    out = tmp_path / f"out.{fmt}"
    line = [w.format(**hostile_files) for w in words] + (["-o", str(out)] if fmt else [])
    result = runner.invoke(app, line)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1, 2), result.output
    _no_raw_control(result.stdout, "stdout")
    _no_raw_control(result.stderr, "stderr")
    if fmt is None:
        assert result.exit_code in (0, 2), result.output
        return
    assert out.exists(), result.output
    if fmt == "usebio":
        ElementTree.parse(out)  # well-formed, whatever the names held
        text = out.read_bytes().decode("iso-8859-1")
    else:
        text = out.read_text(encoding="utf-8")
    _no_raw_control(text, str(out.name))
    if fmt == "json":
        json.loads(text)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value


def test_usebio_with_hostile_names_reads_back_as_documented(tmp_path: Path, hostile_files: dict[str, str]) -> None:
    """The USEBIO file is read back by bridgescore: every name as written, after the documented replacement
    (controls as \\u001b, U+FFFE/U+FFFF as U+FFFD)."""
    xml = tmp_path / "evening.xml"
    written = runner.invoke(app, ["score", hostile_files["evening"], "--skip-invalid", "-f", "usebio", "-o", str(xml)])
    assert written.exit_code == 0, written.output
    before = runner.invoke(app, ["score", hostile_files["evening"], "--skip-invalid", "-f", "json"])
    after = runner.invoke(app, ["score", str(xml), "-f", "json"])
    assert after.exit_code == 0, after.output

    def names(output: str) -> set[str]:
        standings = json.loads(output)["standings"]
        return {e["pair"] for s in standings for e in s["entries"]}

    expected = {xml_characters(n) for n in names(before.stdout)}
    assert names(after.stdout) == expected
    assert any("\\u001b]0;pwned" in n for n in expected) and any("\ufffd" in n for n in expected)


def test_the_text_report_shows_markup_and_emoji_codes_as_written(tmp_path: Path) -> None:
    """A name holding [pl] lost it (rich took it for a tag); '1:x:3 & Flo' became '1❌3 & Flo' in -o files; a
    session named '[/bold]' and a season's evening titled without a date ended the report in a MarkupError."""
    rows = list(csv.reader((SEASON / "2026-09-07.csv").open(encoding="utf-8")))
    rows[1][2] = "Pl[pl]"
    rows[1][4] = "1:x:3 & Flo"
    evening = tmp_path / "evening.csv"
    with evening.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    out = tmp_path / "out.txt"
    result = runner.invoke(app, ["score", str(evening), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "Pl[pl]" in text and "1:x:3 & Flo" in text and "❌" not in text
    piped = runner.invoke(app, ["score", str(evening)])  # the standard output a pipe: a console of its own
    assert "Pl[pl]" in piped.stdout and "1:x:3 & Flo" in piped.stdout and "❌" not in piped.stdout
    sessions = _hostile_evening(tmp_path / "sessions.csv", session=True)
    result = runner.invoke(app, ["score", str(sessions), "--skip-invalid", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert HOSTILE["markup"] in out.read_text(encoding="utf-8")


def test_a_season_evening_titled_with_markup_is_shown_as_written(tmp_path: Path) -> None:
    """An evening without a date is headed by its title (a PBN's Event): '[/]' in it ended the season report."""
    pbn = tmp_path / "evening.pbn"
    text = (DATA / "pbn" / "club-scoretable.pbn").read_text(encoding="utf-8")
    pbn.write_text(text.replace('[Event "Tuesday Pairs"]', '[Event "Cup [/] [pl]"]').replace(
        '[Date "2026.11.17"]', '[Date "#"]'), encoding="utf-8")  # fmt: skip
    result = runner.invoke(app, ["season", str(pbn), "--skip-invalid"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.output
    assert "Cup [/] [pl]" in result.stdout


def test_a_console_on_a_terminal_keeps_its_colours_and_escapes_the_files_text() -> None:
    """On a terminal rich writes its own colours; a cell's ESC[2J or ESC]0; is shown, never sent."""
    from rich.table import Table

    buffer = io.StringIO()
    screen = console(file=buffer, force_terminal=True, width=200)
    table = Table(title=HOSTILE["escapes"])
    table.add_column("name", style="bold")
    table.add_row(HOSTILE["escapes"] + HOSTILE["c1"])
    screen.print(table)
    screen.print(f"[red]{escape(HOSTILE['escapes'])}[/]")
    shown = buffer.getvalue()
    assert "\x1b[1m" in shown  # rich's bold
    assert "\x1b]0;" not in shown and "\x1b[2J" not in shown and "\x1b[8m" not in shown and "\x9b" not in shown
    assert "\\u001b]0;pwned\\u0007\\u001b[2J" in shown


def test_hostile_text_through_the_archive(tmp_path: Path, hostile_files: dict[str, str]) -> None:
    """archive add / list / history and player print what the archive stored from the file: as data."""
    db = str(tmp_path / "club.sqlite3")
    evening = str(_hostile_evening(tmp_path / "evening.csv", valid=True))
    lines = [["archive", "add", evening, "--title", HOSTILE["markup"], "--key", "second", "--db", db],
             ["archive", "add", hostile_files["evening"], "--db", db]]  # fmt: skip
    for fmt in ("text", "json"):
        lines += [["archive", "list", "--db", db, "-f", fmt], ["player", HOSTILE["emoji"], "--db", db, "-f", fmt]]
    listed = runner.invoke(app, ["archive", "add", evening, "--db", db])
    assert listed.exit_code == 0, listed.output
    keys = [s["key"] for s in json.loads(runner.invoke(app, ["archive", "list", "--db", db, "-f", "json"]).stdout)[
        "sessions"]]  # fmt: skip
    lines += [["archive", "history", key, "--db", db, "-f", fmt] for key in keys for fmt in ("text", "json")]
    for line in lines:
        result = runner.invoke(app, line)
        assert result.exception is None or isinstance(result.exception, SystemExit), (line, result.exception)
        assert result.exit_code in (0, 2), (line, result.output)
        _no_raw_control(result.stdout, f"{line[:2]} stdout")
        _no_raw_control(result.stderr, f"{line[:2]} stderr")


def test_hostile_text_in_a_rubber_file(tmp_path: Path) -> None:
    deals = tmp_path / "rubber.csv"
    deals.write_text(
        "deal,contract,declarer,tricks,honours\n1,4S,N,=,\n2," + HOSTILE["escapes"] + ",E,+2,\n3,3NT,S,=,"
        + HOSTILE["c1"] + "\n", encoding="utf-8")  # fmt: skip
    for fmt in ("text", "json"):
        result = runner.invoke(app, ["rubber", str(deals), "--skip-invalid", "-f", fmt])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        _no_raw_control(result.stdout, "stdout")
        _no_raw_control(result.stderr, "stderr")
        assert "\\u001b]0;pwned" in result.output


def test_escape_controls() -> None:
    """Tabs and line ends kept; a lone carriage return (which returns the cursor to overwrite the line), C0, DEL
    and C1 written as JSON escapes; XML also loses the non-characters (U+FFFD) and every carriage return."""
    assert escape_controls("a\tb\r\nc\n") == "a\tb\r\nc\n"
    assert escape_controls("Car\rriage\x1b[2J\x7f\x9b") == "Car\\u000driage\\u001b[2J\\u007f\\u009b"
    assert escape_controls_bytes("x\x1b\x85é\r\n".encode()) == "x\\u001b\\u0085é\r\n".encode()
    assert xml_characters("a\ufffeb\uffff\r\n\x00") == "a\ufffdb\ufffd\\u000d\n\\u0000"
    buffer = io.StringIO()
    PrintableWriter.wrap(buffer).write("Car\rriage,1\r\n")
    assert buffer.getvalue() == "Car\\u000driage,1\r\n"


@pytest.mark.parametrize("words", [["score", "{evening}", "--skip-invalid", "--boards"], ["check", "{evening}"]])
def test_hostile_text_in_the_plain_columns_of_a_large_event(
    monkeypatch: pytest.MonkeyPatch, hostile_files: dict[str, str], words: list[str]
) -> None:
    """Above PLAIN_ROWS rows the rankings, travellers and check listing are plain columns written past rich."""
    from bridgescore.pairs.report import check, text

    monkeypatch.setattr(check, "PLAIN_ROWS", 0)
    monkeypatch.setattr(text, "PLAIN_ROWS", 0)
    result = runner.invoke(app, [w.format(**hostile_files) for w in words])
    assert result.exit_code in (0, 2), result.output
    _no_raw_control(result.stdout, "stdout")
    assert "\\u001b]0;pwned" in result.stdout


@pytest.mark.parametrize("form", ["teams", "individual"])
def test_teams_and_individual_usebio_read_back_as_documented(
    tmp_path: Path, hostile_files: dict[str, str], form: str
) -> None:
    """The teams' and players' names of a USEBIO file written by bridgescore are read back by it as written,
    after the documented replacement."""
    if form == "teams":
        line = ["teams", hostile_files["teams"], "--names", hostile_files["team_names"]]

        def names(document: dict[str, Any]) -> set[str]:
            return {m[side] for m in document["matches"] for side in ("home_name", "away_name")}
    else:
        line = ["individual", hostile_files["individual"], "--names", hostile_files["players"]]

        def names(document: dict[str, Any]) -> set[str]:
            return {e["name"] for s in document["standings"] for e in s["entries"]}

    xml = tmp_path / "event.xml"
    assert runner.invoke(app, [*line, "-f", "usebio", "-o", str(xml)]).exit_code == 0
    before = names(json.loads(runner.invoke(app, [*line, "-f", "json"]).stdout))
    after = runner.invoke(app, [form, str(xml), "-f", "json"])
    assert after.exit_code == 0, after.output
    assert names(json.loads(after.stdout)) == {xml_characters(n) for n in before}
    assert any("\ufffd" in n for n in names(json.loads(after.stdout)))


def test_every_console_is_made_by_printable_console() -> None:
    """A rich Console made elsewhere would print a file's ESC raw and its ':x:' as an emoji again."""
    source = Path(__file__).resolve().parents[1] / "src" / "bridgescore"
    made = [f"{path.relative_to(source)}:{n}" for path in source.rglob("*.py") if path.name != "printable.py"
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if re.search(r"\bConsole\(", line)]  # fmt: skip
    assert made == []
