"""``--help`` of the commands of teams, individual events and hand records, read at 80 columns as the README
promises: every line fits, the subcommands' lines are whole (Click cut them with "..." at 80 columns), and
``teams --vp`` does not offer ``wbf-25``, which it refuses."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()
COMMANDS = (["teams"], ["teams", "score"], ["teams", "pair-round"], ["vp"], ["individual"], ["deals"])


def _help(command: list[str]) -> str:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_help_fits_80_columns_and_nothing_is_cut(command: list[str]) -> None:
    text = _help(command)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "..." not in text.replace("{inputs}...", "").replace("inputs...", "").replace("[ARGS]...", "")
    assert "…" not in text.replace("FILE…", "").replace("3 v 4 …", "")


def test_teams_help_lists_each_subcommand_whole() -> None:
    lines = [line.split() for line in _help(["teams"]).splitlines()]
    described = {words[0]: " ".join(words[1:]) for words in lines if words and words[0] in ("score", "pair-round")}
    assert described.keys() == {"score", "pair-round"}
    assert all(text.endswith(".") and not text.endswith("...") for text in described.values()), described


def test_teams_vp_help_offers_only_what_it_accepts() -> None:
    text = " ".join(_help(["teams", "score"]).split())
    vp = text[text.index("--vp") : text.index("--form")]
    assert "wbf-25" not in vp
    for name in ("wbf", "wbf-discrete", "ebu-20", "none"):
        assert name in vp
