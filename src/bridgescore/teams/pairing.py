"""Swiss pairing of a teams event: the next round's matches from the standings, the meetings so far and the byes.

Two rules (``--rule``), both deterministic (the same standings always give the same pairing) and both avoiding a
repeat meeting whenever the field allows one to be avoided:

- ``swiss`` – the Swiss teams pairing of the EBU and the WBF (and of most clubs' "Swiss teams"): top against
  next, 1 v 2, 3 v 4 …; a team that has met the next one takes the next it has not met, and when that leaves the
  teams below with no way to pair without a repeat, the choice above is undone and the next tried (backtracking),
  so that teams are moved down only as far as needed.
- ``monrad`` – the Dutch system of chess Swiss tournaments (FIDE's Dutch system, named after the Dutch chess
  federation; Dutch bridge clubs call their Swiss "Monrad" after the Danish system it grew from): the teams on
  equal VPs form a score group, the top half of each group plays the bottom half (1 v 5, 2 v 6, 3 v 7, 4 v 8 in a
  group of eight), an odd team floats down to the next group, and repeats are avoided by the same backtracking.
  We build the Dutch split rather than a second name for top-against-next (what a Danish Monrad is): it keeps the
  leaders apart while they are level (round 1, or an event scored in whole VPs) and gives a different, documented
  choice; on the continuous WBF scale score groups are mostly single teams and it pairs like ``swiss``.

The ranking used (:func:`ranked`): VPs, then the IMP difference, then the team id (numbers in numeric order before
names in alphabetical order), so teams level on VPs and IMPs are always taken in the same order.  The
higher-ranked team of a table is the home team (North-South in the open room).

The bye: with an odd number of teams, the lowest-ranked team among those with the fewest byes so far sits out
(so no team has a second bye while another has had none), unless that forces a repeat meeting that a bye to the
next team up would avoid.  The bye is worth ``bye_vp`` VPs: 12 on a 20-VP scale by default, the figure the
conditions of contest of Swiss teams commonly give (WBF and EBU practice as we know it – the director sets what
the event's conditions say, e.g. ``--bye-vp 10`` for an average or the event's own figure).
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from bridgescore.core.i18n import N_
from bridgescore.core.problems import FieldKind, Location, Problem, Severity, shorten
from bridgescore.io.line import decimal_number

__all__ = [
    "RULES",
    "Entry",
    "Pairing",
    "PairingRule",
    "Standings",
    "Table",
    "pair_round",
    "rank_key",
    "ranked",
    "read_standings",
]

PairingRule = Literal["swiss", "monrad"]
#: The rules ``--rule`` names.
RULES: tuple[PairingRule, ...] = ("swiss", "monrad")
#: The VPs of a bye unless the event's conditions say otherwise (20-VP scales).
DEFAULT_BYE_VP = 12.0


@dataclass(frozen=True, slots=True)
class Entry:
    """A team in the standings before a round: its VPs, its IMP difference (the first tie-break), the teams it
    has met, and how many byes it has had."""

    team: str
    vp: float
    imps: float = 0.0
    met: frozenset[str] = frozenset()
    byes: int = 0
    source: Location | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """One match of the round: the home team (the higher ranked) and the away team; ``repeat`` when they have met
    before (only when the field left no way to avoid it)."""

    home: str
    away: str
    repeat: bool = False


@dataclass(frozen=True, slots=True)
class Pairing:
    """The next round: its matches in ranking order of their home teams, the team with the bye (None with an even
    field) and what the bye is worth, the rule, and the ranking it was made from."""

    rule: PairingRule
    order: tuple[str, ...]
    tables: tuple[Table, ...]
    bye: str | None = None
    bye_vp: float | None = None

    @property
    def repeats(self) -> tuple[Table, ...]:
        """The matches that repeat an earlier meeting."""
        return tuple(t for t in self.tables if t.repeat)


def rank_key(entry: Entry) -> tuple[float, float, int, int, str]:
    """The order of the standings: most VPs first, then the larger IMP difference, then the team id – numbers in
    numeric order (2 before 10), before names in alphabetical order – so level teams are always taken the same
    way (the pairing must not depend on the order of the input)."""
    team = entry.team.strip()
    numbered = team.isdecimal()  # "1²".isdigit() is True, but int() refuses it
    number = int(team) if numbered else 0
    return (-entry.vp, -entry.imps, 0 if numbered else 1, number, team.casefold())


def ranked(entries: Iterable[Entry]) -> list[Entry]:
    """The entries in the order of :func:`rank_key`."""
    return sorted(entries, key=rank_key)


def _preference(remaining: Sequence[int], vps: Sequence[float], rule: PairingRule) -> list[int]:
    """The opponents of the top remaining team, best first."""
    top, others = remaining[0], list(remaining[1:])
    if rule == "swiss":
        return others
    group = [r for r in remaining if vps[r] == vps[top]]  # the top team's score group (VPs sort first)
    if len(group) == 1:  # a lone team joins the next score group
        group += [r for r in others if vps[r] == vps[others[0]]]
    if len(group) % 2:  # an odd group floats its last team down (the field left is even: the group is smaller)
        group = group[:-1]
    half = len(group) // 2
    ordered = group[half:] + group[half - 1 : 0 : -1]
    return ordered + [r for r in others if r not in ordered]


Pairs = tuple[tuple[int, int], ...]
#: A matching of teams (by index) that have not met: each matched team → its opponent.
Mates = dict[int, int]


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


@dataclass
class _Search:
    """The pairing of a set of teams (bit i of a mask: the i-th ranked team) with the fewest repeat meetings, and
    among those the one whose top team has its most preferred opponent, then the next team … (what trying the
    opponents in order of preference and backtracking finds).

    The fewest repeats a set of teams needs is known exactly from a maximum matching of the teams that have not met
    (a general graph – the teams are not two sides – so Edmonds' blossom algorithm, networkx's
    ``max_weight_matching`` with every edge worth 1 and the largest number of edges asked for): half the teams less
    the matching's size.  So the pairing is built directly, top team first, each taking the first opponent in its
    order of preference that keeps that minimum.  A maximum matching in hand answers most of those questions
    without a new one: an opponent it pairs the top team with keeps the minimum (so does a repeat against a team
    that it leaves unpaired when it leaves the top team unpaired too), a repeat is never tried when no repeat is
    needed, and a matching that pairs every team is found by taking the first team not met (no blossom needed).
    A field of 300 teams that have nearly all met is paired in a moment (issue 19: it took a minute and more when
    every opponent tried was a new matching), and the search is a loop, not a recursion, so 2,000 teams pair too."""

    met: Sequence[int]
    vps: Sequence[float]
    rule: PairingRule
    #: bit j of ``unmet[i]``: teams i and j have not met
    unmet: list[int] = field(init=False)

    def __post_init__(self) -> None:
        everyone = (1 << len(self.met)) - 1
        self.unmet = [everyone & ~m & ~(1 << i) for i, m in enumerate(self.met)]

    def matching(self, mask: int) -> Mates:
        """A maximum matching of the teams of ``mask`` that have not met: each team paired with the first team it
        has not met while that pairs every team, else Edmonds' blossom algorithm."""
        mates: Mates = {}
        free, alone = mask, 0
        while free and alone < 2:  # one team left alone in an odd field still leaves a maximum matching
            top = (free & -free).bit_length() - 1
            free ^= 1 << top
            choice = self.unmet[top] & free
            if not choice:
                alone += 1
                continue
            other = (choice & -choice).bit_length() - 1
            free ^= 1 << other
            mates[top] = other
            mates[other] = top
        if len(mates) // 2 == mask.bit_count() // 2:
            return mates
        import networkx as nx

        graph = nx.Graph()
        graph.add_nodes_from(_bits(mask))
        for i in _bits(mask):
            graph.add_edges_from((i, j) for j in _bits(self.unmet[i] & mask & ~((2 << i) - 1)))
        mates = {}
        for a, b in nx.max_weight_matching(graph, maxcardinality=True):
            mates[a] = b
            mates[b] = a
        return mates

    def least(self, mask: int) -> int:
        """The fewest repeat meetings the teams of ``mask`` need."""
        return mask.bit_count() // 2 - len(self.matching(mask)) // 2

    def solve(self, mask: int) -> tuple[int, Pairs]:
        """The fewest repeats the teams of ``mask`` need, and the pairing (see the class's description)."""
        mates = self.matching(mask)
        need = total = mask.bit_count() // 2 - len(mates) // 2
        pairs: list[tuple[int, int]] = []
        while mask:
            remaining = _bits(mask)
            top = remaining[0]
            for other in _preference(remaining, self.vps, self.rule):
                cost = self.met[top] >> other & 1
                if cost > need:  # no repeat where none is needed
                    continue
                rest = mask & ~(1 << top) & ~(1 << other)
                if cost == 0 and mates.get(top) == other:  # the matching less this match: a maximum one of the rest
                    del mates[top], mates[other]
                elif not (cost == 1 and top not in mates and other not in mates):  # (then the matching is the rest's)
                    found = self.matching(rest)
                    if cost + rest.bit_count() // 2 - len(found) // 2 != need:
                        continue
                    mates = found
                pairs.append((top, other))
                mask, need = rest, need - cost
                break
            else:  # pragma: no cover - a maximum matching always leaves a way on
                raise AssertionError("no opponent keeps the fewest repeats")
        return (total, tuple(pairs))


