"""The rules of a season competition (issue 13), each an option naming the program or the clubs that use it.

What was found (researched 2026-11; where nothing was found the rule is an option with a documented default):

* **The NBB-Rekenprogramma's club competition** ("competitie"), as clubs publish its settings (e.g. BC Gendringen's
  "Clubreglementen", nbbclubsites.nl/club/7036): the standing is the pairs' evenings averaged ("Berekening
  competitiestand: sorteren stand op gemiddelde"), optionally leaving out a number of lowest scores ("Aantal
  laagste scores weglaten") – our ``--rule drop:K`` (each competitor's K lowest evenings left out, however many
  it played; not the same as best N, which keeps N of a pair that played more and all of one that played
  fewer); an absent evening gets the pair's own average ("eigen
  gemiddelde", there with a maximum of 50 %, the provisional value 50 % before a first evening) – our
  ``--absent average``; a pair playing in another line gets a bonus or a correction ("Paar in andere lijn").
* **Clubs' competition rules** under the NBB program: a fixed score for an absent evening (BC De Muralt: 50 % the
  first time, then 45 %, 40 %) – our ``--absent fixed:P``; a correction between lines ("CScore": A line +6 %,
  B unchanged, C −6 % with three lines, ±4 % with two: nbbclubsites.nl/club/13024; "a B pair in the A line gets
  3 % compensation": BC Berg & Terblijt) – our ``--line-correction``; promotion and relegation ("promotie/
  degradatie") of the best and worst two to four pairs of each line at the end of a round (BC Neer, GBO, De
  Muralt: three) – our ``--promote``/``--relegate``; a minimum number of evenings to be ranked (Berg & Terblijt:
  half of the evenings; the club championship at 70 %; Reeuwijk-Dorp 4 of 6; Beek 10 a year) – our
  ``--min-evenings``, half of the evenings by default (:data:`DEFAULT_MIN_EVENINGS`).
* **The NBB-Clubranking** (Thilo Kielmann, for the NBB) has no absence rules at all: "Als iemand een zitting niet
  speelt, dan verandert zijn/haar ranking niet" – our ``--absent none`` (the default).
* **Bridgewebs' competitions and leaderboards** (the EBU's club sites, e.g. Cheltenham's leaderboards): scores
  averaged over the sessions played, a qualifying number of sessions, the lowest scores dropped beyond it (our
  ``--rule best:N``),
  an individual leaderboard (a player's sessions with any partner) beside the pairs one – our ``--per player``.
* **ACBLscore's club championship**: nothing was found on a season ranking in ACBLscore (its club championships
  are single games with extra masterpoints); no rule here claims to follow it.

Not found anywhere, so chosen and documented: the weight of an evening in an average is its boards (sum p·b / sum
b, as the NBB program averages a pair's boards within an evening); an absent evening weighs the most boards a pair
played that evening; the line correction is applied to every evening a pair played in a lower line, and to a
fixed absent score in the pair's own line; a competitor's own line (for an absent evening and for promotion and
relegation) is the line it played most, the latest on a tie; of two evenings with the same score under best N or
drop K the earlier is counted; drop K leaves a competitor at least one evening.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from bridgescore.core.i18n import N_
from bridgescore.core.options import OptionError

__all__ = [
    "DEFAULT_MIN_EVENINGS", "AbsentRule", "SeasonRules", "parse_absent", "parse_date", "parse_drop", "parse_lines",
    "parse_min_evenings", "parse_rule",
]  # fmt: skip

AbsentKind = Literal["none", "fixed", "average"]
Per = Literal["pair", "player"]
_EMPTY: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class AbsentRule:
    """What an evening a competitor did not play counts: ``none`` (nothing: NBB-Clubranking, Bridgewebs
    leaderboards), ``fixed`` ``value`` % (or IMPs per board in a Butler season; clubs under the NBB program, e.g.
    50 %), ``average`` (the competitor's own average of the evenings it played: the NBB program's "eigen
    gemiddelde"; ``cap`` an optional maximum, e.g. 50 %)."""

    kind: AbsentKind = "none"
    value: float = 0.0
    cap: float | None = None


@dataclass(frozen=True, slots=True)
class SeasonRules:
    """A season's rules (see the module docstring for their sources).

    ``best`` N evenings counted (None: all, the plain average); ``min_evenings`` played to be ranked (the others
    are listed, not ranked); ``absent`` the absent-evening rule; ``lines`` section → line (A, B, C …), in order
    from the top line (empty: no lines); ``line_correction`` the points (% or IMPs per board) an evening in a line
    counts less than one in the line above; ``promote``/``relegate`` pairs per line at the season's end; ``per``
    pair or player; ``unit`` ``percent`` (matchpoints) or ``imps`` (a Butler season, IMPs per board)."""

    best: int | None = None
    min_evenings: int = 0
    #: a share of the evenings held to be ranked (0.5: half of them, rounded up); the minimum is the larger of the
    #: two (:meth:`minimum`).  The command line's default is half (``--min-evenings half``, see the module docstring)
    min_share: float = 0.0
    #: the K lowest evenings of each competitor left out (the NBB program's "aantal laagste scores weglaten")
    drop: int = 0
    absent: AbsentRule = AbsentRule()
    lines: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    line_order: tuple[str, ...] = ()
    line_correction: float = 0.0
    promote: int = 0
    relegate: int = 0
    per: Per = "pair"
    unit: Literal["percent", "imps"] = "percent"

    def minimum(self, held: int) -> int:
        """The evenings a competitor must have played to be ranked in a season of ``held`` evenings."""
        return max(self.min_evenings, math.ceil(self.min_share * held - 1e-9))


#: The command line's minimum to be ranked: half of the evenings held, rounded up.  Clubs under the NBB program
#: rank a pair that played half of the evenings (BC Berg & Terblijt; BC Reeuwijk-Dorp asks 4 of 6, Bridge Club
#: Beek 10 a year for its club championship); Bridgewebs' leaderboards and Pianola's competitions rank only those
#: who played a qualifying number of sessions the club sets (Cheltenham: 12 a quarter, fewer when fewer were held);
#: no program found ranks a pair on one evening of many.  Without a minimum, a substitute pair's one good evening
#: (58 %) headed the season.
DEFAULT_MIN_EVENINGS = "half"


def parse_min_evenings(text: str) -> tuple[int, float]:
    """``--min-evenings``: a number of evenings (``6``; ``0``: every competitor ranked), a share of the evenings
    held (``50%``) or ``half`` (``helft``); returns (evenings, share)."""
    value = text.strip().lower().replace(" ", "")
    if value in ("half", "helft"):
        return 0, 0.5
    if re.fullmatch(r"\d+", value):
        return int(value), 0.0
    m = re.fullmatch(r"(\d+(?:[.,]\d+)?)%", value)
    if m and 0 <= float(m[1].replace(",", ".")) <= 100:
        return 0, float(m[1].replace(",", ".")) / 100
    raise OptionError(
        N_("--min-evenings is a number of evenings (6), a share of the evenings held (50%%) or half, not "
           "'%(value)s'"),
        value=text,
    )  # fmt: skip


def parse_rule(text: str) -> int | None:
    """``average`` (every evening counts: None) or ``best:N`` (the N best evenings); ``drop:K`` is read by
    :func:`parse_drop` (None here)."""
    value = text.strip().lower()
    if value in ("average", "avg", "gemiddelde") or parse_drop(text):
        return None
    m = re.fullmatch(r"best[:=]?\s*(\d+)", value)
    if m and int(m[1]) > 0:
        return int(m[1])
    raise OptionError(
        N_("--rule is average, best:N (the N best evenings) or drop:K (the K lowest left out), not '%(value)s'"),
        value=text,
    )


def parse_drop(text: str) -> int:
    """``drop:K`` (also ``weglaten:K``): the K lowest evenings of each competitor left out (the NBB program's
    "aantal laagste scores weglaten"); 0 for any other rule."""
    m = re.fullmatch(r"(?:drop|weglaten)[:=]?\s*(\d+)", text.strip().lower())
    return int(m[1]) if m and int(m[1]) > 0 else 0


def parse_absent(text: str) -> AbsentRule:
    """``none``, ``fixed:P`` (P % or IMPs per board) or ``average`` / ``average:MAX`` (own average, at most MAX)."""
    value = text.strip().lower()
    if value in ("none", "nothing", "geen"):
        return AbsentRule()
    kind, _, number = value.partition(":")
    try:
        amount = float(number.replace(",", ".")) if number else None
    except ValueError:
        amount = None
    if amount is not None and not math.isfinite(amount):
        amount = None
    if kind == "fixed" and amount is not None:
        return AbsentRule("fixed", amount)
    if kind in ("average", "own") and (not number or amount is not None):
        return AbsentRule("average", cap=amount)
    raise OptionError(
        N_("--absent is none, fixed:P (a fixed percentage) or average (the pair's own average), not '%(value)s'"),
        value=text,
    )


def parse_date(option: str, text: str | None) -> str | None:
    """``--from``/``--to``: a date in any form the programs write (:func:`bridgescore.pairs.sessions.iso_date`:
    ``2026-09-07``, ``07-09-2026``, ``7/9/2026``) and a day the calendar has, as ISO; None when not given."""
    import datetime

    from bridgescore.pairs.sessions import iso_date

    if not text:
        return None
    value = iso_date(text)
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            return datetime.date.fromisoformat(value).isoformat()
        except ValueError:  # 2026-02-30
            pass
    raise OptionError(N_("%(option)s is a date (YYYY-MM-DD), not '%(value)s'"), option=option, value=text)


_LINES_WANTED = N_(
    "--lines is a list of sections from the top line down (A,B,C) or of section=line (1=A,2=B), not '%(value)s'"
)


def parse_lines(text: str) -> tuple[dict[str, str], tuple[str, ...]]:
    """``--lines``: ``A,B,C`` (each section is the line of its name, top line first) or ``1=A,2=B`` (section →
    line).  Returns the mapping and the lines from the top."""
    mapping: dict[str, str] = {}
    order: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        section, sep, line = part.partition("=")
        section, line = section.strip(), (line.strip() if sep else section.strip())
        if not section or not line or section in mapping:
            raise OptionError(_LINES_WANTED, value=text)
        mapping[section] = line
        if line not in order:
            order.append(line)
    if not mapping:
        raise OptionError(_LINES_WANTED, value=text)
    return mapping, tuple(order)
