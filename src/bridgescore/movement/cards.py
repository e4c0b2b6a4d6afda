"""Cards to print for a movement (issue 21): what a club puts on the tables before the first board.

Every scoring program a club uses prints them from its schedule (the NBB's program its "tafelkaarten" and
"gidskaarten", EBUScore and ACBLscore their table and guide cards), and so does ``movement cards``:

* **table cards** – one a table, one printed page each (a club cuts nothing, it lays a page on each table): every
  round with the NS pair, the EW pair, the boards, and where the NS pair, the EW pair and the boards go next;
* **guide cards** – one a pair (the card a pair carries round the room): round, table, direction, opponents, boards,
  the rounds it sits out said;
* **the phantom** (an odd number of pairs: a pair number no pair plays, whose opponents sit out) is named in words
  on both: its place on a table card reads "phantom" with a note, a pair's next seat against it reads "sits out",
  and a guide card says which rounds the pair sits out against the phantom.  **A team's bye** (a teams round
  robin of an odd number, a Swiss round's bye) is said the same way: the round reads ``bye`` on the team's guide
  cards and a table card's next seat, and every table card lists which team has the bye in which round.  A
  generated movement leaves the
  phantom's table out (the pair that sits out has no table that round); one read from Bridgemate's RoundData or our
  CSV keeps it (a table with one pair missing), and both are said alike;
* **the board-movement slip** – for each round which table's boards go to which table in the next round, the
  relays (boards shared by two tables) and the bye stand (boards resting a round) said in words; where the section
  duplicates its boards (:attr:`~bridgescore.movement.model.Section.copies`: the web Mitchell) the same boards at two
  tables are two copies, each played at its table, and are said so ("copy at table 8"), never a relay – a director
  told "relay" would set one copy out and have two tables pass it.

Each is one self-contained HTML page (inline CSS, no scripts, nothing loaded from elsewhere) rendered with the
project's one Jinja environment (:func:`bridgescore.report.page.environment`, every text escaped), with print CSS
for A4 or US Letter (``@page``), words from the catalogue (English and Dutch).  On a phone no text is under 14 px
and no card is wider than a 360 px screen (``tests/test_movement_cards_browser.py`` measures it in Chromium).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from bridgescore.core.i18n import N_, Language, parse_language, translator
from bridgescore.core.version import __version__
from bridgescore.movement.model import Movement, PairRef, Round, Section, Stand
from bridgescore.movement.teams import byes as team_byes

__all__ = ["KINDS", "PAPERS", "Card", "boards_text", "cards", "phantom_opponents", "render_cards"]

Kind = Literal["table", "guide", "boards"]
Paper = Literal["a4", "letter"]
#: the kinds of card ``movement cards --kind`` prints
KINDS: tuple[Kind, ...] = ("table", "guide", "boards")
#: the paper sizes, as CSS ``@page { size: … }`` names them (A4 in Europe, US Letter in North America)
PAPERS: dict[Paper, str] = {"a4": "A4", "letter": "letter"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its title, a line under it, the column headings, the rows (text only: the template escapes it)
    and notes under the table."""

    anchor: str
    title: str
    subtitle: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()


def boards_text(boards: frozenset[int]) -> str:
    """Boards as a director writes them: ``1-3``, ``1, 4, 7`` where they are not a run, ``-`` for none."""
    if not boards:
        return "-"
    low, high = min(boards), max(boards)
    if len(boards) == high - low + 1:
        return str(low) if low == high else f"{low}-{high}"
    return ", ".join(str(b) for b in sorted(boards))


def _pair(pair: PairRef, gettext: Callable[[str], str]) -> str:
    """A pair's name on a card: ``NS 3`` (Dutch ``NZ 3``) where pairs are numbered per direction, else ``3``."""
    return f"{gettext(pair.direction)} {pair.number}" if pair.direction else str(pair.number)


