"""The one Jinja environment of every page the project renders (``report/templates``): the pairs, individual,
teams and season pages and the movement cards (issue 21).  One place says how the templates escape and trim, so a
name from a file is escaped on every page alike (``tests/test_polish_one_environment.py``).  It lives in the shared
layer since issue 21: ``movement`` sits below ``pairs`` and may not import the pairs page's module, which still
offers :func:`environment` and :func:`red_suits` under their old names."""

from __future__ import annotations

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

__all__ = ["environment", "red_suits"]

_ENV: Environment | None = None


def environment() -> Environment:
    """The Jinja environment of the pages (pairs, individual, teams, season, movement cards: ``report/templates``),
    made once.

    ".j2" is not an extension ``select_autoescape`` knows: escaping is the default, or names go in as markup.  The
    ``suits`` filter writes a cell's text with its red suits in red (:func:`red_suits`)."""
    global _ENV
    if _ENV is None:
        _ENV = Environment(
            loader=PackageLoader("bridgescore", "report/templates"),
            autoescape=select_autoescape(default=True, default_for_string=True),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        _ENV.filters["suits"] = red_suits
    return _ENV


def red_suits(text: str) -> Markup:
    """A cell's text, escaped, with the red suits (♥ ♦) in red as the pairs page shows them."""
    shown = str(escape(text))
    for symbol in ("♥", "♦"):
        shown = shown.replace(symbol, f'<span class="red">{symbol}</span>')
    return Markup(shown)
