"""Issue 13 reviewed as a Dutch and an EBU club's scorer would use it (review13a): each test a defect found by
hand, failing before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _flat(text: str) -> str:
    return " ".join(text.split())


# --- a correction (archive add --replace) -------------------------------------------------------------------

_EVENING = "board,ns,ew,score\n1,1,2,400\n1,3,4,-50\n2,1,2,420\n2,3,4,420\n"


def _add(db: Path | str, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["archive", "add", "--db", str(db), *args])
    return result.exit_code, _flat(result.output)


def test_a_correction_keeps_the_sessions_date_club_and_competition(tmp_path: Path, archive_url: str) -> None:
    """Before: the corrected file (``fix.csv``, not named by its date) replaced with --key and --replace lost the
    stored session's date, club and competition (all taken from the new file and options only): the evening
    left the season (``season --competition``) and its date order, and ``--from``/``--to`` dropped it."""
    db = archive_url  # SQLite and PostgreSQL (tests/pg.py)
    evening = _write(tmp_path, "2026-09-14.csv", _EVENING)
    code, said = _add(db, str(evening), "--competition", "maandag", "--club", "BC Oost")
    assert code == 0, said
    key = "2026-09-14/BC Oost/2026-09-14.csv"
    fix = _write(tmp_path, "fix.csv", _EVENING.replace("1,3,4,-50", "1,3,4,-100"))
    code, said = _add(db, str(fix), "--key", key, "--replace")
    assert code == 0 and "version 2" in said, said
    listed = runner.invoke(app, ["archive", "list", "--db", str(db), "-f", "json"])
    import json

    [session] = json.loads(listed.output)["sessions"]
    assert (session["date"], session["club"], session["competition"]) == ("2026-09-14", "BC Oost", "maandag")
    season = runner.invoke(app, ["season", "--db", str(db), "--competition", "maandag", "--from", "2026-09-01"])
    assert season.exit_code == 0 and "2026-09-14" in season.output, season.output


def test_replace_of_a_session_not_stored_names_the_one_of_that_day(tmp_path: Path, archive_url: str) -> None:
    """Before: ``archive add fix.csv --date 2026-09-14 --replace`` (the key taken from the new file's name, so not
    stored) added a second session of 14 September, silently: the season then counted that evening twice.  Now
    --replace with nothing to replace is refused when the archive holds a session of that day (exit 2, nothing
    written, naming it and how to correct it); a second session of the day added without --replace is a
    warning."""
    db = archive_url  # SQLite and PostgreSQL (tests/pg.py)
    evening = _write(tmp_path, "2026-09-14.csv", _EVENING)
    assert _add(db, str(evening), "--competition", "maandag")[0] == 0
    fix = _write(tmp_path, "fix.csv", _EVENING.replace("1,3,4,-50", "1,3,4,-100"))
    code, said = _add(db, str(fix), "--date", "2026-09-14", "--competition", "maandag", "--replace")
    assert code == 2, said
    assert (
        "--replace: there is no session 2026-09-14/fix.csv to correct; the archive holds session "
        "2026-09-14/2026-09-14.csv of 2026-09-14 (from" in said
    ), said
    assert "give --key 2026-09-14/2026-09-14.csv --replace to correct it" in said
    assert "nothing was stored" in said
    listed = runner.invoke(app, ["archive", "list", "--db", str(db), "-f", "json"])
    import json

    assert [s["key"] for s in json.loads(listed.output)["sessions"]] == ["2026-09-14/2026-09-14.csv"]
    # without --replace: stored (an afternoon and an evening session are two), with a warning naming the other
    code, said = _add(db, str(fix), "--date", "2026-09-14", "--competition", "maandag")
    assert code == 0, said
    assert "warning: the archive holds another session of 2026-09-14 in this competition" in said, said


# --- a season of evenings with member numbers ---------------------------------------------------------------

_NUMBERED = (
    "board,ns,ew,n_number,s_number,e_number,w_number,score\n"
    "1,1,2,1001,1002,1003,1004,400\n1,3,4,1005,1006,1007,1008,-50\n"
    "2,1,2,1001,1002,1003,1004,420\n2,3,4,1005,1006,1007,1008,420\n"
)
_MEMBERS = "bondsnummer;naam\n" + "".join(f"{1000 + n};Speler {n}\n" for n in range(1, 9))


def test_a_season_of_files_names_the_players_from_the_members_file(tmp_path: Path) -> None:
    """Before: ``season`` had no --members (``No such option``): a season of NBB evenings that give the players by
    member number only ranked ``1001 & 1002``.  Now the members file names them, as ``score --members`` does, and a
    number it lacks stops the season at its file, line and column (exit 2)."""
    folder = tmp_path / "evenings"
    folder.mkdir()
    _write(folder, "2026-09-07.csv", _NUMBERED)
    _write(folder, "2026-09-14.csv", _NUMBERED.replace("1,3,4,1005,1006", "1,3,4,1006,1005"))
    members = _write(tmp_path, "leden.csv", _MEMBERS)
    result = runner.invoke(app, ["season", str(folder), "--members", str(members)])
    assert result.exit_code == 0, result.output
    assert "Speler 1 & Speler 2" in result.output and "1001 & 1002" not in result.output
    players = runner.invoke(app, ["season", str(folder), "--members", str(members), "--per", "player"])
    assert players.exit_code == 0 and "Speler 5" in players.output, players.output
    short = _write(tmp_path, "kort.csv", _MEMBERS.replace("1008;Speler 8\n", ""))
    missing = runner.invoke(app, ["season", str(folder), "--members", str(short)])
    assert missing.exit_code == 2
    assert "2026-09-07.csv, line 3, column 'w_number': member number 1008 is not in the members file" in _flat(
        missing.output
    )
    assert "--members" in runner.invoke(app, ["season", "--db", str(tmp_path / "x.sqlite3"), "--members",
                                              str(members)]).output  # fmt: skip


# --- season rules that cannot be met ------------------------------------------------------------------------


def test_season_rules_that_make_no_sense_are_refused(tmp_path: Path) -> None:
    """Before: each ranked a season silently – ``--absent fixed:150`` (a typo for 50) counted an absent evening as
    150 % and put the absent pairs on top; ``--line-correction 4`` without lines was ignored; ``--promote 20``
    in lines of 17 pairs promoted a whole line.  Now each is a clear message, exit 2."""
    from season_data import write_season

    folder = tmp_path / "season"
    write_season(folder, lines=("A", "B"))

    def season(*args: str) -> tuple[int, str]:
        result = runner.invoke(app, ["season", str(folder), *args])
        return result.exit_code, _flat(result.output)

    assert season("--absent", "fixed:50")[0] == 0
    for absent in ("fixed:150", "fixed:-5", "average:120"):
        code, said = season("--absent", absent)
        assert code == 2 and "a percentage from 0 to 100" in said, (absent, said)
    code, said = season("--method", "butler", "--absent", "fixed:-1")
    assert code == 0, said  # IMPs per board may be below zero
    code, said = season("--method", "butler", "--absent", "fixed:30")
    assert code == 2 and "IMPs per board from -24 to 24" in said, said
    code, said = season("--line-correction", "4")
    assert code == 2 and "--line-correction needs two lines or more (--lines A,B)" in said, said
    code, said = season("--lines", "A,B", "--promote", "20")
    # 16: the substitute pair of one evening (Ann B03 & Zed) is not ranked under the default, half the evenings
    assert code == 2 and "--promote 20 cannot be met: line B has 16 ranked pair(s)" in said, said
    code, said = season("--lines", "A,B", "--relegate", "18")
    assert code == 2 and "--relegate 18 cannot be met: line A has 16 ranked pair(s)" in said, said  # Zed: as above
    assert season("--lines", "A,B", "--promote", "3", "--relegate", "3")[0] == 0


# --- an evening without a date --------------------------------------------------------------------------------


def test_a_stored_session_without_a_date_is_kept_in_a_period_and_said(tmp_path: Path, archive_url: str) -> None:
    """Before: a session added without a date (``monday.csv``, no --date) was stored silently, and ``season --db
    --from …`` left it out silently, where ``season FILES --from …`` keeps such an evening with a warning.  Now
    ``archive add`` warns that it has no date, and the season of the archive keeps it with the same warning."""
    db = archive_url  # SQLite and PostgreSQL (tests/pg.py)
    code, said = _add(db, str(_write(tmp_path, "monday.csv", _EVENING)))
    assert code == 0 and "warning: monday.csv gives no date" in said and "give --date" in said, said
    assert _add(db, str(_write(tmp_path, "2026-09-14.csv", _EVENING.replace("1,3,4,-50", "1,3,4,-100"))))[0] == 0
    result = runner.invoke(app, ["season", "--db", str(db), "--from", "2026-09-01"])
    assert result.exit_code == 0, result.output
    flat = _flat(result.output)
    assert "2 evening(s)" in flat, flat
    assert "warning: session monday.csv has no date: it is counted whatever --from and --to say" in flat, flat


def test_archive_history_in_dutch_writes_numbers_and_directions_the_dutch_way(tmp_path: Path, archive_url: str) -> None:
    """Before: ``archive history --lang nl`` wrote ``paar 1 NS: 62.50 % #1 → 37.50 % #2`` – a decimal point and
    the English direction under a Dutch heading that says ``NZ 1 – OW 2``."""
    db = archive_url  # SQLite and PostgreSQL (tests/pg.py)
    evening = _write(tmp_path, "2026-09-14.csv", "board,ns,ew,score\n1,1,2,400\n1,3,4,-50\n1,5,6,420\n2,1,2,420\n"
                     "2,3,4,420\n2,5,6,100\n")  # fmt: skip
    assert _add(db, str(evening))[0] == 0
    fix = _write(tmp_path, "fix.csv", evening.read_text().replace("1,3,4,-50", "1,3,4,450"))
    assert _add(db, str(fix), "--key", "2026-09-14/2026-09-14.csv", "--replace")[0] == 0
    result = runner.invoke(app, ["archive", "history", "2026-09-14/2026-09-14.csv", "--db", str(db), "--lang", "nl"])
    assert result.exit_code == 0, result.output
    changed = [line for line in result.output.splitlines() if line.strip().startswith("paar")]
    assert changed and all("," in line and "." not in line and " NS" not in line for line in changed), changed
    assert any(" NZ:" in line for line in changed) and any(" OW:" in line for line in changed), changed


def test_season_to_a_closed_pipe_says_the_output_not_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: ``season … | head`` ended with ``error: cannot write None: Broken pipe``."""
    import bridgescore.season.report as report

    def broken(*_: object, **__: object) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(report, "write_season", broken)
    result = runner.invoke(app, ["season", str(Path(__file__).parents[1] / "src/bridgescore/examples/season")])
    assert result.exit_code == 2
    assert "cannot write the output: Broken pipe" in result.output and "None" not in result.output, result.output