def _section_title(section: Section, movement: Movement, gettext: Callable[[str], str]) -> str:
    """``Section A: `` before a card's title where the movement has more than one section (or names its one)."""
    if len(movement.sections) > 1 or section.name not in ("", "A"):
        return gettext("Section %(section)s") % {"section": section.name} + ": "
    return ""


def phantom_opponents(section: Section) -> dict[int, PairRef]:
    """Per round, the real pair whose opponents are the phantom, and who so sits out: the pair at the phantom's
    stand where the schedule keeps one (read from Bridgemate's RoundData or our CSV), else the one real pair without
    a stand that round (a generated movement leaves the phantom's table out); empty without a phantom."""
    phantom = section.phantom
    if phantom is None:
        return {}
    found: dict[int, PairRef] = {}
    for rnd in section.rounds:
        for stand in rnd.stands:
            if phantom in (stand.ns, stand.ew):
                opponent = stand.ew if stand.ns == phantom else stand.ns
                if opponent is not None:
                    found[rnd.number] = opponent
        if rnd.number not in found:
            idle = [p for p in section.sit_outs(rnd.number) if p != phantom]
            if len(idle) == 1:
                found[rnd.number] = idle[0]
    return found


def _byes(section: Section, movement: Movement) -> dict[int, int]:
    """Per round, the team with the bye in a teams movement (one team without a stand; :mod:`..teams`), else none."""
    if movement.family != "teams":
        return {}
    return {r: out[0] for r, out in team_byes(section).items() if len(out) == 1}


def _next_seat(
    section: Section,
    pair: PairRef | None,
    round_number: int,
    gettext: Callable[[str], str],
    idle: dict[int, PairRef],
    bye: dict[int, int],
) -> str:
    """Where ``pair`` sits in the round after ``round_number``: ``3 NS`` (table and direction), ``sits out`` (no
    table, or the phantom's: ``idle`` the pairs meeting the phantom by round), ``bye`` (its team's, ``bye`` the
    team with the bye by round), or ``-`` after the last round."""
    if pair is None or round_number >= len(section.rounds) or pair == section.phantom:
        return "-"
    if bye.get(round_number + 1) == pair.number:
        return gettext("bye")
    if idle.get(round_number + 1) == pair:
        return gettext("sits out")
    for stand in section.rounds[round_number].stands:
        if stand.ns == pair:
            return f"{stand.table} {gettext('NS')}"
        if stand.ew == pair:
            return f"{stand.table} {gettext('EW')}"
    return gettext("sits out")


def _seated(pair: PairRef, section: Section, gettext: Callable[[str], str]) -> str:
    """A pair's number on a table card, the phantom said as such."""
    return gettext("phantom") if pair == section.phantom else str(pair.number)


def _boards_next(section: Section, boards: frozenset[int], round_number: int) -> tuple[int, list[Stand]] | None:
    """The first round after ``round_number`` that has ``boards`` and its stands (by table), or None where they
    are not played again."""
    for rnd in section.rounds[round_number:]:
        found = sorted((s for s in rnd.stands if s.boards == boards), key=lambda s: s.table)
        if found:
            return rnd.number, found
    return None


def _boards_go(section: Section, boards: frozenset[int], round_number: int, gettext: Callable[[str], str]) -> str:
    """The table(s) the boards go to in the round after ``round_number`` (``4``, ``1, 8`` for a relay, ``9 (bye
    stand)``); boards no table plays next round are put aside until a later round (a Howell of more board sets than
    tables: ``round 4: 3``); ``-`` where they are not played again."""
    after = _boards_next(section, boards, round_number) if boards else None
    if after is None:
        return "-"
    tables = ", ".join(f"{s.table} ({gettext('bye stand')})" if s.is_bye else str(s.table) for s in after[1])
    if after[0] == round_number + 1:
        return tables
    return gettext("round %(round)s: %(tables)s") % {"round": after[0], "tables": tables}


