"""Every traveller line checked against the movement (issue 21, ``score``/``check --movement FILE``): the
acceptance's 8-table Mitchell of 24 boards with one line's NS and EW swapped, a pair 17, a board 25 and a missing
result – each reported with the movement's expectation, none of it ranked silently, in English and Dutch."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.api import read
from bridgescore.cli import app
from bridgescore.core.problems import Severity
from bridgescore.movement import Movement, PairRef, Round, Section, Stand, boards_in_sets
from bridgescore.movement.json import dumps
from bridgescore.pairs.against_movement import check_against_movement, ranked_as

runner = CliRunner()


def mitchell(tables: int = 8, per_round: int = 3, *, per_direction: bool = False) -> Movement:
    """A Mitchell: NS 1–n stationary, EW moving up a table and the boards down a table each round, with the EBU's
    skip after half the rounds for an even number of tables (else EW would meet their boards again); EW numbered
    n+1–2n, or 1–n per direction."""
    sets = boards_in_sets(per_round, tables)
    rounds = []
    for r in range(1, tables + 1):
        skip = 1 if tables % 2 == 0 and r > tables // 2 else 0
        stands = []
        for t in range(1, tables + 1):
            ew = (t - 1 - (r - 1) - skip) % tables + 1
            s = (t - 1 + r - 1) % tables
            ns_pair = PairRef(t, "NS") if per_direction else PairRef(t)
            ew_pair = PairRef(ew, "EW") if per_direction else PairRef(ew + tables)
            stands.append(Stand(t, ns_pair, ew_pair, sets[s], s + 1))
        rounds.append(Round(r, tuple(stands)))
    section = Section("", tuple(rounds), per_direction=per_direction)
    return Movement(f"mitchell-{tables}", "mitchell", "a test's Mitchell (EBU skip)", per_round, (section,))


HEADER = "board,ns,ew,contract,declarer,result"


def traveller_lines(movement: Movement, *, ew_offset: int = 0) -> list[str]:
    """One line per table, round and board, in schedule order: 3NT by North making 6 to 10 tricks by the pairs and
    the board (so the rankings differ); EW written ``ew_offset`` below the schedule's number."""
    lines = [HEADER]
    for r in movement.sections[0].rounds:
        for s in r.stands:
            assert s.ns is not None and s.ew is not None
            for b in sorted(s.boards):
                tricks = 6 + (s.ns.number * 3 + s.ew.number + b) % 5
                lines.append(f"{b},{s.ns.number},{s.ew.number - ew_offset},3NT,N,{tricks}")
    return lines


def _row(lines: list[str], board: int, ns: int) -> int:
    return next(i for i, line in enumerate(lines) if line.split(",")[:2] == [str(board), str(ns)])


def swap(lines: list[str], board: int, ns: int) -> int:
    """NS and EW exchanged on the line of ``board`` NS ``ns`` (round 3, table 5's board 20 in the tests); its index."""
    i = _row(lines, board, ns)
    f = lines[i].split(",")
    f[1], f[2] = f[2], f[1]
    lines[i] = ",".join(f)
    return i


def mistakes(lines: list[str]) -> tuple[list[str], dict[str, int]]:
    """The acceptance's four mistakes in ``lines``: round 3, table 5's board 20 with NS and EW swapped; EW 17 for
    EW 9 on board 2 (round 1, table 1); board 25 for board 24 at round 7, table 2; round 6, table 7's board 10
    missing.  Returns the lines and the file line of each mistake."""
    bad = list(lines)
    del bad[_row(bad, 10, 7)]
    at: dict[str, int] = {}
    i = swap(bad, 20, 5)
    at["swap"] = i + 1
    i = _row(bad, 2, 1)
    f = bad[i].split(",")
    f[2] = "17"
    bad[i] = ",".join(f)
    at["pair17"] = i + 1
    i = _row(bad, 24, 2)
    f = bad[i].split(",")
    f[0] = "25"
    bad[i] = ",".join(f)
    at["board25"] = i + 1
    return bad, at


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    return write_files(tmp_path)


