"""The Valet input reader, other events as input, and the ``bridgescore valet`` command end to end."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.io.csv import loads as traveller_loads
from bridgescore.valet import read as valet_io
from bridgescore.valet.score import ScoringForm, ValetOptions, score_valet
from reference_data import need
from valet_cases import CASES, meta, read_csv_tables

runner = CliRunner()
NAMES = "# players\na|Anna\nb|Bert\nc|Cees\nd|Dirk\ne|Eva\nf|Frans\ng|Gijs\nh|Hans\n"


def write(tmp_path: Path, scores: str, names: str = NAMES) -> Path:
    (tmp_path / "names.txt").write_text(names, encoding="utf-8")
    (tmp_path / "scores.txt").write_text(scores, encoding="utf-8")
    return tmp_path


def test_every_problem_is_reported_with_line_and_field(tmp_path: Path) -> None:
    scores = "\n".join([
        "1|1|a|b|c|d|4S|N|10|SA",  # 1 fine
        "1|1|e|f|g|h|4S|N|10|SA|x",  # 2 eleven fields
        "x|1|a|b|c|d|4S|N|10",  # 3 round
        "1|0|a|b|c|d|4S|N|10",  # 4 board
        "1|1|a|z|c|d|4S|N|10",  # 5 unknown player in East
        "1|1|a|b|c|d|4NT|N|10",  # 6 NT is written N
        "1|1|a|b|c|d|4S|Q|10",  # 7 declarer
        "1|1|a|b|c|d|4S|N|14",  # 8 tricks
        "1|1|a|b|c|d|4S|N|",  # 9 tricks missing
        "1|1|a|b|c|d|4S|N|10|N5",  # 10 lead in no-trump
        "   ",  # 11 blanks only
        "1|1|e|f|g|h|P|x|x",  # 12 passed out: the rest is not read
        "1|1|e|f|g|h|3N|S|9",  # 13 fine, no lead
    ])  # fmt: skip
    read = valet_io.load_dir(write(tmp_path, scores))
    found = {(p.location.line, p.location.field) for p in read.problems}
    assert found == {
        (2, None), (3, "round"), (4, "board"), (5, "east"), (6, "contract"), (7, "declarer"), (8, "tricks"),
        (9, "tricks"), (10, "lead"), (11, None),
    }  # fmt: skip
    assert all(str(tmp_path / "scores.txt") in str(p) for p in read.problems)
    assert read.has_errors
    t = read.tables
    assert len(t) == 3  # lines 1, 12, 13
    # every row complete, nothing inherited: the pass-out has no declarer, the last line no lead
    assert list(t.level) == [4, 0, 3]
    assert list(t.declarer) == [0, -1, 2]
    assert list(t.lead) == [3, -1, -1]
    lines = list(valet_io.records(t))
    assert lines[1].contract.is_passed_out and lines[1].declarer is None and lines[1].lead is None
    assert lines[2].lead is None and lines[2].tricks == 9
    assert lines[2].source is not None and lines[2].source.line == 13


def test_cli_exits_2_on_problems_and_can_go_on(tmp_path: Path) -> None:
    folder = write(tmp_path, "1|1|a|b|c|d|4S|N|10\n1|1|e|f|g|h|4S|N|11\n1|1|e|f|g|h|4Q|N|11\n1|2|a|z|c|d|1C|S|7\n")
    result = runner.invoke(app, ["valet", str(folder)])
    assert result.exit_code == 2
    assert "line 3" in result.output and "contract" in result.output
    assert "line 4" in result.output and "'z'" in result.output
    result = runner.invoke(app, ["valet", str(folder), "--skip-invalid", "-f", "valet-csv"])
    assert result.exit_code == 0
    # board 1, 4S by North: 420 and 450; the cloud (10 or 11 tricks) gives 420 against 450/420: (-1 + 0) / 2
    assert "Anna - Cees,1,-0.50,0.00,-0.50,-0.50,1," in result.output


def test_fast_and_careful_readers_agree() -> None:
    case = "2018_Open_BAMfinal_iaf_cloud_lead"
    m = meta(case)
    names_text = (CASES / case / "input" / str(m["names"])).read_bytes()
    scores = (CASES / case / "input" / str(m["scores"])).read_bytes()
    names, _ = valet_io.read_names(valet_io._decode(names_text), "names")
    fast = valet_io._loads_fast(scores, names, "scores")
    careful = valet_io.loads(valet_io._decode(scores), names, "scores")
    assert fast is not None and not careful.problems
    for column in ("hand_round", "hand_board", "players", "level", "strain", "risk", "declarer", "tricks", "lead"):
        assert np.array_equal(getattr(fast.tables, column), getattr(careful.tables, column)), column
    assert [s.line for s in fast.tables.sources or []] == [s.line for s in careful.tables.sources or []]


@pytest.mark.parametrize(
    ("case", "extra"),
    [("ex02_imps_cloud_lead", []), ("2018_Open_BAMQ1_mp_nocloud_lead", ["-t"]), ("ex07_datum_nocloud", [])],
)
def test_cli_end_to_end(case: str, extra: list[str], tmp_path: Path) -> None:
    m = meta(case)
    args = ["valet", "--names", str(CASES / case / "input" / str(m["names"])),
            "--scores", str(CASES / case / "input" / str(m["scores"])), "-f", "valet-csv"]  # fmt: skip
    options = [o for o in m["options"] if o not in ("-t", "tableau.txt")]  # type: ignore[attr-defined]
    args += options
    if extra:
        args += ["--tableau", str(tmp_path / "tableau.txt")]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    mine = {r[0]: r for r in read_csv_tables_text(result.output)}
    reference = read_csv_tables(CASES / case / "output.csv")[0]
    assert set(mine) == {r[0] for r in reference}
    for row in reference:
        # every cell as printed, exactly (the values and the "-" of an empty column alike)
        assert mine[row[0]][1:] == row[1:], row[0]
    if extra:
        assert (tmp_path / "tableau.txt").read_text().startswith("DECLARER, Board ")


def read_csv_tables_text(text: str) -> list[list[str]]:
    rows = []
    for line in text.split("\n"):
        if line.startswith("Players,") or not line.strip():
            continue
        cells = [c.strip() for c in line.split(",")]
        rows.append(cells[:-1] if cells[-1] == "" else cells)
    return rows


def test_cli_formats(tmp_path: Path) -> None:
    case = "ex05_imps_cloud_lead"
    m = meta(case)
    base = ["valet", "--names", str(CASES / case / "input" / str(m["names"])),
            "--scores", str(CASES / case / "input" / str(m["scores"])), "--leads", "--lead-average"]  # fmt: skip
    text = runner.invoke(app, [*base, "-f", "text"])
    assert text.exit_code == 0
    lines = text.output.split("\n")
    assert lines[1].startswith("Players") and "Lead1" in lines[1] and "Average" in lines[1]
    data = json.loads(runner.invoke(app, [*base, "-f", "json"]).output)
    assert data["options"]["scoring"] == "iaf" and len(data["pairs"]) == 44
    assert sum(len(hand["tables"]) for hand in data["hands"]) == 22
    fields = data["table_fields"]
    first = dict(zip(fields, data["hands"][0]["tables"][0], strict=True))
    assert first["contract"] in ("4H", "3NT") and first["declarer"] in ("E", "W") and first["line"] >= 1
    assert first["ns_overall"] == pytest.approx(first["ns_bid"] + (first["declarer_play"] or 0) * -1, abs=1e-3)
    html = runner.invoke(app, [*base, "-f", "html"]).output
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") == 44
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "") and "<script" not in html
    bad = runner.invoke(app, [*base, "--order", "Overall"])
    assert bad.exit_code == 2 and "--order" in bad.output


def test_text_defending_is_the_csv_value() -> None:
    """The reference's text table weights the lead averages by the hands declared (CONVENTIONS.md §4.2);
    bridgescore's "Defending" is the csv's: lead and rest of defence per hand defended."""
    case = "chennai_mp_test_cmd"
    m = meta(case)
    read = valet_io.load(CASES / case / "input" / str(m["names"]), CASES / case / "input" / str(m["scores"]))
    result = score_valet(read.tables, ValetOptions(form=ScoringForm.MATCHPOINTS, leads=True, lead_average=True))
    from bridgescore.valet.report import render_valet_text

    text = render_valet_text(result)
    reference = {r[0]: r for r in read_csv_tables(CASES / case / "output.csv")[0]}
    for line in text.split("\n")[2:]:
        if not line.strip():
            continue
        name = line[:54].rstrip()
        defending = line.split("|")[3].split("(")[1].split(")")[1].split()[0]
        assert float(defending) == pytest.approx(float(reference[name][7]), abs=0.1001), name


def test_event_from_traveller_csv() -> None:
    """Any event with declarers: a traveller CSV, leads optional; a pair's players are not known."""
    text = "\n".join([
        "board,ns,ew,contract,declarer,result,lead",
        "1,1,2,4S,N,10,SA", "1,3,4,4S,N,11,H5", "1,5,6,3NT,S,9,", "1,7,8,PASS,,,",
        "2,1,4,2H,E,8,", "2,3,6,3H,E,8,D2", "2,5,8,2S,N,8,", "2,7,2,4HX,W,8,C3",
    ])  # fmt: skip
    event = traveller_loads(text, "travellers.csv")
    assert not [p for p in event.problems if p.severity.value == "error"]
    read = valet_io.from_event(event)
    assert len(read.tables) == 8
    result = score_valet(read.tables, ValetOptions(leads=True))
    names = sorted(result.pair_name(p) for p in range(len(result.pairs)))
    assert names == [str(i) for i in range(1, 9)]
    assert np.isfinite(result.summary()[:, 0]).all()
    # plain IAF sums to zero exactly
    plain = score_valet(read.tables, ValetOptions(cloud=False))
    for h in range(2):
        assert plain.total[plain.hand == h].sum() == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize(
    ("content", "levels", "lines", "problems"),
    [
        (b"\xef\xbb\xbf1|1|a|b|c|d|4S|N|10|SA\r\n1|1|e|f|g|h|3N|S|9\r\n", [4, 3], [1, 2], 0),  # BOM, CRLF
        (b"# comment\n\n1|1|a|b|c|d|4S|N|10\n1|1|e|f|g|h|P|x|x\n", [4, 0], [3, 4], 0),
        (b"1|1|a|b|c|d|4S|N|10\n1|1|e|f|g|h|4S|N|9", [4, 4], [1, 2], 0),  # no final newline
        (b"1|1|a|b|c|d|4S|N|10\t \n", [4], [1], 0),  # trailing blanks
        (b"", [], [], 1),  # empty: a problem
        (b"# only a comment\n", [], [], 1),
        (b"01|+2|a|b|c|d|4s|n|010|ca\n", [4], [1], 0),  # what strtol reads: leading zeros, a sign
    ],
)
def test_reader_edge_cases(tmp_path: Path, content: bytes, levels: list[int], lines: list[int], problems: int) -> None:
    (tmp_path / "names.txt").write_text(NAMES, encoding="utf-8")
    (tmp_path / "scores.txt").write_bytes(content)
    read = valet_io.load_dir(tmp_path)
    assert len(read.problems) == problems
    assert read.tables.level.tolist() == levels
    assert [s.line for s in read.tables.sources or []] == lines
    careful = valet_io.loads(valet_io._decode(content), valet_io.read_names(NAMES, "names")[0], "scores")
    for column in ("hand_round", "hand_board", "players", "level", "strain", "risk", "declarer", "tricks", "lead"):
        assert np.array_equal(getattr(read.tables, column), getattr(careful.tables, column)), column


