"""The movement model (issue 21): a schedule is immutable and refused where it cannot be one, and it answers what
a director asks of it – where a pair goes, who sits out, where a board is played, which boards two tables share."""

from __future__ import annotations

import pytest

from bridgescore.movement import Movement, MovementError, PairRef, Round, Section, Stand, boards_in_sets


def _mitchell_3() -> Movement:
    """A 3-table Mitchell of 3 rounds, 2 boards a round (EBU *Movements*: NS stay, EW move up a table, boards
    down): the schedule by hand, to test the model, not a generator."""
    sets = boards_in_sets(2, 3)
    rounds = []
    for r in range(3):
        stands = []
        for t in range(3):
            ew = (t - r) % 3 + 1
            board_set = (t + r) % 3
            stands.append(Stand(t + 1, PairRef(t + 1, "NS"), PairRef(ew, "EW"), sets[board_set], board_set + 1))
        rounds.append(Round(r + 1, tuple(stands)))
    return Movement("mitchell-3", "mitchell", "by hand", 2, (Section("A", tuple(rounds), per_direction=True),))


def test_a_mitchell_answers_where_each_pair_goes() -> None:
    movement = _mitchell_3()
    section = movement.section("A")
    assert (movement.tables, movement.rounds, movement.boards) == (3, 3, 6)
    visits = section.visits(PairRef(1, "EW"))
    assert [(v.round, v.table, v.direction, str(v.opponents)) for v in visits] == [
        (1, 1, "EW", "NS 1"), (2, 2, "EW", "NS 2"), (3, 3, "EW", "NS 3"),
    ]  # fmt: skip
    assert len(list(section.stands_of_board(1))) == 3  # each board once per round, at a new table
    assert section.sit_outs(1) == ()
    assert len(section.pairs()) == 6


def test_a_relay_and_a_bye_stand_share_boards() -> None:
    boards, rest = frozenset({1, 2}), frozenset({3, 4})
    stands = (
        Stand(1, PairRef(1), PairRef(2), boards),
        Stand(2, PairRef(3), PairRef(4), boards),
        Stand(3, None, None, rest),
    )
    relay = Round(1, stands)
    assert dict(relay.shared()) == {frozenset({1, 2}): (1, 2)}
    assert relay.stand(3) is not None and relay.stand(3).is_bye  # type: ignore[union-attr]
    section = Section("", (relay,), phantom=PairRef(5))
    assert section.sit_outs(1) == (PairRef(5),)


def test_an_arrow_switch_gives_the_other_directions_cards() -> None:
    r = Round(1, (Stand(1, PairRef(1, "NS"), PairRef(1, "EW"), frozenset({1}), arrow_switch=True),))
    visit = Section("A", (r,), per_direction=True).visits(PairRef(1, "NS"))[0]
    assert (visit.direction, visit.plays) == ("NS", "EW")


def _stand(table: int, ns: int, ew: int) -> Stand:
    return Stand(table, PairRef(ns), PairRef(ew), frozenset({table}))


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda: Round(1, (_stand(1, 1, 2), _stand(1, 3, 4))), "table 1 is given twice"),
        (lambda: Round(1, (_stand(1, 1, 2), _stand(2, 1, 4))), "pair 1 is at two tables"),
        (lambda: Stand(1, PairRef(1), None, frozenset({1})), "two pairs or none"),
        (lambda: Stand(1, PairRef(1), PairRef(2), frozenset({0})), "boards are numbered from 1"),
        (lambda: PairRef(0), "numbered from 1"),
        (lambda: Section("A", (Round(2, ()),)), "numbered 1, 2, 3"),
        (lambda: Section("A", (Round(1, (Stand(1, PairRef(1), PairRef(2), frozenset({1})),)),), per_direction=True),
         "needs its direction"),
        (lambda: Movement("x", "custom", "", 2, ()), "no section"),
    ],
)  # fmt: skip
def test_a_schedule_that_cannot_be_one_is_refused_in_words(build: object, words: str) -> None:
    with pytest.raises(MovementError, match=words):
        build()  # type: ignore[operator]
