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
from regelwerk.errors import RequestError

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "check_values", "decode", "encode"]

MAX_DIGITS = 4300
"""Digits of one integer (Python's own limit for converting integers to text)."""
MAX_DEPTH = 100
"""Nesting of arrays and objects."""

_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")


def _invalid(message: str) -> RequestError:
    return RequestError(message, code="invalid_json")


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _invalid(f"an integer has {len(text.lstrip('-')):,} digits: at most "
                       f"{MAX_DIGITS} digits are allowed")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _invalid(f"the number {shorten(text, 40)} is too large: numbers must be finite")
    return value


def _constant(name: str) -> Any:
    raise _invalid(f"{name} is not a JSON number: numbers must be finite")


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
            raise _invalid(f"the request is not valid UTF-8 (byte 0x{raw[error.start]:02x} "
                           f"at position {error.start})") from None
    else:
        text = raw
        if text.startswith("\ufeff"):
            raise _invalid("the request starts with a byte-order mark: send JSON without one")
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_float,
                           parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise _invalid(f"the request is not valid JSON: {error.msg} at line {error.lineno} "
                       f"column {error.colno}") from None
    except RecursionError:
        raise _invalid(f"the request is nested too deeply: at most {MAX_DEPTH} levels") \
            from None
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
        raise RequestError(f"the request is nested too deeply: at most {MAX_DEPTH} levels",
                           code="limit_exceeded")
    if isinstance(value, str):
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as error:
                raise RequestError(
                    f"'{_where(path)}' holds a lone surrogate (U+{ord(value[error.start]):04X} "
                    f"at character {error.start}): text must be valid Unicode",
                    code="invalid_request") from None
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        if value.bit_length() > _INTEGER_BITS:
            where = _where(path)
            raise RequestError(f"'{where}' is an integer of more than {MAX_DIGITS} digits",
                               code="out_of_range")
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise RequestError(f"'{_where(path)}' is {value}: numbers must be finite",
                               code="out_of_range")
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
