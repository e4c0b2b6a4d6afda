"""What the archive commands print (:mod:`bridgescore.archive.report`): a correction's pairs in ``archive history``
with the numbers of the language asked for, as ``player`` writes them (``--lang nl``: a decimal comma)."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app

EXAMPLE = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples" / "club-evening.csv"
runner = CliRunner()


def test_history_writes_a_pairs_result_in_the_numbers_of_its_language(tmp_path: Path, archive_url: str) -> None:
    evening = tmp_path / "evening.csv"
    text = EXAMPLE.read_text(encoding="utf-8")
    evening.write_text(text, encoding="utf-8")
    db = ["--db", archive_url]  # SQLite and PostgreSQL (tests/pg.py)
    assert runner.invoke(app, ["archive", "add", str(evening), *db, "--key", "s1"]).exit_code == 0
    evening.write_text(text.replace("A,1,1,8,4S,S,+1,DK,450,", "A,1,1,8,4S,S,=,DK,420,"), encoding="utf-8")
    assert runner.invoke(app, ["archive", "add", str(evening), *db, "--key", "s1", "--replace"]).exit_code == 0
    english = runner.invoke(app, ["archive", "history", "s1", *db])
    dutch = runner.invoke(app, ["archive", "history", "s1", *db, "--lang", "nl"])
    assert english.exit_code == dutch.exit_code == 0, dutch.output
    pair = re.compile(r"(?:pair|paar) A:1 (?:NS|NZ): (\d+[.,]\d\d) % #\d+ → (\d+[.,]\d\d) % #\d+")
    (before_en, after_en), (before_nl, after_nl) = (pair.findall(r.output)[0] for r in (english, dutch))
    assert "." in before_en and "," in before_nl and "paar A:1 NZ:" in dutch.output
    assert (before_nl, after_nl) == (before_en.replace(".", ","), after_en.replace(".", ","))
