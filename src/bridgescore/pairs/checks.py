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
import numpy.typing as npt

from bridgescore.core.adjustments import ArtificialScore, PhantomScore
from bridgescore.core.contract import Notation
from bridgescore.core.contract import score as contract_score
from bridgescore.core.i18n import N_, format_message, translator
from bridgescore.core.table import distinct, on_both_sides, pair_codes
from bridgescore.pairs.methods.base import Unit
from bridgescore.pairs.methods.matchpoints import Matchpoints, MatchpointScale
from bridgescore.pairs.scored import Movement, ScoredEvent, pair_ids

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
    named in the findings).

    Computed on the event's columns (issue 12): whole-event arrays for the lines, a step per board for the sums
    that are printed (each board summed as before, so every number is the same), and a ``Result`` only for a line
    a finding names."""
    is_mp = scored.unit is Unit.MATCHPOINTS
    lines = scored.lines
    mirror_bad: list[Finding] = []
    totals_bad: list[Finding] = []
    # imbalance per meeting of two pairs: only lines that do not mirror can unbalance a table
    tables: dict[tuple[str, str, str], float] = {}
    method = scored.method
    half = isinstance(method, Matchpoints) and method.scale is MatchpointScale.ACBL
    decimals = scored.options.round_board_points
    step = 10.0**-decimals if decimals is not None else 0.0  # each value is off by at most half a step
    line_eps = _EPS + step
    n = len(lines.rows)
    tops = np.nan_to_num(lines.tops)
    expected_pair_sum = tops[lines.board_of_line] if is_mp else np.zeros(n)
    ns_zero = np.nan_to_num(lines.ns_points)
    ew_zero = np.nan_to_num(lines.ew_points)
    line_sum = ns_zero + ew_zero
    artificial = np.zeros(n, dtype=bool)
    for position, adjustment in lines.adjustments.items():
        artificial[position] = isinstance(adjustment, ArtificialScore | PhantomScore)
    exempt = int(artificial.sum())
    scored_line = ~(np.isnan(lines.ns_points) & np.isnan(lines.ew_points))
    real = scored_line & ~artificial
    deviation = np.where(real, line_sum - expected_pair_sum, 0.0)
    for position in np.flatnonzero(np.abs(deviation) > line_eps).tolist():
        result = scored.result(position)
        b = int(lines.board_of_line[position])
        sentence = N_("%(ns_pair)s-%(ew_pair)s, NS %(ns)g + EW %(ew)g = %(sum)g, not %(expected)g")
        numbers = {
            "ns": float(lines.ns_points[position]),
            "ew": float(lines.ew_points[position]),
            "sum": float(line_sum[position]),
        }
        values: dict[str, int | float | str] = {"ns_pair": result.ns_pair, "ew_pair": result.ew_pair, **numbers}
        values["expected"] = float(expected_pair_sum[position])
        mirror_bad.append(Finding(sentence, values, lines.board_sections[b], int(lines.board_numbers[b])))
        key = (result.section, result.ns_pair, result.ew_pair)
        tables[key] = tables.get(key, 0.0) + float(deviation[position])
    event_sum = 0.0
    adjusted_sum = 0.0
    starts = lines.board_starts.tolist()
    neuberg = isinstance(method, Matchpoints) and method.neuberg
    for b, section in enumerate(lines.board_sections):
        s, e = starts[b], starts[b + 1]
        event_sum += float(line_sum[s:e].sum())
        board_artificial = artificial[s:e]
        if board_artificial.any():
            adjusted_sum += float((line_sum[s:e][board_artificial] - (tops[b] if is_mp else 0.0)).sum())
        n_scores = int(lines.n_scores[b])
        if is_mp and n_scores:
            board_real = real[s:e]
            ns_real = float(ns_zero[s:e][board_real].sum())
            full_count = int(lines.full_counts[b])
            expected = n_scores * ((full_count if neuberg else n_scores) - 1) * (0.5 if half else 1.0)
            if abs(ns_real - expected) > _EPS + 0.5 * step * int(board_real.sum()):
                sentence = N_("NS matchpoints add up to %(total)g, not %(expected)g")
                number = int(lines.board_numbers[b])
                totals_bad.append(Finding(sentence, {"total": ns_real, "expected": expected}, section, number))

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
        ok = abs(unexplained) <= 1e-6 * max(1.0, len(lines.board_sections))
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
    for position, expected_score in _contract_mismatches(scored):
        result = scored.result(position)
        b = int(lines.board_of_line[position])
        sentence = N_("%(ns_pair)s-%(ew_pair)s, %(contract)s scores %(expected)+d, the line says %(written)+d")
        found: dict[str, int | float | str] = {"ns_pair": result.ns_pair, "ew_pair": result.ew_pair}
        found["contract"] = result.describe_contract(notation)
        found |= {"expected": expected_score, "written": result.ns_score or 0}
        mismatched.append(Finding(sentence, found, lines.board_sections[b], int(lines.board_numbers[b])))
    checks.append(
        Check.failed("scores match contracts", mismatched)
        if mismatched
        else Check.of(
            "scores match contracts", True, N_("every contract, declarer and result gives the score written (Law 77)")
        )
    )

    twice = _pairs_twice(scored)
    checks.append(
        Check.failed("pair once per board", twice)
        if twice
        else Check.of("pair once per board", True, N_("no pair appears twice on a board"))
    )
    return tuple(checks)


def _contract_mismatches(scored: ScoredEvent) -> list[tuple[int, int]]:
    """The lines (positions in board order) whose contract, declarer and tricks give another score than the one
    written (Law 77), each with the score they give.  The score is worked out once per distinct (contract,
    declarer, vulnerability, tricks), not once per line."""
    lines = scored.lines
    table = lines.table
    rows = lines.rows
    contracts = table.contract
    with_contract = contracts.mask(lambda c: c is not None and not c.is_passed_out)[rows]
    ns_score = table.ns_score[rows]
    tricks = table.tricks[rows].astype(np.int64)
    candidates = np.flatnonzero(with_contract & ~np.isnan(ns_score) & (tricks >= 0))
    if not len(candidates):
        return []
    board = table.board[rows][candidates].astype(np.int64)
    cycle = np.where(board >= 1, (board - 1) % 16, 16)  # a board numbered below 1 is refused as before
    key = (
        (contracts.codes[rows][candidates].astype(np.int64) * 5 + table.declarer[rows][candidates] + 1) * 17 + cycle
    ) * 256 + tricks[candidates]  # tricks is an int8: 0 to 127 here
    unique, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    expected = np.empty(len(unique), dtype=np.float64)
    for u, at in enumerate(first.tolist()):
        result = scored.result(int(candidates[at]))
        contract = result.contract
        assert contract is not None and result.tricks is not None
        expected[u] = contract_score(contract, result.declarer, result.vulnerability, result.tricks)
    per_line = expected[inverse.reshape(-1)]
    wrong = per_line != ns_score[candidates]
    return list(zip(candidates[wrong].tolist(), per_line[wrong].astype(np.int64).tolist(), strict=True))


def _pairs_twice(scored: ScoredEvent) -> list[Finding]:
    """A pair that appears more than once on a board: by direction in a two-line movement, in either otherwise.

    A board whose NS pairs and EW pairs each appear once and (in a one-field movement) no number on both sides is
    passed over as before (the quick answer, decided by the section of its first line)."""
    lines = scored.lines
    table = lines.table
    rows = lines.rows
    n_boards = len(lines.board_sections)
    if not len(rows):
        return []
    mitchell = {section: m is Movement.MITCHELL for section, m in scored.movements.items()}
    ns_ids, ew_ids, keys = pair_ids(lines, mitchell)
    _, ns_codes, ew_codes = pair_codes(table)
    board = lines.board_of_line
    width = int(max(ns_codes.max(initial=0), ew_codes.max(initial=0))) + 1

    def repeats(codes: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        seen = distinct(board * width + codes[rows]) // width
        return np.bincount(seen, minlength=n_boards) < np.diff(lines.board_starts)

    crossed = np.zeros(n_boards, dtype=bool)
    crossed[on_both_sides(board, ns_codes[rows], ew_codes[rows])] = True
    first_sections = table.section.codes[rows[lines.board_starts[:-1]]]
    first_mitchell = np.fromiter(
        (mitchell.get(table.section.labels[c], False) for c in first_sections.tolist()), dtype=bool, count=n_boards
    )
    looked_at = repeats(ns_codes) | repeats(ew_codes) | (~first_mitchell & crossed)
    seats = np.column_stack((ns_ids, ew_ids)).reshape(-1)
    boards = np.repeat(board, 2)
    chosen = looked_at[boards]
    combined = boards[chosen] * (len(keys) + 1) + seats[chosen]
    unique, first, counts = np.unique(combined, return_index=True, return_counts=True)
    found: list[Finding] = []
    for at in np.argsort(first[counts > 1], kind="stable").tolist():
        u = int(unique[counts > 1][at])
        b, key = divmod(u, len(keys) + 1)
        section, pair, direction = keys[key]
        times = int(counts[counts > 1][at])
        found.append(Finding(_TWICE[direction], {"pair": pair, "times": times}, section, int(lines.board_numbers[b])))
    return found
