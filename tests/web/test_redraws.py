"""What the stream redraws never takes away what the reader is doing: a section drawn
anew keeps what was typed, chosen, clicked on the map and opened, from the moment it
is drawn; the answer to a form sent while its section is redrawn is shown and stays;
and the page does not move when the stream reconnects (a click would land elsewhere).

The game master sits in the browser; the others act through the table API with
their tokens (a player joining, a character added), as they would from their own
browsers, so that the news reaches her page at a moment the test chooses."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from tests.web.conftest import Served
from tests.web.table_helpers import LAPTOP, PHONE, Member, click_map_square, member
from tests.web.test_table_play import create_table, invite, join

PATHBUILDER = Path(__file__).parents[1] / "table" / "fixtures" / "pathbuilder_amiri.json"

# What the add form holds at the moment its section is drawn anew (htmx:afterSwap),
# and whether htmx has set it up by the next moment a click could come (a form it has
# not set up yet, still marked "htmx-added", the browser sends itself).
AT_SWAP = """() => {
  window.__atSwap = [];
  document.addEventListener("htmx:afterSwap", (event) => {
    const section = event.target;
    if (section.dataset && section.dataset.section === "add") {
      const name = document.getElementById("new-name");
      const seen = [name.value, name.closest("details").open];
      window.__atSwap.push(seen);
      setTimeout(() => seen.push(section.classList.contains("htmx-added")), 0);
    }
  });
}"""


@contextmanager
def api_of(seat: Member, url: str) -> Iterator[tuple[httpx.Client, str]]:
    """The table API as this member (the page's cookie holds the member's token)."""
    table = seat.page.url.rsplit("/", 1)[1].split("?")[0]
    token = next(c["value"] for c in seat.context.cookies() if c["name"] == f"rw_{table}")
    with httpx.Client(base_url=url, timeout=30,
                      headers={"Authorization": f"Bearer {token}"}) as client:
        yield client, table


def add_creature(api: httpx.Client, table: str, name: str) -> None:
    added = api.post(f"/api/v1/tables/{table}/characters", json={
        "name": name, "kind": "creature",
        "sheet": {"level": 1, "perception": 3, "hp": 30, "max_hp": 30, "ac": 17}})
    assert added.status_code == 201, added.text


def test_a_section_drawn_anew_keeps_what_the_reader_did(browser: Browser,
                                                        served: Served) -> None:
    gm = member(browser, "Gisela", LAPTOP)
    page = gm.page
    create_table(gm, served.url)
    with api_of(gm, served.url) as (api, table):
        add_creature(api, table, "Goblin")
        page.get_by_role("button", name="Karte setzen").click()
        expect(page.locator(".battle .map-svg svg")).to_be_visible()
        expect(page.locator("#place-who")).to_contain_text("Goblin")
        # A square clicked on the map fills the token's square; the add form opened and
        # a name typed into it.
        click_map_square(page, 2, 3)
        expect(page.locator("#place-at")).to_have_value("2, 3")
        page.get_by_text("Formular öffnen").click()
        page.locator("#new-name").fill("Entwurf")
        page.get_by_text("Aus Pathbuilder 2e importieren (JSON)").click()
        page.get_by_label("Pathbuilder-Export").set_input_files(str(PATHBUILDER))
        page.evaluate(AT_SWAP)

        # A player joins (the add form offers her), a character comes (the map's form
        # offers it): both sections are drawn anew.
        invitation = api.post(f"/api/v1/tables/{table}/invitations").json()
        joined = api.post(invitation["join"], json={"invitation": invitation["token"],
                                                    "name": "Ann"})
        assert joined.status_code == 201, joined.text
        add_creature(api, table, "Oger")
        expect(page.locator("#new-owner")).to_contain_text("Ann")
        expect(page.locator("form.place-form").get_by_label("Spielmarke von")).to_contain_text(
            "Oger")
        # Typed, clicked and opened as before; the name was back at the very moment the
        # form was drawn anew (a form sent then went without it before).
        expect(page.locator("#new-name")).to_be_visible()
        expect(page.locator("#new-name")).to_have_value("Entwurf")
        expect(page.locator("#place-at")).to_have_value("2, 3")
        expect(page.get_by_role("button", name="Importieren")).to_be_visible()
        assert page.locator("#pb-file").evaluate("e => [...e.files].map(f => f.name)") == [
            PATHBUILDER.name]
        at_swap: list[list[Any]] = page.evaluate(  # once the moments looked at are past
            "new Promise((done) => setTimeout(() => done(window.__atSwap), 0))")
        assert at_swap, "the add section was not drawn anew"
        assert all(seen == ["Entwurf", True, False] for seen in at_swap), at_swap
    gm.context.close()


def test_an_answer_to_a_form_in_a_section_drawn_anew_is_shown(browser: Browser,
                                                               served: Served) -> None:
    gm = member(browser, "Gisela", LAPTOP)
    page = gm.page
    create_table(gm, served.url)
    invite(gm)
    invite(gm)
    revoke = page.locator("#sec-tools").get_by_role("button", name="Zurückziehen")
    expect(revoke).to_have_count(2)
    # The answer to the revocation is late: the stream's news of it, and the tools
    # section drawn anew without that invitation, reach the page first.
    with (served.network.hold("/revoke") as held,
          page.expect_response(lambda r: "/section/tools" in r.url)):
        revoke.first.click()
        assert held.made.wait(30), "the page did not send the revocation"
    expect(revoke).to_have_count(1)
    expect(page.locator("#revoke-result")).to_have_text("Die Einladung ist zurückgezogen.")
    gm.context.close()


def test_the_page_stays_where_it_is_while_the_stream_reconnects(browser: Browser,
                                                                served: Served) -> None:
    with httpx.Client(base_url=served.url, timeout=30) as api:
        made = api.post("/api/v1/tables", json={"name": "Die Runde", "system": "pf2e",
                                                "lang": "de", "gm_name": "Gisela"}).json()
        invitation = api.post(f"/api/v1/tables/{made['table_id']}/invitations",
                              headers={"Authorization": f"Bearer {made['token']}"}).json()
    ann = member(browser, "Ann", PHONE)
    join(ann, f"{served.url}/t/{made['table_id']}/join?code={invitation['token']}")
    page = ann.page
    live = page.locator("[data-live]")
    top = "() => document.getElementById('panels').getBoundingClientRect().top"
    connected = page.evaluate(top)
    ann.context.set_offline(True)
    expect(live).to_have_text("verbinde neu …")
    assert page.evaluate(top) == connected
    ann.context.set_offline(False)
    expect(live).to_have_text("live")
    assert page.evaluate(top) == connected
    ann.context.close()
