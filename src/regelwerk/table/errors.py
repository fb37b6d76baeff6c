"""The table's refusals, each with its protocol code (see ``regelwerk.errors``)::

    RegelwerkError
    └── TableError
        ├── NotAuthorized     not_authorized: unknown token, wrong role, revoked invitation
        ├── NotAllowed        not_allowed: a rule forbids the command (the rule's
        │                     reason)
        └── InvalidCommand    invalid_request: a malformed command (what is allowed)

A conflicting append is the store's ``ConflictError`` (code ``conflict``).

A refusal is decided in the table's language (``str(error)``), but remembers its
English template and values (``Said``), so that whoever shows it says it again in
the reader's language: ``error.to_dict(translator("is"))["message"]``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from regelwerk.errors import Message, RegelwerkError
from regelwerk.i18n import Translator

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError

__all__ = ["InvalidCommand", "NotAllowed", "NotAuthorized", "Said", "Speaker", "TableError",
           "again", "invalid_fields"]


class Said(Message):
    """A text in one language that remembers its English template and values, so that
    it can be said again in another (``render``).  A copy or pickle is a plain ``str``."""

    def __new__(cls, t: Callable[..., str], template: str, /, **values: object) -> Said:
        shown = {k: v.render(t) if isinstance(v, Message) else v for k, v in values.items()}
        text = str.__new__(cls, t(template, **shown))
        text.template = template
        text.values = values
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return str, (str(self),)


class Speaker:
    """The translator of a decision: texts in the table's language that remember their
    template (``Said``), so that a refusal reaches every reader in their own."""

    __slots__ = ("translator",)

    def __init__(self, translator: Translator) -> None:
        self.translator = translator

    @property
    def lang(self) -> str:
        """The language it speaks."""
        return self.translator.lang

    def __call__(self, message: str, /, **values: object) -> Said:
        """``message`` translated, its placeholders filled in."""
        return Said(self.translator, message, **values)

    def again(self, error: RegelwerkError) -> Said:
        """An error of the rules in this language (and ready to be said in others)."""
        return Said(self.translator, error.template, **error.values)


def invalid_fields(t: Speaker | None, kind: str, error: ValidationError,
                   model: type[BaseModel] | None = None) -> str:
    """What is wrong with the fields of a command (or a part of it, ``kind``): the
    first problem, how many more, and the fields ``model`` allows; in the language of
    ``t`` (English without one)."""
    from regelwerk.i18n import translator
    from regelwerk.protocol.resolve import field_problem

    t = t or Speaker(translator("en"))
    details = error.errors(include_url=False)
    first = details[0]
    values: dict[str, object] = {
        "command": kind, "where": ".".join(str(p) for p in first["loc"]
                                           if not _union_member(p)) or kind,
        "problem": field_problem(first),
        "more": len(details) - 1}
    if model is None or not model.model_fields:
        return (t("{command}: field '{where}': {problem} (and {more} more)", **values)
                if len(details) > 1 else t("{command}: field '{where}': {problem}", **values))
    values["fields"] = ", ".join(model.model_fields)
    if len(details) > 1:
        return t("{command}: field '{where}': {problem} (and {more} more); allowed fields "
                 "are {fields}", **values)
    return t("{command}: field '{where}': {problem}; allowed fields are {fields}", **values)


def _union_member(part: object) -> bool:
    """Whether a part of an error's location is pydantic's tag of a union's member
    (``dc.constrained-int``), not a field: no field's name has a hyphen or bracket."""
    return isinstance(part, str) and ("[" in part or part.startswith(
        ("constrained-", "function-", "lax-", "json-or-python")))


def again(error: RegelwerkError) -> Message:
    """An error's message, to be said in any language (inside another message)."""
    return Message(error.template, **error.values)


class TableError(RegelwerkError):
    """Anything the table refuses.  The message is an English template with values, or
    a ``Message``/``Said`` (which brings its own)."""

    code = "table_error"

    def __init__(self, message: str, /, *, code: str | None = None, **values: object) -> None:
        super().__init__(message, code=code, **values)
        if isinstance(message, Message) and not values:
            self.template = message.template
            self.values = dict(message.values)
            self.message = str(message)


class NotAuthorized(TableError):
    """The caller is not who may do this (or the token is not known)."""

    code = "not_authorized"


class NotAllowed(TableError):
    """A rule forbids the command; the message is the rule's reason."""

    code = "not_allowed"


class InvalidCommand(TableError):
    """The command is malformed; the message says what is allowed."""

    code = "invalid_request"
