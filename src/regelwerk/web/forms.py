"""Forms from command models: every command of the table service gets a form.

The table service lists its commands as pydantic models (``command_types``);
this module turns a model's JSON schema into form fields and a submitted form
back into the command's JSON.  Dedicated pages cover the common commands; the
generated forms make sure that every other one is usable from the browser too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from regelwerk.errors import translatable

__all__ = ["FormError", "FormField", "command_from_form", "fields_of"]

Kind = Literal["text", "integer", "number", "boolean", "choice", "json"]


@dataclass(frozen=True, slots=True)
class FormField:
    name: str
    kind: Kind
    required: bool
    default: str
    """The default as the form shows it ("" for none)."""
    choices: tuple[str, ...] = ()
    description: str = ""
    minimum: float | None = None
    maximum: float | None = None
    accepts: tuple[str, ...] = ()
    """The JSON types a ``json`` field takes (``string``, ``array`` …)."""
    values: tuple[Any, ...] = ()
    """A choice's values as the model takes them (``1`` as a number, not ``"1"``)."""


class FormError(ValueError):
    """A form value that does not fit its field; ``field`` names it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _plain(schema: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The schema without an ``anyOf`` with null, and whether null was allowed."""
    options = schema.get("anyOf")
    if options:
        rest = [o for o in options if o.get("type") != "null"]
        if len(rest) == 1:
            return {**schema, **rest[0]}, len(rest) < len(options)
    return schema, False


def _kind(schema: dict[str, Any]) -> tuple[Kind, tuple[str, ...]]:
    if "enum" in schema:
        return "choice", tuple(str(v) for v in schema["enum"])
    if "const" in schema:
        return "choice", (str(schema["const"]),)
    kind = schema.get("type")
    if kind == "boolean":
        return "boolean", ()
    if kind == "integer":
        return "integer", ()
    if kind == "number":
        return "number", ()
    if kind == "string":
        return "text", ()
    return "json", ()


def fields_of(model: type[BaseModel], skip: tuple[str, ...] = ("type",)) -> list[FormField]:
    """The form fields of ``model``'s properties, in their order."""
    schema = model.model_json_schema()
    required = set(schema.get("required", []))
    out = []
    for name, raw in schema.get("properties", {}).items():
        if name in skip:
            continue
        plain, _nullable = _plain(raw)
        kind, choices = _kind(plain)
        accepts = tuple(str(o.get("type")) for o in plain.get("anyOf", []) if "type" in o)
        default = plain.get("default")
        shown = "" if default is None else (
            json.dumps(default) if kind == "json" else str(default).lower()
            if isinstance(default, bool) else str(default))
        out.append(FormField(
            name=name, kind=kind, required=name in required, default=shown, choices=choices,
            description=str(plain.get("description", "")),
            minimum=plain.get("minimum"), maximum=plain.get("maximum"), accepts=accepts,
            values=tuple(plain.get("enum", ())),
        ))
    return out


def _value(field: FormField, text: str) -> Any:
    if field.kind == "choice":
        return next((v for v in field.values if str(v) == text), text)
    if field.kind == "integer":
        try:
            return int(text)
        except ValueError:
            raise FormError(field.name, translatable("a whole number")) from None
    if field.kind == "number":
        try:
            return float(text.replace(",", "."))
        except ValueError:
            raise FormError(field.name, translatable("a number")) from None
    if field.kind == "json":
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            if text.startswith(("[", "{")):
                raise FormError(field.name, translatable("JSON")) from None
            if "string" in field.accepts:
                return text
            # A list of words may be written without JSON: "a, b, c".
            return [part.strip() for part in text.split(",") if part.strip()]
    return text


def command_from_form(
    command_type: str, model: type[BaseModel], form: Mapping[str, str]
) -> dict[str, Any]:
    """The command ``{"type": command_type, ...}`` from a submitted form.

    Empty optional fields are left out (the model's default applies); a checkbox
    is true when present.  ``FormError`` names a field whose text does not fit.
    """
    command: dict[str, Any] = {"type": command_type}
    for field in fields_of(model):
        if field.kind == "boolean":
            if field.name in form:
                command[field.name] = form[field.name] not in ("", "false", "off", "0")
            continue
        text = form.get(field.name, "").strip()
        if not text:
            continue
        command[field.name] = _value(field, text)
    return command
