"""The one error root of regelwerk and its tree.

Every error carries a stable snake_case ``code`` (used by the protocol) and a
message that says what was wrong and what is allowed::

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

__all__ = [
    "DiceError",
    "DiceSyntaxError",
    "EvaluationError",
    "FaceError",
    "LimitExceeded",
    "NotAllowed",
    "RegelwerkError",
    "RequestError",
    "RuleError",
]


class RegelwerkError(Exception):
    """The root of every error regelwerk raises on purpose."""

    code: str = "error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def to_dict(self) -> dict[str, str]:
        """The protocol's error object."""
        return {"code": self.code, "message": self.message}


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
    ) -> None:
        super().__init__(message)
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
