"""Tricks against double dummy: the opening lead and the play of each line, and per pair over the session (issue 10).

For every traveller line whose board has a deal (``Event.deals``), double-dummy analysis (DDS, through endplay)
says how many tricks the declarer can take, both sides playing perfectly with all cards seen, *after the opening
lead actually made*.  One solve per (deal, strain, opening leader) gives the tricks after each card the leader
holds (``endplay.dds.solve_board`` with the leader on move: DDS's "future tricks" for every card, the same number
as a solve with that card played), so every line of a contract played the same way is answered at once.

Per line, in tricks, from the declarer's side (signs fixed here, the reports only copy them):

``dd_after_lead``
    the declarer's double-dummy tricks after the opening lead made at the table;
``dd_best``
    the declarer's double-dummy tricks after the best lead (the fewest the leader can hold declarer to: the
    deal's double-dummy table entry for this declarer and strain);
``lead_cost`` = ``dd_after_lead − dd_best``
    the tricks the opening lead gave away against the best lead: 0 for a best lead, never negative;
``declarer_vs_dd`` = ``tricks − dd_after_lead``
    what the play after the lead gained (positive) or lost (negative) for the declarer against double dummy.
    Declarer play and defence after the lead are one contest: what the declarer gains, the defence loses.

Per pair over the session (:class:`PairLeads`), every number is tricks *gained by that pair* against double dummy
(positive good, negative bad), so the three add up to the pair's whole ``total``:

``as_declarer``
    the sum of ``declarer_vs_dd`` over the lines the pair declared;
``on_lead``
    minus the sum of ``lead_cost`` over the lines the pair made the opening lead (never positive: a lead can only
    lose tricks against the best lead);
``in_defence``
    minus the sum of ``declarer_vs_dd`` over the lines the pair defended (the defenders' share of the play).

So on a line the defenders' whole result against double dummy before the lead, ``dd_best − tricks``, is split
into the opening leader's pair's charge for the lead and the defence's share of the play; over an event
``Σ as_declarer + Σ in_defence = 0`` and ``Σ on_lead = −Σ lead_cost``.  Pianola Plus sells a version of this
analysis (its own definitions are not published; these are ours).

Left out, and counted by reason (:class:`LeftOut`), never a traceback: lines of a board without a deal (or whose
deal is not four hands of equal length without a card twice), boards not played, adjusted scores, passed-out
boards, lines without contract, declarer or tricks, lines without a lead or whose lead is not a card, and lines
whose lead the opening leader does not hold (those are a :class:`~bridgescore.core.problems.Problem` too, on the
line's field ``lead``: either the lead or the deal is wrong).

Solves are cached: in memory for the run, and on disk (sqlite, ``leads.sqlite3`` in the cache directory:
``$BRIDGESCORE_CACHE``, else ``$XDG_CACHE_HOME/bridgescore``, else ``~/.cache/bridgescore``), so the same (deal,
strain, leader) is solved once ever.  A cache that cannot be opened or written is skipped (the analysis is
only slower).  Solves not cached are batched through DDS's ``SolveAllBoards``, which runs one thread per core.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from types import MappingProxyType

from bridgescore.core.cards import Card, parse_card
from bridgescore.core.contract import Contract, Seat, Strain
from bridgescore.core.event import Event, Result, ResultStatus, sections_numbered_per_direction
from bridgescore.core.problems import Location, Problem, Severity

__all__ = [
    "LeadAnalysis",
    "LeadCache",
    "LeftOut",
    "LineLeads",
    "PairLeads",
    "Position",
    "analyse",
    "cache_directory",
    "lead_problems",
    "parse_hands",
    "solve_leads",
]

#: The environment variable that moves the cache directory (shared with the double-dummy table cache of ``dd.py``).
CACHE_ENV = "BRIDGESCORE_CACHE"
CACHE_FILE = "leads.sqlite3"
#: The table of the cache; its name carries the version of what is stored (see :class:`LeadCache`).
CACHE_TABLE = "lead_tricks_v1"
#: DDS solves at most this many deals in one ``SolveAllBoards`` call (endplay's ``MAXNOOFBOARDS``).
BATCH = 200

_RANK_LETTERS = "23456789TJQKA"
_SUIT_ORDER = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)  # PBN's order within a hand


class LeftOut(Enum):
    """Why a line is not in the analysis (counted per reason)."""

    NO_DEAL = "no-deal"
    DEAL_NOT_PLAYABLE = "deal-not-playable"
    NOT_PLAYED = "not-played"
    ADJUSTED = "adjusted"
    PASSED_OUT = "passed-out"
    NO_CONTRACT = "no-contract"
    NO_LEAD = "no-lead"
    LEAD_NOT_A_CARD = "lead-not-a-card"
    LEAD_NOT_HELD = "lead-not-held"


@dataclass(frozen=True, slots=True)
class Position:
    """What one solve answers: a deal (four hands of ``Card`` sets, N E S W), the strain and the opening leader."""

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]
    strain: Strain
    leader: Seat

    def pbn(self) -> str:
        """The deal as PBN writes it, from North, ranks from the ace down: the cache's key for it."""
        return "N:" + " ".join(_hand_pbn(hand) for hand in self.hands)


