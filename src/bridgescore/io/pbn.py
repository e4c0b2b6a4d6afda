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
  A game without a contract (an empty ``[Contract ""]`` on a deal-only record) carries no result.

The written score is what the exporting program scored: where it disagrees with the contract (or the contract
cannot be read but a score is written) a warning says so and the written score is used.  A bare score
(``420``) is read as North-South's; one equal to minus the contract's score is taken as declarer's.

Other tags of a game (``Table``, ``ScoreIMP``, ``Room`` …) are kept in ``Result.extra``; names come from
``Names_NS``/``Names_EW`` and from a ``[TotalScoreTable]`` with ``PairId`` and ``Names`` columns.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from endplay.parsers import pbn as endplay_pbn

from bridgescore.contract import (
    Contract,
    ContractError,
    Notation,
    Seat,
    parse_contract,
    score,
    vulnerability_of_board,
)
from bridgescore.event import Event, Result, ResultStatus
from bridgescore.io.adjusted import canonical_adjustment
from bridgescore.io.csv import is_not_played, read_file
from bridgescore.io.line import LineReading, read_declarer, read_tricks, whole_number
from bridgescore.problems import Location, Problem, Severity

__all__ = ["load", "loads"]

_TAG = re.compile(r'^\s*\[(\w+)\s+"(.*)"\]')


@dataclass(frozen=True)
class _Game:
    """One game's text, the line it starts on, and each tag's raw value and line."""

    text: str
    start: int
    tags: Mapping[str, tuple[str, int]]


