"""Swiss pairing of a teams event (teams/pairing.py) and ``teams pair-round`` (cli/teams_pair.py)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli.teams_pair import pair_round as pair_round_command
from bridgescore.core.i18n import translator
from bridgescore.core.problems import Severity
from bridgescore.teams.pairing import (
    Entry,
    Pairing,
    PairingRule,
    Table,
    _preference,
    pair_round,
    ranked,
    read_standings,
)

Pairs = tuple[tuple[int, int], ...]


def _field(*teams: str, met: str = "", byes: str = "", vps: dict[str, float] | None = None) -> list[Entry]:
    """Teams in ranking order (VPs falling unless ``vps`` says), ``met`` as "1-2 3-4", ``byes`` as "5 6"."""
    meetings = [m.split("-") for m in met.split()]
    return [
        Entry(
            team,
            (vps or {}).get(team, 100.0 - i),
            met=frozenset(b if a == team else a for a, b in meetings if team in (a, b)),
            byes=byes.split().count(team),
        )
        for i, team in enumerate(teams)
    ]


def _tables(pairing: Pairing) -> list[str]:
    return [f"{t.home}-{t.away}" for t in pairing.tables]


def test_swiss_is_top_against_next() -> None:
    pairing = pair_round(_field("1", "2", "3", "4", "5", "6"))
    assert _tables(pairing) == ["1-2", "3-4", "5-6"] and pairing.bye is None


def test_swiss_moves_a_team_that_has_met_down_as_little_as_needed() -> None:
    assert _tables(pair_round(_field("1", "2", "3", "4", met="1-2"))) == ["1-3", "2-4"]
    # greedy 1-2, 3-4 would leave 5-6, who have met: the backtracking changes the lowest choice it can
    assert _tables(pair_round(_field("1", "2", "3", "4", "5", "6", met="5-6"))) == ["1-2", "3-5", "4-6"]
    # 6 has met everyone but 1: 1 must play 6, the rest stays top against next
    pairing = pair_round(_field("1", "2", "3", "4", "5", "6", met="6-2 6-3 6-4 6-5"))
    assert _tables(pairing) == ["1-6", "2-3", "4-5"] and pairing.repeats == ()


def test_a_repeat_only_when_it_cannot_be_avoided() -> None:
    pairing = pair_round(_field("1", "2", "3", "4", met="1-2 1-3 1-4 2-3"))
    assert _tables(pairing) == ["1-2", "3-4"]  # 1 has met everyone: one repeat, the best-placed one
    assert [f"{t.home}-{t.away}" for t in pairing.repeats] == ["1-2"]


def test_monrad_pairs_the_top_half_of_a_score_group_against_the_bottom_half() -> None:
    level = {t: 0.0 for t in "ABCDEFGH"}
    assert _tables(pair_round(_field(*"ABCDEFGH", vps=level), "monrad")) == ["A-E", "B-F", "C-G", "D-H"]
    assert _tables(pair_round(_field(*"ABCDEFGH", vps=level), "swiss")) == ["A-B", "C-D", "E-F", "G-H"]
    # two groups of four; a group of three floats its last team down to the next group
    vps = {"A": 30, "B": 30, "C": 30, "D": 30, "E": 10, "F": 10, "G": 10, "H": 10}
    assert _tables(pair_round(_field(*"ABCDEFGH", vps=vps), "monrad")) == ["A-C", "B-D", "E-G", "F-H"]
    vps = {"A": 30, "B": 30, "C": 30, "D": 10, "E": 10, "F": 10}
    assert _tables(pair_round(_field(*"ABCDEF", vps=vps), "monrad")) == ["A-B", "C-E", "D-F"]
    # repeats avoided the same way: A has met E, so A takes F and B takes E
    assert _tables(pair_round(_field(*"ABCDEFGH", vps=level, met="A-E"), "monrad"))[:2] == ["A-F", "B-E"]


def test_the_bye_goes_to_the_lowest_team_without_one() -> None:
    pairing = pair_round(_field("1", "2", "3", "4", "5"), bye_vp=12)
    assert pairing.bye == "5" and pairing.bye_vp == 12 and _tables(pairing) == ["1-2", "3-4"]
    assert pair_round(_field("1", "2", "3", "4", "5", byes="5")).bye == "4"
    assert pair_round(_field("1", "2", "3", "4", "5", byes="5 4 3 2 1")).bye == "5"  # everyone had one
    # 1 has met 2, 3 and 4: a bye to 5 would force a repeat that a bye to 4 avoids
    pairing = pair_round(_field("1", "2", "3", "4", "5", met="1-2 1-3 1-4"))
    assert pairing.bye == "4" and pairing.repeats == () and _tables(pairing) == ["1-5", "2-3"]


def test_ties_are_broken_by_imps_then_the_team_id_whatever_the_input_order() -> None:
    entries = [Entry("10", 20), Entry("2", 20), Entry("Bears", 20), Entry("apes", 20), Entry("7", 20, 5.0)]
    assert [e.team for e in ranked(entries)] == ["7", "2", "10", "apes", "Bears"]
    shuffled = entries[:]
    random.Random(4).shuffle(shuffled)
    assert pair_round(shuffled) == pair_round(entries)


# --- properties, checked against brute force on small fields ---------------------------------------------------


def _matchings(teams: list[str]) -> Iterator[list[tuple[str, str]]]:
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for i, other in enumerate(rest):
        for more in _matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *more]


def _met(entries: list[Entry], a: str, b: str) -> bool:
    by_team = {e.team: e for e in entries}
    return b in by_team[a].met or a in by_team[b].met


@st.composite
def fields(draw: st.DrawFn) -> list[Entry]:
    n = draw(st.integers(2, 8))
    teams = [str(i) for i in range(1, n + 1)]
    pairs = [(a, b) for i, a in enumerate(teams) for b in teams[i + 1 :]]
    met = draw(st.sets(st.sampled_from(pairs), max_size=len(pairs)))
    return [
        Entry(
            team,
            float(draw(st.sampled_from([0, 10, 12.5, 20]))),
            float(draw(st.integers(-3, 3))),
            frozenset(b if a == team else a for a, b in met if team in (a, b)),
            draw(st.integers(0, 2)),
        )
        for team in teams
    ]


@settings(max_examples=250, deadline=None)
@given(fields(), st.sampled_from(["swiss", "monrad"]), st.randoms(use_true_random=False))
def test_pairing_properties_against_brute_force(entries: list[Entry], rule: str, rng: random.Random) -> None:
    pairing = pair_round(entries, "monrad" if rule == "monrad" else "swiss")
    teams = [e.team for e in entries]
    seated = [t for table in pairing.tables for t in (table.home, table.away)] + [pairing.bye] * (
        pairing.bye is not None
    )
    assert sorted(seated) == sorted(teams)  # every team exactly once
    assert (pairing.bye is None) == (len(teams) % 2 == 0)
    fewest = min(e.byes for e in entries)
    if pairing.bye is not None:  # never a bye to a team that had more byes than another
        assert next(e.byes for e in entries if e.team == pairing.bye) == fewest
    candidates = [e.team for e in entries if e.byes == fewest] if len(teams) % 2 else [None]
    least = min(
        sum(_met(entries, a, b) for a, b in matching)
        for bye in candidates
        for matching in _matchings([t for t in teams if t != bye])
    )
    assert len(pairing.repeats) == least  # no repeat meeting while one is avoidable
    assert all(t.repeat == _met(entries, t.home, t.away) for t in pairing.tables)
    shuffled = entries[:]
    rng.shuffle(shuffled)
    assert pair_round(shuffled, pairing.rule) == pairing  # deterministic


def test_a_larger_field_is_paired_quickly_and_without_repeats() -> None:
    """40 teams after 7 rounds of top-against-next: still no repeat (the search does not explode)."""
    entries = [Entry(str(i), 0.0) for i in range(1, 41)]
    rng = random.Random(9)
    for _ in range(7):
        pairing = pair_round(entries)
        assert pairing.repeats == ()
        opponents = {t.home: t.away for t in pairing.tables} | {t.away: t.home for t in pairing.tables}
        entries = [
            Entry(e.team, e.vp + rng.choice([0, 5.5, 10, 14.5, 20]), 0.0, e.met | {opponents[e.team]}) for e in entries
        ]


# --- reading the standings --------------------------------------------------------------------------------------

CSV = """\
# standings after round 2
team,vp,imps,met,bye
Oranje,31.5,22,Leeuwen;Tulpen,0
Leeuwen,28.02,-3,Oranje;Molens,no
Tulpen,28.02,4,Oranje;Klompen,
Molens,20,0,Leeuwen;Klompen,1
Klompen,12,-23,Tulpen;Molens,0
"""


def test_csv_standings(tmp_path: Path) -> None:
    path = tmp_path / "stand.csv"
    path.write_text(CSV, encoding="utf-8")
    read = read_standings(path)
    assert read.problems == ()
    assert [(e.team, e.vp, e.imps, e.byes) for e in ranked(read.entries)] == [
        ("Oranje", 31.5, 22, 0),
        ("Tulpen", 28.02, 4, 0),
        ("Leeuwen", 28.02, -3, 0),
        ("Molens", 20, 0, 1),
        ("Klompen", 12, -23, 0),
    ]
    pairing = pair_round(read.entries)
    assert _tables(pairing) == ["Oranje-Molens", "Tulpen-Leeuwen"] and pairing.bye == "Klompen"


def test_every_bad_line_of_csv_standings_is_located(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(
        "team,vp,imps,met,bye\nA,10,0,B,0\nB,ten,0,A,0\nC,5,x,,0\nD,5,0,,maybe\n,3,0,,0\nA,1,0,,0\nE,1,0\n"
        "F,1,0,F;Z,0\n",
        encoding="utf-8",
    )
    read = read_standings(path)
    shown = [str(p).replace(str(path), "F") for p in read.problems]
    assert shown == [
        "F, line 3, column 'vp': 'ten' is not a number of victory points",
        "F, line 4, column 'imps': 'x' is not a number of IMPs",
        "F, line 5, column 'bye': 'maybe' is not a number of byes (0, 1 … or yes/no)",
        "F, line 6, column 'team': a team is missing its name",
        "F, line 7, column 'team': team 'A' is listed twice (first on line 2)",
        "F, line 8: expected 5 values (team, vp, imps, met, bye), found 3",
        "F, line 9, column 'met': team 'F' cannot have met itself",
        "F, line 9: warning: team 'F' met 'Z', who is not in the standings (the meeting is kept)",
    ]
    assert [e.team for e in read.entries] == ["A", "F"]
    dutch = translator("nl")
    assert all(dutch.gettext(p.message) != p.message for p in read.problems)


def test_standings_without_the_needed_columns(tmp_path: Path) -> None:
    path = tmp_path / "stand.csv"
    path.write_text("name,points\nA,3\n", encoding="utf-8")
    shown = [str(p).replace(str(path), "F") for p in read_standings(path).problems]
    assert shown == [
        "F, line 1: the standings have no column 'team' (the header names team, vp and, if wanted, imps, met, bye)",
        "F, line 1: the standings have no column 'vp' (the header names team, vp and, if wanted, imps, met, bye)",
    ]


TEAMS_JSON = {
    "schema": "bridgescore.teams/1",
    "matches": [
        {"round": 1, "home": "1", "away": "2", "vp_home": 15.2, "vp_away": 4.8, "imps_home": 30, "imps_away": 10},
        {"round": 1, "home": "3", "away": "4", "vp_home": 10, "vp_away": 10, "imps_home": 12, "imps_away": 12},
        {"round": 1, "home": "5", "away": None},
    ],
    "standings": [
        {"team": "1", "vp": 15.2, "imps_for": 30, "imps_against": 10},
        {"team": "5", "vp": 12, "imps_for": 0, "imps_against": 0},
        {"team": "3", "vp": 10, "imps_for": 12, "imps_against": 12},
        {"team": "4", "vp": 10, "imps_for": 12, "imps_against": 12},
        {"team": "2", "vp": 4.8, "imps_for": 10, "imps_against": 30},
    ],
}


def test_the_teams_commands_json(tmp_path: Path) -> None:
    path = tmp_path / "teams.json"
    path.write_text(json.dumps(TEAMS_JSON), encoding="utf-8")
    read = read_standings(path)
    assert read.problems == () and read.round == 2
    by_team = {e.team: e for e in read.entries}
    assert by_team["1"].met == {"2"} and by_team["5"].byes == 1 and by_team["2"].imps == -20
    pairing = pair_round(read.entries)
    # 5 had the bye of round 1, so the bye goes to 2; 1-5 would leave 3-4, who have met: 1 takes 3
    assert _tables(pairing) == ["1-3", "5-4"] and pairing.bye == "2"


def test_bad_json_standings(tmp_path: Path) -> None:
    path = tmp_path / "teams.json"
    path.write_text('{"standings": [\n  {"team": "1", "vp": 3},\n  {"vp": "x"}\n', encoding="utf-8")
    (problem,) = read_standings(path).problems
    assert str(problem).startswith(f"{path}, line 4: not a JSON file:")
    data = {"schema": "other/2", "matches": [{"round": 1}], "standings": [{"team": "1", "vp": "x"}, {"team": 2}]}
    path.write_text(json.dumps(data), encoding="utf-8")
    shown = [str(p).replace(str(path), "F") for p in read_standings(path).problems]
    assert shown == [
        "F, element 'schema': warning: schema 'other/2' is not bridgescore.teams/1; read as if it were",
        "F, element 'matches[0]': a match names neither team",
        "F, element 'standings[0].vp': 'x' is not a number of victory points",
        "F, element 'standings[1].vp': 'None' is not a number of victory points",
        "F: the standings have fewer than two teams: nothing to pair",
    ]
    path.write_text('{"teams": []}', encoding="utf-8")
    (problem,) = read_standings(path).problems
    assert "not the JSON the teams command writes" in str(problem)
    assert read_standings(tmp_path / "missing.json").problems[0].message == "cannot read the standings: %(reason)s"


# --- the command, through a small app as the teams group will register it --------------------------------------

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("pair-round")(pair_round_command)

    @app.callback()
    def _group() -> None:
        """A stand-in for the teams group."""

    return app


def test_pair_round_text_and_json(tmp_path: Path) -> None:
    path = tmp_path / "stand.csv"
    path.write_text(CSV, encoding="utf-8")
    result = runner.invoke(_app(), ["pair-round", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Pairing of the next round (swiss)",
        "1. Oranje – Molens",
        "2. Tulpen – Leeuwen",
        "Bye: Klompen (12 VP)",
    ]
    result = runner.invoke(_app(), ["pair-round", str(path), "--rule", "monrad", "-f", "json", "--bye-vp", "10"])
    data = json.loads(result.stdout)
    assert data["schema"] == "bridgescore.pairing/1" and data["rule"] == "monrad" and data["round"] is None
    assert data["bye"] == {"team": "Klompen", "vp": 10.0}
    assert [(t["home"], t["away"], t["repeat"]) for t in data["tables"]] == [
        ("Oranje", "Molens", False),
        ("Tulpen", "Leeuwen", False),
    ]
    json_path = tmp_path / "teams.json"
    json_path.write_text(json.dumps(TEAMS_JSON), encoding="utf-8")
    out = tmp_path / "round2.txt"
    result = runner.invoke(_app(), ["pair-round", str(json_path), "-o", str(out), "--lang", "nl"])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").splitlines() == [
        "Indeling van ronde 2 (swiss)",
        "1. 1 – 3",
        "2. 5 – 4",
        "Vrij: 2 (12 WP)",  # Dutch for a bye
    ]


def test_pair_round_marks_an_unavoidable_repeat(tmp_path: Path) -> None:
    path = tmp_path / "stand.csv"
    path.write_text("team,vp,met\nA,3,B;C\nB,2,A;C\nC,1,A;B\n", encoding="utf-8")
    result = runner.invoke(_app(), ["pair-round", str(path)])
    assert result.stdout.splitlines()[1] == "1. A – B  (they have met before)"


def test_pair_round_refuses_bad_input_with_located_words(tmp_path: Path) -> None:
    path = tmp_path / "stand.csv"
    path.write_text("team,vp\nA,1\nB,one\n", encoding="utf-8")
    result = runner.invoke(_app(), ["pair-round", str(path)])
    assert result.exit_code == 2
    assert "line 3, column 'vp': 'one' is not a number of victory points" in " ".join(result.output.split())
    assert "Traceback" not in result.output
    result = runner.invoke(_app(), ["pair-round", str(path), "--lang", "nl"])
    assert "'one' is geen aantal winstpunten" in " ".join(result.output.split())
    for options, words in (
        (["--rule", "dutch"], "--rule must be swiss or monrad, not 'dutch'"),
        (["--format", "csv"], "--format must be text or json, not 'csv'"),
        (["-o", str(path)], "is one of the input files"),
    ):
        result = runner.invoke(_app(), ["pair-round", str(path), *options])
        assert result.exit_code == 2 and words in " ".join(result.output.split()), options
    result = runner.invoke(_app(), ["pair-round", str(tmp_path / "none.csv")])
    assert result.exit_code == 2 and "cannot read the standings" in result.output


def test_a_warning_does_not_stop_the_pairing(tmp_path: Path) -> None:
    path = tmp_path / "stand.csv"
    path.write_text("team,vp,met\nA,3,Z\nB,2,\n", encoding="utf-8")
    result = runner.invoke(_app(), ["pair-round", str(path)])
    assert result.exit_code == 0
    assert "who is not in the standings" in " ".join(result.output.split())
    assert "1. A – B" in result.stdout
    assert read_standings(path).problems[0].severity is Severity.WARNING


@pytest.mark.parametrize("rule", ["swiss", "monrad"])
def test_unknown_rule_in_the_library(rule: str) -> None:
    with pytest.raises(ValueError, match="unknown pairing rule"):
        pair_round([Entry("A", 1), Entry("B", 0)], rule + "-x")  # type: ignore[arg-type]


# --- the search against the backtracking it replaced (issue 19) ---------------------------------------------------


def _backtrack(
    met: list[int], vps: list[float], rule: PairingRule, mask: int, memo: dict[int, tuple[int, Pairs]]
) -> tuple[int, Pairs]:
    """The pairing as the backtracking of the first pair-round found it (before issue 19; its guided search built
    the same one, checked equal here before): the top team tries its opponents in order of preference, the teams
    below are paired recursively, the first pairing with the fewest repeats is kept."""
    if mask == 0:
        return (0, ())
    if mask in memo:
        return memo[mask]
    remaining = [i for i in range(mask.bit_length()) if mask >> i & 1]
    top = remaining[0]
    best: tuple[int, Pairs] | None = None
    for other in _preference(remaining, vps, rule):
        cost = 1 if met[top] >> other & 1 else 0
        if best is not None and cost >= best[0]:
            continue
        sub_cost, sub_pairs = _backtrack(met, vps, rule, mask & ~(1 << top) & ~(1 << other), memo)
        if best is None or cost + sub_cost < best[0]:
            best = (cost + sub_cost, ((top, other), *sub_pairs))
            if best[0] == 0:
                break
    assert best is not None
    memo[mask] = best
    return best


def _old_pair_round(entries: list[Entry], rule: PairingRule) -> Pairing:
    """``pair_round`` as it was before issue 19, on the backtracking above (the bye: the lowest team with the
    fewest byes whose sitting out needs the fewest repeats)."""
    field_ = ranked(entries)
    ids = [e.team for e in field_]
    index = {team: i for i, team in enumerate(ids)}
    met = [0] * len(ids)
    for i, entry in enumerate(field_):
        for other in entry.met:
            j = index.get(other)
            if j is not None and j != i:
                met[i] |= 1 << j
                met[j] |= 1 << i
    vps, memo = [e.vp for e in field_], {}
    everyone = (1 << len(ids)) - 1
    bye: int | None = None
    if len(ids) % 2:
        fewest = min(e.byes for e in field_)
        best: tuple[int, Pairs] | None = None
        for candidate in reversed(range(len(ids))):
            if field_[candidate].byes != fewest:
                continue
            found = _backtrack(met, vps, rule, everyone & ~(1 << candidate), memo)
            if best is None or found[0] < best[0]:
                best, bye = found, candidate
                if found[0] == 0:
                    break
        assert best is not None
        pairs = best[1]
    else:
        pairs = _backtrack(met, vps, rule, everyone, memo)[1]
    tables = tuple(
        Table(ids[min(a, b)], ids[max(a, b)], bool(met[a] >> b & 1)) for a, b in sorted(pairs, key=lambda p: min(p))
    )
    return Pairing(rule, tuple(ids), tables, ids[bye] if bye is not None else None, 12.0 if bye is not None else None)


@st.composite
def larger_fields(draw: st.DrawFn) -> list[Entry]:
    """Up to 14 teams, VPs from a few values (so score groups of several teams), meetings dense or sparse."""
    n = draw(st.integers(2, 14))
    teams = [str(i) for i in range(1, n + 1)]
    density = draw(st.sampled_from([0.0, 0.3, 0.7, 0.9, 1.0]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    met = {(a, b) for i, a in enumerate(teams) for b in teams[i + 1 :] if rng.random() < density}
    return [
        Entry(team, float(draw(st.sampled_from([0, 10, 12.5, 20]))), float(draw(st.integers(-3, 3))),
              frozenset(b if a == team else a for a, b in met if team in (a, b)), draw(st.integers(0, 1)))
        for team in teams
    ]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.one_of(fields(), larger_fields()), st.sampled_from(["swiss", "monrad"]))
def test_the_pairing_is_the_backtracking_pairing(entries: list[Entry], rule: str) -> None:
    chosen: PairingRule = "monrad" if rule == "monrad" else "swiss"
    assert pair_round(entries, chosen) == _old_pair_round(entries, chosen)


@settings(max_examples=200, deadline=None)
@given(fields())
def test_the_fewest_repeats_from_the_matching(entries: list[Entry]) -> None:
    from bridgescore.teams.pairing import _Search

    ordered = ranked(entries)
    index = {e.team: i for i, e in enumerate(ordered)}
    met = [sum(1 << index[o] for o in e.met if o in index) for e in ordered]
    met = [m | sum(1 << j for j, other in enumerate(met) if other >> i & 1) for i, m in enumerate(met)]
    every = (1 << len(ordered)) - 1
    teams = [e.team for e in ordered]
    if len(teams) % 2:
        teams, every = teams[:-1], every >> 1
    brute = min(sum(_met(ordered, a, b) for a, b in m) for m in _matchings(teams))
    assert _Search(met, [e.vp for e in ordered], "swiss").least(every) == brute


def test_a_field_that_forces_a_repeat_is_paired_without_a_long_search() -> None:
    """40 teams in two halves of 19 and 21 that have each met every team of the other half: one repeat is forced;
    backtracking alone would try millions of partial pairings, the guided search needs a few hundred matchings."""
    teams = [str(i) for i in range(1, 41)]
    first = set(teams[0:38:2])  # 19 teams: 1, 3 … 37
    entries = [
        Entry(t, 40.0 - i, met=frozenset(o for o in teams if (o in first) != (t in first))) for i, t in enumerate(teams)
    ]
    pairing = pair_round(entries)
    assert len(pairing.repeats) == 1
    assert sorted(t for table in pairing.tables for t in (table.home, table.away)) == sorted(teams)
