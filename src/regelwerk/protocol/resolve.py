"""``resolve(request) -> response``: the one entry point of the rules protocol.

It validates the envelope, picks the action from the registry, validates the
action's fields into its typed model, builds the random source and the
translator, and turns every failure into an error response.  It never raises.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from regelwerk.budget import SHOWN, Cost, shorten
from regelwerk.dice.random_sources import (
    RandomSource,
    ScriptedRandomSource,
    SeededRandomSource,
    SystemRandomSource,
)
from regelwerk.errors import LimitExceeded, RegelwerkError, RequestError
from regelwerk.i18n import LANGUAGES, translator
from regelwerk.protocol.registry import Action, Context, registry
from regelwerk.protocol.wire import MAX_DEPTH, check_values

__all__ = ["ENVELOPE_FIELDS", "MAX_FACES", "Prepared", "answer", "error_response", "prepare",
           "resolve"]

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
    where = shorten(_where(tuple(first["loc"])) or "request")
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
        message = f"field '{where}': {shorten(first['msg'])} (got {shorten(shown)})"
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
    actions = registry()
    system = _name(request, "system")
    if system not in actions:
        raise RequestError(
            f"unknown system {shorten(system)!r}: allowed are {', '.join(sorted(actions))}",
            code="unknown_system",
        )
    name = _name(request, "action")
    if name not in actions[system]:
        raise RequestError(
            f"unknown action {shorten(name)!r} for system {system}: allowed are "
            f"{', '.join(sorted(actions[system]))}",
            code="unknown_action",
        )
    return actions[system][name]


@dataclass(frozen=True, slots=True)
class Prepared:
    """A validated request with its estimated cost, ready to be answered."""

    action: Action
    model: BaseModel
    context: Context
    cost: Cost


def _prepare(request: object, checked: bool) -> Prepared:
    if not isinstance(request, dict):
        raise RequestError("a request must be a JSON object", code="invalid_request")
    if not checked:
        check_values(request)
    action = _find_action(request)
    lang = request.get("lang", "en")
    if lang not in LANGUAGES:
        raise RequestError(
            f"field 'lang' must be one of {', '.join(LANGUAGES)} "
            f"(got {shorten(repr(lang))})",
            code="out_of_range",
        )
    fields = {k: v for k, v in request.items() if k not in ENVELOPE_FIELDS}
    try:
        model = action.model.model_validate(fields)
    except ValidationError as error:
        raise _from_validation(action, error) from None
    cost = action.estimate(model)
    omitted = None
    if not cost.affordable:
        if not action.odds_optional:
            raise LimitExceeded(cost.reason())
        omitted = cost.reason()
    return Prepared(action, model, Context(_source(request), translator(lang), omitted), cost)


def _long_texts(value: object, found: set[str], depth: int = 0) -> None:
    if isinstance(value, str):
        if len(value) > SHOWN:
            found.add(value)
    elif isinstance(value, dict) and depth < MAX_DEPTH:
        for key, item in value.items():
            _long_texts(key, found, depth + 1)
            _long_texts(item, found, depth + 1)
    elif isinstance(value, list) and depth < MAX_DEPTH:
        for item in value:
            _long_texts(item, found, depth + 1)


def _shown(message: str, request: object) -> str:
    """The message with every long input in it cut to ``SHOWN`` characters."""
    long: set[str] = set()
    _long_texts(request, long)
    for text in sorted(long, key=len, reverse=True):
        if text in message:
            message = message.replace(text, shorten(text))
    message = shorten(message, 20 * SHOWN)
    return message.encode("utf-8", "backslashreplace").decode("utf-8")


def _guarded(request: object, step: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    try:
        return step()
    except RegelwerkError as error:
        return error_response(error.code, _shown(error.message, request))
    except RecursionError:
        return error_response("limit_exceeded", "the request is nested too deeply")
    except Exception as error:  # the contract: never raise for a request
        return error_response(
            "internal_error",
            f"regelwerk could not answer this request ({type(error).__name__}); "
            "please report it with the request",
        )


def prepare(request: object, checked: bool = False) -> Prepared | dict[str, Any]:
    """Validate ``request`` and estimate its cost (cheap: no rules work is done);
    an error response when it is refused.  ``answer`` then does the work.
    ``checked``: the request comes from ``wire.decode``, which checked its values."""
    prepared: list[Prepared] = []

    def step() -> dict[str, Any]:
        prepared.append(_prepare(request, checked))
        return {}

    refused = _guarded(request, step)
    return prepared[0] if prepared else refused


def answer(request: object, prepared: Prepared) -> dict[str, Any]:
    """The response to a prepared request; never raises."""
    return _guarded(request, lambda: {
        "ok": True, **prepared.action.handler(prepared.model, prepared.context)})


def resolve(request: object) -> dict[str, Any]:
    """Answer one protocol request (a dict); never raises for a bad request."""
    prepared = prepare(request)
    if isinstance(prepared, dict):
        return prepared
    return answer(request, prepared)
