"""A club season made from the bundled example evening (issue 13's acceptance): 8 evenings, each the example's
travellers (14 pairs, 14 boards, a Mitchell, pairs 3 and 10 with 13 boards) played by a different 14 of a
line's 16 partnerships at different pair numbers, two partnerships absent each evening.

The travellers name the players (``north``, ``south``, ``east``, ``west`` columns, as BBO writes them), so a pair
is its two players whatever its number (:func:`bridgescore.pairs.sessions.summarise`); the file is named by its date.

* evening ``k`` (0–7) is dated 2026-09-07 + 7k days;
* absent that evening: partnerships ``k`` and ``(3k + 5) mod 16`` of each line (so 1, 4, 5, 7 miss two
  evenings, 0, 2, 3, 6, 8, 10, 11, 14 one, and 9, 12, 13, 15 none);
* the 14 present, in partnership order, rotated by ``3k``, take pair numbers 1–14 (so pair numbers vary);
* on evening 2 partnership 3's first player (``Ann A03``) plays with ``Zed`` instead of her partner: a pair
  of one evening, and Ann's player ranking follows her with both partners;
* with ``lines=("A", "B")`` each evening has a section per line, both with the example's travellers.

Because every evening has the same travellers, pair number ``n`` always scores what pair ``n`` of the example
scores: a test computes the expected season from the example's one-evening results and this schedule alone.
"""

from __future__ import annotations

import csv
import datetime
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples" / "club-evening.csv"
EVENINGS = 8
PARTNERSHIPS = 16
SLOTS = 14


def players(line: str, partnership: int) -> tuple[str, str]:
    """The two players of a partnership of a line."""
    return (f"Ann {line}{partnership:02d}", f"Bob {line}{partnership:02d}")


def absent(k: int) -> set[int]:
    return {k % PARTNERSHIPS, (3 * k + 5) % PARTNERSHIPS}


def seating(k: int) -> dict[int, int]:
    """Pair number (1–14) → partnership, on evening ``k``."""
    present = [p for p in range(PARTNERSHIPS) if p not in absent(k)]
    shift = (3 * k) % SLOTS
    rotated = present[shift:] + present[:shift]
    return {number: partnership for number, partnership in enumerate(rotated, 1)}


def pair_players(line: str, k: int, partnership: int) -> tuple[str, str]:
    first, second = players(line, partnership)
    if k == 2 and partnership == 3:
        second = "Zed"
    return first, second


def date(k: int) -> str:
    return (datetime.date(2026, 9, 7) + datetime.timedelta(days=7 * k)).isoformat()


def write_season(folder: Path, lines: tuple[str, ...] = ("A",)) -> list[Path]:
    """The 8 evening files in ``folder``, named by their dates; returns them in date order."""
    rows = list(csv.DictReader(EXAMPLE.open(encoding="utf-8")))
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for k in range(EVENINGS):
        path = folder / f"{date(k)}.csv"
        with path.open("w", encoding="utf-8", newline="") as stream:
            writer = csv.writer(stream)
            writer.writerow(["section", "board", "north", "south", "east", "west", "contract", "declarer",
                             "result", "lead", "score", "remarks"])  # fmt: skip
            for line in lines:
                seats = seating(k)
                for r in rows:
                    north, south = pair_players(line, k, seats[int(r["ns"])])
                    east, west = pair_players(line, k, seats[int(r["ew"])])
                    writer.writerow([line, r["board"], north, south, east, west, r["contract"], r["declarer"],
                                     r["result"], r["lead"], r["score"], r["remarks"]])  # fmt: skip
        files.append(path)
    return files