def _hand_pbn(hand: frozenset[Card]) -> str:
    suits = []
    for suit in _SUIT_ORDER:
        ranks = sorted((c.rank for c in hand if c.suit is suit), reverse=True)
        suits.append("".join(_RANK_LETTERS[r - 2] for r in ranks))
    return ".".join(suits)


def parse_hands(
    hands: Sequence[str],
) -> tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]] | None:
    """The four hands of a :class:`~bridgescore.core.deal.HandRecord` (PBN suits ``S.H.D.C``, ranks ``AKQJT98765432``,
    ``10`` read as the ten) as card sets; None unless they are four hands of the same number of cards (1 to 13),
    each card once: DDS cannot play anything else."""
    out: list[frozenset[Card]] = []
    seen: set[Card] = set()
    for text in hands:
        suits = text.strip().upper().replace("10", "T").split(".")
        if len(suits) != 4:
            return None
        cards: set[Card] = set()
        for suit, ranks in zip(_SUIT_ORDER, suits, strict=True):
            for letter in ranks:
                if letter not in _RANK_LETTERS:
                    return None
                card = Card(suit, _RANK_LETTERS.index(letter) + 2)
                if card in seen:
                    return None
                seen.add(card)
                cards.add(card)
        out.append(frozenset(cards))
    if len(out) != 4 or not 1 <= len(out[0]) <= 13 or any(len(h) != len(out[0]) for h in out):
        return None
    return out[0], out[1], out[2], out[3]


# --- solving -----------------------------------------------------------------------------------------------------


def solve_leads(positions: Sequence[Position]) -> list[dict[Card, int]]:
    """For each position, the declarer's double-dummy tricks after each card the leader can lead.

    DDS (``SolveBoard`` with ``solutions=3``) gives, for every card of the side on move, the tricks *that side*
    takes with best play after it; the leader is on move and defends, so the declarer's tricks are the cards per
    hand minus that number.  Solved ``BATCH`` at a time by ``SolveAllBoards`` (threads on every core)."""
    from endplay.dds import solve_all_boards
    from endplay.types import Deal, Denom, Player

    denoms = {Strain.CLUBS: Denom.clubs, Strain.DIAMONDS: Denom.diamonds, Strain.HEARTS: Denom.hearts,
              Strain.SPADES: Denom.spades, Strain.NOTRUMP: Denom.nt}  # fmt: skip
    suits = {Denom.clubs: Strain.CLUBS, Denom.diamonds: Strain.DIAMONDS, Denom.hearts: Strain.HEARTS,
             Denom.spades: Strain.SPADES}  # fmt: skip
    out: list[dict[Card, int]] = []
    for start in range(0, len(positions), BATCH):
        batch = positions[start : start + BATCH]
        deals = []
        for position in batch:
            deal = Deal(position.pbn())
            deal.first = Player(int(position.leader))
            deal.trump = denoms[position.strain]
            deals.append(deal)
        solved = solve_all_boards(deals)
        for position, result in zip(batch, solved, strict=True):
            total = len(position.hands[0])
            tricks = {Card(suits[card.suit], card.rank.value.bit_length() - 1): total - defence
                      for card, defence in result}  # fmt: skip
            out.append(tricks)
    return out


def cache_directory() -> Path:
    """Where the solves are kept: the folder of the double-dummy table cache (:func:`bridgescore.core.dd.cache_path`:
    ``$BRIDGESCORE_CACHE`` when it names a folder, the folder of the file it names, else
    ``$XDG_CACHE_HOME/bridgescore``, else ``~/.cache/bridgescore``), so one setting moves both caches and they
    never read the variable differently."""
    from bridgescore.core.dd import cache_path

    return cache_path().parent