# --- the page of a multi-session event --------------------------------------------------------------------------


def test_the_multi_session_page_says_each_rankings_section_and_direction(tmp_path: Path) -> None:
    """Before: the page's per-session ranking put a Mitchell's North-South and East-West pairs (and every section)
    in one table without saying which – place 1 four times, no direction anywhere – left out the carry-over's
    weight the text report states, and on a phone the whole page scrolled sideways.  Now each session's ranking is
    a table per section and direction, titled as the one-session page titles them, the carry-over note is there,
    and every table scrolls inside its own box."""
    mitchell = "section,board,ns,ew,score\n" + "".join(
        f"{s},{b},1,3,400\n{s},{b},2,4,-50\n" for s in "AB" for b in (1, 2)
    )
    e1 = _write(tmp_path, "e1.csv", mitchell)
    e2 = _write(tmp_path, "e2.csv", mitchell.replace(",400", ",420"))
    page = tmp_path / "event.html"
    args = ["score", str(e1), str(e2), "--session", "1", "--session", "2", "--carry-over", "A:1=60", "--lang", "nl"]
    result = runner.invoke(app, [*args, "-f", "html", "-o", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    session_2 = text[text.index("<h2>Zitting 2</h2>") :]
    for title in ("Lijn A – Noord-Zuid", "Lijn A – Oost-West", "Lijn B – Noord-Zuid", "Lijn B – Oost-West"):
        assert f"<h3>{title}</h3>" in session_2, title
    assert session_2.index("Lijn A – Noord-Zuid") < session_2.index("Lijn A – Oost-West")
    assert "Een meegenomen percentage telt in het totaal als 2 spellen." in text
    assert text.count("<table") == text.count('<div class="scroll"><table') == 9


def test_a_carry_over_naming_two_pairs_is_refused(tmp_path: Path) -> None:
    """Before: ``--carry-over 1=60`` in an event with sections A and B went to A:1, silently (B:1 got nothing);
    and where pair numbers change between sessions, ``A:1`` went to session 1's pair 1 whoever session 2's is.
    Now a carry-over whose pair names two pairs of the event is an error naming them."""
    mitchell = "section,board,ns,ew,score\n" + "".join(
        f"{s},{b},1,3,400\n{s},{b},2,4,-50\n" for s in "AB" for b in (1, 2)
    )
    e1 = _write(tmp_path, "e1.csv", mitchell)
    e2 = _write(tmp_path, "e2.csv", mitchell.replace(",400", ",420"))
    base = ["score", str(e1), str(e2), "--session", "1", "--session", "2"]
    result = runner.invoke(app, [*base, "--carry-over", "1=60"])
    assert result.exit_code == 2, result.output
    assert "carry-over for pair 1: it names 2 pairs of the event (A:1, B:1)" in _flat(result.output)
    assert runner.invoke(app, [*base, "--carry-over", "A:1=60"]).exit_code == 0


def test_a_season_of_sessions_stored_in_two_units_says_so(tmp_path: Path, archive_url: str) -> None:
    """Before: a competition with one evening added with ``-m butler`` by mistake was refused as "a Butler season
    (IMPs per board) cannot rank …" – a season the director never asked for (the first session's unit was taken
    as the season's).  Now the message says the sessions are scored both ways and how to rank them one way."""
    db = archive_url  # SQLite and PostgreSQL (tests/pg.py)
    assert _add(db, str(_write(tmp_path, "2026-09-07.csv", _EVENING)), "-m", "butler")[0] == 0
    assert _add(db, str(_write(tmp_path, "2026-09-14.csv", _EVENING.replace("-50", "-100"))))[0] == 0
    result = runner.invoke(app, ["season", "--db", str(db)])
    assert result.exit_code == 2
    flat = _flat(result.output)
    assert "Butler season" not in flat, flat
    assert (
        "the sessions are scored in matchpoints and in IMPs (2026-09-07/2026-09-07.csv: butler); give --method "
        "matchpoints or --method butler to rank them one way" in flat
    ), flat
    assert runner.invoke(app, ["season", "--db", str(db), "--method", "matchpoints"]).exit_code == 0


# --- dates given on the command line --------------------------------------------------------------------------


def test_a_date_that_is_no_date_is_refused(tmp_path: Path) -> None:
    """Before: ``archive add --date "next monday"`` stored the session dated ``next monday`` (key ``next
    monday/…``; a season could not place it), ``--date 2026-02-30`` was stored as it is, ``score -f usebio --date
    "next monday"`` wrote ``<DATE>next monday</DATE>`` (USEBIO's DATE is dd/mm/yyyy), and ``season --from
    2026-13-45`` said "no evenings to rank".  Now each is refused as no date, exit 2, before anything is written."""
    evening = _write(tmp_path, "monday.csv", _EVENING)
    db = tmp_path / "club.sqlite3"
    for given in ("next monday", "2026-02-30"):
        code, said = _add(db, str(evening), "--date", given)
        assert code == 2 and f"--date is a date (YYYY-MM-DD), not '{given}'" in said, said
        assert not db.exists()
        result = runner.invoke(app, ["score", str(evening), "-f", "usebio", "--date", given])
        assert result.exit_code == 2 and "<USEBIO" not in result.output, result.output
    assert _add(db, str(evening), "--date", "07-09-2026")[0] == 0  # the NBB program's day first is a date
    result = runner.invoke(app, ["season", str(evening), "--from", "2026-13-45"])
    assert result.exit_code == 2 and "--from is a date (YYYY-MM-DD), not '2026-13-45'" in _flat(result.output)


def test_a_members_file_that_cannot_be_read_is_said_once(tmp_path: Path) -> None:
    """Before: ``--members leden.csv`` mistyped listed, after "cannot read the file", every member number of the
    evening as not in the members file – 57 problems for one mistake.  Now the one problem is said."""
    evening = _write(tmp_path, "2026-09-07.csv", _NUMBERED)
    result = runner.invoke(app, ["score", str(evening), "--members", str(tmp_path / "leden.csv")])
    assert result.exit_code == 2
    flat = _flat(result.output)
    assert "cannot read" in flat and "is not in the members file" not in flat, flat
    assert "1 problem(s)" in flat


# --- promotion and relegation at a tie ------------------------------------------------------------------------


def test_a_tie_at_the_promotion_or_relegation_line_moves_every_pair_tied() -> None:
    """Before: with --promote 1, two pairs of line B tied on the best score were separated by their names (the
    first in the alphabet went up, the other stayed, though both are placed ``1=``); the same at the bottom of
    line A.  Now every pair sharing the place at the boundary goes up (or down): the ranking cannot separate
    them, and the report shows them all."""
    from bridgescore.core.players import Player, pair_key
    from bridgescore.pairs.sessions import PairSession, SessionSummary
    from bridgescore.season import SeasonRules, compute_season, parse_lines

    def pair(a: str, percent: float, section: str) -> PairSession:
        players = (Player(name=a), Player(name="x" + a))
        return PairSession(pair_key(players), section, "1", "", players, f"{a} & x{a}", 24, percent, None, None)

    pairs = (
        pair("Ann", 60.0, "A"), pair("Zoe", 45.0, "A"), pair("Bob", 45.0, "A"),
        pair("Yan", 58.0, "B"), pair("Cid", 58.0, "B"), pair("Dan", 40.0, "B"),
    )  # fmt: skip
    evening = SessionSummary("e1", "2026-09-07", "club", "e1", "percent", "matchpoints", 24, pairs)
    mapping, order = parse_lines("A,B")
    season = compute_season([evening], SeasonRules(lines=mapping, line_order=order, promote=1, relegate=1))
    moved = {s.name.split(" ")[0]: (s.line_place, s.movement) for s in season.standings}
    assert moved["Yan"] == moved["Cid"] == ("1=", "promote"), moved
    assert moved["Zoe"] == moved["Bob"] == ("2=", "relegate"), moved
    assert moved["Ann"] == ("1", "") and moved["Dan"] == ("3", "")


def test_player_by_the_name_of_a_numbered_member_names_the_number(tmp_path: Path, archive_url: str) -> None:
    """Before: ``bridgescore player "Speler 1"`` for a player stored with member number 1001 said "no player Speler
    1 in the archive" – untrue, and no way on.  Now it names the member number(s) stored under that name."""
    db = archive_url  # SQLite and PostgreSQL (tests/pg.py)
    members = _write(tmp_path, "leden.csv", _MEMBERS.replace("1005;Speler 5", "1005;Speler 1"))
    assert _add(db, str(_write(tmp_path, "2026-09-07.csv", _NUMBERED)), "--members", str(members))[0] == 0
    # issue 18: the one member of a name is found by it (it was refused: "give the number")
    result = runner.invoke(app, ["player", "Speler 2", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert _flat(result.output).startswith("Speler 2 (1002)")
    both = runner.invoke(app, ["player", "speler 1", "--db", str(db)])
    assert both.exit_code == 2 and "speler 1 is member 1001, 1005 in the archive" in _flat(both.output), both.output


def test_usebio_of_a_multi_session_event_is_refused_not_written_as_a_web_page(tmp_path: Path) -> None:
    """Before: ``score s1.csv s2.csv --session 1 --session 2 -f usebio -o out.xml`` wrote the multi-session HTML
    page into out.xml (exit 0): a file no USEBIO reader (nor bridgescore) reads.  Now it is refused as the other
    options the multi-session scoring does not do yet, and nothing is written."""
    s1 = _write(tmp_path, "s1.csv", _EVENING)
    s2 = _write(tmp_path, "s2.csv", _EVENING.replace("-50", "-100"))
    out = tmp_path / "out.xml"
    result = runner.invoke(app, ["score", str(s1), str(s2), "--session", "1", "--session", "2", "-f", "usebio",
                                 "-o", str(out)])  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "-f usebio: not available with several sessions yet" in _flat(result.output)
    assert not out.exists()


def test_boards_with_several_sessions_in_csv_or_html_is_refused(tmp_path: Path) -> None:
    """Before: ``score … --session 1 --session 2 -f csv --boards`` wrote the overall ranking and left the traveller
    lines out, silently (the multi-session CSV and page hold no travellers).  Now --boards is refused there as the
    other options the multi-session reports do not do yet; text and JSON have each session's travellers."""
    s1 = _write(tmp_path, "s1.csv", _EVENING)
    s2 = _write(tmp_path, "s2.csv", _EVENING.replace("-50", "-100"))
    base = ["score", str(s1), str(s2), "--session", "1", "--session", "2", "--boards"]
    for fmt in ("csv", "html"):
        result = runner.invoke(app, [*base, "-f", fmt])
        assert result.exit_code == 2 and "--boards: not available with several sessions yet" in _flat(result.output)
    assert runner.invoke(app, [*base, "-f", "json"]).exit_code == 0
    assert runner.invoke(app, base).exit_code == 0


def test_an_archive_in_memory_is_refused_by_the_commands(tmp_path: Path) -> None:
    """Before: ``archive add … --db sqlite://`` (or ``sqlite:///:memory:``) said "stored as …" (exit 0) into a
    database that vanished as the command ended.  Now the commands refuse an archive that keeps nothing."""
    evening = _write(tmp_path, "2026-09-07.csv", _EVENING)
    for url in ("sqlite://", "sqlite:///:memory:"):
        code, said = _add(url, str(evening))
        assert code == 2 and "stored as" not in said, said
        assert "an archive in memory keeps nothing once the command ends" in said, said


def test_a_season_of_an_archive_of_several_competitions_asks_which(tmp_path: Path, archive_url: str) -> None:
    """Before: ``season --db`` without --competition on an archive holding a Monday and a Thursday competition
    (or a federation's clubs) ranked all their sessions together as one season, silently.  Now it names the
    competitions and asks for one."""
    db = archive_url  # SQLite and PostgreSQL (tests/pg.py)
    assert _add(db, str(_write(tmp_path, "2026-09-07.csv", _EVENING)), "--competition", "maandag")[0] == 0
    thursday = _write(tmp_path, "2026-09-10.csv", _EVENING.replace("-50", "-100"))
    assert _add(db, str(thursday), "--competition", "donderdag")[0] == 0
    result = runner.invoke(app, ["season", "--db", str(db)])
    assert result.exit_code == 2
    assert "the archive holds the sessions of 2 competitions (donderdag, maandag): give --competition NAME" in _flat(
        result.output
    ), result.output
    assert runner.invoke(app, ["season", "--db", str(db), "--competition", "maandag"]).exit_code == 0


def test_two_players_of_one_name_are_told_apart_by_their_member_numbers(tmp_path: Path) -> None:
    """Before: a player ranking with two members called "Speler 1" (namesakes – a father and son, two Jan de
    Vries) showed two rows "Speler 1" with different averages, nothing to tell which is whose.  Now namesakes get
    their member numbers beside their names."""
    folder = tmp_path / "evenings"
    folder.mkdir()
    _write(folder, "2026-09-07.csv", _NUMBERED)
    members = _write(tmp_path, "leden.csv", _MEMBERS.replace("1005;Speler 5", "1005;Speler 1"))
    result = runner.invoke(app, ["season", str(folder), "--members", str(members), "--per", "player"])
    assert result.exit_code == 0, result.output
    assert "Speler 1 (1001)" in result.output and "Speler 1 (1005)" in result.output, result.output
    assert "Speler 2 (" not in result.output


def test_a_carry_over_given_twice_for_one_pair_is_refused(tmp_path: Path) -> None:
    """Before: ``--carry-over 1=55 --carry-over 1=60`` (or ``1=55 --carry-over A:1=60``, one pair) kept the last,
    silently."""
    e1 = _write(tmp_path, "e1.csv", _EVENING)
    e2 = _write(tmp_path, "e2.csv", _EVENING.replace("-50", "-100"))
    base = ["score", str(e1), str(e2), "--session", "1", "--session", "2"]
    result = runner.invoke(app, [*base, "--carry-over", "1=55", "--carry-over", "1=60"])
    assert result.exit_code == 2 and "--carry-over 1 is given twice" in _flat(result.output), result.output
    sectioned = [_write(tmp_path, f"s{n}.csv", "section," + t.replace("\n1,", "\nA,1,").replace("\n2,", "\nA,2,"))
                 for n, t in ((1, _EVENING), (2, _EVENING.replace("-50", "-100")))]  # fmt: skip
    twice = runner.invoke(app, ["score", *map(str, sectioned), "--session", "1", "--session", "2", "--carry-over",
                                "1=55", "--carry-over", "A:1=60"])  # fmt: skip
    assert twice.exit_code == 2, twice.output
    assert "carry-over for pair A:1: the pair is given a carry-over twice (1, A:1)" in _flat(twice.output)
