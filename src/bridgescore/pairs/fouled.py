"""A fouled board at pairs (Law 87): the tables that played each version of the deal compared among themselves.

**The rule.**  Law 87A: a board is fouled when a card was displaced, or the dealer or vulnerability differed between
copies, so that contestants who should have had a score comparison did not play the board in identical form.  Law
87B: the Director "determines as closely as possible which scores were obtained on the board in its correct form
and which in the changed form(s)", divides the scores on that basis into groups and rates each group separately as
the regulations provide.  The federations' regulations agree on how for a group of some size: each group is
matchpointed on its own and its matchpoints are fitted to the board's full number of results, so that the fouled
board is worth as much as any other – the EBU (Nick Doe, *Scoring of fouled boards*, the EBU's procedure: M' =
(M·E + (E − A))/A for a group of A results on a board of E, rounded there to 0.1) and ACBLscore (its manual, chapter
92, "Fouled/Adjusted board formula", the WBF's formula: M = N·S/n + (N − n)/2n on the 1/½/0 scale).  Both are
Neuberg's formula (M + 1)·N/n − 1, which :class:`~bridgescore.pairs.methods.matchpoints.Matchpoints` applies here
with the full size N of the board in its field over the group's number of scores.  It is used on a fouled board even
where ``--no-neuberg`` turns it off for short boards, as the groups could not otherwise be put on one top.  A version
played at one table only is thereby average (50 %): a single result has nothing to be compared with.

**The other methods** (our choice, the Laws name none): Butler and Bastille take each group's own datum and give
each score the IMPs against it – a datum made of scores on two different deals is a number no table could have
been compared with; the board's datum shown is that of the board as dealt (the largest group where no line is
unmarked).  Cross-IMPs compare each score only with the scores of its group, and the total form factors the group
to the full board by (N − 1)/(n − 1) as it does a short board (ACBLscore's manual, chapter 83).

**Not done: small groups.**  Both federations score a small group by fixed percentages instead: the EBU (White Book
4.2.3.3) a group of at most three results that is at most a third of the board's, two at 65 % and 55 %, three at
70 %, 60 %, 50 %; ACBLscore a group of fewer than four (three where it is not the larger group) alike, and a single
result 60 % each way.  These are regulations, not the Law, and they differ; a director who applies one writes those
percentages on the lines as adjusted scores (``A65/55`` and ``A55/65``): the lines leave the comparison and the
other version is fitted to the full board as usual (tested in ``tests/test_pairs_fouled.py``).

**Input.**  A traveller line says which version it played in a column ``fouled`` (also ``deal version``,
``foul``): empty (or ``0``, ``no``, ``-``) is the board as dealt; any other text names a version, and the lines of a
board with the same text played the same version (``B``, ``rotated``, ``x``: compared as written, spaces around
aside).  A board whose lines name one version only is scored as usual.  The column is read from the lines' kept
columns (``Result.extra``), as the movement check reads ``round`` and ``table``: a file without it is read and
scored exactly as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from bridgescore.core.i18n import N_
from bridgescore.core.problems import Location, Problem, Severity
from bridgescore.core.table import Column, ResultTable
from bridgescore.io.csv_lines import header_key
from bridgescore.pairs.methods.base import BoardScores, ScoringMethod
from bridgescore.pairs.methods.matchpoints import Matchpoints

__all__ = [
    "AS_DEALT",
    "FOULED_HEADERS",
    "board_groups",
    "deal_versions",
    "fitted_method",
    "score_groups",
    "version_of",
    "versions_note",
]

#: The column headers (as :func:`~bridgescore.io.csv_lines.header_key` compares them) of a line's version of a deal.
FOULED_HEADERS = frozenset({"fouled", "foul", "dealversion", "fouledversion"})

#: What a director writes for the board as dealt in the ``fouled`` column (besides nothing).
AS_DEALT = frozenset({"", "0", "no", "n", "nee", "false", "-"})


def version_of(text: str | None) -> str:
    """A line's version of its deal as compared: ``""`` for the board as dealt, else the text as written."""
    key = (text or "").strip()
    return "" if key.casefold() in AS_DEALT else key