class LeadCache:
    """Solves by (deal, strain, leader): in memory, and in an sqlite file when ``path`` is given.

    A row is ``deal`` (PBN from North, :meth:`Position.pbn`), ``strain`` and ``leader`` (their numbers in
    :class:`Strain` and :class:`Seat` order) and ``tricks``: JSON ``{"SA": 9, ...}``, the declarer's tricks after
    each lead.  A file that cannot be opened, read or written is given up for the run, never an error."""

    def __init__(self, path: Path | None = None) -> None:
        self._memory: dict[tuple[str, int, int], dict[Card, int]] = {}
        self._path = path
        self._db: sqlite3.Connection | None = None
        self._failed = path is None

    @staticmethod
    def _key(position: Position) -> tuple[str, int, int]:
        return position.pbn(), int(position.strain), int(position.leader)

    def _connect(self) -> sqlite3.Connection | None:
        if self._failed or self._path is None:
            return None
        if self._db is None:
            try:
                self._path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(self._path, timeout=10)
                db.execute(
                    f"CREATE TABLE IF NOT EXISTS {CACHE_TABLE} (deal TEXT NOT NULL, strain INTEGER NOT NULL, "
                    "leader INTEGER NOT NULL, tricks TEXT NOT NULL, PRIMARY KEY (deal, strain, leader))"
                )
                db.commit()
                self._db = db
            except (OSError, sqlite3.Error):
                self._failed = True
                return None
        return self._db

    def get(self, positions: Iterable[Position]) -> dict[Position, dict[Card, int]]:
        """The solves known for ``positions`` (in memory, else on disk)."""
        found: dict[Position, dict[Card, int]] = {}
        wanted: list[Position] = []
        for position in positions:
            known = self._memory.get(self._key(position))
            if known is not None:
                found[position] = known
            else:
                wanted.append(position)
        db = self._connect() if wanted else None
        if db is not None:
            try:
                for position in wanted:
                    row = db.execute(
                        f"SELECT tricks FROM {CACHE_TABLE} WHERE deal = ? AND strain = ? AND leader = ?",
                        self._key(position),
                    ).fetchone()
                    if row is not None:
                        tricks = _decode(str(row[0]))
                        if tricks is not None:
                            self._memory[self._key(position)] = tricks
                            found[position] = tricks
            except sqlite3.Error:
                self._failed = True
        return found

    def put(self, solved: Mapping[Position, dict[Card, int]]) -> None:
        """Keep ``solved`` in memory and on disk."""
        for position, tricks in solved.items():
            self._memory[self._key(position)] = tricks
        db = self._connect() if solved else None
        if db is None:
            return
        try:
            db.executemany(
                f"INSERT OR REPLACE INTO {CACHE_TABLE} (deal, strain, leader, tricks) VALUES (?, ?, ?, ?)",
                [(*self._key(p), json.dumps({c.format(): n for c, n in t.items()})) for p, t in solved.items()],
            )
            db.commit()
        except sqlite3.Error:
            self._failed = True

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def _decode(text: str) -> dict[Card, int] | None:
    try:
        raw = json.loads(text)
    except ValueError:
        return None
    if not isinstance(raw, dict):
        return None
    out: dict[Card, int] = {}
    for key, value in raw.items():
        card = parse_card(str(key))
        if card is None or not isinstance(value, int):
            return None
        out[card] = value
    return out


_DEFAULT: dict[Path, LeadCache] = {}


def default_cache() -> LeadCache:
    """The run's cache for the cache directory now in force (one per directory, kept for the run)."""
    path = cache_directory() / CACHE_FILE
    cache = _DEFAULT.get(path)
    if cache is None:
        cache = _DEFAULT[path] = LeadCache(path)
    return cache


def solved(
    positions: Iterable[Position], cache: LeadCache | None = None, *, batch: int = BATCH
) -> dict[Position, dict[Card, int]]:
    """Every position's solve: from ``cache`` (default: :func:`default_cache`) where known, the rest solved
    ``batch`` at a time and each batch added to it as soon as it is solved, so an interrupted run resumes where it
    stopped (only the end of the run was cached before)."""
    cache = default_cache() if cache is None else cache
    distinct = list(dict.fromkeys(positions))
    found = cache.get(distinct)
    missing = [p for p in distinct if p not in found]
    if missing:
        for start in range(0, len(missing), batch):
            part = missing[start : start + batch]
            new = dict(zip(part, solve_leads(part), strict=True))
            cache.put({p: tricks for p, tricks in new.items() if len(tricks) == len(p.hands[int(p.leader)])})
            found.update(new)
    return found


