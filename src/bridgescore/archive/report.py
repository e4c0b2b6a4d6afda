"""What the archive commands print (issue 13): the sessions ``archive add`` stored, ``archive list``'s table,
``archive history``'s versions with what each correction changed, and ``player``'s sessions – as text on a rich
console (``--lang nl``: Dutch words and decimal commas) or as JSON documents (``bridgescore.archive-add/1``,
``bridgescore.archive-list/1``, ``bridgescore.archive-history/1``, ``bridgescore.player/1``)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.table import Table

from bridgescore.core.i18n import N_, format_number, translator

if TYPE_CHECKING:
    from rich.console import Console

    from bridgescore.archive import Added, PlayerAverage, PlayerSession, SessionInfo
    from bridgescore.core.i18n import Language
    from bridgescore.core.players import Player
    from bridgescore.core.problems import Problem

__all__ = [
    "added_json", "history_json", "list_json", "player_json", "render_added", "render_history", "render_list",
    "render_player",
]  # fmt: skip


def _document(document: Mapping[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _pair(section: str, pair: str, direction: str, lang: Language) -> str:
    """A pair as the session numbers it: ``7``, ``A:7``, with ``NS``/``EW`` (Dutch ``NZ``/``OW``) where a Mitchell
    numbers per line."""
    shown = f" {translator(lang).gettext(direction)}" if direction in ("NS", "EW") else ""
    return (f"{section}:" if section else "") + pair + shown


def _result(percent: float | None, imps: float | None, lang: Language) -> str:
    """A pair's result in a session: ``55.21 %`` (matchpoints) or ``+12.00 IMPs``, in the numbers of ``lang``."""
    if percent is not None:
        return format_number(percent, lang, 2) + " %"
    return "" if imps is None else f"{format_number(imps, lang, 2, signed=True)} {translator(lang).gettext('IMPs')}"


def _changed(changes: Mapping[str, Any], lang: Language) -> str:
    """A correction's changes counted: ``2 lines changed, 1 added, 0 removed; 3 pairs changed``."""
    _ = translator(lang).gettext
    return _("%(changed)d line(s) changed, %(added)d added, %(removed)d removed; %(pairs)d pair(s) changed") % {
        "changed": len(changes.get("lines_changed", ())),
        "added": len(changes.get("lines_added", ())),
        "removed": len(changes.get("lines_removed", ())),
        "pairs": len(changes.get("pairs_changed", ())),
    }


def added_json(done: Sequence[tuple[Path, Added]], refused: Sequence[Problem], lang: Language) -> str:
    """``archive add -f json``: what was stored (key, version, what a correction changed) and what was refused."""
    return _document(
        {
            "format": "bridgescore.archive-add/1",
            "stored": [
                {"file": str(path), "key": a.key, "version": a.version, "date": a.date, "pairs": a.pairs,
                 "lines": a.lines, "changes": dict(a.changes)}
                for path, a in done
            ],
            "refused": [{"file": p.location.file, "message": p.text(lang)} for p in refused],
        }
    )  # fmt: skip


def render_added(done: Sequence[tuple[Path, Added]], console: Console, lang: Language) -> None:
    """``archive add``: a line per session stored (a new one, or a correction's version and what it changed)."""
    _ = translator(lang).gettext
    for path, a in done:
        words = (
            _("%(file)s: stored as %(key)s (%(date)s, %(pairs)d pairs, %(lines)d lines)")
            if a.version == 1
            else _("%(file)s: stored as %(key)s, version %(version)d (%(changes)s)")
        )
        console.print(
            escape(words % {"file": path, "key": a.key, "date": a.date or "-", "pairs": a.pairs, "lines": a.lines,
                            "version": a.version, "changes": _changed(a.changes, lang)}),
            soft_wrap=True,
        )  # fmt: skip


def list_json(sessions: Sequence[SessionInfo]) -> str:
    """``archive list -f json``."""
    return _document({"format": "bridgescore.archive-list/1", "sessions": [dataclasses.asdict(s) for s in sessions]})


def render_list(sessions: Sequence[SessionInfo], shown: str, console: Console, lang: Language) -> None:
    """``archive list``: the stored sessions of the archive ``shown`` as a table, in date order."""
    _ = translator(lang).gettext
    if not sessions:
        console.print(_("The archive %(db)s holds no sessions.") % {"db": shown}, soft_wrap=True)
        return
    table = Table(box=None)
    headings = (N_("key"), N_("date"), N_("competition"), N_("method"), N_("pairs"), N_("boards"), N_("version"))
    for heading in headings:
        table.add_column(
            _(heading), justify="right" if heading in ("pairs", "boards", "version") else "left", overflow="fold"
        )
    for s in sessions:
        table.add_row(*(escape(v) for v in (s.key, s.date, s.competition, s.method)), str(s.pairs), str(s.boards),
                      str(s.version))  # fmt: skip
    console.print(table)


