"""The Valet score: the Butler score split into bidding, declarer play, opening lead and defence.

Source: seed 003 ("The Valet Score: Principles", Søren Hein, 2015/2018) and the observable behaviour of its
reference program (valet-bridge/valet, commit 8e20da1), documented in ``shared/reference/valet/CONVENTIONS.md``
(cited below as "conv. §x").  The idea: replace a declarer by every declarer who played in the same strain from
the same seat (the *cloud*), apply their tricks to this declarer's own contract, and call the average of those
artificial scores the *bidding* score; what remains of the Butler score is the *play* score.  The defenders get
the opposite, and the part of their defence that the choice of opening-lead suit explains is their *lead* score.

Three scoring forms (conv. §3.4, seed §2.3): ``iaf`` (IMPs across the field, the reference's default and the
seed author's recommendation), ``datum`` (Butler IMPs against an average) and ``matchpoints`` (every comparison
is +1/0/−1, i.e. "IMPs limited to one"; averages become percentages on output).  Each comes plain (``cloud=False``,
the reference's ``-x``: seed §4.2 decomposition o1/b1, datum o-datum/b-datum) or as the *cloud* decomposition
(the reference's default: o3/b4 for IAF and matchpoints, o2/b3 for datum; seed §4.3).

Everything is vectorised across hands with numpy: a hand's comparisons are made between the distinct scores
that can occur on it (its *universe*: each actual score and each artificial score of a cloud), so the cost is
the sum over hands of (distinct scores)², about 1.4 million comparisons for 387,000 results.

Where the reference program has defects (conv. §3.7, §4.1, §4.2, §6) bridgescore does the documented, correct
thing; each difference is listed in docs/valet.md and marked ``Reference defect`` below.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from bridgescore.core.contract import Contract, Risk, Side, Strain, vulnerability_of_board
from bridgescore.core.imps import RoundingPolicy, wbf_imps
from bridgescore.core.problems import Location, Problem, Severity

__all__ = [
    "COMPONENTS",
    "LEAD_SUITS",
    "ORDERS",
    "ScoringForm",
    "ValetOptions",
    "ValetResult",
    "ValetTables",
    "missing_rounds",
    "parse_rounds",
    "score_valet",
]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
_T = TypeVar("_T", bound=np.generic)

#: The suits a lead can be in, as the reference program codes them (C D H S); -1 means "no lead recorded".
LEAD_SUITS = "CDHS"
NO_LEAD = -1
TRICKS = 14  # 0..13 tricks


class ScoringForm(Enum):
    """The comparison behind every number (seed §2.3; the reference's ``-v imps|datum|matchpoints``)."""

    IAF = "iaf"
    DATUM = "datum"
    MATCHPOINTS = "matchpoints"

    @property
    def header(self) -> str:
        """The reference program's column title for the overall score."""
        return {"iaf": "IMPs", "datum": "Butler", "matchpoints": "MP"}[self.value]


#: Sort keys of the reference's ``-o`` (conv. §4.1), best first.
ORDERS = ("overall", "bidding", "play", "defense", "lead", "bidoverplay", "defoverplay", "leadoverplay")

#: The seven per-pair accumulators (conv. §3.6).
COMPONENTS = ("overall", "bid", "play1", "play2", "lead1", "lead2", "defence")
OVERALL, BID, PLAY1, PLAY2, LEAD1, LEAD2, DEFENCE = range(7)


@dataclass(frozen=True, slots=True)
class ValetOptions:
    """Every variant of the reference program, with its letter.

    ``form`` (``-v``), ``cloud`` (default on; ``-x`` turns it off), ``leads`` (``-l``), ``lead_average``
    (``-a``), ``drop_extremes`` (``-e``: datum without one highest and one lowest score, as the WBF's Butler
    datum does with more), ``rounding`` (``-h`` = ``TRUNCATE``), ``compensate`` (``-c``), ``min_hands``
    (``-m``), ``rounds`` (``-r``: a set of round numbers, or None for all), ``order`` (``-o``).
    """

    form: ScoringForm = ScoringForm.IAF
    cloud: bool = True
    leads: bool = False
    lead_average: bool = False
    drop_extremes: bool = False
    rounding: RoundingPolicy = RoundingPolicy.HALF_UP
    compensate: bool = False
    min_hands: int | None = None
    rounds: frozenset[int] | None = None
    order: str = "overall"


#: The longest range ``--rounds`` accepts (a set of a billion rounds, from a typing error, would fill the memory).
MAX_ROUND_RANGE = 1_000_000


def _ranges(numbers: Sequence[int]) -> str:
    """Sorted round numbers written as ranges: ``1-3, 5``."""
    out: list[str] = []
    start = prev = numbers[0]
    for x in [*numbers[1:], None]:
        if x is not None and x == prev + 1:
            prev = x
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if x is not None:
            start = prev = x
    return ", ".join(out)


def missing_rounds(tables: ValetTables, rounds: frozenset[int] | None) -> Problem | None:
    """The rounds chosen with ``--rounds`` that the input does not hold: an error when it holds none of them
    (nothing would be scored: an empty table with no word of why), a warning when it lacks only some."""
    if rounds is None:
        return None
    present = np.unique(tables.hand_round)
    wanted = np.fromiter(sorted(rounds), dtype=np.int64, count=len(rounds))
    absent = wanted[~np.isin(wanted, present)].tolist()
    if not absent:
        return None
    held = f"the input holds rounds {_ranges(present.tolist())}" if present.size else "the input holds no tables"
    where = Location("--rounds")
    if len(absent) == len(wanted):
        return Problem(where, f"none of the rounds chosen ({_ranges(absent)}) is in the input: {held}")
    what = f"round {absent[0]} is" if len(absent) == 1 else f"rounds {_ranges(absent)} are"
    return Problem(where, f"{what} not in the input and skipped: {held}", Severity.WARNING)


def parse_rounds(text: str) -> frozenset[int]:
    """Read ``3``, ``2-5`` or a list ``1,3-5,7`` (the reference's ``-r`` reads only one range: conv. §2)."""
    rounds: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise ValueError(f"'{text}': empty element in the list of rounds")
        lo, sep, hi = part.partition("-")
        try:
            a = int(lo)
            b = int(hi) if sep else a
        except ValueError:
            raise ValueError(f"'{part}' is not a round number or a range such as 2-5") from None
        if a < 1 or b < a:
            raise ValueError(f"'{part}': rounds are numbered from 1 and a range goes upwards (2-5)")
        if b - a >= MAX_ROUND_RANGE:
            raise ValueError(f"'{part}': a range of more than {MAX_ROUND_RANGE:,} rounds is surely a typing error")
        rounds.update(range(a, b + 1))
    return frozenset(rounds)


def _readonly(a: npt.NDArray[np.generic]) -> npt.NDArray[np.generic]:
    a.setflags(write=False)
    return a


@dataclass(frozen=True)
class ValetTables:
    """Table results for the Valet score, one row per table, stored as read-only columns (fast to score).

    Every row is complete: a passed-out row has ``passed`` set and no declarer, tricks or lead (they are
    -1), and a row without a lead has ``lead == -1`` - nothing is ever inherited from the row above it
    (the reference program's reused parse record is its main defect: conv. §6).

    ``hand_round``/``hand_board`` give each row's hand: rows of the same (round, board) are compared with
    each other.  ``players`` is (n, 4) player indices into ``player_tags`` in seat order N E S W.
    ``level`` 0 means passed out; ``strain`` 0-4 is C D H S NT; ``risk`` 0-2; ``declarer`` 0-3 is N E S W;
    ``lead`` 0-3 is the suit led (C D H S) or -1.  ``sources`` gives each row's file and line.
    """

    hand_round: IntArray
    hand_board: IntArray
    players: IntArray
    level: IntArray
    strain: IntArray
    risk: IntArray
    declarer: IntArray
    tricks: IntArray
    lead: IntArray
    player_tags: tuple[str, ...]
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    sources: Sequence[Location] | None = None
    pair_of_player: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        for name in ("hand_round", "hand_board", "players", "level", "strain", "risk", "declarer", "tricks", "lead"):
            _readonly(getattr(self, name))

    def __len__(self) -> int:
        return int(self.level.shape[0])

    @property
    def passed(self) -> BoolArray:
        result: BoolArray = self.level == 0
        return result

    def select(self, keep: BoolArray) -> ValetTables:
        """The rows where ``keep`` is true (e.g. the rounds chosen with ``--rounds``)."""
        src: Sequence[Location] | None = None
        if self.sources is not None:
            take = getattr(self.sources, "take", None)
            rows = np.flatnonzero(keep)
            src = take(rows) if take is not None else tuple(self.sources[int(i)] for i in rows)
        return ValetTables(
            self.hand_round[keep].copy(), self.hand_board[keep].copy(), self.players[keep].copy(),
            self.level[keep].copy(), self.strain[keep].copy(), self.risk[keep].copy(),
            self.declarer[keep].copy(), self.tricks[keep].copy(), self.lead[keep].copy(),
            self.player_tags, self.names, src, self.pair_of_player,
        )  # fmt: skip

    def name_of(self, player: int) -> str:
        tag = self.player_tags[player]
        return self.names.get(tag, tag)

    def contract_of(self, row: int) -> Contract:
        """Row ``row``'s contract as a ``bridgescore.core.contract.Contract``."""
        if self.level[row] == 0:
            return Contract(0, None)
        return Contract(int(self.level[row]), Strain(int(self.strain[row])), Risk(int(self.risk[row])))


class KeyIndex:
    """The index of each key among distinct 64-bit ``keys`` (a Valet tag's bytes packed into a word, a pair of
    players): a multiplicative hash into a table some 8 to 16 times the number of keys (it stays in the
    processor's cache: ten times faster than ``searchsorted`` or ``np.unique(return_inverse=True)`` on
    400,000 rows), with ``searchsorted`` for the few keys whose slot two keys share."""

    def __init__(self, keys: npt.NDArray[np.uint64]) -> None:
        if keys.size == 0:
            raise ValueError("KeyIndex of no keys")
        self.keys = keys
        bits = max(8, int(keys.size).bit_length() + 3)
        self.shift = np.uint64(64 - bits)
        slots = (keys * _HASH) >> self.shift
        table = np.full(1 << bits, -1, dtype=np.int32)
        table[slots] = np.arange(keys.size, dtype=np.int32)
        table[np.bincount(slots.astype(np.intp), minlength=1 << bits) > 1] = -2
        self.table = table
        self.order = np.argsort(keys)
        self.sorted = keys[self.order]

    def __call__(self, keys: npt.NDArray[np.uint64]) -> tuple[npt.NDArray[np.int32], BoolArray]:
        """The index of each of ``keys`` (uint64) among the keys, and whether it is one."""
        candidate = self.table[(keys * _HASH) >> self.shift]
        index = np.maximum(candidate, 0)
        found = (candidate >= 0) & (self.keys[index] == keys)
        clash = candidate == -2
        if clash.any():
            pos = np.minimum(np.searchsorted(self.sorted, keys[clash]), self.sorted.size - 1)
            index[clash] = self.order[pos]
            found[clash] = self.sorted[pos] == keys[clash]
        return index, found


_HASH = np.uint64(0x9E3779B97F4A7C15)


# --- scores ------------------------------------------------------------------------------------------------


def _score_table() -> IntArray:
    """Declarer's score by [level 0-7, strain, risk, vulnerable, tricks] (Law 77 via ``Contract.score``)."""
    table = np.zeros((8, 5, 3, 2, TRICKS), dtype=np.int64)
    for level in range(1, 8):
        for strain in Strain:
            for risk in Risk:
                contract = Contract(level, strain, risk)
                for vul in (0, 1):
                    for tricks in range(TRICKS):
                        table[level, strain, risk, vul, tricks] = contract.score(bool(vul), tricks)
    return table


_SCORES: IntArray | None = None


def _scores() -> IntArray:
    global _SCORES
    if _SCORES is None:
        _SCORES = _score_table()
    return _SCORES


# Law 2: vulnerability by board modulo 16 (board 16 -> index 0), from ``vulnerability_of_board``.
_VUL_NS = np.array([vulnerability_of_board(b or 16).is_vulnerable(Side.NS) for b in range(16)], dtype=np.int64)
_VUL_EW = np.array([vulnerability_of_board(b or 16).is_vulnerable(Side.EW) for b in range(16)], dtype=np.int64)


# --- the comparison function ----------------------------------------------------------------------------


def _comparison(form: ScoringForm, rounding: RoundingPolicy) -> _Compare:
    mp = form is ScoringForm.MATCHPOINTS
    key = (mp, rounding)
    if key not in _TABLES:
        diffs = np.arange(-_LIMIT, _LIMIT + 1)
        _TABLES[key] = np.sign(diffs).astype(np.float64) if mp else wbf_imps(diffs, rounding).astype(np.float64)
    return _Compare(mp, rounding, _TABLES[key])


@dataclass(frozen=True, slots=True)
class _Compare:
    """f(difference): WBF IMPs (Law 78B, ``bridgescore.core.imps.wbf_imps``) or, at matchpoints, the sign
    (conv. §3.1: the reference scores a matchpoint comparison as +1, 0 or −1)."""

    matchpoints: bool
    rounding: RoundingPolicy
    table: FloatArray

    def __call__(self, diff: npt.NDArray[np.signedinteger[Any]]) -> FloatArray:
        index = np.clip(diff, -_LIMIT, _LIMIT)
        index += _LIMIT
        result: FloatArray = self.table[index]
        return result


# differences are looked up in a table made once with ``wbf_imps`` (scores are at most 7,600 apart from 0)
_LIMIT = 20_000
_TABLES: dict[tuple[bool, RoundingPolicy], FloatArray] = {}


class _Universe:
    """The distinct (hand, score) points of all hands, and every pair of points of the same hand.

    ``inverse`` maps the given points to the distinct ones; ``sums(weights)`` gives for each distinct point
    x the sum over the points s of its hand of weight(s) · f(x − s).  Cost: Σ_h (distinct points of h)².
    """

    def __init__(self, hand: IntArray, value: IntArray, f: _Compare) -> None:
        span = np.int64(1 << 24)
        half = np.int64(1 << 23)
        keys, inverse = np.unique(hand * span + (value + half), return_inverse=True)
        self.inverse = inverse.ravel()
        self.size = keys.size
        u_hand = keys // span
        u_val = keys - u_hand * span - half
        start = np.searchsorted(u_hand, u_hand, side="left")
        stop = np.searchsorted(u_hand, u_hand, side="right")
        sizes = stop - start
        # pairs as 32-bit indices and values (half the memory; 1.4 million pairs for bench-all's 387,000 rows)
        index = np.int32 if int(sizes.sum()) < 2**31 else np.int64
        self.q = np.repeat(np.arange(keys.size, dtype=index), sizes)
        first = np.cumsum(sizes) - sizes
        self.s = np.arange(int(sizes.sum()), dtype=index) - np.repeat((first - start).astype(index), sizes)
        values = u_val.astype(np.int32)  # scores: at most 7,600 from 0
        diff = values[self.q]
        diff -= values[self.s]
        self.f = f(diff)

    def weights(self, point_weights: FloatArray) -> FloatArray:
        result = np.bincount(self.inverse, weights=point_weights, minlength=self.size)
        return result.astype(np.float64, copy=False)

    def sums(self, weights: FloatArray) -> FloatArray:
        result = np.bincount(self.q, weights=self.f * weights[self.s], minlength=self.size)
        return result.astype(np.float64, copy=False)


def _field_sums(
    q_hand: IntArray, q_val: IntArray, s_hand: IntArray, s_val: IntArray, s_weight: FloatArray, f: _Compare
) -> FloatArray:
    """For every query (hand, value): Σ over the support points of the same hand of weight · f(value − s).

    Queries and support points are first reduced to the distinct (hand, value) pairs, then every distinct
    query meets every distinct support point of its hand: the work is Σ_h (distinct values of h)².
    """
    if q_hand.size == 0:
        return np.zeros(0)
    span = np.int64(1 << 24)
    half = np.int64(1 << 23)
    q_key = q_hand * span + (q_val + half)
    s_key = s_hand * span + (s_val + half)
    uq, q_inv = np.unique(q_key, return_inverse=True)
    us, s_inv = np.unique(s_key, return_inverse=True)
    sw = np.bincount(s_inv, weights=s_weight, minlength=us.size)
    uq_hand = uq // span
    us_hand = us // span
    # support range of each query's hand
    start = np.searchsorted(us_hand, uq_hand, side="left")
    stop = np.searchsorted(us_hand, uq_hand, side="right")
    sizes = stop - start
    total = int(sizes.sum())
    q_idx = np.repeat(np.arange(uq.size), sizes)
    first = np.cumsum(sizes) - sizes
    s_idx = np.arange(total) - np.repeat(first - start, sizes)
    diff = (uq[q_idx] - uq_hand[q_idx] * span) - (us[s_idx] - us_hand[s_idx] * span)
    sums = np.bincount(q_idx, weights=f(diff) * sw[s_idx], minlength=uq.size).astype(np.float64, copy=False)
    result: FloatArray = sums[q_inv.ravel()]
    return result


def _truncated_mean(total: IntArray, count: IntArray) -> IntArray:
    """C++ integer division (toward zero): the reference's datum (conv. §3.2, "987.7 → 987, −83.3 → −83")."""
    safe = np.maximum(count, 1)
    q: IntArray = np.where(total < 0, -((-total) // safe), total // safe)
    return q


# --- the result --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ValetResult:
    """Everything the Valet score computes: per table (NS view) and per pair.

    Per row of the input (``tables``): ``total`` (the overall/Butler component), ``bid`` and ``lead_imps``
    (the part of the defence explained by the lead suit, 0 where no lead counts), all from North-South's
    view and in raw units (IMPs, or ±1 comparisons at matchpoints); ``ns_pair``/``ew_pair`` index ``pairs``.

    Per pair: ``sums`` and ``counts`` of shape (pairs, 7) for ``COMPONENTS`` (conv. §3.6), after which
    ``averages`` gives the per-chance averages (percentages at matchpoints) with ``compensation`` added.
    """

    tables: ValetTables
    options: ValetOptions
    total: FloatArray
    bid: FloatArray
    lead_imps: FloatArray
    has_lead: BoolArray
    hand: IntArray
    hand_keys: tuple[tuple[int, int], ...]
    ns_pair: IntArray
    ew_pair: IntArray
    pairs: tuple[tuple[int, int], ...]
    sums: FloatArray
    counts: IntArray
    compensation: FloatArray

    @property
    def matchpoints(self) -> bool:
        return self.options.form is ScoringForm.MATCHPOINTS

    @property
    def offset(self) -> float:
        """The neutral value of an average: 0 IMPs, 50 % (the reference's MPoff: conv. §4.2)."""
        return 50.0 if self.matchpoints else 0.0

    def pair_name(self, pair: int) -> str:
        """``name(smaller tag) - name(larger tag)``, as the reference prints a pair (conv. §4.1)."""
        a, b = self.pairs[pair]
        known = self.tables.pair_of_player
        if known is not None and known[a] == known[b]:
            return self.tables.name_of(a)  # an event's pair (players not known individually)
        return f"{self.tables.name_of(a)} - {self.tables.name_of(b)}"

    @property
    def averages(self) -> FloatArray:
        """Per-chance averages (conv. §3.6): sum/count, or 100·(sum+count)/(2·count) % at matchpoints;
        with ``compensate`` the opponents' strength (conv. §3.7) is added."""
        counts = self.counts.astype(np.float64)
        safe = np.maximum(counts, 1.0)
        if self.matchpoints:
            avg = np.where(counts > 0, 100.0 * (self.sums + counts) / (2.0 * safe), 50.0)
        else:
            avg = np.where(counts > 0, self.sums / safe, 0.0)
        result: FloatArray = avg + self.compensation
        return result

    def summary(self) -> FloatArray:
        """Per pair the printed columns (conv. §4.3), NaN where a count is 0.

        Columns: overall, bid, play, declaring, defending, declarer1, declarer2, lead1, lead2, lead average,
        rest of defence; use ``summary_counts`` for the counts.
        """
        avg = self.averages
        c = self.counts.astype(np.float64)
        off = self.offset
        out = np.full((avg.shape[0], 11), np.nan)
        out[:, 0] = avg[:, OVERALL]
        out[:, 1] = avg[:, BID]
        out[:, 2] = avg[:, OVERALL] - avg[:, BID] + off
        nd = c[:, PLAY1] + c[:, PLAY2]
        with np.errstate(invalid="ignore", divide="ignore"):
            out[:, 3] = np.where(nd > 0, (avg[:, PLAY1] * c[:, PLAY1] + avg[:, PLAY2] * c[:, PLAY2]) / nd, np.nan)
            # Defending as the reference's csv computes it (conv. §4.3); its text table weights the lead
            # averages by the declaring counts instead - Reference defect, not copied (conv. §4.2).
            lead_sum = avg[:, LEAD1] * c[:, LEAD1] + avg[:, LEAD2] * c[:, LEAD2]
            out[:, 4] = np.where(
                c[:, DEFENCE] > 0, -off + (lead_sum + avg[:, DEFENCE] * c[:, DEFENCE]) / c[:, DEFENCE], np.nan
            )
            out[:, 5] = np.where(c[:, PLAY1] > 0, avg[:, PLAY1], np.nan)
            out[:, 6] = np.where(c[:, PLAY2] > 0, avg[:, PLAY2], np.nan)
            out[:, 7] = np.where(c[:, LEAD1] > 0, avg[:, LEAD1], np.nan)
            out[:, 8] = np.where(c[:, LEAD2] > 0, avg[:, LEAD2], np.nan)
            # Lead average over the hands on lead; the reference divides by the hands *declared*
            # (conv. §4.2, "Average") - Reference defect, not copied.
            nl = c[:, LEAD1] + c[:, LEAD2]
            out[:, 9] = np.where(nl > 0, lead_sum / nl, np.nan)
            out[:, 10] = np.where(c[:, DEFENCE] > 0, avg[:, DEFENCE], np.nan)
        return out

    def summary_counts(self) -> IntArray:
        c = self.counts
        out = np.zeros((c.shape[0], 11), dtype=np.int64)
        out[:, 0] = c[:, OVERALL]
        out[:, 1] = c[:, BID]
        out[:, 2] = c[:, OVERALL]
        out[:, 3] = c[:, PLAY1] + c[:, PLAY2]
        out[:, 4] = c[:, DEFENCE]
        out[:, 5] = c[:, PLAY1]
        out[:, 6] = c[:, PLAY2]
        out[:, 7] = c[:, LEAD1]
        out[:, 8] = c[:, LEAD2]
        out[:, 9] = c[:, LEAD1] + c[:, LEAD2]
        out[:, 10] = c[:, DEFENCE]
        return out

    def order(self) -> IntArray:
        """Pairs best first by ``options.order`` (conv. §4.1), ties in pair-number order.

        Every pair is sorted: the reference leaves the last pair unsorted when the number of pairs is
        15 modulo 16 (conv. §4.1) - Reference defect, not copied.
        """
        avg = self.averages
        play = avg[:, PLAY1] + avg[:, PLAY2]
        lead = avg[:, LEAD1] + avg[:, LEAD2]
        key = {
            "overall": avg[:, OVERALL],
            "bidding": avg[:, BID],
            "play": play,
            "defense": avg[:, DEFENCE],
            "lead": lead,
            "bidoverplay": avg[:, BID] - play,
            "defoverplay": avg[:, DEFENCE] - play,
            "leadoverplay": lead - play,
        }[self.options.order]
        # equal averages (up to rounding noise of the summation order) keep pair-number order
        ordered: IntArray = np.argsort(-np.round(key, 9), kind="stable")
        return ordered

    def tables_to_print(self) -> list[IntArray]:
        """One list of pairs, or with ``min_hands`` m two: pairs with at least m hands, then those with fewer.

        The reference puts pairs with exactly m hands in both tables and prints an empty second table
        (conv. §4.1) - Reference defect, not copied: each pair is printed once, an empty table not at all.
        """
        order = self.order()
        m = self.options.min_hands
        if m is None:
            return [order]
        hands = self.counts[order, OVERALL]
        first = order[hands >= m]
        second = order[hands < m]
        return [first, second] if second.size else [first]


# --- the computation --------------------------------------------------------------------------------------


def score_valet(tables: ValetTables, options: ValetOptions | None = None) -> ValetResult:
    """Score ``tables`` with the Valet score (seed 003; conv. §3).  Never fails on complete input: hands
    played once score 0 (the reference aborts), pass-outs and lead-less rows are handled (conv. §6)."""
    opts = options or ValetOptions()
    if opts.rounds is not None:
        keep = np.isin(tables.hand_round, np.fromiter(opts.rounds, dtype=np.int64))
        if not keep.all():
            tables = tables.select(keep)
    f = _comparison(opts.form, opts.rounding)
    n = len(tables)
    if n == 0:
        empty = np.zeros(0)
        none = np.zeros(0, dtype=np.int64)
        return ValetResult(tables, opts, empty, empty, empty, np.zeros(0, dtype=bool), none, (), none, none, (),
                           np.zeros((0, 7)), np.zeros((0, 7), dtype=np.int64), np.zeros((0, 7)))  # fmt: skip

    # Hands: rows with the same (round, board) are compared with each other.
    hr, hb = tables.hand_round, tables.hand_board
    bspan = np.int64(int(hb.max()) + 1)
    hkey = hr * bspan + hb
    top = int(hkey.max())
    if top < 16 * n + 1024:  # compact key space: mark and count instead of sorting
        seen = np.zeros(top + 1, dtype=bool)
        seen[hkey] = True
        uh = np.flatnonzero(seen)
        hand = (np.cumsum(seen) - 1)[hkey]
    else:
        uh, hand = np.unique(hkey, return_inverse=True)
        hand = hand.ravel().astype(np.int64)
    hand_keys = tuple(zip((uh // bspan).tolist(), (uh % bspan).tolist(), strict=True))
    n_hands = len(hand_keys)
    # the reference numbers pairs in the order of its map of "round|board" keys, sorted as strings
    # (conv. §4.1); the order only decides ties in the ranking
    string_rank = np.empty(n_hands, dtype=np.int64)
    string_rank[np.argsort(np.array([f"{r}|{b}" for r, b in hand_keys]), kind="stable")] = np.arange(n_hands)
    tables_per_hand = np.bincount(hand, minlength=n_hands).astype(np.int64)
    del hkey

    passed = tables.level == 0
    played = ~passed
    has_lead = played & (tables.lead >= 0) & opts.leads
    tricks = np.where(played, tables.tricks, 0)
    raw, group, cloud, g_rows, g_contract = _contracts(tables, hand, uh % bspan, played, tricks)
    g_played = played[g_rows]
    g_hand = hand[g_rows]
    cells = _Cells.make(played, tricks, group, cloud, g_rows, g_contract)
    del g_rows, g_contract
    g_tables = np.bincount(group, minlength=cells.n_groups).astype(np.float64)
    g_tables[~g_played] = 0

    lead_w: FloatArray | None = None
    lead_c: FloatArray | None = None
    lead_rows = np.flatnonzero(has_lead)
    if opts.leads and lead_rows.size:
        lkey = cloud[lead_rows] * 4 + tables.lead[lead_rows]
        ulead, linv = np.unique(lkey, return_inverse=True)
        linv = linv.ravel()
        lcounts = np.bincount(linv * TRICKS + tricks[lead_rows], minlength=ulead.size * TRICKS).reshape(-1, TRICKS)
        lead_c = lcounts[linv].astype(np.float64)
        lead_w = lead_c / lead_c.sum(axis=1)[:, None]
    del cloud

    n_h = tables_per_hand[hand]
    den = (n_h - 1).astype(np.float64)
    lead_imps = np.zeros(n)

    if opts.form is ScoringForm.DATUM:
        total, bid, lead_imps = _datum(
            opts, f, hand, n_hands, raw, passed, group, g_hand, cells, lead_rows, lead_w, lead_c, tables_per_hand,
        )  # fmt: skip
    else:
        # The universe of a hand: every artificial score of every cloud (the actual scores are among them)
        # and 0 where a table passed out - the cells.  Each is compared once with every other of the same hand.
        universe = _Universe(g_hand[cells.group], cells.score, f)
        # support 1: the actual scores (plain IAF: o1, b1; conv. §3.4)
        raw_weight = universe.weights(cells.rows.astype(np.float64))
        a_raw = universe.sums(raw_weight)[universe.inverse]
        # an artificial score equal to some actual score leaves one table out (conv. §3.4 b1)
        present = raw_weight[universe.inverse] > 0
        n_q = tables_per_hand[g_hand[cells.group]].astype(np.float64)
        divisor = np.where(present, n_q - 1, n_q)
        o1 = np.where(divisor > 0, a_raw / np.maximum(divisor, 1), 0.0)
        del a_raw, present, n_q, divisor, raw_weight
        if opts.cloud:
            # support 2: every table's cloud, weighted by its share (o3, b4: conv. §3.4, seed §4.2)
            cloud_weight = universe.weights(cells.share * g_tables[cells.group])
            a_cloud = universe.sums(cloud_weight)[universe.inverse]
            del universe, cloud_weight
            g_den = (tables_per_hand[g_hand] - 1).astype(np.float64)
            b4 = np.where(g_den > 0, cells.group_sums(cells.share * a_cloud) / np.maximum(g_den, 1), 0.0)
            # o3 leaves the table's own cloud out: subtract Σ_t w(g,t) f(e(g,tk) - e(g,t))
            own = cells.own_cloud(f)
            total = (a_cloud[cells.of_row] - own[cells.of_row]) / np.maximum(den, 1)
            bid = np.where(played, b4[group], total)
        else:
            del universe
            b1 = cells.group_sums(cells.share * o1)
            total = o1[cells.of_row]
            bid = np.where(played, b1[group], total)
        if lead_w is not None:
            # lead: b1 over the lead sub-cloud, minus the bidding score (conv. §3.4, also in cloud mode)
            b1_lead = (lead_w * cells.dense(o1)[group[lead_rows]]).sum(axis=1)
            lead_imps[lead_rows] = b1_lead - bid[lead_rows]
    multi = n_h > 1
    total = np.where(multi, total, 0.0)
    bid = np.where(multi, bid, 0.0)
    lead_imps = np.where(multi, lead_imps, 0.0)
    del multi, n_h, den, group, raw, tricks, passed, played

    return _aggregate(tables, opts, total, bid, lead_imps, has_lead, hand, hand_keys, string_rank)


def _contracts(
    tables: ValetTables, hand: IntArray, board: IntArray, played: BoolArray, tricks: IntArray
) -> tuple[IntArray, IntArray, IntArray, IntArray, IntArray]:
    """Each row's NS score (Law 77), its group and its cloud, the first row of each group and the group's
    contract (its row in ``_scores().reshape(-1, TRICKS)``, negative where EW declare: their scores count for NS
    with the sign turned).

    One sort by hand, declaring seat, strain (a *cloud*, conv. §3.3: per hand, seat - not side - and strain, how
    many tables took t tricks), then level and doubling (a *group*: one contract from one seat; e(g, t) is its
    NS score with t tricks and w(g, t) the share of its cloud that took t tricks).  Pass-outs form their own
    groups (level 0) and take part in no cloud.  ``board``: each hand's board number (for the vulnerability)."""
    n = len(tables)
    level = tables.level
    strain = np.where(played, tables.strain, 0)
    risk = np.where(played, tables.risk, 0)
    decl = np.where(played, tables.declarer, 0)
    ns_decl = (decl % 2) == 0
    board_mod = board % 16
    vul = np.where(ns_decl, _VUL_NS[board_mod][hand], _VUL_EW[board_mod][hand])
    contract_row = ((level * 5 + strain) * 3 + risk) * 2 + vul
    del vul
    # rows of the table: ((level * 5 + strain) * 3 + risk) * 2 + vul
    raw = np.take(_scores().ravel(), contract_row * TRICKS + tricks)
    raw[~ns_decl] *= -1
    raw[~played] = 0
    cloud_key = (hand * 4 + decl) * 5 + strain
    group_key = (cloud_key * 8 + level) * 3 + risk
    del strain, risk, decl
    order = np.argsort(group_key)  # (not stable: a group's first row stands for all its rows, which are alike)
    sorted_key = group_key[order]
    del group_key
    new_group = np.ones(n, dtype=bool)
    np.not_equal(sorted_key[1:], sorted_key[:-1], out=new_group[1:])
    sorted_key = cloud_key[order]
    del cloud_key
    new_cloud = np.ones(n, dtype=bool)
    np.not_equal(sorted_key[1:], sorted_key[:-1], out=new_cloud[1:])
    del sorted_key
    group = np.empty(n, dtype=np.int64)
    group[order] = np.cumsum(new_group) - 1
    cloud = np.empty(n, dtype=np.int64)
    cloud[order] = np.cumsum(new_cloud) - 1
    g_rows = order[new_group]
    return raw, group, cloud, g_rows, np.where(ns_decl[g_rows], contract_row[g_rows], -1 - contract_row[g_rows])


@dataclass(frozen=True)
class _Cells:
    """The (group, tricks) points that matter, in order of group and tricks: for a group played, the tricks its
    cloud took (w > 0), for a passed-out group (its group, 0).  The dense (groups × 14) tables they replace were
    over 90 % zeros (13 MB each for 387,000 results).

    ``score``: e(g, t), NS's score of the group's contract with t tricks (0 passed out); ``share``: w(g, t);
    ``count``: the tables of the cloud that took t tricks; ``rows``: the group's tables that took t tricks;
    ``of_row``: each table's own cell; ``first``/``size``: each group's cells."""

    n_groups: int
    group: IntArray
    tricks: IntArray
    score: IntArray
    share: FloatArray
    count: IntArray
    rows: IntArray
    of_row: IntArray
    first: IntArray
    size: IntArray
    played: BoolArray

    @staticmethod
    def make(
        played: BoolArray, tricks: IntArray, group: IntArray, cloud: IntArray, g_rows: IntArray, g_contract: IntArray
    ) -> _Cells:
        """The cells of the groups (``_contracts``) from each row's tricks, group and cloud."""
        n_groups = g_rows.size
        n_clouds = int(cloud.max()) + 1
        # the clouds' cells: (cloud, tricks) taken by one of its tables or more
        counts = np.bincount(cloud[played] * TRICKS + tricks[played], minlength=n_clouds * TRICKS)
        c_cell = np.flatnonzero(counts)
        c_count = counts[c_cell]
        cell_of = np.cumsum(counts > 0, dtype=np.int32)  # 1 + the cell of (cloud, tricks), where it is one
        del counts
        c_cloud, c_tricks = np.divmod(c_cell, TRICKS)
        c_size = np.bincount(c_cloud, minlength=n_clouds)
        c_first = np.cumsum(c_size) - c_size
        c_tables = np.bincount(c_cloud, weights=c_count, minlength=n_clouds)
        # each group takes its cloud's cells; a passed-out group one cell (its group, 0 tricks)
        g_played = played[g_rows]
        g_cloud = cloud[g_rows]
        size = np.where(g_played, c_size[g_cloud], 1)
        first = np.cumsum(size) - size
        cell_group = np.repeat(np.arange(n_groups), size)
        cell_played = g_played[cell_group]
        at = np.where(cell_played, c_first[g_cloud][cell_group] + np.arange(cell_group.size) - first[cell_group],
                      c_cell.size)  # fmt: skip
        cell_tricks = np.append(c_tricks, 0)[at]
        count = np.append(c_count, 0)[at]
        share = count / np.maximum(c_tables[g_cloud][cell_group], 1)
        # NS's score of the group's contract with each number of tricks (Law 77: the table of _scores)
        contract = g_contract[cell_group]
        score = _scores().reshape(-1, TRICKS)[np.where(contract < 0, -1 - contract, contract), cell_tricks]
        score[contract < 0] *= -1
        score[~cell_played] = 0
        del contract
        # a table's own cell: its tricks among its cloud's (a passed-out table: its group's one cell)
        of_row = first[group] + np.where(played, cell_of[cloud * TRICKS + tricks] - 1 - c_first[cloud], 0)
        del cell_of
        rows = np.bincount(of_row, minlength=cell_group.size)
        return _Cells(n_groups, cell_group, cell_tricks, score, share, count, rows, of_row, first, size, cell_played)

    def group_sums(self, values: FloatArray) -> FloatArray:
        """Σ over each group's cells of ``values``."""
        result: FloatArray = np.bincount(self.group, weights=values, minlength=self.n_groups).astype(
            np.float64, copy=False
        )
        return result

    def dense(self, values: npt.NDArray[_T]) -> npt.NDArray[_T]:
        """``values`` of the cells as a (groups × 14) table, zero elsewhere (the lead sub-clouds and the cloud
        datum read it)."""
        result = np.zeros((self.n_groups, TRICKS), dtype=values.dtype)
        result[self.group, self.tricks] = values
        return result

    def own_cloud(self, f: _Compare) -> FloatArray:
        """For each cell with tables of its own group: Σ over the cells t of its group of w(g, t) f(e(g, tk) -
        e(g, t)) - what o3 leaves out (conv. §3.4); 0 elsewhere."""
        own = np.zeros(self.group.size)
        cells = np.flatnonzero((self.rows > 0) & self.played)
        g = self.group[cells]
        sizes = self.size[g]
        q = np.repeat(np.arange(cells.size), sizes)
        s = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes - self.first[g], sizes)
        values = self.share[s] * f(self.score[cells[q]] - self.score[s])
        own[cells] = np.bincount(q, weights=values, minlength=cells.size)
        return own


def _datum_of(e: FloatArray | IntArray, weights: FloatArray, drop_extremes: bool) -> IntArray:
    """Truncated mean of the scores e(t) counted weights(t) times, optionally without one highest and one
    lowest (``-e``, when more than two): the reference's GetDatum (conv. §3.2)."""
    ei = np.asarray(e, dtype=np.int64)
    cnt = np.rint(weights).astype(np.int64)
    tot = (ei * cnt).sum(axis=1)
    num = cnt.sum(axis=1)
    if drop_extremes:
        big = np.int64(1 << 40)
        mx = np.where(cnt > 0, ei, -big).max(axis=1)
        mn = np.where(cnt > 0, ei, big).min(axis=1)
        drop = num > 2
        tot = np.where(drop, tot - mx - mn, tot)
        num = np.where(drop, num - 2, num)
    return _truncated_mean(tot, num)


def _datum(
    opts: ValetOptions,
    f: _Compare,
    hand: IntArray,
    n_hands: int,
    raw: IntArray,
    passed: BoolArray,
    group: IntArray,
    g_hand: IntArray,
    cells: _Cells,
    lead_rows: IntArray,
    lead_w: FloatArray | None,
    lead_c: FloatArray | None,
    tables_per_hand: IntArray,
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Datum forms (conv. §3.2, §3.4): plain = IMPs against the hand's datum; cloud = o2/b3 of seed §4.2."""
    n = raw.size
    played = ~passed
    lead_imps = np.zeros(n)
    if not opts.cloud:
        # datum of the actual scores (pass-outs count as 0), truncated toward zero
        if opts.drop_extremes:
            order = np.lexsort((raw, hand))
            sh = hand[order]
            sr = raw[order]
            first = np.searchsorted(sh, np.arange(n_hands), side="left")
            last = np.searchsorted(sh, np.arange(n_hands), side="right") - 1
            tot = np.bincount(hand, weights=raw, minlength=n_hands).astype(np.int64)
            cnt = tables_per_hand.copy()
            drop = cnt > 2
            safe_first = np.minimum(first, n - 1)
            safe_last = np.maximum(last, 0)
            tot = np.where(drop, tot - sr[safe_first] - sr[safe_last], tot)
            cnt = np.where(drop, cnt - 2, cnt)
            datum = _truncated_mean(tot, cnt)
        else:
            tot = np.bincount(hand, weights=raw, minlength=n_hands).astype(np.int64)
            datum = _truncated_mean(tot, tables_per_hand)
        total = f(raw - datum[hand])
        g_bid = cells.group_sums(cells.share * f(cells.score - datum[g_hand[cells.group]]))
        bid = np.where(played, g_bid[group], total)
        if lead_w is not None:
            rows_g = group[lead_rows]
            e = cells.dense(cells.score)
            b_lead = (lead_w * f(e[rows_g] - datum[hand[lead_rows]][:, None])).sum(axis=1)
            lead_imps[lead_rows] = b_lead - bid[lead_rows]
        return total, bid, lead_imps

    # cloud datum of every table: the truncated mean of its artificial scores; a pass-out's is 0
    e = cells.dense(cells.score)
    g_datum = _datum_of(e, cells.dense(cells.count.astype(np.float64)), opts.drop_extremes)
    d = np.where(played, g_datum[group], 0)
    den = np.maximum(tables_per_hand[hand] - 1, 1).astype(np.float64)
    ones = np.ones(n)
    # o2(i) = avg over j != i of f(raw_i - d_j); b3(i) = avg over j != i of f(d_i - d_j)
    o2 = (_field_sums(hand, raw, hand, d, ones, f) - f(raw - d)) / den
    b3 = _field_sums(hand, d, hand, d, ones, f) / den
    bid = np.where(played, b3, o2)
    if lead_c is not None:
        # d^L_k: the datum of k's lead sub-cloud; bidLead(i) = avg over k != i of f(d_i - d^L_k) (conv. §3.4).
        # A table without a lead uses its whole cloud (the reference uses the previous line's lead suit,
        # or crashes: conv. §6 - Reference defect, not copied).
        dl = d.copy()
        rows_g = group[lead_rows]
        dl[lead_rows] = _datum_of(e[rows_g], lead_c, opts.drop_extremes)
        bid_lead = (_field_sums(hand, d, hand, dl, ones, f) - f(d - dl)) / den
        lead_imps[lead_rows] = bid_lead[lead_rows] - bid[lead_rows]
    return o2, bid, lead_imps


def _aggregate(
    tables: ValetTables,
    opts: ValetOptions,
    total: FloatArray,
    bid: FloatArray,
    lead_imps: FloatArray,
    has_lead: BoolArray,
    hand: IntArray,
    hand_keys: tuple[tuple[int, int], ...],
    string_rank: IntArray,
) -> ValetResult:
    """Per-table entries to the seven per-pair accumulators (conv. §3.5, §3.6)."""
    n = len(tables)
    players = tables.players
    tags = tables.player_tags
    n_players = max(len(tags), 1)
    tag_rank = np.empty(len(tags), dtype=np.int64)
    tag_rank[np.argsort(np.array([t.encode() for t in tags], dtype=object), kind="stable")] = np.arange(len(tags))
    # a pair is the unordered pair of tags; its first player is the smaller tag (conv. §3.5)
    ns_first_lo = tag_rank[players[:, 0]] < tag_rank[players[:, 2]]
    ew_first_lo = tag_rank[players[:, 1]] < tag_rank[players[:, 3]]
    keys = np.empty(2 * n, dtype=np.int64)  # NS pairs, then EW pairs: smaller tag * players + larger
    for half, (a, b, a_first) in enumerate(((0, 2, ns_first_lo), (1, 3, ew_first_lo))):
        lo = np.where(a_first, players[:, a], players[:, b])
        lo *= n_players
        lo += np.where(a_first, players[:, b], players[:, a])
        keys[half * n : (half + 1) * n] = lo
    del lo
    ukeys = np.sort(keys)
    ukeys = ukeys[np.concatenate(([True], ukeys[1:] != ukeys[:-1]))]  # as np.unique, without its slower path
    inv, _ = KeyIndex(ukeys.view(np.uint64))(keys.view(np.uint64))  # (the keys are not negative)
    del keys
    # pair numbers in order of first sight: hands in string order, rows in file order, NS before EW
    sight = (string_rank[hand] * n + np.arange(n)) * 2
    first = np.full(ukeys.size, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(first, inv[:n], sight)
    sight += 1
    np.minimum.at(first, inv[n:], sight)
    del sight
    number = np.empty(ukeys.size, dtype=np.int64)
    number[np.argsort(first)] = np.arange(ukeys.size)
    pair_of = number[inv]
    del inv
    ns_pair = pair_of[:n]
    ew_pair = pair_of[n:]
    pair_keys = np.empty(ukeys.size, dtype=np.int64)
    pair_keys[number] = ukeys
    pairs = tuple((int(k // n_players), int(k % n_players)) for k in pair_keys)
    n_pairs = len(pairs)

    played = tables.level > 0
    decl = np.where(played, tables.declarer, 0)
    ns_decl = (decl % 2) == 0
    s = np.where(ns_decl, 1.0, -1.0)
    dp = np.where(ns_decl, ns_pair, ew_pair)
    op = np.where(ns_decl, ew_pair, ns_pair)
    # a player's slot: the North (East) player is 0 when its tag is strictly smaller than South's (West's),
    # else 1, and the partner takes the other slot - so with the same tag twice North/East is 1 (as the
    # reference numbers them): ns_first_lo, ew_first_lo above

    def slot(seat: IntArray) -> IntArray:
        first_lo = np.where(seat % 2 == 0, ns_first_lo, ew_first_lo)
        result: IntArray = ((seat < 2) != first_lo).astype(np.int64)
        return result

    decl_slot = slot(decl)
    leader_slot = slot((decl + 1) % 4)

    sums = np.zeros((n_pairs, 7))
    counts = np.zeros((n_pairs, 7), dtype=np.int64)

    def add(comp: int, who: IntArray, value: FloatArray, mask: BoolArray | None = None) -> None:
        if mask is not None:
            who, value = who[mask], value[mask]
        sums[:, comp] += np.bincount(who, weights=value, minlength=n_pairs)
        counts[:, comp] += np.bincount(who, minlength=n_pairs)

    for who, sign in ((dp, s), (op, -s)):  # every table counts once for each side, overall and bidding
        counts[:, OVERALL] += np.bincount(who, minlength=n_pairs)
        sums[:, OVERALL] += np.bincount(who, weights=sign * total, minlength=n_pairs)
        sums[:, BID] += np.bincount(who, weights=sign * bid, minlength=n_pairs)
    counts[:, BID] = counts[:, OVERALL]
    # declarer play by the declaring player's slot: both columns from one count, played hands only
    rows = np.flatnonzero(played)
    slots = dp[rows] * 2 + decl_slot[rows]
    play = s[rows] * (total[rows] - bid[rows])
    sums[:, PLAY1 : PLAY2 + 1] += np.bincount(slots, weights=play, minlength=2 * n_pairs).reshape(-1, 2)
    counts[:, PLAY1 : PLAY2 + 1] += np.bincount(slots, minlength=2 * n_pairs).reshape(-1, 2)
    del slots
    add(DEFENCE, op, s * (bid - total + lead_imps), played)
    if opts.leads:
        # the count is the hands on lead, with or without a recorded lead (conv. §3.5)
        add(LEAD1, op, -s * lead_imps, played & (leader_slot == 0))
        add(LEAD2, op, -s * lead_imps, played & (leader_slot == 1))

    compensation = np.zeros((n_pairs, 7))
    if opts.compensate:
        compensation = _compensation(opts, n_pairs, ns_pair, ew_pair, sums, counts, total, bid, lead_imps,
                                     s, dp, op, played, decl_slot, leader_slot)  # fmt: skip
    return ValetResult(
        tables, opts, total, bid, lead_imps, has_lead, hand, hand_keys, ns_pair, ew_pair, pairs, sums, counts,
        compensation,
    )  # fmt: skip


def _compensation(
    opts: ValetOptions,
    n_pairs: int,
    ns_pair: IntArray,
    ew_pair: IntArray,
    sums: FloatArray,
    counts: IntArray,
    total: FloatArray,
    bid: FloatArray,
    lead_imps: FloatArray,
    s: FloatArray,
    dp: IntArray,
    op: IntArray,
    played: BoolArray,
    decl_slot: IntArray,
    leader_slot: IntArray,
) -> FloatArray:
    """Opponent-strength compensation (``-c``, seed §2.5, after Paul Gipson): add to each of a pair's
    averages the average of its opponents' same component, each opponent's score taken without the boards
    it played against this pair.

    The reference subtracts the pair's own result against the opponent instead, which *adds* the
    opponent's result against the pair (conv. §3.7) - Reference defect, not copied.  At matchpoints the
    reference's figure is meaningless; here the opponents' average percentage minus 50 is added.
    """
    # entries (pair, opponent, component, value, counts?) as in _aggregate
    who_list: list[IntArray] = []
    opp_list: list[IntArray] = []
    comp_list: list[IntArray] = []
    val_list: list[FloatArray] = []

    def entry(comp: int, who: IntArray, opp: IntArray, value: FloatArray, mask: BoolArray | None = None) -> None:
        if mask is not None:
            who, opp, value = who[mask], opp[mask], value[mask]
        who_list.append(who)
        opp_list.append(opp)
        comp_list.append(np.full(who.size, comp, dtype=np.int64))
        val_list.append(value)

    for comp, value in ((OVERALL, total), (BID, bid)):
        entry(comp, dp, op, s * value)
        entry(comp, op, dp, -s * value)
    play = s * (total - bid)
    entry(PLAY1, dp, op, play, played & (decl_slot == 0))
    entry(PLAY2, dp, op, play, played & (decl_slot == 1))
    entry(DEFENCE, op, dp, s * (bid - total + lead_imps), played)
    if opts.leads:
        entry(LEAD1, op, dp, -s * lead_imps, played & (leader_slot == 0))
        entry(LEAD2, op, dp, -s * lead_imps, played & (leader_slot == 1))
    opp = np.concatenate(opp_list)
    comps = np.concatenate(comp_list)
    val = np.concatenate(val_list)
    # against[p, k]: what p's opponents scored in component k on the boards against p
    against_sum = np.zeros((n_pairs, 7))
    against_num = np.zeros((n_pairs, 7))
    np.add.at(against_sum, (opp, comps), val)
    np.add.at(against_num, (opp, comps), 1.0)
    # each distinct opponent once: Σ over opponents Y of Y's whole sums/counts
    meet = np.unique(np.concatenate([ns_pair * n_pairs + ew_pair, ew_pair * n_pairs + ns_pair]))
    p_of, y_of = meet // n_pairs, meet % n_pairs
    opp_sum = np.zeros((n_pairs, 7))
    opp_num = np.zeros((n_pairs, 7))
    np.add.at(opp_sum, p_of, sums[y_of])
    np.add.at(opp_num, p_of, counts[y_of].astype(np.float64))
    num = opp_num - against_num
    with np.errstate(invalid="ignore", divide="ignore"):
        comp_avg = np.where(num > 0, (opp_sum - against_sum) / np.maximum(num, 1), 0.0)
    if opts.form is ScoringForm.MATCHPOINTS:
        comp_avg = 50.0 * comp_avg
    result: FloatArray = comp_avg
    return result
