"""Is a schedule a good movement? The validator of issue 21: properties that hold or fail, and the measures.

Required properties (a movement that fails one cannot be scored fairly; ``movement check`` exits 1):

* **board-once**: no pair plays a board twice.
* **board-one-table**: no board is at two stands of one round unless the stands share the set (a relay: the same
  boards at both, as :meth:`~bridgescore.movement.model.Round.shared` reads them) – or, in a section that duplicates
  its boards (``copies`` 2: the web Mitchell, a teams match's two rooms), each plays a copy of the set; the
  property's title then says so, not "a relay".
* **pairs-play**: every pair plays every round but its sit-outs; a round may leave out one real pair where the
  pairs cannot all be seated – the phantom's opponent, or the odd pair of an odd count without a phantom (a rover
  Mitchell's displaced pair) – and none otherwise; the phantom itself never plays.  In a teams movement (family
  ``teams``, :mod:`bridgescore.movement.teams`) a team's two pairs are one: where the number of teams is odd a round
  leaves out one whole team, the team with the **bye** (the Berger tables' "highest number counts as a bye"), and
  no other pair.
* **seventy-percent** – the EBU's "70 % rule" (EBU, *70 per cent rule*, www.ebu.co.uk/70-per-cent-rule, and its
  *Suggested movements*): a pair should play at least 70 % of the boards in play, so that its score rests on
  comparisons with most of the field; a movement with many more boards in play than a pair plays (a long
  curtailed Mitchell) is advised against.  Measured on the pairs that play most (a pair that sits out misses
  boards by the sit-out, which the director factors; its sit-outs are in its measures).  A team's bye is counted
  as the boards of its round, as a pair's sit-out: in a round robin of an odd number every team has one, so none
  plays every round (3 teams play 2 of 3 sets).

Advice (reported, not a failure):

* **meetings**: who meets whom and how often – a pair meeting another twice (the revenge round of a full skip
  Mitchell) or, in a one-field movement, never.
* **balance**: for each pair of pairs ``p, q`` ranked in the same field, ``c(p, q)`` = the boards on which both
  held the same direction's cards at different tables (``p``'s result is compared with ``q``'s).  Per pair: the
  results it is compared with (over the boards it plays) and how many of its field it is compared with at least
  once.  Per field, the balance ``100 · (1 − σ/μ)`` of ``c(p, q)`` over all ordered pairs (σ the standard
  deviation, μ the mean): 100 % where every pair is compared equally often with every other (an odd-table
  Mitchell's lines), lower as some pairs are compared more than others – the property that tells a good Howell
  from a bad one (J.R. Manning, *Bridge movements: the maths*, EBU, measures the same imbalance between pairs).
  A Mitchell without an arrow switch ranks its two lines apart (two fields, two winners); with one, one field.

An **individual** (a section seating four players a table, :class:`~bridgescore.movement.model.Players`) is
checked for what matters there instead (J. Pain's criteria for the EBU, *Unusual (but useful) movements for
clubs*: "each player partners every other player once; each player meets every other player twice as an
opponent"): **board-once** (no *player* plays a board twice), **board-one-table** as above, **players-play**
(every player plays every round but their sit-outs: a round leaves out at most the players who cannot make a
table, the player count modulo 4), **partners-once** (no two players partner each other twice) and the 70 % rule,
all required; **whist** (every player partners every other exactly once and opposes every other exactly twice: a
whist tournament) is required of a complete individual – one with the rounds for every player to partner every
other (``v − 1`` rounds for ``v ≡ 0 (mod 4)`` players, ``v`` for ``v ≡ 1``), as a whist movement is – and advice
otherwise (a Rainbow movement partners each player with a quarter of the field).  Per player: rounds, sit-outs,
boards, and how many different partners and opponents.

Every message is a catalogue message (``%(name)s`` fields) with its values, so the command line prints it in
English or Dutch and a test reads the values.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations

from bridgescore.core.i18n import N_
from bridgescore.movement.model import Movement, PairRef, Section, Visit
from bridgescore.movement.teams import byes as team_byes

__all__ = [
    "SEVENTY_PERCENT", "Bye", "FieldBalance", "Message", "PairMeasure", "PlayerMeasure", "Property", "Report",
    "validate",
]  # fmt: skip

#: The EBU's 70 % rule: the share of the boards in play each pair should play.
SEVENTY_PERCENT = 0.70


@dataclass(frozen=True, slots=True)
class Message:
    """A catalogue message and its values (printed with :func:`bridgescore.core.i18n.format_message`)."""

    text: str
    values: Mapping[str, int | float | str] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text % dict(self.values)


@dataclass(frozen=True, slots=True)
class Property:
    """One property of the movement: its key, whether it holds, whether it is required (a failure exits 1) or
    advice, what it says, and the findings that break it (empty where it holds)."""

    key: str
    ok: bool
    required: bool
    title: Message
    findings: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class PairMeasure:
    """One pair's measures: rounds played and sat out, boards played of the boards in play, the results it is
    compared with, and how many of its field (the other pairs ranked with it) it is compared with at least once."""

    section: str
    pair: PairRef
    rounds: int
    sit_outs: int
    boards: int
    boards_in_play: int
    results_compared: int
    pairs_compared: int
    field_size: int

    @property
    def board_share(self) -> float:
        return self.boards / self.boards_in_play if self.boards_in_play else 0.0


@dataclass(frozen=True, slots=True)
class PlayerMeasure:
    """One player's measures in an individual: rounds played and sat out, boards played of the boards in play, and
    how many different players they partner and oppose (of ``field_size``, the other players of the section)."""

    section: str
    player: int
    rounds: int
    sit_outs: int
    boards: int
    boards_in_play: int
    partners: int
    opponents: int
    field_size: int


@dataclass(frozen=True, slots=True)
class FieldBalance:
    """The balance of one field (a ranking: a Mitchell line, or every pair): ``100 · (1 − σ/μ)`` of the direct
    comparisons between its pairs, and the fewest and most boards any two of its pairs are compared on."""

    section: str
    field: str
    pairs: int
    balance: float
    least: int
    most: int


@dataclass(frozen=True, slots=True)
class Bye:
    """A team sitting out a round of a teams movement (both its pairs without a stand): the section, the round, the
    team's number."""

    section: str
    round: int
    team: int


