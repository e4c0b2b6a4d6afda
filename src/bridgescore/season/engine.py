"""The season competition (issue 13): evenings summed up per pair or per player, ranked by the rules of
:mod:`bridgescore.season.rules` (whose docstring names the program or clubs behind each rule).

Pure functions over :class:`bridgescore.pairs.sessions.SessionSummary` – no reading, no writing.  Every number a
report shows is kept here, so a director can redo the sum by hand: each competitor's evenings in date order,
with what each evening counted (the percentage as played, the line correction taken off, the value given for an
absent evening) and whether it was counted or dropped.

The arithmetic:

* an evening's **score** is the pair's percentage (matchpoints) or its IMPs per board (Butler: IMPs / boards),
  less ``line_correction`` for each line it played below the top line;
* an **absent** evening (a session of the season the competitor did not play) counts nothing (``none``), a
  fixed score (``fixed:P``, less the correction of the competitor's own line) or the competitor's own average of
  the evenings it played (``average``, capped where a maximum is given), weighing the session's boards;
* of these evenings the ``best`` N scores are counted (all without ``best``, or when there are N or fewer;
  of equal scores the earlier evening is kept); the season's score is
  sum(score × boards) / sum(boards) over the evenings counted (an average weighted by boards; for Butler the
  IMPs per board of the season);
* a competitor who played fewer than the minimum (``min_evenings``, or a share of the evenings held:
  :meth:`SeasonRules.minimum`; the command line's default is half of them) is listed after the ranking, not
  ranked – never dropped; ties share their place (``3=``);
* with lines, a competitor's line is the one it played most (the latest on a tie); each line has its own
  ranking, whose best ``promote`` pairs (below the top line) go up and worst ``relegate`` pairs (above the bottom
  line) go down at the season's end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from bridgescore.core.i18n import N_
from bridgescore.core.options import OptionError
from bridgescore.core.players import Player, player_key
from bridgescore.pairs.sessions import PairSession, SessionSummary
from bridgescore.pairs.standings import shared_places
from bridgescore.season.rules import SeasonRules

__all__ = ["Evening", "Season", "SeasonSession", "Standing", "compute_season", "pair_name", "shared_places"]

Movement = Literal["", "promote", "relegate"]
_IMP_TOP = 24  # the IMP scale's top (Law 78B: 4000 points or more): no board is worth more


@dataclass(frozen=True, slots=True)
class SeasonSession:
    """An evening of the season as the reports name it."""

    key: str
    date: str
    title: str
    boards: int


@dataclass(frozen=True, slots=True)
class Evening:
    """One competitor's one evening: ``played`` or absent; ``value`` what it scored (% or IMPs per board; for an
    absent evening the value the rule gives, None under ``none``); ``correction`` the line correction taken off;
    ``score`` what counts (value − correction); ``boards`` its weight; ``counted`` whether it is among the
    evenings counted; ``line`` the line it played in; ``partner`` (player rankings) the partner's name."""

    session: str
    played: bool
    value: float | None
    correction: float
    score: float | None
    boards: int
    counted: bool
    line: str = ""
    partner: str = ""
    imps: float | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    """A competitor's season: ``key`` (pair or player key), ``name``, its ``players``, ``line`` (its own line),
    the ``evenings`` (one per session of the season, in order), how many were played, absent with a value,
    counted and dropped, the boards and total behind ``score`` (total / boards), and its places."""

    key: str
    name: str
    players: tuple[Player, ...]
    line: str
    evenings: tuple[Evening, ...]
    played: int
    absent: int
    counted: int
    dropped: int
    boards: int
    total: float
    score: float | None
    absent_value: float | None
    ranked: bool
    place: str = ""
    line_place: str = ""
    movement: Movement = ""


@dataclass(frozen=True, slots=True)
class Season:
    """The season ranked: its sessions (in order), rules, and standings (the ranked first, best first, then the
    others by score); ``left_out`` names pairs a player ranking cannot follow (no player known)."""

    title: str
    sessions: tuple[SeasonSession, ...]
    rules: SeasonRules
    standings: tuple[Standing, ...]
    left_out: tuple[str, ...] = field(default_factory=tuple)


