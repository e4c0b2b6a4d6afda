"""An option a director gave that cannot be used, told as a catalogue message (so ``--lang nl`` says it in Dutch).

:class:`OptionError` is a ``ValueError`` whose ``message`` has named placeholders filled from ``values``, like
:meth:`bridgescore.core.problems.Problem.make`; ``str()`` is the English sentence.  The command line prints it with
:meth:`OptionError.text` in the language asked for and exits with status 2.
"""

from __future__ import annotations

from bridgescore.core.i18n import MessageError

__all__ = ["OptionError"]


class OptionError(MessageError, ValueError):
    """An option value refused, with the words to say why (a catalogue message and its values)."""
