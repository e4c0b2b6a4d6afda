"""Issue 9, a Swiss of seven teams run as a director runs it: score round 1 (team 7 has the bye), pair round 2 from
the JSON the teams command wrote, score rounds 1–2, pair round 3.  The team with the bye used to disappear: it
played no match, so it was in no standings and was never paired again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()
_HEADER = "round,board,room,ns,ew,contract,declarer,result\n"
_NAMES = "".join(f"{n} Team {n}\n" for n in range(1, 8))


def _match(round_number: int, home: int, away: int, home_wins: bool) -> str:
    """Two boards; the home team makes 4S on board 1 in the open room and it fails in the closed room (or the
    other way round), board 2 flat."""
    first, second = ("=", "-1") if home_wins else ("-1", "=")
    return (
        f"{round_number},1,open,{home},{away},4S,N,{first}\n{round_number},1,closed,{away},{home},4S,N,{second}\n"
        f"{round_number},2,open,{home},{away},3NT,S,=\n{round_number},2,closed,{away},{home},3NT,S,=\n"
    )


def _score(tmp_path: Path, body: str, *args: str) -> tuple[dict[str, Any], str]:
    results, names, out = tmp_path / "swiss.csv", tmp_path / "names.txt", tmp_path / "standings.json"
    results.write_text(_HEADER + body, encoding="utf-8")
    names.write_text(_NAMES, encoding="utf-8")
    result = runner.invoke(app, ["teams", str(results), "--names", str(names), "-f", "json", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    return doc, result.stderr


def _pair(tmp_path: Path) -> dict[str, Any]:
    result = runner.invoke(app, ["teams", "pair-round", str(tmp_path / "standings.json"), "-f", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert isinstance(doc, dict)
    return doc


_ROUND_1 = _match(1, 1, 2, True) + _match(1, 3, 4, True) + _match(1, 5, 6, False)


def test_the_team_with_the_bye_is_ranked_with_its_bye_vps(tmp_path: Path) -> None:
    doc, _ = _score(tmp_path, _ROUND_1, "--bye-vp", "12")
    seven = next(s for s in doc["standings"] if s["team"] == "7")
    assert (seven["matches"], seven["byes"], seven["vp"]) == (0, [1], 12)
    assert doc["options"]["bye_vp"] == 12


def test_a_bye_without_bye_vp_is_a_warning_not_silence(tmp_path: Path) -> None:
    doc, stderr = _score(tmp_path, _ROUND_1)
    seven = next(s for s in doc["standings"] if s["team"] == "7")
    assert (seven["byes"], seven["vp"]) == ([1], 0)
    assert "team Team 7 has no match in round 1 (a bye)" in " ".join(stderr.split()) and "--bye-vp" in stderr


def test_every_team_is_paired_and_no_team_has_a_second_bye(tmp_path: Path) -> None:
    _score(tmp_path, _ROUND_1, "--bye-vp", "12")
    round_2 = _pair(tmp_path)
    assert round_2["round"] == 2 and len(round_2["tables"]) == 3
    paired = {t["home"] for t in round_2["tables"]} | {t["away"] for t in round_2["tables"]}
    assert round_2["bye"]["team"] != "7" and paired | {round_2["bye"]["team"]} == {str(n) for n in range(1, 8)}
    assert not any(t["repeat"] for t in round_2["tables"])
    body = _ROUND_1 + "".join(
        _match(2, int(t["home"]), int(t["away"]), True) for t in round_2["tables"]
    )  # the pairing played
    doc, _ = _score(tmp_path, body, "--bye-vp", "12")
    byes = {s["team"]: s["byes"] for s in doc["standings"] if s["byes"]}
    assert byes == {"7": [1], round_2["bye"]["team"]: [2]}
    round_3 = _pair(tmp_path)
    assert round_3["bye"]["team"] not in byes and not any(t["repeat"] for t in round_3["tables"])


def test_a_bye_with_no_vps_ranks_last_yet_is_not_given_the_bye_again(tmp_path: Path) -> None:
    """The pairing reads the JSON's ``byes``: the teams command writes no match for a bye."""
    _score(tmp_path, _ROUND_1)
    round_2 = _pair(tmp_path)
    assert round_2["order"][-1] == "7" and round_2["bye"]["team"] != "7"


def test_the_pairing_names_the_teams_as_the_standings_do(tmp_path: Path) -> None:
    """The teams JSON names its teams; a director reads "5 Team 5", not a bare number (and "Vrij" in Dutch)."""
    _score(tmp_path, _ROUND_1, "--bye-vp", "12")
    result = runner.invoke(app, ["teams", "pair-round", str(tmp_path / "standings.json"), "--lang", "nl"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(line.count("Team ") == 2 for line in lines[1:4]), lines
    assert lines[4].startswith("Vrij: ") and "Team " in lines[4]


def test_the_reports_say_who_had_a_bye_and_what_it_is_worth(tmp_path: Path) -> None:
    results, names = tmp_path / "swiss.csv", tmp_path / "names.txt"
    results.write_text(_HEADER + _ROUND_1, encoding="utf-8")
    names.write_text(_NAMES, encoding="utf-8")
    for lang, words in (("en", "Byes (each worth 12 VP): Team 7 (round 1)."), ("nl", "Vrije rondes (elk 12 WP waard)")):
        result = runner.invoke(app, ["teams", str(results), "--names", str(names), "--bye-vp", "12", "--lang", lang])
        assert result.exit_code == 0, result.output
        assert words in " ".join(result.stdout.split())