@dataclass(frozen=True, slots=True)
class Report:
    """The validator's report on one movement: its properties, each pair's measures and each field's balance; a
    teams movement's byes, round by round."""

    movement: str
    properties: tuple[Property, ...]
    pairs: tuple[PairMeasure, ...]
    fields: tuple[FieldBalance, ...]
    meetings: Mapping[tuple[PairRef, PairRef], int]
    byes: tuple[Bye, ...] = ()
    players: tuple[PlayerMeasure, ...] = ()

    @property
    def ok(self) -> bool:
        """Every required property holds."""
        return all(p.ok for p in self.properties if p.required)

    def property(self, key: str) -> Property:
        return next(p for p in self.properties if p.key == key)


def _rounds_text(rounds: Iterable[int]) -> str:
    return ", ".join(str(r) for r in sorted(rounds))


def _visits(section: Section) -> dict[PairRef, list[Visit]]:
    """Every pair's visits in one pass (as :meth:`Section.visits` gives them one pair at a time)."""
    out: dict[PairRef, list[Visit]] = defaultdict(list)
    for r in section.rounds:
        for s in r.stands:
            if s.ns is not None and s.ew is not None:
                out[s.ns].append(Visit(r.number, s.table, "NS", s.ew, s.boards, s.arrow_switch))
                out[s.ew].append(Visit(r.number, s.table, "EW", s.ns, s.boards, s.arrow_switch))
    return out


def _fields(section: Section, arrow: bool) -> dict[str, list[PairRef]]:
    """The fields ranked apart: a Mitchell's two lines (no arrow switch), else one field of every pair."""
    real = [p for p in section.pairs() if p != section.phantom]
    if section.per_direction and not arrow:
        return {"NS": [p for p in real if p.direction == "NS"], "EW": [p for p in real if p.direction == "EW"]}
    return {"": real}


def _seventy_percent(
    where: str, most: int, boards_in_play: int, properties: dict[str, list[Message]], message: str
) -> None:
    """seventy-percent: ``message`` where the most boards anyone plays (``most``) are under 70 % of those in play."""
    if most and most < SEVENTY_PERCENT * boards_in_play:
        values: dict[str, int | float | str] = {"section": where, "boards": most, "in_play": boards_in_play,
                                                "share": int(100 * most / boards_in_play)}  # fmt: skip
        properties["seventy-percent"].append(Message(message, values))


def _required(titles: Mapping[str, str], properties: Mapping[str, list[Message]]) -> list[Property]:
    """The required properties of ``titles`` (key → title), each failing with its findings in ``properties``."""
    return [Property(key, not properties[key], True, Message(title), tuple(properties[key])) for key, title in
            titles.items()]  # fmt: skip