def write_files(folder: Path) -> dict[str, Path]:
    """The 8-table Mitchell's movement (JSON), its clean travellers and the travellers with :func:`mistakes`, in
    ``folder``."""
    movement = mitchell()
    lines = traveller_lines(movement)
    bad, _ = mistakes(lines)
    out = {"movement": folder / "mitchell-8.json", "clean": folder / "clean.csv", "bad": folder / "bad.csv"}
    out["movement"].write_text(dumps(movement), encoding="utf-8")
    out["clean"].write_text("\n".join(lines) + "\n", encoding="utf-8")
    out["bad"].write_text("\n".join(bad) + "\n", encoding="utf-8")
    return out


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_movement_ranks_as_two_lines() -> None:
    assert ranked_as(mitchell()) == "mitchell"
    arrow = mitchell(3, 2)
    r = arrow.sections[0].rounds[2]
    switched = Round(3, tuple(Stand(s.table, s.ns, s.ew, s.boards, arrow_switch=True) for s in r.stands))
    one_winner = Movement("m", "mitchell", "t", 2, (Section("", (*arrow.sections[0].rounds[:2], switched)),))
    assert ranked_as(one_winner) == "howell"  # an arrow switch makes one field


def test_each_mistake_is_said_with_the_expectation(tmp_path: Path) -> None:
    movement = mitchell()
    bad, at = mistakes(traveller_lines(movement))
    path = tmp_path / "bad.csv"
    path.write_text("\n".join(bad) + "\n", encoding="utf-8")
    event = read(path)
    assert not event.problems  # read alone, nothing is wrong with these lines
    checked = check_against_movement(event, movement)
    said = {(p.location.line, p.location.field): p.describe("en") for p in checked.problems}
    assert said[(at["swap"], "ns")].endswith(
        "round 3, table 5: NS 5 v EW 11 on boards 19–21: this line has NS and EW swapped (NS 11 v EW 5); the line is "
        "left out: correct it, or give --fix-swaps to score it as the movement has it"
    )
    assert said[(at["pair17"], "ew")].endswith(
        "round 1, table 1: NS 1 v EW 9 on boards 1–3: there is no pair 17 in this movement; the line is left out"
    )
    assert said[(at["board25"], "board")].endswith(
        "round 7, table 2: NS 2 v EW 11 on boards 22–24: board 25 is not played in this movement (it has boards "
        "1–24); the line is left out"
    )
    assert said[(None, None)].endswith("round 7, table 2: NS 2 v EW 11 on boards 22–24: no result for board 24")
    missing = [p.describe("en") for p in checked.problems if p.location.line is None]
    assert any(m.endswith("round 6, table 7: NS 7 v EW 9 on boards 10–12: no result for board 10") for m in missing)
    assert all(p.severity is Severity.ERROR for p in checked.problems) and len(checked.problems) == 5
    # the three lines in error are left out of the event scored
    assert len(checked.results) == len(event.results) - 3
    assert {r.source.line for r in checked.results if r.source} & {at["swap"], at["pair17"], at["board25"]} == set()


def test_the_lines_in_error_stop_the_score_and_are_never_ranked(files: dict[str, Path]) -> None:
    res = runner.invoke(app, ["score", "--movement", str(files["movement"]), str(files["bad"])])
    assert res.exit_code == 2
    text = _flat(res.output)
    for words in (
        "round 3, table 5: NS 5 v EW 11 on boards 19–21: this line has NS and EW swapped",
        "there is no pair 17 in this movement",
        "board 25 is not played in this movement",
        "round 6, table 7: NS 7 v EW 9 on boards 10–12: no result for board 10",
    ):
        assert words in text, words
    assert "Pair" not in res.output  # no ranking
    went_on = runner.invoke(app, ["score", "--movement", str(files["movement"]), "--skip-invalid", str(files["bad"])])
    assert went_on.exit_code == 0, went_on.output
    rankings = went_on.output.split("North-South", 1)[1]
    assert re.search(r"│\s+17\s+│", rankings) is None  # pair 17 is in no ranking
    # the swapped line counts for neither pair (not as EW 5 nor as NS 11): 5 has 23 boards, 11 (board 25 too) 22
    assert re.search(r"│\s+5\s+│\s+│\s+23\s+│", rankings) and re.search(r"│\s+11\s+│\s+│\s+22\s+│", rankings)