def _games(text: str) -> Iterator[_Game]:
    """Split a PBN file into games at blank lines (outside ``{…}`` comments), as the PBN standard does."""
    lines = text.splitlines()
    chunk: list[str] = []
    start = 1
    depth = 0
    previous: dict[str, str] = {}
    for number, line in enumerate([*lines, ""], start=1):
        depth += line.count("{") - line.count("}")
        if line.strip() or depth > 0:
            if not chunk:
                start = number
            chunk.append(line)
            continue
        if chunk and any(_TAG.match(c) for c in chunk):
            tags: dict[str, tuple[str, int]] = {}
            body: list[str] = []
            for offset, raw in enumerate(chunk):
                m = _TAG.match(raw)
                if m:
                    name, value = m[1], m[2]
                    if value == "#" and name in previous:  # PBN: "#" repeats the previous game's value
                        value = previous[name]
                        raw = f'[{name} "{value}"]'
                    tags.setdefault(name, (value, start + offset))
                body.append(raw)
            previous.update({k: v for k, (v, _) in tags.items()})
            yield _Game("\n".join(body) + "\n", start, MappingProxyType(tags))
        chunk = []
        depth = 0


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
        self.names: dict[str, str] = {}
        self.problems: list[Problem] = []
        self.title = ""

    def problem(self, line: int | None, field: str | None, message: str, severity: Severity = Severity.ERROR) -> None:
        self.problems.append(Problem(Location(self.filename, line, field), message, severity))

    def game(self, game: _Game) -> None:
        number = self.board_number(game)
        if number is None and game.tags.get("Board", ("", 0))[0].strip():
            return  # a board number that does not exist: reported, and endplay would refuse the game
        try:
            boards = endplay_pbn.loads(game.text)
        except endplay_pbn.PBNDecodeError as err:
            self.problem(
                game.start + max(err.lineno - 1, 0),
                None,
                f"this game cannot be read ({err}: '{err.line}'); it is left out",
            )
            return
        except Exception as err:  # endplay raises plain errors for a bad deal, contract or play record
            self.problem(game.start, None, f"this game cannot be read ({err}); it is left out")
            return
        if not boards:
            return
        board = boards[0]
        if not self.title:
            self.title = game.tags.get("Event", ("", 0))[0]
        info: Mapping[str, Any] = board.info
        total = info.get("TotalScoreTable")
        if isinstance(total, dict):
            self.total_table(total, game)
        table = info.get("ScoreTable")
        if number is None:
            if isinstance(table, dict) or game.tags.get("Contract", ("", 0))[0]:
                line = game.tags.get("Board", ("", game.start))[1]
                self.problem(line, "Board", "the game has results but no board number; they are left out")
            return
        if isinstance(table, dict):
            self.score_table(number, table, game)
        elif game.tags.get("Contract", ("", 0))[0].strip() or game.tags.get("Score", ("", 0))[0].strip():
            self.single_result(number, game, info)

    def board_number(self, game: _Game) -> int | None:
        text, line = game.tags.get("Board", ("", game.start))
        number = whole_number(text) if text.strip()[:1] not in ("+", "-") else None
        if number is not None and number >= 1:
            return number
        if text.strip():
            self.problem(
                line, "Board", f"board '{text}' does not exist; boards are numbered from 1 (the game is left out)"
            )
        return None

    # --- one result per game ----------------------------------------------------------------------------

    def single_result(self, number: int, game: _Game, info: Mapping[str, Any]) -> None:
        tags = {k: v for k, (v, _) in game.tags.items()}
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
                f"board {number}: the result has no pairs (no PairId_NS/PairId_EW, "
                "HomeTeam/VisitTeam or player tags); it is left out",
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

    def score_table(self, number: int, table: Mapping[str, Any], game: _Game) -> None:
        headers = _headers(table.get("headers", []))
        keys = [h.lower() for h in headers]
        tag_line = game.tags.get("ScoreTable", ("", game.start))[1]
        section_tag = game.tags.get("Section", ("", 0))[0]
        if "pairid_ns" not in keys or "pairid_ew" not in keys:
            self.problem(
                tag_line,
                "ScoreTable",
                f"board {number}: the score table has no PairId_NS/PairId_EW "
                f"columns (found {', '.join(headers)}); its rows are left out",
            )
            return
        seen: dict[tuple[str, str], int] = {}  # (section, pair) → line: pair 1 of A and of B are two pairs
        for offset, raw in enumerate(table.get("rows", []), start=1):
            line = tag_line + offset
            cells = _cells(raw)
            if len(cells) != len(headers):
                self.problem(
                    line,
                    "ScoreTable",
                    f"board {number}: the row has {len(cells)} values for {len(headers)} columns; it is left out",
                )
                continue
            row = {k: ("" if v == "-" else v) for k, v in zip(keys, cells, strict=True)}
            ns, ew = row.get("pairid_ns", ""), row.get("pairid_ew", "")
            section = row.get("section", "") or section_tag
            for pair, names_key in ((ns, "names_ns"), (ew, "names_ew")):
                if pair and row.get(names_key):
                    self.names[pair] = row[names_key]
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
            if result is None:
                continue
            twice = [p for p in (ns, ew) if (section, p) in seen]
            if twice:
                first = seen[(section, twice[0])]
                self.problem(
                    line,
                    "PairId_NS",
                    f"board {number}: pair {twice[0]} played it already (line {first}); this row is left out",
                )
                continue
            seen[(section, ns)] = seen[(section, ew)] = line
            self.results.append(result)

    def total_table(self, table: Mapping[str, Any], game: _Game) -> None:
        headers = [h.lower() for h in _headers(table.get("headers", []))]
        if "pairid" not in headers or "names" not in headers:
            return
        for raw in table.get("rows", []):
            cells = _cells(raw)
            if len(cells) == len(headers):
                row = dict(zip(headers, cells, strict=True))
                if row["pairid"] and row["names"] not in ("", "-"):
                    self.names[row["pairid"]] = row["names"]

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

        def bad(key: str, message: str, severity: Severity = Severity.ERROR) -> None:
            _, line, name = fields[key]
            problem = Problem(Location(self.filename, line or where.line, name), f"board {number}: {message}", severity)
            (errors if severity is Severity.ERROR else self.problems).append(problem)

        if not ns:
            bad("contract", "the North-South pair is missing")
        if not ew:
            bad("contract", "the East-West pair is missing")
        reading = _interpret(
            number,
            fields["contract"][0].strip(),
            fields["declarer"][0].strip(),
            fields["result"][0].strip(),
            fields["score"][0].strip(),
            self.notation,
        )
        for key, message, severity in reading.problems:
            bad(key, message, severity)
        if errors:
            self.problems.extend(errors)
            return None
        return reading.to_result(number, ns, ew, section, fields["lead"][0].strip() or None, extra, where)