def _board_one_table(section: Section, properties: dict[str, list[Message]]) -> None:
    """board-one-table: no board at two stands of a round that do not share their boards."""
    where = section.name or "-"  # a section without a name (a teams movement's one) said as the files say it
    for rnd in section.rounds:
        at: dict[int, set[frozenset[int]]] = defaultdict(set)
        tables: dict[int, list[int]] = defaultdict(list)
        for stand in rnd.stands:
            for board in stand.boards:
                at[board].add(stand.boards)
                tables[board].append(stand.table)
        for board, sets in sorted(at.items()):
            if len(sets) > 1:
                properties["board-one-table"].append(
                    Message(
                        N_("section %(section)s, round %(round)d: board %(board)d is at tables %(tables)s, "
                           "which do not share their boards"),
                        {"section": where, "round": rnd.number, "board": board,
                         "tables": _rounds_text(tables[board])},
                    )
                )  # fmt: skip


def validate(movement: Movement) -> Report:
    """Check ``movement`` (every section) against the properties of the module docstring."""
    if movement.individual:
        return _validate_individual(movement)
    properties: dict[str, list[Message]] = defaultdict(list)
    measures: list[PairMeasure] = []
    balances: list[FieldBalance] = []
    meetings: Counter[tuple[PairRef, PairRef]] = Counter()
    advice_meetings: list[Message] = []
    found_byes: list[Bye] = []
    never: list[Message] = []
    for section in movement.sections:
        where = section.name
        label = where or "-"  # a section without a name (a teams movement's one) said as the files say it
        # a teams movement: the team with the bye, where the number of teams is odd (none otherwise)
        byes = team_byes(section) if movement.family == "teams" else {}
        odd_teams = len({p.number for p in section.pairs()}) % 2 == 1
        bye_of = {r: out[0] for r, out in byes.items() if odd_teams and len(out) == 1}
        found_byes.extend(Bye(where, r, team) for r, team in sorted(bye_of.items()))
        boards_in_play = len(section.boards)
        # board-once and per pair what it held: (board, direction of the cards) -> the stands' tables
        held: dict[tuple[int, str], list[tuple[PairRef, int, int]]] = defaultdict(list)
        all_pairs = section.pairs()
        visits = _visits(section)
        for pair in all_pairs:
            if pair == section.phantom:
                continue
            seen: dict[int, list[int]] = defaultdict(list)
            for visit in visits[pair]:
                for board in visit.boards:
                    seen[board].append(visit.round)
                    held[(board, visit.plays)].append((pair, visit.round, visit.table))
            for board, rounds in sorted(seen.items()):
                if len(rounds) > 1:
                    properties["board-once"].append(
                        Message(
                            N_("section %(section)s: pair %(pair)s plays board %(board)d in rounds %(rounds)s"),
                            {"section": label, "pair": str(pair), "board": board, "rounds": _rounds_text(rounds)},
                        )
                    )
        _board_one_table(section, properties)
        # pairs-play
        real_pairs = len(all_pairs) - (0 if section.phantom is None else 1)
        phantoms = 1 if section.phantom is not None else real_pairs % 2  # a phantom's opponent, or an odd pair
        for rnd in section.rounds:
            playing = rnd.pairs()
            if section.phantom is not None and section.phantom in playing:
                properties["pairs-play"].append(
                    Message(
                        N_("section %(section)s, round %(round)d: the phantom %(pair)s has a table"),
                        {"section": label, "round": rnd.number, "pair": str(section.phantom)},
                    )
                )
            out = [p for p in all_pairs if p not in playing and p != section.phantom
                   and p.number != bye_of.get(rnd.number)]  # fmt: skip
            if len(out) > phantoms:
                properties["pairs-play"].append(
                    Message(
                        N_("section %(section)s, round %(round)d: pairs %(pairs)s have no table"),
                        {"section": label, "round": rnd.number, "pairs": ", ".join(str(p) for p in out)},
                    )
                )
        # meetings
        met: dict[tuple[PairRef, PairRef], list[int]] = defaultdict(list)
        for rnd in section.rounds:
            for stand in rnd.stands:
                if stand.ns is not None and stand.ew is not None:
                    key = (min(stand.ns, stand.ew), max(stand.ns, stand.ew))
                    met[key].append(rnd.number)
        never += _never_met(section, met)
        for key, rounds in sorted(met.items()):
            meetings[key] += len(rounds)
            if len(rounds) > 1:
                advice_meetings.append(
                    Message(
                        N_("section %(section)s: pairs %(pair)s and %(other)s meet %(times)d times "
                           "(rounds %(rounds)s)"),
                        {"section": label, "pair": str(key[0]), "other": str(key[1]), "times": len(rounds),
                         "rounds": _rounds_text(rounds)},
                    )
                )  # fmt: skip
        # balance: c(p, q) per field
        arrow = any(s.arrow_switch for r in section.rounds for s in r.stands)
        fields = _fields(section, arrow)
        index = {pair: i for i, pair in enumerate(all_pairs)}  # c(p, q) by index: a PairRef hashes slowly
        compared = [[0] * len(all_pairs) for _ in all_pairs]
        results: Counter[PairRef] = Counter()
        for entries in held.values():
            numbers = [index[p] for p, _, _ in entries]
            for i, j in combinations(numbers, 2):
                if i != j:
                    compared[i][j] += 1
                    compared[j][i] += 1
            for p, _, _ in entries:
                results[p] += len(entries) - 1
        for name, members in fields.items():
            rows = [index[p] for p in members]
            values = [compared[i][j] for i in rows for j in rows if i != j]
            if len(values) >= 2:
                mean = statistics.fmean(values)
                spread = statistics.pstdev(values)
                balance = 100.0 * (1 - spread / mean) if mean else 0.0
                balances.append(FieldBalance(where, name, len(members), round(balance, 2), min(values), max(values)))
            for pair in members:
                played = {b for v in visits[pair] for b in v.boards}
                measures.append(
                    PairMeasure(
                        where,
                        pair,
                        len(visits[pair]),
                        len(section.rounds) - len(visits[pair]),
                        len(played),
                        boards_in_play,
                        results[pair],
                        sum(1 for j in rows if j != index[pair] and compared[index[pair]][j] > 0),
                        len(members) - 1,
                    )
                )
        bye_boards = {r: len({b for s in section.rounds[r - 1].stands for b in s.boards}) for r in bye_of}
        most = max((m.boards + sum(n for r, n in bye_boards.items() if bye_of[r] == m.pair.number)
                    for m in measures if m.section == where), default=0)  # fmt: skip
        message = N_("section %(section)s: a pair plays at most %(boards)d of the %(in_play)d boards in play "
                     "(%(share)d %%), fewer than 70 %%")  # fmt: skip
        _seventy_percent(label, most, boards_in_play, properties, message)
    titles = {
        "board-once": N_("no pair plays a board twice"),
        "board-one-table": N_("no board is at two tables in a round but where they share it (a relay)"),
        "pairs-play": N_("every pair plays every round but its sit-outs"),
        "seventy-percent": N_("a pair plays at least 70 %% of the boards in play (the EBU's 70 %% rule)"),
    }
    if all(s.copies > 1 for s in movement.sections):  # the same boards at two tables are copies, not a shared set
        titles["board-one-table"] = N_("no board is at two tables in a round but where the movement duplicates it "
                                       "(a copy at each)")  # fmt: skip
    elif any(s.copies > 1 for s in movement.sections):
        titles["board-one-table"] = N_("no board is at two tables in a round but where they share it (a relay) or "
                                       "the section duplicates it (a copy at each)")  # fmt: skip
    props = _required(titles, properties)
    props.append(
        Property(
            "meetings",
            not advice_meetings and not never,
            False,
            Message(N_("no two pairs meet twice, and in one field every pair meets every other")),
            tuple(advice_meetings) + tuple(never),
        )
    )
    return Report(movement.name, tuple(props), tuple(measures), tuple(balances), dict(meetings), tuple(found_byes))


