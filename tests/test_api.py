"""The HTTP app, through an in-process ASGI transport."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from regelwerk.api import create_app


def post(body: bytes) -> httpx.Response:
    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
            return await client.post("/api/v1/resolve", content=body,
                                     headers={"content-type": "application/json"})
    return asyncio.run(go())


def get(path: str) -> httpx.Response:
    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
            return await client.get(path)
    return asyncio.run(go())


def body(data: dict[str, Any]) -> bytes:
    import json
    return json.dumps(data).encode()


def test_resolve_ok() -> None:
    response = post(body({"system": "dice", "action": "roll", "expression": "1d6",
                          "faces": [3]}))
    assert response.status_code == 200
    assert response.json()["total"] == 3


def test_errors_are_4xx_with_the_error_response() -> None:
    cases = [
        (b"{oops", 400, "invalid_json"),
        (body({"system": "nope", "action": "x"}), 404, "unknown_system"),
        (body({"system": "dice", "action": "roll"}), 400, "missing_field"),
        (body({"system": "dice", "action": "roll", "expression": "1001d6"}), 413,
         "limit_exceeded"),
        (body({"system": "dice", "action": "roll", "expression": "2d"}), 422, "syntax_error"),
    ]
    for raw, status, code in cases:
        response = post(raw)
        assert response.status_code == status, raw
        assert response.json() == {"ok": False, "error": response.json()["error"]}
        assert response.json()["error"]["code"] == code


def test_openapi_docs_are_served_without_a_cdn() -> None:
    page = get("/docs")
    assert page.status_code == 200
    assert "cdn" not in page.text.lower()
    assert get("/static/swagger/swagger-ui-bundle.js").status_code == 200
    # FastAPI writes OpenAPI 3.1, which Swagger UI reads from version 5 on (version 4 shows
    # "Unable to render this definition")
    import swagger_ui_bundle

    assert get("/openapi.json").json()["openapi"].startswith("3.1")
    assert "swagger-ui-5." in str(swagger_ui_bundle.swagger_ui_path)
    spec = get("/openapi.json").json()
    assert "/api/v1/resolve" in spec["paths"]
    assert "dice" in get("/api/v1/actions").json()