def _check(summaries: Sequence[SessionSummary], rules: SeasonRules) -> None:
    """Refuse a rule the season cannot meet (issue 13: a clear message, exit 2)."""
    if not summaries:
        raise OptionError(N_("the season has no evenings to rank (no session in the files or dates given)"))
    for s in summaries:
        if s.unit != rules.unit:
            message = (
                N_("a Butler season (IMPs per board) cannot rank %(session)s: it was scored in matchpoints")
                if rules.unit == "imps"
                else N_("a matchpoint season cannot rank %(session)s: it was scored in IMPs (use --method butler)")
            )
            raise OptionError(message, session=s.key)
    held = len(summaries)
    if rules.best is not None and rules.best > held:
        raise OptionError(
            N_("--rule best:%(best)d cannot be met: the season has %(held)d evening(s)"), best=rules.best, held=held
        )
    if rules.drop and rules.drop >= held:
        raise OptionError(
            N_("--rule drop:%(drop)d cannot be met: the season has %(held)d evening(s)"), drop=rules.drop, held=held
        )
    if rules.min_evenings > held:
        raise OptionError(
            N_("--min-evenings %(minimum)d cannot be met: the season has %(held)d evening(s)"),
            minimum=rules.min_evenings,
            held=held,
        )
    if (rules.promote or rules.relegate) and len(rules.line_order) < 2:
        raise OptionError(N_("--promote and --relegate need two lines or more (--lines A,B)"))
    if rules.line_correction and len(rules.line_order) < 2:
        raise OptionError(N_("--line-correction needs two lines or more (--lines A,B)"))
    # an absent evening's value is a score as the evenings' are (a typo such as fixed:450 would rank by it)
    given = rules.absent.value if rules.absent.kind == "fixed" else rules.absent.cap
    if given is not None and rules.absent.kind != "none":
        if rules.unit == "percent" and not 0 <= given <= 100:
            raise OptionError(N_("--absent %(value)s: an absent evening counts a percentage from 0 to 100"),
                              value=f"{given:g}")  # fmt: skip
        if rules.unit == "imps" and not -_IMP_TOP <= given <= _IMP_TOP:  # the IMP scale's top (Law 78B)
            raise OptionError(N_("--absent %(value)s: in a Butler season an absent evening counts IMPs per board "
                                 "from -24 to 24"), value=f"{given:g}")  # fmt: skip
    if rules.lines:
        sections = {p.section for s in summaries for p in s.pairs}
        for name, line in rules.lines.items():
            if name not in sections:
                raise OptionError(
                    N_("--lines names section %(section)s (line %(line)s), which no evening has; the sections are "
                       "%(sections)s"),
                    section=name, line=line, sections=", ".join(sorted(sections)) or "-",
                )  # fmt: skip
        for s in summaries:
            for p in s.pairs:
                if p.section not in rules.lines:
                    raise OptionError(
                        N_("%(session)s: section '%(section)s' is in none of the lines given with --lines"),
                        session=s.key,
                        section=p.section,
                    )


@dataclass(slots=True)
class _Played:
    """What a competitor scored in one session (a pair once; summed if it appears twice, as a Mitchell pair
    ranked per direction can)."""

    boards: int = 0
    weighted: float = 0.0  # percent × boards, or IMPs
    line: str = ""
    name: str = ""
    partner: str = ""
    players: tuple[Player, ...] = ()


def _value(pair: PairSession, unit: str) -> float:
    """The pair's evening as a number times its boards: percent × boards, or its IMPs."""
    if unit == "imps":
        return pair.imps or 0.0
    return (pair.percent or 0.0) * pair.boards


def pair_name(pair: PairSession) -> str:
    """A pair as the season names it: its names as written, else its players' names, else its number."""
    return pair.names or " & ".join(p.name or p.number for p in pair.players) or pair.pair


