"""The published result: one self-contained HTML page made from the ``bridgescore.score/1`` dict.

Seed 000: "Gelijk na het spelen van het laatste spel kan de uitslag van de wedstrijd worden opgeroepen" – the
page is what players read on the club's website, on a phone and on the notice board. It is rendered from the
same dict that ``--format json`` writes and from nothing else, so the page cannot show other numbers than the
JSON (``tests/test_html.py`` compares every number). The page has

* the ranking per group (NS and EW of a Mitchell, or one field) with places, totals, percentages or IMPs,
  boards played, and the scoring method and its options in words;
* every board's traveller (the "scorekaart"): contract, declarer, lead, result, score, the datum where the
  method has one, points and percentages per line, adjusted and not-played lines marked;
* a personal score card per pair: each board, opponents (number and names), contract, score, points, running
  total;
* the director's checks (seed 001, "controle van de telstaat") – only on the director's page
  (``render_html(..., director=True)``, the default of the API; ``score --format html --director``): the members'
  page leaves them out (issue 10).

Issue 10, the page members read on a phone: the header names the club and date (the dict's ``club``/``date``);
the ranking comes first with the method's sentences folded under it (``<details>``); each traveller is a
frequency table as NBB pages print a board (best NS score first, :func:`_by_score`); where the dict has
``deals`` (:mod:`bridgescore.report.html_deals`) each board shows its diagram, DD table and par above its
traveller and each line what double dummy makes in its contract; a ``leads`` entry (:meth:`Page.leads`) gets a
section of its own.  On a phone no type is under 14 px and the travellers fit 390 px.

It is one file: inline CSS, no scripts, no external requests (nothing to load, nothing to block); anchors link
a pair to its score card and a board to its traveller; a print stylesheet starts every section on a new page
and drops the navigation. Words come from :mod:`bridgescore.core.i18n` (English, ``lang="nl"`` for Dutch) and
numbers are written in the language's conventions (decimal comma in Dutch), rounded half up (to even under
``--print-rounding half-even``, and the page says which).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from bridgescore.core.cards import parse_card
from bridgescore.core.contract import ContractError, Notation, Seat, format_result, parse_contract
from bridgescore.core.i18n import Language, format_message, format_number, parse_language, translator
from bridgescore.core.version import __version__
from bridgescore.pairs.checks import Check, Finding, findings_text
from bridgescore.pairs.report.json import iter_boards, to_dict
from bridgescore.pairs.report.labels import NEUBERG_DECIMALS, penalty_text, percent_rounding
from bridgescore.pairs.report.method_words import (
    decimals_needed,
    describe_method,
    exact_decimal,
    is_number,
    method_name,
)
from bridgescore.pairs.scored import ScoredEvent
from bridgescore.report.html_deals import DealView, dd_tricks, deal_view
from bridgescore.report.page import environment, red_suits

__all__ = [
    "FULL_PAGE_LINES",
    "Card",
    "Page",
    "PairRef",
    "environment",
    "page_dict",
    "red_suits",
    "render_html",
    "slug",
    "summarise",
    "write_html",
]

SCHEMA = "bridgescore.score/1"
PERCENT_DECIMALS = 2
AVERAGE_DECIMALS = 2
#: Above this many traveller lines the page is summarised (issue 12): a browser lays out a page of 5,000
#: traveller lines (plus twice as many score-card lines) in about a second on a phone, and a page of 1,000,000 not at
#: all.  The summarised page keeps the ranking in full and gives each board's traveller as its score frequencies
#: (each different score, how many tables had it, and the points and percentages it earned: what a player looks
#: for on a traveller of 10,000 tables); the personal score cards are left out.  The page says so.
FULL_PAGE_LINES = 5000


# ---------------------------------------------------------------------------------------------- view model


@dataclass(frozen=True, slots=True)
class Cell:
    """One table cell: the text shown and, for numbers, the JSON field it shows (the page/JSON test reads it)."""

    text: str = ""
    field: str = ""
    css: str = ""
    href: str = ""
    strain: str = ""  # contract cells: suit symbol shown in its colour
    strain_css: str = ""
    rest: str = ""
    note: str = ""  # words under a number: the opponents' names on a score card
    phone: str = ""  # contract cells: declarer and result shown after the contract on a phone (4♠ N +1, CSS ::after
    # of data-phone: the cell's text stays the contract), their own columns hidden there


@dataclass(frozen=True, slots=True)
class Row:
    cells: tuple[Cell, ...]
    json: str = ""  # path of the record in the JSON, e.g. "boards/3/results/5"
    side: str = ""
    css: str = ""


@dataclass(frozen=True, slots=True)
class Table:
    anchor: str
    title: str
    headings: tuple[tuple[str, str], ...]  # (text, css); "text|short" gives a short form for phones
    rows: tuple[Row, ...]
    note: str = ""
    subtitle: str = ""
    json: str = ""
    datum: str = ""
    deal: DealView | None = None


@dataclass(slots=True)
class Card:
    anchor: str
    title: str
    names: str
    rows: list[Row] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class PairRef:
    anchor: str
    group: str
    names: str = ""


def slug(text: object) -> str:
    """A valid id fragment for a section, pair or board number, different for different texts: ASCII letters and
    digits as they are (``Sect1``, ``12``), every other character as ``_<hex code>_`` (``1.2`` is ``1_2e_2``,
    ``1-2`` is ``1_2d_2``, ``Ö`` is ``_d6_``), so pairs whose labels differ only in punctuation or non-ASCII
    letters keep score cards of their own. Nothing written becomes ``_`` (never the fragment of a text)."""
    return "".join(ch if ch.isascii() and ch.isalnum() else f"_{ord(ch):x}_" for ch in str(text)) or "_"


# ---------------------------------------------------------------------------------------------- rendering


class Page:
    """Builds the page's tables from the score dict; every number passes through :func:`format_number`."""

    def __init__(self, score: Mapping[str, Any], lang: Language, director: bool = True) -> None:
        self.score = score
        self.lang = lang
        self.director = director
        self._ = translator(lang).gettext
        self.boards: Sequence[Mapping[str, Any]] = score.get("boards") or []
        self.standings: Sequence[Mapping[str, Any]] = score.get("standings") or []
        #: the travellers given as score frequencies (:func:`summarise`): no score cards
        self.summary = any("frequencies" in b for b in self.boards)
        results = [r for b in self.boards for r in b.get("results") or b.get("frequencies") or []]
        self.matchpoints = method_name(score).lower() == "matchpoints" or any(
            is_number(r.get("ns_percent")) or is_number(r.get("ew_percent")) for r in results
        )
        entries = [e for s in self.standings for e in s.get("entries") or []]
        self.points_decimals = decimals_needed(
            [r.get(k) for r in results for k in ("ns_points", "ew_points")] + [e.get("total") for e in entries]
        )
        self.datum_decimals = decimals_needed(b.get("datum") for b in self.boards)
        self.has_datum = any(is_number(b.get("datum")) for b in self.boards)
        self.has_lead = any(r.get("lead") for r in results)
        self.multi_section = len({str(b.get("section") or "") for b in self.boards}) > 1
        # a Howell (one field): a pair sits both ways, so its score card says which
        self.one_field = not self.standings or any(
            str(s.get("group") or "all").upper() == "ALL" for s in self.standings
        )
        #: the hand records by board number (``deals``, :mod:`bridgescore.report.html_deals`)
        self.deals: dict[int, tuple[int, Mapping[str, Any]]] = {
            d["board"]: (i, d)
            for i, d in enumerate(score.get("deals") or [])
            if isinstance(d, Mapping) and isinstance(d.get("board"), int)
        }
        self.has_dd = any(isinstance(d.get("dd"), Mapping) for _i, d in self.deals.values())
        self.pairs: dict[tuple[str, str, str], PairRef] = {}
        self.cards: dict[str, Card] = {}
        if not self.summary:  # a summarised page has no score cards to link to
            self._index_pairs()

    # -- numbers and words

    def num(self, value: object, decimals: int, signed: bool = False) -> str:
        if not is_number(value):
            return ""
        return format_number(value, self.lang, decimals, signed=signed)

    def group_title(self, group: str, section: str) -> str:
        _ = self._
        words = {"NS": _("North-South"), "EW": _("East-West")}.get(group.upper(), "")
        parts = []
        if section:
            parts.append(_("Section %(section)s") % {"section": section})
        if words:
            parts.append(words)
        return " – ".join(parts) if parts else _("Ranking")

    def board_anchor(self, section: str, board: object) -> str:
        return f"board-{slug(section)}-{slug(board)}" if section else f"board-{slug(board)}"

    def board_title(self, section: str, board: object) -> str:
        title = self._("Board %(board)s") % {"board": board}
        return f"{title} ({self._('Section %(section)s') % {'section': section}})" if self.multi_section else title

    # -- pairs and their score cards

    def _index_pairs(self) -> None:
        """Every pair in the standings gets a score card; results find it by direction, section and number."""
        _ = self._
        for standing in self.standings:
            group = str(standing.get("group") or "all").upper()
            for entry in standing.get("entries") or []:
                section = str(entry.get("section") or standing.get("section") or "")
                pair = str(entry.get("pair"))
                anchor = "pair-" + "-".join(slug(p) for p in (section, group, pair) if p and p != "ALL")
                while anchor in self.cards:  # a section named like a direction: still a card of its own
                    anchor += "-"
                ref = PairRef(anchor, group, str(entry.get("names") or ""))
                self.pairs[(group, section, pair)] = ref
                title = _("Pair %(pair)s") % {"pair": pair}
                if group in ("NS", "EW"):
                    title += f" {_(group)}"
                if section and self.multi_section:
                    title += f" – {_('Section %(section)s') % {'section': section}}"
                self.cards[anchor] = Card(anchor, title, str(entry.get("names") or ""))

    def pair_ref(self, side: str, section: str, pair: object) -> PairRef | None:
        for key in (
            (side, section, str(pair)),
            ("ALL", section, str(pair)),
            (side, "", str(pair)),
            ("ALL", "", str(pair)),
        ):
            if key in self.pairs:
                return self.pairs[key]
        return None

    # -- contract, declarer, lead

    def contract_cell(self, result: Mapping[str, Any]) -> tuple[Cell, str]:
        """The contract cell (suit symbol coloured) and the result text (=, +1, -2; Dutch C)."""
        _ = self._
        status = str(result.get("status") or "")
        text = result.get("contract")
        if status == "not-played":
            return Cell(_("not played"), "contract", css="status"), ""
        if not text:
            return Cell(_("adjusted") if status == "adjusted" else "", "contract", css="status"), ""
        try:
            contract = parse_contract(str(text))
        except ContractError:
            return Cell(str(text), "contract"), ""
        if contract.is_passed_out:
            return Cell(contract.format(self.lang), "contract", css="passed"), ""
        shown = contract.format(self.lang, symbols=True)
        assert contract.strain is not None
        strain = contract.strain.symbol if contract.strain.symbol != "NT" else contract.strain.label(self.lang)
        css = "red" if strain in ("♥", "♦") else "black"
        tricks = result.get("tricks")
        made = format_result(contract, int(tricks), self.lang) if isinstance(tricks, int) else ""
        return Cell(shown[:1], "contract", strain=strain, strain_css=css, rest=shown[1 + len(strain) :]), made

    def declarer(self, result: Mapping[str, Any]) -> str:
        text = result.get("declarer")
        if not text:
            return ""
        try:
            return Seat.parse(str(text)).label(self.lang)
        except (ContractError, ValueError):
            return str(text)

    def lead(self, result: Mapping[str, Any]) -> Cell:
        """The lead as its suit symbol and rank in the page's language (``♥H`` in Dutch for ``HK``: see
        :mod:`bridgescore.core.cards`); a lead that is no card as written."""
        text = str(result.get("lead") or "")
        card = parse_card(text)
        if card is None:
            return Cell(text, "lead")
        symbol = card.suit.symbol
        return Cell(
            field="lead",
            strain=symbol,
            strain_css="red" if symbol in ("♥", "♦") else "black",
            rest=card.rank_label(self.lang),
        )

    # -- the sections of the page

    def ranking_tables(self) -> list[Table]:
        _ = self._
        last = f"{_('Percentage')}|%" if self.matchpoints else f"{_('Average')}|Ø"
        entries = [e for s in self.standings for e in s.get("entries") or []]
        has_names = any(e.get("names") for e in entries)
        penalised = any(e.get("penalty") for e in entries)
        standing_sections = {str(s.get("section") or "") for s in self.standings}
        tables = []
        for g, standing in enumerate(self.standings):
            group = str(standing.get("group") or "all").upper()
            section = str(standing.get("section") or "")
            # across the field (the pairs code writes section "*"), pairs of several sections share one ranking
            mixed = len({str(e.get("section") or "") for e in standing.get("entries") or []}) > 1
            headings = [(_("Place"), "num"), (_("Pair"), "num")]
            headings += [(f"{_('Section')}|§", "")] if mixed else []
            headings += [(_("Names"), "names")] if has_names else []
            headings += [(f"{_('Boards')}|#", "num"), (_("Total"), "num"), (last, "num")]
            headings += [(_("Penalty"), "num")] if penalised else []
            rows = []
            for e, entry in enumerate(standing.get("entries") or []):
                ref = self.pair_ref(group, str(entry.get("section") or section), entry.get("pair"))
                cells = [
                    Cell(str(entry.get("place_label") or entry.get("place") or ""), "place_label", "num"),
                    Cell(str(entry.get("pair")), "pair", "num", href=f"#{ref.anchor}" if ref else ""),
                ]
                if mixed:
                    cells.append(Cell(str(entry.get("section") or ""), "section"))
                if has_names:
                    cells.append(Cell(str(entry.get("names") or ""), css="names"))
                cells += [
                    Cell(self.num(entry.get("boards"), 0), "boards", "num"),
                    Cell(self.num(entry.get("total"), self.points_decimals, not self.matchpoints), "total", "num"),
                ]
                if self.matchpoints:
                    cells.append(Cell(self.num(entry.get("percent"), PERCENT_DECIMALS), "percent", "num"))
                else:
                    cells.append(Cell(self.num(entry.get("average"), AVERAGE_DECIMALS, signed=True), "average", "num"))
                if penalised:  # as written, with its worth in points where a percentage was turned into points
                    cells.append(Cell(self.penalty(entry), "penalty", "num"))
                rows.append(Row(tuple(cells), json=f"standings/{g}/entries/{e}"))
            shown_section = section if len(standing_sections) > 1 and section != "*" else ""
            title = self.group_title(group, shown_section)
            if len(self.standings) == 1 and not shown_section and group == "ALL":
                title = ""
            tables.append(
                Table(
                    f"ranking-{slug(section)}-{group.lower()}" if section else f"ranking-{group.lower()}",
                    title,
                    tuple(headings),
                    tuple(rows),
                    json=f"standings/{g}",
                )
            )
        return tables

    def penalty(self, entry: Mapping[str, Any]) -> str:
        """A pair's penalties (``-10% (-16.80)``), from the entry's ``penalty`` and ``penalty_points``."""
        worth = entry.get("penalty_points")
        return penalty_text(str(entry.get("penalty") or ""), float(worth) if is_number(worth) else None, self.lang)

    def travellers(self) -> list[Table]:
        _ = self._
        pgettext = translator(self.lang).pgettext
        # on a phone the lead (and, at matchpoints, the points beside the percentages; at IMPs East-West's points,
        # North-South's with the other sign) give way: class "opt"
        points_css = "num opt" if self.matchpoints else "num"
        ew_points_css = "num opt"
        headings: list[tuple[str, str]] = [
            (_("NS"), "num"),
            (_("EW"), "num"),
            (f"{_('Contract')}|{_('Contr.')}", ""),
            (f"{_('By')}|{pgettext('short heading', 'By')}", "desk"),
        ]
        if self.has_lead:
            headings.append((_("Lead"), "opt"))
        headings.append((f"{_('Result')}|{_('Res.')}", "num desk"))
        if self.has_dd:  # what double dummy makes in the line's contract, by its declarer
            headings.append((f"{_('Double dummy')}|DD", "num"))
        headings += [
            (f"{_('Score NS')}|{_('Sc. NS')}", "num"),
            (f"{_('Score EW')}|{_('Sc. EW')}", "num"),
            (f"{_('Points NS')}|{_('Pts NS')}", points_css),
            (f"{_('Points EW')}|{_('Pts EW')}", ew_points_css),
        ]
        if self.matchpoints:
            headings += [(_("NS %"), "num"), (_("EW %"), "num")]
        signed = not self.matchpoints
        tables = []
        fitted_at = headings.index((f"{_('Points EW')}|{_('Pts EW')}", ew_points_css)) + 1
        for b, board in enumerate(self.boards):
            section = str(board.get("section") or "")
            number = board.get("board")
            anchor = self.board_anchor(section, number)
            rows = []
            deal = self.deals[number][1] if isinstance(number, int) and number in self.deals else None
            # Compscore3 (--traveller-own-points): a short board's own matchpoints, the Neuberg values beside them
            own = is_number(board.get("own_top"))
            own_decimals = decimals_needed(
                [r.get(k) for r in board.get("results") or [] for k in ("ns_own_points", "ew_own_points")]
            )
            board_headings = headings
            if own:
                board_headings = [
                    *headings[:fitted_at],
                    (f"{_('Neuberg NS')}|{_('Nbg NS')}", "num"),
                    (f"{_('Neuberg EW')}|{_('Nbg EW')}", "num"),
                    *headings[fitted_at:],
                ]
            for r, result in _by_score(board.get("results") or []):
                json_path = f"boards/{b}/results/{r}"
                status = str(result.get("status") or "")
                contract, made = self.contract_cell(result)
                if contract.strain:  # on a phone "4♠ N +1" in one cell, the By and Result columns hidden (desk)
                    contract = replace(contract, phone=f"{self.declarer(result)} {made}".strip())
                ns_ref = self.pair_ref("NS", section, result.get("ns_pair"))
                ew_ref = self.pair_ref("EW", section, result.get("ew_pair"))
                ns_score = result.get("ns_score")
                cells = [
                    Cell(
                        str(result.get("ns_pair")),
                        "ns_pair",
                        "num",
                        href=f"#{ns_ref.anchor}" if ns_ref else "",
                    ),
                    Cell(
                        str(result.get("ew_pair")),
                        "ew_pair",
                        "num",
                        href=f"#{ew_ref.anchor}" if ew_ref else "",
                    ),
                    contract,
                    Cell(self.declarer(result), "declarer", "desk"),
                ]
                if self.has_lead:
                    cells.append(replace(self.lead(result), css="opt"))
                cells.append(Cell(made, "result", "num desk"))
                if self.has_dd:
                    tricks = dd_tricks(deal, result.get("contract"), result.get("declarer"))
                    cells.append(Cell(self.num(tricks, 0), "dd", "num"))
                cells += [
                    Cell(
                        self.num(ns_score, 0) if is_number(ns_score) and ns_score >= 0 else "",
                        "ns_score",
                        "num",
                    ),
                    Cell(
                        self.num(-ns_score, 0) if is_number(ns_score) and ns_score < 0 else "",
                        "ew_score",
                        "num",
                    ),
                    Cell(self.num(result.get("ns_points"), self.points_decimals, signed), "ns_points", points_css),
                    Cell(self.num(result.get("ew_points"), self.points_decimals, signed), "ew_points", ew_points_css),
                ]
                if own:
                    cells[-2:] = [
                        Cell(self.num(result.get("ns_own_points"), own_decimals), "ns_own_points", points_css),
                        Cell(self.num(result.get("ew_own_points"), own_decimals), "ew_own_points", ew_points_css),
                        Cell(self.num(result.get("ns_points"), NEUBERG_DECIMALS), "ns_points", "num"),
                        Cell(self.num(result.get("ew_points"), NEUBERG_DECIMALS), "ew_points", "num"),
                    ]
                if self.matchpoints:
                    cells += [
                        Cell(self.num(result.get("ns_percent"), PERCENT_DECIMALS), "ns_percent", "num"),
                        Cell(self.num(result.get("ew_percent"), PERCENT_DECIMALS), "ew_percent", "num"),
                    ]
                rows.append(Row(tuple(cells), json=json_path, css=status))
                for side, ref, opponent in (
                    ("NS", ns_ref, result.get("ew_pair")),
                    ("EW", ew_ref, result.get("ns_pair")),
                ):
                    if ref is not None:
                        self._card_line(ref, side, section, number, anchor, json_path, result, opponent, contract, made)
            datum = self.num(board.get("datum"), self.datum_decimals, signed=True) if self.has_datum else ""
            own_words = (
                _(
                    "Top %(top)s (Neuberg %(neuberg)s): the points are each line's own among this board's "
                    "results, the totals use Neuberg's"
                )
                % {"top": self.num(board.get("own_top"), 0), "neuberg": self.num(board.get("top"), 0)}
                if own
                else ""
            )
            tables.append(
                Table(
                    anchor,
                    self.board_title(section, number),
                    tuple(board_headings),
                    tuple(rows),
                    subtitle=" ".join(filter(None, (own_words, self.fouled(board)))),
                    json=f"boards/{b}",
                    datum=datum,
                    deal=self.deal(number),
                )
            )
        return tables

    def fouled(self, board: Mapping[str, Any]) -> str:
        """The words under a fouled board's traveller (Law 87, :mod:`bridgescore.pairs.fouled`): its versions and
        how they were scored; empty for any other board."""
        versions = board.get("fouled")
        if not versions:
            return ""
        _ = self._
        counts = ", ".join(
            (_("%(count)s results as dealt") if not v.get("version") else _("%(count)s on version '%(version)s'"))
            % {"count": v.get("scores"), "version": v.get("version")}
            for v in versions
        )
        return _(
            "Fouled board (Law 87): %(counts)s; each version of the deal was compared only within itself and fitted "
            "to %(full)s results."
        ) % {"counts": counts, "full": board.get("full_count")}

    def deal(self, number: object) -> DealView | None:
        """The board's deal drawn (diagram, DD table, par), when the event has it."""
        if not isinstance(number, int) or number not in self.deals:
            return None
        index, record = self.deals[number]
        return deal_view(record, self.lang, index)

    def frequency_tables(self) -> list[Table]:
        """Each board's traveller summarised (:func:`summarise`): every different score with the number of tables
        that had it and its points; lines without a score (adjusted, not played) by their adjustment."""
        _ = self._
        headings: list[tuple[str, str]] = [
            (f"{_('Score NS')}|{_('Sc. NS')}", "num"),
            (f"{_('Score EW')}|{_('Sc. EW')}", "num"),
            (_("Tables"), "num"),
            (f"{_('Points NS')}|{_('Pts NS')}", "num"),
            (f"{_('Points EW')}|{_('Pts EW')}", "num"),
        ]
        if self.matchpoints:
            headings += [(_("NS %"), "num"), (_("EW %"), "num")]
        signed = not self.matchpoints
        tables = []
        for b, board in enumerate(self.boards):
            section = str(board.get("section") or "")
            number = board.get("board")
            rows = []
            for row in board.get("frequencies") or []:
                ns_score = row.get("ns_score")
                status = str(row.get("status") or "")
                if is_number(ns_score):
                    scores = [
                        Cell(self.num(ns_score, 0) if ns_score >= 0 else "", "ns_score", "num"),
                        Cell(self.num(-ns_score, 0) if ns_score < 0 else "", "ew_score", "num"),
                    ]
                else:  # an adjusted or not-played line: what it was instead of a score
                    words = row.get("adjustment") or (_("not played") if status == "not-played" else _(status))
                    scores = [Cell(str(words), "adjustment", "status"), Cell("")]
                cells = [
                    *scores,
                    Cell(self.num(row.get("count"), 0), "count", "num"),
                    Cell(self.num(row.get("ns_points"), self.points_decimals, signed), "ns_points", "num"),
                    Cell(self.num(row.get("ew_points"), self.points_decimals, signed), "ew_points", "num"),
                ]
                if self.matchpoints:
                    cells += [
                        Cell(self.num(row.get("ns_percent"), PERCENT_DECIMALS), "ns_percent", "num"),
                        Cell(self.num(row.get("ew_percent"), PERCENT_DECIMALS), "ew_percent", "num"),
                    ]
                rows.append(Row(tuple(cells), css=status))
            datum = self.num(board.get("datum"), self.datum_decimals, signed=True) if self.has_datum else ""
            tables.append(
                Table(
                    self.board_anchor(section, number),
                    self.board_title(section, number),
                    tuple(headings),
                    tuple(rows),
                    json=f"boards/{b}",
                    datum=datum,
                    subtitle=_("%(count)s traveller lines") % {"count": self.num(board.get("lines"), 0)},
                    deal=self.deal(number),
                )
            )
        return tables

    def _card_line(
        self,
        ref: PairRef,
        side: str,
        section: str,
        number: object,
        board_anchor: str,
        json_path: str,
        result: Mapping[str, Any],
        opponent: object,
        contract: Cell,
        made: str,
    ) -> None:
        """One line of a pair's personal score card, seen from the pair's side (its score, its points)."""
        _ = self._
        card = self.cards[ref.anchor]
        ns_score = result.get("ns_score")
        score = (ns_score if side == "NS" else -ns_score) if is_number(ns_score) else None
        points = result.get("ns_points" if side == "NS" else "ew_points")
        running = self._running.get(ref.anchor, Decimal(0)) + (exact_decimal(points) if is_number(points) else 0)
        self._running[ref.anchor] = running
        opp_ref = self.pair_ref("EW" if side == "NS" else "NS", section, opponent)
        signed = not self.matchpoints
        cells = [
            Cell(str(number), "board", "num", href=f"#{board_anchor}"),
            *([Cell(_(side), css="dir")] if self.one_field else []),
            Cell(
                str(opponent),
                "opponent",
                "num",
                href=f"#{opp_ref.anchor}" if opp_ref else "",
                note=opp_ref.names if opp_ref else "",
            ),
            contract,
            Cell(self.declarer(result), "declarer", "desk"),
            Cell(made, "result", "num desk"),
            Cell(self.num(score, 0, signed=True), "score", "num"),
            Cell(self.num(points, self.points_decimals, signed), "points", self.card_points_css),
        ]
        if self.matchpoints:
            cells.append(
                Cell(
                    self.num(result.get("ns_percent" if side == "NS" else "ew_percent"), PERCENT_DECIMALS),
                    "percent",
                    "num",
                )
            )
        cells.append(Cell(self.num(running, self.points_decimals, signed), "running", "num"))
        card.rows.append(Row(tuple(cells), json=json_path, side=side, css=str(result.get("status") or "")))

    _running: dict[str, Decimal]

    @property
    def card_points_css(self) -> str:
        """A score card's points column: at matchpoints it gives way on a phone to the percentage beside it."""
        return "num opt" if self.matchpoints else "num"

    def score_cards(self) -> list[Table]:
        _ = self._
        pgettext = translator(self.lang).pgettext
        headings = [(_("Board"), "num")]
        headings += [(f"{_('Direction')}|{_('Dir.')}", "")] if self.one_field else []
        headings += [
            (f"{_('Opponents')}|{_('Opp.')}", "num"),
            (f"{_('Contract')}|{_('Contr.')}", ""),
            (f"{_('By')}|{pgettext('short heading', 'By')}", "desk"),
            (f"{_('Result')}|{_('Res.')}", "num desk"),
            (_("Score"), "num"),
            (f"{_('Points')}|{_('Pts')}", self.card_points_css),
        ]
        if self.matchpoints:
            headings.append((f"{_('Percentage')}|%", "num"))
        headings.append((f"{_('Running total')}|{_('Tot.')}", "num"))
        return [
            Table(card.anchor, card.title, tuple(headings), tuple(card.rows), subtitle=card.names)
            for card in self.cards.values()
        ]

    def leads(self) -> Table | None:
        """The lead analysis per pair (``leads.pairs``, :func:`bridgescore.pairs.report.leads.pair_fields`): tricks
        gained
        (+) or lost (-) against double dummy as declarer, on lead and in defence, their total, and how many lines the
        pair declared and defended.  Shape::

            "leads": {"pairs": [{"section": "", "pair": "3", "direction": null, "names": "…", "declared": 8,
                                 "defended": 12, "as_declarer": 1, "on_lead": -2, "in_defence": 0, "total": -1}, …]}

        ``pair`` as the ranking writes it (with ``section`` and ``direction`` when the event has them); further
        keys of ``leads`` (per-line records) are not shown here."""
        _ = self._
        leads = self.score.get("leads")
        pairs = leads.get("pairs") if isinstance(leads, Mapping) else None
        if not isinstance(pairs, list) or not pairs:
            return None
        headings = (
            (_("Pair"), "num"),
            (f"{_('As declarer')}|{_('Decl.')}", "num"),
            (f"{_('On lead')}|{_('Lead')}", "num"),
            (f"{_('In defence')}|{_('Def.')}", "num"),
            (_("Total"), "num"),
            (f"{_('Declared')}|{_('#decl.')}", "num opt"),  # on a phone the counts give way to the sums
            (f"{_('Defended')}|{_('#def.')}", "num opt"),
        )
        rows = []
        for index, record in enumerate(pairs):
            if not isinstance(record, Mapping):
                continue
            pair = str(record.get("pair") or "")
            ref = self.pair_ref(str(record.get("direction") or "ALL").upper(), str(record.get("section") or ""), pair)
            cells = [Cell(pair, "pair", "num", href=f"#{ref.anchor}" if ref else "")]
            cells += [
                Cell(self.num(record.get(k), 0, signed=True), k, "num")
                for k in ("as_declarer", "on_lead", "in_defence", "total")
            ]
            cells += [Cell(self.num(record.get(k), 0), k, "num opt") for k in ("declared", "defended")]
            rows.append(Row(tuple(cells), json=f"leads/pairs/{index}"))
        return Table("leads-pairs", "", headings, tuple(rows))

    def checks(self) -> list[Row]:
        _ = self._
        rows = []
        for c, check in enumerate(self.score.get("checks") or []):
            ok = bool(check.get("ok"))
            name = str(check.get("name") or "").replace("_", " ")
            detail = str(check.get("detail") or "")
            message, values, findings = check.get("message"), check.get("values"), check.get("findings")
            if isinstance(findings, list) and findings:  # what a failed check found, in the page's language
                detail = findings_text((_finding(f) for f in findings if isinstance(f, Mapping)), self.lang)
            elif isinstance(message, str) and message and isinstance(values, Mapping):
                # one sentence: the message in the page's language with its numbers in the language's way
                numbers = {
                    str(k): v for k, v in values.items() if isinstance(v, int | float) and not isinstance(v, bool)
                }
                detail = format_message(message, numbers, self.lang)
            else:  # a list of findings stays as the scoring wrote it (a known fixed sentence is translated)
                detail = _(detail) if detail else ""
            rows.append(
                Row(
                    (
                        Cell(_(name) if name else ""),
                        Cell(_("ok") if ok else _("attention"), css="ok" if ok else "warn"),
                        Cell(detail),
                    ),
                    json=f"checks/{c}",
                    css="" if ok else "warn",
                )
            )
        return rows

    def render(self) -> str:
        _ = self._
        self._running = {}
        travellers = self.frequency_tables() if self.summary else self.travellers()  # fills the score cards too
        lines = sum(int(b.get("lines") or 0) for b in self.boards)
        summary_note = (
            _(
                "This event has %(lines)s traveller lines, more than a page shows well (%(limit)s): each traveller "
                "is summarised as its scores, the number of tables that had each and the points it earned, and the "
                "personal score cards are left out. Every line is in the JSON (--format json) and in the CSV "
                "(--boards)."
            )
            % {"lines": self.num(lines, 0), "limit": self.num(FULL_PAGE_LINES, 0)}
            if self.summary
            else ""
        )
        checks = self.checks()
        failed = sum(1 for row in checks if row.css == "warn")
        checks_summary = (
            _("All checks passed.")
            if not failed
            else _("%(failed)d of %(count)d checks need attention.") % {"failed": failed, "count": len(checks)}
        )
        method = describe_method(self.score, self.lang)
        if self.matchpoints:
            method.append(percent_rounding(self.lang, "page"))
        env = environment()
        template = env.get_template("page.html.j2")
        pgettext = translator(self.lang).pgettext
        return template.render(
            lang=self.lang,
            _=_,
            travellers_heading=pgettext("page", "Travellers"),
            title=str(self.score.get("title") or "") or _("Results"),
            session=" · ".join(str(self.score.get(k) or "") for k in ("club", "date") if self.score.get(k)),
            director=self.director,
            leads=self.leads(),
            method=method,
            rankings=self.ranking_tables(),
            travellers=travellers,
            cards=[] if self.summary else self.score_cards(),
            summary_note=summary_note,
            checks=checks,
            checks_summary=checks_summary,
            version=__version__,
        )


