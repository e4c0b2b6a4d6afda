"""``archive add`` at a federation's size (issue 19): the lines go to PostgreSQL in ``COPY``'s binary format (made
from the event's columns by numpy and Arrow) and to SQLite by the driver; what is stored is the same on both, and
the same as before – the event read back is the event read from the file, and every line's points are the
scoring's to the last bit."""

from __future__ import annotations

import dataclasses
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sqlalchemy import text

import bridgescore
from bridgescore.archive import open_archive
from bridgescore.core.table import Column, ResultTable

REPO = Path(__file__).resolve().parents[1]

#: over one chunk of lines written at a time (store._CHUNK, 65,536): the rows of two chunks, the second short
BOARDS, TABLES = 24, 2750


_NOTES = ["", "", "", 'a "quoted", note', "Ωmega – ł", "late", "1,2", " spaced "]


def _random_file(path: Path, seed: int) -> Path:
    """A check file of the benchmark's kind (contract, declarer, result, lead, NS score; pass-outs, leads missing)
    with a ``note`` column (the remarks) and a ``tafel`` column (kept in each line's ``extra``) a line may leave
    empty or fill with any text (commas, quotes, letters outside ASCII)."""
    sys.path.insert(0, str(REPO))
    try:
        from benchmarks.__main__ import _check_file
    finally:
        sys.path.remove(str(REPO))
    rng = np.random.default_rng([2026, seed])
    plain = path.with_suffix(".plain")
    _check_file(plain, BOARDS, TABLES, rng)
    header, *lines = plain.read_text(encoding="utf-8").splitlines()
    quoted = ['"' + note.replace('"', '""') + '"' if note else "" for note in _NOTES]
    remarks, tables = (rng.integers(0, len(_NOTES), len(lines)).tolist() for _ in range(2))
    rows = (f"{line},{quoted[r]},{quoted[t]}" for line, r, t in zip(lines, remarks, tables, strict=True))
    path.write_text("\n".join([header + ",note,tafel", *rows]) + "\n", encoding="utf-8")
    plain.unlink()
    return path


def _fields(table: ResultTable) -> dict[str, object]:
    """Each field of the lines of ``table`` as a list, in input order (a missing number as None)."""

    def plain(values: Any) -> list[Any]:
        if isinstance(values, Column):
            return values.values()
        listed: list[Any] = values.tolist()
        return [None if isinstance(v, float) and math.isnan(v) else v for v in listed]

    fields = {f.name: getattr(table, f.name) for f in dataclasses.fields(table) if f.name not in ("extra", "_derived")}
    return {**{name: plain(v) for name, v in fields.items()},
            **{f"extra {name}": plain(v) for name, v in table.extra.items()}}  # fmt: skip


def test_a_random_event_is_read_back_from_either_database_as_read_from_its_file(
    tmp_path: Path, archive_url: str
) -> None:
    """A random event of 66,000 lines stored (in chunks of 65,536: PostgreSQL's binary ``COPY``, SQLite's first
    lines with the index built after them) reads back line for line as the file reads, with the scoring's points
    and percentages exactly."""
    seed = 1
    path = _random_file(tmp_path / f"random-{seed}.csv", seed)
    event = bridgescore.read(path)
    assert len(event.results) == BOARDS * TABLES
    assert set(event.table.extra["tafel"].labels) == set(_NOTES) and len(event.table.remarks.labels) > 1
    scores = bridgescore.score(event)
    with open_archive(archive_url) as archive:
        archive.add(scores, file=str(path), content=path.read_bytes(), key="random")
        (stored,) = archive.sessions()
        with archive.engine.connect() as connection:
            points = connection.execute(
                text("SELECT ns_points, ew_points, ns_percent, ew_percent FROM lines ORDER BY position")
            ).all()
    # every field of every line, a column at a time (a Result per line for 66,000 lines twice: seconds), and the
    # lines of a random sample, the first and the last of each chunk as whole Results
    assert _fields(stored.event.table) == _fields(event.table)
    rng = np.random.default_rng(seed)
    sample = sorted({0, 65535, 65536, len(event.results) - 1, *rng.integers(0, len(event.results), 500).tolist()})
    assert [stored.event.table.row(i) for i in sample] == [event.table.row(i) for i in sample]
    lines = scores.scored.lines
    for i, name in enumerate(("ns_points", "ew_points", "ns_percent", "ew_percent")):
        expected = np.full(len(event.results), math.nan)
        expected[lines.rows] = getattr(lines, name)
        read_back = np.array([math.nan if row[i] is None else row[i] for row in points])
        assert np.array_equal(read_back, expected, equal_nan=True), name


def test_binary_copy_stores_what_csv_copy_stores(tmp_path: Path, postgres_url: str) -> None:
    """The same lines written by ``COPY`` as CSV (what archive add wrote before) and in the binary format are the
    same rows, value for value (NULLs, texts, doubles to the last bit)."""
    from bridgescore.archive.store import Archive, _line_rows

    path = _random_file(tmp_path / "random.csv", 3)
    scores = bridgescore.score(bridgescore.read(path))
    lines, _, _ = _line_rows(scores)
    written = ["extra", *(name for name in lines.written() if name != "extra")]  # ``extra`` too, not left out
    with open_archive(postgres_url) as archive, archive.engine.begin() as connection:
        binary = lines.binary(written, 1)
        assert binary is not None
        order, chunks = binary
        assert sorted(order) == sorted(written)
        Archive._copy(connection, "lines", ["session_id", *order], chunks, binary=True)
        Archive._copy(connection, "lines", ["session_id", *written], lines.csv(written, 2))
        names = ", ".join(c for c in written if c != "extra") + ", extra::text"
        one, two = (
            connection.execute(text(f"SELECT {names} FROM lines WHERE session_id = {sid} ORDER BY position")).all()
            for sid in (1, 2)
        )
    assert len(one) == BOARDS * TABLES and one == two


@pytest.mark.parametrize(
    ("value", "kind", "field"),
    [
        (None, "int", b"\xff\xff\xff\xff"),
        (-7, "int", b"\x00\x00\x00\x04\xff\xff\xff\xf9"),
        (2**31 - 1, "int", b"\x00\x00\x00\x04\x7f\xff\xff\xff"),
        (2**31, "int", None),  # beyond PostgreSQL's integer: as CSV, for the server to refuse in its words
        (True, "int", None),
        (0.1, "float", b"\x00\x00\x00\x08" + np.array(0.1, dtype=">f8").tobytes()),
        ("Ω", "text", b"\x00\x00\x00\x02\xce\xa9"),
        ("\udc80", "text", None),  # a lone surrogate has no UTF-8
        (12, "text", None),
    ],
)
def test_a_value_has_a_binary_field_only_where_it_is_exact(value: object, kind: str, field: bytes | None) -> None:
    from bridgescore.archive.store import _field

    assert _field(value, kind) == field


def test_the_digest_of_a_random_event_is_that_of_its_lines_one_by_one(tmp_path: Path) -> None:
    """The digest a copy of an evening is known by, made on columns by Arrow, is the digest of each line's fields
    encoded one by one (an archive stored by an earlier version still knows its copies)."""
    from bridgescore.pairs.sessions import content_digest, line_columns, lines_digest

    table = bridgescore.read(_random_file(tmp_path / "random.csv", 4)).table
    assert lines_digest(table) == content_digest(line_columns(table))
    nothing = table.take(np.zeros(0, dtype=np.int64))
    assert lines_digest(nothing) == content_digest(line_columns(nothing))