def test_dutch(files: dict[str, Path]) -> None:
    res = runner.invoke(app, ["check", "--lang", "nl", "--movement", str(files["movement"]), str(files["bad"])])
    assert res.exit_code == 2
    text = _flat(res.output)
    assert "ronde 3, tafel 5: NZ 5 tegen OW 11 op spellen 19–21: op deze regel zijn NZ en OW verwisseld" in text
    assert "dit schema heeft geen paar 17" in text
    assert "spel 25 wordt in dit schema niet gespeeld" in text
    assert "ronde 6, tafel 7: NZ 7 tegen OW 9 op spellen 10–12: geen uitslag voor spel 10" in text


def test_fix_swaps_scores_the_swapped_line_as_the_movement_has_it(files: dict[str, Path], tmp_path: Path) -> None:
    movement = mitchell()
    lines = traveller_lines(movement)
    swapped = list(lines)
    swap(swapped, 20, 5)
    path = tmp_path / "swapped.csv"
    path.write_text("\n".join(swapped) + "\n", encoding="utf-8")
    refused = runner.invoke(app, ["score", "--movement", str(files["movement"]), str(path)])
    assert refused.exit_code == 2
    fixed = runner.invoke(app, ["score", "--movement", str(files["movement"]), "--fix-swaps", str(path)])
    assert fixed.exit_code == 0, fixed.output
    assert "warning: round 3, table 5: NS 5 v EW 11 on boards 19–21: this line has NS and EW swapped" in _flat(
        fixed.output
    )
    assert "scored as the movement has it (--fix-swaps)" in _flat(fixed.output)
    clean = runner.invoke(app, ["score", str(files["clean"])])
    assert clean.exit_code == 0
    # the rankings are those of the file written right
    assert _rankings(fixed.output) == _rankings(clean.output) and len(_rankings(clean.output)) == 16


def _rankings(text: str) -> list[str]:
    """The rows of the rankings (place, pair, boards, total, maximum, percentage)."""
    return [line for line in text.splitlines() if re.match(r"│\s+\d+\s+│\s+\d+\s+│", line)]


def test_a_clean_file_has_no_problem_and_the_same_ranking(files: dict[str, Path]) -> None:
    plain = runner.invoke(app, ["score", str(files["clean"])])
    checked = runner.invoke(app, ["score", "--movement", str(files["movement"]), str(files["clean"])])
    assert plain.exit_code == checked.exit_code == 0
    assert _rankings(checked.output) == _rankings(plain.output) and len(_rankings(plain.output)) == 16
    assert "warning" not in checked.output and not re.search(r"round \d", checked.output)
    listed = runner.invoke(app, ["check", "--movement", str(files["movement"]), str(files["clean"])])
    assert listed.exit_code == 0 and "No problems" in listed.output


def test_a_file_numbering_east_west_per_direction(tmp_path: Path) -> None:
    """EW 1–8 in the file for the schedule's 9–16 (and the other way round): read so, and said in a warning."""
    for schedule_per_direction, offset in ((False, 8), (True, -8)):
        movement = mitchell(per_direction=schedule_per_direction)
        lines = traveller_lines(movement, ew_offset=offset)
        swap(lines, 20, 5)
        path = tmp_path / "file.csv"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        checked = check_against_movement(read(path), movement)
        said = [p.describe("en") for p in checked.problems]
        note = [s for s in said if "the file numbers the East-West pairs" in s]
        assert len(note) == 1, said
        assert ("1–8 and the movement 9–16" if offset == 8 else "9–16 and the movement 1–8") in note[0]
        errors = [p.describe("en") for p in checked.problems if p.severity is Severity.ERROR]
        if offset == -8:  # numbered once in the file: the swap is seen as one (NS 11 v EW 5)
            assert (
                len(errors) == 1
                and "round 3, table 5: NS 5 v EW 11 on boards 19–21: this line has NS and EW swapped (NS 11 v EW 5)"
                in errors[0]
            ), said
            continue
        # per direction a swap is two wrong numbers (NS 3 v EW 5): the reader refuses EW 5 twice on board 20 (both
        # lines), and the check says which table's result is missing
        assert any("pair 5 plays it on more than one line" in e for e in errors), said
        assert any(e.endswith("round 3, table 5: NS 5 v EW 3 on boards 19–21: no result for board 20") for e in errors)


