"""Evenings from files (issue 13): each file one evening, read and scored with the Python API as ``bridgescore
score`` reads and scores it, and summed up with :func:`bridgescore.pairs.sessions.summarise` – a
:class:`~bridgescore.pairs.sessions.SessionSource` beside the archive's, so ``bridgescore season`` ranks files and
stored sessions alike.

An evening's date is the one its file gives (USEBIO ``<DATE>``, PBN ``[Date]``); a file that gives none and is
named by its date (``2026-09-07.csv``, ``07-09-2026.csv``) has that date; otherwise the evening has no date and
the files are taken in the order given.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bridgescore.core.i18n import N_
from bridgescore.core.problems import Location, Problem, Severity
from bridgescore.pairs.sessions import (
    SessionSource,
    StoredSession,
    date_from_name,
    lines_digest,
    summarise,
)

if TYPE_CHECKING:
    from bridgescore.pairs.scored import ScoringOptions

__all__ = ["ArchiveSessions", "FileSessions", "in_period"]


def in_period(date: str, since: str | None, until: str | None) -> bool:
    """Whether an ISO ``date`` lies in [since, until] (either open); an evening without an ISO date is in every
    period (it cannot be placed, and leaving it out silently would drop an evening)."""
    if len(date) != 10 or date[4] != "-":
        return True
    return (since is None or date >= since) and (until is None or date <= until)


@dataclass(slots=True)
class FileSessions:
    """Each file of ``files`` an evening, scored with ``options`` (resolved as the command line resolves them:
    :func:`bridgescore.pairs.pipeline.resolve_options`; None: matchpoints).  ``problems`` collects what reading and
    scoring
    found, each at its file, line and field.  ``members``: the members file naming the players given by member
    number (``season --members``, as ``score --members``)."""

    files: Sequence[Path]
    options: ScoringOptions | None = None
    problems: list[Problem] = dataclasses.field(default_factory=list)
    members: Path | None = None
    #: whether the director gave the method (``--method``/``--as``); if not, a file naming its method (USEBIO
    #: ``BOARD_SCORING_METHOD``) is scored by it, as ``score`` does (:func:`bridgescore.pairs.pipeline.file_options`)
    method_given: bool = True

    def sessions(
        self,
        competition: str | None = None,
        since: str | None = None,
        until: str | None = None,
        *,
        lines: bool = True,
    ) -> list[StoredSession]:
        """The evenings of the files between ``since`` and ``until`` (ISO, inclusive), in date order when every
        evening has a date, else in the order given; ``competition`` names them.  An evening without a date is
        kept in any period, with a warning when a period is asked for.  Each with its lines (``lines`` makes no
        difference: a file is read whole to be scored)."""
        from bridgescore.core.options import OptionError
        from bridgescore.pairs.pipeline import InputError, file_method_notes, file_options, read, score

        found: list[tuple[int, StoredSession]] = []
        first_with: dict[str, tuple[int, Path]] = {}  # the digest of an evening's lines → where it was read first
        for position, path in enumerate(self.files):
            event = read(path, members=self.members)
            # the members file's own problems once, not once per evening
            self.problems.extend(p for p in event.problems if p not in self.problems)
            if not event.results:
                self.problems.append(
                    Problem.make(Location(str(path)), N_("%(file)s holds no traveller lines: it is no evening"),
                                 file=path.name)
                )  # fmt: skip
                continue
            # the same lines as another file's (a copy '2026-09-07 (1).csv', the evening saved again with a BOM and
            # CRLF): one evening, counted once and said
            first_position, first = first_with.setdefault(lines_digest(event.table), (position, path))
            if first_position != position:
                self.problems.append(
                    Problem.make(
                        Location(str(path)),
                        N_("%(file)s holds the same lines as %(first)s (the same file given twice?); it is read once"),
                        Severity.WARNING,
                        file=str(path),
                        first=str(first),
                    )
                )
                continue
            try:
                chosen, written = file_options(event, self.options, self.method_given)  # None: matchpoints
                scored = score(event, chosen)
            except InputError as refused:
                self.problems.extend(refused.problems)
                continue
            except OptionError as refused:  # the file's method with an option it does not take
                self.problems.append(
                    Problem(Location(str(path)), refused.message, Severity.ERROR, tuple(refused.values.items()))
                )
                continue
            self.problems.extend(p for p in scored.problems if p not in event.problems)
            method = scored.scored.options.method.name
            self.problems.extend(file_method_notes(event, str(path), method, written, self.method_given))
            summary = summarise(scored.scored, key=path.name, competition=competition or "")
            if not summary.date and date_from_name(path):
                summary = dataclasses.replace(summary, date=date_from_name(path))
            if not summary.title or summary.title == path.stem:
                summary = dataclasses.replace(summary, title=path.stem)
            if (since or until) and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", summary.date):
                self.problems.append(
                    Problem.make(
                        Location(str(path)),
                        N_(
                            "%(file)s gives no date (nor is it named by one): it is counted whatever "
                            "--from and --to say"
                        ),
                        Severity.WARNING,
                        file=path.name,
                    )
                )
            if in_period(summary.date, since, until):
                found.append((position, StoredSession(summary, scored.scored.event)))
        dated = sorted(found, key=lambda item: (item[1].summary.date or "", item[0]))
        return [s for _, s in dated] if all(s.summary.date for _, s in found) else [s for _, s in found]

    @property
    def errors(self) -> list[Problem]:
        """The problems that stop the season (errors; warnings are shown, not stopping)."""
        return [p for p in self.problems if p.severity is Severity.ERROR]


@dataclass(slots=True)
class ArchiveSessions:
    """The sessions an archive holds (:func:`bridgescore.archive.open_archive`, or any other
    :class:`~bridgescore.pairs.sessions.SessionSource`): as stored, each summed up as it was scored when added; or,
    given
    ``options``, each stored event scored again with them (a Butler season of evenings stored at matchpoints),
    keeping the phantom pairs, movement and across-sections the session was added with."""

    archive: SessionSource
    options: ScoringOptions | None = None
    problems: list[Problem] = dataclasses.field(default_factory=list)

    def sessions(
        self,
        competition: str | None = None,
        since: str | None = None,
        until: str | None = None,
        *,
        lines: bool = True,
    ) -> list[StoredSession]:
        """The stored sessions (see the class); ``lines=False``: their events without their traveller lines
        where the season ranks them as stored (no ``options``), as the archive gives them (a federation's season
        reads no million lines to rank what was stored: issue 19)."""
        from bridgescore.pairs.pipeline import InputError, score

        stored = self.archive.sessions(competition, since, until, lines=lines or self.options is not None)
        for session in stored if since or until else ():
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", session.summary.date):
                self.problems.append(
                    Problem.make(
                        Location(session.summary.key),
                        N_("session %(key)s has no date: it is counted whatever --from and --to say"),
                        Severity.WARNING,
                        key=session.summary.key,
                    )
                )
        if self.options is None:
            return stored
        out: list[StoredSession] = []
        for session in stored:
            try:
                scored = score(session.event, _with_own_event_options(self.options, session.summary.options))
            except InputError as refused:
                self.problems.extend(refused.problems)
                continue
            again = summarise(scored.scored, key=session.summary.key, competition=session.summary.competition)
            kept = session.summary
            again = dataclasses.replace(again, date=kept.date, club=kept.club, title=kept.title)
            out.append(StoredSession(again, session.event))
        return out

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.ERROR]


def _with_own_event_options(options: ScoringOptions, stored: Mapping[str, str]) -> ScoringOptions:
    """``options`` (the season's method or program) with what the session was added with about the event itself –
    its phantom pairs, its movement, its sections scored as one field – so that scoring it again with another
    method keeps a phantom out of the ranking and a Mitchell's NS 1 and EW 1 two pairs.  ``stored``: the options
    as the archive keeps them (:meth:`bridgescore.archive.Archive.options`: a list or flag as JSON)."""
    import json

    from bridgescore.pairs.scored import Movement

    if "phantoms" in stored:
        phantoms = frozenset(str(p) for p in json.loads(stored["phantoms"]))
        options = dataclasses.replace(options, phantoms=options.phantoms | phantoms)
    if stored.get("movement") in ("mitchell", "howell"):
        options = dataclasses.replace(options, movement=Movement(stored["movement"]))
    if stored.get("across_sections") == "true":
        options = dataclasses.replace(options, across_sections=True)
    return options
