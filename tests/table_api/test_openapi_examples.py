"""Every endpoint of the table in the OpenAPI schema with examples (issue 12, "HTTP":
"Every endpoint in the OpenAPI schema with examples"): each body it takes, each
answer it gives (success and error), read from the schema the server serves."""

from __future__ import annotations

import json
from typing import Any

from regelwerk.api import create_app

TABLES = "/api/v1/tables"


def _examples(media: dict[str, Any], schemas: dict[str, Any]) -> list[Any]:
    """The examples of a media type: its own, else its schema's (through a $ref)."""
    if "example" in media:
        return [media["example"]]
    if "examples" in media:
        return [e.get("value") for e in media["examples"].values()]
    schema = media.get("schema", {})
    ref = schema.get("$ref")
    if ref is not None:
        schema = schemas[ref.rsplit("/", 1)[1]]
    found: list[Any] = list(schema.get("examples", []))
    return found


def test_every_table_endpoint_has_examples_of_its_bodies_and_answers() -> None:
    spec = create_app().openapi()
    schemas = spec["components"]["schemas"]
    operations = [(path, method, operation) for path, item in spec["paths"].items()
                  if path.startswith(TABLES) for method, operation in item.items()]
    assert len(operations) >= 18
    missing = []
    for path, method, operation in operations:
        body = operation.get("requestBody")
        if body is not None:
            for kind, media in body["content"].items():
                if not _examples(media, schemas):
                    missing.append(f"{method} {path} body {kind}")
        for status, answer in operation["responses"].items():
            content = answer.get("content", {})
            if not content:
                missing.append(f"{method} {path} {status}: no content")
            for kind, media in content.items():
                if not _examples(media, schemas):
                    missing.append(f"{method} {path} {status} {kind}")
    assert missing == []


def test_the_export_is_documented_as_json_lines_with_an_example() -> None:
    spec = create_app().openapi()
    answer = spec["paths"][f"{TABLES}/{{table_id}}/export"]["get"]["responses"]["200"]
    assert set(answer["content"]) == {"application/x-ndjson"}
    lines = answer["content"]["application/x-ndjson"]["example"].splitlines()
    events = [json.loads(line) for line in lines]
    assert [e["sequence"] for e in events] == [1, 2]
    assert all(set(e) == {"table_id", "sequence", "kind", "payload", "actor", "audience",
                          "time"} for e in events)