def pair_round(entries: Iterable[Entry], rule: PairingRule = "swiss", *, bye_vp: float = DEFAULT_BYE_VP) -> Pairing:
    """The next round's pairing of ``entries`` by ``rule`` (see the module's description); a meeting recorded for
    either team counts for both."""
    if rule not in RULES:
        raise ValueError(f"unknown pairing rule {rule!r}: {', '.join(RULES)}")
    field_ = ranked(entries)
    ids = [e.team for e in field_]
    if len(set(ids)) != len(ids):
        raise ValueError("a team is in the standings twice")
    index = {team: i for i, team in enumerate(ids)}
    met = [0] * len(ids)
    for i, entry in enumerate(field_):
        for other in entry.met:
            j = index.get(other)
            if j is not None and j != i:
                met[i] |= 1 << j
                met[j] |= 1 << i
    search = _Search(met, [e.vp for e in field_], rule)
    everyone = (1 << len(ids)) - 1
    bye: int | None = None
    if len(ids) % 2:
        # the lowest team with the fewest byes whose sitting out needs the fewest repeats: no team needs fewer than
        # the whole field's matching leaves, and a team that matching leaves out needs no more
        fewest = min(e.byes for e in field_)
        mates = search.matching(everyone)
        lowest = len(ids) // 2 - len(mates) // 2
        best: int | None = None
        for candidate in reversed(range(len(ids))):
            if field_[candidate].byes != fewest:
                continue
            least = lowest if candidate not in mates else search.least(everyone & ~(1 << candidate))
            if best is None or least < best:
                best, bye = least, candidate
                if least == lowest:
                    break
        assert bye is not None
        pairs = search.solve(everyone & ~(1 << bye))[1]
    else:
        pairs = search.solve(everyone)[1]
    tables = tuple(
        Table(ids[min(a, b)], ids[max(a, b)], bool(met[a] >> b & 1)) for a, b in sorted(pairs, key=lambda p: min(p))
    )
    return Pairing(rule, tuple(ids), tables, ids[bye] if bye is not None else None, bye_vp if bye is not None else None)


