"""HTTP conventions and the never-stalling server, through a real server started by
the tests (``regelwerk serve`` in a subprocess on a free loopback port)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from regelwerk.api.middleware import SECURITY_HEADERS
from tests.hardening.server import Server, running

STRICT = {
    "REGELWERK_THREADS": "1", "REGELWERK_QUEUE": "0", "REGELWERK_REQUEST_TIMEOUT": "0.05",
    "REGELWERK_BODY_TIMEOUT": "1", "REGELWERK_HEADER_TIMEOUT": "1",
    "REGELWERK_CORS_ORIGINS": "http://allowed.example",
}
SLOW = {"system": "dice", "action": "distribution", "expression": "80d100"}
"""Close to the budget (about 0.4 s of CPU): it runs in the rules pool for longer than
the strict time limit."""


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running(env=STRICT) as started:
        yield started


WAIT = 60.0
"""Seconds a test waits for the server to reach a state it needs (readiness on a loaded
machine, not a timing: a count of polls ran out there)."""


def _ready(server: Server) -> None:
    """Wait until the rules pool is free again (a timed-out request finishes its work)."""
    deadline = time.monotonic() + WAIT
    with server.client() as client:
        while client.get("/readyz").json()["in_flight"] != 0:
            assert time.monotonic() < deadline, "the rules pool never became free"
            time.sleep(0.05)


def _raw(server: Server, data: bytes, wait: float = 0.0) -> bytes:
    with server.connect() as sock:
        sock.sendall(data)
        if wait:
            time.sleep(wait)
        chunks = []
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
            if b"\r\n\r\n" in b"".join(chunks) and _complete(b"".join(chunks)):
                break
        return b"".join(chunks)


def _complete(data: bytes) -> bool:
    head, _, body = data.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return len(body) >= int(line.split(b":")[1])
    return False


def _post(client: httpx.Client, body: bytes | dict[str, Any], **headers: str) -> httpx.Response:
    content = json.dumps(body).encode() if isinstance(body, dict) else body
    return client.post("/api/v1/resolve", content=content,
                       headers={"content-type": "application/json", **headers})


def test_health_and_readiness_with_security_headers(server: Server) -> None:
    with server.client() as client:
        for path in ("/healthz", "/readyz", "/api/v1/actions", "/nowhere"):
            response = client.get(path)
            for name, value in SECURITY_HEADERS:
                assert response.headers[name.decode()] == value.decode(), path
        assert client.get("/healthz").json() == {"ok": True}
        assert client.get("/readyz").json()["ready"] is True


def test_a_roll_and_its_odds(server: Server) -> None:
    with server.client() as client:
        response = _post(client, {"system": "dice", "action": "roll", "expression": "1d20+5",
                                  "faces": [15]})
    assert response.status_code == 200
    assert response.json()["total"] == 20
    assert response.json()["probability_at_least"] == pytest.approx(0.3)


def test_only_allowed_hosts_are_answered(server: Server) -> None:
    with server.client() as client:
        response = _post(client, {"system": "dice", "action": "roll", "expression": "1d6"},
                         host="evil.example")
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "invalid_host"
        assert _post(client, {"system": "dice", "action": "roll", "expression": "1d6"},
                     host=f"127.0.0.1:{server.port}").status_code == 200


def test_only_json_bodies_reach_the_api(server: Server) -> None:
    with server.client() as client:
        for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                     ""):
            response = client.post("/api/v1/resolve", content=b'{"system": "dice"}',
                                   headers={"content-type": kind})
            assert response.status_code == 415, kind
            assert response.json()["error"]["code"] == "unsupported_media_type"
        # an HTML form to a page (not /api/) is not refused for its type
        page = client.post("/a-page", content=b"a=1",
                           headers={"content-type": "application/x-www-form-urlencoded"})
        assert page.status_code in (404, 405)


def test_a_large_body_is_refused_before_it_is_read(server: Server) -> None:
    head = (f"POST /api/v1/resolve HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
            f"application/json\r\nContent-Length: {50 * 2**20}\r\n\r\n").encode()
    answer = _raw(server, head)  # not one byte of the 50 MiB is sent
    assert answer.startswith(b"HTTP/1.1 413")
    assert b"body_too_large" in answer
    with server.client() as client:
        streamed = client.post("/api/v1/resolve", content=iter([b" " * 65536] * 20),
                               headers={"content-type": "application/json"})
    assert streamed.status_code == 413


def test_slow_uploads_and_idle_connections_time_out(server: Server) -> None:
    head = (b"POST /api/v1/resolve HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
            b"application/json\r\nContent-Length: 100\r\n\r\n{\"system\":")
    answer = _raw(server, head)
    assert answer.startswith(b"HTTP/1.1 408")
    assert b"body_timeout" in answer
    with server.connect() as idle:  # connects and says nothing
        idle.settimeout(10)
        assert idle.recv(100) == b""  # closed by the server after the header timeout
    with server.connect() as slow:  # starts a request head and never ends it
        slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: loc")
        slow.settimeout(10)
        assert slow.recv(100) == b""


def test_a_client_that_disconnects_leaves_no_traceback(server: Server) -> None:
    for _ in range(5):
        with server.connect() as sock:
            sock.sendall(b"POST /api/v1/resolve HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
                         b"application/json\r\nContent-Length: 1000\r\n\r\n{\"sys")
    time.sleep(0.5)
    with server.client() as client:
        assert client.get("/healthz").status_code == 200
    assert "Traceback" not in server.log()


def test_cors_is_off_unless_the_origin_is_allowed(server: Server) -> None:
    with server.client() as client:
        stranger = _post(client, {"system": "dice", "action": "roll", "expression": "1d6"},
                         origin="http://evil.example")
        assert "access-control-allow-origin" not in stranger.headers
        friend = _post(client, {"system": "dice", "action": "roll", "expression": "1d6"},
                       origin="http://allowed.example")
        assert friend.headers["access-control-allow-origin"] == "http://allowed.example"
        preflight = client.options("/api/v1/resolve", headers={
            "origin": "http://evil.example", "access-control-request-method": "POST"})
        assert preflight.status_code == 403
        allowed = client.options("/api/v1/resolve", headers={
            "origin": "http://allowed.example", "access-control-request-method": "POST"})
        assert allowed.status_code == 204
        assert "POST" in allowed.headers["access-control-allow-methods"]


@pytest.mark.parametrize(("raw", "code"), [
    (b'{"system": "dice", "action": "roll", "expression": "1d6", "seed": '
     + b"9" * 5000 + b"}", "invalid_json"),
    (b'{"system": "dice", "action": "roll", "expression": "\\ud800"}', "invalid_request"),
    (b'{"system": "dice", "action": "roll", "expression": "1d6\xff"}', "invalid_json"),
    (b'\xef\xbb\xbf{"system": "dice", "action": "roll", "expression": "1d6"}', "invalid_json"),
    (b'{"system": "dice", "action": "roll", "expression": "1d6", "seed": NaN}',
     "invalid_json"),
    (b'{"system": "dice", "action": "roll", "expression": "1d6", "seed": Infinity}',
     "invalid_json"),
    (b'{"system": "dice", "action": "roll", "expression": "1d6", "seed": 1e999}',
     "invalid_json"),
    (b"[" * 100_000, "invalid_json"),
])
def test_every_bad_input_gets_a_clear_error(server: Server, raw: bytes, code: str) -> None:
    with server.client() as client:
        response = _post(client, raw)
    assert response.status_code == 400
    assert response.headers["content-type"] == "application/json"
    assert response.json()["error"]["code"] == code
    assert len(response.json()["error"]["message"]) < 200


def test_errors_show_at_most_80_characters_of_an_input(server: Server) -> None:
    with server.client() as client:
        response = _post(client, {"system": "x" * 500_000, "action": "roll"})
    assert response.status_code == 404
    message = response.json()["error"]["message"]
    assert "x" * 79 + "…" in message
    assert "x" * 81 not in message


def test_health_answers_while_rules_work_runs(server: Server) -> None:
    _ready(server)
    def slow() -> None:
        with server.client() as client:
            _post(client, SLOW)

    worker = threading.Thread(target=slow)
    worker.start()
    with server.client() as client:
        deadline = time.monotonic() + WAIT
        # readiness answers while the work runs, and says so
        while (ready := client.get("/readyz")).json()["in_flight"] != 1:
            assert time.monotonic() < deadline, "the slow request never reached the pool"
            time.sleep(0.01)
        assert ready.status_code == 503  # the one worker is busy: not ready for more
        health = client.get("/healthz")
        quick = _post(client, {"system": "dice", "action": "roll", "expression": "1d20+5"})
        still = client.get("/readyz").json()["in_flight"]
    worker.join()
    assert health.status_code == 200
    assert quick.status_code == 200  # cheap requests are answered on the event loop
    assert still == 1  # all of it while the slow request was still computing


def test_a_request_over_its_time_limit_gets_503_and_retry_after(server: Server) -> None:
    _ready(server)
    with server.client() as client:
        response = _post(client, SLOW)
    assert response.status_code == 503
    assert response.headers["retry-after"] == "1"
    assert response.json()["error"]["code"] == "limit_exceeded"
    assert "longer than 0.05 seconds" in response.json()["error"]["message"]


def test_a_full_pool_refuses_at_once(server: Server) -> None:
    _ready(server)
    answers: list[httpx.Response] = []

    def send() -> None:
        with server.client() as client:
            answers.append(_post(client, SLOW))

    threads = [threading.Thread(target=send) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(a.status_code == 503 for a in answers)
    busy = [a for a in answers if "busy" in a.json()["error"]["message"]]
    assert busy, [a.json() for a in answers]
    assert all(a.headers["retry-after"] == "1" for a in busy)
    with server.client() as client:
        deadline = time.monotonic() + WAIT
        while client.get("/readyz").status_code != 200:
            assert time.monotonic() < deadline, "never ready again"
            time.sleep(0.05)
        assert client.get("/readyz").status_code == 200


def test_serve_runs_several_worker_processes() -> None:
    with running("--workers", "2") as server:
        children = set()
        for task in (Path(f"/proc/{server.process.pid}/task")).iterdir():
            children |= set((task / "children").read_text().split())
        assert len(children) >= 2
        with server.client() as client:
            for _ in range(10):
                assert _post(client, {"system": "pf2e", "action": "check", "modifier": 8,
                                      "dc": 18}).status_code == 200


def test_connections_beyond_the_limit_get_503() -> None:
    with running(env={"REGELWERK_CONNECTIONS": "3", "REGELWERK_HEADER_TIMEOUT": "30"}) as server:
        held = [server.connect() for _ in range(3)]  # three idle connections
        try:
            time.sleep(0.3)
            with server.client() as client:
                assert client.get("/healthz").status_code == 503
        finally:
            for sock in held:
                sock.close()
        # Answered again once the server has seen the three close (on a loaded machine
        # that is not within a fixed time): asked until then.
        with server.client() as client:
            deadline = time.monotonic() + WAIT
            while (status := client.get("/healthz").status_code) == 503:
                assert time.monotonic() < deadline, "still 503 after the connections closed"
                time.sleep(0.05)
            assert status == 200


def test_a_post_without_a_body_needs_no_media_type(server: Server) -> None:
    # RFC 9112 §6.3: no Content-Length and no Transfer-Encoding means no body
    bare = _raw(server, b"POST /api/v1/resolve HTTP/1.1\r\nHost: localhost\r\n"
                        b"Connection: close\r\n\r\n")
    assert bare.startswith(b"HTTP/1.1 400"), bare[:200]
    assert b"unsupported_media_type" not in bare
    typed = _raw(server, b"POST /api/v1/resolve HTTP/1.1\r\nHost: localhost\r\n"
                         b"Content-Type: text/plain\r\nConnection: close\r\n\r\n")
    assert typed.startswith(b"HTTP/1.1 415"), typed[:200]
