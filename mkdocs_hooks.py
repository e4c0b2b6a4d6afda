"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks``).

The docstrings name other objects with Sphinx roles (``:func:`read```, ``:class:`Event```), which mkdocstrings
passes through as text: the API page would read ":func:" before each name. The role is dropped, the name stays
as code.
"""

from __future__ import annotations

import re
from typing import Any

ROLE = re.compile(r":(?:py:)?(?:func|meth|class|data|mod|attr|exc|obj|const):(?=<code>)")


def on_page_content(html: str, **_: Any) -> str:
    """The page's HTML without the Sphinx roles in front of a code name."""
    return ROLE.sub("", html)
