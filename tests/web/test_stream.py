"""The live log's stream through the real server: it resumes after Last-Event-ID,
and a page that lost its connection catches up without showing an entry twice."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, Request, expect

from tests.web.conftest import Served
from tests.web.table_helpers import LAPTOP, member


def new_table(client: httpx.Client) -> str:
    answer = client.post("/tables", data={"name": "Strom", "system": "pf2e", "lang": "en",
                                          "gm_name": "Gisela"})
    assert answer.status_code == 200
    return str(answer.url).rsplit("/", 1)[1]


def messages(client: httpx.Client, path: str, headers: dict[str, str], count: int) -> list[str]:
    """The first ``count`` log messages' ids of the stream."""
    ids: list[str] = []
    with client.stream("GET", path, headers=headers, timeout=10) as stream:
        for line in stream.iter_lines():
            if line.startswith("id: "):
                ids.append(line[4:])
            if len(ids) == count:
                break
    return ids


def test_the_stream_resumes_after_last_event_id(served: Served) -> None:
    with httpx.Client(base_url=served.url, follow_redirects=True) as gm:
        table = new_table(gm)
        for _ in range(3):
            assert gm.post(f"/t/{table}/invitations", headers={"HX-Request": "true"}
                           ).status_code == 200
        # Events 1-3 are the table's start; 4 (the server's seed) is never shown.
        assert messages(gm, f"/t/{table}/stream", {}, 3) == ["1", "2", "3"]
        assert messages(gm, f"/t/{table}/stream", {"Last-Event-ID": "5"}, 2) == ["6", "7"]
        assert messages(gm, f"/t/{table}/stream?after=6", {}, 1) == ["7"]
        # Without the member's cookie there is no stream at all.
        with httpx.Client(base_url=served.url) as stranger:
            assert stranger.get(f"/t/{table}/stream").status_code == 403


def test_a_page_reconnects_and_catches_up_once(browser: Browser, served: Served) -> None:
    gm = member(browser, "Gisela", LAPTOP, locale="en-GB")
    page = gm.page
    streams: list[Request] = []
    page.on("request", lambda request: streams.append(request)
            if "/stream" in request.url else None)
    page.goto(f"{served.url}/")
    page.get_by_label("Name of the table").fill("Strom")
    page.get_by_label("Your name (game master)").fill("Gisela")
    page.get_by_role("button", name="Create the table").click()
    expect(page.locator("[data-live]")).to_have_text("live")
    table = page.url.rsplit("/", 1)[1]
    # Another tab of the same member acts while this page's stream comes and goes:
    # the server ends it (every 3 s here) and the browser comes back with the last
    # id it had seen.
    other = gm.context.new_page()
    other.goto(f"{served.url}/t/{table}")

    def invite(number: int) -> None:
        other.get_by_role("button", name="New invitation link").click()
        expect(other.locator(".invite-link")).to_have_count(number)

    invite(1)
    invite(2)
    with page.expect_request(lambda r: "/stream" in r.url):
        pass  # the next connection (every 3 s; Playwright's 30 s bound a loaded machine)
    invite(3)
    invite(4)
    for number in range(1, 5):
        expect(page.locator("#log .entry", has_text=f"Invitation i{number} made")
               ).to_have_count(1)
    resumed = [r.all_headers().get("last-event-id", "") for r in streams]
    assert len(resumed) >= 2, resumed
    assert any(header.isdigit() for header in resumed[1:]), resumed
    ids = page.locator("#log .entry").evaluate_all("items => items.map(i => i.id)")
    assert len(ids) == len(set(ids))
    gm.context.close()
