"""An individual event as a USEBIO 1.2 file (``individual -f usebio``), as the EBU's individual sample has it: the
XML machinery is the pairs writer's (:mod:`bridgescore.pairs.report.usebio`); issue 20 moved the individual part
here, to the package that owns individuals."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, BinaryIO
from xml.etree.ElementTree import Element, SubElement

from bridgescore.core.players import Player
from bridgescore.pairs.methods.base import Unit
from bridgescore.pairs.report.usebio import (
    add_path,
    add_text,
    element_writer,
    lookup_pair,
    write_document,
)
from bridgescore.pairs.scored import ScoredEvent
from bridgescore.pairs.standings import format_percent, format_points

if TYPE_CHECKING:
    from bridgescore.individual.engine import PlayerStanding, ScoredIndividual


def individual_to_bytes(scored: ScoredIndividual, *, date: str | None = None, club: str | None = None) -> bytes:
    """The USEBIO 1.2 file of an individual event (``individual -f usebio``), as the EBU's individual sample
    has it: ``EVENT_TYPE="INDIVIDUAL"``, a ``PLAYER`` per player in ``PARTICIPANTS`` (``PLAYER_NUMBER``, the
    masterpoints read, ``PLACE``, ``PERCENTAGE`` or ``TOTAL_SCORE``, ``PLAYER_NAME``, ``CLUB_ID_NUMBER``,
    ``NATIONAL_ID_NUMBER``) and the four players of each line as ``N_/S_/E_/W_PLAYER_NUMBER``; the rest as for
    pairs (:func:`to_bytes`)."""
    out = io.BytesIO()
    write_individual_usebio(scored, out, date=date, club=club)
    return out.getvalue()


def write_individual_usebio(
    scored: ScoredIndividual, stream: BinaryIO, *, date: str | None = None, club: str | None = None
) -> None:
    """:func:`individual_to_bytes` written to ``stream`` as it is made."""
    writers: dict[str, list[Callable[[Element], None]]] = {}
    for standing in scored.standings:
        for entry in sorted(standing.entries, key=lambda e: (0, int(e.player), "") if e.player.isdecimal() else
                            (1, 0, e.player)):  # fmt: skip
            writers.setdefault(standing.section, []).append(element_writer(_individual_player, scored.scored, entry))
    counts = {"PAIRS": "", "WINNER_TYPE": "1", "EW_PAIRS": ""}
    write_document(stream, scored.scored, "INDIVIDUAL", counts, writers, scored.seatings, date, club)


def _individual_player(parent: Element, scored: ScoredEvent, entry: PlayerStanding) -> None:
    el = SubElement(parent, "PLAYER")
    add_text(el, "PLAYER_NUMBER", entry.player)
    kept = lookup_pair(scored.event.pair_info, entry.section, entry.player, "")
    kept_fields = {str(k): str(v) for k, v in kept.items()} if isinstance(kept, Mapping) else {}
    for key, value in kept_fields.items():
        if key.startswith("MASTER_POINTS"):
            add_path(el, key, value)
    add_text(el, "PLACE", entry.place_label)
    if scored.unit is Unit.MATCHPOINTS:
        add_text(el, "PERCENTAGE", format_percent(entry.percent))
    else:
        add_text(el, "TOTAL_SCORE", format_points(entry.total))
    seated = lookup_pair(scored.event.players, entry.section, entry.player, "")
    player = seated[0] if isinstance(seated, tuple) and seated and isinstance(seated[0], Player) else None
    add_text(el, "PLAYER_NAME", player.name if player is not None else entry.name)
    if player is not None:
        add_text(el, "CLUB_ID_NUMBER", player.club_number)
        add_text(el, "NATIONAL_ID_NUMBER", player.number)
    skip = {"PLAYER_NUMBER", "PLACE", "PERCENTAGE", "TOTAL_SCORE", "PLAYER_NAME", "CLUB_ID_NUMBER",
            "NATIONAL_ID_NUMBER", "BOARDS_PLAYED"}  # fmt: skip
    for key, value in kept_fields.items():
        if not key.startswith("MASTER_POINTS") and key.partition("/")[0] not in skip:
            add_path(el, key, value)
