"""Issue 19: an individual's pairs' players (``north+south``, ``east+west``: 2,000,000 of them in the 1,000,000-line
bench) are worked out only when something asks for them (:class:`bridgescore.io.members.SeatedPairs`); every output of
``bridgescore individual`` is the same, byte for byte, as where they are worked out while reading (the careful path:
:func:`bridgescore.io.members.seated_pairs_when_asked` answering None), on random valid files read line by line and on
columns."""

from __future__ import annotations

import csv
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.table import pair_codes
from bridgescore.individual import score_individual
from bridgescore.individual.report import INDIVIDUAL_FORMATS, write_individual
from bridgescore.io import csv_columns, load_event
from bridgescore.io import members as members_module
from bridgescore.io.members import SeatedPairs, seated_players

#: (contract, declarer, result) a table may reach: made, over- and undertricks, doubled, a pass-out.
_OUTCOMES = (
    ("4S", "N", "="), ("4S", "N", "+1"), ("4S", "N", "-1"), ("3NT", "S", "="), ("3NT", "S", "+2"), ("5DX", "E", "-3"),
    ("4H", "W", "="), ("2C", "E", "+1"), ("1NT", "W", "-1"), ("6SXX", "N", "="), ("PASS", "", ""),
)  # fmt: skip
_FORMATS = ("csv", "text", "json", "html", "usebio")


@contextmanager
def _read(*, columnar: bool, careful: bool) -> Iterator[None]:
    """Files read on columns or line by line; with ``careful`` the pairs' players worked out while reading."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(csv_columns, "COLUMNAR_FROM", 0 if columnar else 10**12)
        if careful:
            patch.setattr(members_module, "seated_pairs_when_asked", lambda event: None)
        yield


def _individual_file(seed: int, players: int, boards: int, *, names: bool, sections: bool, odd: str) -> str:
    """A valid individual CSV: on each board the players seated at random, four to a table (so nearly every player
    changes partner); players by number or by name (with a space, beyond ASCII); with ``sections`` two sections
    numbering their players alike; ``odd`` one thing the reader or the pairs' players word: a player written with a
    ``+`` or a ``:``, a line without its South, member number columns, a space around a player."""
    rng = random.Random(seed)
    people = [str(p) if not names else f"Zoë {p}" if p % 3 == 0 else f"Jan Jansen {p}" for p in range(1, players + 1)]
    header = ["board", *(["section"] if sections else []), "north", "south", "east", "west"]
    header += ["n_number", "s_number", "e_number", "w_number"] if odd == "numbers" else []
    header += ["contract", "declarer", "result"]
    lines = []
    for section in ("A", "B") if sections else ("",):
        for board in range(1, boards + 1):
            seated = rng.sample(people, len(people))
            for t in range(0, len(seated) - 3, 4):
                four = seated[t : t + 4]
                values = [str(board), *([section] if sections else []), *four]
                values += [str(1000 + people.index(p)) for p in four] if odd == "numbers" else []
                values += rng.choice(_OUTCOMES)
                lines.append(values)
    if odd in ("plus", "colon", "missing", "space") and lines:
        line = lines[rng.randrange(len(lines))]
        seat = 1 + sections + rng.randrange(4)
        line[seat] = {"plus": f"{line[seat]}+x", "colon": f"x:{line[seat]}", "missing": "", "space": f" {line[seat]} "}[
            odd
        ]
    return "\n".join(",".join(values) for values in [header, *lines]) + "\n"


def _command(path: Path, out: Path, fmt: str) -> tuple[int, bytes, str]:
    result = CliRunner().invoke(app, ["individual", str(path), "-f", fmt, "-o", str(out), "--skip-invalid"])
    return result.exit_code, out.read_bytes() if out.exists() else b"", result.output


_FILES = st.builds(
    _individual_file,
    seed=st.integers(0, 2**32),
    players=st.sampled_from([12, 16, 20]),
    boards=st.integers(3, 5),
    names=st.booleans(),
    sections=st.booleans(),
    # most files plain, so that most examples take the players when asked for
    odd=st.sampled_from(["", "", "", "", "", "plus", "colon", "missing", "space", "numbers"]),
)


def _plain(text: str) -> bool:
    """Whether the pairs' players of ``text`` are to be taken when asked for: no player written with a ``+`` or a
    ``:`` (``_individual_file``'s ``+x`` and ``x:``; a result is written ``+1``), no member numbers."""
    return "+x" not in text and "x:" not in text and "n_number" not in text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_FILES, columnar=st.booleans())
def test_an_individual_read_with_its_pairs_players_when_asked_is_the_same_event(
    tmp_path_factory: pytest.TempPathFactory, text: str, columnar: bool
) -> None:
    path = tmp_path_factory.mktemp("fast") / "individual.csv"
    path.write_text(text, encoding="utf-8")
    with _read(columnar=columnar, careful=True):
        careful = load_event(path)
    with _read(columnar=columnar, careful=False):
        fast = load_event(path)
    assert fast.form == careful.form == "individual"
    # the players asked for only where reading them would add no name and say nothing
    assert isinstance(fast.players, SeatedPairs) == _plain(text)
    assert bool(fast.players) == bool(careful.players)
    assert list(fast.players.items()) == list(careful.players.items())
    assert (fast.names, fast.problems) == (careful.names, careful.problems)
    assert fast == careful


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_FILES, columnar=st.booleans())
def test_the_individual_command_writes_the_same_bytes(
    tmp_path_factory: pytest.TempPathFactory, text: str, columnar: bool
) -> None:
    folder = tmp_path_factory.mktemp("fast")
    path = folder / "individual.csv"
    path.write_text(text, encoding="utf-8")
    with _read(columnar=columnar, careful=True):
        careful = [_command(path, folder / f"careful.{fmt}", fmt) for fmt in _FORMATS]
    with _read(columnar=columnar, careful=False):
        fast = [_command(path, folder / f"fast.{fmt}", fmt) for fmt in _FORMATS]
    assert fast == careful
    assert all(code == 0 and out for code, out, _ in fast)


