"""An option a director gave that cannot be used, told as a catalogue message (so ``--lang nl`` says it in Dutch).

:class:`OptionError` is a ``ValueError`` whose ``message`` has named placeholders filled from ``values``, like
:meth:`bridgescore.problems.Problem.make`; ``str()`` is the English sentence.  The command line prints it with
:meth:`OptionError.text` in the language asked for and exits with status 2.
"""

from __future__ import annotations

__all__ = ["OptionError"]


class OptionError(ValueError):
    """An option value refused, with the words to say why (a catalogue message and its values)."""

    def __init__(self, message: str, **values: int | float | str) -> None:
        self.message = message
        self.values = values
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang``."""
        from bridgescore.i18n import format_message

        return format_message(self.message, self.values, lang)
