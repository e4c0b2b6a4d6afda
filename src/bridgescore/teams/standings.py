"""The standings of a teams event: totals per team, the order, and the tie-breaks each federation uses.

Teams are ranked by their total of victory points (VP events), of board or Patton points (board-a-match, Patton),
or else by their IMP margin.  Teams level on it are separated by the rules of ``TeamsOptions.tiebreak``; each rule
is applied to the teams still level, and a rule that splits a group starts the list again for every smaller group
that is still level (as the federations' procedures do).  A rule that cannot be applied (the teams did not all meet
each other) is passed over.  Teams no rule separates share their place (``3=``).

* ``wbf`` – WBF General Conditions of Contest (ties in a round robin; the Irish CBAI publishes the same order):
  the VPs of the matches between the tied teams, then the IMPs of those matches, then the IMP quotient (IMPs won /
  IMPs lost) of all their matches.
* ``ebu`` – EBU White Book 143.7.1: the result of the match between them (VPs, then its IMPs: 143.7.1(a)), then
  tie-break points (the final scores of every opponent played, 143.5.2; never in an all-play-all), then the IMPs of
  all the boards (143.7.1(c), only where the event is scored in VPs), then point-a-board count-back (boards won,
  a drawn board a half, 143.5.3 and 143.7.1(d)); still level, the tie stands (143.7.1(e)).
* ``nbb`` – the NBB's district competition rules (e.g. the Twente district's "Regeling Districtsviertallen"): of
  more than two tied teams, one that won every match against the others is ranked above them; then the IMP
  difference of the matches between the tied teams ("IMP-saldo in de onderlinge wedstrijd(en)"); then the IMP
  quotient over all matches; then lots, which the program leaves to the director (the place is shared).
* ``none`` – level teams share their place.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from bridgescore.core.i18n import N_
from bridgescore.teams.model import BoardScore, MatchScore, TeamsEvent, TeamStanding

__all__ = ["TIEBREAKS", "Tiebreak", "byes_of", "rank_teams"]

#: The tie-break procedures: ``wbf``, ``ebu``, ``nbb`` or ``none`` (see the module's description).
Tiebreak = Literal["wbf", "ebu", "nbb", "none"]
TIEBREAKS: tuple[Tiebreak, ...] = ("wbf", "ebu", "nbb", "none")


@dataclass(slots=True)
class _Tally:
    score: float = 0.0  # VPs or points
    imps_for: float = 0.0
    imps_against: float = 0.0
    played: int = 0
    boards_won: float = 0.0  # a drawn board counts a half
    opponents: list[str] = field(default_factory=list)


#: A rule: for a group of level teams, a value per team (higher is better), or None where it does not apply.
_Rule = Callable[[Sequence[str]], dict[str, float] | None]


class _Table:
    """The totals of every team and the matches between them, which the tie-break rules read."""

    def __init__(
        self, matches: Sequence[MatchScore], by_points: bool, boards_won: Mapping[str, float] | None = None
    ) -> None:
        self.tally: dict[str, _Tally] = defaultdict(_Tally)
        self.matches = matches
        self.by_points = by_points
        self._met: set[frozenset[str]] | None = None
        self._of_team: dict[str, list[int]] | None = None
        self._boards_counted = False
        self._boards_won = boards_won
        for m in matches:
            for team, other, imps_for, imps_against, score in (
                (m.match.home, m.match.away, m.imps_home, m.imps_away, self._score(m, True)),
                (m.match.away, m.match.home, m.imps_away, m.imps_home, self._score(m, False)),
            ):
                t = self.tally[team]
                t.played += 1
                t.imps_for += imps_for + max(m.shared_imps, 0.0)  # non-balancing awards: each team's own
                t.imps_against += imps_against + max(-m.shared_imps, 0.0)
                t.score += score
                t.opponents.append(other)

    def _count_boards(self) -> None:
        """Each team's boards won (count-back), counted the first time a rule asks: a federation's event has half a
        million boards, and only the EBU's last rule reads them."""
        if self._boards_counted:
            return
        self._boards_counted = True
        if self._boards_won is not None:  # counted on columns (bridgescore.teams.columns)
            for team, won in self._boards_won.items():
                self.tally[team].boards_won = won
            return
        for m in self.matches:
            for team, sign in ((m.match.home, 1.0), (m.match.away, -1.0)):
                t = self.tally[team]
                for b in m.boards:
                    t.boards_won += self._board_won(b, sign)

    def _board_won(self, board: BoardScore, sign: float) -> float:
        """1 for a board won, ½ for a board drawn (EBU White Book 143.5.3), by the basic method of scoring: board
        points at board-a-match and Patton, IMPs otherwise; a board not compared counts nothing."""
        if board.problem is not None:
            return 0.0
        if self.by_points and board.points_home is not None and board.points_away is not None:
            edge = sign * (board.points_home - board.points_away)
        elif board.imps_home is not None:
            edge = sign * board.imps_home
        else:
            return 0.0
        return 1.0 if edge > 0 else 0.5 if edge == 0 else 0.0

    def _score(self, m: MatchScore, home: bool) -> float:
        if self.by_points:
            return (m.points_home if home else m.points_away) or 0.0
        return (m.vp_home if home else m.vp_away) or 0.0

    def all_met(self, group: Sequence[str]) -> bool:
        if self._met is None:  # made once: a federation's Swiss has thousands of level groups to ask about
            self._met = {frozenset((m.match.home, m.match.away)) for m in self.matches}
        met = self._met
        return all(frozenset((a, b)) in met for i, a in enumerate(group) for b in group[i + 1 :])

    def between(self, group: Sequence[str]) -> list[MatchScore]:
        """The matches between teams of ``group``, in the order of the matches."""
        if self._of_team is None:
            self._of_team = defaultdict(list)
            for i, m in enumerate(self.matches):
                self._of_team[m.match.home].append(i)
                self._of_team[m.match.away].append(i)
        members = set(group)
        found = {
            i
            for team in members
            for i in self._of_team.get(team, ())
            if self.matches[i].match.home in members and self.matches[i].match.away in members
        }
        return [self.matches[i] for i in sorted(found)]

    # the rules
    def head_to_head_score(self, group: Sequence[str]) -> dict[str, float] | None:
        """The VPs (or points) of the matches between the tied teams: WBF General Conditions of Contest (first
        rule), EBU White Book 143.7.1(a); only where they all met."""
        if not self.all_met(group):
            return None
        values = dict.fromkeys(group, 0.0)
        for m in self.between(group):
            values[m.match.home] += self._score(m, True)
            values[m.match.away] += self._score(m, False)
        return values

    def head_to_head_imps(self, group: Sequence[str]) -> dict[str, float] | None:
        """The IMP difference of the matches between the tied teams: WBF General Conditions (second rule), EBU
        White Book 143.7.1(a), the NBB district rules ("IMP-saldo in de onderlinge wedstrijd(en)"); only where they
        all met."""
        if not self.all_met(group):
            return None
        values = dict.fromkeys(group, 0.0)
        for m in self.between(group):
            values[m.match.home] += m.imps_home - m.imps_away + m.shared_imps
            values[m.match.away] += m.imps_away - m.imps_home + m.shared_imps
        return values

    def won_every_match(self, group: Sequence[str]) -> dict[str, float] | None:
        """Of more than two tied teams, one that won every match against the others ranks above them (the NBB
        district rules' first rule)."""
        if len(group) < 3 or not self.all_met(group):
            return None
        values = dict.fromkeys(group, 1.0)
        for m in self.between(group):  # the match's winner: on IMPs, or on points at board-a-match and Patton
            if m.winner != m.match.home:
                values[m.match.home] = 0.0
            if m.winner != m.match.away:
                values[m.match.away] = 0.0
        return values

    def imp_quotient(self, group: Sequence[str]) -> dict[str, float] | None:
        """IMPs won / IMPs lost over all a team's matches (WBF General Conditions' third rule; the NBB district
        rules); a team that won IMPs and lost none is above every quotient."""

        def quotient(t: _Tally) -> float:
            if t.imps_against == 0:
                return math.inf if t.imps_for > 0 else 1.0
            return t.imps_for / t.imps_against

        return {team: quotient(self.tally[team]) for team in group}

    def net_imps(self, group: Sequence[str]) -> dict[str, float] | None:
        """The IMP difference of all the boards, only where the event is scored in VPs (EBU White Book
        143.7.1(c))."""
        if self.by_points:
            return None
        return {team: self.tally[team].imps_for - self.tally[team].imps_against for team in group}

    def tiebreak_points(self, group: Sequence[str]) -> dict[str, float] | None:
        """The sum of the final scores of every opponent played (EBU White Book 143.5.2), never in an
        all-play-all."""
        teams = [team for team, t in self.tally.items() if t.played]
        if self.all_met(teams):  # EBU 143.5.2: never in an all-play-all
            return None
        return {team: sum(self.tally[o].score for o in self.tally[team].opponents) for team in group}

    def count_back(self, group: Sequence[str]) -> dict[str, float] | None:
        """Point-a-board count-back: boards won, a drawn board a half (EBU White Book 143.5.3, 143.7.1(d))."""
        self._count_boards()
        return {team: self.tally[team].boards_won for team in group}


