"""A multi-session event (issue 13): each session scored on its own, the event ranked by the running total.

Each session is scored as if it were alone (its own field: board 1 of session 1 is never compared with board 1 of
session 2) and summed up per pair by :func:`bridgescore.pairs.sessions.summarise`.  The event's ranking:

* **matchpoints**: the pair's session percentages averaged, weighted by the boards it played in each
  (Σ pᵢ·bᵢ / Σ bᵢ), which is the percentage of its matchpoints over its maximum across the sessions when every
  board has the same top: the EBU's multi-session pairs and the NBB's ("totaalstand" over zittingen) rank a pair
  on its percentage over all its boards, never a plain mean of session percentages that would let a short
  session weigh as much as a long one.  Not yet checked against a printout of EBUScore or the NBB program (the
  reference collection holds no multi-session event);
* **IMPs** (Butler, Bastille, cross-IMPs): the IMPs of every session summed (the session totals before factoring).

**Carry-over** (a qualifying's score brought into a final, the ACBL's "carryover" and the EBU's "carry-forward";
both leave its size to the conditions of contest): at matchpoints a percentage that counts as ``carry_over_boards``
boards in the weighted average, (C·W + Σ pᵢ·bᵢ) / (W + Σ bᵢ), W by default the boards of the longest session (the
carry-over weighs as one session); at IMPs an IMP amount added to the sum.  A pair without a carry-over has none
(W is not counted for it).

**Pairs across sessions**: by their players (:func:`bridgescore.core.players.pair_key`: member numbers, else their two
names), so a pair with another number in the second session is still one pair; a pair whose players are not known
is matched by its pair number (``SECTION:PAIR``; with the direction where a Mitchell numbers pairs per direction).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bridgescore.core.i18n import N_
from bridgescore.core.options import OptionError
from bridgescore.core.pairkey import PairKey, written_forms
from bridgescore.core.problems import Location, Problem
from bridgescore.pairs.sessions import PairSession, SessionSummary
from bridgescore.pairs.standings import shared_places

__all__ = ["MultiSession", "OverallEntry", "combine", "identity", "parse_carry_over"]


@dataclass(frozen=True, slots=True)
class OverallEntry:
    """One pair of the event: ``sessions`` its result in each session (None where it did not play), its
    carry-over, boards over all sessions, ``total`` (the weighted percentage, or IMPs) and its place."""

    key: str
    names: str
    pairs: tuple[str, ...]
    sessions: tuple[PairSession | None, ...]
    carry_over: float | None
    boards: int
    total: float | None
    place: int | None
    place_label: str


@dataclass(frozen=True, slots=True)
class MultiSession:
    """The event over its sessions: their names and summaries (in the order given), the unit (``percent`` or
    ``imps``), the weight of a carry-over percentage in boards, the ranked pairs and the problems found."""

    names: tuple[str, ...]
    summaries: tuple[SessionSummary, ...]
    unit: str
    carry_over_boards: float
    entries: tuple[OverallEntry, ...]
    problems: tuple[Problem, ...] = ()


#: The largest IMP carry-over taken: more than a whole event of 100 boards at 24 IMPs a board against 40 tables.
_MOST_IMPS = 100_000


def parse_carry_over(given: Sequence[str]) -> dict[str, float]:
    """``--carry-over PAIR=VALUE`` (``7=55.2``, ``A:7=55,2%``, ``3=+12 IMPs``) as pair → value; an entry that is
    not one raises :class:`~bridgescore.core.options.OptionError`."""
    out: dict[str, float] = {}
    for item in given:
        pair, sep, value = item.partition("=")
        text = value.strip().lower().removesuffix("imps").removesuffix("%").strip().replace(",", ".")
        try:
            number = float(text)
        except ValueError:
            number = None
        if not sep or not pair.strip() or number is None or not math.isfinite(number):
            raise OptionError(
                N_("--carry-over %(text)s: write PAIR=VALUE, e.g. 7=55.2 (a percentage) or 7=+12 (IMPs)"), text=item
            )
        if pair.strip() in out:  # the last one kept, silently, was a typo's result
            raise OptionError(N_("--carry-over %(pair)s is given twice: give each pair's carry-over once"),
                              pair=pair.strip())  # fmt: skip
        out[pair.strip()] = number
    return out


def identity(summary: SessionSummary) -> list[str]:
    """Each pair of ``summary`` as it is matched across sessions: its players' key where the players are known,
    else ``pair SECTION:PAIR`` (with its direction where the session ranks one number twice, NS 1 and EW 1)."""
    count: dict[str, int] = {}
    for p in summary.pairs:
        count[p.number] = count.get(p.number, 0) + 1
    out = []
    for p in summary.pairs:
        if p.players and len(p.players) == 2 and not p.key.startswith(f"{summary.key}/"):
            out.append(p.key)
        else:
            out.append(f"pair {p.number}" + (f" {p.direction}" if count[p.number] > 1 else ""))
    return out


def combine(
    names: Sequence[str],
    summaries: Sequence[SessionSummary],
    carry_over: Mapping[str, float] | None = None,
    carry_over_boards: float | None = None,
    where: str = "--carry-over",
) -> MultiSession:
    """The event ranked over ``summaries`` (one per session, named ``names``) by the running total (see the module
    docstring: percentages weighted by boards as the EBU's and the NBB's multi-session pairs rank, IMPs summed, a
    carry-over as the ACBL's carryover and the EBU's carry-forward); ``carry_over``: pair → percentage or IMPs,
    the pair named by its number in a session (``7``, ``A:7``) or its key (``#123+#456``).  A carry-over for no
    pair of the event, or sessions scored in different units, is a problem (error) with ``where`` as its
    location."""
    problems: list[Problem] = []
    units = {s.unit for s in summaries}
    unit = summaries[0].unit if summaries else "percent"
    if len(units) > 1:
        problems.append(
            Problem.make(
                Location(where),
                "the sessions are scored in percentages and in IMPs; score every session with one method",
            )
        )
    weight = (
        float(carry_over_boards)
        if carry_over_boards is not None
        else float(max((s.boards for s in summaries), default=0))
    )
    order: list[str] = []
    rows: dict[str, list[PairSession | None]] = {}
    own_ids: dict[str, list[str]] = {}
    for i, summary in enumerate(summaries):
        for ident, p in zip(identity(summary), summary.pairs, strict=True):
            if ident not in rows:
                rows[ident] = [None] * len(summaries)
                order.append(ident)
                own_ids[ident] = []
            if rows[ident][i] is None:
                rows[ident][i] = p
            own_ids[ident] += [p.number, *written_forms(PairKey(p.section, p.pair))]  # 7, A:7, A7 (pairkey)
    given: dict[str, float] = {}
    named: dict[str, str] = {}  # the pair as the director wrote it, per pair carried
    for pair, value in (carry_over or {}).items():
        match = [k for k in order if pair == k or pair in own_ids[k]]
        if not match:
            problems.append(
                Problem.make(
                    Location(where),
                    "carry-over for pair %(pair)s: there is no such pair in the sessions; write the pair number as "
                    "on the travellers",
                    pair=pair,
                )
            )
            continue
        if len(match) > 1:  # pair 1 of sections A and B, or two partnerships that were pair 7 on two evenings
            shown = [" / ".join(dict.fromkeys(p.number for p in rows[k] if p is not None)) for k in match]
            problems.append(
                Problem.make(
                    Location(where),
                    "carry-over for pair %(pair)s: it names %(count)s pairs of the event (%(pairs)s); name the pair "
                    "by its section (A:7) or by its players' member numbers (#123+#456)",
                    pair=pair, count=len(match), pairs=", ".join(shown),
                )
            )  # fmt: skip
            continue
        if unit == "percent" and not 0 <= value <= 100:  # 150 and -20 were used as given; 1e308, a traceback
            problems.append(
                Problem.make(
                    Location(where),
                    "carry-over for pair %(pair)s: %(value)s is not a percentage (0 to 100)",
                    pair=pair, value=f"{value:g}",
                )
            )  # fmt: skip
            continue
        if unit != "percent" and abs(value) > _MOST_IMPS:  # 1e308 IMPs: a traceback
            problems.append(
                Problem.make(
                    Location(where),
                    "carry-over for pair %(pair)s: %(value)s IMPs is more than any event scores (%(most)s at most)",
                    pair=pair, value=f"{value:g}", most=_MOST_IMPS,
                )
            )  # fmt: skip
            continue
        if match[0] in given:  # 7 and A:7, or a number and the players' key, of one pair
            problems.append(
                Problem.make(
                    Location(where),
                    "carry-over for pair %(pair)s: the pair is given a carry-over twice (%(first)s, %(pair)s)",
                    pair=pair, first=named[match[0]],
                )
            )  # fmt: skip
            continue
        given[match[0]] = value
        named[match[0]] = pair
    entries: list[tuple[str, str, tuple[str, ...], tuple[PairSession | None, ...], float | None, int, float | None]]
    entries = []
    for ident in order:
        played = rows[ident]
        boards = sum(p.boards for p in played if p is not None)
        carried = given.get(ident)
        total: float | None
        if unit == "percent":
            weighted = sum((p.percent or 0.0) * p.boards for p in played if p is not None and p.percent is not None)
            counted = sum(p.boards for p in played if p is not None and p.percent is not None)
            if carried is not None and weight > 0:
                weighted += carried * weight
                counted_w = counted + weight
            else:
                counted_w = counted
            total = weighted / counted_w if counted_w else None
        else:
            imps = [p.imps for p in played if p is not None and p.imps is not None and p.boards]
            total = sum(imps) + (carried or 0.0) if imps or carried is not None else None
        names_of = next((p.names for p in played if p is not None and p.names), "")
        pairs = tuple(p.number if p is not None else "" for p in played)
        entries.append((ident, names_of, pairs, tuple(played), carried, boards, total))
    ranked = sorted(entries, key=lambda e: (e[6] is None, -(e[6] or 0.0)))
    labels = shared_places([e[6] for e in ranked if e[6] is not None])
    out = (
        [
            OverallEntry(*entry, int(label.rstrip("=")), label)
            for entry, label in zip(ranked[: len(labels)], labels, strict=True)  # the pairs without a total are last
        ]
        + [OverallEntry(*entry, None, "") for entry in ranked[len(labels) :]]
    )
    return MultiSession(tuple(names), tuple(summaries), unit, weight, tuple(out), tuple(problems))