# --- the analysis ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LineLeads:
    """One traveller line analysed (see the module docstring for the signs)."""

    section: str
    board: int
    ns_pair: str
    ew_pair: str
    contract: Contract
    declarer: Seat
    lead: Card
    tricks: int
    dd_after_lead: int
    dd_best: int
    source: Location | None = None

    @property
    def strain(self) -> Strain:
        assert self.contract.strain is not None
        return self.contract.strain

    @property
    def leader(self) -> Seat:
        """The opening leader: the declarer's left-hand opponent (Law 41A)."""
        return self.declarer.lho

    @property
    def lead_cost(self) -> int:
        """Tricks the lead gave the declarer against the best lead (≥ 0)."""
        return self.dd_after_lead - self.dd_best

    @property
    def declarer_vs_dd(self) -> int:
        """The declarer's tricks against double dummy after the lead: positive gained, negative lost."""
        return self.tricks - self.dd_after_lead

    @property
    def declaring_pair(self) -> str:
        return self.ns_pair if self.declarer in (Seat.N, Seat.S) else self.ew_pair

    @property
    def defending_pair(self) -> str:
        return self.ew_pair if self.declarer in (Seat.N, Seat.S) else self.ns_pair


@dataclass(frozen=True, slots=True)
class PairLeads:
    """One pair's sums over the session, in tricks gained by the pair against double dummy (see the module
    docstring): ``declared`` lines as declarer, ``defended`` lines in defence (the pair made each one's opening
    lead).  ``direction`` is ``NS``/``EW`` where the section numbers its pairs per direction, else empty."""

    section: str
    pair: str
    direction: str
    declared: int = 0
    as_declarer: int = 0
    defended: int = 0
    on_lead: int = 0
    in_defence: int = 0

    @property
    def total(self) -> int:
        return self.as_declarer + self.on_lead + self.in_defence


@dataclass(frozen=True, slots=True)
class LeadAnalysis:
    """The analysis of an event: the lines analysed (board order), the pairs' sums (section, then pair number),
    the lines left out counted by reason, and the problems found (a lead the leader does not hold)."""

    lines: tuple[LineLeads, ...] = ()
    pairs: tuple[PairLeads, ...] = ()
    left_out: Mapping[LeftOut, int] = field(default_factory=lambda: MappingProxyType({}))
    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True, slots=True)
class _Candidate:
    result: Result
    position: Position
    lead: Card


def _classify(
    event: Event,
) -> tuple[list[_Candidate], dict[LeftOut, int], list[Problem]]:
    """The lines that can be analysed with their positions, the others counted, the problems found."""
    left: dict[LeftOut, int] = {}
    problems: list[Problem] = []
    candidates: list[_Candidate] = []
    hands: dict[int, tuple[frozenset[Card], ...] | None] = {}

    def leave(reason: LeftOut) -> None:
        left[reason] = left.get(reason, 0) + 1

    for result in event.results:
        if result.status is ResultStatus.NOT_PLAYED:
            leave(LeftOut.NOT_PLAYED)
            continue
        if result.status is ResultStatus.ADJUSTED:
            leave(LeftOut.ADJUSTED)
            continue
        contract = result.contract
        if result.status is ResultStatus.PASSED_OUT or (contract is not None and contract.is_passed_out):
            leave(LeftOut.PASSED_OUT)
            continue
        if contract is None or contract.strain is None or result.declarer is None or result.tricks is None:
            leave(LeftOut.NO_CONTRACT)
            continue
        deal = event.deals.get(result.board)
        if deal is None:
            leave(LeftOut.NO_DEAL)
            continue
        if result.board not in hands:
            hands[result.board] = parse_hands(deal.hands)
        cards = hands[result.board]
        if cards is None:
            leave(LeftOut.DEAL_NOT_PLAYABLE)
            continue
        if not result.lead or not result.lead.strip():
            leave(LeftOut.NO_LEAD)
            continue
        lead = parse_card(result.lead)
        if lead is None:
            leave(LeftOut.LEAD_NOT_A_CARD)
            continue
        leader = result.declarer.lho
        if lead not in cards[int(leader)]:
            leave(LeftOut.LEAD_NOT_HELD)
            problems.append(_not_held(result, lead, leader))
            continue
        position = Position((cards[0], cards[1], cards[2], cards[3]), contract.strain, leader)
        candidates.append(_Candidate(result, position, lead))
    return candidates, left, problems