def test_round_and_table_columns_are_checked(tmp_path: Path) -> None:
    movement = mitchell()
    lines = ["round,table," + HEADER]
    for r in movement.sections[0].rounds:
        for s in r.stands:
            assert s.ns is not None and s.ew is not None
            lines += [f"{r.number},{s.table},{b},{s.ns.number},{s.ew.number},3NT,N,9" for b in sorted(s.boards)]
    lines[1] = "1,2," + lines[1].split(",", 2)[2]  # round 1's board 1 said to be at table 2 (boards 4–6 there)
    path = tmp_path / "bm.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked = check_against_movement(read(path), movement)
    said = [p.describe("en") for p in checked.problems if p.location.line == 2]
    assert said == [
        f"{path}, line 2, column 'board': round 1, table 2: NS 2 v EW 10 on boards 4–6: board 1 was not at that "
        "table; the line is left out"
    ]


def test_a_result_twice_scores_neither(tmp_path: Path) -> None:
    movement = mitchell()
    lines = traveller_lines(movement)
    first = lines[1].split(",")
    lines.append(",".join([first[0], first[2], first[1], *first[3:5], "7"]))  # the same table, swapped, another result
    path = tmp_path / "twice.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked = check_against_movement(read(path, movement="mitchell"), movement, fix_swaps=True)  # as score reads
    twice = [p for p in checked.problems if "has a result on more than one line (lines 2, 194)" in p.describe("en")]
    assert [p.location.line for p in twice] == [2, 194]
    assert not [p for p in checked.problems if p.severity is Severity.WARNING]  # no swap fixed: neither is scored
    assert len(checked.results) == len(lines) - 1 - 2


def test_a_bad_movement_option_is_refused(files: dict[str, Path], tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"schema": "bridgescore.movement/1"', encoding="utf-8")
    for args, words in (
        (["--movement", "mitchel"], "--movement must be auto, mitchell or howell, or a movement file"),
        (["--movement", str(broken)], "this is not JSON"),
        (["--fix-swaps"], "--fix-swaps needs --movement FILE"),
    ):
        for command in ("score", "check"):
            res = runner.invoke(app, [command, *args, str(files["clean"])])
            assert res.exit_code == 2 and words in _flat(res.output), (command, args, res.output)


def test_without_a_movement_a_mitchell_but_for_a_swapped_line_is_not_one_field(
    files: dict[str, Path], tmp_path: Path
) -> None:
    """The guess from the data made the 8-table Mitchell one 16-pair Howell on one swapped line (exit 0, pair 11
    ranked with North-South's boards); now the line is named, left out, and the section ranked in two lines."""
    lines = traveller_lines(mitchell())
    i = swap(lines, 20, 5)
    path = tmp_path / "swapped.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = runner.invoke(app, ["score", str(path)])
    assert res.exit_code == 2
    assert (
        f"{path}, line {i + 1}, column 'ns': section - is a Mitchell (pairs 1–8 North-South, 9–16 East-West) but for "
        "this line, NS 11 v EW 5 (swapped, or a pair number mistyped?)" in _flat(res.output)
    )
    went_on = runner.invoke(app, ["score", "--skip-invalid", str(path)])
    assert went_on.exit_code == 0 and "North-South" in went_on.output and "East-West" in went_on.output
    assert len(_rankings(went_on.output)) == 16
    explicit = runner.invoke(app, ["score", "--movement", "mitchell", "--skip-invalid", str(path)])
    assert explicit.exit_code == 0 and "is a Mitchell (pairs 1–8 North-South" in _flat(explicit.output)
    assert len(_rankings(explicit.output)) == 16  # pair 11 not in both rankings, pair 5 not with one board
    listed = runner.invoke(app, ["check", str(path)])  # check says what score will refuse
    assert listed.exit_code == 2 and "is a Mitchell (pairs 1–8 North-South" in _flat(listed.output)
    nl = runner.invoke(app, ["score", "--lang", "nl", str(path)])
    assert "lijn - is een Mitchell (paren 1–8 Noord-Zuid, 9–16 Oost-West) op deze regel na" in _flat(nl.output)
    # a Howell, and a Mitchell with an arrow-switched round (every pair crosses once), are one field as before
    clean = runner.invoke(app, ["score", str(files["clean"])])
    assert clean.exit_code == 0 and "North-South" in clean.output
    movement = mitchell()
    last = movement.sections[0].rounds[-1]
    switched = [HEADER]
    for r in movement.sections[0].rounds:
        for s in r.stands:
            assert s.ns is not None and s.ew is not None
            ns, ew = (s.ew.number, s.ns.number) if r is last else (s.ns.number, s.ew.number)
            switched += [f"{b},{ns},{ew},3NT,N,{6 + (ns + b) % 5}" for b in sorted(s.boards)]
    path = tmp_path / "arrow.csv"
    path.write_text("\n".join(switched) + "\n", encoding="utf-8")
    one_field = runner.invoke(app, ["score", str(path)])
    assert one_field.exit_code == 0, one_field.output
    assert "North-South" not in one_field.output and "is a Mitchell" not in one_field.output


def test_a_phantom_and_a_bye_stand_expect_no_result_and_a_section_without_results_is_said(tmp_path: Path) -> None:
    boards = frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6})
    stands = (Stand(1, PairRef(1), PairRef(4), boards[0]), Stand(2, PairRef(2), PairRef(5), boards[1]),
              Stand(3, None, None, boards[2]))  # fmt: skip
    a = Section("", (Round(1, stands),), phantom=PairRef(5))
    b = Section("B", (Round(1, (Stand(1, PairRef(1), PairRef(2), boards[0]),)),))
    movement = Movement("custom", "custom", "a test", 2, (a, b))
    path = tmp_path / "t.csv"
    path.write_text(f"{HEADER}\n1,1,4,3NT,N,9\n2,1,4,3NT,N,8\n", encoding="utf-8")
    checked = check_against_movement(read(path), movement)
    assert [p.describe("en") for p in checked.problems] == [
        f"{path}: section B of the movement has no result in the files"
    ]
    assert len(checked.results) == 2


