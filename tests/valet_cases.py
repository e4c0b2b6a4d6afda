"""Helpers for the Valet reference cases (shared/reference/valet/cases): options, reading outputs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bridgescore.core.imps import RoundingPolicy
from bridgescore.valet.score import ScoringForm, ValetOptions, parse_rounds
from reference_data import REFERENCE, need

#: the reference runs: all of them in ../shared/reference, a few in a clone alone (tests/data/reference)
CASES = REFERENCE / "valet" / "cases"


#: the fixed list of the runs (issue 19): a run missing from the folder shows as a skipped test – a failure in CI –
#: instead of vanishing from a listing of the folder
LISTED = Path(__file__).resolve().parent / "data" / "valet-cases.tsv"


@dataclass(frozen=True)
class Listed:
    """One reference run as the list gives it: its folder, the reference's exit code, whether it wrote a tableau."""

    name: str
    rc_csv: int
    tableau: bool


@cache
def listed() -> tuple[Listed, ...]:
    rows = (line.split("\t") for line in LISTED.read_text(encoding="utf-8").splitlines() if not line.startswith("#"))
    return tuple(Listed(name, int(rc), tableau == "tableau") for name, rc, tableau in rows)


def case_names() -> list[str]:
    return [case.name for case in listed()]


def meta(case: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(need(CASES / case / "meta.json").read_text())
    return data


def options_of(args: list[str]) -> tuple[ValetOptions, bool]:
    """The reference's command-line options as ValetOptions; also whether a tableau was asked."""
    form = ScoringForm.IAF
    kw: dict[str, object] = {}
    tableau = False
    it = iter(args)
    for a in it:
        if a == "-v":
            form = {"imps": ScoringForm.IAF, "datum": ScoringForm.DATUM, "matchpoints": ScoringForm.MATCHPOINTS}[
                next(it)
            ]
        elif a == "-x":
            kw["cloud"] = False
        elif a == "-l":
            kw["leads"] = True
        elif a == "-a":
            kw["lead_average"] = True
        elif a == "-e":
            kw["drop_extremes"] = True
        elif a == "-h":
            kw["rounding"] = RoundingPolicy.TRUNCATE
        elif a == "-c":
            kw["compensate"] = True
        elif a == "-m":
            kw["min_hands"] = int(next(it))
        elif a == "-r":
            kw["rounds"] = parse_rounds(next(it))
        elif a == "-o":
            kw["order"] = next(it)
        elif a == "-t":
            next(it)
            tableau = True
        else:
            raise ValueError(a)
    return ValetOptions(form=form, **kw), tableau  # type: ignore[arg-type]


def read_csv_tables(path: Path) -> list[list[list[str]]]:
    """The reference csv as tables of rows of cells (cells stripped, trailing empty cell dropped)."""
    tables: list[list[list[str]]] = []
    current: list[list[str]] | None = None
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    for line in text.split("\n"):
        if line.startswith("Players,"):
            current = []
            tables.append(current)
            continue
        if not line.strip():
            current = None
            continue
        assert current is not None, line
        cells = [c.strip() for c in line.split(",")]
        if cells and cells[-1] == "":
            cells.pop()
        current.append(cells)
    return tables


def parse_tableau(text: str) -> dict[tuple[str, str], dict[str, list[float]]]:
    """A tableau as {(block, hand): {key: [count, values...]}}, block DECLARER or DEFENDER."""
    out: dict[tuple[str, str], dict[str, list[float]]] = {}
    current: dict[str, list[float]] | None = None
    for line in text.split("\n"):
        if line.startswith(("DECLARER, Board ", "DEFENDER, Board ")):
            block, _, hand = line.partition(", Board ")
            current = out.setdefault((block, hand.strip()), {})
            continue
        if not line.strip() or line.startswith("Contract"):
            continue
        assert current is not None, line
        key = line[:19].rstrip()
        current[key] = [float(x) for x in line[19:].split()]
    return out


def stale_lead_suits(scores: Path) -> list[str]:
    """For each scores line in file order, the lead suit the reference program shows in its tableau key:
    the line's own lead, or - for a line without one - the suit of the last earlier played line that had a
    lead (its parse record is reused: CONVENTIONS.md §4.4, §6).  "?" when no earlier line had one."""
    suits: list[str] = []
    last = "?"
    data = scores.read_bytes().decode("utf-8", errors="replace")
    for line in data.split("\n"):
        if not line or line.startswith("#"):
            continue
        fields = line.rstrip().split("|")
        passed = fields[6] in ("P", "p") or fields[6].startswith("0")
        if not passed and len(fields) == 10:
            last = fields[9][0].upper()
        suits.append(last)
    return suits
