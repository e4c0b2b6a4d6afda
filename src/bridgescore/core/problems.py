"""Problems found in a director's input, as values with a location.

Readers never raise on bad input and never drop it: they return what they could read together with a list
of ``Problem`` records; the command line decides whether to stop (exit status 2) or to go on.

A problem's message is a catalogue message (English, the msgid) whose changing parts are named placeholders
(``"'%(text)s' is not a contract"``) filled from ``values``, so that the same problem reads in Dutch with
``--lang nl`` (:meth:`Problem.describe`).  ``str(problem)`` is the English sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

__all__ = ["FieldKind", "Location", "Problem", "Severity", "shorten"]

#: A value filled into a message: text as it was written, or a number written the language's way.
Value = int | float | str


def shorten(text: str, limit: int = 60) -> str:
    """A value echoed in a message, cut to about ``limit`` characters with an ellipsis: a megabyte-long field
    must not make a megabyte-long message (issue 11).  Line breaks become spaces, so a message stays one line."""
    head = text[: 4 * limit]
    flat = " ".join(head.split()) if any(c in head for c in "\r\n\t\x0b\x0c\u2028\u2029\x85") else head
    return flat if len(flat) <= limit and len(text) == len(head) else flat[: limit - 1] + "…"


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"


class FieldKind(Enum):
    """What a location's field is in its file: a CSV column, an XML element (USEBIO) or a PBN tag."""

    COLUMN = "column"
    ELEMENT = "element"
    TAG = "tag"


#: The words for a location, as catalogue messages (``i18n.format_message`` translates them).
_LOCATION_WORDS = {  # N_: in the catalogue
    "line": "line %(line)s",
    FieldKind.COLUMN: "column '%(field)s'",
    FieldKind.ELEMENT: "element '%(field)s'",
    FieldKind.TAG: "tag '%(field)s'",
}


@dataclass(frozen=True, slots=True)
class Location:
    """Where something came from: a file, a line (1-based), and a field (a column, element or tag)."""

    file: str
    line: int | None = None
    field: str | None = None
    kind: FieldKind = FieldKind.COLUMN

    def describe(self, lang: str = "en") -> str:
        """The location in words of ``lang``: ``club.csv, line 4, column 'contract'``."""
        from bridgescore.core.i18n import format_message

        parts = [self.file]
        if self.line is not None:
            parts.append(format_message(_LOCATION_WORDS["line"], {"line": str(self.line)}, lang))
        if self.field:
            parts.append(format_message(_LOCATION_WORDS[self.kind], {"field": self.field}, lang))
        return ", ".join(parts)

    def __str__(self) -> str:
        parts = [self.file]
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.field:
            parts.append(f"{self.kind.value} '{self.field}'")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the input, in words a director understands.

    ``message`` is a catalogue message; with ``values`` its ``%(name)s`` placeholders are filled from them
    (build it with :meth:`make`).  Without values the message is taken as it is (a ``%`` in it is a percent)."""

    location: Location
    message: str
    severity: Severity = Severity.ERROR
    values: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def make(cls, location: Location, message: str, severity: Severity = Severity.ERROR, **values: Value) -> Problem:
        """A problem whose ``message`` has named placeholders: ``Problem.make(where, "'%(text)s' …", text=t)``."""
        return cls(location, message, severity, tuple(values.items()))

    @property
    def fields(self) -> Mapping[str, Value]:
        """The values filled into the message, by name."""
        return dict(self.values)

    def text(self, lang: str = "en") -> str:
        """The message alone, in ``lang``."""
        from bridgescore.core.i18n import format_message, translator

        if not self.values:
            return translator(lang).gettext(self.message) if lang != "en" else self.message
        return format_message(self.message, self.fields, lang)

    def describe(self, lang: str = "en") -> str:
        """The whole problem in ``lang``: location, ``warning:`` if it is one, and the message."""
        from bridgescore.core.i18n import translator

        prefix = "" if self.severity is Severity.ERROR else translator(lang).gettext("warning: ")
        return f"{self.location.describe(lang)}: {prefix}{self.text(lang)}"

    def __str__(self) -> str:
        prefix = "" if self.severity is Severity.ERROR else "warning: "
        message = self.message if not self.values else self.text("en")
        return f"{self.location}: {prefix}{message}"
