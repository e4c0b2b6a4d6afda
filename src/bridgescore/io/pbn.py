"""PBN files (Portable Bridge Notation 2.1) carrying results: one table result per game, or a score table.

The file's structure (tag pairs, comments, notes, the rows of ``…Table`` sections) is parsed by endplay's PBN
parser, one game at a time, so a game endplay cannot read is reported with its line and the others are kept.
Two ways of carrying results are read:

* **a score table per board** (``[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;…"]``, as
  written by scoring programs and Bridgemate/Magic Contest exports): each row is a traveller line.  Columns
  read: ``Section``, ``PairId_NS``, ``PairId_EW``, ``Contract``, ``Declarer``, ``Result`` (tricks taken, or
  ``=``/``+1``/``-2``), ``Lead``, ``Score_NS``/``Score_EW`` (or ``Score`` as ``NS 420``), ``Names_NS``/
  ``Names_EW``; every other column (``MP_NS``, ``Percentage_EW``, ``IMP_NS``, ``Table``, ``Round`` …) is kept in
  ``Result.extra``.  An adjusted score in the contract or score column (``A60``, ``60%-40%``, ``AVE+``)
  becomes status ``adjusted`` with its canonical remark (:mod:`bridgescore.io.adjusted`); ``-`` is empty.
* **one result per game** (``[Contract]``, ``[Declarer]``, ``[Result]``, ``[Score "NS 120"]``): the pairs are
  the ``[PairId_NS]``/``[PairId_EW]`` tags where present; teams exports (RealBridge, with ``[HomeTeam]``/
  ``[VisitTeam]``) give the teams' names: the home team sits North-South unless ``[Room "Closed"]``.
  A game without a contract (an empty ``[Contract ""]`` on a deal-only record, or ``"?"``: PBN's unknown value,
  as Bridgewebs' hand records write ``[Contract "?"]``) carries no result.  ``PO`` is a passed-out board
  (Bridgewebs' score tables).

Every game's deal (``[Deal]``, with its double-dummy and par tags) is read by :mod:`bridgescore.io.deals` and
travels with the event (:attr:`bridgescore.core.event.Event.deals`, issue 10); a deals-only file is a hand record, not
a file without results.

The written score is what the exporting program scored: where it disagrees with the contract (or the contract
cannot be read but a score is written) a warning says so and the written score is used.  A bare score
(``420``) is read as North-South's; one equal to minus the contract's score is taken as declarer's.

Other tags of a game (``Table``, ``ScoreIMP``, ``Room`` …) are kept in ``Result.extra``; names come from
``Names_NS``/``Names_EW`` and from a ``[TotalScoreTable]`` with ``PairId`` and ``Names`` columns; the players' member
numbers (issue 13, :attr:`Event.players`) from its ``MemberID1``/``MemberID2`` columns (PBN 2.1).

Lines are counted as an editor counts them (a line ends at LF or CR LF; a lone CR, U+2028 and the like inside a
line are read as spaces), so a problem's line is the line the director sees.  A game that starts without a blank
line before it (a tag such as ``[Event]`` or ``[Board]`` written a second time) is read as a new game, with a
warning.  A teams file (``[HomeTeam]``/``[VisitTeam]``, ``[Room]``, ``[ScoreIMP]``, ``[Competition "Teams"]``) or
an individual (``[Competition "Individuals"]``) is read and marked (:attr:`bridgescore.core.event.Event.form`), so that
``score`` does not score it as pairs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from endplay.parsers import pbn as endplay_pbn

from bridgescore.core.contract import (
    Contract,
    ContractError,
    Notation,
    Seat,
    parse_contract,
    score,
    vulnerability_of_board,
)
from bridgescore.core.event import Event, EventForm, Result, ResultStatus, sections_numbered_per_direction
from bridgescore.core.players import Player
from bridgescore.core.problems import FieldKind, Location, Problem, Severity, Value, shorten
from bridgescore.io.adjusted import canonical_adjustment
from bridgescore.io.csv import is_not_played, one_line_per_table, read_file
from bridgescore.io.deals import PbnDeals
from bridgescore.io.line import LineReading, read_declarer, read_tricks, whole_number
from bridgescore.io.pbn_games import (
    TAG,
    Game,
    split_games,
)
from bridgescore.io.usebio import names_by_pair

__all__ = ["load", "loads", "split_games"]

#: Tags that only a teams match writes; the PBN standard's ``Competition`` names the event's kind.
_TEAMS_TAGS = ("HomeTeam", "VisitTeam", "Room", "ScoreIMP")
#: The tags that carry results, by their lower-case spelling: PBN tag names are case-sensitive (PBN 2.1, section
#: 3.1), so ``[SCORETABLE]`` is no score table – and its rows would be lost without a word.
_RESULT_TAGS = {t.lower(): t for t in ("ScoreTable", "TotalScoreTable", "Contract", "Declarer", "Result", "Score")}


def _cells(row: Sequence[str]) -> list[str]:
    """Re-join the whitespace-split cells of a table row where a quoted value had spaces; strip the quotes."""
    out: list[str] = []
    current: list[str] | None = None
    for token in row:
        if current is not None:
            current.append(token)
            if token.endswith('"'):
                out.append(" ".join(current)[1:-1])
                current = None
        elif token.startswith('"') and not (len(token) > 1 and token.endswith('"')):
            current = [token]
        else:
            out.append(token[1:-1] if len(token) > 1 and token.startswith('"') and token.endswith('"') else token)
    if current is not None:
        out.append(" ".join(current).lstrip('"'))
    return out


def _headers(headers: Sequence[Any]) -> list[str]:
    return [h if isinstance(h, str) else str(h.get("name", "")) for h in headers]


class _Reader:
    def __init__(self, filename: str, notation: Notation) -> None:
        self.filename = filename
        self.notation = notation
        self.results: list[Result] = []
        self.names: dict[str, str] = {}  # TotalScoreTable's, by pair number (it has no section)
        self.players: dict[str, tuple[Player, ...]] = {}  # TotalScoreTable's member numbers (issue 13)
        self.section_names: dict[tuple[str, str], str] = {}  # the score tables', by (section, pair)
        self.problems: list[Problem] = []
        self.title = ""
        self.info: dict[str, str] = {}  # date and club (PBN [Date], [Site])
        self.deals = PbnDeals(filename)

    def problem(
        self,
        line: int | None,
        field: str | None,
        message: str,
        severity: Severity = Severity.ERROR,
        **values: Value,
    ) -> None:
        """A problem at a line and tag of the file: ``message`` is a catalogue message filled from ``values``."""
        self.problems.append(
            Problem.make(Location(self.filename, line, field, FieldKind.TAG), message, severity, **values)
        )

    def game(self, game: Game) -> None:
        if game.refused:
            return
        self.miscased_tags(game)
        before = len(self.deals.collector.problems)
        self.deals.game(game.start, game.tags, game.text)
        # a game without results whose deal the deal reader refused (and said why): endplay refusing the game
        # would say it again; a game with results is reported as left out too, so the lost result is named
        deal_refused = not (_written(game, "Contract") or _written(game, "Score") or "ScoreTable" in game.tags) and any(
            p.severity is Severity.ERROR and p.location.field == "Deal" for p in self.deals.collector.problems[before:]
        )
        number = self.board_number(game)
        if number is None and game.tags.get("Board", ("", 0))[0].strip():
            return  # a board number that does not exist: reported, and endplay would refuse the game
        try:
            boards = endplay_pbn.loads(game.text)
        except endplay_pbn.PBNDecodeError as err:
            if deal_refused:
                return
            self.problem(
                game.start + max(err.lineno - 1, 0),
                None,
                "this game cannot be read (%(reason)s: '%(text)s'); it is left out",
                reason=shorten(str(err), 120),
                text=shorten(str(err.line)),
            )
            return
        except Exception as err:  # endplay raises plain errors for a bad deal, contract or play record
            if deal_refused:
                return
            self.problem(
                game.start, None, "this game cannot be read (%(reason)s); it is left out", reason=shorten(str(err), 120)
            )
            return
        if not boards:
            return
        board = boards[0]
        if not self.title:
            self.title = game.tags.get("Event", ("", 0))[0]
        for key, tag in (("date", "Date"), ("club", "Site")):  # the page's header: the first game's, as written
            value = game.tags.get(tag, ("", 0))[0].strip()
            if value and not value.startswith("#") and "?" not in value and key not in self.info:
                self.info[key] = value
        info: Mapping[str, Any] = board.info
        total = info.get("TotalScoreTable")
        if isinstance(total, dict):
            self.total_table(total, game)
        table = info.get("ScoreTable")
        if number is None:
            if isinstance(table, dict) or any(_written(game, t) for t in ("Contract", "Score")):
                line = game.tags.get("Board", ("", game.start))[1]
                self.problem(line, "Board", "the game has results but no board number; they are left out")
            return
        if isinstance(table, dict):
            self.score_table(number, table, game)
        elif _written(game, "Contract") or _written(game, "Score"):
            self.single_result(number, game, info)

    def miscased_tags(self, game: Game) -> None:
        """An error for each result tag written in another case (``[SCORETABLE]``), which is not read: the lines
        under it are counted, so the director knows what is lost."""
        lines = game.text.split("\n")
        for tag, (_value, line) in game.tags.items():
            known = _RESULT_TAGS.get(tag.lower())
            if known is None or known == tag:
                continue
            under = 0
            for text in lines[line - game.start + 1 :]:
                if TAG.match(text):
                    break
                under += bool(text.strip()) and not text.lstrip().startswith(("%", "{", ";"))
            if known.endswith("Table"):
                self.problem(
                    line,
                    tag,
                    "[%(tag)s] is not read: PBN tag names are case-sensitive, so write [%(known)s]; the %(count)d "
                    "line(s) under it are left out",
                    tag=shorten(tag),
                    known=known,
                    count=max(under, 1),
                )
            else:
                self.problem(
                    line,
                    tag,
                    "[%(tag)s] is not read: PBN tag names are case-sensitive, so write [%(known)s]; without it the "
                    "game's result may be left out",
                    tag=shorten(tag),
                    known=known,
                )

    def board_number(self, game: Game) -> int | None:
        text, line = game.tags.get("Board", ("", game.start))
        number = whole_number(text) if text.strip()[:1] not in ("+", "-") else None
        if number is not None and number >= 1:
            return number
        if text.strip():
            self.problem(
                line,
                "Board",
                "board '%(text)s' does not exist; boards are numbered from 1 (the game is left out)",
                text=shorten(text),
            )
        return None

    # --- one result per game ----------------------------------------------------------------------------

    def single_result(self, number: int, game: Game, info: Mapping[str, Any]) -> None:
        tags = {k: ("" if v.strip() == "?" else v) for k, (v, _) in game.tags.items()}
        line_of = {k: line for k, (_, line) in game.tags.items()}
        ns, ew = tags.get("PairId_NS", ""), tags.get("PairId_EW", "")
        teams = False
        if not (ns and ew) and tags.get("HomeTeam") and tags.get("VisitTeam"):
            ns, ew = tags["HomeTeam"], tags["VisitTeam"]
            if tags.get("Room", "").strip().lower() == "closed":
                ns, ew = ew, ns
            teams = True
        if not (ns and ew) and all(tags.get(seat) for seat in ("North", "South", "East", "West")):
            ns, ew = f"{tags['North']} & {tags['South']}", f"{tags['East']} & {tags['West']}"
        if not (ns and ew):
            self.problem(
                game.start,
                "PairId_NS",
                "board %(board)d: the result has no pairs (no PairId_NS/PairId_EW, HomeTeam/VisitTeam or player "
                "tags); it is left out",
                board=number,
            )
            return
        used = {
            "Board",
            "Contract",
            "Declarer",
            "Result",
            "Score",
            "PairId_NS",
            "PairId_EW",
            "Section",
            "Auction",
            "Play",
            "Note",
        }
        extra = {k: v for k, v in tags.items() if k not in used}
        if teams:
            extra["teams"] = "yes"
        fields = {
            "contract": (tags.get("Contract", ""), line_of.get("Contract"), "Contract"),
            "declarer": (tags.get("Declarer", ""), line_of.get("Declarer"), "Declarer"),
            "result": (tags.get("Result", ""), line_of.get("Result"), "Result"),
            "score": (tags.get("Score", ""), line_of.get("Score"), "Score"),
            "lead": ("", None, "Lead"),
        }
        section = tags.get("Section", "")
        result = self.result(number, section, ns, ew, fields, extra, Location(self.filename, game.start))
        if result is not None:
            self.results.append(result)

    # --- score tables -----------------------------------------------------------------------------------

    def score_table(self, number: int, table: Mapping[str, Any], game: Game) -> None:
        headers = _headers(table.get("headers", []))
        keys = [h.lower() for h in headers]
        tag_line = game.tags.get("ScoreTable", ("", game.start))[1]
        section_tag = game.tags.get("Section", ("", 0))[0]
        if "pairid_ns" not in keys or "pairid_ew" not in keys:
            self.problem(
                tag_line,
                "ScoreTable",
                "board %(board)d: the score table has no PairId_NS/PairId_EW columns (found %(columns)s); its "
                "%(count)d rows are left out",
                board=number,
                columns=shorten(", ".join(headers)),
                count=len(table.get("rows", [])),
            )
            return
        for offset, raw in enumerate(table.get("rows", []), start=1):
            line = tag_line + offset
            cells = _cells(raw)
            if len(cells) != len(headers):
                self.problem(
                    line,
                    "ScoreTable",
                    "board %(board)d: the row has %(values)d values for %(columns)d columns; it is left out",
                    board=number,
                    values=len(cells),
                    columns=len(headers),
                )
                continue
            row = {k: ("" if v in ("-", "?") else v) for k, v in zip(keys, cells, strict=True)}
            ns, ew = row.get("pairid_ns", ""), row.get("pairid_ew", "")
            section = row.get("section", "") or section_tag
            for pair, names_key in ((ns, "names_ns"), (ew, "names_ew")):
                if pair and row.get(names_key):
                    self.section_names[(section, pair)] = row[names_key]  # pair 1 of A and of B: two pairs
            used = {
                "pairid_ns",
                "pairid_ew",
                "contract",
                "declarer",
                "result",
                "lead",
                "score_ns",
                "score_ew",
                "score",
                "section",
                "names_ns",
                "names_ew",
            }
            extra = {h: v for h, k, v in zip(headers, keys, cells, strict=True) if k not in used}
            score_text = row.get("score_ns", "")
            score_field = "Score_NS"
            if not score_text and row.get("score_ew"):
                ew_text = row["score_ew"]
                # only a number is EW's score; "NP" or "A60" is read as written
                score_text = ew_text if canonical_adjustment(ew_text) or is_not_played(ew_text) else f"EW {ew_text}"
                score_field = "Score_EW"
            elif not score_text and row.get("score"):
                score_text, score_field = row["score"], "Score"
            fields = {
                "contract": (row.get("contract", ""), line, "Contract"),
                "declarer": (row.get("declarer", ""), line, "Declarer"),
                "result": (row.get("result", ""), line, "Result"),
                "score": (score_text, line, score_field),
                "lead": (row.get("lead", ""), line, "Lead"),
            }
            result = self.result(number, section, ns, ew, fields, extra, Location(self.filename, line))
            if result is not None:  # a pair twice on the board, in this table or another game's: see loads
                self.results.append(result)

    def total_table(self, table: Mapping[str, Any], game: Game) -> None:
        """The pairs' names (``PairId``, ``Names``) and, issue 13, their players' member numbers: the PBN 2.1
        standard's ``MemberID1``/``MemberID2`` columns of the ``TotalScoreTable`` (also read: ``PlayerId1``/
        ``PlayerId2``, ``MemberId_1``…); the players' names are the two halves of ``Names``."""
        headers = [h.lower() for h in _headers(table.get("headers", []))]
        if "pairid" not in headers or ("names" not in headers and not _member_columns(headers)):
            return
        first, second = _member_columns(headers) or ("", "")
        for raw in table.get("rows", []):
            cells = _cells(raw)
            if len(cells) == len(headers):
                row = dict(zip(headers, cells, strict=True))
                names = row.get("names", "")
                if row["pairid"] and names not in ("", "-"):
                    self.names[row["pairid"]] = names
                numbers = [row.get(first, "").strip("- "), row.get(second, "").strip("- ")]
                if row["pairid"] and any(numbers):
                    halves = [h for h in _NAME_JOINS.split(names) if h] if names not in ("", "-") else []
                    given = halves if len(halves) == 2 else ["", ""]
                    self.players[row["pairid"]] = tuple(
                        Player(number=n, name=g) for n, g in zip(numbers, given, strict=True)
                    )

    # --- one traveller line from its raw fields ---------------------------------------------------------

    def result(
        self,
        number: int,
        section: str,
        ns: str,
        ew: str,
        fields: Mapping[str, tuple[str, int | None, str]],
        extra: Mapping[str, str],
        where: Location,
    ) -> Result | None:
        errors: list[Problem] = []

        def bad(key: str, message: str, severity: Severity = Severity.ERROR, **values: Value) -> None:
            _, line, name = fields[key]
            where_ = Location(self.filename, line or where.line, name, FieldKind.TAG)
            problem = Problem.make(where_, message, severity, board=number, **values)
            (errors if severity is Severity.ERROR else self.problems).append(problem)

        if not ns:
            bad("contract", "board %(board)d: the North-South pair is missing")
        if not ew:
            bad("contract", "board %(board)d: the East-West pair is missing")
        reading, found = _interpret(
            number,
            fields["contract"][0].strip(),
            fields["declarer"][0].strip(),
            fields["result"][0].strip(),
            fields["score"][0].strip(),
            self.notation,
        )
        for key, message, severity, values in found:
            bad(key, message, severity, **dict(values))
        if errors:
            self.problems.extend(errors)
            return None
        return reading.to_result(number, ns, ew, section, fields["lead"][0].strip() or None, extra, where)