def _relay(rnd: Round, stand: Stand, movement: Movement) -> tuple[int, ...]:
    """The other tables that have ``stand``'s boards this round (a relay or the bye stand; in a section with two
    copies, the table with the other copy); none in a teams movement, whose every match plays its copy in two rooms
    (:mod:`bridgescore.movement.teams`), which the cards need not say."""
    if movement.family == "teams":
        return ()
    return tuple(t for t in rnd.shared().get(stand.boards, ()) if t != stand.table)


def _table_cards(movement: Movement, lang: Language) -> list[Card]:
    gettext, ngettext = translator(lang).gettext, translator(lang).ngettext
    headings = (gettext("Round"), gettext("NS"), gettext("EW"), gettext("Boards"), gettext("NS next"),
                gettext("EW next"), gettext("Boards next"))  # fmt: skip
    out = []
    for section in movement.sections:
        prefix = _section_title(section, movement, gettext)
        idle = phantom_opponents(section)
        bye_of = _byes(section, movement)
        said_byes = _byes_note(bye_of, gettext)
        for table in section.tables:
            rows = []
            notes: list[str] = []
            phantom_here = to_phantom = False
            shared: dict[int, set[int]] = {}  # the other table sharing the boards (a relay): the rounds
            bye = all(s.is_bye for r in section.rounds if (s := r.stand(table)) is not None)
            for rnd in section.rounds:
                stand = rnd.stand(table)
                if stand is None:
                    rows.append((str(rnd.number), "", "", "-", "", "", "-"))
                    continue
                boards = boards_text(stand.boards) + (" *" if stand.arrow_switch else "")
                after = _boards_go(section, stand.boards, rnd.number, gettext)
                if stand.is_bye:
                    rows.append((str(rnd.number), "-", "-", boards, "", "", after))
                else:
                    assert stand.ns is not None and stand.ew is not None  # a stand has two pairs or none
                    phantom_here = phantom_here or section.phantom in (stand.ns, stand.ew)
                    to_phantom = to_phantom or idle.get(rnd.number + 1) in (stand.ns, stand.ew)
                    rows.append((str(rnd.number), _seated(stand.ns, section, gettext),
                                 _seated(stand.ew, section, gettext), boards,
                                 _next_seat(section, stand.ns, rnd.number, gettext, idle, bye_of),
                                 _next_seat(section, stand.ew, rnd.number, gettext, idle, bye_of), after))  # fmt: skip
                for other in _relay(rnd, stand, movement):
                    shared.setdefault(other, set()).add(rnd.number)
                if stand.arrow_switch:
                    arrow = gettext("* arrow switch: the pairs play the other direction's cards")
                    if arrow not in notes:
                        notes.append(arrow)
            notes[:0] = _relay_notes(shared, ngettext, section.copies)
            if section.phantom is not None and (phantom_here or to_phantom):
                said = {"phantom": _pair(section.phantom, gettext)}
                if phantom_here:  # said first: it is the card's own table
                    notes.insert(0, gettext("The phantom (pair %(phantom)s) sits at this table: no pair plays it, the "
                                            "pair against it sits out the round and the boards are not played here "
                                            "then.")
                                 % said)  # fmt: skip
                if to_phantom:
                    notes.append(gettext("sits out: that round the pair's opponents would be the phantom (pair "
                                         "%(phantom)s), which no pair plays.") % said)  # fmt: skip
            if said_byes:
                notes.append(said_byes)
            out.append(
                Card(
                    f"table-{section.name or '-'}-{table}",
                    prefix
                    + (gettext("Table %(table)s (bye stand)") if bye else gettext("Table %(table)s"))
                    % {"table": table},
                    movement.name,
                    headings,
                    tuple(rows),
                    tuple(notes),
                )
            )
    return out


