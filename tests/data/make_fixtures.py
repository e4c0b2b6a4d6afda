"""Builds the hand-made ``bridgescore.score/1`` fixtures the HTML tests use before the pairs scoring exists.

Run from the repository root: ``.venv/bin/python tests/data/make_fixtures.py`` (needs ``../shared``).

* ``score-jfr-wb120802-mp.json`` – JFR Pary's Warsaw pairs of 2 August 2012 (``shared/reference/events/
  jfr-pary-warsaw-wb120802``): every line's NS/EW percentage exactly as JFR printed it; matchpoints are
  percentage × top / 100 with top 14 (8 real results a board); phantom lines (pair 18, 'TD') are adjusted
  60/0. Standings: the mean of a pair's board percentages (the convention SOURCE.md verified), phantom left out.
* ``score-seed001-butler.json`` – seed 001's Butler score cards of boards 6 and 7 (datums −70/+70 and
  200/−200, the IMP column as printed there).
"""

from __future__ import annotations

import csv
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[2] / "shared" / "reference" / "events"
NBB_DATUM = (
    "drop 10% best and worst (rounded up); under 6 scores the outer scores count once and the others 2 times "
    "(NBB, seed 001)"
)


def _place_labels(keys: list[float]) -> list[tuple[int, str]]:
    """Places for keys sorted best first; equal keys share the first place, written with '='."""
    return [(keys.index(k) + 1, f"{keys.index(k) + 1}{'=' if keys.count(k) > 1 else ''}") for k in keys]


def jfr() -> dict[str, Any]:
    rows = list(csv.DictReader((SHARED / "jfr-pary-warsaw-wb120802/normalized/results.csv").open()))
    boards: dict[int, list[dict[str, Any]]] = defaultdict(list)
    percents: dict[str, list[float]] = defaultdict(list)
    mps: dict[str, float] = defaultdict(float)
    for row in rows:
        board = int(row["board"])
        pct_ns, pct_ew = float(row["pct_ns"]), float(row["pct_ew"])
        if row["contract"] == "TD":
            line = {
                "ns_pair": row["ns_pair"],
                "ew_pair": row["ew_pair"],
                "contract": None,
                "declarer": None,
                "tricks": None,
                "lead": None,
                "ns_score": None,
                "status": "adjusted",
                "ns_points": 8.4,
                "ew_points": 0.0,
                "ns_percent": 60.0,
                "ew_percent": 0.0,
            }
        else:
            contract = row["contract"]
            tricks = None
            if contract != "PASS":
                level = int(contract[0])
                delta = 0 if row["result"] == "=" else int(row["result"])
                tricks = level + 6 + delta
            ns_score = int(row["score_ns"]) if row["score_ns"] else -int(row["score_ew"])
            line = {
                "ns_pair": row["ns_pair"],
                "ew_pair": row["ew_pair"],
                "contract": contract,
                "declarer": row["declarer"] or None,
                "tricks": tricks,
                "lead": row["lead"] or None,
                "ns_score": ns_score,
                "status": "passed-out" if contract == "PASS" else "played",
                "ns_points": round(pct_ns * 14 / 100 * 2) / 2,
                "ew_points": round(pct_ew * 14 / 100 * 2) / 2,
                "ns_percent": pct_ns,
                "ew_percent": pct_ew,
            }
        boards[board].append(line)
        for pair, pct, pts in (
            (row["ns_pair"], pct_ns, line["ns_points"]),
            (row["ew_pair"], pct_ew, line["ew_points"]),
        ):
            percents[pair].append(pct)
            mps[pair] += pts
    pairs = sorted((p for p in percents if p != "18"), key=lambda p: -sum(percents[p]) / len(percents[p]))
    avg = {p: round(sum(percents[p]) / len(percents[p]), 2) for p in pairs}
    places = _place_labels([avg[p] for p in pairs])
    entries = [
        {
            "place": place,
            "place_label": label,
            "section": "",
            "pair": p,
            "names": f"Pair {p} names",
            "boards": len(percents[p]),
            "total": mps[p],
            "percent": avg[p],
            "average": None,
        }
        for p, (place, label) in zip(pairs, places, strict=True)
    ]
    return {
        "schema": "bridgescore.score/1",
        "title": "Warsaw pairs, 2 August 2012 (JFR Pary reference)",
        "method": {"name": "matchpoints", "scale": "2-1-0", "top": 14},
        "options": {"neuberg": True, "sections": "separate"},
        "boards": [{"section": "", "board": b, "datum": None, "results": boards[b]} for b in sorted(boards)],
        "standings": [{"group": "all", "section": "", "entries": entries}],
        "checks": [
            {"name": "mirror", "ok": True, "detail": "NS and EW matchpoints add up to the top on every line"},
            {
                "name": "phantom",
                "ok": False,
                "detail": "pair 18 is a phantom: its 27 opponents were given 60% (adjusted)",
            },
        ],
    }


