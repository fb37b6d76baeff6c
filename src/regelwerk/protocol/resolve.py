"""``resolve(request) -> response``: the one entry point of the rules protocol.

It validates the envelope, picks the action from the registry, validates the
action's fields into its typed model, builds the random source and the
translator, and turns every failure into an error response.  It never raises.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from regelwerk.budget import SHOWN, Cost, shorten
from regelwerk.dice.random_sources import (
    RandomSource,
    ScriptedRandomSource,
    SeededRandomSource,
    SystemRandomSource,
)
from regelwerk.errors import (
    LimitExceeded,
    Message,
    Number,
    RegelwerkError,
    RequestError,
    translatable,
)
from regelwerk.i18n import LANGUAGES, translator
from regelwerk.protocol.registry import Action, Context, system_actions, system_names
from regelwerk.protocol.wire import MAX_DEPTH, check_values

if TYPE_CHECKING:  # pydantic loads when a request model is needed (not for a plain roll)
    from pydantic import BaseModel, ValidationError
    from pydantic_core import ErrorDetails

__all__ = ["ENVELOPE_FIELDS", "MAX_FACES", "Prepared", "answer", "error_response",
           "field_problem", "prepare", "resolve"]

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
    import pydantic

    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(part)
        if field is None:
            break
        nested = field.annotation
        for candidate in (nested, *getattr(nested, "__args__", ())):
            if isinstance(candidate, type) and issubclass(candidate, pydantic.BaseModel):
                model = candidate
                break
    return list(model.model_fields)


_BUILTIN_TEMPLATES = {
    "int_type": translatable("must be a whole number"),
    "int_parsing": translatable("must be a whole number"),
    "int_from_float": translatable("must be a whole number"),
    "float_type": translatable("must be a number"),
    "float_parsing": translatable("must be a number"),
    "bool_type": translatable("must be true or false"),
    "bool_parsing": translatable("must be true or false"),
    "string_type": translatable("must be a string"),
    "list_type": translatable("must be a list"),
    "tuple_type": translatable("must be a list"),
    "dict_type": translatable("must be an object"),
    "model_type": translatable("must be an object"),
    "model_attributes_type": translatable("must be an object"),
    "greater_than_equal": translatable("must be at least {ge}"),
    "greater_than": translatable("must be greater than {gt}"),
    "less_than_equal": translatable("must be at most {le}"),
    "less_than": translatable("must be less than {lt}"),
    "too_short": translatable("needs at least {min_length} entries"),
    "too_long": translatable("may have at most {max_length} entries"),
    "string_too_short": translatable("needs at least {min_length} characters"),
    "string_too_long": translatable("may have at most {max_length} characters"),
    "literal_error": translatable("must be one of {expected}"),
    "enum": translatable("must be one of {expected}"),
    "finite_number": translatable("must be a finite number"),
    "multiple_of": translatable("must be a multiple of {multiple_of}"),
    "missing": translatable("is required"),
    "extra_forbidden": translatable("is unknown"),
}


def _problem(detail: ErrorDetails) -> tuple[str, dict[str, Any]]:
    """The English template of one validation problem and its values."""
    ctx = dict(detail.get("ctx") or {})
    template = ctx.pop("template", None) or _BUILTIN_TEMPLATES.get(detail["type"])
    if template is None:
        return translatable("is not valid: {detail}"), {"detail": detail["msg"]}
    values: dict[str, Any] = {
        k: (Number(v) if isinstance(v, int | float) and not isinstance(v, bool)
            else v if isinstance(v, str) else str(v)) for k, v in ctx.items()}
    if isinstance(values.get("expected"), str):  # pydantic joins the last with " or "
        values["expected"] = str(values["expected"]).replace("' or '", "', '")
    return template, values


def field_problem(detail: ErrorDetails) -> Message:
    """One validation problem of pydantic in words that are translated (``must be at
    least {ge}`` …), for layers above the protocol that validate models of their own."""
    template, values = _problem(detail)
    return Message(template, **values)


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
    more = len(details) - 1
    values: dict[str, Any] = {"where": where, "system": action.system, "action": action.name,
                              "more": more}
    if code == "unknown_field":
        if len(first["loc"]) > 1:
            template = translatable("unknown field '{where}' for {system} {action}: allowed "
                                    "fields are {fields}")
        else:
            template = translatable("unknown field '{where}' for {system} {action}: allowed "
                                    "fields are {fields} (and {envelope})")
        values.update(fields=fields, envelope=", ".join(ENVELOPE_FIELDS))
    elif code == "missing_field":
        template = translatable("field '{where}' is required for {system} {action}")
    else:
        got = first.get("input")
        shown = repr(got) if not isinstance(got, dict | list) else type(got).__name__
        problem, problem_values = _problem(first)
        # the problem's own words are a second message, translated on their own
        template = translatable("field '{where}': {problem} (got {got})")
        values.update(problem=Message(problem, **problem_values), got=shorten(shown))
    if more:
        values = {"first": Message(template, **values), "more": more}
        template = (translatable("{first}; and 1 more problem") if more == 1
                    else translatable("{first}; and {more} more problems"))
    return RequestError(template, code=code, **values)


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
                "too many faces: at most {max_faces} may be given", code="limit_exceeded",
                max_faces=Number(MAX_FACES)
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
        raise RequestError("field '{field}' is required", code="missing_field", field=field)
    if not isinstance(value, str):
        raise RequestError("field '{field}' must be a string", code="wrong_type", field=field)
    return value


def _find_action(request: dict[str, Any]) -> Action:
    systems = system_names()
    system = _name(request, "system")
    if system not in systems:
        raise RequestError(
            "unknown system {system!r}: allowed are {sorted}",
            code="unknown_system", system=shorten(system), sorted=", ".join(systems),
        )
    name = _name(request, "action")
    actions = system_actions(system)
    if name not in actions:
        raise RequestError(
            "unknown action {name!r} for system {system}: allowed are {sorted}",
            code="unknown_action",
            name=shorten(name), system=system, sorted=", ".join(sorted(actions)),
        )
    return actions[name]


@dataclass(frozen=True, slots=True)
class Prepared:
    """A validated request with its estimated cost, ready to be answered."""

    action: Action
    model: Any
    """The validated request (the action's model, or what its ``plain`` check gave)."""
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
            "field 'lang' must be one of {languages} (got {lang!r})",
            code="out_of_range", languages=', '.join(LANGUAGES),
            lang=shorten(lang) if isinstance(lang, str) else lang,
        )
    fields = {k: v for k, v in request.items() if k not in ENVELOPE_FIELDS}
    model = action.plain(fields) if action.plain is not None else None
    if model is None:
        from pydantic import ValidationError

        try:
            model = action.model.model_validate(fields)
        except ValidationError as error:
            raise _from_validation(action, error) from None
    cost = action.estimate(model)
    t = translator(lang)
    omitted = None
    if not cost.affordable:
        if not action.odds_optional:
            raise LimitExceeded(cost.reason())
        omitted = cost.reason().render(t)
    return Prepared(action, model, Context(_source(request), t, omitted), cost)


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


def _language(request: object) -> str:
    """The language of the answer, also for errors found before ``lang`` is checked."""
    lang = request.get("lang", "en") if isinstance(request, dict) else "en"
    return lang if isinstance(lang, str) and lang in LANGUAGES else "en"


def _guarded(request: object, step: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    t = translator(_language(request))
    try:
        return step()
    except RegelwerkError as error:
        answer = error.to_dict(t)
        return error_response(answer["code"], _shown(answer["message"], request))
    except RecursionError:
        return error_response("limit_exceeded", t("the request is nested too deeply"))
    except Exception as error:  # the contract: never raise for a request
        return error_response(
            "internal_error",
            t("regelwerk could not answer this request ({kind}); please report it with "
              "the request", kind=type(error).__name__),
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
    """Answer one protocol request (a dict); never raises for a bad request.
    Error messages come in the request's language (``lang``)."""
    prepared = prepare(request)
    if isinstance(prepared, dict):
        return prepared
    return answer(request, prepared)
