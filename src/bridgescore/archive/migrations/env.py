"""Alembic's environment for the archive: run by :func:`bridgescore.archive.store.upgrade` on the connection it
passes in ``config.attributes["connection"]`` (inside its transaction, which holds the lock that keeps two
processes from creating the schema at once); no ``alembic.ini``, no URL of its own."""

from __future__ import annotations

from alembic import context

from bridgescore.archive.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