def _relay_notes(shared: dict[int, set[int]], ngettext: Callable[[str, str, int], str], copies: int) -> list[str]:
    """A table card's notes on the boards it shares (or, ``copies`` > 1, whose other copy is elsewhere): the other
    table and the rounds."""
    return [
        (
            ngettext(
                "The other copy of these boards is at table %(table)s in round %(rounds)s (duplicated boards: "
                "each table plays its own copy).",
                "The other copy of these boards is at table %(table)s in rounds %(rounds)s (duplicated "
                "boards: each table plays its own copy).",
                len(rounds),
            )
            if copies > 1
            else ngettext(
                "Boards shared with table %(table)s (a relay) in round %(rounds)s.",
                "Boards shared with table %(table)s (a relay) in rounds %(rounds)s.",
                len(rounds),
            )
        )
        % {"table": other, "rounds": boards_text(frozenset(rounds))}
        for other, rounds in sorted(shared.items())
    ]


def _sits_out_note(rounds: list[int], ngettext: Callable[[str, str, int], str]) -> list[str]:
    """A guide card's note on the rounds it sits out (none where it plays every round)."""
    if not rounds:
        return []
    return [
        ngettext("Sits out in round %(rounds)s.", "Sits out in rounds %(rounds)s.", len(rounds))
        % {"rounds": boards_text(frozenset(rounds))}
    ]


def _individual_table_cards(movement: Movement, lang: Language) -> list[Card]:
    """An individual's table cards: every round's four players by seat, the boards, where the boards go next."""
    gettext, ngettext = translator(lang).gettext, translator(lang).ngettext
    headings = (gettext("Round"), gettext("N"), gettext("S"), gettext("E"), gettext("W"), gettext("Boards"),
                gettext("Boards next"))  # fmt: skip
    out = []
    for section in movement.sections:
        prefix = _section_title(section, movement, gettext)
        for table in section.tables:
            rows: list[tuple[str, ...]] = []
            shared: dict[int, set[int]] = {}
            for rnd in section.rounds:
                stand = rnd.stand(table)
                if stand is None:
                    rows.append((str(rnd.number), "", "", "", "", "-", "-"))
                    continue
                seated = [str(p) for p in stand.players.seats] if stand.players is not None else ["-"] * 4
                after = _boards_go(section, stand.boards, rnd.number, gettext)
                rows.append((str(rnd.number), *seated, boards_text(stand.boards), after))
                for other in _relay(rnd, stand, movement):
                    shared.setdefault(other, set()).add(rnd.number)
            title = prefix + gettext("Table %(table)s") % {"table": table}
            out.append(Card(f"table-{section.name or '-'}-{table}", title, movement.name, headings, tuple(rows),
                            tuple(_relay_notes(shared, ngettext, section.copies))))  # fmt: skip
    return out


def _individual_guide_cards(movement: Movement, lang: Language) -> list[Card]:
    """An individual's guide cards, one a player: round, table, seat, partner, opponents (left-hand first),
    boards; the rounds the player sits out said."""
    gettext, ngettext = translator(lang).gettext, translator(lang).ngettext
    pgettext = translator(lang).pgettext
    headings = (gettext("Round"), gettext("Table"), gettext("Seat"), gettext("Partner"),
                pgettext("card heading", "Opponents"), gettext("Boards"))  # fmt: skip
    out = []
    for section in movement.sections:
        prefix = _section_title(section, movement, gettext)
        for player in section.players():
            seats = {seat.round: seat for seat in section.seats(player)}
            rows = []
            sitting: list[int] = []
            for rnd in section.rounds:
                seat = seats.get(rnd.number)
                if seat is None:
                    rows.append((str(rnd.number), "", gettext("sits out"), "", "", ""))
                    sitting.append(rnd.number)
                    continue
                rows.append((str(rnd.number), str(seat.table), gettext(seat.seat), str(seat.partner),
                             " ".join(str(p) for p in seat.opponents), boards_text(seat.boards)))  # fmt: skip
            title = prefix + gettext("Player %(player)s") % {"player": player}
            out.append(Card(f"player-{section.name or '-'}-{player}", title, movement.name, headings, tuple(rows),
                            tuple(_sits_out_note(sitting, ngettext))))  # fmt: skip
    return out


