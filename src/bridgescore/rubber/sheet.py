"""Rubber bridge and Chicago: the score sheet, from the first deal to the settlement.

A ``Sheet`` is immutable: ``sheet.play(deal)`` returns a new sheet with the deal written on it, so an undo
is just the previous sheet (``sheet.undo()`` replays all deals but the last).  At every moment a sheet knows
the games won, who is vulnerable, the part scores in the game in progress, every entry above and below the
line, and the totals.

Sources, in order of authority:

* The Laws of Contract Bridge, rubber bridge edition (ACBL/Portland Club, 1993), Laws 72-81 "The Score":
  Law 72 (trick points below the line, premium points above it; either side may earn premiums), Law 73 (part
  score and game: 100 trick points, part scores do not carry into the next game), Law 74 (the rubber: 700 two
  games to none, 500 two games to one; the larger total wins, the difference is the margin), Law 80 (unfinished
  rubber) and Law 81 (the scoring table, including honours; its values for tricks, overtricks, undertricks,
  the insult and slams are those of Law 77 of the duplicate Laws, so ``Contract.breakdown`` is used).
  Where seed 004 (the Dutch page on "robber-bridge") contradicts itself or these Laws, the Laws win; each such
  place is named below.
* Chicago (four-deal bridge) as in the same code's Chicago appendix and the ACBL's Chicago rules: deal 1 none
  vulnerable, deals 2 and 3 dealer's side vulnerable, deal 4 both; 300/500 for completing a game at once, no
  rubber bonus; part scores carry over until a game is made; 100 for a part score made on deal 4 that does not
  complete a game; a passed-out deal is redealt by the same dealer (it does not count as one of the four).

Where the seed contradicts the Laws (the Laws win):

* Rubber bonus: the seed says 700 (two games to none) / 500 (two to one) in one place and 500 / 300 in
  another.  Law 74: 700 / 500.
* Unfinished rubber, one game: the seed says 100 in one place, 300 in another.  Law 80: 300.
* Unfinished rubber, part score: the seed gives 50 to "the pair that is ahead"; the Laws give the
  bonus only to a side with the only part score in the unfinished game (if both sides have one, neither
  gets it).  Its value differs between codes: 50 by default (seed 004, and the older codes of rubber
  bridge), 100 by option (``partscore_bonus=100``: the value in the current rubber-bridge scoring tables,
  e.g. the ACBL rubber code's Law 80 as usually quoted and the common card-game books).
* Four aces: the seed gives 150 for four aces in one hand "bij een troefcontract" (at a suit contract); Law 81
  counts four aces only at no-trump, and at a suit contract only four or five trump honours.
* Part-score bonus of 50 per deal: the seed lists it among the scores above the line; it is a duplicate
  premium (Law 77 of the duplicate Laws) and does not exist at rubber bridge.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_DOWN, ROUND_HALF_UP, Decimal, InvalidOperation
from enum import Enum

from bridgescore.core.contract import (
    PASSED_OUT,
    Contract,
    ContractError,
    Notation,
    Risk,
    Seat,
    Side,
    Strain,
    Vulnerability,
    format_result,
)
from bridgescore.core.i18n import translator

__all__ = [
    "Deal",
    "Entry",
    "EntryKind",
    "Honours",
    "HonoursKind",
    "Rounding",
    "RubberError",
    "RubberOptions",
    "Settlement",
    "Sheet",
    "chicago_vulnerability",
    "parse_honours",
    "parse_stake",
    "settle",
    "settle_session",
]


class RubberError(ValueError):
    """A deal that cannot be written on the sheet (after the rubber ended, impossible tricks or honours)."""


class HonoursKind(Enum):
    """Scorable honours (Law 81): held in one hand, by either side, whoever declares."""

    FOUR_TRUMP = "four trump honours"
    FIVE_TRUMP = "five trump honours"
    FOUR_ACES = "four aces"

    @property
    def points(self) -> int:
        """Law 81: four trump honours in one hand 100, five 150, four aces in one hand at no-trump 150."""
        return 100 if self is HonoursKind.FOUR_TRUMP else 150


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours claimed by ``side``; ``kind`` None means "the points only", resolved by the contract's
    strain."""

    side: Side
    points: int
    kind: HonoursKind | None = None

    def resolve(self, contract: Contract) -> HonoursKind:
        """The kind of honours these are at ``contract``, or ``RubberError`` if they cannot exist (Law 81).

        At no-trump only four aces in one hand count (150); in a suit only four (100) or five (150) trump
        honours in one hand.  The seed's "four aces at a suit contract" is refused (the Laws win).
        """
        if contract.is_passed_out:
            raise RubberError("a passed-out deal has no honours: there is no trump suit and no no-trump contract")
        notrump = contract.strain is Strain.NOTRUMP
        kind = self.kind
        if kind is None:
            if self.points == 150:
                kind = HonoursKind.FOUR_ACES if notrump else HonoursKind.FIVE_TRUMP
            elif self.points == 100:
                kind = HonoursKind.FOUR_TRUMP
            else:
                raise RubberError(
                    f"honours of {self.points} do not exist: four trump honours in one hand score 100, "
                    "all five 150, four aces in one hand at no-trump 150 (Law 81)"
                )
        if kind.points != self.points:
            raise RubberError(f"{kind.value} score {kind.points}, not {self.points} (Law 81)")
        if notrump and kind is not HonoursKind.FOUR_ACES:
            raise RubberError(
                f"{kind.value} do not exist at no-trump ({contract}): there are no trumps; at no-trump "
                "only four aces in one hand count, 150 (Law 81)"
            )
        if not notrump and kind is HonoursKind.FOUR_ACES:
            raise RubberError(
                f"four aces count only at no-trump, not at {contract}; in a suit contract only four (100) "
                "or five (150) trump honours in one hand count (Law 81)"
            )
        return kind

    def format(self) -> str:
        return f"{self.side.value} {self.points}"


