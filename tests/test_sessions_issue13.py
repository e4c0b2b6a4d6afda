"""Issue 13, sessions: the members file, players on travellers (CSV, names file, PBN), multi-session ``score``
(each session alone, the running total, carry-over) and the refusal of two evenings given as one field."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import bridgescore.api
from bridgescore.cli import app
from bridgescore.core.players import Player
from bridgescore.core.problems import Severity
from bridgescore.io import members as members_file
from bridgescore.io import names as names_file
from bridgescore.io import pbn
from bridgescore.pairs.multisession import combine
from bridgescore.pairs.sessions import PairSession, SessionSummary

runner = CliRunner()


def _write(tmp_path: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


# --- the members file -----------------------------------------------------------------------------------------


def test_members_file_dutch_header_semicolons_bom_and_extra_columns(tmp_path: Path) -> None:
    path = _write(tmp_path, "leden.csv", "\ufeffBondsnummer;Naam;Club\n8800123;Jan de Vries;BC Oost\n8800124;Piet;\n")
    members, problems = members_file.load(path)
    assert problems == ()
    assert members["8800123"] == Player("8800123", "Jan de Vries", extra={"Club": "BC Oost"})
    assert members["8800124"].name == "Piet" and dict(members["8800124"].extra) == {}


def test_members_file_without_header_and_in_windows_1252(tmp_path: Path) -> None:
    path = _write(tmp_path, "m.csv", "1001,Renée Ørsted\n1002,Bob\n", "cp1252")
    members, problems = members_file.load(path)
    assert members["1001"].name == "Renée Ørsted"
    assert [p.severity for p in problems] == [Severity.WARNING]  # read as Windows-1252, said


def test_members_file_first_and_last_name_columns(tmp_path: Path) -> None:
    members, problems = members_file.loads("EBU number,First name,Surname\n12345,Ann,Smith\n", "m.csv")
    assert problems == () and members["12345"].name == "Ann Smith"


def test_members_file_bad_lines_are_located(tmp_path: Path) -> None:
    text = "number,name\n1001,Ann\n,Nobody\n1002,\n1001,Ann\n1001,Bob\n"
    members, problems = members_file.loads(text, "m.csv")
    assert [str(p) for p in problems] == [
        "m.csv, line 3, column 'number': no member number on this line; the line is left out",
        "m.csv, line 4, column 'name': member 1002 has no name on this line; the line is left out",
        "m.csv, line 5, column 'number': warning: member 1001 is given again (line 2, 'Ann'); this line is left out",
        "m.csv, line 6, column 'number': member 1001 is 'Bob' here but 'Ann' on line 2: one number, two players; "
        "correct the members file",
    ]
    assert [p.severity for p in problems] == [Severity.ERROR, Severity.ERROR, Severity.WARNING, Severity.ERROR]
    assert list(members) == ["1001"] and members["1001"].name == "Ann"


def test_members_file_without_number_column(tmp_path: Path) -> None:
    members, problems = members_file.loads("who,where\nAnn,Oost\n", "m.csv")
    assert len(members) == 0
    assert str(problems[0]) == (
        "m.csv, line 1, column 'number': the members file's header has no member number and name columns "
        "(found: who, where)"
    )


# --- players on travellers ------------------------------------------------------------------------------------

_TRAVELLER = (
    "board,ns,ew,score,n_number,s_number,e_number,w_number\n"
    "1,1,2,420,1001,1002,1003,1004\n"
    "2,1,2,-50,1001,1002,1003,1004\n"
)
_MEMBERS = "lidnummer,naam\n1001,Ann Smith\n1002,Bob Jones\n1003,Cy Twombly\n1004,Di Fox\n"


def test_member_numbers_on_travellers_are_named_from_the_members_file(tmp_path: Path) -> None:
    travellers = _write(tmp_path, "t.csv", _TRAVELLER)
    members = _write(tmp_path, "members.csv", _MEMBERS)
    event = bridgescore.read(travellers, members=members)
    assert [p.severity for p in event.problems] == []
    assert [(p.number, p.name) for p in event.players["1"]] == [("1001", "Ann Smith"), ("1002", "Bob Jones")]
    assert event.names["2"] == "Cy Twombly & Di Fox"
    # and the ranking shows them
    result = runner.invoke(app, ["score", str(travellers), "--members", str(members), "-f", "csv"])
    assert result.exit_code == 0, result.output
    assert "Ann Smith & Bob Jones" in result.output


def test_a_member_number_not_in_the_members_file_is_an_error(tmp_path: Path) -> None:
    travellers = _write(
        tmp_path, "t.csv", _TRAVELLER.replace("2,1,2,-50,1001,1002,1003,1004", "2,1,2,-50,1001,1002,1003,1009")
    )
    members = _write(tmp_path, "members.csv", _MEMBERS)
    event = bridgescore.read(travellers, members=members)
    errors = [p for p in event.problems if p.severity is Severity.ERROR]
    assert [str(p) for p in errors] == [
        f"{travellers}, line 3, column 'w_number': member number 1009 is not in the members file members.csv; add "
        "the member there or correct the number"
    ]
    result = runner.invoke(app, ["score", str(travellers), "--members", str(members)])
    assert result.exit_code == 2 and "1009" in result.output and "members.csv" in result.output
    assert runner.invoke(app, ["check", str(travellers), "--members", str(members)]).exit_code == 2
    going_on = runner.invoke(app, ["score", str(travellers), "--members", str(members), "--skip-invalid"])
    assert going_on.exit_code == 0, going_on.output
    # without a members file, numbers are kept as written: nothing to check them against
    assert not [p for p in bridgescore.read(travellers).problems if p.severity is Severity.ERROR]


def test_with_members_is_one_public_function_for_the_archive(tmp_path: Path) -> None:
    event = bridgescore.read(_write(tmp_path, "t.csv", _TRAVELLER))
    named = members_file.with_members(event, {"1001": Player("1001", "Ann"), "1002": Player("1002", "Bob")})
    assert named.names["1"] == "Ann & Bob"
    [missing, other] = [p for p in named.problems if p.severity is Severity.ERROR]
    assert "1003" in str(missing) and str(missing).startswith(f"{tmp_path / 't.csv'}, line 2, column 'e_number'")
    assert "1004" in str(other)


def test_bbo_player_columns_fill_the_players_with_names(tmp_path: Path) -> None:
    text = "board,north,south,east,west,score\n1,ann,bob,cy,di,420\n2,ann,bob,cy,di,-50\n"
    event = bridgescore.read(_write(tmp_path, "bbo.csv", text))
    assert event.players["ann+bob"] == (Player(name="ann"), Player(name="bob"))


def test_a_pair_given_other_players_on_a_later_line_is_said(tmp_path: Path) -> None:
    text = _TRAVELLER.replace("2,1,2,-50,1001,1002,1003,1004", "2,1,2,-50,1001,1002,1003,1005")
    event = bridgescore.read(_write(tmp_path, "t.csv", text))
    [warning] = event.problems
    assert warning.severity is Severity.WARNING and warning.location.line == 3
    assert "pair 2 is 1003 & 1005 on this line but 1003 & 1004 on line 2" in str(warning)


def test_names_file_with_member_numbers(tmp_path: Path) -> None:
    names = _write(tmp_path, "names.csv", "pair,number1,number2,player1,player2\n1,1001,1002,,\n2,1003,1099,Cy,Di\n")
    travellers = _write(tmp_path, "t.csv", "board,ns,ew,score\n1,1,2,420\n2,1,2,-50\n")
    members = _write(tmp_path, "members.csv", _MEMBERS)
    found, problems = names_file.load(names)
    assert problems == ()
    assert isinstance(found, names_file.Names) and found.players["2"] == (Player("1003", "Cy"), Player("1099", "Di"))
    event = bridgescore.read(travellers, names=names, members=members)
    assert event.names["1"] == "Ann Smith & Bob Jones"  # named by number only: the members file's names
    assert event.players["2"][0] == Player("1003", "Cy")  # a name the names file gives is kept
    [error] = [p for p in event.problems if p.severity is Severity.ERROR]
    assert str(error).startswith(f"{names}, line 3, column 'number2': member number 1099 is not in the members file")


def test_pbn_total_score_table_member_ids() -> None:
    text = (
        '[Event "Club"]\n[Board "1"]\n[PairId_NS "1"]\n[PairId_EW "2"]\n[Contract "3NT"]\n[Declarer "N"]\n'
        '[Result "9"]\n[Score "NS 400"]\n'
        '[TotalScoreTable "Rank\\2R;PairId\\2R;TotalPercentage\\5R;Names\\30L;MemberID1\\8R;MemberID2\\8R"]\n'
        ' 1  1  100.0 "Ann Smith - Bob Jones" 1001 1002\n'
        ' 2  2    0.0 "Cy Twombly - Di Fox"   1003 1004\n\n'
    )
    event = pbn.loads(text, "x.pbn")
    assert event.players["1"] == (Player("1001", "Ann Smith"), Player("1002", "Bob Jones"))
    assert event.players["2"][1] == Player("1004", "Di Fox")
    # a number the members file lacks is located at the pair's first line in the file
    known = {n: Player(n, "x") for n in ("1001", "1002", "1003")}
    [missing] = members_file.with_members(event, known).problems
    assert str(missing).startswith("x.pbn, line 1: member number 1004 is not in the members file")


# --- the refusal ----------------------------------------------------------------------------------------------

_S1 = "board,ns,ew,score\n1,1,2,400\n1,3,4,-50\n2,1,2,420\n2,3,4,420\n"
_S2 = "board,ns,ew,score\n1,1,2,400\n1,3,4,400\n2,1,2,-100\n2,3,4,140\n3,1,2,620\n3,3,4,170\n"


def test_two_evenings_with_the_same_boards_are_refused(tmp_path: Path) -> None:
    """Before: scored together as one field, pair 1 playing board 1 twice, exit 0."""
    s1, s2 = _write(tmp_path, "s1.csv", _S1), _write(tmp_path, "s2.csv", _S2)
    result = runner.invoke(app, ["score", str(s1), str(s2)])
    assert result.exit_code == 2
    flat = " ".join(result.output.split())
    assert f"{s1} and {s2} both hold boards 1-2 and neither says its session or section" in flat
    assert "--session NAME" in flat and "--section-per-file" in flat
    assert runner.invoke(app, ["score", str(s1), str(s2), "--section-per-file"]).exit_code == 0
    assert runner.invoke(app, ["score", str(s1), str(s2), "--session", "1", "--session", "2"]).exit_code == 0


def test_session_count_must_match_the_files(tmp_path: Path) -> None:
    s1, s2 = _write(tmp_path, "s1.csv", _S1), _write(tmp_path, "s2.csv", _S2)
    result = runner.invoke(app, ["score", str(s1), str(s2), "--session", "1"])
    assert result.exit_code == 2
    assert "--session is given 1 times for 2 files" in " ".join(result.output.split())


# --- two sessions with carry-over, by hand ----------------------------------------------------------------------


def _two_sessions(tmp_path: Path) -> list[tuple[str, bridgescore.Event]]:
    s1, s2 = _write(tmp_path, "s1.csv", _S1), _write(tmp_path, "s2.csv", _S2)
    parts = bridgescore.api.read_sessions(s1, s2, sessions=["1", "2"])
    assert parts is not None
    return parts


def test_two_sessions_with_carry_over_by_hand(tmp_path: Path) -> None:
    """Mitchell, two tables; matchpoints 2 per score beaten, top 2.

    Session 1 (2 boards): board 1 NS 400 (pair 1) beats -50 (pair 3): pairs 1 and 4 get 2, pairs 2 and 3 get 0;
    board 2 420 = 420: 1 each.  Pair 1: 3/4 = 75 %, pair 3: 1/4 = 25 %, pair 2: 25 %, pair 4: 75 %.
    Session 2 (3 boards): board 1 400 = 400 (1 each); board 2 -100 (pair 1) < 140 (pair 3): pair 1 0, pair 3 2,
    pair 2 2, pair 4 0; board 3 620 (pair 1) > 170: pair 1 2, pair 3 0, pair 2 0, pair 4 2.  Everyone 3/6 = 50 %.
    Overall (weighted by boards): pair 1 (75·2 + 50·3)/5 = 60 %; pair 3 (25·2 + 50·3)/5 = 40 %.
    Carry-over 70 % for pair 3, weighing the longest session's 3 boards: (70·3 + 25·2 + 50·3)/(3 + 5) = 410/8 =
    51.25 %."""
    result = bridgescore.api.score_sessions(_two_sessions(tmp_path), "matchpoints", carry_over={"3": 70.0})
    overall = result.overall
    assert overall.carry_over_boards == 3
    totals = {e.pairs[0]: e.total for e in overall.entries}
    assert totals["1"] == 60.0 and totals["4"] == 60.0 and totals["2"] == 40.0
    assert totals["3"] == 51.25
    assert [e.pairs[0] for e in overall.entries] == ["1", "4", "3", "2"]
    assert [e.place_label for e in overall.entries] == ["1=", "1=", "3", "4"]
    three = next(e for e in overall.entries if e.pairs[0] == "3")
    assert three.carry_over == 70.0 and three.boards == 5
    assert [p.percent for p in three.sessions if p is not None] == [25.0, 50.0]


def test_two_sessions_at_imps_sum_the_imps_and_the_carry_over(tmp_path: Path) -> None:
    """Cross-IMPs, two scores a board: session 1 board 1 400 against -50 (450) is 10 IMPs: pair 1 +10, pair 3
    -10; board 2 equal.  Session 2: board 2 -100 against 140 (240): 6 IMPs to pair 3; board 3 620 against 170
    (450): 10 IMPs to pair 1.  Pair 1: +10 + (-6 + 10) = +14; with a carry-over of -3.5: +10.5."""
    result = bridgescore.api.score_sessions(_two_sessions(tmp_path), "cross-imps", carry_over={"1": -3.5})
    totals = {e.pairs[0]: e.total for e in result.overall.entries}
    assert result.overall.unit == "imps"
    assert totals["1"] == 10.5 and totals["3"] == -14.0


def test_score_command_with_sessions_and_carry_over_in_every_format(tmp_path: Path) -> None:
    s1, s2 = _write(tmp_path, "s1.csv", _S1), _write(tmp_path, "s2.csv", _S2)
    base = ["score", str(s1), str(s2), "--session", "1", "--session", "2", "--carry-over", "3=70"]
    text = runner.invoke(app, base)
    assert text.exit_code == 0, text.output
    assert "Overall ranking" in text.output and "51.25" in text.output and "70.00" in text.output
    csv_out = runner.invoke(app, [*base, "-f", "csv"]).output.splitlines()
    assert csv_out[0] == "Place,Pair,Names,Session 1,Session 2,Carry-over,Boards,Total (%)"
    assert "3,3,,25,50,70,5,51.25" in csv_out
    document = json.loads(runner.invoke(app, [*base, "-f", "json"]).output)
    assert document["schema"] == "bridgescore.sessions/1"
    assert [s["name"] for s in document["sessions"]] == ["1", "2"]
    assert document["sessions"][0]["score"]["schema"] == "bridgescore.score/1"
    entry = next(e for e in document["overall"] if e["pair"] == "3")
    assert entry["total"] == 51.25 and entry["carry_over"] == 70.0
    page = runner.invoke(app, [*base, "-f", "html", "--lang", "nl"]).output
    assert "<h2>Totaalstand</h2>" in page and "51,25" in page
    dutch = runner.invoke(app, [*base, "-f", "csv", "--lang", "nl"]).output
    assert dutch.splitlines()[0].startswith("Plaats;Paar;Namen;Zitting 1;Zitting 2;Meegenomen;")


def test_a_carry_over_for_no_pair_is_an_error(tmp_path: Path) -> None:
    s1, s2 = _write(tmp_path, "s1.csv", _S1), _write(tmp_path, "s2.csv", _S2)
    result = runner.invoke(app, ["score", str(s1), str(s2), "--session", "1", "--session", "2", "--carry-over", "9=60"])
    assert result.exit_code == 2
    assert "carry-over for pair 9: there is no such pair in the sessions" in " ".join(result.output.split())
    bad = runner.invoke(app, ["score", str(s1), str(s2), "--session", "1", "--session", "2", "--carry-over", "9"])
    assert bad.exit_code == 2 and "PAIR=VALUE" in bad.output


def test_a_session_column_splits_one_file(tmp_path: Path) -> None:
    """Pair 1 plays board 1 in both sessions: no pair playing a board twice, each session its own field."""
    one = "session," + _S1.splitlines()[0] + "\n"
    one += "".join(f"A,{line}\n" for line in _S1.splitlines()[1:])
    one += "".join(f"B,{line}\n" for line in _S2.splitlines()[1:])
    path = _write(tmp_path, "both.csv", one)
    parts = bridgescore.api.read_sessions(path)
    assert parts is not None and [name for name, _ in parts] == ["A", "B"]
    assert [len(e.results) for _, e in parts] == [4, 6]
    assert all(not e.problems for _, e in parts)
    result = bridgescore.api.score_sessions(parts, "matchpoints")
    assert {e.pairs[0]: e.total for e in result.overall.entries}["1"] == 60.0
    cli = runner.invoke(app, ["score", str(path), "-f", "csv"])
    assert cli.exit_code == 0 and cli.output.splitlines()[0].endswith("Session A,Session B,Carry-over,Boards,Total (%)")


def test_pairs_are_matched_across_sessions_by_their_players(tmp_path: Path) -> None:
    """Ann and Bob are pair 1 in the first session and pair 3 in the second: one pair in the overall ranking."""
    first = "board,ns,ew,score,n_number,s_number,e_number,w_number\n1,1,2,400,11,12,21,22\n1,3,4,-50,31,32,41,42\n"
    second = "board,ns,ew,score,n_number,s_number,e_number,w_number\n1,3,4,400,11,12,41,42\n1,1,2,-50,31,32,21,22\n"
    parts = bridgescore.api.read_sessions(
        _write(tmp_path, "a.csv", first), _write(tmp_path, "b.csv", second), sessions=["1", "2"]
    )
    assert parts is not None
    overall = bridgescore.api.score_sessions(parts, "matchpoints").overall
    ann_bob = next(e for e in overall.entries if e.key == "#11+#12")
    assert ann_bob.pairs == ("1", "3") and ann_bob.total == 100.0 and len(overall.entries) == 4


# --- invariant: the order of the sessions does not change the running total ---------------------------------------

_pair_result = st.tuples(st.integers(1, 27), st.floats(0, 100, allow_nan=False))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.dictionaries(st.sampled_from("123456"), _pair_result, min_size=1), min_size=1, max_size=5),
    st.permutations(range(5)),
    st.one_of(st.none(), st.floats(0, 100, allow_nan=False)),
)
def test_session_order_does_not_change_the_running_total(
    sessions: list[dict[str, tuple[int, float]]], order: list[int], carry: float | None
) -> None:
    summaries = [
        SessionSummary(
            key=f"s{i}",
            date="",
            club="",
            title="",
            unit="percent",
            method="matchpoints",
            boards=max(b for b, _ in pairs.values()),
            pairs=tuple(
                PairSession(f"pair {p}", "", p, "all", (), "", b, pct, None, None) for p, (b, pct) in pairs.items()
            ),
        )
        for i, pairs in enumerate(sessions)
    ]
    chosen = [i for i in order if i < len(summaries)]
    carry_over = {"1": carry} if carry is not None and any("1" in s for s in sessions) else {}
    forward = combine([s.key for s in summaries], summaries, carry_over)
    shuffled = combine([summaries[i].key for i in chosen], [summaries[i] for i in chosen], carry_over)

    def totals(result: object) -> dict[str, float | None]:
        return {e.key: e.total for e in result.entries}  # type: ignore[attr-defined]

    a, b = totals(forward), totals(shuffled)
    assert a.keys() == b.keys()
    for key, value in a.items():
        assert value is not None and b[key] is not None and abs(value - b[key]) < 1e-9  # type: ignore[operator]
        lowest = min(pct for s in sessions for p, (_, pct) in s.items() if f"pair {p}" == key)
        highest = max(pct for s in sessions for p, (_, pct) in s.items() if f"pair {p}" == key)
        if not carry_over or key != "pair 1":
            assert lowest - 1e-9 <= value <= highest + 1e-9  # a weighted average lies between its parts


def test_check_lists_each_session_as_a_section(tmp_path: Path) -> None:
    """Before: a session column's second evening was 'a duplicate line' of the first (exit 2)."""
    one = "session,board,ns,ew,score\nA,1,1,2,400\nA,1,3,4,-50\nB,1,1,2,420\nB,1,3,4,400\n"
    path = _write(tmp_path, "both.csv", one)
    result = runner.invoke(app, ["check", str(path), "-f", "csv"])
    assert result.exit_code == 0, result.output
    s1, s2 = _write(tmp_path, "s1.csv", _S1), _write(tmp_path, "s2.csv", _S2)
    assert runner.invoke(app, ["check", str(s1), str(s2)]).exit_code == 2
    assert runner.invoke(app, ["check", str(s1), str(s2), "--session", "1", "--session", "2"]).exit_code == 0


