"""A page shows nothing stale: a form section whose answer comes late (after the
stream brought newer news) is drawn again, and a page whose stream dropped while
the game master acted catches up from the stream, each entry once.

The game master acts through the HTTP API here (no second browser); the player
watches in the browser."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Browser, Route, expect

from tests.table.pf2e_sheets import GOBLIN, TROLL, VALEROS
from tests.web.conftest import Served
from tests.web.table_helpers import PHONE, Member, member


class GameMaster:
    """The game master at a German PF2e table, through the API."""

    def __init__(self, url: str) -> None:
        self.api = httpx.Client(base_url=url, timeout=30)
        made = self.api.post("/api/v1/tables", json={
            "name": "Die Runde", "system": "pf2e", "lang": "de", "gm_name": "Gisela"}).json()
        self.table = str(made["table_id"])
        self.api.headers["Authorization"] = f"Bearer {made['token']}"

    def invitation(self) -> str:
        answer = self.api.post(f"/api/v1/tables/{self.table}/invitations")
        return str(answer.json()["token"])

    def do(self, command: dict[str, Any]) -> dict[str, Any]:
        answer = self.api.post(f"/api/v1/tables/{self.table}/commands", json=command)
        assert answer.status_code == 200, answer.text
        result: dict[str, Any] = answer.json()
        return result

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.api.get(f"/api/v1/tables/{self.table}/state").json()["state"]
        return state

    def active(self) -> tuple[str, str]:
        """The id and name of the participant whose turn it is."""
        state = self.state()
        active = str(state["encounter"]["active"])
        return active, str(state["characters"][active]["name"])

    def end_turn(self) -> tuple[str, str]:
        self.do({"type": "end_turn", "character_id": self.active()[0]})
        return self.active()


def drop(seat: Member) -> None:
    """The member's browser loses the network for a moment: the stream drops and
    comes back."""
    seat.context.set_offline(True)
    expect(seat.page.locator("[data-live]")).not_to_have_text("live")
    seat.context.set_offline(False)
    expect(seat.page.locator("[data-live]")).to_have_text("live")


def test_a_page_shows_nothing_stale(browser: Browser, served: Served) -> None:
    gm = GameMaster(served.url)
    ann = member(browser, "Ann", PHONE)
    page = ann.page
    page.goto(f"{served.url}/t/{gm.table}/join?code={gm.invitation()}")
    page.get_by_label("Dein Name").fill("Ann")
    page.get_by_role("button", name="Beitreten").click()
    expect(page.locator("[data-live]")).to_have_text("live")
    ann_id = next(k for k, v in gm.state()["members"].items() if v["name"] == "Ann")
    for name, kind, sheet in (("Valeros", "character", VALEROS), ("Goblin", "creature", GOBLIN),
                              ("Troll", "creature", TROLL)):
        gm.do({"type": "add_character", "name": name, "kind": kind, "sheet": sheet,
               "owner": ann_id if kind == "character" else None})
    gm.do({"type": "start_encounter",
           "participants": [{"character_id": c} for c in ("c1", "c2", "c3")]})
    title = page.locator("#turn-title")
    expect(title).to_have_text(f"{gm.active()[1]} ist am Zug")

    # The answer with the turn's forms is made at the next turn but reaches the page
    # only after the stream told it of the turn after that: the page asks again.
    with served.network.hold("/section/combat") as held:
        gm.end_turn()
        assert held.made.wait(30), "the page did not ask for its turn's forms"
        third, name = gm.end_turn()
        expect(page.locator("#initiative li.active")).to_have_attribute("data-id", third)
    expect(title).to_have_text(f"{name} ist am Zug")

    # The panels' answer to a change is lost on the way (the network failed): when
    # the stream comes back, the page sees that its panels are older than its log
    # and draws them again, with no news in between.
    lost: list[str] = []

    def lose(route: Route) -> None:
        lost.append(route.request.url)
        route.abort()
    page.route(re.compile(r"/panels$"), lose)
    gm.do({"type": "damage", "character_id": "c1", "amount": 2, "damage_type": "fire"})
    expect(page.locator("#log")).to_contain_text("Valeros verliert 2 TP")
    page.wait_for_function("() => !document.querySelector('#panels').classList"
                           ".contains('htmx-request')")
    page.unroute(re.compile(r"/panels$"))
    assert lost
    hp = page.locator("#card-c1 .hp-text")
    expect(hp).to_have_text("40/40 TP")
    drop(ann)
    expect(hp).to_have_text("38/40 TP")

    # Ann's browser goes offline while the game master acts; back online, her page
    # shows every entry once and the turn as it is now.
    before = page.locator("#log .entry").count()
    ann.context.set_offline(True)
    expect(page.locator("[data-live]")).not_to_have_text("live")
    gm.do({"type": "damage", "character_id": "c2", "amount": 2, "damage_type": "fire"})
    _, name = gm.end_turn()
    ann.context.set_offline(False)
    expect(title).to_have_text(f"{name} ist am Zug")
    expect(page.locator("#log")).to_contain_text("Goblin verliert 2 TP")
    ids = page.locator("#log .entry").evaluate_all("items => items.map(i => i.id)")
    assert len(ids) == len(set(ids)) > before
    ann.context.close()
    gm.api.close()