_HONOURS_RE = re.compile(r"^\s*(?P<side>[A-Za-z][\s/\-]?[A-Za-z])\b\s*[:=]?\s*(?P<rest>.+?)\s*$")
_KIND_WORDS = {
    "4ACES": HonoursKind.FOUR_ACES, "ACES": HonoursKind.FOUR_ACES, "4AZEN": HonoursKind.FOUR_ACES,
    "AZEN": HonoursKind.FOUR_ACES, "4A": HonoursKind.FOUR_ACES,
    "4HONOURS": HonoursKind.FOUR_TRUMP, "4HONORS": HonoursKind.FOUR_TRUMP,
    "4HONNEURS": HonoursKind.FOUR_TRUMP,
    "4H": HonoursKind.FOUR_TRUMP,
    "5HONOURS": HonoursKind.FIVE_TRUMP, "5HONORS": HonoursKind.FIVE_TRUMP,
    "5HONNEURS": HonoursKind.FIVE_TRUMP,
    "5H": HonoursKind.FIVE_TRUMP,
}  # fmt: skip


def parse_honours(text: str) -> Honours | None:
    """Read an honours claim: ``NS 100``, ``EW 150``, Dutch ``NZ 100``/``OW 150``, or ``EW 4 aces``,
    ``NS 5 honours``; empty text (or ``-``) is no claim.  Raises ``RubberError`` on anything else."""
    raw = text.strip()
    if raw in {"", "-", "0"}:
        return None
    m = _HONOURS_RE.match(raw)
    if not m:
        raise RubberError(f"'{raw}' is not an honours claim; write the side and the points, e.g. NS 100 or EW 150")
    try:
        side = Side.parse(m["side"])
    except ContractError:
        raise RubberError(
            f"'{raw}': '{m['side'].strip()}' is not a side; write NS or EW (Dutch NZ or OW) before the points"
        ) from None
    rest = re.sub(r"\s+", "", m["rest"]).upper()
    if rest.isascii() and rest.isdigit():
        # compared as text: int() refuses a number of more than 4,300 digits (a ValueError, not a message)
        if rest.lstrip("0") not in ("100", "150"):
            shown = rest if len(rest) <= 12 else f"{rest[:6]}…({len(rest)} digits)"
            raise RubberError(
                f"honours of {shown} do not exist: four trump honours in one hand score 100, all five 150, "
                "four aces in one hand at no-trump 150 (Law 81)"
            )
        return Honours(side, int(rest))
    kind = _KIND_WORDS.get(rest)
    if kind is None:
        raise RubberError(f"'{raw}': write the honours as 100 or 150 (or '4 aces', '4 honours', '5 honours')")
    return Honours(side, kind.points, kind)


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as written on the pad: contract, declarer, tricks taken and honours claimed; or passed out."""

    contract: Contract
    declarer: Seat | None = None
    tricks: int | None = None
    honours: Honours | None = None

    @classmethod
    def passed_out(cls) -> Deal:
        return cls(PASSED_OUT)

    def check(self) -> None:
        """Raise ``RubberError`` for a deal that cannot have happened."""
        if self.contract.is_passed_out:
            if self.honours is not None:
                raise RubberError("a passed-out deal has no honours: there is no trump suit and no no-trump contract")
            return
        if self.declarer is None:
            raise RubberError(f"contract {self.contract} has no declarer; write N, E, S or W")
        if self.tricks is None:
            raise RubberError(f"contract {self.contract} has no result; write the tricks taken (0-13) or =, +1, -2")
        if not 0 <= self.tricks <= 13:
            raise RubberError(f"{self.tricks} tricks is impossible; declarer takes 0 to 13 tricks")
        if self.honours is not None:
            self.honours.resolve(self.contract)

    def describe(self, notation: Notation = "en") -> str:
        """``4SX S -1``, Dutch ``4SX Z -1``, ``3SA O C`` – the deal as the sheet's annotations write it; a passed-out
        deal in the words of the catalogue (``notation`` is also the language: ``passed out``, ``gepast``)."""
        if self.contract.is_passed_out:
            return translator(notation).gettext("passed out")  # Dutch: gepast
        assert self.declarer is not None and self.tricks is not None
        return (
            f"{self.contract.format(notation)} {self.declarer.label(notation)} "
            f"{format_result(self.contract, self.tricks, notation)}"
        )


class EntryKind(Enum):
    """Why points are on the sheet; the value is the English reason printed on the pad and in JSON."""

    TRICKS = "trick points"
    OVERTRICKS = "overtricks"
    INSULT = "doubled contract made"
    INSULT_REDOUBLED = "redoubled contract made"
    SMALL_SLAM = "small slam"
    GRAND_SLAM = "grand slam"
    UNDERTRICKS = "undertricks"
    HONOURS = "honours"
    RUBBER = "rubber bonus"
    GAME = "game bonus"
    LAST_DEAL_PARTSCORE = "part score on the fourth deal"
    UNFINISHED_GAME = "unfinished rubber: one game"
    UNFINISHED_PARTSCORE = "unfinished rubber: part score"


@dataclass(frozen=True, slots=True)
class Entry:
    """Points written for ``side``: below the line (trick points, in game ``game``) or above it.

    ``deal`` is the 1-based index of the deal on the sheet that earned them (None for the closing bonuses of
    an unfinished rubber); ``game`` is the 1-based number of the game in progress when they were written.
    """

    side: Side
    points: int
    kind: EntryKind
    deal: int | None
    game: int
    detail: str = ""

    @property
    def below(self) -> bool:
        return self.kind is EntryKind.TRICKS


@dataclass(frozen=True, slots=True)
class RubberOptions:
    """The variant of the score sheet.

    ``chicago``: four-deal bridge (see the module docstring).  ``partscore_bonus``: the bonus for the
    only part score in an unfinished game of an unfinished rubber: 50 (seed 004, older codes) or 100 (the
    current rubber-bridge tables, Law 80).  ``first_dealer``: who deals the first deal (the duplicate
    Laws numbers the deal from North; at the table it is drawn by cutting).
    """

    chicago: bool = False
    partscore_bonus: int = 50
    first_dealer: Seat = Seat.N

    def __post_init__(self) -> None:
        if self.partscore_bonus not in (50, 100):
            raise RubberError(
                "the part-score bonus of an unfinished rubber is 50 (seed 004) or 100 (current rubber tables)"
            )


def chicago_vulnerability(deal_number: int, dealer: Seat) -> Vulnerability:
    """Chicago: deal 1 none vulnerable, deals 2 and 3 dealer's side, deal 4 both (four-deal bridge rules)."""
    if deal_number == 1:
        return Vulnerability.NONE
    if deal_number == 4:
        return Vulnerability.ALL
    return Vulnerability.NS if dealer.side is Side.NS else Vulnerability.EW


