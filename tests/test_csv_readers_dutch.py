"""The problems of the CSV-type readers (travellers, names, rubber deals, Valet), of Bridgemate's BWS data and
the sentences of ContractError and RubberError they pass on, in Dutch (issue 11: "reader problems … in Dutch
with --lang nl")."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bridgescore.core.i18n import translator
from bridgescore.core.problems import Problem
from bridgescore.io import bws
from bridgescore.io import csv as traveller_csv
from bridgescore.io import names as names_file
from bridgescore.io.line import ERROR_MESSAGES
from bridgescore.rubber import read as rubber_io
from bridgescore.valet import read as valet_io

DATA = Path(__file__).resolve().parent / "data"
PACKAGE = Path(traveller_csv.__file__).resolve().parents[1]
#: the readers, by their path in the package (issue 20: rubber's and Valet's readers moved into their packages, the
#: CSV reader's careful line reading into io/csv_lines.py)
READERS = ("io/csv.py", "io/csv_lines.py", "io/line.py", "io/names.py", "rubber/read.py", "valet/read.py", "io/bws.py")
VALET_NAMES = "a|Anna\nb|Bert\nc|Cees\nd|Dirk\n"

#: English words that have no business in a Dutch sentence (quoted values and file names are taken out first).
ENGLISH = re.compile(
    r"\b(the|not|board|pair|line|column|warning|missing|does|exist|write|file|has|tricks|deal|round|declarer|"
    r"played|numbered|left|out|from|which|already|names|value|section|erased|replaced|against|wrong|header)\b",
    re.IGNORECASE,
)


def _bad_travellers() -> list[Problem]:
    text = "\n".join([
        "board,ns,ew,contract,declarer,result,score,remarks",
        "1,1,2,4Z,N,10,,",  # not a contract
        "2,1,2,4S,N,10,,A60",  # an adjustment beside a contract (warning)
        "3,1,2,4S,N,10,-50,",  # a score that does not match
        ",1,2,4S,N,10,,",  # board missing
        "4,1,,4S,N,10,,",  # EW missing
        "5,1,2,4S,Q,10,,",  # declarer
        "6,1,2,4S,N,15,,",  # result
        "7,1,2,4S,N,=,four,",  # score
        "x,1,2,4S,N,=,,",  # board
        '8,1,2,"4S,N,10',  # unclosed quote
        "9,1,2,,,,,",  # neither contract nor score
        "1,1,2,4S,N,10,,",  # pair 1 plays board 1 again
        "10,3,3,4S,N,10,,",  # a pair on both sides
        "11,1,2,7S,N,+2,,",  # impossible
        "12,1,2,8S,N,=,,",  # level
        "13,1,2,4S,N,10,,,extra",  # past the header (warning)
    ])  # fmt: skip
    return list(traveller_csv.loads(text + "\n", "club.csv").problems)


def _bad_names() -> list[Problem]:
    event = traveller_csv.loads("section,board,ns,ew,contract,declarer,result\nA,1,1,2,4S,N,10\n", "club.csv")
    names, problems = names_file.loads(
        "section,pair,names\nA,1,Ann\nA,1,Bob\nA,7,Cy\nB,1,Di\nA,,Eve\nA;2;Fay\n", "n.csv"
    )
    return list(names_file.with_names(event, names, problems).problems)


def _bad_rubber() -> list[Problem]:
    text = "\n".join([
        "rubber,deal,contract,declarer,tricks,honours",
        "1,1,4S,S,10,NS 200",  # honours of 200
        "1,2,3NT,,9,",  # no declarer
        "1,4,4H,E,,",  # no result; deal 3 missing (warning)
        "1,x,4H,E,10,",  # deal number
        "0,1,4H,E,10,",  # rubber number
        "1,5,4S,N,10,EW 4 aces",  # four aces in a suit
        "1,6,PASS,,,NS 100",  # honours on a passed-out deal
    ])  # fmt: skip
    read = rubber_io.loads(text + "\n", "deals.csv")
    _, played = rubber_io.play_lines(
        rubber_io.loads("deal,contract,declarer,tricks\n1,4S,S,10\n2,4S,S,10\n3,4S,S,10\n", "r.csv").lines
    )
    return [*read.problems, *played]


def _bad_valet() -> list[Problem]:
    text = "\n".join([
        "1|1|a|b|c|d|4S|N|10|SA",
        "1|1|a|b|c|d|4S|N|10|SA|x",  # eleven fields
        "x|1|a|b|c|d|4S|N|10",  # round
        "1|0|a|b|c|d|4S|N|10",  # board
        "1|1|a|z|c|d|4S|N|10",  # unknown player
        "1|1|a|b|c|d|4NT|N|10",  # contract
        "1|1|a|b|c|d|4S|Q|10",  # declarer
        "1|1|a|b|c|d|4S|N|14",  # tricks
        "1|1|a|b|c|d|4S|N|",  # tricks missing
        "1|1|a|b|c|d|4S|N|10|N5",  # lead
        "   ",  # blanks
        f"1|{10**12}|a|b|c|d|4S|N|10",  # board too large
    ])  # fmt: skip
    names, problems = valet_io.read_names("a|Anna\na|Other\n|Nobody\nb|B|x\n", "names.txt")
    return [*problems, *valet_io.loads(text + "\n", {**names, **dict.fromkeys("bcd", "x")}, "scores.txt").problems]


def _bad_bws() -> list[Problem]:
    read = bws.loads((DATA / "bws" / "received-data.csv").read_text(encoding="utf-8"), "received.csv")
    wrong = bws.loads("ID,Section,Table\n1,1,1\n", "other.csv")
    return [*read.problems, *wrong.problems]


def _bad_files() -> list[Problem]:
    found: list[Problem] = []
    for path in sorted((DATA / "travellers").glob("*.csv")):
        found.extend(traveller_csv.load(path).problems)
    found.extend(traveller_csv.load(DATA / "travellers" / "no such file.csv").problems)
    return found


CASES = {
    "travellers": _bad_travellers,
    "names": _bad_names,
    "rubber": _bad_rubber,
    "valet": _bad_valet,
    "bws": _bad_bws,
    "files in tests/data": _bad_files,
}


def _dutch_words(problem: Problem) -> str:
    """The problem in Dutch without its file name and quoted values (which are the file's own words)."""
    text = problem.describe("nl").removeprefix(problem.location.file)
    text = re.sub(r"'[^']*'", "''", text)
    return re.sub(r"--\w[\w-]*|\([A-Za-z ,/|]+\)|mdb-export[^;:]*|\bNT\b|ReceivedData", "", text)


@pytest.mark.parametrize("reader", list(CASES))
def test_typical_problems_of_each_reader_read_in_dutch(reader: str) -> None:
    problems = CASES[reader]()
    assert len(problems) >= 2, problems
    for problem in problems:
        dutch = problem.describe("nl")
        assert dutch != str(problem), dutch
        assert not ENGLISH.search(_dutch_words(problem)), dutch


@pytest.mark.parametrize("reader", list(CASES))
def test_every_problem_the_readers_give_has_a_catalogue_entry(reader: str) -> None:
    nl = translator("nl")
    missing = [p.message for p in CASES[reader]() if nl.gettext(p.message) == p.message]
    assert not missing, missing


def test_every_error_sentence_read_back_has_a_catalogue_entry() -> None:
    nl = translator("nl")
    assert not [m for m in ERROR_MESSAGES if nl.gettext(m) == m]


def _literal_messages(path: Path) -> set[str]:
    """Messages written as literals in ``Problem.make(where, "…")`` and ``_Wrong.make("…")`` calls and in
    ``message = "…" if … else "…"`` assignments (the readers' ways of naming a catalogue message)."""
    found: set[str] = set()

    def literals(node: ast.expr) -> list[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.IfExp):
            return literals(node.body) + literals(node.orelse)
        return []

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "make":
            owner = node.func.value
            name = owner.id if isinstance(owner, ast.Name) else ""
            position = 1 if name == "Problem" else 0 if name in ("_Wrong", "cls") else None
            if position is not None and len(node.args) > position:
                found.update(literals(node.args[position]))
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "message" for t in node.targets):
            found.update(literals(node.value))
    return found


def test_every_message_written_in_the_readers_has_a_catalogue_entry() -> None:
    nl = translator("nl")
    messages = set().union(*(_literal_messages(PACKAGE / name) for name in READERS))
    assert len(messages) > 60
    assert not sorted(m for m in messages if nl.gettext(m) == m)


def test_str_of_a_problem_stays_the_english_sentence() -> None:
    problem = traveller_csv.loads("board,ns,ew,contract\n1,1,2,4Z\n", "club.csv").problems[0]
    assert str(problem) == (
        "club.csv, line 2, column 'contract': '4Z' is not a contract; write e.g. 4S, 3NT, 2HX, 6SAXX or PASS"
    )
    assert problem.describe("nl") == (
        "club.csv, regel 2, kolom 'contract': '4Z' is geen contract; schrijf bijvoorbeeld 4S, 3SA, 2HX, 6SAXX of PAS"
    )
