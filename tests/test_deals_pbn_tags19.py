"""Issue 19: ``deals -f pbn`` dropped every tag it does not read (Annotator, DealId, Scorer, the players,
BidSystem …) although the hand record keeps them to write them back: they are written, the PBN 2.1 mandatory
tags in the standard's order, the others as they were read."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.io import deals

_GAME = """% PBN 2.1
[Event "Club night"]
[Site "Utrecht"]
[Date "2026.11.20"]
[Round "3"]
[Board "1"]
[West "Wim"]
[North "Nel"]
[East "Eva"]
[South "Sam"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:A98.J92.A75.Q852 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64"]
[Scoring "MP"]
[Annotator "Jan \\"de\\" Vries"]
[DealId "abc-1"]
[Scorer "Piet"]
[BidSystemEW "Acol"]
[Declarer "S"]
[Contract "4H"]
[Result "10"]
"""

_ORDER = ["Event", "Site", "Date", "Round", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
          "Scoring", "Annotator", "DealId", "Scorer", "BidSystemEW"]  # fmt: skip


def test_deals_as_pbn_keep_the_tags_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "hands.pbn"
    path.write_text(_GAME, encoding="utf-8")
    result = CliRunner().invoke(app, ["deals", str(path), "-f", "pbn"])
    assert result.exit_code == 0, result.output
    tags = re.findall(r'^\[(\w+) "(.*)"\]$', result.stdout, re.M)
    assert [name for name, _ in tags] == _ORDER  # the game's result (Declarer, Contract, Result) is no hand record's
    assert dict(tags)["Annotator"] == 'Jan \\"de\\" Vries' and dict(tags)["West"] == "Wim"
    again = tmp_path / "again.pbn"
    again.write_text(result.stdout, encoding="utf-8")
    first, second = deals.load(path), deals.load(again)
    assert second.problems == () and dict(second.deals[1].extra) == dict(first.deals[1].extra)
