"""Text from a file as it may be shown (issue 19): a name, title, remark or contract read from a file is data, and
whatever it holds must reach the terminal, a written file or a USEBIO reader as visible text.

* **Controls** – the C0 controls but tab and line feed (a carriage return only as part of a line end), DEL and the
  C1 controls (U+0080–U+009F, which a UTF-8 terminal may take as CSI) – are written as the JSON/Python escape
  ``\\u001b`` (:func:`escape_controls`): a name holding ``ESC]0;…`` or ``ESC[2J`` neither sets the window title
  nor clears the director's screen, and the report says where the strange character is.  The JSON reports use
  that very form, so what a JSON consumer reads is the file's text unchanged (``\\u001b`` is JSON's own escape of
  ESC); the text, CSV and HTML reports show the six characters.
* **XML** cannot carry the C0 controls at all (not even as ``&#27;``) nor the non-characters U+FFFE and U+FFFF: a
  USEBIO file holding one cannot be read back by any XML reader.  :func:`xml_characters` writes the controls as
  above (a lone carriage return too, which XML readers turn into a line feed) and a non-character or lone
  surrogate as U+FFFD, the replacement character; everything else is written as read.
* **Consoles**: every rich console is made by :func:`console`, which escapes the controls of every text it lays
  out (before it is measured, so the columns stay aligned) and turns rich's emoji codes off (``1:x:3`` is a
  score, not ❌).  Rich markup in file text is escaped where the reports build their markup
  (``rich.markup.escape``).
* **Streams**: :class:`PrintableWriter` escapes the controls of what is written through it (the CSV, HTML and JSON
  reports, to the screen or to ``-o FILE``); a console made on it writes to the stream beneath, keeping its
  colours on a terminal, since it escapes the text itself.
"""

from __future__ import annotations

import functools
import re
from typing import IO, TYPE_CHECKING, Any, TextIO, cast

if TYPE_CHECKING:
    from rich.console import Console

__all__ = [
    "PrintableBinary",
    "PrintableWriter",
    "console",
    "escape_controls",
    "escape_controls_bytes",
    "has_controls",
    "xml_characters",
]

#: The controls written escaped: C0 but tab and line feed, a carriage return not ending a line, DEL, C1.
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)")
#: The same in UTF-8 bytes (a C1 control is 0xC2 0x80–0x9F; 0xC2 never continues a character).
_CONTROL_BYTES = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)|\xc2[\x80-\x9f]")
#: The quick look for them (a report of 100,000 lines is looked through as it is written): the C0 controls and
#: DEL (and the C1 controls in a text) deleted by ``translate`` – ten times faster than the expressions above –
#: and the carriage return and the C1 lead byte looked for apart.
_C0 = bytes([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F])
_DELETED = dict.fromkeys([*_C0, *range(0x80, 0xA0)])
_LONE_CR = re.compile(r"\r(?!\n)")
_LONE_CR_BYTES = re.compile(rb"\r(?!\n)")
_C1_BYTES = re.compile(rb"\xc2[\x80-\x9f]")
#: What XML 1.0 cannot carry besides the controls: the non-characters U+FFFE, U+FFFF and lone surrogates.
_NOT_XML = re.compile("[\r\ud800-\udfff\ufffe\uffff]")


def _escaped(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def has_controls(text: str) -> bool:
    """Whether ``text`` holds a control :func:`escape_controls` would escape."""
    return len(text.translate(_DELETED)) != len(text) or ("\r" in text and _LONE_CR.search(text) is not None)


def escape_controls(text: str) -> str:
    """``text`` with its controls written ``\\u001b`` (see the module's docstring); line ends and tabs kept."""
    return _CONTROLS.sub(_escaped, text) if has_controls(text) else text


def escape_controls_bytes(data: bytes) -> bytes:
    """:func:`escape_controls` of UTF-8 ``data`` (the JSON written as bytes)."""
    found = (
        len(data.translate(None, _C0)) != len(data)
        or (b"\r" in data and _LONE_CR_BYTES.search(data) is not None)
        or (b"\xc2" in data and _C1_BYTES.search(data) is not None)
    )
    if not found:
        return data
    return _CONTROL_BYTES.sub(lambda m: b"\\u%04x" % ord(m.group().decode("utf-8")), data)


def xml_characters(text: str) -> str:
    """``text`` as XML 1.0 can carry it: controls (and any carriage return) as ``\\u000d``, a non-character or lone
    surrogate as U+FFFD."""
    text = escape_controls(text)
    if not _NOT_XML.search(text):
        return text
    return _NOT_XML.sub(lambda m: "\\u000d" if m.group() == "\r" else "\ufffd", text)


class PrintableWriter:
    """A text stream writing to ``raw`` with the controls of every text escaped (:func:`escape_controls`)."""

    def __init__(self, raw: IO[str]) -> None:
        self.raw = raw

    def write(self, text: str) -> int:
        return self.raw.write(escape_controls(text))

    def writelines(self, lines: Any) -> None:
        self.raw.writelines(escape_controls(line) for line in lines)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, fileno, encoding … of the stream beneath
        return getattr(self.raw, name)

    @classmethod
    def wrap(cls, raw: IO[str]) -> TextIO:
        """``raw`` wrapped (once), typed as the stream it stands for."""
        return cast("TextIO", raw if isinstance(raw, PrintableWriter) else cls(raw))


class PrintableBinary:
    """A binary stream (UTF-8: the JSON written a board at a time) writing to ``raw`` with the controls escaped."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw

    def write(self, data: bytes) -> int:
        return self.raw.write(escape_controls_bytes(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)

    @classmethod
    def wrap(cls, raw: IO[bytes]) -> IO[bytes]:
        """``raw`` wrapped, typed as the stream it stands for."""
        return raw if isinstance(raw, PrintableBinary) else cast("IO[bytes]", cls(raw))


def console(file: IO[str] | None = None, **options: Any) -> Console:
    """A rich console that escapes the controls of every text it prints (see the module's docstring), without
    emoji codes and (unless ``highlight=True``) without rich's highlighting of numbers; ``file`` a
    :class:`PrintableWriter`'s stream is written to directly.  ``options``: as for ``rich.console.Console``."""
    if isinstance(file, PrintableWriter):
        file = file.raw
    options.setdefault("highlight", False)
    return _console_class()(file=file, emoji=False, **options)


@functools.cache
def _console_class() -> type[Console]:
    """The console class, made at its first use (a command printing no rich text starts without loading rich)."""
    from rich.console import Console
    from rich.text import Text

    class PrintableConsole(Console):
        """A console whose every text (a string printed, a table's cell or title) has its controls escaped before
        rich measures and lays it out."""

        def render_str(self, text: str, **options: Any) -> Text:
            return super().render_str(escape_controls(text), **options)

    return PrintableConsole
