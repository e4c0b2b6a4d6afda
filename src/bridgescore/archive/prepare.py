"""Files made ready for the archive (``bridgescore archive add``, issue 13): each file read, split into its sessions
(a ``session`` column), dated, scored and keyed, every problem collected before anything is stored – so a file
with an error stores nothing and the archive is not even opened; then all the sessions stored in one transaction.

The session's date is the one given (``--date``), else the file's (USEBIO ``<DATE>``, PBN ``[Date]``), else the
date the file is named by (``2026-09-07.csv``), as a season reading the same files dates it
(:class:`bridgescore.season.files.FileSessions`).

A session's movement (``--movement NAME|FILE``, issue 21) is checked as ``score --movement`` checks it – every line
against the schedule, a line in error an error, so nothing is stored – and kept with the session; a correction
(``--replace``) given no movement is checked against the one stored with the session it corrects.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from bridgescore.core.i18n import N_
from bridgescore.core.problems import Location, Problem, Severity

if TYPE_CHECKING:
    from bridgescore.archive.store import Added, Archive
    from bridgescore.core.options import OptionError
    from bridgescore.movement.model import Movement
    from bridgescore.pairs.pipeline import Scores
    from bridgescore.pairs.scored import ScoringOptions

__all__ = ["Prepared", "given_options", "prepare", "store"]


@dataclass(frozen=True, slots=True)
class Prepared:
    """One session ready to store: the file it was read from, its bytes (a session of a multi-session file: the
    file's bytes and the session's name), its key and its scoring, and the digest of its lines a copy of it is
    recognised by (:func:`bridgescore.pairs.sessions.content_digest`: the same lines whatever the bytes)."""

    path: Path
    content: bytes
    key: str
    scores: Scores
    #: the method the file names, where it was scored by it (no method given;
    #: :func:`bridgescore.pairs.pipeline.file_options`)
    method: str | None = None
    digest: str = ""
    #: the movement its lines were checked against (kept with it in the archive)
    movement: Movement | None = None


def given_options(
    method: str | None,
    *,
    as_program: str | None = None,
    across_sections: bool = False,
    movement: str = "auto",
    phantoms: Iterable[str] = (),
    **given: object,
) -> dict[str, Any]:
    """The options a session was scored with as the archive records them: those given (not None, not the
    default), named as :func:`bridgescore.score` takes them, so that
    ``bridgescore.score(event, **archive.options(key))`` scores it again the same way."""
    recorded: dict[str, Any] = {"method": method, "as_program": as_program, **given}
    if across_sections:
        recorded["across_sections"] = True
    if movement != "auto":
        recorded["movement"] = movement
    if phantoms:
        recorded["phantoms"] = list(phantoms)
    return {k: v for k, v in recorded.items() if v is not None}


def _refused(problem: OptionError, file: str) -> Problem:
    return Problem(Location(file), problem.message, Severity.ERROR, tuple(problem.values.items()))


def prepare(
    files: Sequence[Path],
    options: ScoringOptions,
    *,
    key: str | None = None,
    date: str | None = None,
    club: str | None = None,
    title: str | None = None,
    names: Path | None = None,
    members: Path | None = None,
    movement: str = "auto",
    method_given: bool = True,
    resolve: Mapping[str, Any] | None = None,
    schedules: Sequence[Movement] = (),
    stored_movement: Callable[[str], Movement | None] | None = None,
) -> tuple[list[Prepared], list[Problem]]:
    """Each file of ``files`` read (its sessions where a ``session`` column names several), dated and scored with
    ``options`` as ``score`` scores it, and keyed (``key``, else :func:`~bridgescore.archive.store.session_key`);
    and every problem found (a file not readable, an error in it, two files that would be one session), each at
    its file.  ``date`` and ``club`` override the file's; ``key`` names one session (more is a problem).  Where
    ``method_given`` is False, a file naming its method is scored by it as ``score`` does
    (:func:`bridgescore.pairs.pipeline.file_options`, with the other options ``resolve``).

    ``schedules`` (``--movement``): one movement for every session, or one per session in order; each session's lines
    are checked against its movement before it is scored (:func:`bridgescore.pairs.against_movement.
    check_against_movement`: a line in error is an error) and the movement kept on :attr:`Prepared.movement`.  A
    session given none takes ``stored_movement(key)`` (a correction: the movement stored with the session)."""
    from bridgescore.archive.store import session_key
    from bridgescore.core.options import OptionError
    from bridgescore.io import files as bounded
    from bridgescore.movement.files import fitted_to_travellers
    from bridgescore.pairs.against_movement import check_against_movement, ranked_as
    from bridgescore.pairs.pipeline import InputError, file_method_notes, file_options, read, read_sessions
    from bridgescore.pairs.pipeline import score as score_event
    from bridgescore.pairs.scored import Movement as RankedAs
    from bridgescore.pairs.sessions import date_from_name, iso_date, lines_digest

    prepared: list[Prepared] = []
    problems: list[Problem] = []
    index = -1  # the session's place among all the files' sessions (a movement per session)
    for path in files:
        name = str(path)
        try:
            content = bounded.read_bytes(path)
        except bounded.FileRefused as refused:
            problems.append(refused.problem(name))
            continue
        except OSError as problem:
            problems.append(
                Problem.make(Location(name), N_("cannot read %(file)s: %(reason)s"), file=name,
                             reason=problem.strerror or str(problem))
            )  # fmt: skip
            continue
        try:
            split = read_sessions(path, names=names, members=members, movement=movement)
        except OptionError as refused:
            problems.append(_refused(refused, name))
            continue
        parts = split or [("", read(path, names=names, movement=movement, members=members))]
        if key is not None and len(parts) > 1:
            problems.append(
                Problem.make(Location(name), N_("--key names one session, and %(file)s holds %(count)s: add it "
                                                "without --key"), file=name, count=len(parts))
            )  # fmt: skip
            continue
        for part, event in parts:
            info: dict[str, str] = {
                **event.info,
                **({"date": date} if date else {}),
                **({"club": club} if club else {}),
            }
            if not info.get("date") and date_from_name(path):  # a file named by its date (2026-09-07.csv)
                info["date"] = date_from_name(path)
            event = dataclasses.replace(event, info=MappingProxyType(info))
            within = f"{path.name}#{part}" if part else path.name  # one session of a multi-session file
            session = key or session_key(iso_date(info.get("date", "")), info.get("club", ""), title or event.title,
                                         within)  # fmt: skip
            index += 1
            schedule = schedules[0] if len(schedules) == 1 else schedules[index] if index < len(schedules) else None
            if schedule is None and stored_movement is not None:  # a correction: the movement stored with it
                schedule = stored_movement(session)
                if schedule is not None:
                    problems.append(
                        Problem.make(
                            Location(name),
                            N_("checked against the movement kept with session %(key)s (%(movement)s); give "
                               "--movement to check it against another"),
                            Severity.WARNING,
                            key=session,
                            movement=schedule.name,
                        )
                    )  # fmt: skip
            if schedule is not None:
                schedule, said = fitted_to_travellers(schedule, event)  # a name: its boards per round from the lines
                problems.extend([said] if said is not None else [])
                event = check_against_movement(event, schedule)
            ranked, resolving = options, dict(resolve or {})
            if schedule is not None:  # ranked as its movement ranks (a kept one too: as when it was stored)
                word = ranked_as(schedule)
                ranked = dataclasses.replace(options, movement=RankedAs(word))
                resolving["movement"] = word
            try:
                chosen, written = file_options(event, ranked, method_given, **resolving)
                scores = score_event(event, chosen, title=title)
            except InputError as refused:
                problems.extend(refused.problems)
                continue
            except OptionError as refused:
                problems.append(_refused(refused, name))
                continue
            problems.extend(scores.scored.problems)
            problems.extend(file_method_notes(event, name, scores.scored.options.method.name, written, method_given))
            # a session of a multi-session file is its own content (the file's other sessions are not a copy of it)
            marked = content + (b"\0session " + part.encode() if part else b"")
            digest = lines_digest(scores.scored.lines.table)
            prepared.append(Prepared(path, marked, session, scores, written, digest, schedule))
    if len(schedules) > 1 and len(schedules) != index + 1:
        problems.append(
            Problem.make(
                Location(", ".join(str(f) for f in files)),
                N_("--movement is given %(given)s times for %(sessions)s sessions: give it once for every session, or "
                   "once per session in order"),
                given=len(schedules),
                sessions=index + 1,
            )
        )  # fmt: skip
    keys = [p.key for p in prepared]
    for session in dict.fromkeys(k for k in keys if keys.count(k) > 1):
        problems.append(
            Problem.make(
                Location(", ".join(str(p.path) for p in prepared if p.key == session)),
                N_("these files are one session %(key)s (the same date, club, title and file name); give each its "
                   "own --key, or add them one at a time"),
                key=session,
            )
        )  # fmt: skip
    first_with: dict[str, Prepared] = {}
    for p in prepared:  # one session given twice in one call (a copy, saved again): refused before storing
        seen = first_with.setdefault(p.digest, p)
        if seen.path != p.path and seen.key != p.key:  # the same key is said above
            problems.append(
                Problem.make(
                    Location(str(p.path)),
                    N_("%(file)s holds the same lines as %(first)s: one session given twice; add one of them"),
                    file=str(p.path),
                    first=str(seen.path),
                )
            )
    return prepared, problems


def _recorded(p: Prepared, options: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """The options ``p`` was scored with as the archive records them: those given, the method the file named, and
    the ranking its movement gave (``movement``: a correction checked against the movement kept is ranked so)."""
    from bridgescore.pairs.against_movement import ranked_as

    more: dict[str, Any] = {"method": p.method} if p.method else {}
    if p.movement is not None and ranked_as(p.movement) != "auto":
        more["movement"] = ranked_as(p.movement)
    return {**(options or {}), **more} if more else options


def store(
    archive: Archive,
    prepared: Sequence[Prepared],
    *,
    competition: str = "",
    options: Mapping[str, Any] | None = None,
    replace: bool = False,
) -> tuple[list[tuple[Path, Added]], list[Problem]]:
    """Every prepared session stored in ``archive`` in one transaction (:meth:`Archive.add_all`): what was stored
    (all of them), or nothing and why (another process stored one of them meanwhile, the database failed: said in
    words) – the same command run again stores them all."""
    from sqlalchemy.exc import SQLAlchemyError

    from bridgescore.archive.store import ArchiveRefusal, ToStore, database_reason

    sessions = [
        ToStore(p.scores, str(p.path), p.content, p.key, _recorded(p, options), p.digest, p.movement) for p in prepared
    ]
    try:
        added = archive.add_all(sessions, competition=competition, replace=replace)
    except ArchiveRefusal as refusal:  # another process stored one meanwhile
        return [], [refusal.problem]
    except SQLAlchemyError as problem:  # the server went away, a value the database refuses …
        files = ", ".join(str(p.path) for p in prepared)
        return [], [
            Problem.make(Location(files), N_("cannot store %(file)s in the archive %(db)s: %(reason)s"),
                         file=files, db=archive.shown, reason=database_reason(problem))
        ]  # fmt: skip
    return [(p.path, a) for p, a in zip(prepared, added, strict=True)], []
