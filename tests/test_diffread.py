"""Defects found reading the issue-13 diff once more (each test failed before its fix)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import MappingProxyType

from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()

_EVENING = "board,ns,ew,score\n1,1,2,400\n1,3,4,-50\n2,1,2,420\n2,3,4,420\n"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_date_club_and_director_with_several_sessions_are_refused_not_dropped(tmp_path: Path) -> None:
    """Before: ``score s1 s2 --session 1 --session 2 --date … --club … --director`` wrote the multi-session reports
    without the date, the club or the checks, silently (exit 0).  Now each is refused as the other options the
    multi-session reports do not do yet (--boards, -f usebio)."""
    s1 = tmp_path / "s1.csv"
    s2 = tmp_path / "s2.csv"
    s1.write_text(_EVENING, encoding="utf-8")
    s2.write_text(_EVENING.replace("-50", "-100"), encoding="utf-8")
    base = ["score", str(s1), str(s2), "--session", "1", "--session", "2", "-f", "html"]
    for extra, said in ((["--date", "2026-09-07"], "--date"), (["--club", "BC Oost"], "--club"),
                        (["--director"], "--director")):  # fmt: skip
        result = runner.invoke(app, [*base, *extra])
        assert result.exit_code == 2, result.output
        assert f"{said}: not available with several sessions yet" in _flat(result.output)
    assert runner.invoke(app, base).exit_code == 0


def test_a_long_lead_date_and_pair_are_stored_on_postgresql_as_on_sqlite(archive_url: str, tmp_path: Path) -> None:
    """Before: a lead written in words (kept as written, with no problem), a date as a USEBIO file may write it in
    words, a long BBO pair id were stored on SQLite but refused by PostgreSQL (VARCHAR(40), VARCHAR(100): "value
    too long"), so the same ``archive add`` stored on one and failed on the other.  Text read from a file has no
    length limit in the schema now."""
    import bridgescore
    from bridgescore.archive import open_archive

    lead = "the queen of hearts from a long suit headed by the QJ10 (x)"
    pair = "a-very-long-bbo-username-of-a-north-player-2026+a-very-long-bbo-username-of-a-south-player-2026"
    text = f"board,ns,ew,contract,declarer,result,lead,score\n1,{pair},2,4S,S,=,{lead},420\n1,3,4,4S,S,=,HQ,420\n"
    path = tmp_path / "long.csv"
    path.write_text(text, encoding="utf-8")
    date = "Saturday 12th September 2026, the afternoon and evening sessions"
    event = dataclasses.replace(bridgescore.read(path), info=MappingProxyType({"date": date}))
    with open_archive(archive_url) as archive:
        archive.add(bridgescore.score(event), file=str(path), content=text.encode(), key="long")
        stored = archive.sessions()
    assert [r.lead for r in stored[0].event.results] == [lead, "HQ"]
    assert stored[0].summary.date == date
    assert pair in {p.pair for p in stored[0].summary.pairs}


def test_check_with_several_sessions_refuses_deals_rather_than_ignoring_them(tmp_path: Path) -> None:
    """Before: ``check s1 s2 --session 1 --session 2 --deals hands.pbn`` never read the hand record (a deal of 12
    cards, an error with one session, was not said) and exited 0: the deals were dropped silently."""
    s1 = tmp_path / "s1.csv"
    s2 = tmp_path / "s2.csv"
    s1.write_text(_EVENING, encoding="utf-8")
    s2.write_text(_EVENING.replace("-50", "-100"), encoding="utf-8")
    hands = tmp_path / "hands.pbn"
    hands.write_text('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T987.AKQ.J98.765 65432.J76.AKQ.T9 .5432.432.AKQJ8"]\n')
    result = runner.invoke(app, ["check", str(s1), str(s2), "--session", "1", "--session", "2", "--deals", str(hands)])
    assert result.exit_code == 2, result.output
    assert "--deals: not available with several sessions yet" in _flat(result.output)
    assert runner.invoke(app, ["check", str(s1), str(s2), "--session", "1", "--session", "2"]).exit_code == 0


def test_a_season_scoring_stored_sessions_again_keeps_their_phantom(tmp_path: Path) -> None:
    """Before: ``season --method butler`` over the archive scored each stored evening again with the season's
    options alone, so a session added with ``--phantom 14`` had pair 14 ranked as a real pair (and its opponents
    scored against it): the options the session was added with about the event were dropped."""
    import bridgescore
    from bridgescore.api import resolve_options
    from bridgescore.archive import open_archive
    from bridgescore.season.files import ArchiveSessions

    path = Path(bridgescore.__file__).parent / "examples" / "club-evening.csv"
    scores = bridgescore.score(bridgescore.read(path), phantoms=["14"])
    with open_archive(tmp_path / "a.sqlite3") as archive:
        archive.add(scores, file=str(path), content=path.read_bytes(), key="k", options={"phantoms": ["14"]})
        as_stored = ArchiveSessions(archive).sessions()[0].summary
        again = ArchiveSessions(archive, resolve_options("butler")).sessions()[0].summary
    assert "14" not in {p.pair for p in as_stored.pairs}
    assert {p.pair for p in again.pairs} == {p.pair for p in as_stored.pairs}
    assert again.unit == "imps"


def test_season_csv_keeps_a_negative_butler_score_a_number_and_guards_a_session_title() -> None:
    """Before: the season CSV guarded every ranking cell as text, so a Butler season's negative score was written
    ``'-0.50`` (a text cell beside the evenings' ``-0.50``), while a session title from the file (``=cmd``) went
    into the header unguarded."""
    from bridgescore.core.players import Player, pair_key
    from bridgescore.pairs.sessions import PairSession, SessionSummary
    from bridgescore.season import SeasonRules, compute_season
    from bridgescore.season.report import render_csv

    def pair(a: str, b: str, imps: float) -> PairSession:
        players = (Player(name=a), Player(name=b))
        return PairSession(pair_key(players), "", "1", "", players, f"{a} & {b}", 10, None, imps, None)

    evening = SessionSummary("k", "", "club", "=cmd", "imps", "butler", 10, (pair("=Ann", "Bob", -5.0),
                                                                           pair("Cid", "Dan", 5.0)))  # fmt: skip
    season = compute_season([evening], SeasonRules(unit="imps"))
    rows = [line.split(",") for line in render_csv(season).splitlines()]
    assert rows[0][-1] == "'=cmd"
    ann = next(r for r in rows if "Ann" in r[1])
    assert ann[1] == "'=Ann & Bob"
    assert ann[2] == "-0.50" and ann[-1] == "-0.50"