def test_a_club_schedule_from_the_nbb_schema_with_relays_and_a_bye_stand(tmp_path: Path) -> None:
    """The movement CSV of BridgeWx's 5tin08 (tests/data/movements: 8 pairs, a bye stand, sets shared by two or
    three tables) given to --movement as it is: its travellers are clean, and a swapped line is said."""
    from bridgescore.movement.files import load

    schedule = Path(__file__).parent / "data" / "movements" / "movement.csv"
    movement, problems = load(schedule)
    assert movement is not None and not problems
    section = movement.sections[0]
    lines = [HEADER.replace("board", "section,board")]
    for r in section.rounds:
        for s in r.stands:
            if s.ns is not None and s.ew is not None:
                lines += [f"{section.name},{b},{s.ns.number},{s.ew.number},3NT,N,{6 + (s.ns.number + b) % 5}"
                          for b in sorted(s.boards)]  # fmt: skip
    path = tmp_path / "club.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    clean = runner.invoke(app, ["check", "--movement", str(schedule), str(path)])
    assert clean.exit_code == 0 and "No problems" in clean.output, clean.output
    first = lines[1].split(",")
    lines[1] = ",".join([*first[:2], first[3], first[2], *first[4:]])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    swapped = runner.invoke(app, ["score", "--movement", str(schedule), str(path)])
    assert swapped.exit_code == 2 and "this line has NS and EW swapped" in _flat(swapped.output), swapped.output


def test_a_movement_given_by_its_name_is_fitted_to_the_travellers(tmp_path: Path) -> None:
    """Every name ``movement suggest`` prints is accepted by ``--movement`` (issue 21): the boards per round come
    from the travellers (the boards played at more than one table over the rounds), said in a warning; a line
    the named schedule does not have is reported against it as against a file's."""
    from bridgescore.movement.generate import by_name

    movement = by_name("howell-3", 2)
    lines = ["board,ns,ew,score"]
    for r in movement.sections[0].rounds:
        for s in r.stands:
            if s.ns is not None and s.ew is not None:
                lines += [f"{b},{s.ns.number},{s.ew.number},{(-1) ** b * 50}" for b in sorted(s.boards)]
    event = tmp_path / "howell.csv"
    event.write_text("\n".join(lines) + "\n", encoding="utf-8")
    schedule = tmp_path / "howell.json"
    schedule.write_text(dumps(movement), encoding="utf-8")
    by_file = runner.invoke(app, ["score", str(event), "--movement", str(schedule)])
    by_name_run = runner.invoke(app, ["score", str(event), "--movement", "howell-3"])
    assert by_file.exit_code == 0 and by_name_run.exit_code == 0, by_name_run.output
    assert "2 boards a round (boards 1–10)" in by_name_run.output
    assert by_name_run.stdout == by_file.stdout
    # a line at a table the schedule does not give those pairs is reported as with the file
    bad = event.read_text(encoding="utf-8").replace("\n1,", "\n1,9", 1)
    event.write_text(bad, encoding="utf-8")
    wrong = runner.invoke(app, ["score", str(event), "--movement", "howell-3"])
    assert wrong.exit_code == 2
    unknown = runner.invoke(app, ["score", str(event), "--movement", "howel-3"])
    assert unknown.exit_code == 2 and "a movement's name (movement suggest)" in unknown.output


