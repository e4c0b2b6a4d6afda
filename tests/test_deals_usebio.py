"""Issue 10: "any reader's deals" – a USEBIO file's HANDSET travels with its event (PairsScorer's sample)."""

from __future__ import annotations

from pathlib import Path

from bridgescore.core.contract import Seat, Vulnerability
from bridgescore.core.problems import FieldKind
from bridgescore.io import usebio
from reference_data import need

HANDSET = """<?xml version="1.0"?>
<USEBIO Version="1.2">
 <EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>2</BOARD_NUMBER>
  <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>110</SCORE>
  </TRAVELLER_LINE></BOARD></EVENT>
 <HANDSET>
  <BOARD>
   <BOARD_NUMBER>2</BOARD_NUMBER>
   <HAND><DIRECTION>North</DIRECTION><SPADES>AKQJT98765432</SPADES><HEARTS>-</HEARTS><DIAMONDS>-</DIAMONDS>
    <CLUBS>-</CLUBS></HAND>
   <HAND><DIRECTION>East</DIRECTION><SPADES>-</SPADES><HEARTS>AKQJT98765432</HEARTS><DIAMONDS>-</DIAMONDS>
    <CLUBS>-</CLUBS></HAND>
   <HAND><DIRECTION>South</DIRECTION><SPADES>-</SPADES><HEARTS>-</HEARTS><DIAMONDS>AKQJT98765432</DIAMONDS>
    <CLUBS>-</CLUBS></HAND>
   <HAND><DIRECTION>West</DIRECTION><SPADES>-</SPADES><HEARTS>-</HEARTS><DIAMONDS>-</DIAMONDS>
    <CLUBS>AKQJT9876543</CLUBS></HAND>
  </BOARD>
 </HANDSET>
</USEBIO>
"""


def test_the_handset_of_a_usebio_file_travels_with_its_event(reference: Path) -> None:
    event = usebio.load(need(reference / "events" / "usebio-ebu-examples" / "original" / "mp-pairs.xml"))
    assert sorted(event.deals) == list(range(1, 29))
    first = event.deals[1]
    assert first.hands == ("KJ.KJ87642.87.62", "AT953.Q.KQ92.KT4", "Q64.5.AJT654.873", "872.AT93.3.AQJ95")
    assert (first.dealer, first.vulnerability) == (Seat.N, Vulnerability.NONE)  # Law 2: USEBIO writes neither
    assert event.deals[2].hands[1] == "Q64..KQ8643.KQT4"  # East's heart void written "-"


def test_a_usebio_hand_that_is_not_13_cards_is_reported_at_its_board() -> None:
    event = usebio.loads(HANDSET, "club.xml")
    assert event.deals == {} and len(event.results) == 1
    (problem,) = [p for p in event.problems if "cards" in str(p)]
    assert problem.location.line == 7 and problem.location.kind is FieldKind.ELEMENT  # the <BOARD> of the HANDSET
    assert "board 2: the hand of W has 12 cards" in str(problem)
    fixed = usebio.loads(HANDSET.replace("AKQJT9876543<", "AKQJT98765432<"), "club.xml")
    assert fixed.deals[2].hands[3] == "...AKQJT98765432" and fixed.problems == ()
