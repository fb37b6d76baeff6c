"""The battle map at a table, a hero point spent on a reroll, and a Strike's odds
against an AC the player does not know: a game master (laptop) and a player
(phone) in their own browsers; a hidden creature and the hidden AC reach nothing
the player's browser receives."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, Route, expect

from tests.web.conftest import Served
from tests.web.table_helpers import LAPTOP, PHONE, click_map_square, member, settled
from tests.web.test_table_play import (
    WIDER_THAN_SCREEN,
    add_pf2e,
    create_table,
    invite,
    join,
    roll_check,
)

LURKER = "Lauerer"


def click_square(page: Page, x: int, y: int) -> None:
    """Click the middle of the square (x, y) of the table's battle map."""
    click_map_square(page, x, y)


def place(page: Page, who: str, at: str) -> None:
    settled(page)
    form = page.locator("form.place-form")
    form.get_by_label("Spielmarke von").select_option(label=who)
    form.get_by_label("Feld (x, y)").fill(at)
    form.get_by_role("button", name="Spielmarke setzen").click()
    expect(page.locator(".battle .tokens")).to_contain_text(f"{who} ({at})")


def test_map_hero_point_and_odds_against_a_hidden_ac(browser: Browser, served: Served,
                                                     screenshots: Path) -> None:
    gm = member(browser, "Gisela", LAPTOP)
    ann = member(browser, "Ann", PHONE)
    previews: list[str] = []

    def keep_preview(route: Route) -> None:
        """Read each Strike preview's body as it arrives (a body read later may
        have been discarded by the browser)."""
        answer = route.fetch()
        previews.append(answer.text())
        route.fulfill(response=answer)

    ann.context.route(re.compile(r"/preview/strike"), keep_preview)
    create_table(gm, served.url)
    join(ann, invite(gm))
    add_pf2e(ann, "Kyra", {"Stufe": "1", "Wahrnehmung": "6", "RK": "18", "TP": "20",
                           "Heldenpunkte": "1"},
             skills="Athletik +5", strikes="Streitkolben +10 1d6 bludgeoning")
    add_pf2e(gm, "Oger", {"Wahrnehmung": "30", "RK": "23", "TP": "60"},
             strikes="Keule +9 1d10 bludgeoning", creature=True)
    add_pf2e(gm, LURKER, {"Wahrnehmung": "1", "RK": "15", "TP": "20"}, creature=True,
             hidden=True)

    # A hero point: "Gib 1 Heldenpunkt aus, um einen Wurf zu wiederholen. Du musst das
    # neue Resultat behalten." Ann rerolls her check and keeps the new result.
    roll_check(ann, "Kyra", "Athletik", 20)
    ann.page.get_by_role("button", name="Letzten Wurf von Kyra mit einem Heldenpunkt "
                                        "wiederholen").click()
    rerolled = ann.page.locator("#check-result .entry[data-kind=check_rerolled]")
    expect(rerolled).to_contain_text(re.compile(
        r"Kyra wiederholt den Wurf auf Athletik mit einem Heldenpunkt: \d+ → \d+"))
    expect(rerolled.locator(".roll-line .die")).to_have_count(1)
    expect(ann.page.locator("#card-c1")).to_contain_text("Heldenpunkte: 0")
    expect(ann.page.locator("form.reroll-form")).to_have_count(0)
    expect(gm.page.locator("#log")).to_contain_text("mit einem Heldenpunkt")

    # The battle map: the game master sets it and places the creatures, the hidden
    # one too; Ann places her own token by clicking a square.
    gm.page.get_by_role("button", name="Karte setzen").click()
    expect(gm.page.locator(".battle .map-svg svg")).to_be_visible()
    place(gm.page, "Oger", "7, 3")
    place(gm.page, LURKER, "6, 4")
    expect(ann.page.locator(".battle .map-svg svg")).to_be_visible()
    click_square(ann.page, 2, 3)
    expect(ann.page.get_by_label("Feld (x, y)")).to_have_value("2, 3")
    ann.page.get_by_role("button", name="Spielmarke setzen").click()
    for seat in (gm, ann):
        expect(seat.page.locator(".battle .tokens")).to_contain_text("Kyra (2, 3)")
        expect(seat.page.locator(".battle .tokens")).to_contain_text("Oger (7, 3)")
    expect(gm.page.locator(".battle .tokens")).to_contain_text(f"{LURKER} (6, 4)")
    expect(ann.page.locator(".battle .tokens li")).to_have_count(2)
    # Only the game master's map has the hidden creature: ringed and named hidden.
    expect(gm.page.locator(".battle .map-svg g.hidden-token")).to_have_count(1)
    expect(gm.page.locator(".battle .map-svg g.hidden-token title")).to_have_text(
        f"{LURKER}: vor den Spielenden verborgen")
    expect(gm.page.locator(".battle .tokens .hidden-token")).to_have_text(
        f"{LURKER} (6, 4) · Verborgen")
    expect(ann.page.locator(".battle .hidden-token")).to_have_count(0)
    # Undo takes back a map change like any other command: the ogre moves, and back.
    place(gm.page, "Oger", "8, 3")
    gm.page.get_by_role("button", name="Letzten Befehl rückgängig machen").click()
    for seat in (gm, ann):
        expect(seat.page.locator(".battle .tokens")).to_contain_text("Oger (7, 3)")

    # A burst of 3 m from the corner of (6, 3): who is in it, as each one may know.
    for seat in (gm, ann):
        click_square(seat.page, 6, 3)
        expect(seat.page.get_by_label("Ecke einer Explosion (x, y)")).to_have_value("6, 3")
        seat.page.locator("form.area-form").get_by_role("button", name="Bereich zeigen").click()
    expect(gm.page.locator("#area-result .affected")).to_have_text(f"Oger, {LURKER}")
    expect(ann.page.locator("#area-result .affected")).to_have_text("Oger")
    # A cone from Kyra toward the east, from the keyboard.
    area = ann.page.locator("form.area-form")
    area.get_by_label("Form").focus()
    ann.page.keyboard.press("End")  # the last shape: line
    area.get_by_label("Form").select_option("cone")
    area.get_by_label("Von (Ausstrahlung, Kegel, Linie)").select_option("Kyra")
    area.get_by_label("Richtung eines Kegels").select_option("e")
    area.get_by_label("Größe (m)").fill("4,5")
    area.get_by_label("Größe (m)").press("Enter")
    expect(ann.page.locator("#area-result .map-text")).to_contain_text("Kegel")
    assert ann.page.evaluate(WIDER_THAN_SCREEN) == []
    ann.page.locator("#battle-title").scroll_into_view_if_needed()
    ann.page.screenshot(path=str(screenshots / "table-map-390.png"))
    gm.page.locator("#battle-title").scroll_into_view_if_needed()
    gm.page.screenshot(path=str(screenshots / "table-map-1280.png"))

    # An encounter; the game master ends turns until it is Kyra's.
    # The start form is drawn anew when a character comes; wait for the last one.
    expect(gm.page.locator("input[name=p_c3]")).to_be_checked()
    gm.page.get_by_role("button", name="Initiative würfeln und beginnen").click()
    expect(gm.page.locator("#initiative li")).to_have_count(3)
    for _ in range(3):
        if gm.page.locator("#initiative li.active").get_attribute("data-id") == "c1":
            break
        active = gm.page.locator("#initiative li.active")
        before = active.get_attribute("data-id")
        name = active.locator(".turn-name strong").inner_text()
        expect(gm.page.locator("#turn-title")).to_have_text(f"{name} ist am Zug")
        gm.page.locator("#sec-combat").get_by_role("button", name="Zug beenden").click()
        expect(gm.page.locator("#initiative li.active")).not_to_have_attribute("data-id",
                                                                                before or "")
    expect(ann.page.locator("#turn-title")).to_have_text("Kyra ist am Zug")
    # Kyra's odds against the ogre's AC, which Ann does not know: +10 against AC 23
    # hits on a 13 or more (40 %), critically only on a natural 20 (5 %).
    odds = ann.page.locator("#strike-odds")
    expect(odds).to_contain_text(re.compile(r"40\s%\s+Trefferchance,\s+5\s%\s+kritisch"))
    # The game master no longer shows odds against a hidden AC.
    setting = gm.page.locator("form.odds-setting")
    setting.get_by_role("checkbox").uncheck()
    setting.get_by_role("button", name="Speichern").click()
    expect(gm.page.locator("#gm-result")).to_contain_text("hidden_ac_odds")
    ann.page.locator("form.strike-form").get_by_label("Ziel").select_option(label="Oger")
    ann.page.locator("form.strike-form").get_by_label("Angriff", exact=True).select_option(
        index=0)
    expect(odds).to_contain_text("Nur die Spielleitung kennt die RK von Oger.")
    ann.page.locator("form.strike-form").get_by_role("button", name="Angriff").click()
    expect(ann.page.locator("#combat-result")).to_contain_text("greift")

    received = ann.received()
    assert LURKER not in received
    assert "(6, 4)" not in received
    assert previews, "the player's page asked for Strike odds"
    for body in previews:
        assert "23" not in body, body
    for seat in (gm, ann):
        seat.context.close()
