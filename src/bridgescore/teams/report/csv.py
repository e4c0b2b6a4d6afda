"""A scored teams event as one CSV file: the standings, every match and every board, one row each.

One header for the whole file, and a first column ``record`` that says what a row is: ``standing`` (a team's line
in the standings: place … tiebreak), ``match`` (round, home, away, the IMP totals with the carry-over, VPs, board
points) or ``board`` (round, home, away, board, segment, each room's contract, declarer, tricks and NS score, the
IMPs and board points).  A spreadsheet filters on ``record``; the columns a kind of row has no value for are
empty.  On a board row ``imps_home`` and ``imps_away`` are the IMPs each team won on it (one of them empty), so
the board rows of a match add up to its totals without the carry-over, as on the match card.

As the pairs CSV (:mod:`bridgescore.pairs.report.csv`): English headers and ``,`` by default; Dutch (``lang="nl"``)
headers and words, decimal commas and ``;``; numbers unrounded (to 6 decimals); every text cell (team names,
contracts) guarded against being run as a spreadsheet formula (:func:`bridgescore.report.csv.guard`).
"""

from __future__ import annotations

import csv as _csv
from collections.abc import Mapping
from typing import Any, TextIO

from bridgescore.core.i18n import N_, translator
from bridgescore.pairs.report.labels import number
from bridgescore.pairs.report.method_words import is_number
from bridgescore.report.csv import DELIMITERS, guard
from bridgescore.teams.model import ScoredTeams

__all__ = ["HEADER", "write_teams_csv"]

HEADER = (
    N_("record"), N_("place"), N_("team"), N_("names"), N_("matches"), N_("vp"), N_("imps_for"),
    N_("imps_against"), N_("points"), N_("tiebreak"), N_("round"), N_("home"), N_("away"), N_("board"),
    N_("segment"), N_("open_contract"), N_("open_declarer"), N_("open_tricks"), N_("open_ns_score"),
    N_("closed_contract"), N_("closed_declarer"), N_("closed_tricks"), N_("closed_ns_score"), N_("carry_over"),
    N_("imps_home"), N_("imps_away"), N_("vp_home"), N_("vp_away"), N_("points_home"), N_("points_away"),
)  # fmt: skip
#: The values of the ``record`` column.
RECORDS = {"standing": N_("standing"), "match": N_("match"), "board": N_("board")}


def write_teams_csv(scored: ScoredTeams, stream: TextIO, lang: str = "en") -> None:
    """Write the standings, the matches and their boards (made from the ``bridgescore.teams/1`` dict) to
    ``stream``."""
    from bridgescore.teams.report.json import to_dict

    _ = translator(lang).gettext
    doc = to_dict(scored)
    writer = _csv.writer(stream, delimiter=DELIMITERS.get(lang, ","), lineterminator="\n")
    writer.writerow([_(h) for h in HEADER])
    column = {name: i for i, name in enumerate(HEADER)}

    def num(value: object) -> str:
        return number(float(value), lang) if is_number(value) else ""

    def row(record: str, **cells: str) -> list[str]:
        out = [""] * len(HEADER)
        out[0] = _(RECORDS[record])
        for name, text in cells.items():
            out[column[name]] = text
        return out

    for s in doc["standings"]:
        writer.writerow(row(
            "standing", place=str(s["place_label"]), team=guard(str(s["team"])), names=guard(str(s["names"])),
            matches=num(s["matches"]), vp=num(s["vp"]), imps_for=num(s["imps_for"]),
            imps_against=num(s["imps_against"]), points=num(s["points"]), tiebreak=guard(s["tiebreak"] or ""),
        ))  # fmt: skip
    for m in doc["matches"]:
        teams = {"round": num(m["round"]), "home": guard(str(m["home"])), "away": guard(str(m["away"]))}
        writer.writerow(row(
            "match", **teams, carry_over=num(m["carry_over"]), imps_home=num(m["imps_home"]),
            imps_away=num(m["imps_away"]), vp_home=num(m["vp_home"]), vp_away=num(m["vp_away"]),
            points_home=num(m["points_home"]), points_away=num(m["points_away"]),
        ))  # fmt: skip
        for b in m["board_results"]:
            imps = b["imps_home"]
            rooms: dict[str, str] = {}
            for name in ("open", "closed"):
                rooms.update(_room(name, b["rooms"][name], num))
            writer.writerow(row(
                "board", **teams, board=num(b["board"]), segment=num(b["segment"]), **rooms,
                imps_home=num(imps) if is_number(imps) and imps > 0 else ("0" if imps == 0 else ""),
                imps_away=num(-imps) if is_number(imps) and imps < 0 else ("0" if imps == 0 else ""),
                points_home=num(b["points_home"]), points_away=num(b["points_away"]),
            ))  # fmt: skip


def _room(name: str, room: Mapping[str, Any] | None, num: Any) -> dict[str, str]:
    if room is None:
        return {}
    return {
        f"{name}_contract": guard(room["contract"] or ""),
        f"{name}_declarer": room["declarer"] or "",
        f"{name}_tricks": num(room["tricks"]),
        f"{name}_ns_score": num(room["ns_score"]),
    }
