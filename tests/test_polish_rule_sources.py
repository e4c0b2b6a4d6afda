"""Every tie-break rule of the teams standings and every board-scoring helper that applies a rule says whose rule it
is (a Law, the WBF's, the EBU's, the ACBL's or the NBB's), as the project's standards ask of a scoring rule."""

from __future__ import annotations

import inspect
import re

import pytest

from bridgescore.teams import match, standings

SOURCE = re.compile(r"Law \d|WBF|EBU|ACBL|NBB")
RULES = ["head_to_head_score", "head_to_head_imps", "won_every_match", "imp_quotient", "net_imps",
         "tiebreak_points", "count_back"]  # fmt: skip


@pytest.mark.parametrize("rule", RULES)
def test_each_tiebreak_rule_names_its_source(rule: str) -> None:
    assert SOURCE.search(inspect.getdoc(getattr(standings._Table, rule)) or "")


@pytest.mark.parametrize("helper", ["board_points_of", "_aggregate", "vps_of_margin"])
def test_each_match_rule_names_its_source(helper: str) -> None:
    assert SOURCE.search(inspect.getdoc(getattr(match, helper)) or "")


#: Who a season's and a multi-session event's rule comes from (issue 13): the NBB program or NBB clubs, the EBU's
#: Bridgewebs, the ACBL – or, where none was found, said to be bridgescore's own choice.
SEASON_SOURCE = re.compile(r"NBB|EBU|Bridgewebs|ACBL|bridgescore's choice")


@pytest.mark.parametrize(
    ("module", "rule"),
    [("bridgescore.season.engine", "_standing"), ("bridgescore.season.engine", "_home_line"),
     ("bridgescore.season.engine", "compute_season"), ("bridgescore.season.rules", "AbsentRule"),
     ("bridgescore.pairs.multisession", "combine")],
)  # fmt: skip
def test_each_season_and_multi_session_rule_names_its_source(module: str, rule: str) -> None:
    import importlib

    found = getattr(importlib.import_module(module), rule)
    assert SEASON_SOURCE.search(inspect.getdoc(found) or ""), f"{module}.{rule}"
