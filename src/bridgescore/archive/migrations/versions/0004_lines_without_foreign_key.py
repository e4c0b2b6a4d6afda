"""The traveller lines without a foreign key to their session, and three of their columns with a default (issue 19).

PostgreSQL checked the key of every line stored, a ``SELECT … FOR KEY SHARE`` of the session row per line – 4 of the
7.6 s the server took to store a federation's million lines. The lines of a session are deleted with it all the same:
by the archive itself wherever it deletes them (``archive add --replace`` deletes the old version's lines by their
session in its transaction), and by a trigger on ``sessions`` for a session deleted by anything else (an ``ON DELETE
CASCADE`` without the check on every insert), so no line outlives its session and a new session never takes over old
lines through a reused id. Dropped on SQLite too (one schema; the table is copied once, the batch way SQLite alters a
constraint), where the check cost nothing measurable. A later migration that copies ``sessions`` on SQLite (a batch
operation drops the old table, and its triggers with it) must create ``sessions_delete_lines`` again.

In the same step ``lines.section``, ``remarks`` and ``extra`` get a server default (``''``, ``''``, ``{}``): a session
whose lines all leave them empty (most) is stored without binding a million empty values for each (half a second
of SQLite's 3.5 s for a million lines).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

#: the server defaults of the lines' columns most lines leave empty: a session whose lines all have none is stored
#: without them (a million empty values not bound, each)
_DEFAULTS = {"section": "", "remarks": "", "extra": "{}"}
#: the name the foreign key is given on SQLite while its table is copied (SQLite's has none)
_CONVENTION = {"fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s"}
_SQLITE_NAME = "fk_lines_session_id_sessions"
#: PostgreSQL's name for it (``0001``'s, unnamed there)
_POSTGRESQL_NAME = "lines_session_id_fkey"

_POSTGRESQL_TRIGGER = (
    "CREATE FUNCTION sessions_delete_lines() RETURNS trigger LANGUAGE plpgsql AS $$ "
    "BEGIN DELETE FROM lines WHERE session_id = OLD.id; RETURN OLD; END $$",
    "CREATE TRIGGER sessions_delete_lines AFTER DELETE ON sessions FOR EACH ROW "
    "EXECUTE FUNCTION sessions_delete_lines()",
)
_SQLITE_TRIGGER = (
    "CREATE TRIGGER sessions_delete_lines AFTER DELETE ON sessions "
    "BEGIN DELETE FROM lines WHERE session_id = OLD.id; END",
)


def upgrade() -> None:
    statements: tuple[str, ...]
    if op.get_bind().dialect.name == "postgresql":
        op.drop_constraint(_POSTGRESQL_NAME, "lines", type_="foreignkey")
        for column, default in _DEFAULTS.items():
            op.alter_column("lines", column, server_default=default)
        statements = _POSTGRESQL_TRIGGER
    else:
        with op.batch_alter_table("lines", naming_convention=_CONVENTION) as batch:
            batch.drop_constraint(_SQLITE_NAME, type_="foreignkey")
            for column, default in _DEFAULTS.items():
                batch.alter_column(column, server_default=default)
        statements = _SQLITE_TRIGGER  # after the copy: SQLite renames no table under a trigger that names it
    for statement in statements:
        op.execute(statement)


def downgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    op.execute("DROP TRIGGER sessions_delete_lines" + (" ON sessions" if postgresql else ""))
    if postgresql:
        op.execute("DROP FUNCTION sessions_delete_lines()")
        op.create_foreign_key(_POSTGRESQL_NAME, "lines", "sessions", ["session_id"], ["id"], ondelete="CASCADE")
        for column in _DEFAULTS:
            op.alter_column("lines", column, server_default=None)
    else:
        with op.batch_alter_table("lines") as batch:
            batch.create_foreign_key(_SQLITE_NAME, "sessions", ["session_id"], ["id"], ondelete="CASCADE")
            for column in _DEFAULTS:
                batch.alter_column(column, server_default=None)
