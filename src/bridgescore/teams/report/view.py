"""The tables of a teams report, made from the ``bridgescore.teams/1`` dict in the reader's language: the standings,
the cross-table of a round robin (or each team's rounds of a Swiss), and a match card per match.

The text report (:mod:`bridgescore.teams.report`) and the page (:mod:`bridgescore.teams.report.html`) both lay out
these :class:`Grid` s, so they show the same words and the same numbers, and both show only what the JSON holds.
Every word comes from the catalogue, every number through :func:`bridgescore.core.i18n.format_number` (decimal comma
in Dutch): IMPs with the decimals each needs, VPs and board points with the fewest decimals that show every value
of their kind exactly (WBF continuous VPs get two).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from bridgescore.core.contract import ContractError, Seat, format_result, parse_contract
from bridgescore.core.i18n import N_, Language, format_number, translator
from bridgescore.pairs.report.method_words import decimals_needed, is_number

__all__ = ["Grid", "GridRow", "MatchCard", "TeamsView", "is_round_robin"]


@dataclass(frozen=True, slots=True)
class GridRow:
    """One row: its cells as shown, and its kind (``""``, ``carry``, ``subtotal``, ``total``) for the layout."""

    cells: tuple[str, ...]
    kind: str = ""
    #: the first cell spans this many columns on the page (the cells it covers are empty)
    span: int = 1


@dataclass(frozen=True, slots=True)
class Grid:
    """A table: its headings, which columns hold numbers (right-aligned), its rows and a note under it."""

    anchor: str
    title: str
    headings: tuple[str, ...]
    numeric: tuple[bool, ...]
    rows: tuple[GridRow, ...]
    note: str = ""
    #: a shorter heading per column for a phone ("" where the heading is short enough)
    short: tuple[str, ...] = ()
    #: a CSS class per column on the page (``names``: may wrap on a phone)
    css: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchCard:
    """A match: both rooms side by side per board, IMPs, the running total; the result line and the problems of
    its boards."""

    grid: Grid
    result: str
    problems: tuple[str, ...] = ()


#: The VP scales' names in words (:mod:`bridgescore.teams.vp`); a scale not listed is shown by its name.
SCALE_NAMES = {
    "wbf": N_("WBF continuous scale, 20 VP (WBF 2013)"),
    "wbf-discrete": N_("WBF discrete scale, 20 VP"),
    "ebu-20": N_("EBU scale, 20 VP in whole VPs"),
}


def is_round_robin(matches: Sequence[Mapping[str, Any]], teams: Sequence[str]) -> bool:
    """Whether the matches are a (single, double …) round robin: every two teams met equally often, at least once,
    and no two teams met twice in one round – the events a cross-table describes.  Otherwise (a Swiss, a
    knock-out, an event not yet complete) each team's rounds are listed instead."""
    met: dict[frozenset[str], int] = defaultdict(int)
    per_round: set[tuple[int, frozenset[str]]] = set()
    for m in matches:
        key = frozenset((str(m["home"]), str(m["away"])))
        if (int(m["round"]), key) in per_round:
            return False
        per_round.add((int(m["round"]), key))
        met[key] += 1
    if len(teams) < 2:
        return False
    counts = {met.get(frozenset(pair), 0) for pair in combinations(teams, 2)}
    return (
        len(counts) == 1
        and min(counts) >= 1
        and sum(met.values()) == sum(met[frozenset(p)] for p in combinations(teams, 2))
    )


