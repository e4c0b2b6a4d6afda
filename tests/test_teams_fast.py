"""Issue 19: a large teams CSV of plain results is scored on its columns (bridgescore.teams.columns) and its JSON
written from them (bridgescore.teams.report.json.dump_columns); the bytes, the standings and every problem are the
engine's, on the event read line by line (the careful reading), and any event the columns do not score is scored by
the engine as before."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.contract import Seat, parse_contract, score, vulnerability_of_board
from bridgescore.io import csv_columns
from bridgescore.teams import TeamsOptions, score_teams
from bridgescore.teams.columns import ScoredColumns, score_columns
from bridgescore.teams.model import MatchScore, ScoredTeams
from bridgescore.teams.read import load_teams, load_teams_columns
from bridgescore.teams.report.json import dump_bytes, dump_columns
from bridgescore.teams.vp import scale_named

#: (contract, declarer, result) a room may reach: made, over- and undertricks, doubled, a pass-out.
_OUTCOMES = (
    ("4S", "N", "="), ("4S", "N", "+1"), ("4S", "N", "-1"), ("3NT", "S", "="), ("3NT", "S", "+2"), ("5DX", "E", "-3"),
    ("4H", "W", "="), ("2C", "E", "+1"), ("1NT", "W", "-1"), ("6SXX", "N", "="), ("7NT", "E", "-4"), ("PASS", "", ""),
)  # fmt: skip
_LEADS = ("", "SA", "hk", "D10", "C2", "S7")


@contextmanager
def _columnar_from(characters: int) -> Iterator[None]:
    """Files of at least ``characters`` characters read on columns (a small generated file too; 10**12: none)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(csv_columns, "COLUMNAR_FROM", characters)
        yield


def _score(contract: str, declarer: str, result: str, board: int) -> str:
    """North-South's score of a room (Law 77), as a file's ``score`` column writes it."""
    if contract == "PASS":
        return "0"
    level = int(contract[0])
    tricks = level + 6 + (0 if result == "=" else int(result))
    points = score(parse_contract(contract), Seat[declarer], vulnerability_of_board(board), tricks)
    return str(points)


