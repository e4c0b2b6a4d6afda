"""A PBN result tag written in another case (``[SCORETABLE]``, ``[CONTRACT]``) is not read – PBN tag names are
case-sensitive – and its results were lost without a word (found by ``test_pbn_mutations_lose_no_result``)."""

from __future__ import annotations

from bridgescore.io.pbn import loads

_GAME = '[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'


def test_a_score_table_in_capitals_is_reported_with_its_rows() -> None:
    text = _GAME + '[SCORETABLE "PairId_NS\\\\2R;PairId_EW\\\\2R;Contract\\\\4L;Declarer\\\\1R;Result\\\\2R"]\n'
    text += "1 2 4S N 10\n3 4 4S N 9\n"
    event = loads(text, "t.pbn")
    (problem,) = [p for p in event.problems if p.location.field == "SCORETABLE"]
    assert problem.location.line == 5 and problem.fields["count"] == 2
    assert "write [ScoreTable]" in str(problem)


def test_a_contract_in_capitals_is_reported() -> None:
    text = _GAME + '[PairId_NS "1"]\n[PairId_EW "2"]\n[Declarer "N"]\n[CONTRACT "4S"]\n[Result "10"]\n'
    event = loads(text, "t.pbn")
    assert any(p.location.field == "CONTRACT" and "write [Contract]" in str(p) for p in event.problems)
