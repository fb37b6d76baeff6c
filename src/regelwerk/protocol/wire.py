"""Requests as bytes: strict JSON decoding with a clear error for every bad input,
and fast encoding of responses.

``decode`` refuses, each with code ``invalid_json`` and a message that says what is
allowed: a byte-order mark, bytes that are not UTF-8, ``NaN`` and ``Infinity``,
numbers too large for a float, integers of more than ``MAX_DIGITS`` digits, lone
surrogates (``"\\ud800"``) and nesting deeper than ``MAX_DEPTH``.  ``check_values``
applies the same rules to a request that arrives as a Python object.
"""

from __future__ import annotations

import json
import math
from typing import Any

import orjson

from regelwerk.budget import shorten
from regelwerk.errors import Number, RequestError

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "check_values", "decode", "encode"]

MAX_DIGITS = 4300
"""Digits of one integer (Python's own limit for converting integers to text)."""
MAX_DEPTH = 100
"""Nesting of arrays and objects."""

_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")


def _invalid(message: str, **values: object) -> RequestError:
    return RequestError(message, code="invalid_json", **values)


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _invalid("an integer has {digits} digits: at most {most} digits are allowed",
                       digits=Number(len(text.lstrip("-"))), most=Number(MAX_DIGITS))
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _invalid("the number {number} is too large: numbers must be finite",
                       number=shorten(text, 40))
    return value


def _constant(name: str) -> Any:
    raise _invalid("{name} is not a JSON number: numbers must be finite", name=name)


def decode(raw: bytes | str) -> Any:
    """The JSON value of ``raw`` (UTF-8 bytes or text), or ``RequestError``
    (``invalid_json``) saying what is wrong."""
    if isinstance(raw, bytes):
        if raw.startswith(_BOMS):
            raise _invalid("the request starts with a byte-order mark: send UTF-8 JSON "
                           "without one")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise _invalid("the request is not valid UTF-8 (byte 0x{byte} at position "
                           "{position})", byte=format(raw[error.start], "02x"),
                           position=error.start) from None
    else:
        text = raw
        if text.startswith("\ufeff"):
            raise _invalid("the request starts with a byte-order mark: send JSON without one")
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_float,
                           parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise _invalid("the request is not valid JSON: {problem} at line {line} column "
                       "{column}", problem=error.msg, line=error.lineno,
                       column=error.colno) from None
    except RecursionError:
        raise _invalid("the request is nested too deeply: at most {most} levels",
                       most=Number(MAX_DEPTH)) from None
    check_values(value)
    return value


_INTEGER_BITS = int(MAX_DIGITS * math.log2(10))


def _where(path: str) -> str:
    shown = shorten(path or "request", 80)
    return shown.encode("utf-8", "backslashreplace").decode("utf-8")


def check_values(value: Any, path: str = "", depth: int = 0) -> None:
    """Refuse lone surrogates, integers of more than ``MAX_DIGITS`` digits, ``NaN``
    and infinities, and nesting deeper than ``MAX_DEPTH`` anywhere in ``value``."""
    if depth > MAX_DEPTH:
        raise RequestError("the request is nested too deeply: at most {most} levels",
                           code="limit_exceeded", most=Number(MAX_DEPTH))
    if isinstance(value, str):
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as error:
                raise RequestError(
                    "'{where}' holds a lone surrogate (U+{point} at character {position}): "
                    "text must be valid Unicode", code="invalid_request", where=_where(path),
                    point=format(ord(value[error.start]), "04X"), position=error.start) from None
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        if value.bit_length() > _INTEGER_BITS:
            raise RequestError("'{where}' is an integer of more than {most} digits",
                               code="out_of_range", where=_where(path), most=MAX_DIGITS)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise RequestError("'{where}' is {value}: numbers must be finite",
                               code="out_of_range", where=_where(path), value=str(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            name = key if isinstance(key, str) else repr(key)
            check_values(name, f"{path}.{name}" if path else name, depth + 1)
            check_values(item, f"{path}.{name}" if path else name, depth + 1)
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            check_values(item, f"{path}[{index}]", depth + 1)


def encode(response: Any) -> bytes:
    """UTF-8 JSON of a response (fast; integers beyond 64 bits fall back to ``json``)."""
    try:
        return orjson.dumps(response)
    except TypeError:
        return json.dumps(response, ensure_ascii=False).encode("utf-8")
