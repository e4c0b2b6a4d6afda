"""The director's checks of a scored event (seed 001, 10.7 "Controle van de telstaat").

* **board mirror** – on every line NS and EW points mirror: they add up to the top at matchpoints, to zero at
  IMPs ("zonder gekke dingen als arbitrale scores hebben noord-zuid en oost-west per spel de tegengestelde
  score").  Artificial adjusted scores are exempt and counted.
* **board totals** – the matchpoints of a board's n compared scores add up to n(n − 1) on the 2/1/0 scale
  (n(N − 1) after Neuberg to N results).
* **table totals** – for every meeting of two pairs, the NS pair's total and the EW pair's total mirror (a
  table can only be out of balance through lines that do not mirror, so those are summed per table).
* **zero sum** – at Butler, Bastille and cross-IMPs the whole event adds up to 0 IMPs ("uiteindelijk moet
  het resultaat van de hele avond dan ook 0 IMP worden"); where it does not, the adjusted scores that
  explain it are named.
* **scores match contracts** – lines whose contract, declarer and tricks give another score (Law 77).
* **pair once per board** – a pair that appears twice on a board.

Where the points are rounded before they are summed (``ScoringOptions.round_board_points``, as ACBLscore rounds
its Neuberg matchpoints to hundredths), a line's two values may miss the top by one step (3.88 + 0.13 = 4.01)
and a board's total by half a step per score: the mirror and total checks allow exactly that much.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from bridgescore.contract import score as contract_score
from bridgescore.i18n import N_, format_message
from bridgescore.methods.adjustments import ArtificialScore, PhantomScore
from bridgescore.methods.base import Unit
from bridgescore.methods.matchpoints import Matchpoints, MatchpointScale
from bridgescore.scored import Movement, ScoredEvent

__all__ = ["Check", "run_checks"]

_EPS = 1e-6
_MAX_LISTED = 5


@dataclass(frozen=True, slots=True)
class Check:
    """One control: its name, whether it holds, and in words what was found.

    ``message`` and ``values``: the detail as a catalogue message with its numbers apart, where the detail is
    one sentence (reports in another language write it from these); empty for a list of findings."""

    name: str
    ok: bool
    detail: str
    message: str = ""
    values: Mapping[str, int | float] = field(default_factory=dict)

    @staticmethod
    def of(name: str, ok: bool, message: str, **values: int | float) -> Check:
        """A check whose detail is the English ``message`` with ``values`` filled in."""
        return Check(name, ok, format_message(message, values), message, values)


def _listed(items: list[str]) -> str:
    shown = "; ".join(items[:_MAX_LISTED])
    return shown + (f"; and {len(items) - _MAX_LISTED} more" if len(items) > _MAX_LISTED else "")


def _where(section: str, board: int) -> str:
    return f"board {board}" if not section else f"section {section} board {board}"


def run_checks(scored: ScoredEvent) -> tuple[Check, ...]:
    """All of the director's checks, in the order of the module docstring."""
    is_mp = scored.unit is Unit.MATCHPOINTS
    mirror_bad: list[str] = []
    totals_bad: list[str] = []
    exempt = 0
    adjusted_sum = 0.0
    event_sum = 0.0
    # imbalance per meeting of two pairs: only lines that do not mirror can unbalance a table
    tables: dict[tuple[str, str, str], float] = {}
    method = scored.method
    half = isinstance(method, Matchpoints) and method.scale is MatchpointScale.ACBL
    decimals = scored.options.round_board_points
    step = 10.0**-decimals if decimals is not None else 0.0  # each value is off by at most half a step
    line_eps = _EPS + step
    for board in scored.boards:
        expected_pair_sum = (board.top or 0.0) if is_mp else 0.0
        ns_zero = np.nan_to_num(board.ns_points)
        ew_zero = np.nan_to_num(board.ew_points)
        line_sum = ns_zero + ew_zero
        event_sum += float(line_sum.sum())
        artificial = np.zeros(len(board.results), dtype=bool)
        for i in [i for i, a in enumerate(board.adjustments) if a is not None]:
            artificial[i] = isinstance(board.adjustments[i], ArtificialScore | PhantomScore)
        exempt += int(artificial.sum())
        adjusted_sum += float((line_sum[artificial] - expected_pair_sum).sum())
        scored_line = ~(np.isnan(board.ns_points) & np.isnan(board.ew_points))
        real = scored_line & ~artificial
        deviation = np.where(real, line_sum - expected_pair_sum, 0.0)
        for i in np.flatnonzero(np.abs(deviation) > line_eps).tolist():
            result = board.results[i]
            mirror_bad.append(
                f"{_where(board.section, board.number)} {result.ns_pair}-{result.ew_pair}: "
                f"NS {board.ns_points[i]:g} + EW {board.ew_points[i]:g} = {line_sum[i]:g}, "
                f"not {expected_pair_sum:g}"
            )
            key = (result.section, result.ns_pair, result.ew_pair)
            tables[key] = tables.get(key, 0.0) + float(deviation[i])
        ns_real = float(ns_zero[real].sum())
        if is_mp and board.n_scores:
            expected = board.n_scores * (board.full_count - 1) * (0.5 if half else 1.0)
            if not (isinstance(method, Matchpoints) and method.neuberg):
                expected = board.n_scores * (board.n_scores - 1) * (0.5 if half else 1.0)
            if abs(ns_real - expected) > _EPS + 0.5 * step * int(real.sum()):
                totals_bad.append(
                    f"{_where(board.section, board.number)}: NS matchpoints add up to {ns_real:g}, not {expected:g}"
                )

    if mirror_bad:
        checks = [Check("board mirror", False, _listed(mirror_bad))]
    elif exempt:
        mirror = (
            N_("on every line NS and EW add up to the top (%(exempt)s artificial adjusted line(s) exempt)")
            if is_mp
            else N_("on every line NS and EW add up to zero (%(exempt)s artificial adjusted line(s) exempt)")
        )
        checks = [Check.of("board mirror", True, mirror, exempt=exempt)]
    else:
        mirror = (
            N_("on every line NS and EW add up to the top") if is_mp else N_("on every line NS and EW add up to zero")
        )
        checks = [Check.of("board mirror", True, mirror)]
    if is_mp:
        checks.append(
            Check("board totals", False, _listed(totals_bad))
            if totals_bad
            else Check.of("board totals", True, N_("every board's matchpoints add up to n(n−1) (after Neuberg n(N−1))"))
        )
    table_bad = [
        f"{section + ' ' if section else ''}{ns_pair} against {ew_pair}: the totals are off by {off:+g}"
        for (section, ns_pair, ew_pair), off in tables.items()
        if abs(off) > line_eps
    ]
    checks.append(
        Check("table totals", False, _listed(table_bad))
        if table_bad
        else Check.of("table totals", True, N_("at every table the two pairs' totals mirror"))
    )
    if not is_mp:
        unexplained = event_sum - adjusted_sum
        ok = abs(unexplained) <= 1e-6 * max(1.0, len(scored.boards))
        if abs(event_sum) <= 1e-6:
            checks.append(Check.of("zero sum", ok, N_("the event adds up to 0 IMPs")))
        elif ok:
            sentence = N_("the event adds up to %(sum)s IMPs, all of it from artificial adjusted scores")
            checks.append(Check.of("zero sum", ok, sentence, sum=event_sum))
        else:
            sentence = N_(
                "the event adds up to %(sum)s IMPs; adjusted scores explain %(adjusted)s, %(unexplained)s is "
                "unexplained"
            )
            checks.append(
                Check.of("zero sum", ok, sentence, sum=event_sum, adjusted=adjusted_sum, unexplained=unexplained)
            )

    mismatched: list[str] = []
    for board in scored.boards:
        for result in board.results:
            c = result.contract
            if c is None or result.ns_score is None or c.is_passed_out:
                continue
            if result.tricks is None:
                continue
            expected_score = contract_score(c, result.declarer, result.vulnerability, result.tricks)
            if expected_score != result.ns_score:
                mismatched.append(
                    f"{_where(board.section, board.number)} {result.ns_pair}-{result.ew_pair}: "
                    f"{result.describe_contract()} scores {expected_score:+d}, "
                    f"the line says {result.ns_score:+d}"
                )
    checks.append(
        Check("scores match contracts", False, _listed(mismatched))
        if mismatched
        else Check.of(
            "scores match contracts", True, N_("every contract, declarer and result gives the score written (Law 77)")
        )
    )

    twice: list[str] = []
    for board in scored.boards:
        ns_pairs = [r.ns_pair for r in board.results]
        ew_pairs = [r.ew_pair for r in board.results]
        if (
            len(set(ns_pairs)) == len(ns_pairs)
            and len(set(ew_pairs)) == len(ew_pairs)
            and (
                scored.movements.get(board.results[0].section) is Movement.MITCHELL or not set(ns_pairs) & set(ew_pairs)
            )
        ):
            continue  # the quick answer for a board without repeats; sections are compared below otherwise
        seen: dict[tuple[str, str, str], int] = {}
        for result in board.results:
            two_lines = scored.movements.get(result.section) is Movement.MITCHELL
            for pair, direction in ((result.ns_pair, "NS"), (result.ew_pair, "EW")):
                key = (result.section, pair, direction if two_lines else "")
                seen[key] = seen.get(key, 0) + 1
        twice.extend(
            f"{_where(board.section, board.number)}: pair {section}{pair} {direction} appears {n} times"
            for (section, pair, direction), n in seen.items()
            if n > 1
        )
    checks.append(
        Check("pair once per board", False, _listed(twice))
        if twice
        else Check.of("pair once per board", True, N_("no pair appears twice on a board"))
    )
    return tuple(checks)