def _byes_note(bye_of: dict[int, int], gettext: Callable[[str], str]) -> str:
    """A teams movement's byes in words for a table card: ``Byes: round 1 team 1, round 2 team 4 …``."""
    if not bye_of:
        return ""
    said = ", ".join(
        gettext("round %(round)s: team %(team)s") % {"round": r, "team": t} for r, t in sorted(bye_of.items())
    )
    return gettext("Byes (the team sits out the round, both its pairs): %(byes)s.") % {"byes": said}


def _guide_cards(movement: Movement, lang: Language) -> list[Card]:
    gettext, ngettext = translator(lang).gettext, translator(lang).ngettext
    pgettext = translator(lang).pgettext
    headings = (gettext("Round"), gettext("Table"), gettext("Direction"), pgettext("card heading", "Opponents"),
                gettext("Boards"))  # fmt: skip
    out = []
    for section in movement.sections:
        prefix = _section_title(section, movement, gettext)
        idle = phantom_opponents(section)
        bye_of = _byes(section, movement)
        for pair in section.pairs():
            if pair == section.phantom:
                continue
            visits = {v.round: v for v in section.visits(pair)}
            rows = []
            against_phantom: list[int] = []  # the rounds it sits out because it meets the phantom
            sitting: list[int] = []  # the rounds it sits out otherwise
            bye: list[int] = []  # the rounds its team has the bye
            for rnd in section.rounds:
                visit = visits.get(rnd.number)
                if visit is None and bye_of.get(rnd.number) == pair.number:
                    rows.append((str(rnd.number), "", gettext("bye"), "", ""))
                    bye.append(rnd.number)
                    continue
                if idle.get(rnd.number) == pair:
                    rows.append((str(rnd.number), "", gettext("sits out"), gettext("phantom"), ""))
                    against_phantom.append(rnd.number)
                    continue
                if visit is None:
                    rows.append((str(rnd.number), "", gettext("sits out"), "", ""))
                    sitting.append(rnd.number)
                    continue
                rows.append((str(rnd.number), str(visit.table), gettext(visit.direction),
                             _pair(visit.opponents, gettext),
                             boards_text(visit.boards) + (" *" if visit.arrow_switch else "")))  # fmt: skip
            notes: list[str] = []
            if against_phantom:
                assert section.phantom is not None  # only a phantom has opponents who sit out against it
                notes.append(
                    ngettext(
                        "Sits out in round %(rounds)s: its opponents would be the phantom (pair %(phantom)s), which "
                        "no pair plays.",
                        "Sits out in rounds %(rounds)s: its opponents would be the phantom (pair %(phantom)s), which "
                        "no pair plays.",
                        len(against_phantom),
                    )
                    % {"rounds": boards_text(frozenset(against_phantom)), "phantom": _pair(section.phantom, gettext)}
                )
            notes.extend(_sits_out_note(sitting, ngettext))
            if bye:
                notes.append(
                    ngettext("Team %(team)s has the bye in round %(rounds)s: both its pairs sit out.",
                             "Team %(team)s has the bye in rounds %(rounds)s: both its pairs sit out.", len(bye))
                    % {"team": pair.number, "rounds": boards_text(frozenset(bye))}
                )  # fmt: skip
            if any(v.arrow_switch for v in visits.values()):
                notes.append(gettext("* arrow switch: the pairs play the other direction's cards"))
            out.append(
                Card(
                    f"pair-{section.name or '-'}-{pair.direction or ''}{pair.number}",
                    prefix + gettext("Pair %(pair)s") % {"pair": _pair(pair, gettext)},
                    movement.name,
                    headings,
                    tuple(rows),
                    tuple(notes),
                )
            )
    return out


