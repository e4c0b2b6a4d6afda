"""The README is the front door and the documentation lives in docs/ (issue 20): the README stays short, opens with
the two commands a newcomer runs, and every link in it – and in the pages of docs/ – leads to a file that is there
and, with a ``#fragment``, to a heading that is there, so the links work on GitHub and in a checkout alike.  Every
long option of every command is named somewhere in docs/, so an option cannot be added without its documentation
(the README's 1,384 lines moved to docs/ with nothing lost; this keeps it so)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
import typer

from bridgescore.cli import app

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"

#: A Markdown link or image outside code: ``[text](target)``; the target ends at a space (a title) or ``)``.
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)


def _prose(text: str) -> str:
    """The text without its code blocks and code spans, where a ``[x](y)`` is no link."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it (and MkDocs' ``toc`` for the headings used here): lower case, markup
    and punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {_slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, re.M)}


def _broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """Every relative link of ``page`` (a file of ``root``) that leads nowhere, said as ``page: target (why)``."""
    broken = []
    for target in LINK.findall(_prose(page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # http:, https:, mailto: … are not checked here
            continue
        path, _, fragment = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        where = f"{page.relative_to(root)}: {target}"
        if not dest.is_file():
            broken.append(f"{where} (no such file)")
        elif not dest.is_relative_to(root):
            broken.append(f"{where} (outside the repository)")
        elif fragment and dest.suffix == ".md" and fragment not in _anchors(dest):
            broken.append(f"{where} (no heading #{fragment} in {dest.relative_to(root)})")
    return broken


def test_the_readme_is_under_200_lines() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) < 200


def test_the_readme_opens_with_make_demo_and_make_test_and_offers_an_install_without_make() -> None:
    text = README.read_text(encoding="utf-8")
    commands = [
        line.split("#", 1)[0].strip()
        for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M)
        for line in block.splitlines()
    ]
    commands = [c for c in commands if c]
    assert commands[:2] == ["make demo", "make test"]
    install = text[: text.index("## ")]  # before the first section: a user needs it first
    assert re.search(r"^(pipx install|uv tool install) \S+", install, re.M), "a one-command install without make"


def test_every_link_in_the_readme_resolves() -> None:
    assert LINK.findall(_prose(README.read_text(encoding="utf-8"))), "the README links to the documentation"
    assert _broken_links(README) == []


def test_every_link_between_the_documentation_pages_resolves_on_github_too() -> None:
    pages = sorted(DOCS.rglob("*.md"))
    assert len(pages) > 20
    assert [b for page in pages for b in _broken_links(page)] == []


def test_the_link_check_finds_a_missing_file_and_a_missing_heading(tmp_path: Path) -> None:
    """The checks above cannot pass by finding nothing: a broken link is reported, a link in code is not one."""
    root = tmp_path / "repository"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "pairs.md").write_text((DOCS / "pairs.md").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "outside.md").write_text("# outside\n", encoding="utf-8")
    page = root / "docs" / "index.md"
    text = "[a](nowhere.md) [b](pairs.md#no-such-heading) [c](pairs.md#methods) `[d](gone.md)`\n"
    assert LINK.findall(_prose(text)) == ["nowhere.md", "pairs.md#no-such-heading", "pairs.md#methods"]
    page.write_text(text + "```\n[e](in-a-block.md)\n```\n[f](../../outside.md)\n", encoding="utf-8")
    assert _broken_links(page, root) == [
        "docs/index.md: nowhere.md (no such file)",
        "docs/index.md: pairs.md#no-such-heading (no heading #no-such-heading in docs/pairs.md)",
        "docs/index.md: ../../outside.md (outside the repository)",
    ]


def test_every_option_of_every_command_is_documented() -> None:
    """Each ``--option`` that ``bridgescore COMMAND --help`` offers is named in docs/ (as written, whole)."""
    docs = "\n".join(page.read_text(encoding="utf-8") for page in DOCS.rglob("*.md"))
    undocumented = []

    def walk(command: Any, path: str) -> None:  # typer's own click (typer._click) in typer 0.29
        for param in command.params:
            for option in (*param.opts, *param.secondary_opts):
                named = re.search(re.escape(option) + r"(?![\w-])", docs)
                if option.startswith("--") and option != "--help" and not named:
                    undocumented.append(f"bridgescore {path} {option}".replace("  ", " "))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}".strip())

    root = typer.main.get_command(app)
    walk(root, "")
    assert len(getattr(root, "commands", {})) >= 10
    assert undocumented == []


def test_the_files_the_readme_examples_name_are_bundled() -> None:
    """The five-line examples run from the repository's root on files it holds: every path they name is there."""
    text = README.read_text(encoding="utf-8")
    blocks = "\n".join(re.findall(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M))
    paths = set(re.findall(r"(?<![\w/.])((?:src|tests)/[\w./-]+)", blocks))
    assert len(paths) >= 6
    assert sorted(p for p in paths if not (ROOT / p).exists()) == []


def test_the_readme_api_example_runs(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The API in ten lines runs as written, from the repository's root, and prints the example's first line."""
    monkeypatch.chdir(ROOT)
    (code,) = re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)
    assert len(code.splitlines()) <= 10
    namespace: dict[str, object] = {}
    exec(compile(code, str(README), "exec"), namespace)
    assert capsys.readouterr().out.startswith("98 lines, 0 problems\n")
    assert str(namespace["html"]).lstrip().lower().startswith("<!doctype html>")
