"""A PBN file cut into its games (PBN 2.1, section 3: games are separated by a blank line, a tag's value ``#``
repeats the previous game's), the first step of both the traveller reader (:mod:`bridgescore.io.pbn`) and the
hand-record reader (:mod:`bridgescore.io.deals`), so neither imports the other (issue 20: no import cycle)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from bridgescore.core.problems import FieldKind, Location, Problem, Severity

TAG = re.compile(r'^\s*\[(\w+)\s+"(.*)"\]')

__all__ = ["TAG", "Game", "split_games"]

#: Characters Python's ``splitlines`` takes for line ends but an editor does not: read as spaces.
_ODD_BREAKS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


#: Tags a game may hold more than once; any other written twice starts a new game.
_REPEATABLE = frozenset({"Note"})


@dataclass(frozen=True)
class Game:
    """One game's text, the line it starts on, and each tag's raw value and line."""

    text: str
    start: int
    tags: Mapping[str, tuple[str, int]]
    refused: bool = False  # a problem already says why the game is left out


def _lines(text: str) -> list[str]:
    """The file's lines as an editor numbers them: split at LF (a CR before it dropped), other breaks as spaces."""
    return [_ODD_BREAKS.sub(" ", line.removesuffix("\r")) for line in text.split("\n")]


def split_games(text: str, problems: list[Problem] | None = None, filename: str = "<input>") -> Iterator[Game]:
    """Split a PBN file into games at blank lines (outside ``{…}`` comments), as the PBN standard does; a tag
    written a second time in one chunk (but a ``Note``) starts a new game there, with a warning."""
    lines = _lines(text)
    chunks: list[tuple[int, list[str]]] = []
    chunk: list[str] = []
    start = 1
    depth = 0
    opened = 0  # the line of a "{" comment still open
    for number, line in enumerate([*lines, ""], start=1):
        if depth <= 0 and "{" in line:
            opened = number
        depth += line.count("{") - line.count("}")
        if (line.strip() or depth > 0) and number <= len(lines):
            if not chunk:
                start = number
            chunk.append(line)
            continue
        if depth > 0 and problems is not None:  # the end of the file inside a comment: say what it swallowed
            problems.append(
                Problem.make(
                    Location(filename, opened),
                    "a comment opened with '{' on this line is never closed with '}', so what follows it in this "
                    "game is read as a comment and any result in it is left out",
                )
            )
        if chunk:
            chunks.extend(_split_games(start, chunk, problems, filename))
        chunk = []
        depth = 0
    previous: dict[str, str] = {}
    for start, chunk in chunks:
        if not any(TAG.match(c) for c in chunk):
            if problems is not None and any(c.strip() and not c.lstrip().startswith(("%", "{", ";")) for c in chunk):
                problems.append(
                    Problem.make(
                        Location(filename, start),
                        'these %(count)d line(s) hold no PBN tag (such as [Board "1"]) and are not read',
                        Severity.WARNING,
                        count=len(chunk),
                    )
                )
            continue
        tags: dict[str, tuple[str, int]] = {}
        body: list[str] = []
        refused = False
        for offset, raw in enumerate(chunk):
            m = TAG.match(raw)
            if m:
                name, value = m[1], m[2]
                if value == "#" and name in previous:  # PBN: "#" repeats the previous game's value
                    value = previous[name]
                    raw = f'[{name} "{value}"]'
                elif value == "#" and not refused:
                    refused = True
                    if problems is not None:
                        problems.append(
                            Problem.make(
                                Location(filename, start + offset, name, FieldKind.TAG),
                                '[%(tag)s "#"] repeats the previous game\'s value, but no game before it has one; '
                                "this game is left out",
                                tag=name,
                            )
                        )
                tags.setdefault(name, (value, start + offset))
            body.append(raw)
        previous.update({k: v for k, (v, _) in tags.items() if v != "#"})
        yield Game("\n".join(body) + "\n", start, MappingProxyType(tags), refused)


def _split_games(
    start: int, chunk: list[str], problems: list[Problem] | None, filename: str
) -> Iterator[tuple[int, list[str]]]:
    """A chunk of lines cut where a tag comes a second time (games written without a blank line between)."""
    seen: set[str] = set()
    first = 0
    for offset, raw in enumerate(chunk):
        m = TAG.match(raw)
        if m is None or m[1] in _REPEATABLE:
            continue
        if m[1] in seen:
            if problems is not None:
                problems.append(
                    Problem.make(
                        Location(filename, start + offset, m[1], FieldKind.TAG),
                        "[%(tag)s] comes a second time without a blank line before it; read as the start of a new "
                        "game (the PBN standard separates games by a blank line)",
                        Severity.WARNING,
                        tag=m[1],
                    )
                )
            yield start + first, chunk[first:offset]
            first = offset
            seen = set()
        seen.add(m[1])
    yield start + first, chunk[first:]
