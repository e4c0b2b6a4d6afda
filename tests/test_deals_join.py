"""Issue 10: a hand record given beside the travellers (``score travellers.csv --deals hands.pbn``, and a deals-only
file among the event files) is joined by board number, and every mismatch is reported with file, line and field."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bridgescore import api
from bridgescore.cli import app
from bridgescore.core.problems import Severity

BUNDLED = Path(__file__).parent / "data" / "reference" / "events" / "usebio-brian-welwyn" / "original" / "hands.pbn"
#: board 1: N A98.J92.A75.Q852, E 532.86.K632.KJT7, S KQ4.AKT73.JT.A93, W JT76.Q54.Q984.64
TRAVELLERS = """board,ns,ew,contract,declarer,result,lead
1,1,2,4H,S,10,SJ
1,3,4,4H,S,10,CK
1,5,6,4H,N,10,H9
25,1,2,3NT,N,9,
25,3,4,3NT,N,8,
"""


def _deals_only(tmp_path: Path) -> Path:
    """The bundled hand record without its score tables: deals only, with Contract "?" as Bridgewebs writes."""
    lines = BUNDLED.read_text(encoding="utf-8").splitlines()
    kept: list[str] = []
    skipping = False
    for line in lines:
        if line.startswith("[ScoreTable"):
            skipping = True
            continue
        if skipping and not line.startswith("["):
            continue
        skipping = False
        kept.append(line)
    path = tmp_path / "hands.pbn"
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return path


def test_deals_beside_travellers_are_joined_and_every_mismatch_reported(tmp_path: Path) -> None:
    travellers = tmp_path / "club.csv"
    travellers.write_text(TRAVELLERS, encoding="utf-8")
    event = api.read(travellers, deals=_deals_only(tmp_path))
    assert sorted(event.deals) == list(range(1, 25))
    found = [(p.location.line, p.location.field, p.severity, str(p)) for p in event.problems]
    lead = [f for f in found if "is not in the hand" in f[3]]
    assert len(lead) == 2  # CK: West leads against South, East holds it; H9: East leads against North, who holds it
    assert lead[0][:2] == (3, "lead") and "board 1: the lead CK is not in the hand of W" in lead[0][3]
    assert lead[1][:2] == (4, "lead") and "the lead H9 is not in the hand of E" in lead[1][3]
    missing = [f for f in found if "no deal" in f[3]]
    assert (
        len(missing) == 1
        and missing[0][0] == 5
        and "board 25 has results but no deal in the hand record hands.pbn" in missing[0][3]
    )
    assert {p.severity for p in event.problems} == {Severity.WARNING}


def test_another_sessions_hand_record_is_said_once_beside_the_lines(tmp_path: Path) -> None:
    """Given the wrong session's deals, nearly every lead is 'not in the hand': the director was left to guess
    from a wall of line warnings that the hand record itself is the wrong one."""
    travellers = tmp_path / "club.csv"
    board_2 = [f"2,{ns},{ns + 1},4H,S,10,{lead}" for ns, lead in ((1, "SA"), (3, "D2"), (5, "HA"), (7, "C2"))]
    travellers.write_text("board,ns,ew,contract,declarer,result,lead\n" + "\n".join(board_2) + "\n", "utf-8")
    event = api.read(travellers, deals=_deals_only(tmp_path))  # board 2: West holds none of SA, D2, HA, C2
    texts = [str(p) for p in event.problems]
    assert sum("is not in the hand of W" in t for t in texts) == 4
    (whole,) = [t for t in texts if "opening leads on the travellers" in t]
    assert "4 of the 4 opening leads" in whole and "is hands.pbn the hand record of this session" in whole
    one_wrong = tmp_path / "one.csv"
    one_wrong.write_text(TRAVELLERS, encoding="utf-8")  # two leads of three not held, but only two lines: typing
    problems = api.read(one_wrong, deals=_deals_only(tmp_path)).problems
    assert not any("opening leads on the travellers" in str(p) for p in problems)


def test_a_hand_record_without_any_deal_is_said_once_not_once_per_board(tmp_path: Path) -> None:
    """A missing, empty or unreadable hand record gave its own problem and then 'board N has results but no deal'
    for every board of the evening."""
    travellers = tmp_path / "club.csv"
    travellers.write_text(TRAVELLERS, encoding="utf-8")
    (tmp_path / "empty.pbn").write_text("", encoding="utf-8")
    for name in ("missing.pbn", "empty.pbn"):
        problems = api.read(travellers, deals=tmp_path / name).problems
        assert len(problems) == 1 and problems[0].location.file.endswith(name), [str(p) for p in problems]


def test_score_with_deals_lists_the_mismatches_in_english_and_dutch(tmp_path: Path) -> None:
    travellers = tmp_path / "club.csv"
    travellers.write_text(TRAVELLERS, encoding="utf-8")
    hands = _deals_only(tmp_path)
    result = CliRunner().invoke(app, ["score", str(travellers), "--deals", str(hands)])
    assert result.exit_code == 0, result.output
    assert "board 1: the lead CK is not in the hand of W" in result.output.replace("\n", " ")
    dutch = CliRunner().invoke(app, ["score", str(travellers), "--deals", str(hands), "--lang", "nl"])
    assert "spel 25 heeft uitslagen maar geen verdeling" in dutch.output.replace("\n", " ")
    checked = CliRunner().invoke(app, ["check", str(travellers), "--deals", str(hands)])
    assert "the lead CK is not in the hand of W" in checked.output.replace("\n", " ")


def test_a_deals_only_file_among_the_event_files_gives_its_deals(tmp_path: Path) -> None:
    """Before: every board of the hand record said 'the result has no pairs' (and 'no results to score')."""
    travellers = tmp_path / "club.csv"
    travellers.write_text(TRAVELLERS.replace(",CK", ",SJ").replace(",H9", ",S2"), encoding="utf-8")
    hands = _deals_only(tmp_path)
    event = api.read(travellers, hands)
    assert [p for p in event.problems if p.severity is Severity.ERROR] == []
    assert sorted(event.deals) == list(range(1, 25))
    result = CliRunner().invoke(app, ["score", str(travellers), str(hands)])
    assert result.exit_code == 0, result.output
    alone = CliRunner().invoke(app, ["score", str(hands)])
    assert alone.exit_code == 2
    assert "holds deals only (a hand record)" in alone.output.replace("\n", " ")


def test_the_event_files_own_deal_against_the_hand_record(tmp_path: Path) -> None:
    own = tmp_path / "results.pbn"
    own.write_text(
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:532.86.K632.KJT7 A98.J92.A75.Q852 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64"]\n'
        '[PairId_NS "1"]\n[PairId_EW "2"]\n[Contract "4H"]\n[Declarer "S"]\n[Result "10"]\n',
        encoding="utf-8",
    )
    event = api.read(own, deals=_deals_only(tmp_path))
    (problem,) = [p for p in event.problems if "not the one in the hand record" in str(p)]
    assert problem.location.line == 4 and problem.location.field == "Deal"
    assert event.deals[1].pbn().startswith("N:A98.")  # the hand record given beside wins


def test_a_results_file_whose_every_line_is_refused_still_says_nothing_is_left(tmp_path: Path) -> None:
    """Its deals do not make it a hand record: the refused lines and 'no results to score' are said."""
    path = tmp_path / "results.pbn"
    path.write_text(
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:A98.J92.A75.Q852 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64"]\n'
        '[PairId_NS "1"]\n[PairId_EW "2"]\n[Contract "4Q"]\n[Declarer "S"]\n[Result "10"]\n',
        encoding="utf-8",
    )
    messages = [str(p) for p in api.read(path).problems]
    assert any("this game cannot be read" in m for m in messages)  # endplay refuses the contract 4Q
    assert any("no results to score in results.pbn" in m for m in messages)
    assert not any("holds deals only" in m for m in messages)


def test_the_score_json_gives_every_deal_its_table_and_par(tmp_path: Path) -> None:
    """The page shows the double-dummy table and par of every board: Bridgewebs' hand record carries the tables but
    no par, so the par is worked out from the table for the board's vulnerability (board 1: nobody vulnerable,
    North makes 10 tricks in hearts, South 9: 4H by North, +420)."""
    import json

    travellers = tmp_path / "club.csv"
    travellers.write_text(TRAVELLERS, encoding="utf-8")
    done = CliRunner().invoke(app, ["score", str(travellers), "--deals", str(BUNDLED), "-f", "json"])
    deals = {d["board"]: d for d in json.loads(done.stdout)["deals"]}
    assert all(d["dd"] and d["par"] for d in deals.values())
    assert (deals[1]["dd"]["N"]["H"], deals[1]["dd"]["S"]["H"], deals[1]["par"]["score"]) == (10, 9, 420)


def test_valet_takes_the_hand_record_beside_the_travellers(tmp_path: Path) -> None:
    """``valet travellers --deals hands.pbn``: the lead analysis where a deal is given (issue 10), declarers'
    gains being defenders' losses; the board without a deal is reported."""
    import json

    travellers = tmp_path / "club.csv"
    travellers.write_text(TRAVELLERS, encoding="utf-8")
    done = CliRunner().invoke(app, ["valet", str(travellers), "--deals", str(BUNDLED), "-f", "json"])
    assert done.exit_code == 0, done.output
    block = json.loads(done.stdout)["leads"]
    assert block["pairs"] and sum(p["as_declarer"] + p["in_defence"] for p in block["pairs"]) == 0
    assert "board 25 has results but no deal" in " ".join(done.stderr.split())


