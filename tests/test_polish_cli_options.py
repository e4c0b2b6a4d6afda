"""An option the pairs commands share is declared once (``bridgescore.cli.common``), so it reads the same in every
command's ``--help``: ``individual`` scores its boards as ``score`` does, with the same presets and variants."""

from __future__ import annotations

from typing import Any

import pytest
import typer

from bridgescore.cli import app

SHARED = {
    ("score", "individual"): ["--method", "--format", "--lang", "--notation", "--as", "--across-sections",
                              "--neuberg", "--acbl-scale", "--output"],
    ("score", "check"): ["--notation", "--deals", "--output", "--movement", "--fix-swaps"],
    ("score", "teams score", "vp", "deals"): ["--output"],
    ("score", "teams score", "valet"): ["--skip-invalid"],
    # --movement: score's also takes a movement file (issue 21), archive add's not yet (the archive keeping a
    # section's movement is a later part of that issue)
    ("score", "archive add"): ["--method", "--as", "--names", "--members", "--across-sections",
                               "--phantom", "--phantom-award", "--neuberg", "--acbl-scale", "--datum",
                               "--datum-rounding", "--cross-imps", "--factor", "--pair-percent", "--lang"],
}  # fmt: skip


def _option(command: str, flag: str) -> Any:
    """The option ``flag`` of ``command`` (a group's command as ``teams score``)."""
    found: Any = typer.main.get_command(app)
    for name in command.split():
        ctx = found.make_context(name, [name, "--help"], resilient_parsing=True)
        found = found.get_command(ctx, name)
        assert found is not None
    for param in found.params:
        if flag in param.opts:
            return param
    raise AssertionError(f"{command} has no {flag}")


@pytest.mark.parametrize(("commands", "flag"), [(c, f) for c, flags in SHARED.items() for f in flags])
def test_a_shared_option_is_the_same_in_every_command(commands: tuple[str, ...], flag: str) -> None:
    options = [_option(command, flag) for command in commands]
    first = options[0]
    for other in options[1:]:
        assert (other.opts, other.secondary_opts, other.help, other.default) == (
            first.opts, first.secondary_opts, first.help, first.default,
        )  # fmt: skip


def test_every_vp_scale_the_teams_help_names_is_one_it_takes() -> None:
    """``teams --vp`` listed ``wbf-25``, which the scale reader refuses (its tables are not built in)."""
    import re

    from bridgescore.teams.vp import SCALE_NAMES, scale_named

    help_text = " ".join(str(_option("teams score", "--vp").help).split())
    named = set(re.findall(r"\b(wbf(?:-[a-z0-9]+)?|ebu-\d+)\b", help_text))
    assert named == set(SCALE_NAMES)
    for name in named:
        scale_named(name)
