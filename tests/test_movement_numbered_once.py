"""A Mitchell numbered once (bridgescore.movement.model.numbered_once, issue 22): East-West pair k becomes pair
n + k, as the NBB's and the EBU's programs number it; the schedule is otherwise the same and as good."""

from __future__ import annotations

import pytest

from bridgescore.movement.generate import by_name
from bridgescore.movement.model import PairRef, numbered_once
from bridgescore.movement.validate import validate


@pytest.mark.parametrize("name", ["mitchell-3", "mitchell-4-skip", "mitchell-6-relay", "mitchell-7-arrow",
                                  "mitchell-5-phantom", "mitchell-8-skip-r5", "howell-4"])  # fmt: skip
def test_a_mitchell_numbered_once_is_the_same_schedule(name: str) -> None:
    movement = by_name(name, 2)
    once = numbered_once(movement)
    assert validate(once).ok == validate(movement).ok
    for before, after in zip(movement.sections, once.sections, strict=True):
        assert not after.per_direction
        n = max((p.number for p in before.pairs() if p.direction == "NS"), default=0)
        for r_before, r_after in zip(before.rounds, after.rounds, strict=True):
            for s_before, s_after in zip(r_before.stands, r_after.stands, strict=True):
                assert (s_after.table, s_after.boards, s_after.arrow_switch) == (
                    s_before.table, s_before.boards, s_before.arrow_switch)  # fmt: skip
                if s_before.ns is None:
                    assert s_after.ns is None
                    continue
                assert s_before.ew is not None
                expected_ew = PairRef(s_before.ew.number + n) if before.per_direction else s_before.ew
                assert (s_after.ns, s_after.ew) == (PairRef(s_before.ns.number) if before.per_direction
                                                    else s_before.ns, expected_ew)  # fmt: skip
    assert numbered_once(once) == once