def seed001() -> dict[str, Any]:
    def line(ns: str, ew: str, contract: str, decl: str, tricks: int, score: int, ns_imps: int) -> dict[str, Any]:
        return {
            "ns_pair": ns,
            "ew_pair": ew,
            "contract": contract,
            "declarer": decl,
            "tricks": tricks,
            "lead": None,
            "ns_score": score,
            "status": "played",
            "ns_points": ns_imps,
            "ew_points": -ns_imps,
            "ns_percent": None,
            "ew_percent": None,
        }

    board6 = [
        line("1", "7", "3SX", "N", 8, -100, -1),
        line("3", "4", "4S", "N", 7, -150, -2),
        line("12", "5", "4HX", "E", 11, -990, -14),
        line("6", "10", "4H", "E", 8, 200, 7),
        line("8", "9", "4H", "E", 9, 100, 5),
        line("11", "2", "3H", "E", 9, -140, -2),
    ]
    board7 = [
        line("1", "7", "4H", "N", 10, 620, 9),
        line("9", "2", "3H", "N", 9, 140, -2),
        line("3", "4", "4H", "N", 9, -100, -7),
        line("10", "5", "5H", "N", 10, -100, -7),
        line("6", "8", "5DX", "E", 9, 500, 7),
    ]
    totals: dict[str, list[int]] = defaultdict(list)
    for board in (board6, board7):
        for r in board:
            totals[r["ns_pair"]].append(r["ns_points"])
            totals[r["ew_pair"]].append(r["ew_points"])
    pairs = sorted(totals, key=lambda p: (-sum(totals[p]), int(p)))
    places = _place_labels([sum(totals[p]) for p in pairs])
    entries = [
        {
            "place": place,
            "place_label": label,
            "section": "A",
            "pair": p,
            "names": "",
            "boards": len(totals[p]),
            "total": sum(totals[p]),
            "percent": None,
            "average": round(sum(totals[p]) / len(totals[p]), 2),
        }
        for p, (place, label) in zip(pairs, places, strict=True)
    ]
    return {
        "schema": "bridgescore.score/1",
        "title": "Seed 001: Butler score cards, boards 6 and 7",
        "method": {"name": "butler"},
        "options": {  # seed 001's rule, in the fields report/json.py writes for Butler()
            "rounding": "half-toward-zero",
            "imp_rounding": "half-up",
            "datum": {
                "policy": "nbb",
                "trim_percent": 10,
                "small_field": 6,
                "inner_weight": 2,
                "rounding": "half-toward-zero",
                "description": NBB_DATUM,
            },
            "datum_policy": NBB_DATUM,
        },
        "boards": [
            {"section": "A", "board": 6, "datum": -70, "results": board6},
            {"section": "A", "board": 7, "datum": 200, "results": board7},
        ],
        "standings": [{"group": "all", "section": "A", "entries": entries}],
        "checks": [{"name": "zero-sum", "ok": True, "detail": "IMPs sum to 0 on every board"}],
    }


if __name__ == "__main__":
    for name, data in (("score-jfr-wb120802-mp.json", jfr()), ("score-seed001-butler.json", seed001())):
        (HERE / name).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print("wrote", name)
