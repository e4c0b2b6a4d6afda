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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np

from bridgescore.contract import Notation
from bridgescore.contract import score as contract_score
from bridgescore.i18n import N_, format_message, translator
from bridgescore.methods.adjustments import ArtificialScore, PhantomScore
from bridgescore.methods.base import Unit
from bridgescore.methods.matchpoints import Matchpoints, MatchpointScale
from bridgescore.scored import Movement, ScoredEvent

__all__ = ["Check", "Finding", "findings_text", "run_checks"]

_EPS = 1e-6
_MAX_LISTED = 5


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing a failed check found: where (``section``, ``board``; either may be absent) and what, as a
    catalogue message with its values apart (numbers, pair numbers, a contract), so that every report writes
    it in its own language with the language's numbers."""

    message: str
    values: Mapping[str, int | float | str] = field(default_factory=dict)
    section: str = ""
    board: int | None = None

    def text(self, lang: str = "en") -> str:
        """``board 3: 1-2, NS 7 + EW 4 = 11, not 12``; Dutch ``spel 3: 1-2, NZ 7 + OW 4 = 11, niet 12``."""
        _ = translator(lang).gettext
        if self.board is not None and self.section:
            where = format_message(N_("section %(section)s, board %(board)d"), self._place(), lang)
        elif self.board is not None:
            where = format_message(N_("board %(board)d"), self._place(), lang)
        elif self.section:
            where = _("section %(section)s") % {"section": self.section}
        else:
            where = ""
        what = format_message(self.message, self.values, lang)
        return f"{where}: {what}" if where else what

    def _place(self) -> dict[str, int | str]:
        return {"section": self.section, "board": self.board or 0}


def findings_text(findings: Iterable[Finding], lang: str = "en") -> str:
    """The findings one after the other, separated by semicolons."""
    return "; ".join(f.text(lang) for f in findings)


@dataclass(frozen=True, slots=True)
class Check:
    """One control: its name, whether it holds, and in words what was found.

    ``message`` and ``values``: the detail as a catalogue message with its numbers apart, where the detail is
    one sentence; ``findings``: what a failed check found, one :class:`Finding` each (the first five and a
    count of the rest).  Reports in another language write the detail from these (:meth:`text`)."""

    name: str
    ok: bool
    detail: str
    message: str = ""
    values: Mapping[str, int | float] = field(default_factory=dict)
    findings: tuple[Finding, ...] = ()

    @staticmethod
    def of(name: str, ok: bool, message: str, **values: int | float) -> Check:
        """A check whose detail is the English ``message`` with ``values`` filled in."""
        return Check(name, ok, format_message(message, values), message, values)

    @staticmethod
    def failed(name: str, found: list[Finding]) -> Check:
        """A failed check listing the first findings and how many more there are."""
        listed = found[:_MAX_LISTED]
        if len(found) > _MAX_LISTED:
            listed.append(Finding(N_("and %(more)d more"), {"more": len(found) - _MAX_LISTED}))
        findings = tuple(listed)
        return Check(name, False, findings_text(findings), findings=findings)

    def text(self, lang: str = "en") -> str:
        """The detail in ``lang`` (``nl``: Dutch words, decimal commas)."""
        if self.findings:
            return findings_text(self.findings, lang)
        if self.message:
            return format_message(self.message, self.values, lang)
        return translator(lang).gettext(self.detail) if self.detail else ""


#: A pair twice on a board, by the direction it sits in (two-line movements) or in either (one field).
_TWICE = {
    "NS": N_("pair %(pair)s NS appears %(times)d times"),
    "EW": N_("pair %(pair)s EW appears %(times)d times"),
    "": N_("pair %(pair)s appears %(times)d times"),
}


def run_checks(scored: ScoredEvent, notation: Notation = "en") -> tuple[Check, ...]:
    """All of the director's checks, in the order of the module docstring (``notation``: of the contracts
    named in the findings)."""
    is_mp = scored.unit is Unit.MATCHPOINTS
    mirror_bad: list[Finding] = []
    totals_bad: list[Finding] = []
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
            sentence = N_("%(ns_pair)s-%(ew_pair)s, NS %(ns)g + EW %(ew)g = %(sum)g, not %(expected)g")
            numbers = {"ns": float(board.ns_points[i]), "ew": float(board.ew_points[i]), "sum": float(line_sum[i])}
            values: dict[str, int | float | str] = {"ns_pair": result.ns_pair, "ew_pair": result.ew_pair, **numbers}
            values["expected"] = expected_pair_sum
            mirror_bad.append(Finding(sentence, values, board.section, board.number))
            key = (result.section, result.ns_pair, result.ew_pair)
            tables[key] = tables.get(key, 0.0) + float(deviation[i])
        ns_real = float(ns_zero[real].sum())
        if is_mp and board.n_scores:
            expected = board.n_scores * (board.full_count - 1) * (0.5 if half else 1.0)
            if not (isinstance(method, Matchpoints) and method.neuberg):
                expected = board.n_scores * (board.n_scores - 1) * (0.5 if half else 1.0)
            if abs(ns_real - expected) > _EPS + 0.5 * step * int(real.sum()):
                sentence = N_("NS matchpoints add up to %(total)g, not %(expected)g")
                totals_bad.append(
                    Finding(sentence, {"total": ns_real, "expected": expected}, board.section, board.number)
                )

    if mirror_bad:
        checks = [Check.failed("board mirror", mirror_bad)]
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
            Check.failed("board totals", totals_bad)
            if totals_bad
            else Check.of("board totals", True, N_("every board's matchpoints add up to n(n−1) (after Neuberg n(N−1))"))
        )
    table_bad = [
        Finding(
            N_("%(ns_pair)s against %(ew_pair)s, the totals are off by %(off)+g"),
            {"ns_pair": ns_pair, "ew_pair": ew_pair, "off": off},
            section,
        )
        for (section, ns_pair, ew_pair), off in tables.items()
        if abs(off) > line_eps
    ]
    checks.append(
        Check.failed("table totals", table_bad)
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

    mismatched: list[Finding] = []
    for board in scored.boards:
        for result in board.results:
            c = result.contract
            if c is None or result.ns_score is None or c.is_passed_out:
                continue
            if result.tricks is None:
                continue
            expected_score = contract_score(c, result.declarer, result.vulnerability, result.tricks)
            if expected_score != result.ns_score:
                sentence = N_("%(ns_pair)s-%(ew_pair)s, %(contract)s scores %(expected)+d, the line says %(written)+d")
                found: dict[str, int | float | str] = {"ns_pair": result.ns_pair, "ew_pair": result.ew_pair}
                found["contract"] = result.describe_contract(notation)
                found |= {"expected": expected_score, "written": result.ns_score}
                mismatched.append(Finding(sentence, found, board.section, board.number))
    checks.append(
        Check.failed("scores match contracts", mismatched)
        if mismatched
        else Check.of(
            "scores match contracts", True, N_("every contract, declarer and result gives the score written (Law 77)")
        )
    )

    twice: list[Finding] = []
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
            Finding(_TWICE[direction], {"pair": pair, "times": n}, section, board.number)
            for (section, pair, direction), n in seen.items()
            if n > 1
        )
    checks.append(
        Check.failed("pair once per board", twice)
        if twice
        else Check.of("pair once per board", True, N_("no pair appears twice on a board"))
    )
    return tuple(checks)