# ---------------------------------------------------------------------------------------------------------------
# Reading the standings: the teams command's JSON (bridgescore.teams/1) or a CSV file of the director's own.

_BYE_WORDS = {"": 0, "no": 0, "nee": 0, "yes": 1, "ja": 1}


@dataclass(frozen=True, slots=True)
class Standings:
    """What :func:`read_standings` made of a file: the entries, the number of the round to pair (None when the
    file does not say), every problem found, and the teams' names where the file gives them (team id → name)."""

    entries: tuple[Entry, ...]
    round: int | None = None
    problems: tuple[Problem, ...] = ()
    extra: Mapping[str, str] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        return decimal_number(value)
    return None


def _not_vp(where: Location, value: object) -> Problem:
    return Problem.make(where, N_("'%(text)s' is not a number of victory points"), text=shorten(str(value)))


def _not_imps(where: Location, value: object) -> Problem:
    return Problem.make(where, N_("'%(text)s' is not a number of IMPs"), text=shorten(str(value)))


def _check_field(entries: Sequence[Entry], named: set[str], name: str, problems: list[Problem]) -> None:
    """The field as a whole: two teams at least; a meeting with a team the file does not name at all is kept, with
    a warning (``named``: every team the file names, also on lines with a problem)."""
    if len(entries) < 2:
        problems.append(Problem.make(Location(name), N_("the standings have fewer than two teams: nothing to pair")))
    known = named | {e.team for e in entries}
    for entry in entries:
        for other in sorted(entry.met - known):
            problems.append(
                Problem.make(
                    entry.source or Location(name),
                    N_("team '%(team)s' met '%(other)s', who is not in the standings (the meeting is kept)"),
                    Severity.WARNING,
                    team=entry.team,
                    other=other,
                )
            )


