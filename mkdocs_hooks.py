"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks``).

- The docstrings name other objects with Sphinx roles (``:func:`read```, ``:class:`Event```), which mkdocstrings
  passes through as text: the API page would read ":func:" before each name. The role is dropped, the name stays
  as code.
- The Dutch pages (``docs/nl/``) say they are Dutch (``<html lang="nl">``), so a screen reader reads them in Dutch
  and the browser hyphenates Dutch words; the theme gives every page the site's language.
"""

from __future__ import annotations

import re
from typing import Any

ROLE = re.compile(r":(?:py:)?(?:func|meth|class|data|mod|attr|exc|obj|const):(?=<code>)")
HTML_LANG = re.compile(r'<html lang="[^"]*"')


def on_page_content(html: str, **_: Any) -> str:
    """The page's HTML without the Sphinx roles in front of a code name."""
    return ROLE.sub("", html)


def on_post_page(output: str, page: Any, **_: Any) -> str:
    """A page of docs/nl/ marked Dutch."""
    if page.file.src_uri.startswith("nl/"):
        return HTML_LANG.sub('<html lang="nl"', output, count=1)
    return output
