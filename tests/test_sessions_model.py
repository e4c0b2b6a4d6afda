"""The shared shapes of issue 13: players by member number, and a scored session summed up per pair."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest

import bridgescore
from bridgescore.core.event import Event
from bridgescore.core.players import Player, pair_key, player_key
from bridgescore.pairs.sessions import iso_date, summarise

EXAMPLE = "src/bridgescore/examples/club-evening.csv"


def test_a_pair_is_its_players_in_any_order() -> None:
    jan, piet = Player("1234567", "Jan  Jansen"), Player("7654321", "Piet")
    assert jan.name == "Jan Jansen"
    assert pair_key([jan, piet]) == pair_key([piet, jan]) == "#1234567+#7654321"
    assert pair_key([Player(name="Ann Smith"), Player(name="bob")]) == "~ann smith+~bob"
    assert pair_key([jan, Player()], "s1/7") == "s1/7"
    assert player_key(Player(" 0123 ")) == "#0123"


@pytest.mark.parametrize(
    ("text", "iso"),
    [("2015.10.22", "2015-10-22"), ("22/10/2015", "2015-10-22"), ("2-3-2026", "2026-03-02"), ("Monday", "Monday"),
     ("32/10/2015", "32/10/2015")],
)  # fmt: skip
def test_iso_date(text: str, iso: str) -> None:
    assert iso_date(text) == iso


def test_summary_of_a_matchpoint_and_a_butler_evening() -> None:
    event = bridgescore.read(EXAMPLE)
    seated = {"A:1": (Player("111", "Ann"), Player("222", "Bob"))}
    event = replace(event, players=MappingProxyType(seated), info=MappingProxyType({"date": "2026.11.02"}))
    mp = summarise(bridgescore.score(event, "matchpoints").scored, "evening 1")
    assert mp.unit == "percent" and mp.date == "2026-11-02" and mp.key == "evening 1"
    by_pair = {(p.section, p.pair): p for p in mp.pairs}
    assert by_pair["A", "1"].key == "#111+#222"
    assert by_pair["A", "2"].key == "evening 1/A:2 NS"  # a Mitchell ranked per direction
    assert all(p.imps is None and p.percent is not None for p in mp.pairs)
    butler = summarise(bridgescore.score(event, "butler").scored)
    assert butler.unit == "imps" and all(p.percent is None and p.imps is not None for p in butler.pairs)
    assert butler.boards == max(p.boards for p in butler.pairs) > 0


def test_merge_keeps_players() -> None:
    event = bridgescore.read(EXAMPLE)
    seated = {"A:1": (Player("111", "Ann"), Player("222", "Bob"))}
    merged = Event.merge([replace(event, players=MappingProxyType(seated))])
    assert merged.players == seated


def test_a_pair_known_by_its_names_is_its_two_named_players() -> None:
    event = bridgescore.read(EXAMPLE)
    event = replace(event, names=MappingProxyType({"A:3": "Jansen - de Vries", "A:4": "Ann Smith & Bob Jones"}))
    by_pair = {p.pair: p for p in summarise(bridgescore.score(event, "matchpoints").scored).pairs}
    assert by_pair["3"].key == "~de vries+~jansen"
    assert [p.name for p in by_pair["4"].players] == ["Ann Smith", "Bob Jones"]
    assert by_pair["5"].players == ()


def test_a_pair_made_of_player_columns_is_those_players(tmp_path: Path) -> None:
    path = tmp_path / "bbo.csv"
    path.write_text("board,north,south,east,west,contract,declarer,result\n1,Ann,Bob,Cat,Dan,4S,N,=\n"
                    "1,Eve,Fay,Gus,Hal,4S,N,-1\n")  # fmt: skip
    keys = {p.key for p in summarise(bridgescore.score(bridgescore.read(path), "matchpoints").scored).pairs}
    assert keys == {"~ann+~bob", "~cat+~dan", "~eve+~fay", "~gus+~hal"}
