"""Seats, strains, doubling, vulnerability and contracts, and their score per the Laws.

Every type parses and prints its own notation, in English and in Dutch as a director writes it on a
score slip ("4SX-2", "3SA C", "4♠ =", declarer "O" for East).  Scores follow Law 77 of the Laws of
Duplicate Bridge (2017); vulnerability and dealer follow the board number by Law 2 (the 16-board cycle).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Literal

__all__ = [
    "PASSED_OUT",
    "Contract",
    "ContractError",
    "Notation",
    "Risk",
    "ScoreBreakdown",
    "Seat",
    "Side",
    "Strain",
    "Vulnerability",
    "dealer_of_board",
    "format_result",
    "parse_contract",
    "parse_contract_and_result",
    "parse_result",
    "score",
    "vulnerability_of_board",
]

Notation = Literal["en", "nl"]


class ContractError(ValueError):
    """A contract, seat, result or vulnerability that cannot exist or cannot be read."""


class Side(Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def label(self, notation: Notation = "en") -> str:
        if notation == "nl":
            return "NZ" if self is Side.NS else "OW"
        return self.value

    @classmethod
    def parse(cls, text: str) -> Side:
        """Read ``NS``/``N-S``/``NZ`` (Dutch) or ``EW``/``E-W``/``OW`` (Dutch)."""
        key = re.sub(r"[\s/\-]", "", text).upper()
        if key in {"NS", "SN", "NZ", "ZN"}:
            return cls.NS
        if key in {"EW", "WE", "OW", "WO"}:
            return cls.EW
        raise ContractError(f"'{text}' is not a side; write NS or EW (Dutch NZ or OW)")


class Seat(IntEnum):
    """A compass seat; its value is its position clockwise from North (Law 2 dealer rotation)."""

    N = 0
    E = 1
    S = 2
    W = 3

    def __bool__(self) -> bool:  # a seat is never "false", North included
        return True

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise (the opening leader when this seat declares)."""
        return Seat((self + 1) % 4)

    def label(self, notation: Notation = "en") -> str:
        if notation == "nl":
            return "NOZW"[self]
        return self.name

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read ``N E S W``, full names, and Dutch ``N O Z W`` (Noord, Oost, Zuid, West)."""
        key = text.strip().upper()
        if key in _SEAT_WORDS:
            return _SEAT_WORDS[key]
        raise ContractError(
            f"'{text}' is not a declarer; write N, E, S or W (Dutch N, O, Z or W)" if key else "declarer missing"
        )


_SEAT_WORDS: dict[str, Seat] = {
    "N": Seat.N, "NORTH": Seat.N, "NOORD": Seat.N,
    "E": Seat.E, "EAST": Seat.E, "O": Seat.E, "OOST": Seat.E,
    "S": Seat.S, "SOUTH": Seat.S, "Z": Seat.S, "ZUID": Seat.S,
    "W": Seat.W, "WEST": Seat.W,
}  # fmt: skip


class Strain(IntEnum):
    """The denomination of a contract, in bidding rank order (Law 18C)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    def __bool__(self) -> bool:  # clubs are a strain like any other, not "false"
        return True

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @property
    def letter(self) -> str:
        return "CDHSN"[self]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    def label(self, notation: Notation = "en") -> str:
        if notation == "nl":
            return ("K", "R", "H", "S", "SA")[self]
        return ("C", "D", "H", "S", "NT")[self]


