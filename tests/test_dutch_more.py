"""``--lang nl`` beyond the score reports (issue 5): the check command, the director's findings, the Valet
outputs and the rubber pad's annotations speak Dutch from the catalogue, with decimal commas, while English
stays as it was."""

from __future__ import annotations

from bridgescore.rubber import Deal


def test_passed_out_deal_is_described_from_the_catalogue() -> None:
    assert Deal.passed_out().describe("nl") == "gepast"
    assert Deal.passed_out().describe("en") == "passed out"