def _by_score(results: Sequence[Mapping[str, Any]]) -> list[tuple[int, Mapping[str, Any]]]:
    """A traveller's lines with their place in the JSON, as a frequency table ("frequentiestaat") shows them, the way
    NBB pages print a board: the best NS score first, equal scores in the file's order, lines without a score
    (adjusted, not played) last in the file's order."""

    def key(item: tuple[int, Mapping[str, Any]]) -> tuple[bool, float, int]:
        index, result = item
        score = result.get("ns_score")
        return (not is_number(score), -float(score) if is_number(score) else 0.0, index)

    return sorted(enumerate(results), key=key)


def _finding(data: Mapping[str, Any]) -> Finding:
    """A finding of the JSON's ``checks[].findings`` (numbers, pair numbers and a contract as values)."""
    values = data.get("values")
    items = values.items() if isinstance(values, Mapping) else ()
    kept = {str(k): v for k, v in items if isinstance(v, int | float | str)}
    board = data.get("board")
    return Finding(
        str(data.get("message") or ""),
        kept,
        str(data.get("section") or ""),
        board if isinstance(board, int) else None,
    )


def summarise(boards: Iterable[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    """Each board record of a ``bridgescore.score/1`` document with its ``results`` replaced by ``frequencies``
    (and ``lines``, their number), taken one board at a time: one row per different outcome – the NS score, or
    for a line without one its status and adjustment – with ``count``, the number of lines, and the points and
    percentages of those lines (lines with the same score and different points, which no method gives, would
    stay apart).  Rows with a score come first, the best for NS first.  The page of a large event
    (:data:`FULL_PAGE_LINES`) shows these instead of every line."""
    keys = ("ns_score", "status", "adjustment", "ns_points", "ew_points", "ns_percent", "ew_percent")
    for board in boards:
        results = board.get("results") or []
        counts: dict[tuple[Any, ...], int] = {}
        for result in results:
            key = tuple(result.get(k) for k in keys)
            counts[key] = counts.get(key, 0) + 1
        ordered = sorted(counts.items(), key=lambda item: (item[0][0] is None, -(item[0][0] or 0), str(item[0][1:])))
        summary = {k: v for k, v in board.items() if k != "results"}
        summary["lines"] = len(results)
        summary["frequencies"] = [{**dict(zip(keys, key, strict=True)), "count": n} for key, n in ordered]
        yield summary


def render_html(score: Mapping[str, Any], lang: str = "en", *, director: bool = True) -> str:
    """The whole page, as text, for a ``bridgescore.score/1`` dict (what ``--format json`` writes); with more than
    :data:`FULL_PAGE_LINES` traveller lines, the page with the travellers summarised (:func:`summarise`).

    ``lang`` is ``en`` (default) or ``nl``; ``director=False`` gives the members' page, without the director's
    checks (``score --format html`` without ``--director``).  Raises ValueError for an unknown language or another
    schema.
    """
    language = parse_language(lang)
    schema = score.get("schema")
    if schema not in (None, SCHEMA):
        raise ValueError(f"cannot publish a '{schema}' document; expected {SCHEMA}")
    boards = score.get("boards") or []
    if sum(len(b.get("results") or []) for b in boards) > FULL_PAGE_LINES:
        score = {**score, "boards": list(summarise(boards))}
    return Page(score, language, director).render()


def page_dict(
    scored: ScoredEvent,
    notation: Notation = "en",
    checks: tuple[Check, ...] | None = None,
    *,
    date: str | None = None,
    club: str | None = None,
) -> dict[str, Any]:
    """The ``bridgescore.score/1`` dict the page of ``scored`` is made from: above :data:`FULL_PAGE_LINES` lines
    with the travellers summarised a board at a time as they are made, so the full travellers of a large event
    are never held as dicts.  ``date`` and ``club`` (``score --date/--club``) replace the file's."""
    if len(scored.lines.rows) <= FULL_PAGE_LINES:
        data = to_dict(scored, checks=checks, notation=notation)
    else:
        data = to_dict(scored, checks=checks, notation=notation, boards=summarise(iter_boards(scored, notation)))
    for key, value in (("date", date), ("club", club)):
        if value:
            data[key] = value
    return data


def write_html(score: Mapping[str, Any], path: str, lang: str = "en") -> None:
    """Write :func:`render_html` to ``path`` (UTF-8)."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(render_html(score, lang))
