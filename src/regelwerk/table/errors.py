"""The table's refusals, each with its protocol code (see ``regelwerk.errors``)::

    RegelwerkError
    └── TableError
        ├── NotAuthorized     not_authorized: unknown token, wrong role, revoked invitation
        ├── NotAllowed        not_allowed: a rule forbids the command (the reason in the
        │                     table's language)
        └── InvalidCommand    invalid_request: a malformed command (what is allowed)

A conflicting append is the store's ``ConflictError`` (code ``conflict``).
"""

from __future__ import annotations

from regelwerk.errors import RegelwerkError

__all__ = ["InvalidCommand", "NotAllowed", "NotAuthorized", "TableError"]


class TableError(RegelwerkError):
    """Anything the table refuses."""

    code = "table_error"


class NotAuthorized(TableError):
    """The caller is not who may do this (or the token is not known)."""

    code = "not_authorized"


class NotAllowed(TableError):
    """A rule forbids the command; the message is the rule's reason."""

    code = "not_allowed"


class InvalidCommand(TableError):
    """The command is malformed; the message says what is allowed."""

    code = "invalid_request"