@lru_cache(maxsize=65536)
def _interpret(
    number: int, contract_text: str, declarer_text: str, result_text: str, score_text: str, notation: Notation
) -> tuple[LineReading, tuple[_Found, ...]]:
    """Read one line's fields (cached: an event repeats the same contract and result on a board many times); the
    problems found are (field, catalogue message taking the board as ``%(board)d``, severity, values)."""
    found: list[_Found] = []

    def bad(key: str, message: str, severity: Severity = Severity.ERROR, **values: Value) -> None:
        found.append((key, message, severity, tuple(values.items())))

    status = ResultStatus.PLAYED
    remarks = ""
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    ns_score: int | None = None
    if contract_text.upper() in _PASSED_OUT_WORDS:
        contract_text = "PASS"
    adjustment = canonical_adjustment(contract_text) or canonical_adjustment(score_text)
    if is_not_played(contract_text) or is_not_played(score_text):
        status = ResultStatus.NOT_PLAYED
    elif adjustment is not None and not re.match(r"^\d\s*[CDHSN]", contract_text, re.I):
        status, remarks = ResultStatus.ADJUSTED, adjustment
    else:
        side = _score(score_text)
        if score_text and side is None:
            bad(
                "score",
                "board %(board)d: '%(text)s' is not a score; write e.g. NS 420, EW 50 or 420",
                text=shorten(score_text),
            )
        # With a written score, a contract that cannot be read is a warning: the score is what counts.
        severity = Severity.WARNING if side is not None else Severity.ERROR
        reason = (
            "board %(board)d: %(reason)s; the written score is used"
            if side is not None
            else "board %(board)d: %(reason)s"
        )
        if contract_text:
            try:
                contract = parse_contract(contract_text, notation)
            except ContractError as err:
                bad("contract", reason, severity, reason=shorten(str(err), 120))
        if contract is not None and contract.is_passed_out:
            status = ResultStatus.PASSED_OUT
            ns_score = 0
        elif contract is not None:
            declarer, wrong = read_declarer(contract, declarer_text)
            if wrong:
                bad("declarer", reason, severity, reason=shorten(wrong, 120))
            tricks, wrong = read_tricks(contract, result_text)
            if wrong:
                bad("result", reason, severity, reason=shorten(wrong, 120))
            if declarer is not None and tricks is not None:
                ns_score = score(contract, declarer, vulnerability_of_board(number), tricks)
                if side is not None and not _agrees(side, ns_score):
                    bad(
                        "score",
                        "board %(board)d: the score '%(text)s' does not match %(contract)s by %(declarer)s taking "
                        "%(tricks)d tricks, which scores %(computed)+d for North-South; the written score is used",
                        Severity.WARNING,
                        text=shorten(score_text),
                        contract=str(contract),
                        declarer=declarer.name,
                        tricks=tricks,
                        computed=ns_score,
                    )
                    ns_score = side[0]
            elif side is not None:
                declarer, tricks, ns_score = None, None, side[0]
        if ns_score is None and side is not None:
            contract, declarer, tricks, ns_score = None, None, None, side[0]
        elif not contract_text and not score_text:
            bad("contract", "board %(board)d: neither a contract nor a score is written")
    return LineReading(status, remarks, contract, declarer, tricks, ns_score, ()), tuple(found)