def test_score_and_movement_show_resolve_a_name_or_file_alike(files: dict[str, Path], tmp_path: Path) -> None:
    """``--movement`` and ``movement show`` resolve NAME|FILE by one function: a name that cannot be built says why
    in both (score said only that it was no name), a movement file not there is said as such in both (score
    took it for a name)."""
    missing = str(tmp_path / "schema.json")
    for value, words in (
        ("mitchell-8", "choose mitchell-8-skip or mitchell-8-relay"),
        ("howell-40", "40 tables: the movements here are for 3 to 30 tables"),
        (missing, "cannot read the file"),
    ):
        for args in (["score", "--movement", value, str(files["clean"])], ["movement", "show", value]):
            res = runner.invoke(app, args)
            assert res.exit_code == 2 and words in _flat(res.output), (args, res.output)


def test_several_sessions_are_each_checked_against_the_movement(files: dict[str, Path], tmp_path: Path) -> None:
    """``score``/``check`` of a two-session event with ``--movement`` refused the schedule ("not available with
    several sessions yet"): now every session's lines are checked against it – once for all sessions, or once per
    session in session order – each mistake said in its own file and line, and a clean event scored."""
    clean, bad, schedule = str(files["clean"]), str(files["bad"]), str(files["movement"])
    sessions = ["--session", "1", "--session", "2"]
    # one movement for both sessions: the second session's mistakes are said, in its file
    for command in ("score", "check"):
        res = runner.invoke(app, [command, *sessions, "--movement", schedule, clean, bad])
        text = _flat(res.output)
        assert res.exit_code == 2, res.output
        assert f"{bad}, line" in text and "this line has NS and EW swapped" in text
        assert "round 6, table 7: NS 7 v EW 9 on boards 10–12: no result for board 10" in text
        assert f"{clean}, line" not in text
    went_on = runner.invoke(app, ["score", *sessions, "--movement", schedule, "--skip-invalid", clean, bad])
    assert went_on.exit_code == 0 and re.search(r"│\s+17\s+│", went_on.output) is None, went_on.output
    ok = runner.invoke(app, ["score", *sessions, "--movement", schedule, clean, clean])
    assert ok.exit_code == 0, ok.output
    # once per session, in session order: the second session's schedule is a 4-table Mitchell, so its lines of an
    # 8-table evening are out of it; a name is fitted to each session's travellers
    four = tmp_path / "mitchell-4.json"
    four.write_text(dumps(mitchell(4, 3)), encoding="utf-8")
    res = runner.invoke(app, ["score", *sessions, "--movement", schedule, "--movement", str(four), clean, clean])
    assert res.exit_code == 2 and "there is no pair 9 in this movement" in _flat(res.output), res.output
    named = runner.invoke(app, ["check", *sessions, "--movement", "mitchell-8-skip", clean, clean])
    assert named.exit_code == 0 and _flat(named.output).count("mitchell-8-skip: 3 boards a round") == 2, named.output
    # given neither once nor once per session; a word given per session; movements ranked apart
    three = ["--movement", schedule] * 3
    for args, words in (
        ([*sessions, *three, clean, clean], "--movement is given 3 times for 2 sessions"),
        ([*three[:4], clean], "--movement is given 2 times for one session"),
        ([*sessions, "--movement", "mitchell", "--movement", schedule, clean, clean], "the words auto, mitchell"),
        ([*sessions, "--movement", schedule, "--movement", "howell-4", clean, clean], "rank differently"),
    ):
        for command in ("score", "check"):
            res = runner.invoke(app, [command, *args])
            assert res.exit_code == 2 and words in _flat(res.output), (command, args, res.output)