def _board_slips(movement: Movement, gettext: Callable[[str], str]) -> list[Card]:
    headings = (gettext("Table"), gettext("Boards"), gettext("Go to table"), gettext("Note"))
    out = []
    for section in movement.sections:
        prefix = _section_title(section, movement, gettext)
        for rnd in section.rounds[:-1]:
            rows = []
            for stand in sorted(rnd.stands, key=lambda s: s.table):
                notes = []
                if stand.is_bye:
                    notes.append(gettext("bye stand"))
                for other in _relay(rnd, stand, movement):
                    shared_with = (
                        N_("copy at table %(table)s") if section.copies > 1 else N_("shared with table %(table)s")
                    )
                    notes.append(gettext(shared_with) % {"table": other})
                go = _boards_go(section, stand.boards, rnd.number, gettext)
                after = _boards_next(section, stand.boards, rnd.number) if stand.boards else None
                if after is not None and after[0] > rnd.number + 1:  # put aside (a Howell): said in words
                    go = "-"
                    back = {"round": after[0], "tables": ", ".join(str(s.table) for s in after[1])}
                    notes.append(gettext("put aside until round %(round)s (table %(tables)s)") % back)
                rows.append((str(stand.table), boards_text(stand.boards), go, "; ".join(notes)))
            here = {stand.boards for stand in rnd.stands}
            for stand in sorted(section.rounds[rnd.number].stands, key=lambda s: s.table):
                if stand.boards and stand.boards not in here:  # a set put aside comes back (a Howell)
                    rows.append(
                        ("-", boards_text(stand.boards), str(stand.table), gettext("from the boards put aside"))
                    )
                    here.add(stand.boards)
            out.append(
                Card(
                    f"boards-{section.name or '-'}-{rnd.number}",
                    prefix + gettext("After round %(round)s") % {"round": rnd.number},
                    movement.name,
                    headings,
                    tuple(rows),
                )
            )
    return out


def cards(movement: Movement, kind: Kind, lang: Language = "en") -> list[Card]:
    """The cards of ``kind`` for ``movement`` in ``lang``: one a table (``table``), one a pair but the phantom
    (``guide``), one a round but the last (``boards``: where each table's boards go next)."""
    gettext = translator(lang).gettext
    if kind == "table":
        return _individual_table_cards(movement, lang) if movement.individual else _table_cards(movement, lang)
    if kind == "guide":
        return _individual_guide_cards(movement, lang) if movement.individual else _guide_cards(movement, lang)
    return _board_slips(movement, gettext)


def render_cards(movement: Movement, kind: Kind, lang: str = "en", paper: Paper = "a4") -> str:
    """The self-contained HTML page of ``movement``'s cards of ``kind`` (:func:`cards`), for ``paper`` (``a4`` or
    ``letter``) in ``lang`` (``en`` or ``nl``).  Raises ValueError for an unknown kind, paper or language."""
    from bridgescore.report.page import environment

    language = parse_language(lang)
    if kind not in KINDS:
        raise ValueError(f"kind must be {', '.join(KINDS)}, not '{kind}'")
    if paper not in PAPERS:
        raise ValueError(f"paper must be {', '.join(PAPERS)}, not '{paper}'")
    gettext = translator(language).gettext
    titles: dict[Kind, str] = {
        "table": gettext("Table cards"),
        "guide": gettext("Guide cards"),
        "boards": gettext("Board movement"),
    }
    found: Sequence[Card] = cards(movement, kind, language)
    return (
        environment()
        .get_template("movement_cards.html.j2")
        .render(
            lang=language,
            version=__version__,
            kind=kind,
            paper=PAPERS[paper],
            title=f"{titles[kind]}: {movement.name}",
            source=movement.source,
            cards=found,
            none=gettext("This movement has no cards of this kind."),
        )
    )
