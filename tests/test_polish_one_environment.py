"""The result pages (pairs, individual, teams) and the movement cards are rendered by one Jinja environment,
``bridgescore.report.page.environment`` (``pairs.report.html`` still offers it): one place says how the templates
escape and trim, so a team's name is escaped on the teams page exactly as a pair's name is on the pairs page."""

from __future__ import annotations

import ast
from pathlib import Path

import bridgescore.report
from bridgescore.report.page import environment, red_suits

PACKAGE = Path(bridgescore.report.__file__).parents[1]
#: the shared page module makes the one environment (the pairs page's module did until issue 21);
#: valet/report/html.py renders valet's own page without trim_blocks (its whitespace is part of the reference
#: output) – by their paths in the package since issue 20 put each form's reports in its own package
OWN_ENVIRONMENT = {"report/page.py", "valet/report/html.py"}


def _makes_an_environment(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Environment":
            return True
    return False


def test_only_the_pages_module_makes_a_jinja_environment() -> None:
    makers = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py") if _makes_an_environment(p)}
    assert makers <= OWN_ENVIRONMENT and "report/page.py" in makers


def test_the_shared_environment_escapes_and_colours_the_red_suits() -> None:
    assert environment() is environment()
    rendered = environment().from_string("{{ x | suits }}|{{ y }}").render(x="<b>4♥</b> 3♠", y="<i>")
    assert rendered == '&lt;b&gt;4<span class="red">♥</span>&lt;/b&gt; 3♠|&lt;i&gt;'
    assert str(red_suits("♦")) == '<span class="red">♦</span>'
