"""The director's password and the first run (issue 22).

The password is stored as an Argon2id hash (argon2-cffi, the reference implementation's Python binding, with its
recommended parameters: RFC 9106's second choice), never as text; a hash made with older parameters is not
re-hashed silently here – it keeps working.  On the first run there is no password: ``bridgescore serve`` prints
a one-time setup code, whose hash is kept in the database (so any of several processes accepts it), and the page
``/desk/setup`` takes it with the password the director chooses.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from bridgescore.live.store import LiveStore

__all__ = ["hash_password", "new_setup_token", "setup_token_matches", "verify_password"]

_HASHER = PasswordHasher()


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def verify_password(stored: str, given: str) -> bool:
    try:
        return _HASHER.verify(stored, given)
    except (VerificationError, InvalidHashError):
        return False


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_setup_token(store: LiveStore) -> str | None:
    """A new setup code while no password is set (printed by ``serve``; its hash stored), else None."""
    if store.setting("director_password"):
        return None
    token = secrets.token_urlsafe(12)
    store.set_setting("setup_token", _digest(token))
    return token


def setup_token_matches(store: LiveStore, given: str) -> bool:
    stored = store.setting("setup_token")
    return bool(stored) and bool(given) and hmac.compare_digest(stored or "", _digest(given.strip()))
