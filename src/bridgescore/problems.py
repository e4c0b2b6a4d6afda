"""Problems found in a director's input, as values with a location.

Readers never raise on bad input and never drop it: they return what they could read together with a list
of ``Problem`` records; the command line decides whether to stop (exit status 2) or to go on.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["Location", "Problem", "Severity"]


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Location:
    """Where something came from: a file, a line (1-based), and a field (column name)."""

    file: str
    line: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        parts = [self.file]
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.field:
            parts.append(f"column '{self.field}'")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the input, in words a director understands."""

    location: Location
    message: str
    severity: Severity = Severity.ERROR

    def __str__(self) -> str:
        prefix = "" if self.severity is Severity.ERROR else "warning: "
        return f"{self.location}: {prefix}{self.message}"