def deal_versions(table: ResultTable) -> Column[str] | None:
    """Each line's version of its deal (:func:`version_of`), or None where the file has no ``fouled`` column or
    every line played the board as dealt (nothing to do: the board is scored as before)."""
    column = next((c for name, c in table.extra.items() if header_key(name) in FOULED_HEADERS), None)
    if column is None:
        return None
    versions = column.map(version_of)
    return versions if any(versions.labels) else None


def score_groups(groups: npt.NDArray[np.int64], score: Callable[[npt.NDArray[np.int64]], BoardScores]) -> BoardScores:
    """One fouled board scored group by group: ``groups`` gives each compared score's group (0 … k − 1, group 0 the
    board as dealt or else the largest), ``score(positions)`` scores the compared scores at ``positions`` as a board
    of their own fitted to the full board.  The points come back in compared order; the datum is group 0's, the top
    the full board's (every group is fitted to it)."""
    ns = np.full(len(groups), np.nan)
    ew = np.full(len(groups), np.nan)
    datum: float | None = None
    top: float | None = None
    for g in range(int(groups.max(initial=-1)) + 1):
        positions = np.flatnonzero(groups == g)
        scored = score(positions)
        ns[positions] = scored.ns_points
        ew[positions] = scored.ew_points
        if g == 0:
            datum = scored.datum
        top = scored.top if top is None else max(top, scored.top or 0.0)
    return BoardScores(ns, ew, datum, top)


def board_groups(versions: Sequence[str]) -> tuple[npt.NDArray[np.int64], list[tuple[str, int]]] | None:
    """Each line's group on one board (0: the board as dealt where some lines are, else the largest version; then
    the others by size and name) and each group's (version, number of lines); None where the board's lines all
    played one version (not fouled)."""
    counts: dict[str, int] = {}
    for v in versions:
        counts[v] = counts.get(v, 0) + 1
    if len(counts) < 2:
        return None
    ordered = sorted(counts.items(), key=lambda item: (item[0] != "", -item[1], item[0]))
    index = {label: g for g, (label, _) in enumerate(ordered)}
    return np.fromiter((index[v] for v in versions), dtype=np.int64, count=len(versions)), ordered


def fitted_method(method: ScoringMethod) -> ScoringMethod:
    """The method a fouled board's groups are scored by: matchpoints always with Neuberg's formula (Law 87B and the
    EBU's formula put every group on the full board's top), every other method as it is."""
    if isinstance(method, Matchpoints) and not method.neuberg:
        return Matchpoints(method.scale, True, method.neuberg_factor_decimals)
    return method


def versions_note(
    where: Location | None, section: str, board: int, counts: Sequence[tuple[str, int]], full: int
) -> Problem:
    """The words a report prints about a fouled board: which board, how many results each version had and how they
    were scored (a warning: the director should see it; nothing is left out).  ``counts``: (version, results), the
    board as dealt named ``""``."""
    at = where or Location("<input>")
    dealt = next((n for label, n in counts if not label), 0)
    versions = ", ".join(f"'{label}' {n}" for label, n in counts if label)
    values: dict[str, str | int] = {"board": board, "dealt": dealt, "versions": versions, "full": full}
    if section:
        values["section"] = section
        message = N_(
            "section %(section)s, board %(board)s was fouled (Law 87): scored in groups of the same deal – %(dealt)s "
            "results as dealt, other versions %(versions)s; each group compared only within itself and fitted to "
            "%(full)s results (Neuberg's formula at matchpoints)"
        )
    else:
        message = N_(
            "board %(board)s was fouled (Law 87): scored in groups of the same deal – %(dealt)s results as dealt, "
            "other versions %(versions)s; each group compared only within itself and fitted to %(full)s results "
            "(Neuberg's formula at matchpoints)"
        )
    return Problem.make(Location(at.file, at.line, "fouled", at.kind), message, Severity.WARNING, **values)