def _rules(table: _Table, tiebreak: Tiebreak) -> list[tuple[str, _Rule]]:
    """Each procedure's rules in order, with the words that name them (catalogue messages)."""
    if tiebreak == "wbf":
        return [
            (N_("result between them (WBF)"), table.head_to_head_score),
            (N_("IMPs between them (WBF)"), table.head_to_head_imps),
            (N_("IMP quotient (WBF)"), table.imp_quotient),
        ]
    if tiebreak == "ebu":
        return [
            (N_("result between them (EBU White Book 143.7.1a)"), table.head_to_head_score),
            (N_("IMPs between them (EBU White Book 143.7.1a)"), table.head_to_head_imps),
            (N_("tie-break points (EBU White Book 143.5.2)"), table.tiebreak_points),
            (N_("IMPs of all boards (EBU White Book 143.7.1c)"), table.net_imps),
            (N_("point-a-board count-back (EBU White Book 143.7.1d)"), table.count_back),
        ]
    if tiebreak == "nbb":
        return [
            (N_("won every match between them (NBB)"), table.won_every_match),
            (N_("IMP difference between them (NBB)"), table.head_to_head_imps),
            (N_("IMP quotient (NBB)"), table.imp_quotient),
        ]
    return []


def _key(value: float) -> float:
    return value if math.isinf(value) else round(value, 6)


