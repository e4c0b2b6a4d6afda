"""The ``bridgescore`` command line: one module per command, each only reads its options and calls the library."""

from __future__ import annotations

from bridgescore.cli import (  # noqa: F401  (each registers its command)
    archive,
    check,
    contract,
    deals,
    individual,
    movement,
    player,
    rubber,
    score,
    season,
    serve,
    teams,
    valet,
    vp,
)
from bridgescore.cli.common import app, guard_commands

guard_commands(app)  # -o never replaces a file the command line names as an input


def main() -> None:
    """Entry point of the console script: a plain command line of ``valet`` is read by ``quick`` (without
    Typer's validators, which cost a fifth of a large Valet run), every other by Typer."""
    import sys

    from bridgescore.cli import quick

    if not quick.run(sys.argv[1:]):
        app()


__all__ = ["app", "main"]