RUBBER_BONUS_TWO_NIL = 700
RUBBER_BONUS_TWO_ONE = 500
UNFINISHED_GAME_BONUS = 300
CHICAGO_GAME_NOT_VULNERABLE = 300
CHICAGO_GAME_VULNERABLE = 500
CHICAGO_LAST_DEAL_PARTSCORE = 100
GAME = 100


@dataclass(frozen=True, slots=True)
class Sheet:
    """A rubber (or Chicago) score sheet after the deals in ``deals``; built by ``Sheet.new`` and ``play``."""

    options: RubberOptions = field(default_factory=RubberOptions)
    deals: tuple[Deal, ...] = ()
    entries: tuple[Entry, ...] = ()
    games: tuple[Side, ...] = ()
    #: below-the-line trick points of the game in progress, NS then EW
    partscores: tuple[int, int] = (0, 0)
    #: Chicago: deals that counted (passed-out deals are redealt and do not count)
    counted_deals: int = 0

    # --- state ------------------------------------------------------------------------------------------

    @classmethod
    def new(cls, options: RubberOptions | None = None) -> Sheet:
        return cls(options or RubberOptions())

    @property
    def chicago(self) -> bool:
        return self.options.chicago

    def games_won(self, side: Side) -> int:
        return sum(1 for winner in self.games if winner is side)

    @property
    def finished(self) -> bool:
        """Rubber: a side has won two games (Law 74).  Chicago: four deals have been played."""
        if self.chicago:
            return self.counted_deals >= 4
        return any(self.games_won(side) >= 2 for side in Side)

    @property
    def game_number(self) -> int:
        """The number of the game in progress (or of the last game, once the rubber is over)."""
        return len(self.games) + (0 if self.finished and not self.chicago else 1)

    def deal_label(self, index: int) -> int:
        """The number to print for the ``index``-th deal on the sheet (1-based).  Rubber: ``index``.  Chicago:
        its number 1-4 in the set (a passed-out deal is redealt under the same number)."""
        if not self.chicago:
            return index
        return 1 + sum(1 for d in self.deals[: index - 1] if not d.contract.is_passed_out)

    @property
    def games_shown(self) -> int:
        """How many games the pad shows below the line: those won, and the one in progress if it is not over
        or has points in it."""
        in_progress = any(e.below and e.game > len(self.games) for e in self.entries)
        return len(self.games) + (1 if in_progress or not self.finished else 0)

    def partscore(self, side: Side) -> int:
        return self.partscores[0 if side is Side.NS else 1]

    @property
    def next_deal_number(self) -> int:
        """Chicago: the number (1-4) of the next deal to be played; rubber: the next deal on the sheet."""
        return self.counted_deals + 1 if self.chicago else len(self.deals) + 1

    @property
    def dealer(self) -> Seat:
        """The dealer of the next deal.  Rubber: rotates every deal, a passed-out one too (the next dealer
        deals).  Chicago: rotates after each deal that counts; a passed-out deal is redealt by the same
        dealer."""
        moves = self.counted_deals if self.chicago else len(self.deals)
        return Seat((self.options.first_dealer + moves) % 4)

    @property
    def vulnerability(self) -> Vulnerability:
        """Vulnerability for the next deal.  Rubber: a side that has won a game is vulnerable (the Laws'
        definition of "vulnerable"; seed 004: "wanneer een paar een game heeft gescoord, dan is dat paar
        kwetsbaar").  Chicago: by deal number."""
        if self.chicago:
            return chicago_vulnerability(min(self.next_deal_number, 4), self.dealer)
        ns, ew = self.games_won(Side.NS) > 0, self.games_won(Side.EW) > 0
        if ns and ew:
            return Vulnerability.ALL
        if ns:
            return Vulnerability.NS
        return Vulnerability.EW if ew else Vulnerability.NONE

    # --- totals -----------------------------------------------------------------------------------------

    @property
    def closing_entries(self) -> tuple[Entry, ...]:
        """Bonuses written when play stops before the rubber is over (Law 80).

        300 to a side that has won the only game; 50 (or 100 by option) to a side with the only part score in
        the unfinished game.  None in Chicago (there is no unfinished Chicago bonus) and none once the rubber
        is finished."""
        if self.chicago or self.finished:
            return ()
        out: list[Entry] = []
        game = self.game_number
        ns_games, ew_games = self.games_won(Side.NS), self.games_won(Side.EW)
        if ns_games != ew_games:
            leader = Side.NS if ns_games > ew_games else Side.EW
            out.append(Entry(leader, UNFINISHED_GAME_BONUS, EntryKind.UNFINISHED_GAME, None, game))
        ns_part, ew_part = self.partscores
        if (ns_part > 0) != (ew_part > 0):
            side = Side.NS if ns_part > 0 else Side.EW
            out.append(Entry(side, self.options.partscore_bonus, EntryKind.UNFINISHED_PARTSCORE, None, game))
        return tuple(out)

    def all_entries(self, closed: bool = True) -> tuple[Entry, ...]:
        return self.entries + (self.closing_entries if closed else ())

    def total(self, side: Side, closed: bool = True) -> int:
        """All points of ``side``, above and below the line (Law 74); with the unfinished-rubber bonuses when
        ``closed``."""
        return sum(e.points for e in self.all_entries(closed) if e.side is side)

    def above(self, side: Side, closed: bool = True) -> tuple[Entry, ...]:
        return tuple(e for e in self.all_entries(closed) if e.side is side and not e.below)

    def below(self, side: Side) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.side is side and e.below)

    def winner(self, closed: bool = True) -> Side | None:
        """The side with the larger total (Law 74), None when the totals are equal."""
        ns, ew = self.total(Side.NS, closed), self.total(Side.EW, closed)
        if ns == ew:
            return None
        return Side.NS if ns > ew else Side.EW

    def margin(self, closed: bool = True) -> int:
        return abs(self.total(Side.NS, closed) - self.total(Side.EW, closed))

    # --- play -------------------------------------------------------------------------------------------

    def play(self, deal: Deal) -> Sheet:
        """The sheet with ``deal`` written on it; ``RubberError`` if the deal cannot be written."""
        if self.finished:
            if self.chicago:
                raise RubberError("the Chicago is over: four deals have been played; start a new sheet")
            winner = next(s for s in Side if self.games_won(s) >= 2)
            raise RubberError(
                f"the rubber is over: {winner.value} won two games (deal {len(self.deals)}); start a new rubber"
            )
        deal.check()
        number = len(self.deals) + 1
        if deal.contract.is_passed_out:
            # Rubber: nothing is scored and the next dealer deals.  Chicago: redealt by the same dealer.
            return replace(self, deals=(*self.deals, deal))
        assert deal.declarer is not None and deal.tricks is not None
        contract, side = deal.contract, deal.declarer.side
        vulnerable = self.vulnerability.is_vulnerable(side)
        try:
            parts = contract.breakdown(vulnerable, deal.tricks)
        except ContractError as err:
            raise RubberError(str(err)) from None
        game_no = len(self.games) + 1
        detail = deal.describe()
        new: list[Entry] = []

        def write(to: Side, points: int, kind: EntryKind) -> None:
            if points:
                new.append(Entry(to, points, kind, number, game_no, detail))

        # Laws 72 and 81: the defenders score the undertricks above the line; the declaring side scores trick
        # points below the line and overtricks, the insult and slam bonuses above it.
        if not parts.made:
            write(side.other, parts.undertrick_penalty, EntryKind.UNDERTRICKS)
        else:
            write(side, parts.contract_points, EntryKind.TRICKS)
            write(side, parts.overtrick_points, EntryKind.OVERTRICKS)
            insult = EntryKind.INSULT_REDOUBLED if contract.risk is Risk.REDOUBLED else EntryKind.INSULT
            write(side, parts.insult, insult)
            if contract.level == 6:
                write(side, parts.slam_bonus, EntryKind.SMALL_SLAM)
            elif contract.level == 7:
                write(side, parts.slam_bonus, EntryKind.GRAND_SLAM)
        if deal.honours is not None:
            deal.honours.resolve(contract)
            write(deal.honours.side, deal.honours.points, EntryKind.HONOURS)

        ns_part, ew_part = self.partscores
        if parts.made:
            if side is Side.NS:
                ns_part += parts.contract_points
            else:
                ew_part += parts.contract_points
        games = self.games
        counted = self.counted_deals + 1 if self.chicago else self.counted_deals
        made_game = max(ns_part, ew_part) >= GAME
        if made_game:
            # Law 73: the first side to 100 trick points wins the game; both part scores are wiped.
            games = (*games, side)
            ns_part, ew_part = 0, 0
            if self.chicago:
                # Chicago: 300 not vulnerable / 500 vulnerable at once, by the vulnerability of this deal.
                bonus = CHICAGO_GAME_VULNERABLE if vulnerable else CHICAGO_GAME_NOT_VULNERABLE
                write(side, bonus, EntryKind.GAME)
            else:
                won = sum(1 for g in games if g is side)
                if won == 2:
                    # Law 74: 700 if the other side has no game, 500 if it has one.
                    lost = len(games) - won
                    write(side, RUBBER_BONUS_TWO_NIL if lost == 0 else RUBBER_BONUS_TWO_ONE, EntryKind.RUBBER)
        elif self.chicago and counted == 4 and parts.made and parts.contract_points:
            # Chicago: a part score made on the fourth deal that does not complete a game earns 100.
            write(side, CHICAGO_LAST_DEAL_PARTSCORE, EntryKind.LAST_DEAL_PARTSCORE)
        return replace(
            self,
            deals=(*self.deals, deal),
            entries=self.entries + tuple(new),
            games=games,
            partscores=(ns_part, ew_part),
            counted_deals=counted,
        )

    def play_all(self, deals: Iterable[Deal]) -> Sheet:
        sheet = self
        for deal in deals:
            sheet = sheet.play(deal)
        return sheet

    def undo(self) -> Sheet:
        """The sheet without its last deal (replays the others: a sheet holds no hidden state)."""
        if not self.deals:
            raise RubberError("there is no deal to undo")
        return Sheet(self.options).play_all(self.deals[:-1])


