"""A result typed at the table (issue 22, bridgescore.live.entry): read as a table's phone sends it, checked by
Law 77 and against the hand record, and a score far from the field flagged for confirmation."""

from __future__ import annotations

import pytest

from bridgescore.core.contract import Seat
from bridgescore.io.deals import loads_pbn
from bridgescore.live.entry import check_entry, far_from_the_field

_DEAL = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
"""


@pytest.mark.parametrize(
    ("typed", "fields"),
    [
        ({"contract": "4s", "declarer": "n", "result": "+1", "lead": "hq"}, ("4S", "N", "+1", "HQ", "450")),
        ({"contract": "4S", "declarer": "N", "result": "7"}, ("4S", "N", "-3", "", "-150")),  # tricks taken
        ({"contract": "3NTX", "declarer": "E", "result": "−2", "lead": "10h"}, ("3NTX", "E", "-2", "HT", "300")),
        ({"contract": "pass"}, ("PASS", "", "", "", "0")),
    ],
)
def test_what_a_phone_sends_is_written_as_the_traveller_csv_has_it(
    typed: dict[str, str], fields: tuple[str, ...]
) -> None:
    checked = check_entry(1, typed)
    assert checked.problems == ()
    assert tuple(checked.fields[f] for f in ("contract", "declarer", "result", "lead", "score")) == fields


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ({"contract": "9S", "declarer": "N", "result": "="}, "is not a contract"),
        ({"contract": "", "declarer": "N", "result": "="}, "write the contract"),
        ({"contract": "4S", "declarer": "X", "result": "="}, "choose the declarer"),
        ({"contract": "4S", "declarer": "N", "result": "+4"}, "is not a result"),
        ({"contract": "4S", "declarer": "N", "result": "14"}, "is not a result"),
        ({"contract": "4S", "declarer": "N", "result": "=", "lead": "ZZ"}, "is not a card"),
    ],
)
def test_a_mistyped_result_is_refused_in_words(typed: dict[str, str], words: str) -> None:
    checked = check_entry(1, typed)
    assert checked.fields == {} and words in checked.problems[0][0]


def test_a_required_lead_must_be_given_and_an_off_lead_is_not_stored() -> None:
    typed = {"contract": "4S", "declarer": "N", "result": "="}
    assert "write the opening lead" in check_entry(1, typed, lead_rule="required").problems[0][0]
    assert check_entry(1, {**typed, "lead": "HQ"}, lead_rule="off").fields["lead"] == ""


def test_a_lead_the_leader_does_not_hold_is_refused_when_the_hand_record_is_loaded() -> None:
    deal = loads_pbn(_DEAL).deals[1]
    assert deal.hand(Seat.E).startswith(".AKQ")
    typed = {"contract": "4S", "declarer": "N", "result": "="}  # East leads against North
    assert check_entry(1, {**typed, "lead": "HA"}, deal=deal).problems == ()
    problem = check_entry(1, {**typed, "lead": "SA"}, deal=deal).problems[0]
    assert "does not hold" in problem[0] and problem[1]["lead"] == "SA"


def test_a_score_far_from_the_others_is_flagged_and_a_close_one_is_not() -> None:
    assert far_from_the_field(-420, [420, 450, 420])  # a missed minus sign
    assert far_from_the_field(1430, [170, 140, 200])  # a slam entered for a part score
    assert not far_from_the_field(-100, [420, 450, -50])  # a result someone else had too
    assert not far_from_the_field(-420, [420])  # one other result says nothing yet
    assert not far_from_the_field(650, [420, 450, 420])  # a swing, not a mistake
