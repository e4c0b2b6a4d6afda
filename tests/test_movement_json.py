"""A movement as JSON (``bridgescore.movement/1``, issue 21): written and read back equal, and a bad file read
without a traceback, its problem placed in the document."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.movement import Movement, PairRef, Round, Section, Stand
from bridgescore.movement.json import dumps, load, loads, to_dict


def _movement() -> Movement:
    boards = frozenset({1, 2})
    r1 = Round(1, (Stand(1, PairRef(1, "NS"), PairRef(2, "EW"), boards, 1, arrow_switch=True),
                   Stand(2, None, None, frozenset({3, 4}), 2)))  # fmt: skip
    section = Section("A", (r1,), per_direction=True, phantom=PairRef(3, "EW"))
    return Movement("test", "mitchell", "by hand", 2, (section,), {"kept": "a file's note"})


def test_written_and_read_back_equal(tmp_path: Path) -> None:
    movement = _movement()
    text = dumps(movement)
    assert json.loads(text)["schema"] == "bridgescore.movement/1"
    back, problems = loads(text)
    assert problems == [] and back == movement
    path = tmp_path / "m.json"
    path.write_text(text, encoding="utf-8")
    assert load(path) == (movement, [])


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(schema="other/1"), "not a movement file"),
        (lambda d: d.update(family="swiss"), "a family is one of"),
        (lambda d: d["sections"][0]["rounds"][0]["stands"][0].update(table="one"), "wrong type"),
        (lambda d: d["sections"][0]["rounds"][0]["stands"][0]["ns"].update(direction="N"), "NS, EW or null"),
        (lambda d: d["sections"][0]["rounds"][0]["stands"][1].update(table=1), "table 1 is given twice"),
        (lambda d: d["sections"][0].pop("rounds"), "missing"),
    ],
)  # fmt: skip
def test_a_bad_document_is_a_problem_with_its_place(change: object, words: str) -> None:
    document = to_dict(_movement())
    change(document)  # type: ignore[operator]
    movement, problems = loads(json.dumps(document), "club.json")
    assert movement is None and len(problems) == 1
    assert problems[0].location.file == "club.json" and words in str(problems[0])


def test_not_json_is_a_problem_with_its_line() -> None:
    movement, problems = loads('{"schema":\n', "club.json")
    assert movement is None and problems[0].location.line == 2
