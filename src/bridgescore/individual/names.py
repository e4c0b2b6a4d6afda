"""A names file for an individual: the names file of pairs (:mod:`bridgescore.io.names`), one line per player.

```
player,name           # or pair,names; section optional, as for pairs
1,June Howard
7,Jack Howard
```

The names replace those read from the event files.  A name for a player who is on no line of the event is a
warning at the names file's line (a mistyped number would otherwise leave the real player without a name).
"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

from bridgescore.core.event import Event
from bridgescore.core.problems import Location, Problem, Severity, shorten
from bridgescore.individual.seats import seatings
from bridgescore.io import names as names_file

__all__ = ["with_player_names"]


def with_player_names(event: Event, path: str | Path) -> Event:
    """``event`` with the names of the names file at ``path`` (see the module docstring)."""
    found, problems = names_file.load(path)
    seats, _ = seatings(event.results)
    players = {p for s in seats if s is not None for p in s.players if p}
    keyed = {
        f"{r.section}:{p}" for r, s in zip(event.results, seats, strict=True) if s is not None for p in s.players if p
    }
    sources = found.sources if isinstance(found, names_file.Names) else {}
    unknown: list[Problem] = []
    for key in found:
        if key in keyed or (":" not in key and key in players) or not event.results:
            continue
        unknown.append(
            Problem.make(
                sources.get(key, Location(str(path))),
                "the event has no player %(player)s; the name on this line is not used",
                Severity.WARNING,
                player=shorten(key),
            )
        )
    merged = {**event.names, **found}
    return Event(
        event.results,
        MappingProxyType(merged),
        event.title,
        (*event.problems, *problems, *unknown),
        event.form,
        event.form_sign,
        event.deals,
    )
