"""The one error root of regelwerk and its tree.

Every error carries a stable snake_case ``code`` (used by the protocol) and a
message that says what was wrong and what is allowed.  The message is an
English template with named values (``"unknown condition {name!r}"``,
``name=...``, or one ``Message`` that carries both), so that the protocol layer
can give it in the reader's language (the templates are messages of the gettext
catalogues; numbers among the values are ``Number``, shown by Babel)::

    RegelwerkError                      code: (varies)
    ├── DiceError
    │   ├── DiceSyntaxError             syntax_error (line, column, found, expected)
    │   ├── LimitExceeded               limit_exceeded
    │   ├── FaceError                   bad_face / not_enough_faces
    │   └── EvaluationError             invalid_expression (e.g. division by zero)
    ├── RequestError                    unknown_system, unknown_action, unknown_field,
    │                                   missing_field, wrong_type, out_of_range, invalid_request
    └── RuleError                       a rule refuses the input (e.g. invalid_split,
        │                               out_of_range for a range penalty)
        └── NotAllowed                  not_allowed: the rules forbid a change of state
                                        (``reason`` names the rule, for the message)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = [
    "DiceError",
    "DiceSyntaxError",
    "EvaluationError",
    "FaceError",
    "LimitExceeded",
    "Message",
    "NotAllowed",
    "Number",
    "RegelwerkError",
    "RequestError",
    "RuleError",
    "translatable",
]


class Message(str):
    """A text inside an error message that is translated too: a term (``Message("the
    end")``) or a template with its values.  As a ``str`` it is the English text."""

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, /, **values: object) -> Message:
        text = super().__new__(cls, template.format(**values) if values else template)
        text.template = template
        text.values = values
        return text

    def render(self, translate: Callable[..., str]) -> str:
        """The text in ``translate``'s language."""
        return _render(translate, self.template, self.values)


class Number(Message):
    """A number inside a message, shown in the reader's notation (``20.000`` in German)
    by Babel whenever the message is said."""

    value: int | float

    def __new__(cls, value: int | float) -> Number:
        text = str.__new__(cls, str(value))
        text.template = str(value)
        text.values = {}
        text.value = value
        return text

    def render(self, translate: Callable[..., str]) -> str:
        """The number in the notation of ``translate``'s language."""
        number = getattr(translate, "number", None)
        if number is None:  # a wrapper of a translator (the table's Speaker)
            number = getattr(getattr(translate, "translator", None), "number", None)
        return str(number(self.value)) if number is not None else str(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return str, (str(self),)


def _render(translate: Callable[..., str], template: str, values: dict[str, object]) -> str:
    shown = {k: v.render(translate) if isinstance(v, Message) else v for k, v in values.items()}
    return translate(template, **shown)


def translatable(message: str) -> str:
    """Mark ``message`` for the catalogues where it is not written in a call that
    already marks it (``t(...)``, an error class); it is returned unchanged."""
    return message


class RegelwerkError(Exception):
    """The root of every error regelwerk raises on purpose."""

    code: str = "error"

    def __init__(self, message: str, /, *, code: str | None = None, **values: object) -> None:
        text, template = message, message
        if isinstance(message, Message) and not values:  # a template with its values,
            template, values = message.template, message.values  # said as it is
        elif values:
            text = message.format(**values)
        super().__init__(text)
        self.template = template
        self.values = values
        self.message = text
        if code is not None:
            self.code = code

    def to_dict(self, translate: Callable[..., str] | None = None) -> dict[str, str]:
        """The protocol's error object; ``translate`` (a translator) puts the
        message into the reader's language."""
        if translate is None:
            return {"code": self.code, "message": self.message}
        return {"code": self.code, "message": _render(translate, self.template, self.values)}


class DiceError(RegelwerkError):
    """Anything wrong with a dice expression or its dice."""

    code = "dice_error"


class DiceSyntaxError(DiceError):
    """The expression does not follow the dice notation."""

    code = "syntax_error"

    def __init__(
        self,
        message: str,
        *,
        line: int = 1,
        column: int = 1,
        found: str = "",
        expected: tuple[str, ...] = (),
        **values: object,
    ) -> None:
        super().__init__(message, code=None, line=line, column=column, found=found, **values)
        self.line = line
        self.column = column
        self.found = found
        self.expected = expected


class LimitExceeded(DiceError):
    """A limit that guards against abuse was exceeded; the message names it."""

    code = "limit_exceeded"


class FaceError(DiceError):
    """A given face is outside the die's range, or too few faces were given."""

    code = "bad_face"


class EvaluationError(DiceError):
    """The expression parses but cannot be evaluated (e.g. division by zero)."""

    code = "invalid_expression"


class RequestError(RegelwerkError):
    """A protocol request is malformed: unknown names, wrong types, bad values."""

    code = "invalid_request"


class RuleError(RegelwerkError):
    """A rule of a game system refuses the input (the message cites what is allowed)."""

    code = "rule_violation"


class NotAllowed(RuleError):
    """A request to change a state that the rules forbid (healing the dead, heroic
    recovery without a hero point …).  ``reason`` is a stable key the protocol layer
    turns into the rule's words in the reader's language; nothing has changed."""

    code = "not_allowed"

    def __init__(self, reason: str, message: str, **values: object) -> None:
        super().__init__(message)
        self.reason = reason
        self.values = values
        if values:  # the template stays a template; the values fill the text
            self.message = message.format(**values)
            self.args = (self.message,)