@pytest.mark.parametrize(
    "case", ["ex04_mp_nocloud_lead", "chennai_iaf_test_cmd_nocloud", "quirk_imp_rounding_datum_nocloud"]
)
def test_reference_command_lines_run_as_they_are(case: str) -> None:
    """The reference's own csv command line (cmd.txt), with ``bridgescore valet`` for ``valet``: same numbers
    (the lead average of ``-a`` aside, see test_valet.py)."""
    line = next(
        x for x in need(CASES / case / "cmd.txt").read_text().splitlines() if x.startswith("valet ") and "-f csv" in x
    )
    args = line.split(">")[0].split()[1:]
    args[args.index("-d") + 1] = str(CASES / case / args[args.index("-d") + 1])
    if "-h" in args:  # -h is help here: --truncate-imps
        args[args.index("-h")] = "--truncate-imps"
    result = runner.invoke(app, ["valet", *args])
    assert result.exit_code == 0, result.output
    mine = {r[0]: r for r in read_csv_tables_text(result.output)}
    header = (CASES / case / "output.csv").read_text(encoding="utf-8", errors="replace").split("\n")[0].split(",")
    after_avg = {i + 1 for i, h in enumerate(header) if h == "Avg"}
    for row in read_csv_tables(CASES / case / "output.csv")[0]:
        for i, (name, a, b) in enumerate(zip(header, row, mine[row[0]], strict=False)):
            if name in ("Players", "Avg") or i in after_avg:
                continue
            assert b == a, (row[0], name)  # as printed, exactly