@lru_cache(maxsize=65536)
def _interpret(
    number: int, contract_text: str, declarer_text: str, result_text: str, score_text: str, notation: Notation
) -> LineReading:
    """Read one line's fields (cached: an event repeats the same contract and result on a board many times)."""
    found: list[tuple[str, str, Severity]] = []

    def bad(key: str, message: str, severity: Severity = Severity.ERROR) -> None:
        found.append((key, message, severity))

    status = ResultStatus.PLAYED
    remarks = ""
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    ns_score: int | None = None
    adjustment = canonical_adjustment(contract_text) or canonical_adjustment(score_text)
    if is_not_played(contract_text) or is_not_played(score_text):
        status = ResultStatus.NOT_PLAYED
    elif adjustment is not None and not re.match(r"^\d\s*[CDHSN]", contract_text, re.I):
        status, remarks = ResultStatus.ADJUSTED, adjustment
    else:
        side = _score(score_text)
        if score_text and side is None:
            bad("score", f"'{score_text}' is not a score; write e.g. NS 420, EW 50 or 420")
        # With a written score, a contract that cannot be read is a warning: the score is what counts.
        severity = Severity.WARNING if side is not None else Severity.ERROR
        keep = "; the written score is used" if side is not None else ""
        if contract_text:
            try:
                contract = parse_contract(contract_text, notation)
            except ContractError as err:
                bad("contract", f"{err}{keep}", severity)
        if contract is not None and contract.is_passed_out:
            status = ResultStatus.PASSED_OUT
            ns_score = 0
        elif contract is not None:
            declarer, wrong = read_declarer(contract, declarer_text)
            if wrong:
                bad("declarer", f"{wrong}{keep}", severity)
            tricks, wrong = read_tricks(contract, result_text)
            if wrong:
                bad("result", f"{wrong}{keep}", severity)
            if declarer is not None and tricks is not None:
                ns_score = score(contract, declarer, vulnerability_of_board(number), tricks)
                if side is not None and not _agrees(side, ns_score):
                    bad(
                        "score",
                        f"the score '{score_text}' does not match {contract} by {declarer.name} "
                        f"taking {tricks} tricks, which scores {ns_score:+d} for North-South; "
                        "the written score is used",
                        Severity.WARNING,
                    )
                    ns_score = side[0]
            elif side is not None:
                declarer, tricks, ns_score = None, None, side[0]
        if ns_score is None and side is not None:
            contract, declarer, tricks, ns_score = None, None, None, side[0]
        elif not contract_text and not score_text:
            bad("contract", "neither a contract nor a score is written")
    return LineReading(status, remarks, contract, declarer, tricks, ns_score, tuple(found))


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
    for game in _games(text):
        reader.game(game)
    if not reader.results and not reader.problems:
        reader.problem(
            None,
            None,
            "the file holds no results (no score tables and no contracts); a PBN file with deals only cannot be scored",
            Severity.WARNING,
        )
    return Event(tuple(reader.results), MappingProxyType(reader.names), reader.title, tuple(reader.problems))


def load(path: str | Path, notation: Notation = "en") -> Event:
    """Read a PBN file (UTF-8, or Windows-1252 with a warning)."""
    text, problems = read_file(path)
    if text is None:
        return Event((), problems=tuple(problems))
    event = loads(text, str(Path(path)), notation)
    return Event(event.results, event.names, event.title, tuple(problems) + event.problems)
