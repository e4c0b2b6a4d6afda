"""A translation fallback for tests: notes every message the Dutch catalogue lacked while output is written."""

from __future__ import annotations

import gettext


class MissingWords(gettext.NullTranslations):
    """Installed as the Dutch catalogue's fallback; ``missing`` holds each message it had to answer itself."""

    def __init__(self) -> None:
        super().__init__()
        self.missing: set[str] = set()

    def gettext(self, message: str) -> str:
        self.missing.add(message)
        return message

    def pgettext(self, context: str, message: str) -> str:
        self.missing.add(f"{context}\x04{message}")
        return message
