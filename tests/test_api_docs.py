"""The OpenAPI schema documents every answer of ``/api/v1/resolve``, and the
protocol documentation it links to is served."""

from __future__ import annotations

from typing import Any

from regelwerk.api import create_app
from regelwerk.protocol import registry
from tests.test_api import get


def _operation() -> dict[str, Any]:
    operation: dict[str, Any] = create_app().openapi()["paths"]["/api/v1/resolve"]["post"]
    return operation


def test_every_action_has_a_real_200_example() -> None:
    examples = _operation()["responses"]["200"]["content"]["application/json"]["examples"]
    every = {f"{system}.{name}" for system, actions in registry().items() for name in actions}
    assert set(examples) == every
    for example in examples.values():
        assert example["value"]["ok"] is True
        assert example["value"]["text"]


def test_every_error_status_has_the_error_shape_and_an_example() -> None:
    responses = _operation()["responses"]
    for status in ("400", "404", "413", "415", "422"):
        content = responses[status]["content"]["application/json"]
        assert content["schema"]["required"] == ["ok", "error"]
        assert content["examples"]
        for example in content["examples"].values():
            assert example["value"]["ok"] is False
            assert set(example["value"]["error"]) == {"code", "message"}


def test_the_examples_have_the_status_they_are_listed_under() -> None:
    from regelwerk.api.resolve import status_for

    responses = _operation()["responses"]
    for status in ("400", "404", "413", "422"):
        for name, example in responses[status]["content"]["application/json"][
                "examples"].items():
            if name == "body_too_large":  # answered by the HTTP layer before resolve
                continue
            assert str(status_for(example["value"])) == status, name


def test_the_protocol_documentation_is_linked_and_served() -> None:
    operation = _operation()
    assert operation["externalDocs"]["url"] == "/api/v1/protocol"
    answer = get("/api/v1/protocol")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/markdown")
    assert answer.text.startswith("# The rules protocol")