def test_the_individuals_csv_never_works_out_its_pairs_players(tmp_path: Path) -> None:
    """The point of it: ranking the players and writing their CSV asks nothing of the pairs' players (2.3 s of the
    1,000,000-line bench's 8.2 s of processor time and 180 MB were spent making them)."""
    path = tmp_path / "individual.csv"
    path.write_text(_individual_file(3, 16, 4, names=False, sections=False, odd=""), encoding="utf-8")
    for columnar in (True, False):
        with _read(columnar=columnar, careful=False):
            event = load_event(path)
        players = event.players
        assert isinstance(players, SeatedPairs) and players
        scored = score_individual(event)
        for fmt in INDIVIDUAL_FORMATS:  # text, json, csv, html
            with open(tmp_path / f"out.{fmt}", "w", encoding="utf-8") as out:
                write_individual(scored, fmt, out, "en", "en", False)
        assert players._players is None  # never worked out
        assert list(players.items()) == list(seated_players(event)[0].items())


def test_a_player_written_with_a_plus_keeps_the_warning_of_a_pair_with_two_sets_of_players(tmp_path: Path) -> None:
    """``1+2`` beside ``3`` and ``1`` beside ``2+3`` are one pair ``1+2+3`` of other players: said as before, so
    these files are read with their players worked out."""
    lines = ["board,north,south,east,west,contract,declarer,result"]
    lines += ["1,1+2,3,4,5,4S,N,=", "1,6,7,8,9,4S,N,+1", "2,1,2+3,6,8,4S,N,=", "2,4,7,5,9,3NT,S,-1"]
    lines += ["3,1,4,6,9,4S,N,=", "3,2+3,7,5,8,4S,N,+1"]
    path = tmp_path / "individual.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    event = load_event(path)
    assert event.form == "individual" and not isinstance(event.players, SeatedPairs)
    assert any("pair 1+2+3 is" in str(p) for p in event.problems)


@pytest.mark.parametrize("fmt", _FORMATS)
def test_two_files_merged_as_sections_ask_for_their_players_and_give_the_same_bytes(fmt: str, tmp_path: Path) -> None:
    """``Event.merge`` of several files keys each file's pairs' players by its section: it asks for them."""
    paths = [tmp_path / "a.csv", tmp_path / "b.csv"]
    for seed, path in enumerate(paths):
        path.write_text(_individual_file(seed, 12, 3, names=seed == 1, sections=False, odd=""), encoding="utf-8")
    outputs = []
    for careful in (True, False):
        out = tmp_path / f"{careful}.{fmt}"
        with _read(columnar=False, careful=careful):
            result = CliRunner().invoke(
                app, ["individual", *map(str, paths), "--section-per-file", "-f", fmt, "-o", str(out)]
            )
        outputs.append((result.exit_code, out.read_bytes() if out.exists() else b"", result.output))
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == 0 and outputs[0][1]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_FILES)
def test_the_pairs_coded_while_reading_on_columns_are_pair_codes(
    tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    """An individual read on columns codes its pairs of both sides while making them (``csv_columns._joint_pairs``:
    0.7 s of the 1,000,000-line bench, where ``pair_codes`` joined 2,000,000 labels one by one): the labels and
    codes ``pair_codes`` works out on the same table."""
    path = tmp_path_factory.mktemp("fast") / "individual.csv"
    path.write_text(text, encoding="utf-8")
    joined: list[object] = []
    real = csv_columns._joint_pairs

    def seen(*args: Any) -> Any:  # the real function, its answer noted
        joined.append(real(*args))
        return joined[-1]

    with _read(columnar=True, careful=False), pytest.MonkeyPatch.context() as patch:
        patch.setattr(csv_columns, "_joint_pairs", seen)
        table = load_event(path).table
    # coded while reading where every line names its four players and no player is written with a '+'
    seats = [row[seat] for row in csv.DictReader(text.splitlines()) for seat in ("north", "south", "east", "west")]
    assert (joined[0] is not None) == all(player.strip() and "+" not in player for player in seats)
    labels, ns_codes, ew_codes = pair_codes(table.take(np.arange(len(table))))  # a copy: worked out afresh
    coded = pair_codes(table)
    assert coded[0] == labels
    assert coded[1].tolist() == ns_codes.tolist() and coded[2].tolist() == ew_codes.tolist()
    assert coded[1].dtype == ns_codes.dtype and coded[2].dtype == ew_codes.dtype
    if joined[0] is not None:  # what was coded while reading, on the lines the table kept
        joint_labels, ew_code = joined[0]  # type: ignore[misc]
        assert joint_labels == labels and ew_code[table.ew_pair.codes].tolist() == ew_codes.tolist()
