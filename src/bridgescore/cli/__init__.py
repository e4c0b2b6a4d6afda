"""The ``bridgescore`` command line: one module per command, each only reads its options and calls the library."""

from __future__ import annotations

from bridgescore.cli import check, contract, rubber, score, valet  # noqa: F401  (each registers its command)
from bridgescore.cli.common import app


def main() -> None:
    """Entry point of the console script."""
    app()


__all__ = ["app", "main"]