def test_a_session_column_with_one_session_is_one_session(tmp_path: Path) -> None:
    """The EBU's exports write SESSION 1 on every line: scored as before, one session."""
    path = _write(tmp_path, "ebu.csv", "SESSION,board,ns,ew,score\n1,1,1,2,400\n1,1,3,4,-50\n")
    assert bridgescore.read_sessions(path) is None
    result = runner.invoke(app, ["score", str(path), "-f", "csv"])
    assert result.exit_code == 0 and result.output.startswith("group,section,place"), result.output


def test_player_name_columns_beside_pair_numbers(tmp_path: Path) -> None:
    """Pair numbers and the players' names in Dutch seat columns: the names are the pair's players."""
    text = "spel,nz,ow,score,Noord,Zuid,Oost,West\n1,1,2,420,Jan,Piet,Kees,Klaas\n"
    event = bridgescore.read(_write(tmp_path, "t.csv", text))
    assert event.players["1"] == (Player(name="Jan"), Player(name="Piet"))
    assert event.players["2"] == (Player(name="Kees"), Player(name="Klaas"))
    assert event.names["1"] == "Jan & Piet"  # the ranking names them


def test_a_carry_over_that_is_no_number_is_said_in_the_directors_language(tmp_path: Path) -> None:
    """``--carry-over 3=nan`` was taken (a total of nan ranked the pair nowhere); a bad entry was said in English
    whatever --lang asked."""
    s1, s2 = _write(tmp_path, "s1.csv", _S1), _write(tmp_path, "s2.csv", _S2)
    base = ["score", str(s1), str(s2), "--session", "1", "--session", "2", "--carry-over"]
    for value in ("3=nan", "3=inf"):
        result = runner.invoke(app, [*base, value])
        assert result.exit_code == 2 and f"--carry-over {value}: write PAIR=VALUE" in result.output
    dutch = runner.invoke(app, [*base, "3", "--lang", "nl"])
    assert dutch.exit_code == 2 and "schrijf PAAR=WAARDE" in dutch.output