def _not_held(result: Result, lead: Card, leader: Seat) -> Problem:
    """A warning, not an error: the lead changes no score, and a director must be able to publish the evening's
    results with a mistyped lead (Welwyn's travellers have one); the line is scored and left out of the analysis."""
    where = result.source
    location = (
        Location(where.file, where.line, "lead", where.kind) if where is not None else Location("<event>", None, "lead")
    )
    return Problem.make(
        location,
        "the opening lead %(lead)s is not in the hand of %(leader)s, on lead against %(declarer)s on board "
        "%(board)s; correct the lead or the deal (the line is left out of the lead analysis)",
        Severity.WARNING,
        lead=lead.format(),
        leader=leader.label(),
        declarer=result.declarer.label() if result.declarer is not None else "",
        board=result.board,
    )


def lead_problems(event: Event) -> tuple[Problem, ...]:
    """The lines whose opening lead the leader does not hold in the board's deal (nothing is solved), less those
    the event already reports at the same place: a hand record given beside the travellers has been checked by
    its join (:func:`bridgescore.io.deals.join`), so a lead is said once however the deals came."""
    if not event.deals:
        return ()
    said = {p.location for p in event.problems}
    return tuple(p for p in _classify(event)[2] if p.location not in said)


def analyse(event: Event, cache: LeadCache | None = None) -> LeadAnalysis:
    """The lead analysis of ``event`` (see the module docstring); an event without deals gives an empty one."""
    if not event.deals:
        return LeadAnalysis(left_out=MappingProxyType({LeftOut.NO_DEAL: len(event.results)} if event.results else {}))
    candidates, left, problems = _classify(event)
    solves = solved((c.position for c in candidates), cache)
    lines: list[LineLeads] = []
    for candidate in candidates:
        after = solves[candidate.position]
        if candidate.lead not in after:  # DDS gave no answer for the position (it reports no error): never a guess
            left[LeftOut.DEAL_NOT_PLAYABLE] = left.get(LeftOut.DEAL_NOT_PLAYABLE, 0) + 1
            continue
        r = candidate.result
        assert r.contract is not None and r.declarer is not None and r.tricks is not None
        lines.append(
            LineLeads(
                r.section, r.board, r.ns_pair, r.ew_pair, r.contract, r.declarer, candidate.lead, r.tricks,
                dd_after_lead=after[candidate.lead], dd_best=min(after.values()), source=r.source,
            )
        )  # fmt: skip
    lines.sort(key=lambda line: (line.section, line.board))
    per_direction = sections_numbered_per_direction(event.results) if lines else frozenset()
    return LeadAnalysis(tuple(lines), _pair_sums(lines, per_direction), MappingProxyType(left), tuple(problems))


def _pair_sums(lines: Sequence[LineLeads], per_direction: frozenset[str]) -> tuple[PairLeads, ...]:
    """Each pair's sums; a pair is its section and number (and its direction where numbered per direction)."""
    sums: dict[tuple[str, str, str], list[int]] = {}
    for line in lines:
        declaring_ns = line.declarer in (Seat.N, Seat.S)
        split = line.section in per_direction
        declarer_key = (line.section, line.declaring_pair, ("NS" if declaring_ns else "EW") if split else "")
        defender_key = (line.section, line.defending_pair, ("EW" if declaring_ns else "NS") if split else "")
        declarer = sums.setdefault(declarer_key, [0, 0, 0, 0, 0])
        declarer[0] += 1
        declarer[1] += line.declarer_vs_dd
        defender = sums.setdefault(defender_key, [0, 0, 0, 0, 0])
        defender[2] += 1
        defender[3] -= line.lead_cost
        defender[4] -= line.declarer_vs_dd
    return tuple(
        PairLeads(section, pair, direction, *values)
        for (section, pair, direction), values in sorted(sums.items(), key=lambda item: _pair_order(item[0]))
    )


def _pair_order(key: tuple[str, str, str]) -> tuple[str, int, str, str]:
    section, pair, direction = key
    return section, int(pair) if pair.isdecimal() else 1 << 30, pair, direction
