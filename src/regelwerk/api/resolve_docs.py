"""The OpenAPI documentation of ``POST /api/v1/resolve``: a real answer for every
action's example (200), and each error status with the error shape and a real
error response; and where the protocol's own documentation is served."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from regelwerk.protocol import registry, resolve

__all__ = ["PROTOCOL_PATH", "protocol_text", "resolve_responses"]

PROTOCOL_PATH = "/api/v1/protocol"
"""Where the server serves the protocol documentation (docs/protocol.md)."""

_ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["ok", "error"],
    "properties": {
        "ok": {"type": "boolean", "const": False},
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "code": {"type": "string", "description": "a stable snake_case code",
                         "examples": ["unknown_field"]},
                "message": {"type": "string", "description": "what was wrong and what is "
                            "allowed, in the request's language (lang)"},
            },
        },
    },
}

_SUCCESS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["ok", "text"],
    "properties": {"ok": {"type": "boolean", "const": True},
                   "text": {"type": "string",
                            "description": "one line for people, in the request's language"}},
    "additionalProperties": True,
}

_ERROR_REQUESTS: dict[int, tuple[str, list[tuple[str, Any]]]] = {
    400: ("A malformed request: not JSON, not an object, an unknown or missing field, "
          "or a value of the wrong type.", [
              ("unknown_field", {"system": "dice", "action": "roll", "expression": "1d6",
                                 "colour": "red"}),
              ("missing_field", {"system": "w6", "action": "probe"}),
              ("wrong_type", {"system": "w6", "action": "probe", "attribute": "acht",
                              "lang": "de"}),
          ]),
    404: ("An unknown system or action.", [
        ("unknown_system", {"system": "chess", "action": "move"}),
        ("unknown_action", {"system": "dice", "action": "juggle"}),
    ]),
    413: ("A limit was exceeded (too many dice, too much work, a body too large …).", [
        ("limit_exceeded", {"system": "dice", "action": "roll", "expression": "100000d6"}),
    ]),
    422: ("A well-formed request the rules refuse (a value out of range, an unknown "
          "name, a split that does not add up …).", [
              ("out_of_range", {"system": "dnd5e", "action": "ability_modifier",
                                "score": 31}),
              ("unknown_name", {"system": "w6", "action": "probe", "attribute": 8,
                                "difficulty": "leicht", "lang": "de"}),
          ]),
}


@lru_cache(maxsize=1)
def resolve_responses() -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of the resolve operation, with real examples."""
    ok: dict[str, Any] = {}
    for system, actions in registry().items():
        for name, action in actions.items():
            if action.example is None:
                continue
            request = {"system": system, "action": name, **action.example, "seed": 1}
            answer = resolve(request)
            if answer.get("ok"):
                ok[f"{system}.{name}"] = {"summary": action.summary, "value": answer}
    responses: dict[int | str, dict[str, Any]] = {
        200: {"description": "The answer: `ok: true`, the action's fields and a `text` "
                             "(see the protocol documentation for each action's fields).",
              "content": {"application/json": {"schema": _SUCCESS_SCHEMA, "examples": ok}}},
    }
    for status, (description, requests) in _ERROR_REQUESTS.items():
        examples = {code: {"summary": code, "value": resolve(request)}
                    for code, request in requests}
        responses[status] = {"description": description, "content": {
            "application/json": {"schema": _ERROR_SCHEMA, "examples": examples}}}
    responses[413]["content"]["application/json"]["examples"]["body_too_large"] = {
        "summary": "body_too_large", "value": {"ok": False, "error": {
            "code": "body_too_large",
            "message": "the request body is larger than 1,048,576 bytes"}}}
    invalid_json = {"ok": False, "error": {"code": "invalid_json", "message":
                                           "the body is not valid JSON: Expecting value: "
                                           "line 1 column 1 (char 0)"}}
    responses[400]["content"]["application/json"]["examples"]["invalid_json"] = {
        "summary": "invalid_json", "value": invalid_json}
    responses[415] = {
        "description": "The body is not sent as `application/json`.",
        "content": {"application/json": {"schema": _ERROR_SCHEMA, "examples": {
            "unsupported_media_type": {"summary": "unsupported_media_type", "value": {
                "ok": False, "error": {"code": "unsupported_media_type",
                                       "message": "the body must be application/json "
                                                  "(got text/plain)"}}}}}},
    }
    return responses


def _candidates() -> list[Path]:
    here = Path(__file__).resolve()
    return [here.parents[3] / "docs" / "protocol.md",  # a checkout (src/ layout)
            Path(sys.prefix) / "share" / "regelwerk" / "protocol.md"]  # an installed wheel


@lru_cache(maxsize=1)
def protocol_text() -> str | None:
    """The protocol documentation (Markdown), from the checkout or the installation."""
    for path in _candidates():
        if path.is_file():
            return path.read_text("utf-8")
    return None