#: Contracts PBN writers use for a passed-out board beyond the contract reader's words: Bridgewebs' hand records
#: write ``PO`` in their ScoreTable (e.g. the Welwyn Garden City reference event).
_PASSED_OUT_WORDS = frozenset({"PO"})


def _written(game: Game, tag: str) -> str:
    """A tag's value as written, ``?`` (PBN 2.1: the value is unknown, as a deals-only record writes its
    Contract, Declarer and Result) read as nothing."""
    value = game.tags.get(tag, ("", 0))[0].strip()
    return "" if value == "?" else value


#: A problem found in a line's fields: (field, catalogue message, severity, values).
_Found = tuple[str, str, Severity, tuple[tuple[str, Value], ...]]


def _agrees(side: tuple[int, str | None], ns_score: int) -> bool:
    """A bare score may be North-South's or declarer's; with ``NS``/``EW`` it is that side's."""
    value, which = side
    return value == ns_score or (which is None and -value == ns_score)


def _score(text: str) -> tuple[int, str | None] | None:
    """A written score: ``NS 420`` → (420, "NS") meaning NS +420; ``EW 50`` → (-50, "EW") meaning NS −50; a bare
    ``420`` → (420, None): North-South's score, or declarer's (both are accepted against the contract)."""
    m = re.fullmatch(r"\s*(NS|EW)?\s*([+\-]?\d+)\s*", text, re.I)
    value = whole_number(m[2]) if m else None
    if m is None or value is None:
        return None
    side = m[1].upper() if m[1] else None
    if side == "EW":
        return -value, "EW"
    return value, side


