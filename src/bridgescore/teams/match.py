"""One match scored: each board against the other room, the match totals, segments, carry-over and the winner.

Every rule names its source:

* **IMPs** (Law 78B; seed 000 "viertallen"): the home team's IMPs on a board are those of (North-South's score in
  the open room − North-South's score in the closed room), on the WBF scale.
* **Assigned scores** (Law 12C1) are compared like table results; a **weighted** assigned score (Law 12C1(c):
  ``50% 4S= + 50% 4S-1``) is compared part by part, and the IMPs (or board points) of each comparison are weighted –
  the *results* are weighted, not the scores, as :mod:`bridgescore.pairs.scored` does for pairs.
* **Artificial adjusted scores** (Law 12C2, read with the same words as for pairs through
  :func:`bridgescore.pairs.scored.read_adjustment`): at IMPs average-plus is +3, average 0 and average-minus −3 IMPs
  (Law 86A); a percentage is ``(p − 50) × 0.3`` IMPs (60 % → +3, 40 % → −3; WBF practice, the same
  :class:`~bridgescore.core.adjustments.AdjustmentValues` as pairs).  An artificial score in either room decides
  the board (the other room's result is not compared, Law 86A scores the *board*).  Each team's award is worked
  out separately, and the two need not balance (Law 12C2: "the scores awarded to the two sides need not
  balance"; the EBU gives AVE-/AVE- as −3 IMPs to both teams when both are at fault): A-/A- is −3 IMPs to each
  team, which ``BoardScore.imps_away`` and ``MatchScore.shared_imps`` carry, and each team's VPs come from its
  own margin.  In a **knock-out** (``TeamsOptions.knockout``), where one team must win, Law 86 (non-balancing
  adjustments in knock-out play) has each team's score worked out separately and the average of the two awarded
  to both: the home team gets ``(home − away) / 2`` IMPs, the away team the opposite (A+/A- +3, A-/A- 0).
  Where both rooms carry a ruling, each team's award is the mean of
  its two (a reader that writes the same ruling on both lines does not score it twice).  Assigned scores always
  balance here: a room's line has one NS score.  At board-a-match an award is that percentage of the board's
  points (average-plus 60 %, average one half, average-minus 40 %): our choice,
  the Laws give no board-a-match values.
* A board with **no result in one room** (no line, a line ``not played`` without a ruling, or a line that cannot
  be read) cannot be compared: it is reported and, as no result could be obtained and the fault is not known to
  the program, scores as average to both teams (Law 12C2(a)): no IMPs either way (half the board's points at
  board-a-match).  A director who knows who was at fault writes the ruling (``A+/A-``) on the played room's line
  or on the missing one; then the ruling decides the board.  The WBF and EBU practice for a board that could not
  be played in one room is the same artificial adjusted score.
* A **fouled board** (Law 87, ``MatchBoard.fouled``): the two rooms did not play the same deal, so the board is not
  compared (Law 87B scores only like against like); unless a room carries a ruling, each team gets average (Law
  12C2(a)): no IMPs (half the board's points at board-a-match), and the board is listed among the checks.
* **Board-a-match** (Law 78A applied to one other table; ``TeamsOptions.board_points``): the board is won, tied
  or lost against the other room.  ``acbl``: 1, ½, 0 (the ACBL's board-a-match); ``ebu``: 2, 1, 0 (the EBU's
  point-a-board, USEBIO ``PAB``).  Any difference wins a board – checked against the EBU's sample file
  ``point-a-board-teams.xml`` (EBUScoreTeams): a difference of 10 loses, only equal scores tie.
* **Patton** (``TeamsOptions.patton``): board points plus points for the match as a whole.  ``acbl``: 1/½/0 per
  board plus 2 points for the aggregate (the total of the scores over the match; 1 each when level), the ACBL's
  Patton of four-board matches; ``nbb``: 2/1/0 per board plus the victory points of the match's IMP margin on the
  event's VP scale (the Patton of the Dutch and Nordic clubs, IMPs-to-VPs plus board points; the Icelandic BR's
  Patton puts the board points on a second 20-VP scale instead).  Neither form was checked against a federation's
  own text or a reference file: the reference data has no Patton event, so both are to be confirmed.
* **Carry-over** (``Match.carry_over``): the IMPs a knock-out match starts with, added to the side it favours.
* The **winner** of a match: the side with more IMPs (carry-over included) or more points; level is
  :data:`~bridgescore.teams.model.TIED` (EBU White Book 143.2.1: a tied knock-out match plays extra boards).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from bridgescore.core.adjustments import AdjustmentValues, ArtificialScore, AssignedScore, Award, WeightedScore
from bridgescore.core.event import Result, ResultStatus
from bridgescore.core.i18n import N_
from bridgescore.core.imps import wbf_imps
from bridgescore.core.problems import Location, Problem, Severity
from bridgescore.pairs.scored import read_adjustment
from bridgescore.teams.model import TIED, BoardScore, Match, MatchBoard, MatchScore, SegmentScore, TeamsForm
from bridgescore.teams.vp import VPScale, WBFContinuous

__all__ = ["BoardPoints", "PattonForm", "board_points_of", "plain_room", "score_match", "vps_of_margin", "winner_of"]

#: Board-a-match points for a win: ``acbl`` 1/½/0 (ACBL board-a-match), ``ebu`` 2/1/0 (EBU point-a-board).
BoardPoints = Literal["acbl", "ebu"]

#: The Patton forms: ``acbl`` (1/½/0 per board + 2 for the aggregate), ``nbb`` (2/1/0 per board + VPs of the IMPs).
PattonForm = Literal["acbl", "nbb"]

_WIN: dict[BoardPoints, float] = {"acbl": 1.0, "ebu": 2.0}

#: The board points of each Patton form: 1/½/0 at the ACBL's, 2/1/0 at the NBB's.
_PATTON_BOARDS: dict[PattonForm, BoardPoints] = {"acbl": "acbl", "nbb": "ebu"}

#: Points of the aggregate at the ACBL's Patton: 2 to the side with the larger total, 1 each when level.
ACBL_PATTON_AGGREGATE = 2.0


def board_points_of(form: BoardPoints) -> float:
    """The points for winning a board at board-a-match in ``form`` (a tie is half of it): ``acbl`` 1 (the ACBL's
    board-a-match), ``ebu`` 2 (the EBU's point-a-board, USEBIO ``PAB``)."""
    return _WIN[form]


@dataclass(frozen=True, slots=True)
class _Room:
    """What one room's line gives the comparison: its NS score(s) with their weights, or an artificial ruling."""

    parts: tuple[tuple[float, float], ...] = ()  # (weight, NS score); empty: no result
    ruling: ArtificialScore | None = None
    problem: Problem | None = None

    @property
    def scored(self) -> bool:
        return bool(self.parts)


def _room(result: Result | None) -> _Room:
    """A room's line read as the pairs engine reads it (:func:`bridgescore.pairs.scored.read_adjustment`)."""
    if result is None:
        return _Room()
    adjustment, problem = read_adjustment(result)
    if problem is not None:
        return _Room(problem=problem)
    if isinstance(adjustment, ArtificialScore):
        return _Room(ruling=adjustment)
    if isinstance(adjustment, AssignedScore):
        return _Room(((1.0, float(adjustment.ns_score)),))
    if isinstance(adjustment, WeightedScore):
        fractions = adjustment.fractions()
        return _Room(tuple((f, float(p.ns_score)) for f, p in zip(fractions, adjustment.parts, strict=True)))
    if result.status is ResultStatus.NOT_PLAYED:
        return _Room()
    if result.status is ResultStatus.PASSED_OUT:
        return _Room(((1.0, 0.0),))
    if result.ns_score is None:  # pragma: no cover - read_adjustment reports a line without a score
        return _Room()
    return _Room(((1.0, float(result.ns_score)),))


def _where(match: Match, board: MatchBoard) -> Location:
    """Where to point a director for a board: a room's line if the file gave one, else the match."""
    for line in (board.open, board.closed):
        if line is not None and line.source is not None:
            return line.source
    return match.source or Location("<input>")


@dataclass(frozen=True, slots=True)
class _Options:
    form: TeamsForm
    board_points: BoardPoints
    patton: PattonForm
    adjustments: AdjustmentValues
    vp: VPScale | None
    knockout: bool


def _award_imps(values: AdjustmentValues, awards: Sequence[Award]) -> float:
    return sum(values.imps(a) for a in awards) / len(awards)


def _award_share(values: AdjustmentValues, awards: Sequence[Award]) -> float:
    return sum(values.percent(a) for a in awards) / len(awards) / 100.0


#: The WBF IMPs of each score difference met (a scalar call of :func:`wbf_imps` goes through numpy: a few
#: microseconds, for each of a federation's half a million boards).
_IMPS_OF_DIFFERENCE: dict[float, float] = {}


def plain_room(result: Result | None) -> bool:
    """Whether a room's line is a score as played (or passed out), no remarks: :func:`_room` reads it as its NS
    score (0 passed out) with weight 1."""
    return (
        result is not None
        and not result.remarks
        and (
            (result.status is ResultStatus.PLAYED and result.ns_score is not None)
            or result.status is ResultStatus.PASSED_OUT
        )
    )


def _score_plain_board(board: MatchBoard, options: _Options) -> BoardScore:
    """:func:`_score_board` of a board not fouled whose rooms are both :func:`plain_room`: the same numbers, each
    difference's IMPs looked up once."""
    open_line, closed_line = board.open, board.closed
    assert open_line is not None and closed_line is not None
    ns_open, ns_closed = open_line.ns_score, closed_line.ns_score
    s_open = float(ns_open) if open_line.status is ResultStatus.PLAYED and ns_open is not None else 0.0
    s_closed = float(ns_closed) if closed_line.status is ResultStatus.PLAYED and ns_closed is not None else 0.0
    difference = s_open - s_closed
    found = _IMPS_OF_DIFFERENCE.get(difference)
    if found is None:
        found = _IMPS_OF_DIFFERENCE[difference] = float(wbf_imps(difference))
    imps = 0.0 + 1.0 * found  # as the weighted sum of _score_board (0.0 + -0.0 is 0.0)
    if options.form == "imps":
        return BoardScore(board, ns_open, ns_closed, imps)
    win = _WIN[options.board_points] if options.form != "patton" else _WIN[_PATTON_BOARDS[options.patton]]
    points = 0.0 + 1.0 * (win if difference > 0 else win / 2 if difference == 0 else 0.0)
    return BoardScore(board, ns_open, ns_closed, imps, points, win - points)


def _score_board(match: Match, board: MatchBoard, options: _Options) -> BoardScore:
    """One board of ``match`` (see the module's description for each rule)."""
    if not board.fouled and plain_room(board.open) and plain_room(board.closed):
        return _score_plain_board(board, options)
    open_room, closed_room = _room(board.open), _room(board.closed)
    ns_open = board.open.ns_score if board.open is not None else None
    ns_closed = board.closed.ns_score if board.closed is not None else None
    at_points = options.form != "imps"
    win = _WIN[options.board_points] if options.form != "patton" else _WIN[_PATTON_BOARDS[options.patton]]
    rulings = [(room, side) for room, side in ((open_room, "open"), (closed_room, "closed")) if room.ruling]
    if rulings:
        # the home team is NS in the open room, EW in the closed room
        home = [r.ruling.ns if side == "open" else r.ruling.ew for r, side in rulings if r.ruling is not None]
        away = [r.ruling.ew if side == "open" else r.ruling.ns for r, side in rulings if r.ruling is not None]
        imps_home = _award_imps(options.adjustments, home)
        imps_away = _award_imps(options.adjustments, away)
        share_home = _award_share(options.adjustments, home)
        share_away = _award_share(options.adjustments, away)
        if options.knockout:  # Law 86: the average of the two teams' scores to both
            imps_home, imps_away = (imps_home - imps_away) / 2, (imps_away - imps_home) / 2
            share_home, share_away = (share_home + 1 - share_away) / 2, (share_away + 1 - share_home) / 2
        balanced = math.isclose(imps_home, -imps_away, abs_tol=1e-9)
        award: tuple[float | None, float | None] = (win * share_home, win * share_away) if at_points else (None, None)
        return BoardScore(board, ns_open, ns_closed, imps_home, award[0], award[1],
                          imps_away=None if balanced else imps_away)  # fmt: skip
    problem: Problem | None = None
    if board.fouled:
        problem = Problem.make(
            _where(match, board),
            N_(
                "round %(round)s, %(home)s against %(away)s: board %(board)s is fouled (Law 87); it is not compared "
                "between the rooms and each team gets average"
            ),
            Severity.WARNING,
            round=match.round,
            home=match.home,
            away=match.away,
            board=board.board,
        )
    elif not (open_room.scored and closed_room.scored):
        problem = open_room.problem or closed_room.problem
        if problem is None:
            missing = N_(
                "round %(round)s, %(home)s against %(away)s: board %(board)s has no result in the open room; it "
                "is not compared and each team gets average (Law 12C2(a)); write the "
                "director's ruling (A+/A-, A60/40) on the line to score it otherwise"
            )
            if open_room.scored:
                missing = N_(
                    "round %(round)s, %(home)s against %(away)s: board %(board)s has no result in the closed room; "
                    "it is not compared and each team gets average (Law 12C2(a)); write the "
                    "director's ruling (A+/A-, A60/40) on the line to score it otherwise"
                )
            if not open_room.scored and not closed_room.scored:
                missing = N_(
                    "round %(round)s, %(home)s against %(away)s: board %(board)s has no result in either room; "
                    "each team gets average (Law 12C2(a)); write the director's ruling (A+/A-, A60/40) on a line to "
                    "score it otherwise"
                )
            explicit = any(r is not None and r.status is ResultStatus.NOT_PLAYED for r in (board.open, board.closed))
            problem = Problem.make(
                _where(match, board),
                missing,
                Severity.WARNING if explicit else Severity.ERROR,
                round=match.round,
                home=match.home,
                away=match.away,
                board=board.board,
            )
    if problem is not None:
        half = win / 2 if at_points else None
        return BoardScore(board, ns_open, ns_closed, None, half, half, problem)
    imps = 0.0
    points = 0.0
    for (f_open, s_open), (f_closed, s_closed) in itertools.product(open_room.parts, closed_room.parts):
        weight = f_open * f_closed
        difference = s_open - s_closed
        imps += weight * float(wbf_imps(difference))
        points += weight * (win if difference > 0 else win / 2 if difference == 0 else 0.0)
    if not at_points:
        return BoardScore(board, ns_open, ns_closed, imps)
    return BoardScore(board, ns_open, ns_closed, imps, points, win - points)


def _split(board: BoardScore) -> tuple[float, float, float]:
    """A board's IMPs as (won by home, won by away, shared): a non-balancing award (home h, away a) is the balanced
    part (h − a) / 2 won by one side and the shared part (h + a) / 2 that both teams get."""
    if board.imps_home is None:
        return 0.0, 0.0, 0.0
    if board.imps_away is None:
        return max(board.imps_home, 0.0), max(-board.imps_home, 0.0), 0.0
    balanced = (board.imps_home - board.imps_away) / 2
    return max(balanced, 0.0), max(-balanced, 0.0), (board.imps_home + board.imps_away) / 2


def _aggregate(boards: Sequence[BoardScore]) -> float:
    """The home team's aggregate over the compared boards (the ACBL's Patton: the total of the scores over the
    match): Σ (NS open − NS closed), weighted scores at their mean."""
    total = 0.0
    for b in boards:
        if b.problem is None and b.ns_open is not None and b.ns_closed is not None and b.points_home is not None:
            total += b.ns_open - b.ns_closed
    return total


def winner_of(match: Match, home: float, away: float) -> str:
    if math.isclose(home, away, abs_tol=1e-9):
        return TIED
    return match.home if home > away else match.away


def vps_of_margin(scale: VPScale, margin: float, shared: float, boards: int) -> tuple[float, float]:
    """Each team's VPs from its own margin: the balanced margin plus what both teams got from non-balancing
    awards (Law 12C2: the scores awarded to the two sides need not balance; 0 when every board balances, where
    this is the scale's own pair)."""
    if shared == 0:
        return scale.vp(margin, boards)
    return scale.vp(margin + shared, boards)[0], scale.vp(-margin + shared, boards)[0]


def score_match(
    match: Match,
    form: TeamsForm,
    board_points: BoardPoints = "acbl",
    patton: PattonForm = "acbl",
    adjustments: AdjustmentValues | None = None,
    vp: VPScale | None = None,
    knockout: bool = False,
) -> MatchScore:
    """Score ``match`` in ``form``: its boards, totals, segments, VPs (IMPs with a scale; the NBB Patton's IMP
    part) or points (board-a-match, Patton) and its winner.  ``knockout``: the match must have a winner (Law 86:
    non-balancing adjustments are averaged)."""
    options = _Options(form, board_points, patton, adjustments or AdjustmentValues(), vp, knockout)
    boards = tuple(_score_board(match, b, options) for b in match.boards)
    won = [_split(b) for b in boards]
    imps_home = sum(w[0] for w in won) + max(match.carry_over, 0.0)
    imps_away = sum(w[1] for w in won) + max(-match.carry_over, 0.0)
    shared = sum(w[2] for w in won)
    segments: list[SegmentScore] = []
    numbers = sorted({b.segment for b in match.boards})
    for segment in numbers if len(numbers) > 1 else ():  # a match in one segment has no subtotals
        part = [(s, w) for s, w in zip(boards, won, strict=True) if s.board.segment == segment]
        totals = [sum(w[i] for _, w in part) for i in range(3)]
        points = (
            (sum(s.points_home or 0.0 for s, _ in part), sum(s.points_away or 0.0 for s, _ in part))
            if form != "imps"
            else (None, None)
        )
        segments.append(SegmentScore(segment, totals[0], totals[1], points[0], points[1], totals[2]))
    kept = tuple(segments)
    if form == "imps":
        vp_pair = (
            vps_of_margin(vp, imps_home - imps_away, shared, len(match.boards)) if vp is not None else (None, None)
        )
        return MatchScore(match, boards, imps_home, imps_away, vp_pair[0], vp_pair[1], segments=kept,
                          winner=winner_of(match, imps_home, imps_away), shared_imps=shared)  # fmt: skip
    points_home = sum(b.points_home or 0.0 for b in boards)
    points_away = sum(b.points_away or 0.0 for b in boards)
    vp_home: float | None = None
    vp_away: float | None = None
    if form == "patton" and patton == "acbl":
        aggregate = _aggregate(boards)
        if aggregate == 0:
            points_home += ACBL_PATTON_AGGREGATE / 2
            points_away += ACBL_PATTON_AGGREGATE / 2
        elif aggregate > 0:
            points_home += ACBL_PATTON_AGGREGATE
        else:
            points_away += ACBL_PATTON_AGGREGATE
    elif form == "patton":
        vp_home, vp_away = vps_of_margin(vp or WBFContinuous(), imps_home - imps_away, shared, len(match.boards))
        points_home += vp_home
        points_away += vp_away
    return MatchScore(match, boards, imps_home, imps_away, vp_home, vp_away, points_home, points_away, kept,
                      winner_of(match, points_home, points_away), shared_imps=shared)  # fmt: skip