def _competitors(
    summaries: Sequence[SessionSummary], rules: SeasonRules
) -> tuple[dict[str, dict[int, _Played]], list[str]]:
    """Per competitor key, per session index, what it played; and the pairs a player ranking cannot follow."""
    found: dict[str, dict[int, _Played]] = {}
    left_out: list[str] = []
    for index, summary in enumerate(summaries):
        for pair in summary.pairs:
            line = rules.lines.get(pair.section, "") if rules.lines else ""
            entries: list[tuple[str, str, str, tuple[Player, ...]]] = []
            if rules.per == "pair":
                entries.append((pair.key, pair_name(pair), "", pair.players))
            else:
                keys = [player_key(p) for p in pair.players]
                if not pair.players or not all(keys):
                    left_out.append(f"{summary.key}: {pair_name(pair)}")
                    continue
                for player, key in zip(pair.players, keys, strict=True):
                    partner = " & ".join(p.name or p.number for p in pair.players if p is not player)
                    entries.append((key, player.name or player.number, partner, (player,)))
            for key, name, partner, players in entries:
                played = found.setdefault(key, {}).setdefault(index, _Played())
                played.boards += pair.boards
                played.weighted += _value(pair, rules.unit)
                played.line, played.name, played.partner, played.players = line, name, partner, players
    return found, left_out


def _home_line(played: dict[int, _Played], order: tuple[str, ...]) -> str:
    """The line a competitor played most; on a tie the latest evening's.  No program's rule was found (the NBB
    clubs move pairs between lines only at a round's end, so a pair plays one line): bridgescore's choice, listed
    in :mod:`bridgescore.season.rules`."""
    if not order:
        return ""
    counts: dict[str, int] = {}
    for index in sorted(played):
        counts[played[index].line] = counts.get(played[index].line, 0) + 1
    most = max(counts.values())
    # of the lines played most, the one played latest (not the first of them in the season)
    return next(played[i].line for i in sorted(played, reverse=True) if counts[played[i].line] == most)


def _standing(
    key: str, played: dict[int, _Played], summaries: Sequence[SessionSummary], rules: SeasonRules
) -> Standing:
    """One competitor's season by ``rules``: each evening's score less the line correction (NBB clubs' line
    correction), absent evenings given a value (``fixed``: NBB clubs; ``average``: the NBB program's "eigen
    gemiddelde"; ``none``: NBB-Clubranking, Bridgewebs), the ``best`` N counted (Bridgewebs' best N) or the ``drop``
    K lowest left out (the NBB program's "aantal laagste scores weglaten", at least one evening kept; of equal
    scores the earlier evening counts: bridgescore's choice), averaged weighted by
    boards (as the NBB program averages a pair's boards; see :mod:`bridgescore.season.rules`)."""
    order = rules.line_order
    home = _home_line(played, order)

    def correction(line: str) -> float:
        return order.index(line) * rules.line_correction if line in order else 0.0

    evenings: list[Evening] = []
    for index, summary in enumerate(summaries):
        p = played.get(index)
        if p is None:
            evenings.append(Evening(summary.key, False, None, 0.0, None, summary.boards, False))
            continue
        value = p.weighted / p.boards if p.boards else None
        corr = correction(p.line) if value is not None else 0.0
        score = value - corr if value is not None else None
        imps = p.weighted if rules.unit == "imps" else None
        evenings.append(Evening(summary.key, True, value, corr, score, p.boards, False, p.line, p.partner, imps))
    played_scores = [(e.score, e.boards) for e in evenings if e.played and e.score is not None]
    own_boards = sum(b for _, b in played_scores)
    own = sum(s * b for s, b in played_scores) / own_boards if own_boards else None
    absent_value: float | None = None
    absent_correction = 0.0
    if rules.absent.kind == "fixed":
        absent_value = rules.absent.value
        absent_correction = correction(home)
    elif rules.absent.kind == "average" and own is not None:
        absent_value = own if rules.absent.cap is None else min(own, rules.absent.cap)
    if absent_value is not None:
        evenings = [
            e
            if e.played
            else Evening(e.session, False, absent_value, absent_correction, absent_value - absent_correction,
                         e.boards, False, home)
            for e in evenings
        ]  # fmt: skip
    candidates = [i for i, e in enumerate(evenings) if e.score is not None and e.boards > 0]
    ranked = sorted(candidates, key=lambda i: (-(evenings[i].score or 0.0), i))  # best first, the earlier of equals
    if rules.best is not None:
        chosen = set(ranked[: rules.best])
    elif rules.drop:
        chosen = set(ranked[: max(1, len(ranked) - rules.drop)])
    else:
        chosen = set(candidates)
    evenings = [
        Evening(e.session, e.played, e.value, e.correction, e.score, e.boards, i in chosen, e.line, e.partner, e.imps)
        for i, e in enumerate(evenings)
    ]
    counted = [e for e in evenings if e.counted]
    boards = sum(e.boards for e in counted)
    total = sum((e.score or 0.0) * e.boards for e in counted)
    n_played = sum(1 for e in evenings if e.played)
    latest = played[max(played)]
    return Standing(
        key=key,
        name=latest.name,
        players=latest.players,
        line=home,
        evenings=tuple(evenings),
        played=n_played,
        absent=sum(1 for e in evenings if not e.played and e.score is not None),
        counted=len(counted),
        dropped=len(candidates) - len(counted),
        boards=boards,
        total=total,
        score=total / boards if boards else None,
        absent_value=absent_value,
        ranked=n_played >= rules.minimum(len(summaries)) and boards > 0,
    )