def history_json(key: str, versions: Sequence[Mapping[str, Any]]) -> str:
    """``archive history -f json``."""
    return _document({"format": "bridgescore.archive-history/1", "key": key, "versions": list(versions)})


def _where(line: Mapping[str, Any], lang: Language) -> str:
    section = f"{line['section']} " if line["section"] else ""
    return translator(lang).gettext("%(section)sboard %(board)s, NS %(ns)s – EW %(ew)s") % {**line, "section": section}


def _pair_result(result: Mapping[str, Any] | None, lang: Language) -> str:
    if result is None:
        return "-"
    place = f" #{result['place']}" if result["place"] is not None else ""
    return _result(result["percent"], result["imps"], lang) + place


def _line(text: str, lang: Language) -> str:
    """A stored line's words (``4S S 11 +450``: contract, declarer, tricks, score, remarks; made by the archive in
    English) with its contract and declarer in ``lang``'s notation, as the score report prints them (Dutch
    ``2SX Z 4 -800``); the rest, the remarks included, as stored."""
    from bridgescore.core.contract import words_in_notation

    head = text.split(" ", 2)
    return " ".join([words_in_notation(" ".join(head[:2]), lang), *head[2:]])


def render_history(versions: Sequence[Mapping[str, Any]], console: Console, lang: Language) -> None:
    """``archive history``: each version of a session (when, from which file) and what its correction changed:
    lines changed, added and removed (old → new), pairs whose result or place changed, the options."""
    _ = translator(lang).gettext
    for version in versions:
        changes = version["changes"]
        console.print(
            escape(
                _("version %(version)d, %(at)s, from %(file)s")
                % {"version": version["version"], "at": version["at"], "file": version["file"]}
            ),
            soft_wrap=True,
        )
        if changes.get("added"):
            console.print("  " + escape(_("added")))
            continue
        console.print("  " + escape(_changed(changes, lang)), soft_wrap=True)
        for line in changes.get("lines_changed", ()):
            old, new = _line(line["old"], lang), _line(line["new"], lang)
            console.print(f"  {escape(_where(line, lang))}: {escape(old)} → {escape(new)}")
        for line in changes.get("lines_added", ()):
            console.print(f"  {escape(_where(line, lang))}: + {escape(_line(line['new'], lang))}")
        for line in changes.get("lines_removed", ()):
            console.print(f"  {escape(_where(line, lang))}: − {escape(_line(line['old'], lang))}")
        for pair in changes.get("pairs_changed", ()):
            label = _pair(pair["section"], str(pair["pair"]), pair["direction"], lang)
            old, new = _pair_result(pair["old"], lang), _pair_result(pair["new"], lang)
            console.print(f"  {escape(_('pair'))} {escape(label)}: {escape(old)} → {escape(new)}")
        if "options" in changes:
            console.print(
                f"  {escape(_('options'))}: {escape(json.dumps(changes['options']['old']))} → "
                f"{escape(json.dumps(changes['options']['new']))}",
                soft_wrap=True,
            )


def player_json(who: Player, sessions: Sequence[PlayerSession], average: PlayerAverage) -> str:
    """``player -f json``: the player, every session, the average and the IMPs per board."""
    return _document(
        {
            "format": "bridgescore.player/1",
            "number": who.number,
            "name": who.name,
            "sessions": [dataclasses.asdict(s) for s in sessions],
            "average_percent": average.percent,
            "imps_per_board": average.imps_per_board,
        }
    )


def render_player(
    who: Player, sessions: Sequence[PlayerSession], average: PlayerAverage, console: Console, lang: Language
) -> None:
    """``player``: the player, a table of their sessions (date, competition, session, pair, partner, boards, result,
    place) and the averages under it."""
    _ = translator(lang).gettext
    heading = f"{who.name} ({who.number})" if who.number and who.name else who.name or who.number
    console.print(escape(heading), soft_wrap=True)
    table = Table(box=None)
    columns = (N_("date"), N_("competition"), N_("session"), N_("pair"), N_("partner"), N_("boards"), N_("result"),
               N_("place"))  # fmt: skip
    for column in columns:
        table.add_column(
            _(column), justify="right" if column in ("boards", "result", "place") else "left", overflow="fold"
        )
    for s in sessions:
        pair = _pair(s.section, s.pair, s.direction, lang)
        table.add_row(
            *(escape(v) for v in (s.date, s.competition, s.title or s.key, pair, " & ".join(s.partners))),
            str(s.boards), _result(s.percent, s.imps, lang), "" if s.place is None else str(s.place),
        )  # fmt: skip
    console.print(table)
    if average.percent is not None:
        console.print(
            _("Average: %(percent)s %% over %(boards)d boards")
            % {"percent": format_number(average.percent, lang, 2), "boards": average.percent_boards}
        )
    if average.imps_per_board is not None:
        console.print(
            _("IMPs per board: %(imps)s over %(boards)d boards")
            % {"imps": format_number(average.imps_per_board, lang, 2, signed=True), "boards": average.imp_boards}
        )
