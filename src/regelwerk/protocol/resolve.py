"""``resolve(request) -> response``: the one entry point of the rules protocol.

It validates the envelope, picks the action from the registry, validates the
action's fields into its typed model, builds the random source and the
translator, and turns every failure into an error response.  It never raises.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from regelwerk.dice.random_sources import (
    RandomSource,
    ScriptedRandomSource,
    SeededRandomSource,
    SystemRandomSource,
)
from regelwerk.errors import RegelwerkError, RequestError
from regelwerk.i18n import LANGUAGES, translator
from regelwerk.protocol.registry import Action, Context, system_actions, system_names

__all__ = ["ENVELOPE_FIELDS", "MAX_FACES", "error_response", "resolve"]

ENVELOPE_FIELDS = ("system", "action", "faces", "seed", "lang")
MAX_FACES = 10_000
MAX_SEED = 2**64

_TYPE_CODES = {
    "extra_forbidden": "unknown_field",
    "missing": "missing_field",
    "greater_than_equal": "out_of_range",
    "greater_than": "out_of_range",
    "less_than_equal": "out_of_range",
    "less_than": "out_of_range",
    "too_short": "out_of_range",
    "too_long": "out_of_range",
    "literal_error": "out_of_range",
    "enum": "out_of_range",
}
_OUR_CODES = {"wrong_type", "unknown_name", "out_of_range", "invalid_value"}


def error_response(code: str, message: str) -> dict[str, Any]:
    """The protocol's failure response."""
    return {"ok": False, "error": {"code": code, "message": message}}


def _where(loc: tuple[int | str, ...]) -> str:
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        elif not path:
            path = part
        elif part in ("function-before", "function-after"):
            continue
        else:
            path += f".{part}"
    return path


def _fields_at(model: type[BaseModel], loc: tuple[int | str, ...]) -> list[str]:
    """The field names of the (nested) model that holds the field at ``loc``."""
    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(part)
        if field is None:
            break
        nested = field.annotation
        for candidate in (nested, *getattr(nested, "__args__", ())):
            if isinstance(candidate, type) and issubclass(candidate, BaseModel):
                model = candidate
                break
    return list(model.model_fields)


def _from_validation(action: Action, error: ValidationError) -> RequestError:
    details: list[ErrorDetails] = error.errors(include_url=False)
    first = details[0]
    kind = first["type"]
    where = _where(tuple(first["loc"])) or "request"
    if kind in _TYPE_CODES:
        code = _TYPE_CODES[kind]
    elif kind in _OUR_CODES:
        code = kind
    elif kind.endswith("_type") or kind.endswith("_parsing") or kind == "model_attributes_type":
        code = "wrong_type"
    else:
        code = "invalid_value"
    fields = ", ".join(_fields_at(action.model, tuple(first["loc"])))
    if code == "unknown_field":
        message = (
            f"unknown field '{where}' for {action.system} {action.name}: "
            f"allowed fields are {fields}"
            + ("" if len(first["loc"]) > 1 else f" (and {', '.join(ENVELOPE_FIELDS)})")
        )
    elif code == "missing_field":
        message = f"field '{where}' is required for {action.system} {action.name}"
    else:
        got = first.get("input")
        shown = repr(got) if not isinstance(got, dict | list) else type(got).__name__
        message = f"field '{where}': {first['msg']} (got {shown[:60]})"
    more = len(details) - 1
    if more:
        message += f"; and {more} more problem{'s' if more > 1 else ''}"
    return RequestError(message, code=code)


def _strict_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _source(request: dict[str, Any]) -> RandomSource:
    faces = request.get("faces")
    seed = request.get("seed")
    if faces is not None:
        if not isinstance(faces, list) or not all(_strict_int(f) for f in faces):
            raise RequestError("field 'faces' must be a list of whole numbers", code="wrong_type")
        if len(faces) > MAX_FACES:
            raise RequestError(
                f"too many faces: at most {MAX_FACES} may be given", code="limit_exceeded"
            )
        return ScriptedRandomSource(faces)
    if seed is not None:
        if not _strict_int(seed):
            raise RequestError("field 'seed' must be a whole number", code="wrong_type")
        if not -MAX_SEED < seed < MAX_SEED:
            raise RequestError(
                "field 'seed' must lie between -2**64 and 2**64", code="out_of_range"
            )
        return SeededRandomSource(seed)
    return SystemRandomSource()


def _name(request: dict[str, Any], field: str) -> str:
    value = request.get(field)
    if value is None:
        raise RequestError(f"field '{field}' is required", code="missing_field")
    if not isinstance(value, str):
        raise RequestError(f"field '{field}' must be a string", code="wrong_type")
    return value


def _find_action(request: dict[str, Any]) -> Action:
    systems = system_names()
    system = _name(request, "system")
    if system not in systems:
        raise RequestError(
            f"unknown system {system!r}: allowed are {', '.join(systems)}",
            code="unknown_system",
        )
    name = _name(request, "action")
    actions = system_actions(system)
    if name not in actions:
        raise RequestError(
            f"unknown action {name!r} for system {system}: allowed are "
            f"{', '.join(sorted(actions))}",
            code="unknown_action",
        )
    return actions[name]


def _resolve(request: object) -> dict[str, Any]:
    if not isinstance(request, dict):
        raise RequestError("a request must be a JSON object", code="invalid_request")
    action = _find_action(request)
    lang = request.get("lang", "en")
    if lang not in LANGUAGES:
        raise RequestError(
            f"field 'lang' must be one of {', '.join(LANGUAGES)} (got {lang!r})",
            code="out_of_range",
        )
    fields = {k: v for k, v in request.items() if k not in ENVELOPE_FIELDS}
    try:
        model = action.model.model_validate(fields)
    except ValidationError as error:
        raise _from_validation(action, error) from None
    context = Context(_source(request), translator(lang))
    return {"ok": True, **action.handler(model, context)}


def resolve(request: object) -> dict[str, Any]:
    """Answer one protocol request (a dict); never raises for a bad request."""
    try:
        return _resolve(request)
    except RegelwerkError as error:
        return {"ok": False, "error": error.to_dict()}
    except RecursionError:
        return error_response("limit_exceeded", "the request is nested too deeply")
    except Exception as error:  # the contract: never raise for a request
        return error_response(
            "internal_error",
            f"regelwerk could not answer this request ({type(error).__name__}); "
            "please report it with the request",
        )