class TeamsView:
    """The report's tables for one ``bridgescore.teams/1`` dict in ``lang``."""

    def __init__(
        self,
        doc: Mapping[str, Any],
        lang: Language = "en",
        problems: Sequence[str] | None = None,
        checks: Sequence[str] | None = None,
        board_problems: Mapping[tuple[int, int], str] | None = None,
    ) -> None:
        """``problems``, ``checks``, ``board_problems`` (by match and board index): their texts in ``lang``, where
        the caller has the problems themselves (the JSON holds them in English)."""
        self.doc = doc
        self._problems = problems
        self._checks = checks
        self._board_problems = board_problems or {}
        self.lang = lang
        self._ = translator(lang).gettext
        self.matches: Sequence[Mapping[str, Any]] = doc.get("matches") or []
        self.standings: Sequence[Mapping[str, Any]] = doc.get("standings") or []
        self.vp = doc.get("vp_scale") is not None
        self.points = doc.get("form") in ("bam", "patton")
        boards = [b for m in self.matches for b in m.get("board_results") or []]
        self.vp_decimals = decimals_needed(
            [m.get(k) for m in self.matches for k in ("vp_home", "vp_away")] + [s.get("vp") for s in self.standings]
        )
        self.point_decimals = decimals_needed(
            [b.get(k) for b in boards for k in ("points_home", "points_away")]
            + [m.get(k) for m in self.matches for k in ("points_home", "points_away")]
            + [s.get("points") for s in self.standings]
        )
        self.names = {str(s["team"]): str(s.get("names") or s["team"]) for s in self.standings}
        for m in self.matches:
            self.names.setdefault(str(m["home"]), str(m.get("home_name") or m["home"]))
            self.names.setdefault(str(m["away"]), str(m.get("away_name") or m["away"]))

    # -- numbers

    def num(self, value: object, decimals: int, signed: bool = False) -> str:
        return format_number(value, self.lang, decimals, signed=signed) if is_number(value) else ""

    def imps(self, value: object, signed: bool = False) -> str:
        """IMPs with the decimals each value needs: whole IMPs as they are, a carry-over of 3.5 as 3.5."""
        return self.num(value, decimals_needed([value]), signed)

    def vps(self, value: object) -> str:
        return self.num(value, self.vp_decimals)

    def pts(self, value: object) -> str:
        return self.num(value, self.point_decimals)

    def team(self, team: object) -> str:
        return self.names.get(str(team), str(team))

    # -- the standings

    def standings_grid(self) -> Grid:
        """Place, team, players, matches, VP, IMPs for and against, board points, the tie-break that decided."""
        _ = self._
        members = any(s.get("members") for s in self.standings)
        tiebreak = any(s.get("tiebreak") for s in self.standings)
        headings = [_("Place"), _("Team")] + ([_("Players")] if members else []) + [_("Matches")]
        numeric = [False, False] + ([False] if members else []) + [True]
        if self.vp:
            headings.append(_("VP"))
            numeric.append(True)
        if self.points:
            headings.append(_("Points"))
            numeric.append(True)
        headings += [_("IMPs for"), _("IMPs against")]
        numeric += [True, True]
        if tiebreak:
            headings.append(_("Tie-break"))
            numeric.append(False)
        rows = []
        for s in self.standings:
            cells = [str(s.get("place_label") or s.get("place")), str(s.get("names") or s.get("team"))]
            if members:
                cells.append(", ".join(str(n) for n in s.get("members") or []))
            cells.append(str(s.get("matches")))
            if self.vp:
                cells.append(self.vps(s.get("vp")))
            if self.points:
                cells.append(self.pts(s.get("points")))
            cells += [self.imps(s.get("imps_for")), self.imps(s.get("imps_against"))]
            if tiebreak:
                cells.append(str(s.get("tiebreak") or ""))
            rows.append(GridRow(tuple(cells)))
        # the players give way on a phone (the team's name stays): four names a row would make each row tall
        column_css = {_("Team"): "names", _("Players"): "names opt", _("Tie-break"): "names"}
        css = tuple(column_css.get(h, "") for h in headings)
        pgettext = translator(self.lang).pgettext
        short_words = {
            _("Matches"): pgettext("short heading", "M."),
            _("IMPs for"): pgettext("short heading", "IMP+"),
            _("IMPs against"): pgettext("short heading", "IMP−"),
        }
        short = tuple(short_words.get(h, "") for h in headings)
        grid = Grid("standings", _("Standings"), tuple(headings), tuple(numeric), tuple(rows), short=short, css=css)
        return grid

    # -- the cross-table, or each team's rounds

    def _own(self, m: Mapping[str, Any], home: bool) -> str:
        """What the cross-table shows for one side of a match: its VPs, else its board points, else its margin."""
        side, other = ("home", "away") if home else ("away", "home")
        if self.vp:
            return self.vps(m.get(f"vp_{side}"))
        if self.points:
            return self.pts(m.get(f"points_{side}"))
        own, against = _float(m.get(f"imps_{side}")), _float(m.get(f"imps_{other}"))
        return self.imps(own - against, signed=True) if own is not None and against is not None else ""

    def _total(self, s: Mapping[str, Any]) -> str:
        if self.vp:
            return self.vps(s.get("vp"))
        if self.points:
            return self.pts(s.get("points"))
        f, a = _float(s.get("imps_for")), _float(s.get("imps_against"))
        return self.imps(f - a, signed=True) if f is not None and a is not None else ""

    def _unit(self) -> str:
        _ = self._
        if self.vp:
            return _("VP")
        return _("Points") if self.points else _("IMP margin")

    def meetings_grid(self) -> Grid | None:
        """A round robin's cross-table (team × team: what each scored against each, in VPs, board points or IMP
        margin; several meetings separated by ``/``; its total), or else each team's rounds (opponent and score
        per round): the form a Swiss is published in.  None without matches."""
        if not self.matches:
            return None
        _ = self._
        teams = [str(s["team"]) for s in self.standings] or sorted(self.names)
        if is_round_robin(self.matches, teams):
            return self._cross_table(teams)
        return self._rounds(teams)

    def _cross_table(self, teams: list[str]) -> Grid:
        _ = self._
        cells: dict[tuple[str, str], list[str]] = defaultdict(list)
        for m in sorted(self.matches, key=lambda m: int(m["round"])):
            home, away = str(m["home"]), str(m["away"])
            cells[(home, away)].append(self._own(m, True))
            cells[(away, home)].append(self._own(m, False))
        totals = {str(s["team"]): self._total(s) for s in self.standings}
        rows = []
        for i, team in enumerate(teams):
            row = [str(i + 1), self.team(team)]
            row += ["—" if team == other else " / ".join(cells[(team, other)]) for other in teams]
            row.append(totals.get(team, ""))
            rows.append(GridRow(tuple(row)))
        headings = ("#", _("Team"), *(str(i + 1) for i in range(len(teams))), _("Total"))
        note = _("Each row: what that team scored against the team of the column, numbered as the rows (%(unit)s).") % {
            "unit": self._unit()
        }
        numeric = (False, False, *(True for _t in teams), True)
        css = ("", "names", *("" for _t in teams), "")
        return Grid("cross-table", _("Cross-table"), headings, numeric, tuple(rows), note, css=css)

    def _rounds(self, teams: list[str]) -> Grid:
        _ = self._
        rounds = sorted({int(m["round"]) for m in self.matches})
        cells: dict[tuple[str, int], list[str]] = defaultdict(list)
        for m in self.matches:
            r, home, away = int(m["round"]), str(m["home"]), str(m["away"])
            cells[(home, r)].append(f"{self.team(away)}: {self._own(m, True)}")
            cells[(away, r)].append(f"{self.team(home)}: {self._own(m, False)}")
        totals = {str(s["team"]): self._total(s) for s in self.standings}
        rows = [GridRow((self.team(t), *(" / ".join(cells[(t, r)]) for r in rounds), totals.get(t, ""))) for t in teams]
        headings = (_("Team"), *(_("Round %(round)d") % {"round": r} for r in rounds), _("Total"))
        note = _("Each cell: the opponent of the round and what the team scored against it (%(unit)s).") % {
            "unit": self._unit()
        }
        numeric = (False, *(False for _r in rounds), True)
        css = ("names", *("names" for _r in rounds), "")
        return Grid("rounds", _("Rounds per team"), headings, numeric, tuple(rows), note, css=css)

    # -- the match cards

    def contract(self, room: Mapping[str, Any] | None) -> str:
        """A room's line as on a traveller: contract, declarer and result (``4♠ N =``, Dutch ``3SA Z +1``)."""
        _ = self._
        if room is None:
            return "—"
        status = str(room.get("status") or "")
        text = room.get("contract")
        if not text:
            words = {"not-played": _("not played"), "adjusted": _("adjusted")}.get(status, "")
            remarks = str(room.get("remarks") or "")
            return f"{words} {remarks}" if words and remarks else words  # the ruling, as written: A60/40
        try:
            contract = parse_contract(str(text))
        except ContractError:
            return str(text)
        if contract.is_passed_out:
            return _("passed out")
        parts = [contract.format(self.lang, symbols=True)]
        declarer = room.get("declarer")
        if declarer:
            try:
                parts.append(Seat.parse(str(declarer)).label(self.lang))
            except (ContractError, ValueError):
                parts.append(str(declarer))
        tricks = room.get("tricks")
        if isinstance(tricks, int):
            parts.append(format_result(contract, tricks, self.lang))
        return " ".join(parts)

    def score(self, room: Mapping[str, Any] | None) -> str:
        return self.num(room.get("ns_score"), 0, signed=True) if room is not None else ""

    def match_title(self, m: Mapping[str, Any]) -> str:
        _ = self._
        return _("Round %(round)d: %(home)s – %(away)s") % {
            "round": int(m["round"]),
            "home": self.team(m["home"]),
            "away": self.team(m["away"]),
        }

    def match_result(self, m: Mapping[str, Any]) -> str:
        """``IMPs 35–12, VP 15,21–4,79`` (and board points at BAM and Patton); in a knock-out, who goes through."""
        _ = self._
        parts = [f"{_('IMPs')} {self.imps(m.get('imps_home'))}–{self.imps(m.get('imps_away'))}"]
        if is_number(m.get("points_home")):
            parts.append(f"{_('Points')} {self.pts(m.get('points_home'))}–{self.pts(m.get('points_away'))}")
        if is_number(m.get("vp_home")):
            parts.append(f"{_('VP')} {self.vps(m.get('vp_home'))}–{self.vps(m.get('vp_away'))}")
        if (self.doc.get("options") or {}).get("knockout") is True:
            won = m.get("winner")
            if won:
                parts.append(_("%(team)s goes through") % {"team": self.team(won)})
            else:
                parts.append(_("level: play-off boards decide (EBU White Book 143.2.1)"))
        return ", ".join(parts)

    def match_card(self, index: int, m: Mapping[str, Any]) -> MatchCard:
        """Board, the open room (contract, NS score), the closed room, IMPs (and board points) to each team, the
        running total; a line for the carry-over, a subtotal after each segment of a match played in several."""
        _ = self._
        pgettext = translator(self.lang).pgettext
        boards: Sequence[Mapping[str, Any]] = m.get("board_results") or []
        points = self.points and any(is_number(b.get("points_home")) for b in boards)
        headings = [_("Board"), _("Open room"), _("NS"), _("Closed room"), _("NS"), _("IMPs home"), _("IMPs away")]
        numeric = [True, False, True, False, True, True, True]
        if points:
            headings += [_("Points home"), _("Points away")]
            numeric += [True, True]
        headings.append(_("Running total"))
        numeric.append(True)
        width = len(headings)
        short_words = {
            _("Open room"): pgettext("short heading", "Open"),
            _("Closed room"): pgettext("short heading", "Cl."),
            _("IMPs home"): pgettext("short heading", "H"),
            _("IMPs away"): pgettext("short heading", "A"),
            _("Points home"): pgettext("short heading", "Pts H"),
            _("Points away"): pgettext("short heading", "Pts A"),
            _("Running total"): pgettext("short heading", "Run"),
        }
        short = tuple(short_words.get(h, "") for h in headings)
        carry = _float(m.get("carry_over")) or 0.0
        home, away = max(carry, 0.0), max(-carry, 0.0)
        rows: list[GridRow] = []

        def line(label: str, h: object, a: object, kind: str, ph: object = None, pa: object = None) -> GridRow:
            cells = [label, "", "", "", "", self.imps(h), self.imps(a)]
            if points:
                cells += [self.pts(ph), self.pts(pa)]
            cells.append(f"{self.imps(home)}–{self.imps(away)}")
            return GridRow(tuple(cells[:width]), kind, span=5)

        if carry:
            rows.append(line(_("Carry-over"), max(carry, 0.0), max(-carry, 0.0), "carry"))
        segments = sorted({int(b.get("segment") or 1) for b in boards})
        problems: list[str] = []
        for segment in segments:
            seg_home = seg_away = 0.0
            for position, b in enumerate(boards):
                if int(b.get("segment") or 1) != segment:
                    continue
                imps = _float(b.get("imps_home"))
                h = imps if imps is not None and imps > 0 else 0.0
                a = -imps if imps is not None and imps < 0 else 0.0
                home, away = home + h, away + a
                seg_home, seg_away = seg_home + h, seg_away + a
                rooms = b.get("rooms") or {}
                opened, closed = rooms.get("open"), rooms.get("closed")
                if imps is None and b.get("fouled"):  # Law 87: not compared between the rooms
                    h_text = a_text = _("fouled")
                elif imps is not None:
                    h_text, a_text = (self.imps(h) if h else "", self.imps(a) if a else "")
                else:
                    h_text = a_text = "—"
                cells = [str(b.get("board")), self.contract(opened), self.score(opened), self.contract(closed),
                         self.score(closed), h_text, a_text]  # fmt: skip
                if points:
                    cells += [self.pts(b.get("points_home")), self.pts(b.get("points_away"))]
                cells.append(f"{self.imps(home)}–{self.imps(away)}")
                rows.append(GridRow(tuple(cells)))
                problem = self._board_problems.get((index, position), b.get("problem"))
                if problem:
                    problems.append(f"{_('Board')} {b.get('board')}: {problem}")
            if len(segments) > 1:
                rows.append(line(_("Segment %(segment)d") % {"segment": segment}, seg_home, seg_away, "subtotal"))
        total = line(_("Total"), m.get("imps_home"), m.get("imps_away"), "total", m.get("points_home"),
                     m.get("points_away"))  # fmt: skip
        rows.append(total)
        title = self.match_title(m)
        if m.get("table"):
            title += f" ({_('table')} {m.get('table')})"
        # on a phone the running total gives way (the total row has the match's IMPs): the card fits 360 px
        css = tuple("opt" if h == _("Running total") else "" for h in headings)
        grid = Grid(f"match-{index + 1}", title, tuple(headings), tuple(numeric), tuple(rows), short=short, css=css)
        return MatchCard(grid, self.match_result(m), tuple(problems))

    def match_cards(self) -> list[MatchCard]:
        return [self.match_card(i, m) for i, m in enumerate(self.matches)]

    # -- words about the event

    def description(self) -> list[str]:
        """How the event was scored, in words: the board scoring, the VP scale and the byes with their VPs."""
        _ = self._
        form = {"imps": _("Teams at IMPs"), "bam": _("Board-a-match"), "patton": _("Patton")}
        lines = [form.get(str(self.doc.get("form")), str(self.doc.get("form")))]
        scale = self.doc.get("vp_scale")
        if scale:
            name = _(SCALE_NAMES[str(scale)]) if str(scale) in SCALE_NAMES else str(scale)
            lines.append(_("Victory points: %(scale)s.") % {"scale": name})
        else:
            lines.append(_("Not scored in victory points."))
        byes = [
            _("%(team)s (round %(rounds)s)")
            % {"team": self.team(st["team"]), "rounds": ", ".join(str(r) for r in st.get("byes") or [])}
            for st in self.standings
            if st.get("byes")
        ]
        if byes:  # the VPs a bye is worth are in the team's total: say so, or the total cannot be defended
            bye_vp = (self.doc.get("options") or {}).get("bye_vp")
            worth = (
                _("each worth %(vp)s VP") % {"vp": self.imps(bye_vp)} if is_number(bye_vp) else _("no VPs for a bye")
            )
            lines.append(_("Byes (%(worth)s): %(teams)s.") % {"worth": worth, "teams": "; ".join(byes)})
        return lines

    def problems(self) -> list[str]:
        if self._problems is not None:
            return list(self._problems)
        return [_located(p) for p in self.doc.get("problems") or []]

    def checks(self) -> list[str]:
        if self._checks is not None:
            return list(self._checks)
        return [_located(p) for p in self.doc.get("checks") or []]


def _float(value: object) -> float | None:
    return float(value) if is_number(value) else None


def _located(p: Mapping[str, Any]) -> str:
    where = ", ".join(str(p[k]) for k in ("file", "line", "field") if p.get(k) not in (None, ""))
    return f"{where}: {p.get('message')}" if where else str(p.get("message"))
