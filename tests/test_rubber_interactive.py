"""``bridgescore rubber --interactive`` driven through a pseudo-terminal, as at the table: a whole rubber with
a refused entry and an undo, and a Chicago in Dutch."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect", reason="pexpect (a dev dependency) drives the pseudo-terminal")

SRC = str(Path(__file__).resolve().parents[1] / "src")


def spawn(*args: str) -> pexpect.spawn:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bridgescore", "rubber", "--interactive", *args],
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 200),
        # this tree's source, not whichever bridgescore the interpreter has installed
        env={"COLUMNS": "200", "TERM": "dumb", "PYTHONIOENCODING": "utf-8", "PYTHONPATH": SRC},
    )
    return child


def test_a_whole_rubber_at_the_table_with_an_undo() -> None:
    child = spawn()
    child.expect_exact("deal 1> ")
    child.sendline("2H S 9")  # NS 60 below, 30 above
    child.expect_exact("2H S +1: NS 60 trick points, NS 30 overtricks")
    child.expect_exact("next deal 2 · dealer E · vulnerable: nobody · games: NS 0, EW 0 · ")
    child.expect_exact("part scores: NS 60, EW 0")
    child.expect_exact("deal 2> ")
    child.sendline("4S W 14")  # impossible: refused, nothing written
    child.expect_exact("error: 14 tricks is impossible")
    child.expect_exact("deal 2> ")
    child.sendline("4S W 11")  # a mistake at the table: 11 tricks written instead of 10
    child.expect_exact("EW 120 trick points, EW 30 overtricks")
    child.expect_exact("vulnerable: EW")
    child.expect_exact("deal 3> ")
    child.sendline("undo")
    child.expect_exact("undone: deal 2 (4S W +1)")
    child.expect_exact("next deal 2 · dealer E · vulnerable: nobody")
    child.expect_exact("deal 2> ")
    child.sendline("4S W 10")  # EW game; NS's 60 no longer counts toward game
    child.expect_exact("games: NS 0, EW 1 · part scores: NS 0, EW 0")
    child.expect_exact("deal 3> ")
    child.sendline("3NTX N 8 hon NS 150")  # NS -1 doubled NV: 100 to EW; NS hold four aces: 150
    child.expect_exact("EW 100 undertricks, NS 150 honours")
    child.expect_exact("deal 4> ")
    child.sendline("PASS")
    child.expect_exact("passed out")
    child.expect_exact("next deal 5 · dealer N")
    child.expect_exact("deal 5> ")
    child.sendline("6H E 12")  # EW vulnerable small slam: 180 below, 750, rubber 2-0: 700
    child.expect_exact("EW 180 trick points, EW 750 small slam, EW 700 rubber bonus")
    child.expect_exact("Game 2 won by EW")
    # NS 60 + 30 + 150 = 240; EW 120 + 100 + 180 + 750 + 700 = 1850
    child.expect(r"240 │\s+1850\s+Total")
    child.expect_exact("EW wins by 1610 points.")
    child.expect_exact("Rubber 1 is over: undo takes back its last deal, new starts the next one")
    child.expect_exact("undo, new or end> ")
    child.sendline("end")
    child.expect(r"240 │\s+1850\s+Total")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_an_evening_undo_after_the_last_deal_and_a_new_rubber() -> None:
    child = spawn()
    child.expect_exact("deal 1> ")
    child.sendline("4S N 10")
    child.expect_exact("deal 2> ")
    child.sendline("4S N 11")  # NS win the rubber: 700 - but the card said 10 tricks
    child.expect_exact("NS wins by 970 points.")
    child.expect_exact("undo, new or end> ")
    child.sendline("undo")
    child.expect_exact("undone: deal 2 (4S N +1)")
    child.expect_exact("deal 2> ")
    child.sendline("4S N 10")
    child.expect_exact("NS wins by 940 points.")
    child.expect_exact("undo, new or end> ")
    child.sendline("new")
    child.expect_exact("Rubber 2")
    child.expect_exact("deal 1> ")
    child.sendline("3NT E 9")  # EW one game, unfinished: 100 + 300
    child.expect_exact("deal 2> ")
    child.sendline("end")
    child.expect_exact("Session (2): Total NS 940, EW 400")
    child.expect_exact("Settlement: EW pays NS 540 (exact, 540)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_closes_the_evening_instead_of_losing_the_sheet() -> None:
    child = spawn()
    child.expect_exact("deal 1> ")
    child.sendline("4S N 10")
    child.expect_exact("deal 2> ")
    child.sendintr()  # once ended the program with status 130 and no pad: the evening's scores were lost
    child.expect(r"420 │\s+0\s+Total")  # 120 + 300 for the only game of an unfinished rubber (Law 80)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_chicago_in_dutch_ended_early_shows_the_pad() -> None:
    child = spawn("--chicago", "--lang", "nl", "--we", "NS")
    child.expect_exact("spel 1> ")
    child.sendline("3SA N C")  # deal 1, nobody vulnerable: 100 below, game 300
    child.expect_exact("NZ 100 slagpunten, NZ 300 manchepremie")
    child.expect_exact("volgend spel 2 / 4 · gever O · kwetsbaar: OW")
    child.sendline("pas")  # passed out: redealt by the same dealer, still deal 2
    child.expect_exact("volgend spel 2 / 4 · gever O · kwetsbaar: OW")
    child.sendline("toon")
    child.expect_exact("Wij")
    child.expect_exact("boven de streep")
    child.sendline("stop")
    child.expect(r"400 │\s+0\s+Totaal")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