def read_standings(path: Path) -> Standings:
    """The standings in ``path``: the JSON the ``teams`` command writes (a file starting with ``{``) or a CSV file.

    JSON (schema ``bridgescore.teams/1``): ``standings[]`` with ``team``, ``vp``, ``imps_for``, ``imps_against``
    (the IMP difference is the tie-break; ``byes``, the rounds a team sat out) and ``matches[]`` with ``round``,
    ``home``, ``away``: every match is a meeting; a match whose ``home`` or ``away`` is empty, null or ``bye`` is a
    bye for the other team.  The round
    to pair is one after the last round of the matches.

    CSV: a header naming the columns ``team`` and ``vp`` and, if wanted, ``imps`` (the IMP difference), ``met``
    (the teams met so far, separated by ``;``) and ``bye`` (the number of byes so far, or yes/no), in any order,
    separated by commas or tabs; ``#`` at the start of a line makes it a comment.  Example::

        team,vp,imps,met,bye
        Oranje,31.5,22,Leeuwen;Tulpen,0
        Leeuwen,28.02,-3,Oranje,1

    Every problem is located (file, line, field); a reader never stops at the first one."""
    name = str(path)
    try:
        from bridgescore.io import files

        text = files.read_bytes(path).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        problem = Problem.make(Location(name), N_("cannot read the standings: %(reason)s"), reason=reason)
        return Standings((), problems=(problem,))
    if text.lstrip().startswith("{"):
        return _read_json(text, name)
    return _read_csv(text, name)


def _element(name: str, path: str) -> Location:
    return Location(name, None, path, FieldKind.ELEMENT)


def _team_id(value: object) -> str | None:
    if isinstance(value, Mapping):
        value = value.get("id", value.get("team"))
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and value.strip():
        return value.strip()
    return None


def _read_json(text: str, name: str) -> Standings:
    problems: list[Problem] = []
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as error:
        problem = Problem.make(Location(name, error.lineno), N_("not a JSON file: %(reason)s"), reason=error.msg)
        return Standings((), problems=(problem,))
    standings = data.get("standings") if isinstance(data, dict) else None
    if not isinstance(standings, list):
        problem = Problem.make(
            _element(name, "standings"),
            N_("no list of standings: this is not the JSON the teams command writes (bridgescore.teams/1)"),
        )
        return Standings((), problems=(problem,))
    schema = data.get("schema")
    if schema not in (None, "bridgescore.teams/1"):
        problems.append(
            Problem.make(
                _element(name, "schema"),
                N_("schema '%(schema)s' is not bridgescore.teams/1; read as if it were"),
                Severity.WARNING,
                schema=shorten(str(schema)),
            )
        )
    met: dict[str, set[str]] = {}
    byes: dict[str, int] = {}
    last_round = 0
    matches = data.get("matches", [])
    if not isinstance(matches, list):
        problems.append(Problem.make(_element(name, "matches"), N_("'matches' is not a list of matches")))
        matches = []
    for i, match in enumerate(matches):
        if not isinstance(match, dict):
            problems.append(Problem.make(_element(name, f"matches[{i}]"), N_("a match is not an object")))
            continue
        home, away = match.get("home"), match.get("away")
        home_id = None if isinstance(home, str) and home.strip().lower() == "bye" else _team_id(home)
        away_id = None if isinstance(away, str) and away.strip().lower() == "bye" else _team_id(away)
        number = match.get("round")
        if isinstance(number, int) and not isinstance(number, bool):
            last_round = max(last_round, number)
        if home_id and away_id:
            met.setdefault(home_id, set()).add(away_id)
            met.setdefault(away_id, set()).add(home_id)
        elif home_id or away_id:
            byes[home_id or away_id or ""] = byes.get(home_id or away_id or "", 0) + 1
        else:
            problems.append(Problem.make(_element(name, f"matches[{i}]"), N_("a match names neither team")))
    entries: list[Entry] = []
    seen: set[str] = set()
    names: dict[str, str] = {}
    for i, row in enumerate(standings):
        where = f"standings[{i}]"
        if not isinstance(row, dict):
            problems.append(Problem.make(_element(name, where), N_("a line of the standings is not an object")))
            continue
        team = _team_id(row.get("team"))
        if team is None:
            problems.append(Problem.make(_element(name, f"{where}.team"), N_("a team is missing its name")))
            continue
        if team in seen:
            problems.append(
                Problem.make(_element(name, f"{where}.team"), N_("team '%(team)s' is listed twice"), team=team)
            )
            continue
        seen.add(team)
        vp = _number(row.get("vp"))
        if vp is None:
            problems.append(_not_vp(_element(name, f"{where}.vp"), row.get("vp")))
        imps = 0.0
        for key, sign in (("imps_for", 1.0), ("imps_against", -1.0)):
            if key in row and row[key] is not None:
                value = _number(row[key])
                if value is None:
                    problems.append(_not_imps(_element(name, f"{where}.{key}"), row[key]))
                else:
                    imps += sign * value
        if isinstance(row.get("names"), str) and row["names"].strip() and row["names"].strip() != team:
            names[team] = row["names"].strip()
        sat_out = row.get("byes")  # the rounds the teams command found the team sitting out
        bye_count = max(byes.get(team, 0), len(sat_out) if isinstance(sat_out, list) else 0)
        if vp is not None:
            entries.append(Entry(team, vp, imps, frozenset(met.get(team, ())), bye_count, _element(name, where)))
    _check_field(entries, seen, name, problems)
    return Standings(tuple(entries), last_round + 1 if matches else None, tuple(problems), names=names)


