"""The director's checks of a teams event: what the file says against what the program computes, and a schedule
that does not add up.

* **The file's own values** (kept by the readers: ``MatchBoard.extra`` ``imps``, ``team_points``,
  ``opposing_team_points``; ``Match.extra`` ``team_score``, ``opposing_team_score``; each from the home team's
  view, as the file writes it) that differ from the computed ones – a warning: the file's program may use another
  VP scale or tie margin, or the file was edited.  A value equal to the computed one rounded to the decimals the
  file writes is equal (a file writing whole VPs is not wrong by the decimals).  A value that is not a number is
  reported too (readers keep what they do not understand).
* **A team playing one board in two matches of a round** – a warning: a team may play two matches in a round on
  different boards (a Swiss teams' triangle; the EBU's multiple-teams movement, whose ROUND_NUMBER is a stanza in
  which a team meets two teams on different boards), but a board it plays twice is a mistake in the schedule or in
  the file.
* **A match whose two rooms have the same team North-South** on a board – an error: the rooms are the two halves
  of one comparison, the home team NS in one room and EW in the other (seed 000); with the same team NS in both
  the board's IMPs have the wrong sign.
* **A match listed twice in a round** (the EBU's ``multiple-teams.xml`` lists each match from each team's view):
  the engine scores it once and reports the copies (:func:`duplicate_matches`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence

from bridgescore.core.i18n import N_
from bridgescore.core.problems import Location, Problem, Severity
from bridgescore.teams.model import Match, MatchScore

__all__ = ["check_matches", "duplicate_matches"]


def _where(match: Match) -> Location:
    return match.source or Location("<input>")


def _decimals(text: str) -> int:
    return len(text.split(".", 1)[1]) if "." in text else 0


def _differs(text: str, computed: float) -> bool | None:
    """Whether the file's ``text`` differs from ``computed`` at the file's precision (None: not a number)."""
    written = text.strip().replace(",", ".")
    try:
        value = float(written)
    except ValueError:
        return None
    if not math.isfinite(value):
        return None
    return bool(abs(value - computed) > 0.5 * 10.0 ** -_decimals(written) + 1e-9)


def _compare(
    match: Match,
    where: Location,
    values: Mapping[str, str],
    key: str,
    computed: float | None,
    problems: list[Problem],
    board: int | None = None,
) -> None:
    text = values.get(key)
    if text is None or computed is None:
        return
    differs = _differs(text, computed)
    if differs is False:
        return
    at = Location(where.file, where.line, key, where.kind)
    names: dict[str, int | float | str] = {
        "round": match.round,
        "home": match.home,
        "away": match.away,
        "key": key,
        "text": text,
    }
    if board is not None:
        names["board"] = board
    if differs is None:
        message = (
            N_("round %(round)s, %(home)s against %(away)s: the file's %(key)s '%(text)s' is not a number")
            if board is None
            else N_(
                "round %(round)s, %(home)s against %(away)s, board %(board)s: the file's %(key)s '%(text)s' is "
                "not a number"
            )
        )
        problems.append(Problem.make(at, message, Severity.WARNING, **names))
        return
    message = (
        N_(
            "round %(round)s, %(home)s against %(away)s: the file says %(key)s %(text)s, the program computes "
            "%(computed)g"
        )
        if board is None
        else N_(
            "round %(round)s, %(home)s against %(away)s, board %(board)s: the file says %(key)s %(text)s, the "
            "program computes %(computed)g"
        )
    )
    problems.append(Problem.make(at, message, Severity.WARNING, computed=round(computed, 2), **names))


def check_matches(matches: Sequence[MatchScore], match_scoring: str = "") -> list[Problem]:
    """The director's checks of the scored ``matches`` (see the module's description).

    ``match_scoring`` is the file's own word for the match result (USEBIO ``MATCH_SCORING_METHOD``): the file's
    ``team_score`` is compared with the VPs (``VPS`` or a VP-scored event), the points (board-a-match, Patton) or
    else the IMPs."""
    problems: list[Problem] = []
    for m in matches:
        match = m.match
        for b in m.boards:
            same_ns = (
                b.board.open is not None
                and b.board.closed is not None
                and b.board.open.ns_pair == b.board.closed.ns_pair
            )
            if not (b.board.extra or same_ns):  # nothing to compare or report (most boards of a large event)
                continue
            line = next((r.source for r in (b.board.open, b.board.closed) if r is not None and r.source), None)
            where = line or _where(match)
            for key, computed in (
                ("imps", b.imps_home if b.problem is None else 0.0),
                ("team_points", b.points_home),
                ("opposing_team_points", b.points_away),
            ):
                _compare(match, where, b.board.extra, key, computed, problems, b.board.board)
            if same_ns:
                problems.append(
                    Problem.make(
                        where,
                        N_(
                            "round %(round)s, %(home)s against %(away)s: on board %(board)s team %(team)s sits "
                            "North-South in both rooms; one room's line has its teams the wrong way round"
                        ),
                        round=match.round,
                        home=match.home,
                        away=match.away,
                        board=b.board.board,
                        team=b.board.open.ns_pair if b.board.open is not None else "",
                    )
                )
        home: float | None
        away: float | None
        if m.points_home is not None:
            home, away = m.points_home, m.points_away
        elif m.vp_home is not None or match_scoring.upper() == "VPS":
            home, away = m.vp_home, m.vp_away
        else:
            home, away = m.imps_home, m.imps_away
        _compare(match, _where(match), match.extra, "team_score", home, problems)
        _compare(match, _where(match), match.extra, "opposing_team_score", away, problems)
    rounds: dict[int, dict[str, list[Match]]] = defaultdict(lambda: defaultdict(list))
    for m in matches:
        rounds[m.match.round][m.match.home].append(m.match)
        rounds[m.match.round][m.match.away].append(m.match)
    for number, teams in sorted(rounds.items()):
        for team, played in sorted(teams.items()):
            seen: dict[int, Match] = {}
            for match in played:
                for board in dict.fromkeys(b.board for b in match.boards):
                    first = seen.setdefault(board, match)
                    if first is match:
                        continue
                    problems.append(
                        Problem.make(
                            _where(match),
                            N_(
                                "round %(round)s: team %(team)s plays board %(board)s in two matches (against "
                                "%(first)s and %(second)s)"
                            ),
                            Severity.WARNING,
                            round=number,
                            team=team,
                            board=board,
                            first=first.away if first.home == team else first.home,
                            second=match.away if match.home == team else match.home,
                        )
                    )
    return problems


def duplicate_matches(matches: Sequence[Match]) -> tuple[list[Match], list[Problem]]:
    """The matches to score – each pair of teams once per round – and a problem for every copy left out.

    A file that lists a match from each team's view (the EBU's ``multiple-teams.xml``) would otherwise count it
    twice; the readers keep one, and the engine refuses the copies it still finds rather than count them."""
    seen: dict[tuple[int, frozenset[str]], Match] = {}
    kept: list[Match] = []
    problems: list[Problem] = []
    for match in matches:
        key = (match.round, frozenset((match.home, match.away)))
        first = seen.get(key)
        if first is None:
            seen[key] = match
            kept.append(match)
            continue
        first_at = _where(first)
        problems.append(
            Problem.make(
                _where(match),
                N_(
                    "round %(round)s: the match %(home)s against %(away)s is listed again (first at %(first)s); "
                    "it is scored once and this copy is left out"
                ),
                round=match.round,
                home=match.home,
                away=match.away,
                first=str(first_at),
            )
        )
    return kept, problems