def _teams_file(
    seed: int,
    teams: int,
    rounds: int,
    boards: int,
    *,
    rooms: bool,
    leads: bool,
    segments: bool,
    shuffled: bool,
    scores: bool = False,
) -> str:
    """A valid teams CSV: in each round the teams paired at random (one sits out where they are odd), each match
    ``boards`` boards (with ``segments`` most matches in two segments, their numbers used again) played in both
    rooms; with ``scores`` a column of North-South's scores."""
    rng = random.Random(seed)
    header = ["round", "board", *(["room"] if rooms else []), "ns", "ew", "contract", "declarer", "result"]
    header += ["lead"] if leads else []
    header += ["segment"] if segments else []
    header += ["score"] if scores else []
    lines = []
    # numbers, names with a space and names beyond ASCII
    names = [str(t) if t % 3 else f"Team {t}" if t % 2 else f"Zoë's {t}" for t in range(1, teams + 1)]
    for round_number in range(1, rounds + 1):
        order = rng.sample(names, len(names))
        for home, away in zip(order[0::2], order[1::2], strict=False):
            split = segments and rng.random() < 0.7  # some matches in two segments, others in one
            for b in range(boards):
                segment = 1 + (split and b >= boards // 2)
                number = b + 1 - (boards // 2 if segment == 2 else 0)
                for room, (ns, ew) in (("open", (home, away)), ("closed", (away, home))):
                    values = [str(round_number), str(number), *([room] if rooms else []), ns, ew]
                    outcome = rng.choice(_OUTCOMES)
                    values += outcome
                    values += [rng.choice(_LEADS)] if leads else []
                    values += [str(segment)] if segments else []
                    values += [_score(*outcome, number)] if scores else []
                    lines.append(",".join(values))
    if shuffled:  # a match's first line is then its open room or not: its home team as the lines say
        rng.shuffle(lines)
    return "\n".join([",".join(header), *lines]) + "\n"


def _careful(path: Path, options: TeamsOptions) -> ScoredTeams:
    """The event read line by line and scored by the engine."""
    with _columnar_from(10**12):
        return score_teams(load_teams([path]), options)


def _careful_json(path: Path, options: TeamsOptions) -> bytes:
    out = BytesIO()
    dump_bytes(_careful(path, options), out)
    return out.getvalue()


def _on_columns(path: Path, options: TeamsOptions) -> ScoredColumns | None:
    with _columnar_from(0):
        event, columns = load_teams_columns([path])
    assert columns is not None and not event.matches
    return score_columns(event, columns, options)


def _columns_json(path: Path, options: TeamsOptions) -> bytes | None:
    """The JSON of the event scored on its columns; None where the columns do not score it."""
    scored = _on_columns(path, options)
    if scored is None:
        return None
    out = BytesIO()
    dump_columns(scored, out)
    return out.getvalue()


def _totals(m: MatchScore) -> tuple[object, ...]:
    """A scored match but its boards."""
    return (m.match.round, m.match.home, m.match.away, m.match.source, m.imps_home, m.imps_away, m.vp_home,
            m.vp_away, m.points_home, m.points_away, m.segments, m.winner, m.shared_imps)  # fmt: skip


_FILES = st.builds(
    _teams_file,
    seed=st.integers(0, 2**32),
    teams=st.integers(2, 9),
    rounds=st.integers(1, 4),
    boards=st.integers(1, 6),
    rooms=st.booleans(),
    leads=st.booleans(),
    segments=st.booleans(),
    shuffled=st.booleans(),
    scores=st.booleans(),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=_FILES,
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "cp1252"]),
    vp=st.sampled_from(["wbf", "wbf-discrete", "ebu-20", None]),
    tiebreak=st.sampled_from(["wbf", "ebu", "nbb", "none"]),
    knockout=st.booleans(),
    bye_vp=st.sampled_from([None, 12.0]),
)
def test_an_event_scored_on_columns_is_the_engines_to_the_byte(
    tmp_path_factory: pytest.TempPathFactory,
    text: str,
    encoding: str,
    vp: str | None,
    tiebreak: str,
    knockout: bool,
    bye_vp: float | None,
) -> None:
    path = tmp_path_factory.mktemp("fast") / "teams.csv"
    path.write_text(text, encoding=encoding)  # Windows-1252: a warning the event keeps
    scale = scale_named(vp) if vp is not None else None
    options = TeamsOptions(vp=scale, tiebreak=tiebreak, knockout=knockout, bye_vp=bye_vp)  # type: ignore[arg-type]
    fast = _on_columns(path, options)
    assert fast is not None  # every room plain, at IMPs: scored on the columns
    careful = _careful(path, options)
    assert [_totals(m) for m in fast.scored.matches] == [_totals(m) for m in careful.matches]
    assert fast.imps.tolist() == [b.imps_home for m in careful.matches for b in m.boards]
    assert len(fast.columns.board) == sum(len(m.boards) for m in careful.matches)
    assert fast.scored.standings == careful.standings
    assert (fast.scored.checks, fast.scored.problems, fast.scored.options) == (
        careful.checks,
        careful.problems,
        careful.options,
    )
    out = BytesIO()
    dump_columns(fast, out)
    assert out.getvalue() == _careful_json(path, options)


def test_the_columns_leave_what_they_do_not_score_to_the_engine(tmp_path: Path) -> None:
    path = tmp_path / "teams.csv"
    path.write_text(_teams_file(7, 6, 3, 4, rooms=True, leads=True, segments=False, shuffled=False), encoding="utf-8")
    for options in (TeamsOptions(form="bam"), TeamsOptions(form="patton")):
        assert _columns_json(path, options) is None
    assert _columns_json(path, TeamsOptions()) is not None
    lines = path.read_text(encoding="utf-8").splitlines()
    remarks = [lines[0] + ",remarks", *(line + ("," if i != 4 else ",late") for i, line in enumerate(lines[1:]))]
    remarked = tmp_path / "remarks.csv"  # a room with remarks: read on columns, scored by the engine
    remarked.write_text("\n".join(remarks) + "\n", encoding="utf-8")
    assert _columns_json(remarked, TeamsOptions()) is None
    missing = tmp_path / "missing.csv"  # a board played in one room: a problem the engine words
    missing.write_text("\n".join(lines[:5] + lines[6:]) + "\n", encoding="utf-8")
    assert _columns_json(missing, TeamsOptions()) is None


def _command(path: Path, out: Path, *options: str) -> tuple[int, bytes, str]:
    result = CliRunner().invoke(app, ["teams", str(path), "-f", "json", "-o", str(out), *options])
    return result.exit_code, out.read_bytes() if out.exists() else b"", result.output


