"""Field types shared by the request models: strict integers in a range, and
named values resolved through a ``NameTable``."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, ConfigDict, Field, StrictInt
from pydantic_core import PydanticCustomError

from regelwerk.errors import Message
from regelwerk.protocol.names import NameTable

__all__ = ["MODEL_CONFIG", "NonNegative", "Positive", "int_or_named", "named"]

MODEL_CONFIG = ConfigDict(extra="forbid", frozen=True, strict=True)
"""Every request model refuses unknown fields and coerces nothing."""

NonNegative = Annotated[StrictInt, Field(ge=0)]
Positive = Annotated[StrictInt, Field(ge=1)]


def _error(kind: str, template: str, values: dict[str, Any]) -> PydanticCustomError:
    """A validation error whose context keeps its English template (for translation)."""
    return PydanticCustomError(kind, template, {**values, "template": template})


def _resolver(table: NameTable[Any]) -> Any:
    def resolve(value: object) -> str:
        if not isinstance(value, str):
            raise _error(
                "wrong_type",
                "must be a name, one of: {allowed}",
                {"allowed": table.allowed()},
            )
        name = table.canonical(value)
        if name is None:
            raise _error(
                "unknown_name",
                "unknown {kind} '{value}': allowed are {allowed}",
                {"kind": Message(table.kind), "value": value, "allowed": table.allowed()},
            )
        return name

    return resolve


def named(table: NameTable[Any]) -> Any:
    """A field that accepts any alias of ``table`` and holds the canonical name."""
    return Annotated[str, BeforeValidator(_resolver(table))]


def int_or_named(table: NameTable[int], low: int, high: int) -> Any:
    """A field that takes an int in ``[low, high]`` or a name of ``table`` (its value)."""
    resolve = _resolver(table)

    def check(value: object) -> int:
        if isinstance(value, bool):
            raise _error(
                "wrong_type", "must be a number or one of: {allowed}", {"allowed": table.allowed()}
            )
        if isinstance(value, int):
            number = value
        elif isinstance(value, str):
            number = table.values[resolve(value)]
        else:
            raise _error(
                "wrong_type", "must be a number or one of: {allowed}", {"allowed": table.allowed()}
            )
        if not low <= number <= high:
            raise _error(
                "out_of_range",
                "must be from {low} to {high} (got {value})",
                {"low": low, "high": high, "value": number},
            )
        return number

    return Annotated[int, BeforeValidator(check)]