def _sort_key(s: Standing) -> tuple[float, str]:
    return (-(s.score if s.score is not None else float("-inf")), s.name.casefold())


def compute_season(summaries: Sequence[SessionSummary], rules: SeasonRules, title: str = "") -> Season:
    """The season of ``summaries`` (one per evening, in date order) ranked by ``rules`` – each line on its own, its
    best ``promote`` going up and worst ``relegate`` going down (NBB clubs' "promotie/degradatie", see
    :mod:`bridgescore.season.rules`), ties sharing a place (:func:`bridgescore.pairs.standings.shared_places`); raises
    :class:`~bridgescore.core.options.OptionError` for a rule the season cannot meet (best 10 of 8 evenings held, a
    minimum above the evenings held, a line no session has, a Butler season of matchpoint evenings …)."""
    _check(summaries, rules)
    found, left_out = _competitors(summaries, rules)
    standings = [_standing(key, played, summaries, rules) for key, played in found.items()]
    # namesakes (a father and son, two members called Jan de Vries) told apart by their member numbers
    seen: dict[str, int] = {}
    for s in standings:
        seen[s.name] = seen.get(s.name, 0) + 1
    standings = [
        replace(s, name=f"{s.name} ({s.players[0].number})")
        if seen[s.name] > 1 and len(s.players) == 1 and s.players[0].number
        else s
        for s in standings
    ]
    ranked = sorted((s for s in standings if s.ranked), key=_sort_key)
    others = sorted((s for s in standings if not s.ranked), key=_sort_key)
    places = shared_places([s.score or 0.0 for s in ranked])
    line_places: dict[str, str] = {}
    movement: dict[str, Movement] = {}
    order = rules.line_order
    for line in order:
        members = [s for s in ranked if s.line == line]
        position = order.index(line)
        for option, n, applies in (
            ("--promote", rules.promote, position > 0),
            ("--relegate", rules.relegate, position < len(order) - 1),
        ):
            if applies and n > len(members):  # a whole line would go up (or down): not a rule a club means
                raise OptionError(
                    N_("%(option)s %(count)d cannot be met: line %(line)s has %(ranked)d ranked pair(s)"),
                    option=option, count=n, line=line, ranked=len(members),
                )  # fmt: skip
        labels = shared_places([m.score or 0.0 for m in members])
        for s, place in zip(members, labels, strict=True):
            line_places[s.key] = place
        # a pair tied with the last one going up (or down) goes too: they share the place, and nothing in the
        # ranking separates them (their names did); chosen, as the clubs' rules found say nothing of it
        first = [int(label.rstrip("=")) for label in labels]  # the first place of each one's run of ties
        if position > 0 and rules.promote:
            for s, at in zip(members, first, strict=True):
                if at <= rules.promote:
                    movement[s.key] = "promote"
        if position < len(order) - 1 and rules.relegate:
            cut = len(members) - min(rules.relegate, len(members)) + 1  # the first place going down
            for s, at in zip(members, first, strict=True):
                if at + first.count(at) - 1 >= cut:  # its run reaches the places going down
                    movement.setdefault(s.key, "relegate")
    final = [
        _placed(s, place, line_places.get(s.key, ""), movement.get(s.key, ""))
        for s, place in zip(ranked, places, strict=True)
    ] + others
    sessions = tuple(SeasonSession(s.key, s.date, s.title, s.boards) for s in summaries)
    return Season(title, sessions, rules, tuple(final), tuple(left_out))


def _placed(s: Standing, place: str, line_place: str, movement: Movement) -> Standing:
    from dataclasses import replace

    return replace(s, place=place, line_place=line_place, movement=movement)