class Risk(IntEnum):
    """Undoubled, doubled or redoubled (Law 19); the value is the trick-score multiplier's exponent."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def multiplier(self) -> int:
        return 1 << self

    def label(self, notation: Notation = "en") -> str:
        return ("", "X", "XX")[self]


class Vulnerability(Enum):
    """Which sides are vulnerable on a board."""

    NONE = "none"
    NS = "ns"
    EW = "ew"
    ALL = "all"

    def is_vulnerable(self, side: Side) -> bool:
        return self is Vulnerability.ALL or self.value == side.value.lower()

    def of_seat(self, seat: Seat) -> bool:
        return self.is_vulnerable(seat.side)

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Read ``none``/``-``/``love``/``geen``, ``ns``/``nz``, ``ew``/``ow``, ``all``/``both``/``alle``."""
        key = re.sub(r"[\s/\-]", "", text).lower()
        if key in {"", "none", "love", "geen", "niemand", "0"}:
            return cls.NONE
        if key in {"all", "both", "alle", "allen", "beide", "b"}:
            return cls.ALL
        try:
            return cls.NS if Side.parse(key) is Side.NS else cls.EW
        except ContractError:
            raise ContractError(f"'{text}' is not a vulnerability; write none, ns, ew or all") from None


# Law 2: the vulnerability cycle repeats every 16 boards; board 1 is index 0.
_VUL_CYCLE = (
    "NONE", "NS", "EW", "ALL",
    "NS", "EW", "ALL", "NONE",
    "EW", "ALL", "NONE", "NS",
    "ALL", "NONE", "NS", "EW",
)  # fmt: skip


def vulnerability_of_board(board: int) -> Vulnerability:
    """Vulnerability of a board by the standard 16-board cycle (Law 2)."""
    if board < 1:
        raise ContractError(f"board {board} does not exist; boards are numbered from 1")
    return Vulnerability[_VUL_CYCLE[(board - 1) % 16]]


def dealer_of_board(board: int) -> Seat:
    """Dealer of a board: North deals board 1, then clockwise (Law 2)."""
    if board < 1:
        raise ContractError(f"board {board} does not exist; boards are numbered from 1")
    return Seat((board - 1) % 4)


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """The parts of a contract's score, declarer's side positive (Law 77's table, part by part).

    ``contract_points`` are the trick points for the contracted tricks only (below the line at rubber);
    ``overtrick_points``, ``insult``, ``slam_bonus`` go above the line; ``undertrick_penalty`` is what the
    defenders score when the contract fails (a positive number).  ``game_bonus`` and ``partscore_bonus`` are the
    duplicate premiums of Law 77 (300/500 for game, 50 for a part score).
    """

    contract_points: int = 0
    overtrick_points: int = 0
    insult: int = 0
    slam_bonus: int = 0
    game_bonus: int = 0
    partscore_bonus: int = 0
    undertrick_penalty: int = 0

    @property
    def made(self) -> bool:
        return self.undertrick_penalty == 0

    @property
    def duplicate_score(self) -> int:
        """Declarer's score at duplicate: premiums added when made, the penalty negated when not."""
        if self.undertrick_penalty:
            return -self.undertrick_penalty
        return (
            self.contract_points
            + self.overtrick_points
            + self.insult
            + self.slam_bonus
            + self.game_bonus
            + self.partscore_bonus
        )