def loads(text: str, filename: str = "<input>", notation: Notation = "en") -> Event:
    """Read the results in a PBN file's text (see the module docstring)."""
    reader = _Reader(filename, notation)
    form: EventForm = "pairs"
    sign = ""
    for game in split_games(text, reader.problems, filename):
        reader.game(game)
        if form == "pairs":
            form, sign = _form(game)
    records = reader.deals.records()
    reader.problems.extend(records.problems)
    # a pair twice on a board, within a score table or over the file (one board's game written twice, an export
    # concatenated): refused as the CSV reader refuses it, at the line and tag (issue 18); a team plays each board
    # in both rooms, once each way, which the teams reader pairs up
    pairs = [r for r in reader.results if r.extra.get("teams") != "yes"]
    kept = one_line_per_table(pairs, sections_numbered_per_direction(pairs), reader.problems, _PAIR_TAGS, FieldKind.TAG)
    ids = {id(r) for r in kept}
    results = [r for r in reader.results if r.extra.get("teams") == "yes" or id(r) in ids]
    if not results and not reader.problems and not records.deals:
        reader.problem(
            None,
            None,
            "the file holds no results (no score tables and no contracts); a PBN file with deals only cannot be scored",
            Severity.WARNING,
        )
    reader.problems.sort(key=lambda p: p.location.line or 0)
    names = {**names_by_pair(reader.section_names), **reader.names}  # "A:1" where sections share numbers
    return Event(
        tuple(results),
        MappingProxyType(names),
        reader.title,
        tuple(reader.problems),
        form,
        sign,
        deals=records.deals,
        info=MappingProxyType(reader.info),
        players=MappingProxyType(reader.players),
    )


