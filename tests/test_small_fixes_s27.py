"""Four small things a director met (session 27): each test fails without its fix."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.event import Event
from bridgescore.io import csv, csv_columns

HEADER = "section,board,ns,ew,contract,declarer,result,lead,score,remarks\n"

#: Sections A and B both have a pair 2; section A's pair 2 plays board 1 twice.
TWO_SECTIONS = HEADER + (
    "A,1,1,3,4S,S,=,DK,420,\n"
    "A,1,2,4,3NT,N,=,HQ,400,\n"
    "A,1,2,5,3NT,N,+1,HQ,430,\n"
    "B,1,1,3,4S,S,=,DK,420,\n"
    "B,1,2,4,3NT,N,=,HQ,400,\n"
    "B,1,5,6,2S,N,=,HQ,110,\n"
)


def _columnar(text: str, filename: str) -> Event:
    """The columnar reader (``csv.loads`` takes it for files of 64 KiB and more), which hands only the lines of
    the boards with a doubled pair to the careful check."""
    event = csv_columns.loads(text, filename, "en", pairs_per_direction=None)
    assert event is not None
    return event


READERS = pytest.mark.parametrize("reader", [_columnar, csv.loads_line_by_line], ids=["columns", "line-by-line"])


# -- 1. a pair on two lines of a board names its section where the event has two ---------------------------------


@READERS
def test_a_pair_twice_on_a_board_names_its_section(reader: Callable[[str, str], Event]) -> None:
    event = reader(TWO_SECTIONS, "two.csv")
    texts = [p.text() for p in event.problems]
    said = (
        "section A, board 1: pair 2 plays it on more than one line (lines 3, 4); which one is right cannot be told, "
        "so none of them is scored: delete or correct the wrong line and score again"
    )
    assert texts == [said, said]
    assert event.problems[0].text("nl").startswith("lijn A, spel 1: paar 2 speelt het op meer dan één regel")


@READERS
def test_a_duplicate_line_names_its_section(reader: Callable[[str, str], Event]) -> None:
    text = TWO_SECTIONS.replace("A,1,2,5,3NT,N,+1,HQ,430,\n", "") + "B,1,2,4,3NT,N,=,HQ,400,\n"
    event = reader(text, "two.csv")
    [problem] = event.problems
    assert problem.text() == "section B, board 1: 2 against 4 is on line 5 already (a duplicate line)"
    assert problem.text("nl") == "lijn B, spel 1: 2 tegen 4 staat al op regel 5 (een dubbele regel)"


def test_one_section_keeps_its_words() -> None:
    text = HEADER + "A,1,1,3,4S,S,=,DK,420,\nA,1,2,4,3NT,N,=,HQ,400,\nA,1,2,5,3NT,N,+1,HQ,430,\n"
    event = csv.loads(text, "one.csv")
    assert event.problems[0].text().startswith("board 1: pair 2 plays it on more than one line (lines 3, 4);")


def test_check_names_the_section_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "two.csv"
    path.write_text(TWO_SECTIONS, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path), "--format", "json"])
    assert result.exit_code == 2
    assert "section A, board 1: pair 2 plays it on more than one line" in result.output


def test_a_section_without_a_name_is_not_named() -> None:
    """A file of one named section and lines of none (a PBN with two score tables, golden 040) keeps its words."""
    text = TWO_SECTIONS.replace("B,", ",")
    for reader in (_columnar, csv.loads_line_by_line):
        event = reader(text, "one.csv")
        assert event.problems[0].text().startswith("board 1: pair 2 plays it on more than one line (lines 3, 4);")
