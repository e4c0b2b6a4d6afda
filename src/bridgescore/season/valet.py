"""The Valet score across a season (issue 13): per pair or player, the Valet components – bidding, declarer
play, opening lead and the rest of the defence (seed 003, :mod:`bridgescore.valet.score`) – of every session,
summed over the season.

Each session is scored on its own (:func:`bridgescore.valet.read.from_event` on the stored event, then
:func:`bridgescore.valet.score.score_valet` with the reference program's defaults: IMPs across the field, the
cloud decomposition), because a hand is compared only with the same hand played in the same session.  A
session's Valet pair is its pair in the session's ranking (the same section, pair number and, where a section
numbers pairs per direction, direction), so it is followed across evenings by the season's key.  The season's
sums are the sessions' sums (IMPs), and per hand played they are the sums over the hands (IMPs per hand), as the
reference program divides a pair's sums within one session.  The four parts add up to the overall score.

It is an option of ``season`` (``--valet``) rather than a command of its own: the same evenings, keys, period
and per pair/player choice as the ranking, written beside it in every format.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridgescore.core.i18n import N_
from bridgescore.core.options import OptionError
from bridgescore.core.players import player_key
from bridgescore.pairs.sessions import PairSession, StoredSession
from bridgescore.season.engine import pair_name

__all__ = ["PARTS", "season_valet"]

#: The parts, in the order the Valet page shows them (:mod:`bridgescore.valet.report.html`).
PARTS = (N_("Bidding"), N_("Declarer play"), N_("Opening lead"), N_("Rest of defence"))


def _labels(pair: PairSession, several_sections: bool) -> list[str]:
    """The labels :func:`bridgescore.valet.read.from_event` may give the pair (see its docstring)."""
    base = [pair.pair, f"{pair.pair} {pair.direction}"]
    return [f"{pair.section}:{b}" for b in base] if several_sections else base


def season_valet(sessions: Sequence[StoredSession], per: str = "pair") -> dict[str, Any]:
    """Per competitor (the season's pair or player key) the Valet sums over ``sessions``: ``hands`` and, in
    IMPs, ``overall`` and the four parts; raises :class:`~bridgescore.core.options.OptionError` for a session whose
    lines carry no declarer (the Valet score cannot split it)."""
    from bridgescore.valet.read import from_event
    from bridgescore.valet.score import BID, DEFENCE, LEAD1, LEAD2, OVERALL, PLAY1, PLAY2, score_valet

    found: dict[str, dict[str, Any]] = {}
    lines_left_out = 0
    for stored in sessions:
        tables = from_event(stored.event)
        if len(tables.tables) == 0:
            raise OptionError(
                N_("--valet needs the declarer and tricks of the contracts: %(session)s has none"),
                session=stored.summary.key,
            )
        lines_left_out += sum(1 for p in tables.problems if p not in stored.event.problems)
        result = score_valet(tables.tables)
        several = len({p.section for p in stored.summary.pairs}) > 1
        by_label: dict[str, PairSession] = {}
        for pair in stored.summary.pairs:
            for label in _labels(pair, several):
                by_label.setdefault(label, pair)
        known = tables.tables.pair_of_player or ()
        for index, (a, _b) in enumerate(result.pairs):
            label = known[a] if a < len(known) else ""
            found_pair = by_label.get(label)
            if found_pair is None:
                continue
            pair = found_pair
            s, c = result.sums[index], result.counts[index]
            parts = (
                float(s[BID]), float(s[PLAY1] + s[PLAY2]), float(s[LEAD1] + s[LEAD2]), float(s[DEFENCE])
            )  # fmt: skip
            if per == "player":
                who = [(player_key(p), p.name or p.number) for p in pair.players if player_key(p)]
            else:
                who = [(pair.key, pair_name(pair))]
            for key, name in who:
                entry = found.setdefault(
                    key, {"key": key, "name": name, "hands": 0, "overall": 0.0, "parts": [0.0] * 4}
                )
                entry["name"] = name
                entry["hands"] += int(c[OVERALL])
                entry["overall"] += float(s[OVERALL])
                entry["parts"] = [x + y for x, y in zip(entry["parts"], parts, strict=True)]
    competitors = sorted(found.values(), key=lambda e: -(e["overall"] / e["hands"]) if e["hands"] else 0.0)
    for e in competitors:
        hands = max(e["hands"], 1)
        e["bidding"], e["play"], e["lead"], e["defence"] = e.pop("parts")
        e["per_hand"] = {k: e[k] / hands for k in ("overall", "bidding", "play", "lead", "defence")}
    return {"form": "iaf", "unit": "IMPs", "lines_left_out": lines_left_out, "competitors": competitors}
