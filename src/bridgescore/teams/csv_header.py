"""A teams CSV's own columns (round, room, segment, carry-over) and the words a room is written as: what both the
careful line reader (:mod:`bridgescore.teams.read_csv`) and the columnar reader
(:mod:`bridgescore.teams.read_columns`) read a header and a room with, below both (issue 20: no import cycle)."""

from __future__ import annotations

from bridgescore.io import csv as traveller_csv
from bridgescore.teams.model import Room

#: The teams columns beside the pairs CSV's (compared as :func:`bridgescore.io.csv.header_key` compares them).
_TEAMS_COLUMNS = {
    "round": ("round", "rnd", "ronde"),
    "room": ("room", "zaal", "kamer"),
    "segment": ("segment", "stanza", "segm"),
    "carry_over": ("carryover", "carry", "overdracht"),
}


#: What a room is written as: English, numbers, Dutch ("open zaal", "gesloten zaal").
ROOM_WORDS: dict[str, Room] = {
    "open": "open",
    "o": "open",
    "1": "open",
    "openroom": "open",
    "closed": "closed",
    "c": "closed",
    "2": "closed",
    "closedroom": "closed",
    "gesloten": "closed",
    "g": "closed",
    "dicht": "closed",
    "openzaal": "open",
    "geslotenzaal": "closed",
}


def teams_columns(columns: traveller_csv.Columns) -> dict[str, int]:
    """Where the header puts the teams columns (``round``, ``room``, ``segment``, ``carry_over``) among the columns
    the pairs reader does not read."""
    found: dict[str, int] = {}
    for name, index in columns.extra.items():
        key = traveller_csv.header_key(name)
        for field, synonyms in _TEAMS_COLUMNS.items():
            if key in synonyms:
                found.setdefault(field, index)
    return found