# --- settlement -----------------------------------------------------------------------------------------


class Rounding(Enum):
    """How the margin is rounded to hundreds before it is paid.

    * ``NONE``: the exact difference of the totals (Law 74; seed 004: "het verschil tussen beide totalen vormt
      het bedrag").
    * ``HALF_UP``: to the nearest 100, 50 rounds up (…50 counts as the next hundred) – the usual North
      American club custom.
    * ``HALF_DOWN``: to the nearest 100, 50 rounds down – the custom of London rubber-bridge clubs, where a
      margin of 50 is not paid.
    The Laws leave rounding to the players; the attributions are club customs, not Law text.
    """

    NONE = "none"
    HALF_UP = "half-up"
    HALF_DOWN = "half-down"


@dataclass(frozen=True, slots=True)
class Settlement:
    """What the losers pay: the margin in points, rounded, times the stake per 100 points if one is set."""

    difference: int
    rounded: int
    rounding: Rounding
    payer: Side | None
    payee: Side | None
    stake_per_100: Decimal | None = None

    @property
    def amount(self) -> Decimal | None:
        if self.stake_per_100 is None:
            return None
        return (Decimal(self.rounded) / 100 * self.stake_per_100).quantize(Decimal("0.01"))


#: The largest stake per 100 points accepted (the amount must stay exact to the cent in ``Decimal``'s 28 digits).
MAX_STAKE = Decimal(1_000_000)