def _read_csv(text: str, name: str) -> Standings:
    problems: list[Problem] = []
    lines = [
        (n, line)
        for n, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        return Standings((), problems=(Problem.make(Location(name), N_("the standings file is empty")),))
    first_line, header_text = lines[0]
    delimiter = "\t" if "\t" in header_text and "," not in header_text else ","
    header = [h.strip().lower() for h in next(csv.reader([header_text], delimiter=delimiter))]
    for column in ("team", "vp"):
        if column not in header:
            problems.append(
                Problem.make(
                    Location(name, first_line),
                    N_(
                        "the standings have no column '%(column)s' (the header names team, vp and, if wanted, "
                        "imps, met, bye)"
                    ),
                    column=column,
                )
            )
    if problems:
        return Standings((), problems=tuple(problems))
    entries: list[Entry] = []
    seen: dict[str, int] = {}
    for number, line in lines[1:]:
        values = next(csv.reader(io.StringIO(line), delimiter=delimiter))
        if len(values) != len(header):
            problems.append(
                Problem.make(
                    Location(name, number),
                    N_("expected %(expected)s values (%(columns)s), found %(count)s"),
                    expected=len(header),
                    columns=", ".join(header),
                    count=len(values),
                )
            )
            continue
        row = dict(zip(header, (v.strip() for v in values), strict=True))
        team = row["team"]
        if not team:
            problems.append(Problem.make(Location(name, number, "team"), N_("a team is missing its name")))
            continue
        if team in seen:
            problems.append(
                Problem.make(
                    Location(name, number, "team"),
                    N_("team '%(team)s' is listed twice (first on line %(first)s)"),
                    team=shorten(team),
                    first=seen[team],
                )
            )
            continue
        seen[team] = number
        vp = _number(row["vp"])
        if vp is None:
            problems.append(_not_vp(Location(name, number, "vp"), row["vp"]))
        imps = _number(row.get("imps") or "0")
        if imps is None:
            problems.append(_not_imps(Location(name, number, "imps"), row["imps"]))
        bye_text = row.get("bye", "").lower()
        byes = int(bye_text) if bye_text.isdecimal() else _BYE_WORDS.get(bye_text)
        if byes is None:
            problems.append(
                Problem.make(
                    Location(name, number, "bye"),
                    N_("'%(text)s' is not a number of byes (0, 1 … or yes/no)"),
                    text=shorten(row["bye"]),
                )
            )
        met = frozenset(m.strip() for m in row.get("met", "").split(";") if m.strip())
        if team in met:
            problems.append(
                Problem.make(
                    Location(name, number, "met"),
                    N_("team '%(team)s' cannot have met itself"),
                    team=shorten(team),
                )
            )
            met = met - {team}
        if vp is not None and imps is not None and byes is not None:
            entries.append(Entry(team, vp, imps, met, byes, Location(name, number)))
    _check_field(entries, set(seen), name, problems)
    return Standings(tuple(entries), None, tuple(problems))
