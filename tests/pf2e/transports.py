"""One request through every transport: ``regelwerk.resolve``, the command line
(``regelwerk resolve`` reading JSON Lines) and the real HTTP server."""

from __future__ import annotations

import json
from typing import Any

import httpx
from click.testing import CliRunner

from regelwerk import resolve
from regelwerk.cli.main import cli


def everywhere(url: str, request: dict[str, Any]) -> dict[str, Any]:
    """The response of ``resolve``, after checking that the command line and HTTP give
    the same answer (requests must fix their dice with ``faces`` or ``seed``)."""
    direct = resolve(request)
    result = CliRunner().invoke(cli, ["resolve"], input=json.dumps(request) + "\n")
    by_cli = json.loads(result.output.strip().splitlines()[-1])
    by_http = httpx.post(f"{url}/api/v1/resolve", json=request, timeout=30).json()
    assert by_cli == direct
    assert by_http == direct
    return direct
