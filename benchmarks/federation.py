"""The federation-scale workloads of issue 19: a million lines written and read as USEBIO XML, scored as teams and
as an individual, and ``teams pair-round`` of 300 teams that have nearly all met.

Each input is generated deterministically (numpy's generator, seed 2026, as :mod:`benchmarks.__main__`'s) into the
benchmarks' data folder, once; ``python -m benchmarks`` measures the commands on them as whole processes:

* ``usebio``: the pairs event (:func:`benchmarks.__main__._scores_file`) written as a USEBIO 1.2 file of
  ``BOARD``/``TRAVELLER_LINE`` elements (pair numbers and the NS score), read back by ``score FILE -f csv``;
* ``teams``: a teams CSV (``round,board,room,ns,ew,contract,declarer,result``): ``teams`` teams in ``rounds``
  rounds of ``boards``-board matches, the first half of the field against the second rotated a place each round
  (no repeat meeting), each board played in both rooms;
* ``individual``: an individual CSV (``board,north,south,east,west,contract,declarer,result``): ``tables`` tables
  of four players each playing every board, the South, East and West players moving;
* ``standings``: a CSV of standings (``team,vp,imps,met,bye``) of ``teams`` teams where each team has met every
  other but a few: the teams it has not met form a sparse graph (the union of a few random perfect matchings, so
  a round without a repeat exists), the VPs random.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

#: the contracts of a generated board, with the tricks they take (``contract, declarer, tricks, result text``)
_OUTCOMES = (
    ("4S", "N", "="),
    ("4S", "N", "+1"),
    ("4S", "N", "-1"),
    ("3NT", "S", "="),
    ("3NT", "S", "+2"),
    ("5D", "E", "-2"),
    ("4H", "W", "="),
    ("2C", "E", "+1"),
)


def usebio_file(path: Path, boards: int, tables: int, rng: np.random.Generator) -> None:
    """A pairs event of ``boards`` × ``tables`` (a Mitchell as the scores file's) as USEBIO 1.2 XML: each line's
    pair numbers and North-South's score (a made or defeated contract's, at any vulnerability)."""
    scores = np.array([620, 650, -100, 600, 660, 200, -420, -110, 0, 1430])
    ns = np.arange(1, tables + 1)
    with path.open("w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">\n')
        out.write("<EVENT_DESCRIPTION>Federation benchmark</EVENT_DESCRIPTION>\n<BOARD_SCORING_METHOD>MATCH_POINTS")
        out.write("</BOARD_SCORING_METHOD>\n<SESSION><SECTION><SECTION_ID>A</SECTION_ID>\n")
        for board in range(1, boards + 1):
            points = scores[rng.integers(0, len(scores), tables)].tolist()
            ew = (tables + 1 + (ns - 1 + board) % tables).tolist()
            out.write(f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>\n")
            out.write(
                "".join(
                    f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{n}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{e}</EW_PAIR_NUMBER>"
                    f"<SCORE>{s}</SCORE></TRAVELLER_LINE>\n"
                    for n, e, s in zip(ns.tolist(), ew, points, strict=True)
                )
            )
            out.write("</BOARD>\n")
        out.write("</SECTION></SESSION>\n</EVENT>\n</USEBIO>\n")


def teams_file(path: Path, teams: int, rounds: int, boards: int, rng: np.random.Generator) -> None:
    """A teams CSV of ``teams`` teams (an even number), ``rounds`` rounds of ``boards`` boards, both rooms."""
    half = teams // 2
    with path.open("w", encoding="utf-8") as out:
        out.write("round,board,room,ns,ew,contract,declarer,result\n")
        for round_ in range(1, rounds + 1):
            home = np.arange(1, half + 1)
            away = half + 1 + (home - 1 + round_ - 1) % half
            chosen = rng.integers(0, len(_OUTCOMES), size=(2, half, boards)).tolist()
            lines = []
            for m, (h, a) in enumerate(zip(home.tolist(), away.tolist(), strict=True)):
                for b in range(boards):
                    number = (round_ - 1) * boards + b + 1
                    c, d, r = _OUTCOMES[chosen[0][m][b]]
                    lines.append(f"{round_},{number},open,{h},{a},{c},{d},{r}\n")
                    c, d, r = _OUTCOMES[chosen[1][m][b]]
                    lines.append(f"{round_},{number},closed,{a},{h},{c},{d},{r}\n")
            out.write("".join(lines))


def individual_file(path: Path, boards: int, tables: int, rng: np.random.Generator) -> None:
    """An individual CSV: ``tables`` tables, every table playing every board; North (1…T) stays, South (T+1…2T),
    East and West move at different speeds (so every player changes partner from board to board)."""
    t = np.arange(tables)
    with path.open("w", encoding="utf-8") as out:
        out.write("board,north,south,east,west,contract,declarer,result\n")
        for board in range(1, boards + 1):
            south = (tables + 1 + (t + 3 * board) % tables).tolist()
            east = (2 * tables + 1 + (t + board) % tables).tolist()
            west = (3 * tables + 1 + (t + 2 * board) % tables).tolist()
            chosen = rng.integers(0, len(_OUTCOMES), tables).tolist()
            out.write(
                "".join(
                    f"{board},{n + 1},{s},{e},{w},{','.join(_OUTCOMES[k])}\n"
                    for n, s, e, w, k in zip(t.tolist(), south, east, west, chosen, strict=True)
                )
            )


def standings_file(path: Path, teams: int, unmet_rounds: int, rng: np.random.Generator) -> None:
    """Standings of ``teams`` teams who have met every other team except those of ``unmet_rounds`` random perfect
    matchings (so each team has at most ``unmet_rounds`` teams left to meet)."""
    unmet: list[set[int]] = [set() for _ in range(teams)]
    for _ in range(unmet_rounds):
        order = rng.permutation(teams).tolist()
        for a, b in zip(order[::2], order[1::2], strict=False):  # an odd field: one team left out
            unmet[a].add(b)
            unmet[b].add(a)
    vps = rng.integers(0, 4000, teams) / 10
    imps = rng.integers(-300, 300, teams)
    with path.open("w", encoding="utf-8") as out:
        out.write("team,vp,imps,met,bye\n")
        for team in range(teams):
            met = ";".join(str(o + 1) for o in range(teams) if o != team and o not in unmet[team])
            out.write(f"{team + 1},{vps[team]:.1f},{imps[team]},{met},0\n")