@pytest.mark.parametrize(
    "options",
    [
        (),
        ("--names", "NAMES"),
        ("--bye-vp", "12", "--tiebreak", "nbb", "--vp", "ebu-20"),
        ("--as", "ebuscore"),  # the EBU's tie-break: its count-back of boards won counted on the columns
        ("--form", "bam"),  # the engine scores it, on the matches the columns make
        ("--knockout", "--vp", "none"),
    ],
)
def test_the_teams_command_writes_the_engines_json(options: tuple[str, ...], tmp_path: Path) -> None:
    path = tmp_path / "teams.csv"
    path.write_text(_teams_file(11, 7, 3, 5, rooms=False, leads=True, segments=False, shuffled=True), encoding="utf-8")
    names = tmp_path / "names.txt"
    names.write_text("1 Oranje\x1b[2J: Jan Jansen\nTeam 3 Rood: Piet Pieters\n", encoding="utf-8")  # a control too
    options = tuple(str(names) if o == "NAMES" else o for o in options)
    with _columnar_from(0):
        fast = _command(path, tmp_path / "fast.json", *options)
    with _columnar_from(10**12):
        careful = _command(path, tmp_path / "careful.json", *options)
    assert fast == careful
    assert fast[0] == 0 and fast[1].startswith(b"{")


def test_a_team_named_like_the_mark_of_the_boards_is_written_as_named(tmp_path: Path) -> None:
    path = tmp_path / "teams.csv"
    text = _teams_file(3, 4, 2, 3, rooms=True, leads=False, segments=False, shuffled=False)
    path.write_text(text.replace(",Team 3,", ',"\x01b",').replace(",Team 3\n", ',"\x01b"\n'), encoding="utf-8")
    assert _columns_json(path, TeamsOptions()) == _careful_json(path, TeamsOptions())


def test_the_ebu_count_back_counted_on_columns_orders_level_teams(tmp_path: Path) -> None:
    """Four teams level at 0 IMPs who did not all meet: the EBU's last rule, boards won with a drawn board a half
    (White Book 143.5.3), puts C and D (four drawn boards: 2) above A and B (one board won each: 1)."""
    lines = ["round,board,room,ns,ew,contract,declarer,result"]
    for board, (open_result, closed_result) in enumerate((("+1", "="), ("=", "+1")), start=1):  # 1 IMP each way
        lines += [f"1,{board},open,A,B,4S,N,{open_result}", f"1,{board},closed,B,A,4S,N,{closed_result}"]
    for board in range(1, 5):  # four drawn boards
        lines += [f"1,{board},open,C,D,4S,N,=", f"1,{board},closed,D,C,4S,N,="]
    path = tmp_path / "level.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    options = TeamsOptions(vp=None, tiebreak="ebu")
    fast = _on_columns(path, options)
    assert fast is not None
    assert [(s.team.id, s.place_label) for s in fast.scored.standings] == [("C", "1="), ("D", "1="), ("A", "3="),
                                                                          ("B", "3=")]  # fmt: skip
    assert fast.scored.standings == _careful(path, options).standings
    assert "count-back" in fast.scored.standings[0].tiebreak


@pytest.mark.parametrize("change", ["carry-over", "a bad contract"])
def test_a_file_whose_matches_are_not_found_on_columns_is_read_once(change: str, tmp_path: Path) -> None:
    """The columns' reading of a file they do not take is the event load_teams reads, from one parse of the text."""
    lines = _teams_file(5, 6, 2, 3, rooms=True, leads=False, segments=False, shuffled=False).splitlines()
    if change == "carry-over":  # a carry-over is the lines' work (bridgescore.teams.carry)
        lines = [lines[0] + ",carry_over", lines[1] + ",7.5", *(line + "," for line in lines[2:])]
    else:
        lines[3] = lines[3].replace(",4S,", ",9S,").replace(",3NT,", ",9S,").replace(",PASS,", ",9S,")
    path = tmp_path / "teams.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    parsed = []
    real_parse = csv_columns.parse

    def counted(*args: Any) -> Any:
        parsed.append(args[1])
        return real_parse(*args)

    with _columnar_from(0), pytest.MonkeyPatch.context() as patch:
        patch.setattr(csv_columns, "parse", counted)
        event, columns = load_teams_columns([path])
        assert columns is None and len(parsed) == 1
        assert event == load_teams([path])