def parse_stake(text: str) -> Decimal:
    """A stake per 100 points as written (``0.10``, ``1``, Dutch ``0,10``); ``RubberError`` for anything that is
    not an amount from 0 to ``MAX_STAKE`` (``NaN``, ``Infinity`` and negative stakes are not amounts)."""
    try:
        value = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        raise RubberError(f"--stake '{text}' is not an amount; write e.g. 0.10") from None
    if not value.is_finite() or value < 0 or value > MAX_STAKE:
        raise RubberError(f"--stake '{text}' is not an amount from 0 to {MAX_STAKE}; write e.g. 0.10")
    return value


def settle(sheet: Sheet, stake_per_100: Decimal | None = None, rounding: Rounding = Rounding.NONE) -> Settlement:
    """The settlement of a sheet (closed: unfinished-rubber bonuses included)."""
    difference = sheet.margin()
    if rounding is Rounding.NONE:
        rounded = difference
    else:
        mode = ROUND_HALF_UP if rounding is Rounding.HALF_UP else ROUND_HALF_DOWN
        rounded = int((Decimal(difference) / 100).quantize(Decimal(1), rounding=mode)) * 100
    winner = sheet.winner()
    return Settlement(
        difference=difference,
        rounded=rounded,
        rounding=rounding,
        payer=winner.other if winner else None,
        payee=winner,
        stake_per_100=stake_per_100,
    )


def settle_session(
    sheets: Sequence[Sheet], stake_per_100: Decimal | None = None, rounding: Rounding = Rounding.NONE
) -> Settlement:
    """The settlement of an evening of several rubbers: each rubber is rounded on its own (as each is settled
    at the table when it ends, seed 004 "na afloop van de robber"), and the signed results are added."""
    difference = 0
    rounded = 0
    for sheet in sheets:
        one = settle(sheet, rounding=rounding)
        sign = 1 if one.payee is Side.NS else -1 if one.payee is Side.EW else 0
        difference += sign * one.difference
        rounded += sign * one.rounded
    payee = Side.NS if rounded > 0 else Side.EW if rounded < 0 else None
    if payee is None and difference:
        payee = Side.NS if difference > 0 else Side.EW
    return Settlement(
        difference=abs(difference),
        rounded=abs(rounded),
        rounding=rounding,
        payer=payee.other if payee else None,
        payee=payee,
        stake_per_100=stake_per_100,
    )


def sheet_of(deals: Sequence[Deal], options: RubberOptions | None = None) -> Sheet:
    """Play ``deals`` in order on a new sheet."""
    return Sheet.new(options).play_all(deals)