def _split(group: list[str], rules: list[tuple[str, _Rule]], label: str) -> list[tuple[list[str], str]]:
    """``group`` (level teams) in order: blocks of teams still level, each with the rule that last separated it."""
    if len(group) < 2:
        return [(group, label)]
    for name, rule in rules:
        values = rule(group)
        if values is None or len({_key(v) for v in values.values()}) < 2:
            continue
        blocks: list[tuple[list[str], str]] = []
        for value in sorted({_key(v) for v in values.values()}, reverse=True):
            sub = [t for t in group if _key(values[t]) == value]
            blocks.extend(_split(sub, rules, name))
        return blocks
    return [(group, label)]


def byes_of(event: TeamsEvent, matches: Sequence[MatchScore]) -> dict[str, tuple[int, ...]]:
    """Each team's byes: the rounds in which other teams played a match and it played none (a Swiss or a round
    robin of an odd number of teams: the one team sitting out).  Only a round in which every team that played
    played one match and one team alone sat out counts: TeamsScorer numbers its "rounds" so that a team plays two
    matches in round 1 and four of ten teams sit out round 3 (the EBU's ``multiple-teams.xml``), and a round
    numbered so says nothing about byes."""
    count: dict[tuple[str, int], int] = defaultdict(int)
    for m in matches:
        count[m.match.home, m.match.round] += 1
        count[m.match.away, m.match.round] += 1
    irregular = {r for (_team, r), n in count.items() if n > 1}
    rounds = {m.match.round for m in matches} - irregular
    played: dict[str, set[int]] = defaultdict(set)
    for team, r in count:
        played[team].add(r)
    teams = set(event.teams) | set(played)
    byes: dict[str, list[int]] = defaultdict(list)
    for r in sorted(rounds):
        out = [team for team in teams if r not in played[team]]
        if len(out) == 1:
            byes[out[0]].append(r)
    return {team: tuple(rounds_out) for team, rounds_out in byes.items()}


def rank_teams(
    event: TeamsEvent,
    matches: Sequence[MatchScore],
    by: Literal["vp", "points", "imps"],
    tiebreak: Tiebreak,
    bye_vp: float | None = None,
    boards_won: Mapping[str, float] | None = None,
) -> tuple[TeamStanding, ...]:
    """The standings of ``event`` from its scored ``matches``, ranked ``by`` VPs, points or the IMP margin; a
    team's bye (:func:`byes_of`) adds ``bye_vp`` to its VPs (the event's conditions of contest say how many).
    ``boards_won``: each team's boards won for the count-back (EBU White Book 143.5.3) where the matches hold no
    boards (scored on columns); None: counted from the matches' boards."""
    table = _Table(matches, by == "points", boards_won)
    tally = table.tally
    byes = byes_of(event, matches)
    if by == "vp" and bye_vp:
        for team, rounds in byes.items():
            tally[team].score += bye_vp * len(rounds)
    teams = sorted(set(event.teams) | set(tally))

    def primary(team: str) -> float:
        t = tally[team]
        return _key(t.score if by != "imps" else t.imps_for - t.imps_against)

    rules = _rules(table, tiebreak)
    standings: list[TeamStanding] = []
    levels: dict[float, list[str]] = defaultdict(list)  # the teams level on each value, in the order of ``teams``
    for team in teams:
        levels[primary(team)].append(team)
    for value in sorted(levels, reverse=True):
        level = levels[value]
        for block, label in _split(level, rules, ""):
            place = len(standings) + 1
            for team in block:
                t = tally[team]
                standings.append(
                    TeamStanding(
                        place,
                        f"{place}=" if len(block) > 1 else str(place),
                        event.team(team),
                        t.played,
                        t.score if by == "vp" else None,
                        t.imps_for,
                        t.imps_against,
                        t.score if by == "points" else None,
                        label,
                        byes.get(team, ()),
                    )
                )
    return tuple(standings)