def test_valet_refuses_deals_with_the_valet_programs_own_files(tmp_path: Path) -> None:
    """Its scores file keeps only the suit of a lead: nothing to analyse, said in words (exit 2)."""
    (tmp_path / "names.txt").write_text("1 A & B\n2 C & D\n", encoding="utf-8")
    (tmp_path / "scores.txt").write_text("1 1 2 4S N 10 S\n", encoding="utf-8")
    done = CliRunner().invoke(app, ["valet", "-d", str(tmp_path), "--deals", str(BUNDLED)])
    assert done.exit_code == 2 and "keeps only the suit of each lead" in " ".join(done.stderr.split())


def test_a_lead_not_held_is_said_once_when_the_hand_record_is_given_beside(tmp_path: Path) -> None:
    """The join checks the leads, and so does the lead analysis: the director reads it once (line 3: CK, which
    West, on lead against South, does not hold)."""
    import json

    travellers = tmp_path / "club.csv"
    travellers.write_text(TRAVELLERS, encoding="utf-8")
    done = CliRunner().invoke(app, ["score", str(travellers), "--deals", str(BUNDLED), "-f", "json"])
    said = [p for p in json.loads(done.stdout)["problems"] if p["line"] == 3 and p["field"] == "lead"]
    assert len(said) == 1 and "CK" in said[0]["message"]
