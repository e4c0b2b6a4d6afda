"""Issue 12: the Valet command on large events - the columnar reader read a step at a time, and memory that
stays near the size of the input (no timed tests: the timings are in benchmarks/README.md)."""

from __future__ import annotations

import tracemalloc

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.valet import read as valet_io
from bridgescore.valet.score import ScoringForm, ValetOptions, ValetTables, score_valet
from reference_data import REFERENCE, need

TAGS = [f"p{i}" for i in range(400)]
NAMES = {t: t.upper() for t in TAGS}
COLUMNS = ("hand_round", "hand_board", "players", "level", "strain", "risk", "declarer", "tricks", "lead")


def event_text(lines: int, seed: int = 7) -> bytes:
    """``lines`` table results, 25 to 50 a hand; each 25 tables of a hand play 3 contracts of any level, strain,
    declarer and doubling (about 4 tables to a contract from one seat, as at bench-all's 387,000), pass-outs
    and leads."""
    rng = np.random.default_rng(seed)
    block = []
    for hand in range(40):
        played = []
        for _ in range(3):
            level = int(rng.integers(0, 8))
            contract = f"{level}{'CDHSN'[rng.integers(0, 5)]}{['', '', '', 'X', 'XX'][rng.integers(0, 5)]}"
            played.append(("P||" if level == 0 else f"{contract}|{'NESW'[rng.integers(0, 4)]}", rng.integers(7, 13)))
        for k in range(25):
            seats = "|".join(TAGS[i] for i in rng.choice(len(TAGS), 4, replace=False))
            contract, tricks = played[rng.integers(0, 3)]
            tricks += rng.choice([-1, 0, 0, 0, 1])  # the tables in a contract take much the same tricks
            tail = contract if contract == "P||" else f"{contract}|{tricks}|{'CDHS'[k % 4]}{'AKQ7'[k % 3]}"
            block.append((hand, seats, tail))
    out = [f"{r // 30 + 1}|{(h + r) % 30 + 1}|{seats}|{tail}" for r in range(lines // 1000)
           for h, seats, tail in block]  # fmt: skip
    return ("\n".join(out) + "\n").encode()


def peak_of(call: object, *args: object) -> tuple[object, int]:
    tracemalloc.start()
    try:
        result = call(*args)  # type: ignore[operator]
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_the_reader_holds_the_file_and_its_columns_not_twenty_times_the_file() -> None:
    """150,000 lines (5 MB): the reader read all fields of all lines at once, some 19 times the file's size at
    its peak (240 MB for the 18 MB bench-all file); a step at a time it needs about 6 times (the result's 13
    columns of 64-bit numbers are 3 times a file of short lines)."""
    data = valet_io._padded(event_text(150_000))
    read, peak = peak_of(valet_io._loads_fast, data, NAMES, "scores.txt")
    assert isinstance(read, valet_io.ValetInput) and len(read.tables) == 150_000
    assert peak < 10 * data.size


def test_scoring_memory_per_table_of_bench_all() -> None:
    """bench-all (386,970 tables, the issue's event): the dense (groups x 14 tricks) tables and their
    temporaries took 560-800 bytes a table at their peak (300 MB); on the cells that occur, and without the
    arrays finished with, 200-330 in every form."""
    read = valet_io.load_dir(need(REFERENCE / "valet" / "bench-all" / "scores.txt").parent)
    assert not read.problems
    for form in ScoringForm:
        for cloud in (True, False):
            _, peak = peak_of(score_valet, read.tables, ValetOptions(form=form, cloud=cloud))
            assert peak < 400 * len(read.tables), (form, cloud, peak / len(read.tables))


#: lines the columnar reader reads itself (a file of only these is read on columns, whatever its steps' size)
COLUMNAR_LINES = [
    "1|1|p1|p2|p3|p4|4S|N|10|SA", "1|1|p5|p6|p7|p8|4S|N|11", "1|2|p1|p2|p3|p4|3N|s|9\r", "1|2|p5|p6|p7|p8|P|x|x",
    "2|1|p1|p6|p3|p8|7NXX|E|13|hk", "3|3|p1|p2|p3|p4|2D|W|8|D2  ", "1|1|p1|p2|p3|p4|0N|N|7",
    "12345678|99999999|p5|p6|p7|p8|1C|W|7", "10|20|p1|p2|p3|p4|1C|W|7",
]  # fmt: skip
#: lines it hands over to the careful reader (a mistake, a comment, a blank line, a form it leaves to it)
HANDED_OVER_LINES = [
    "# a comment | with | pipes", "", "   ", "1|1|p1|p2|p3|p4|4S|N|14", "1|1|p1|zz|p3|p4|4S|N|10",
    "01|+2|p1|p2|p3|p4|4s|n|010|ca", "1|1|p1|p2|p3|p4|4S|N|10|SA|x", "1|1|p1|p2|p3|p4|4S|N|",
    "1|1|p1|p2|p3|p4|4S|N|10|",
    "0|1|p1|p2|p3|p4|4S|N|10", "123456789|1|p1|p2|p3|p4|1C|W|7", "1|1:|p1|p2|p3|p4|1C|W|7", "1|/|p1|p2|p3|p4|1C|W|7",
]  # fmt: skip


@st.composite
def score_files(draw: st.DrawFn) -> tuple[list[str], bool]:
    """Lines the columnar reader reads, and in one file of four a line it hands over, somewhere among them."""
    lines = draw(st.lists(st.sampled_from(COLUMNAR_LINES), min_size=1, max_size=30))
    odd = draw(st.integers(0, 3)) == 0
    if odd:
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(HANDED_OVER_LINES)))
    return lines, odd


