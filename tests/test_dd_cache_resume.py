"""Issue 19: an interrupted double-dummy run kept nothing – the tables were cached only after the last deal (500
deals take about a minute, 100,000 some three hours), the lead analysis' solves likewise.  Each batch is now cached
as soon as it is solved: a run killed after its first batch leaves those deals in the cache, and the run again
solves only the rest.  Real runs of DDS in a child process, killed with SIGKILL (no clean-up can run)."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bridgescore.core import dd, leads
from bridgescore.core.cards import Card
from bridgescore.core.contract import Seat, Strain, Vulnerability
from bridgescore.core.deal import HandRecord

ROOT = Path(__file__).resolve().parent.parent
COUNT = 8
#: Fewer deals for the tables: each takes DDS a second or so on a busy machine (the leads' solves are quicker).
DD_COUNT = 3


def _deals(count: int = COUNT, seed: int = 19) -> dict[int, HandRecord]:
    """``count`` random deals (the same every run)."""
    chance = random.Random(seed)
    out: dict[int, HandRecord] = {}
    for board in range(1, count + 1):
        cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
        chance.shuffle(cards)
        ranks = "AKQJT98765432"
        held = [sorted(cards[h * 13 : h * 13 + 13], key=lambda c: ranks.index(c[1])) for h in range(4)]
        hands = tuple(".".join("".join(c[1] for c in hand if c[0] == suit) for suit in "SHDC") for hand in held)
        out[board] = HandRecord(board, (hands[0], hands[1], hands[2], hands[3]), Seat.N, Vulnerability.NONE)
    return out


def _rows(path: Path, table: str) -> int:
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1) as db:
            return int(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    except sqlite3.Error:  # not created yet, or locked for a moment
        return 0


def _kill_after_first_batch(script: str, path: Path, table: str) -> int:
    """Run ``script`` in a child process, kill it as soon as the cache holds a row; the rows then."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + str(ROOT / "tests")}
    child = subprocess.Popen([sys.executable, "-c", script, str(path)], env=env)
    try:
        deadline = time.monotonic() + 120
        while _rows(path, table) == 0:
            assert child.poll() is None, "the child ended before its first batch was cached"
            assert time.monotonic() < deadline, "no batch cached within 120 s"
            time.sleep(0.02)
    finally:
        child.kill()
        child.wait()
    return _rows(path, table)


_DD_CHILD = """
import sys
from pathlib import Path
from bridgescore.core import dd
from test_dd_cache_resume import DD_COUNT, _deals
dd.analyse(_deals(DD_COUNT), par=False, cache=dd.Cache(Path(sys.argv[1])), batch=1)
"""


def test_an_interrupted_dd_run_keeps_its_batches_and_the_rerun_solves_only_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "dd.sqlite3"
    kept = _kill_after_first_batch(_DD_CHILD, path, "dd")
    assert 1 <= kept < DD_COUNT, kept
    solved: list[int] = []
    cache = dd.Cache(path)
    try:
        again = dd.analyse(_deals(DD_COUNT), par=False, cache=cache, progress=solved.append, batch=2)
    finally:
        cache.close()
    assert solved and solved[-1] == DD_COUNT - kept  # only the deals the first run did not reach
    assert _rows(path, "dd") == DD_COUNT
    assert all(r.dd is not None for r in again.values())


_LEADS_CHILD = """
import sys
from pathlib import Path
from bridgescore.core import leads
from test_dd_cache_resume import _positions
leads.solved(_positions(), leads.LeadCache(Path(sys.argv[1])), batch=1)
"""


def _positions() -> list[leads.Position]:
    out = []
    for record in _deals().values():
        parsed = leads.parse_hands(record.hands)
        assert parsed is not None
        out.append(leads.Position(parsed, Strain.NOTRUMP, Seat.W))
    return out


def test_an_interrupted_lead_analysis_keeps_its_batches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "leads.sqlite3"
    kept = _kill_after_first_batch(_LEADS_CHILD, path, leads.CACHE_TABLE)
    assert 1 <= kept < COUNT, kept
    asked: list[int] = []
    real = leads.solve_leads

    def counted(positions: list[leads.Position]) -> list[dict[Card, int]]:
        asked.append(len(positions))  # the real solver runs: only the count of what it is given is noted
        return real(positions)

    monkeypatch.setattr(leads, "solve_leads", counted)
    found = leads.solved(_positions(), leads.LeadCache(path))
    assert asked == [COUNT - kept] and len(found) == COUNT
    assert _rows(path, leads.CACHE_TABLE) == COUNT