#: The tags of a line's two pairs (a score table's columns, a single result's tags), where a problem of a pair is.
_PAIR_TAGS = ("PairId_NS", "PairId_EW")

#: How a PBN ``Names`` cell joins the two players (``Smith - Jones``, ``Smith & Jones``).
_NAME_JOINS = re.compile(r"\s+(?:&|-|–|/|and|en)\s+")


def _member_columns(headers: Sequence[str]) -> tuple[str, str] | None:
    """The two member-number columns of a ``TotalScoreTable`` (lower-cased headers), or None."""
    for first, second in (("memberid1", "memberid2"), ("member_id1", "member_id2"), ("memberid_1", "memberid_2"),
                          ("playerid1", "playerid2"), ("playerid_1", "playerid_2")):  # fmt: skip
        if first in headers and second in headers:
            return first, second
    return None


def _form(game: Game) -> tuple[EventForm, str]:
    """Pairs, teams or individual, as a game's tags say (see the module docstring), with the sign."""
    written = game.tags.get("Competition", ("", 0))[0].strip()
    competition = written.lower()
    if competition.startswith("team"):
        return "teams", f'[Competition "{shorten(written)}"]'
    if competition.startswith("individual"):
        return "individual", f'[Competition "{shorten(written)}"]'
    for tag in _TEAMS_TAGS:
        if game.tags.get(tag, ("", 0))[0].strip():
            return "teams", f"[{tag}]"
    return "pairs", ""


def load(path: str | Path, notation: Notation = "en") -> Event:
    """Read a PBN file (UTF-8, or Windows-1252 with a warning)."""
    text, problems = read_file(path)
    if text is None:
        return Event((), problems=tuple(problems))
    event = loads(text, str(Path(path)), notation)
    return replace(event, problems=tuple(problems) + event.problems)