@settings(max_examples=200, deadline=None)
@given(score_files(), st.integers(8, 300), st.booleans())
def test_read_a_step_at_a_time_the_columnar_reader_agrees_with_the_careful_one(
    drawn: tuple[list[str], bool], chunk: int, final_newline: bool
) -> None:
    """Whatever the steps' size: the columnar reader gives what the careful line-by-line reader gives, or, for a
    file with a line it leaves to the careful reader, hands the file over (None).  Three files in four have no
    such line, and nine steps in ten are longer than a line, so the property compares the two readers in about two
    examples of three (it returned early in 183 of 200)."""
    lines, odd = drawn
    text = "\n".join(lines) + ("\n" if final_newline else "")
    fast = valet_io._loads_fast(text.encode(), NAMES, "scores.txt", chunk)
    careful = valet_io.loads(text, NAMES, "scores.txt")
    longest = max(len(line.encode()) for line in lines) + 1
    if fast is None and (odd or chunk < longest):  # a step shorter than a line: the reader hands the file over
        return
    assert fast is not None, "a file of lines the columnar reader reads was handed over"
    assert not careful.problems
    for column in COLUMNS:
        assert np.array_equal(getattr(fast.tables, column), getattr(careful.tables, column)), column
    assert [s.line for s in fast.tables.sources or []] == [s.line for s in careful.tables.sources or []]


def test_each_handed_over_line_is_handed_over_and_each_other_line_read() -> None:
    """The two lists above are what they say, so the property compares where it claims to."""
    for line in COLUMNAR_LINES:
        assert valet_io._loads_fast(f"{line}\n".encode(), NAMES, "scores.txt", 64) is not None, line
    for line in HANDED_OVER_LINES:
        assert valet_io._loads_fast(f"{line}\n".encode(), NAMES, "scores.txt", 64) is None, line


def test_big_steps_and_small_steps_read_the_same() -> None:
    data = event_text(20_000)
    whole = valet_io._loads_fast(data, NAMES, "scores.txt")
    steps = valet_io._loads_fast(data, NAMES, "scores.txt", 4_099)
    assert whole is not None and steps is not None
    for column in COLUMNS:
        assert np.array_equal(getattr(whole.tables, column), getattr(steps.tables, column)), column
    assert isinstance(whole.tables, ValetTables) and len(whole.tables) == 20_000
