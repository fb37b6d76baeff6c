"""The game master's tools in a real browser: damage with its preview through
resistances, persistent damage that comes back at the end of a turn as a proposal
to confirm (the table set to propose), and a setting changed by the form that every
command has."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.conftest import Served
from tests.web.table_helpers import LAPTOP, member
from tests.web.test_table_play import add_pf2e, create_table


def test_damage_preview_persistent_damage_and_a_proposal(browser: Browser,
                                                         served: Served) -> None:
    gm = member(browser, "Gisela", LAPTOP)
    page = gm.page
    create_table(gm, served.url)
    add_pf2e(gm, "Goblin", {"Wahrnehmung": "2", "RK": "16", "TP": "30"},
             strikes="Kurzschwert +6 1d6 piercing agile", creature=True)
    expect(page.locator("#card-c1 .hp-text")).to_have_text("30/30 TP")

    # Persistent damage at the end of a turn becomes a proposal (a table setting,
    # changed with the generic form of set_setting).
    page.get_by_text("set_setting", exact=True).click()
    form = page.locator("form[hx-post$='/do/set_setting']")
    form.get_by_label("key").fill("automation.persistent_damage")
    form.get_by_label("value").fill('"propose"')
    form.get_by_role("button", name="Senden").click()
    expect(page.locator("#log")).to_contain_text("automation.persistent_damage ist jetzt propose.")

    page.get_by_role("button", name="Initiative würfeln und beginnen").click()
    expect(page.locator("#turn-title")).to_have_text("Goblin ist am Zug")

    damage = page.locator("form.damage-form")
    damage.get_by_label("Menge").fill("7")
    damage.get_by_label("Schadensart").fill("fire")
    expect(page.locator("#dmg-preview")).to_contain_text(
        "Nach Immunitäten, Schwächen und Resistenzen: 7 Schaden")
    damage.get_by_role("button", name="Schaden zufügen").click()
    expect(page.locator("#card-c1 .hp-text")).to_have_text("23/30 TP")

    damage.get_by_label("Menge").fill("")
    damage.get_by_label("oder Würfel").fill("2")
    damage.get_by_label("anhaltend").check()
    damage.get_by_role("button", name="Schaden zufügen").click()
    expect(page.locator("#log")).to_contain_text("Goblin: anhaltender Schaden 2 fire.")

    page.locator("#sec-combat").get_by_role("button", name="Zug beenden").click()
    proposal = page.locator(".proposals li").first
    expect(proposal).to_contain_text("Goblin")
    expect(page.locator("#card-c1 .hp-text")).to_have_text("23/30 TP")
    proposal.get_by_role("button", name="Bestätigen").click()
    expect(page.locator("#card-c1 .hp-text")).to_have_text("21/30 TP")
    expect(page.locator(".proposals")).to_have_count(0)
    gm.context.close()