def _never_met(section: Section, met: Mapping[tuple[PairRef, PairRef], object]) -> list[Message]:
    """In a complete one-field section (a Howell with every round), the pairs that never meet – counted in that
    section alone (``met``: its own meetings): pairs 1 and 6 of section B never meeting was hidden where they met in
    section A, the two sections' pair numbers being the same."""
    out: list[Message] = []
    if section.per_direction:
        return out
    real = [p for p in section.pairs() if p != section.phantom]
    if len(section.rounds) < len(real) - 1 + (len(real) % 2):
        return out  # a curtailed Howell cannot meet everyone
    for p, q in combinations(real, 2):
        if not met.get((min(p, q), max(p, q))):
            out.append(
                Message(
                    N_("section %(section)s: pairs %(pair)s and %(other)s never meet"),
                    {"section": section.name or "-", "pair": str(p), "other": str(q)},
                )
            )
    return out


def _validate_individual(movement: Movement) -> Report:
    """Check an individual (every section seats players) against the properties of the module docstring."""
    properties: dict[str, list[Message]] = defaultdict(list)
    whist: dict[str, list[Message]] = {"required": [], "advice": []}
    measures: list[PlayerMeasure] = []
    for section in movement.sections:
        where = section.name
        players = section.players()
        boards_in_play = len(section.boards)
        partners: Counter[tuple[int, int]] = Counter()
        opponents: Counter[tuple[int, int]] = Counter()
        for player in players:
            seats = section.seats(player)
            seen: dict[int, list[int]] = defaultdict(list)
            for seat in seats:
                for board in seat.boards:
                    seen[board].append(seat.round)
                partners[(player, seat.partner)] += 1
                for other in seat.opponents:
                    opponents[(player, other)] += 1
            for board, rounds in sorted(seen.items()):
                if len(rounds) > 1:
                    properties["board-once"].append(
                        Message(
                            N_("section %(section)s: player %(player)d plays board %(board)d in rounds %(rounds)s"),
                            {"section": where, "player": player, "board": board, "rounds": _rounds_text(rounds)},
                        )
                    )
            measures.append(
                PlayerMeasure(
                    where, player, len(seats), len(section.rounds) - len(seats), len(seen), boards_in_play,
                    sum(1 for (p, _), n in partners.items() if p == player and n),
                    sum(1 for (p, _), n in opponents.items() if p == player and n), len(players) - 1,
                )
            )  # fmt: skip
        _board_one_table(section, properties)
        may_sit_out = len(players) % 4  # the players who cannot make a table
        for rnd in section.rounds:
            out = section.players_out(rnd.number)
            if len(out) > may_sit_out:
                properties["players-play"].append(
                    Message(
                        N_("section %(section)s, round %(round)d: players %(players)s have no seat"),
                        {"section": where, "round": rnd.number, "players": ", ".join(map(str, out))},
                    )
                )
        for (p, q), times in sorted(partners.items()):
            if p < q and times > 1:
                rounds = [s.round for s in section.seats(p) if s.partner == q]
                properties["partners-once"].append(
                    Message(
                        N_("section %(section)s: players %(player)d and %(other)d partner each other %(times)d "
                           "times (rounds %(rounds)s)"),
                        {"section": where, "player": p, "other": q, "times": times, "rounds": _rounds_text(rounds)},
                    )
                )  # fmt: skip
        complete = len(players) % 4 in (0, 1) and len(section.rounds) >= len(players) - (len(players) % 4 == 0)
        findings = whist["required" if complete else "advice"]
        for p, q in combinations(players, 2):
            if partners[(p, q)] != 1 or opponents[(p, q)] != 2:
                findings.append(
                    Message(
                        N_("section %(section)s: players %(player)d and %(other)d partner each other %(partners)d "
                           "times and oppose each other %(opponents)d times (a whist tournament: once and twice)"),
                        {"section": where, "player": p, "other": q, "partners": partners[(p, q)],
                         "opponents": opponents[(p, q)]},
                    )
                )  # fmt: skip
        most = max((m.boards for m in measures if m.section == where), default=0)
        message = N_("section %(section)s: a player plays at most %(boards)d of the %(in_play)d boards in play "
                     "(%(share)d %%), fewer than 70 %%")  # fmt: skip
        _seventy_percent(where, most, boards_in_play, properties, message)
    titles = {
        "board-once": N_("no player plays a board twice"),
        "board-one-table": N_("no board is at two tables in a round but where they share it (a relay)"),
        "players-play": N_("every player plays every round but their sit-outs"),
        "partners-once": N_("no two players partner each other twice"),
        "seventy-percent": N_("a player plays at least 70 %% of the boards in play (the EBU's 70 %% rule)"),
    }
    props = _required(titles, properties)
    required = bool(whist["required"]) or not whist["advice"]
    props.append(
        Property(
            "whist",
            not whist["required"] and not whist["advice"],
            required,
            Message(N_("every player partners every other once and opposes every other twice (a whist tournament)")),
            tuple(whist["required"] or whist["advice"]),
        )
    )
    return Report(movement.name, tuple(props), (), (), {}, players=tuple(measures))