@dataclass(frozen=True, slots=True, order=True)
class Contract:
    """A final contract: level 1-7, a strain and doubling; ``PASSED_OUT`` stands for four passes.

    Printed canonically as ``4SX``, ``3NT``, ``7HXX`` (English) or ``3SA``, ``2R``, ``4S!`` (Dutch).
    """

    level: int
    strain: Strain | None
    risk: Risk = Risk.UNDOUBLED

    def __post_init__(self) -> None:
        if self.level == 0:
            if self.strain is not None or self.risk is not Risk.UNDOUBLED:
                raise ContractError("a passed-out board has no strain and no double")
            return
        if not 1 <= self.level <= 7:
            raise ContractError(f"level {self.level} does not exist; contracts are 1 to 7")
        if self.strain is None:
            raise ContractError("a contract needs a strain (C, D, H, S or NT)")

    @property
    def is_passed_out(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    def format(self, notation: Notation = "en", symbols: bool = False) -> str:
        if self.is_passed_out:
            return "Pas" if notation == "nl" else "PASS"
        assert self.strain is not None
        strain = self.strain.label(notation)
        if symbols and self.strain is not Strain.NOTRUMP:
            strain = self.strain.symbol
        return f"{self.level}{strain}{self.risk.label(notation)}"

    def __str__(self) -> str:
        return self.format()

    def check_tricks(self, tricks: int) -> None:
        """Raise if ``tricks`` is not a possible number of tricks taken by declarer."""
        if not 0 <= tricks <= 13:
            raise ContractError(f"{tricks} tricks is impossible; declarer takes 0 to 13 tricks")

    def breakdown(self, vulnerable: bool, tricks: int) -> ScoreBreakdown:
        """The score of this contract taking ``tricks`` tricks, part by part (Law 77)."""
        self.check_tricks(tricks)
        if self.is_passed_out:
            return ScoreBreakdown()
        assert self.strain is not None
        m = self.risk.multiplier
        over = tricks - self.tricks_needed
        if over < 0:
            return ScoreBreakdown(undertrick_penalty=_undertrick_penalty(-over, vulnerable, self.risk))
        per_trick = 20 if self.strain.is_minor else 30
        contract_points = per_trick * self.level * m
        if self.strain is Strain.NOTRUMP:
            contract_points += 10 * m
        if self.risk is Risk.UNDOUBLED:
            overtricks = over * per_trick
        else:
            overtricks = over * (200 if vulnerable else 100) * (m // 2)
        insult = 50 * self.risk.value
        slam = 0
        if self.level == 6:
            slam = 750 if vulnerable else 500
        elif self.level == 7:
            slam = 1500 if vulnerable else 1000
        game = (500 if vulnerable else 300) if contract_points >= 100 else 0
        return ScoreBreakdown(
            contract_points=contract_points,
            overtrick_points=overtricks,
            insult=insult,
            slam_bonus=slam,
            game_bonus=game,
            partscore_bonus=0 if game else 50,
        )

    def score(self, vulnerable: bool, tricks: int) -> int:
        """Declarer's duplicate score for ``tricks`` tricks (Law 77); 0 when passed out."""
        return self.breakdown(vulnerable, tricks).duplicate_score


PASSED_OUT = Contract(0, None)


def _undertrick_penalty(down: int, vulnerable: bool, risk: Risk) -> int:
    """Law 77 undertrick table.  Undoubled 50/100 each; doubled not vulnerable 100, 200, 200, then 300 each;
    doubled vulnerable 200, then 300 each; redoubled twice doubled."""
    if risk is Risk.UNDOUBLED:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * (risk.multiplier // 2)


def score(contract: Contract, declarer: Seat | None, vulnerability: Vulnerability, tricks: int | None) -> int:
    """North-South's score of a table result (Law 77); a passed-out board scores 0."""
    if contract.is_passed_out:
        return 0
    if declarer is None:
        raise ContractError(f"contract {contract} has no declarer")
    if tricks is None:
        raise ContractError(f"contract {contract} has no result")
    points = contract.score(vulnerability.of_seat(declarer), tricks)
    return points if declarer.side is Side.NS else -points


# --- notation ---------------------------------------------------------------------------------------------

_STRAIN_WORDS: dict[str, Strain] = {
    "C": Strain.CLUBS, "♣": Strain.CLUBS, "K": Strain.CLUBS, "CLUBS": Strain.CLUBS, "KLAVEREN": Strain.CLUBS,
    "D": Strain.DIAMONDS, "♦": Strain.DIAMONDS, "R": Strain.DIAMONDS, "DIAMONDS": Strain.DIAMONDS,
    "RUITEN": Strain.DIAMONDS, "♢": Strain.DIAMONDS,
    "H": Strain.HEARTS, "♥": Strain.HEARTS, "♡": Strain.HEARTS, "HEARTS": Strain.HEARTS, "HARTEN": Strain.HEARTS,
    "S": Strain.SPADES, "♠": Strain.SPADES, "SPADES": Strain.SPADES, "SCHOPPEN": Strain.SPADES,
    "N": Strain.NOTRUMP, "NT": Strain.NOTRUMP, "SA": Strain.NOTRUMP, "NOTRUMP": Strain.NOTRUMP,
    "NOTRUMPS": Strain.NOTRUMP,
}  # fmt: skip
# Dutch-only letters: accepted everywhere because they have no English meaning, printed only under "nl".

_RISK_WORDS: dict[str, Risk] = {
    "": Risk.UNDOUBLED,
    "X": Risk.DOUBLED, "*": Risk.DOUBLED, "!": Risk.DOUBLED,
    "XX": Risk.REDOUBLED, "**": Risk.REDOUBLED, "!!": Risk.REDOUBLED,
}  # fmt: skip

_PASS_WORDS = {"PASS", "P", "-", "PAS", "PASSED", "PASSED OUT", "ALL PASS", "AP", "PASSOUT", "PASSEDOUT"}

_CONTRACT_RE = re.compile(
    r"""^\s*(?P<level>\d)\s*
        (?P<strain>NT|SA|N|S|H|D|C|K|R|♠|♥|♡|♦|♢|♣)\s*
        (?P<risk>XX|X|\*\*|\*|!!|!|)\s*$""",
    re.VERBOSE | re.IGNORECASE,
)


def parse_contract(text: str, notation: Notation = "en") -> Contract:
    """Read a contract as a director writes it.

    Levels 1-7; strains ``C D H S`` and ``N``/``NT``, suit symbols, Dutch ``SA`` (sans atout), ``R`` (ruiten)
    and ``K`` (klaveren); doubled ``X``/``x``/``*``/``!`` (the Dutch card's mark), redoubled ``XX``/``**``/``!!``;
    ``PASS``/``P``/``-``/``Pas`` for a passed-out board.  ``notation`` is accepted for symmetry with printing:
    the Dutch letters never clash with English ones, so both notations read the same strings.
    """
    raw = text.strip()
    if not raw:
        raise ContractError("contract missing")
    if raw.upper() in _PASS_WORDS:
        return PASSED_OUT
    m = _CONTRACT_RE.match(raw)
    if not m:
        raise ContractError(_explain_bad_contract(raw))
    level = int(m["level"])
    if not 1 <= level <= 7:
        raise ContractError(f"'{raw}': level {level} does not exist; contracts are 1 to 7")
    strain = _STRAIN_WORDS[m["strain"].upper()]
    risk = _RISK_WORDS[m["risk"].upper()]
    return Contract(level, strain, risk)


def _explain_bad_contract(raw: str) -> str:
    m = re.match(r"^\s*(\d+)", raw)
    if m and (len(m[1]) > 1 or not 1 <= int(m[1]) <= 7):  # one digit: int() refuses 4,300 digits
        return f"'{raw}': level {m[1]} does not exist; contracts are 1 to 7"
    if m and len(raw.strip()) == len(m[1]):
        return f"'{raw}' has no strain; write e.g. {m[1]}S, {m[1]}NT or {m[1]}SA"
    return f"'{raw}' is not a contract; write e.g. 4S, 3NT, 2HX, 6SAXX or PASS"


_RESULT_RE = re.compile(r"^\s*(?:(?P<rel>[+\-−]\s*\d+)|(?P<made>=|C|M|MADE|GEMAAKT)|(?P<tricks>\d+))\s*$", re.I)


def parse_result(text: str, contract: Contract) -> int:
    """Read a result and return the tricks declarer took.

    Accepted: tricks taken (``0``-``13``), ``=``/``C`` (Dutch "contract", made exactly)/``M``, ``+1``, ``-2``.
    Impossible results (``7NT+1``, ``1S-8``, 14 tricks) raise ``ContractError``.
    """
    if contract.is_passed_out:
        if text.strip() in {"", "0", "-", "="}:
            return 0
        raise ContractError(f"a passed-out board has no result, but '{text}' was given")
    m = _RESULT_RE.match(text)
    if not m:
        raise ContractError(f"'{text}' is not a result; write tricks taken (0-13) or =, C, +1, -2")
    if m["made"]:
        return contract.tricks_needed
    if m["tricks"] is not None:
        if len(m["tricks"]) > 2 or int(m["tricks"]) > 13:  # two digits at most: int() refuses 4,300 digits
            raise ContractError(f"{m['tricks']} tricks is impossible; declarer takes 0 to 13 tricks")
        return int(m["tricks"])
    rel = "".join(m["rel"].replace("−", "-").split())  # "- 1" as spreadsheets write it: any space, a tab, a NBSP
    if len(rel) > 3:  # a sign and two digits at most: beyond 13 tricks, and int() refuses 4,300 digits
        raise ContractError(f"{contract}{rel} is impossible: declarer takes 0 to 13 tricks")
    delta = int(rel)
    tricks = contract.tricks_needed + delta
    if tricks > 13:
        raise ContractError(
            f"{contract}{delta:+d} is impossible: {contract} can make at most {7 - contract.level} overtricks"
        )
    if tricks < 0:
        raise ContractError(
            f"{contract}{delta:+d} is impossible: {contract} can go at most {contract.tricks_needed} down"
        )
    return tricks


def format_result(contract: Contract, tricks: int, notation: Notation = "en") -> str:
    """Print a result relative to the contract: ``=`` (Dutch ``C``), ``+1``, ``-2``."""
    if contract.is_passed_out:
        return ""
    delta = tricks - contract.tricks_needed
    if delta == 0:
        return "C" if notation == "nl" else "="
    return f"{delta:+d}"


def words_in_notation(text: str, notation: Notation) -> str:
    """A contract, a seat, or the two with a result (``3NT S``, ``4SX N =``) as English messages hold them,
    written in ``notation``: Dutch ``3SA Z``, ``4SX N C`` (what the Dutch reports print, :meth:`Contract.format`,
    :meth:`Seat.label`, :func:`format_result`).  A word that is none of these is kept as written."""
    if notation == "en":
        return text
    words = []
    for word in text.split(" "):
        if word in ("N", "E", "S", "W"):
            words.append(Seat[word].label(notation))
        elif word == "=":
            words.append("C")
        else:
            try:
                words.append(parse_contract(word).format(notation) if word[:1].isdigit() or word == "PASS" else word)
            except ContractError:
                words.append(word)
    return " ".join(words)


_COMBINED_RE = re.compile(
    r"""^\s*(?P<contract>\d\s*(?:NT|SA|N|S|H|D|C|K|R|♠|♥|♡|♦|♢|♣)\s*(?:XX|X|\*\*|\*|!!|!)?)
        \s*(?P<declarer>\b[NESWOZ]\b|\s+[NESWOZ]\s+|[NESWOZ](?=\s*(?:[=+\-−]|C$|$)))?
        \s*(?P<result>.*?)\s*$""",
    re.VERBOSE | re.IGNORECASE,
)


def parse_contract_and_result(text: str, notation: Notation = "en") -> tuple[Contract, Seat | None, int | None]:
    """Read a whole slip entry such as ``4SX-2``, ``3NT=``, ``3SA C``, ``4♥+1``, ``6S N =`` or ``PASS``.

    Returns the contract, the declarer if written in the entry (``4SN=``, ``3NT E -1``), and the tricks taken
    if a result is written.  Where a letter could be a strain or a declarer (``4N``), it is the strain.
    """
    raw = text.strip()
    if raw.upper() in _PASS_WORDS:
        return PASSED_OUT, None, 0
    m = _COMBINED_RE.match(raw)
    if not m:
        raise ContractError(_explain_bad_contract(raw))
    contract = parse_contract(m["contract"], notation)
    declarer = Seat.parse(m["declarer"]) if m["declarer"] else None
    result = m["result"]
    tricks = parse_result(result, contract) if result else None
    return contract, declarer, tricks
