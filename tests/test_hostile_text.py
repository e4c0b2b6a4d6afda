"""Text from a file is data everywhere it goes (issue 19): what a file's names, titles, remarks and contracts can
do to the terminal, the page and the files written, and what a command line can do to its own inputs (``-o``)."""

from __future__ import annotations

from typer.testing import CliRunner

from bridgescore.archive.store import _shown, database_url
from bridgescore.cli import app

runner = CliRunner()


# ------------------------------------------------------------------------------------ the archive's password


def test_a_password_in_the_urls_query_is_masked_like_the_user_password_part() -> None:
    """libpq's documented ``?password=`` form was printed whole in every message naming the archive."""
    shown = _shown(database_url("postgresql://bob:s3cret@host/club?sslmode=require&password=hunter2"))
    assert shown == "postgresql+psycopg://bob:***@host/club?password=***&sslmode=require"
    assert "hunter2" not in _shown(database_url("postgresql://bob@host/club?SSLPassword=hunter2"))
    assert "hunter2" not in _shown("postgresql://bob:hunter2@host:port/club?password=hunter2")  # unreadable URL


def test_a_password_in_the_query_never_reaches_the_error_stream() -> None:
    url = "postgresql://bob@127.0.0.1:1/club?connect_timeout=1&password=hunter2"
    result = runner.invoke(app, ["archive", "list", "--db", url])
    assert result.exit_code == 2
    assert "password=***" in result.output and "hunter2" not in result.output
